// The Debian package: built with CPack, unpacked into a scratch root (dpkg -x), and run from
// there: the installed binaries find their weights and translations without environment
// variables, the desktop file, AppStream file and MIME types validate, the man page renders.
#include <QtTest>

#include <QDirIterator>
#include <QImage>
#include <QMimeDatabase>
#include <QProcess>
#include <QTemporaryDir>
#include <QTranslator>
#include <QXmlStreamReader>

namespace {

struct Run {
  int code = -1;
  QString out, err;
};

Run run(const QString& program, const QStringList& args, const QString& cwd = {}, int timeoutMs = 240000,
        const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment()) {
  QProcess p;
  p.setProcessEnvironment(env);
  if (!cwd.isEmpty()) p.setWorkingDirectory(cwd);
  p.start(program, args);
  Run r;
  if (!p.waitForFinished(timeoutMs)) {
    p.kill();
    p.waitForFinished();
    r.err = "timed out";
    return r;
  }
  r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

// The environment a desktop session would give the program: none of ours.
QProcessEnvironment cleanEnvironment() {
  QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
  for (const QString& k : e.keys())
    if (k.startsWith("ARACHNE_")) e.remove(k);
  e.insert("QT_QPA_PLATFORM", "offscreen");
  return e;
}

const QString kId = QStringLiteral(ARACHNE_APP_ID);

}  // namespace

class TestDebPackage : public QObject {
  Q_OBJECT

  QTemporaryDir work_;
  QString deb_, root_;

  QString installed(const QString& rel) const { return root_ + "/usr/" + rel; }

 private slots:
  void initTestCase() {
    QVERIFY(work_.isValid());
    const Run pack = run(QStringLiteral(CPACK_COMMAND),
                         {"-G", "DEB", "--config", QStringLiteral(CPACK_CONFIG), "-B", work_.filePath("pkg")});
    QVERIFY2(pack.code == 0, qPrintable(pack.out + pack.err));
    QDirIterator it(work_.filePath("pkg"), {"*.deb"}, QDir::Files);
    QVERIFY2(it.hasNext(), "cpack wrote no .deb");
    deb_ = it.next();
    root_ = work_.filePath("root");
    const Run x = run("dpkg", {"-x", deb_, root_});
    QVERIFY2(x.code == 0, qPrintable(x.err));
  }

  void dependenciesComeFromShlibdeps() {
    const Run f = run("dpkg-deb", {"-f", deb_, "Depends"});
    QCOMPARE(f.code, 0);
    // Libraries the binaries link, as dpkg-shlibdeps names their packages (with versions).
    for (const char* lib : {"libqt6widgets6", "libqt6gui6", "libqt6core6", "libtorch1.13", "libqcustomplot2.1-qt6", "libstdc++6"})
      QVERIFY2(f.out.contains(QString(lib) + " (>="), qPrintable(lib + (": " + f.out)));
    QCOMPARE(run("dpkg-deb", {"-f", deb_, "Package"}).out.trimmed(), QString("arachne-plan-explorer"));
  }

  void layoutIsComplete() {
    QStringList want = {"bin/arachne", "bin/arachne-cli", "share/arachne/policy/arachne.policy",
                        "share/arachne/policy/flat-rl.policy", "share/arachne/translations/arachne_de.qm",
                        "share/arachne/translations/arachne_zh_CN.qm", "share/man/man1/arachne-cli.1",
                        "share/applications/" + kId + ".desktop", "share/metainfo/" + kId + ".metainfo.xml",
                        "share/mime/packages/" + kId + ".xml", "share/icons/hicolor/scalable/apps/" + kId + ".svg"};
    for (int size : {16, 22, 24, 32, 48, 64, 128, 256})
      want << QString("share/icons/hicolor/%1x%1/apps/%2.png").arg(size).arg(kId);
    for (const QString& rel : want) QVERIFY2(QFileInfo::exists(installed(rel)), qPrintable(rel));
    QVERIFY(QFileInfo(installed("bin/arachne-cli")).isExecutable());
    for (int size : {16, 48, 256}) {
      const QImage icon(installed(QString("share/icons/hicolor/%1x%1/apps/%2.png").arg(size).arg(kId)));
      QCOMPARE(icon.size(), QSize(size, size));
    }
    QTranslator t;
    QVERIFY(t.load(installed("share/arachne/translations/arachne_de.qm")));
    QVERIFY(!t.isEmpty());
  }

  void installedCliRuns() {
    const Run v = run(installed("bin/arachne-cli"), {"--version"}, work_.path(), 60000, cleanEnvironment());
    QCOMPARE(v.code, 0);
    QCOMPARE(v.out.trimmed(), QString("arachne-cli " ARACHNE_VERSION));
  }

  void installedLearnedPlannerReadsTheInstalledWeights() {
    const QStringList args = {"plan", "--planner", "arachne", "--cluster", "h100:4x2,a100-40:4x2", "--model", "llama3-8b",
                              "--budget-s", "20"};
    const Run ok = run(installed("bin/arachne-cli"), args, work_.path(), 240000, cleanEnvironment());
    QVERIFY2(ok.code == 0, qPrintable(ok.err));
    QVERIFY(ok.out.contains("Verdict: feasible"));
    QVERIFY2(!ok.err.contains("warning"), qPrintable(ok.err));  // the weights loaded
    // Proof that those were the installed weights (and not the source tree's): break the
    // installed file and the planner says it cannot use it.
    const QString weights = installed("share/arachne/policy/arachne.policy");
    QFile f(weights);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write("not a policy");
    f.close();
    const Run broken = run(installed("bin/arachne-cli"), args, work_.path(), 240000, cleanEnvironment());
    QCOMPARE(broken.code, 0);
    QVERIFY2(broken.err.contains("warning: the arachne policy cannot be used"), qPrintable(broken.err));
    QVERIFY2(broken.err.contains(root_), qPrintable(broken.err));
  }

  void installedGuiTakesAScreenshot() {
    const QString png = work_.filePath("shot.png");
    const Run r = run(installed("bin/arachne"), {"--screenshot", png}, work_.path(), 120000, cleanEnvironment());
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(QImage(png).size(), QSize(1400, 900));
  }

  void desktopFileValidates() {
    const QString file = installed("share/applications/" + kId + ".desktop");
    const Run r = run("desktop-file-validate", {file});
    QVERIFY2(r.code == 0 && r.out.isEmpty() && r.err.isEmpty(), qPrintable(r.out + r.err));
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    QVERIFY(text.contains("\nExec=arachne %f\n"));
    for (const char* type : {"application/x-arachne-cluster+json", "application/x-arachne-plan+json", "application/x-arachne-scenario+json"})
      QVERIFY(text.contains(type));
    QVERIFY(text.contains("\nIcon=" + kId + "\n"));
  }

  void appstreamFileValidates() {
    const QString file = installed("share/metainfo/" + kId + ".metainfo.xml");
    const Run r = run("appstreamcli", {"validate", "--no-net", "--explain", file});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&f);
    QString launchable, rating;
    int screenshots = 0, releases = 0;
    while (!xml.atEnd()) {
      if (xml.readNext() != QXmlStreamReader::StartElement) continue;
      if (xml.name() == u"launchable") launchable = xml.readElementText();
      else if (xml.name() == u"screenshot") ++screenshots;
      else if (xml.name() == u"release") ++releases;
      else if (xml.name() == u"content_rating") rating = xml.attributes().value("type").toString();
    }
    QCOMPARE(launchable, kId + ".desktop");  // the installed desktop file id
    QVERIFY(screenshots >= 1);
    QVERIFY(releases >= 1);
    QCOMPARE(rating, QString("oars-1.1"));
  }

  void mimeTypesAreRecognised() {
    // The package's MIME database only (update-mime-database writes into the scratch root).
    const Run u = run("update-mime-database", {installed("share/mime")});
    QVERIFY2(u.code == 0, qPrintable(u.err));
    qputenv("XDG_DATA_DIRS", (installed("share") + ":/usr/share").toUtf8());
    qputenv("XDG_DATA_HOME", work_.filePath("empty-home").toUtf8());
    const QMimeDatabase db;
    const QString data = QStringLiteral(ARACHNE_TEST_DATA);
    struct Want {
      QString file, type;
    };
    const QString plan = data + "/plans/llama3-8b-2type.plan.json";
    const QString cluster = QStringLiteral(ARACHNE_SOURCE_DIR) + "/resources/presets/paper-2t-64.cluster.json";
    // Files whose name carries no double extension are recognised by their content.
    QFile::copy(plan, work_.filePath("plan-without-extension"));
    QFile::copy(cluster, work_.filePath("cluster-without-extension"));
    for (const Want& w : {Want{plan, "application/x-arachne-plan+json"}, Want{cluster, "application/x-arachne-cluster+json"},
                          Want{"x.scenario.json", "application/x-arachne-scenario+json"},
                          Want{work_.filePath("plan-without-extension"), "application/x-arachne-plan+json"},
                          Want{work_.filePath("cluster-without-extension"), "application/x-arachne-cluster+json"}}) {
      const QMimeType t = db.mimeTypeForFile(w.file);
      QVERIFY2(t.name() == w.type, qPrintable(w.file + ": " + t.name()));
      QVERIFY(t.inherits("application/json"));
    }
    QCOMPARE(db.mimeTypeForFile(data + "/sailor/Planner/llm_info.json").name(), QString("application/json"));
  }

  void manPageRendersFromTheHelp() {
    const QString page = installed("share/man/man1/arachne-cli.1");
    const Run r = run("man", {"--warnings", "-E", "UTF-8", "-l", "-P", "cat", page});
    QVERIFY2(r.code == 0 && r.err.isEmpty(), qPrintable(r.err));
    // Every command's section and its options, as arachne-cli --help lists them.
    for (const char* s : {"arachne-cli export", "--format", "arachne-cli plan", "--planner", "EXIT STATUS"})
      QVERIFY2(r.out.contains(s), s);
  }
};

QTEST_GUILESS_MAIN(TestDebPackage)
#include "tst_deb_package.moc"
