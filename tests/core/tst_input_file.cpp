// readInputFile: regular files only, within a size limit, with messages that say what is wrong.
#include <QtTest>

#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

#include "io/input_file.h"
#include "io/load_error.h"
#include "io/plan_json.h"
#include "model/model_catalog.h"
#include "network/network_json.h"
#include "profile/profile_json.h"
#include "sailor/sailor_run.h"
#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"

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
}  // namespace

class TstInputFile : public QObject {
  Q_OBJECT
 private slots:
  void cleanup() { qunsetenv("ARACHNE_MAX_INPUT_BYTES"); }

  void readsARegularFileWhole() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("a.json").toStdString();
    std::ofstream(path, std::ios::binary) << std::string("{\"a\":1}\n") + std::string(200000, ' ');
    QCOMPARE(readInputFile(path, "test").size(), size_t(8 + 200000));
  }

  void missingFilesAndDirectoriesAreNamed() {
    QTemporaryDir dir;
    const QString missing = errorOf([&] { readInputFile(dir.filePath("none.json").toStdString(), "plan"); });
    QVERIFY2(missing.endsWith("none.json: cannot be opened: no such file"), qPrintable(missing));
    // A directory used to read as an empty text: "not valid JSON".
    const QString d = errorOf([&] { readInputFile(dir.path().toStdString(), "plan"); });
    QVERIFY2(d.endsWith(": is a directory, not a plan file (only regular files are read)"), qPrintable(d));
  }

  void devicesAndFifosAreRefusedAtOnce() {
    // /dev/zero used to be read for gigabytes; a FIFO without a writer blocked for ever.
    QVERIFY(errorOf([] { readInputFile("/dev/zero", "model"); }).contains("is a character device, not a model file"));
    QVERIFY(errorOf([] { readInputFile("/dev/null", "model"); }).contains("is a character device"));
    QTemporaryDir dir;
    const std::string fifo = dir.filePath("pipe.json").toStdString();
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    QElapsedTimer t;
    t.start();
    QVERIFY(errorOf([&] { readInputFile(fifo, "plan"); }).contains("is a FIFO (named pipe), not a plan file"));
    QVERIFY(t.elapsed() < 5000);
  }

  void everyLoaderReadsThroughIt() {
    const GpuCatalog& catalog = GpuCatalog::builtin();
    QVERIFY(errorOf([] { loadPlanDocument("/dev/zero"); }).contains("/dev/zero: is a character device, not a plan file"));
    QVERIFY(errorOf([&] { loadClusterFile("/dev/zero", catalog); }).contains("is a character device"));
    QVERIFY(errorOf([&] { resolveCluster("/dev/zero", catalog); }).contains("is a character device"));
    QVERIFY(errorOf([] { loadProfileFile("/dev/zero"); }).contains("is a character device, not a profile set file"));
    QVERIFY(errorOf([] { resolveModel("/dev/zero"); }).contains("is a character device, not a model file"));
    QVERIFY(errorOf([&] { loadSailorRun("/dev/zero", catalog); }).contains("is a character device, not a Sailor file"));
    QTemporaryDir dir;
    QVERIFY(errorOf([&] { loadProfileFile(dir.path().toStdString()); }).contains("is a directory"));
    QVERIFY(errorOf([&] { resolveModel(dir.path().toStdString()); }).contains("is a directory"));
  }

  void networkFilesToo() {
    // The network files (core/network, Sailor's multizone files) came after the hardening: the
    // same reads, and the same parser, for them.
    const GpuCatalog& catalog = GpuCatalog::builtin();
    QVERIFY(errorOf([&] { loadNetworkFile("/dev/zero", catalog); }).contains("is a character device, not a network file"));
    QTemporaryDir dir;
    QVERIFY(errorOf([&] { loadNetworkFile(dir.path().toStdString(), catalog); }).contains("is a directory"));
    const std::string fifo = dir.filePath("pipe.network.json").toStdString();
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    QVERIFY(errorOf([&] { loadNetworkFile(fifo, catalog); }).contains("is a FIFO"));
    const std::string deep = dir.filePath("deep.network.json").toStdString();
    std::ofstream(deep, std::ios::binary) << "{\"schema_version\":1,\"name\":" << std::string(100000, '[')
                                          << std::string(100000, ']') << "}";
    QVERIFY(errorOf([&] { loadNetworkFile(deep, catalog); }).contains("nested deeper than 64 levels"));
    const std::string huge = dir.filePath("huge.network.json").toStdString();
    std::ofstream(huge, std::ios::binary) << R"({"schema_version":1,"inter_node":[{"gpu_type":"h100","gbps":1e400}]})";
    const QString e = errorOf([&] { loadNetworkFile(huge, catalog); });
    QVERIFY2(e.contains("number 1e400") && e.contains("out of range"), qPrintable(e));
  }

  void theSizeLimitHoldsAndCanBeRaised() {
    QCOMPARE(inputSizeLimit(), kDefaultInputSizeLimit);
    QTemporaryDir dir;
    const std::string path = dir.filePath("big.plan.json").toStdString();
    std::ofstream(path, std::ios::binary) << std::string(5000, ' ') << "{}";
    qputenv("ARACHNE_MAX_INPUT_BYTES", "4096");
    QCOMPARE(inputSizeLimit(), 4096ull);
    const QString e = errorOf([&] { loadPlanDocument(path); });
    QVERIFY2(e.contains("is 5002 bytes, larger than the input limit of 4096 bytes for a plan file "
                        "(set ARACHNE_MAX_INPUT_BYTES to raise it)"),
             qPrintable(e));
    qputenv("ARACHNE_MAX_INPUT_BYTES", "10000");
    QVERIFY(errorOf([&] { loadPlanDocument(path); }).contains("schema_version"));  // read, then parsed
    // An invalid value is ignored, and a file over the default limit says so: whoever wrote
    // "100MB" to raise the limit learns why the file is still refused.
    const std::string sparse = dir.filePath("huge.plan.json").toStdString();
    std::ofstream(sparse, std::ios::binary).close();
    QVERIFY(::truncate(sparse.c_str(), static_cast<off_t>(kDefaultInputSizeLimit) + 1) == 0);
    for (const char* bad : {"0", "-5", "abc", "12x", "99999999999999999999", "100MB"}) {
      qputenv("ARACHNE_MAX_INPUT_BYTES", bad);
      QCOMPARE(inputSizeLimit(), kDefaultInputSizeLimit);
      const QString refused = errorOf([&] { loadPlanDocument(sparse); });
      QVERIFY2(refused.contains(QStringLiteral("ARACHNE_MAX_INPUT_BYTES='%1' is ignored: it must be a whole number of bytes").arg(bad)),
               qPrintable(refused));
    }
  }
};

QTEST_GUILESS_MAIN(TstInputFile)
#include "tst_input_file.moc"
