// writeFileAtomically and checkOutputPath: no path is clobbered, permissions are kept.
#include <QtTest>

#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

#include "cluster/cluster_spec.h"
#include "catalog/gpu_catalog.h"
#include "io/atomic_file.h"
#include "io/load_error.h"
#include "io/plan_json.h"
#include "profile/profile_json.h"

using namespace arachne;

namespace {
QString errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const LoadError& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}
std::string readAll(const std::string& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
mode_t modeOf(const std::string& p) {
  struct stat st {};
  ::stat(p.c_str(), &st);
  return st.st_mode & 07777;
}
QStringList entries(const QTemporaryDir& d) {
  return QDir(d.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}
}  // namespace

class TstAtomicFile : public QObject {
  Q_OBJECT
 private slots:
  void writesAndReplacesLeavingNoTemporaryFile() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("out.txt").toStdString();
    writeFileAtomically(path, "one");
    QCOMPARE(readAll(path), std::string("one"));
    writeFileAtomically(path, "two, longer");
    QCOMPARE(readAll(path), std::string("two, longer"));
    QCOMPARE(entries(dir), QStringList{"out.txt"});
    // A new file gets 0666 minus the umask, like the shell's ">".
    const mode_t old = ::umask(027);
    writeFileAtomically(dir.filePath("new.txt").toStdString(), "x");
    ::umask(old);
    QCOMPARE(modeOf(dir.filePath("new.txt").toStdString()), mode_t(0640));
  }

  void keepsThePermissionsOfTheFileItReplaces() {
    // A 0600 file used to become 0644.
    QTemporaryDir dir;
    const std::string path = dir.filePath("secret.plan.json").toStdString();
    std::ofstream(path) << "old";
    ::chmod(path.c_str(), 0600);
    writeFileAtomically(path, "new");
    QCOMPARE(modeOf(path), mode_t(0600));
    ::chmod(path.c_str(), 0751);
    writeFileAtomically(path, "newer");
    QCOMPARE(modeOf(path), mode_t(0751));
  }

  void refusesDevicesFifosAndDirectories() {
    // As root, --out /dev/null used to turn /dev/null into a regular file.
    QVERIFY(errorOf([] { writeFileAtomically("/dev/null", "x"); })
                .contains("/dev/null: cannot save: it is a character device; refusing to replace it"));
    struct stat st {};
    QVERIFY(::stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));
    QVERIFY(errorOf([] { checkOutputPath("/dev/full"); }).contains("is a character device"));
    QTemporaryDir dir;
    const std::string fifo = dir.filePath("fifo").toStdString();
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    QVERIFY(errorOf([&] { writeFileAtomically(fifo, "x"); }).contains("is a FIFO (named pipe); refusing"));
    QVERIFY(errorOf([&] { writeFileAtomically(dir.path().toStdString(), "x"); }).contains("is a directory; refusing"));
    QVERIFY(errorOf([&] { writeFileAtomically(dir.filePath("sub/").toStdString(), "x"); }).contains("a directory, not a file"));
    QCOMPARE(entries(dir), QStringList{"fifo"});
  }

  void followsSymbolicLinks() {
    QTemporaryDir dir;
    const std::string target = dir.filePath("real.json").toStdString();
    const std::string link = dir.filePath("link.json").toStdString();
    std::ofstream(target) << "old";
    ::chmod(target.c_str(), 0640);
    QCOMPARE(::symlink("real.json", link.c_str()), 0);
    writeFileAtomically(link, "through the link");
    struct stat st {};
    QVERIFY(::lstat(link.c_str(), &st) == 0 && S_ISLNK(st.st_mode));  // the link stays a link
    QCOMPARE(readAll(target), std::string("through the link"));
    QCOMPARE(modeOf(target), mode_t(0640));
    // A dangling link creates its target; a link to a device is refused like the device.
    const std::string dangling = dir.filePath("dangling.json").toStdString();
    QCOMPARE(::symlink("created.json", dangling.c_str()), 0);
    writeFileAtomically(dangling, "made");
    QCOMPARE(readAll(dir.filePath("created.json").toStdString()), std::string("made"));
    const std::string toNull = dir.filePath("null.json").toStdString();
    QCOMPARE(::symlink("/dev/null", toNull.c_str()), 0);
    QVERIFY(errorOf([&] { writeFileAtomically(toNull, "x"); }).contains("the symbolic link points at '/dev/null'"));
    const std::string loop = dir.filePath("loop").toStdString();
    QCOMPARE(::symlink("loop", loop.c_str()), 0);
    QVERIFY(errorOf([&] { writeFileAtomically(loop, "x"); }).contains("a loop?"));
  }

  void aLongNameStillWorks() {
    // The temporary name used to be the target's plus ".tmp": too long for a 250-byte name.
    QTemporaryDir dir;
    const std::string name(250, 'n');
    const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
    writeFileAtomically(path, "long");
    QCOMPARE(readAll(path), std::string("long"));
    QCOMPARE(entries(dir).size(), 1);
  }

  void aFixedTemporaryNameNoLongerClobbersAFile() {
    // `train --out x` wrote x.tmp first, destroying a file of that name.
    QTemporaryDir dir;
    const std::string path = dir.filePath("w.policy").toStdString();
    std::ofstream(path + ".tmp") << "keep me";
    writeFileAtomically(path, "weights");
    QCOMPARE(readAll(path + ".tmp"), std::string("keep me"));
  }

  void checkOutputPathFindsBadTargetsWithoutWriting() {
    QTemporaryDir dir;
    QVERIFY(errorOf([] { checkOutputPath("/nonexistent/x.plan.json"); })
                .contains("/nonexistent/x.plan.json: cannot save: the directory '/nonexistent' does not exist"));
    const std::string ok = dir.filePath("fine.json").toStdString();
    checkOutputPath(ok);
    QVERIFY(entries(dir).isEmpty());  // the probe file is gone again
    const std::string ro = dir.filePath("ro.json").toStdString();
    std::ofstream(ro) << "x";
    ::chmod(ro.c_str(), 0444);
    if (::geteuid() != 0) QVERIFY(errorOf([&] { checkOutputPath(ro); }).contains("is read-only"));
    QVERIFY(errorOf([] { checkOutputPath(""); }).contains("empty"));
  }

  void everySaverUsesIt() {
    QVERIFY(errorOf([] { savePlanFile(Plan{}, nullptr, "/dev/null"); }).contains("refusing to replace it"));
    QVERIFY(errorOf([] { saveClusterFile(Composition{}, "/dev/null"); }).contains("refusing to replace it"));
    QVERIFY(errorOf([] { saveProfileFile(ProfileSet{}, "/dev/null"); }).contains("refusing to replace it"));
    QTemporaryDir dir;
    const std::string p = dir.filePath("x.profiles.json").toStdString();
    std::ofstream(p) << "old";
    ::chmod(p.c_str(), 0600);
    ProfileSet s;
    s.model_id = "m";
    saveProfileFile(s, p);
    QCOMPARE(modeOf(p), mode_t(0600));
    QCOMPARE(entries(dir), QStringList{"x.profiles.json"});
  }
};

QTEST_GUILESS_MAIN(TstAtomicFile)
#include "tst_atomic_file.moc"
