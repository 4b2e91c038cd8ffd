// The cost model against published, measured training throughputs (tests/data/published): the
// table loads, the rows we cannot express say why, the held-out rows meet the target
// with analytic v2 and every term on, the new terms beat the model before them, and a broken
// table names its file, field and problem.
#include <QtTest>

#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "catalog/gpu_catalog.h"
#include "io/load_error.h"
#include "validation/published_run.h"

using namespace arachne;

namespace {

const std::string kTable = std::string(ARACHNE_TEST_DATA) + "/published/published_runs.json";
const std::string kRoles = std::string(ARACHNE_TEST_DATA) + "/published/roles.json";

struct Errors {
  int priced = 0, heldOut = 0;
  double mae = 0, heldOutMae = 0;
};

Errors errorsOf(const std::vector<PublishedRun>& runs, const CostTerms& terms, int version) {
  std::ifstream in(kRoles);
  const nlohmann::json roles = nlohmann::json::parse(in);
  Errors e;
  for (const PublishedRun& r : runs) {
    if (!r.not_priced.empty()) continue;
    const PublishedPrice p = pricePublishedRun(r, GpuCatalog::builtin(), terms, version);
    if (!p.priced) continue;
    ++e.priced;
    e.mae += std::fabs(p.error);
    if (!roles["calibration"].contains(r.id)) {
      ++e.heldOut;
      e.heldOutMae += std::fabs(p.error);
    }
  }
  if (e.priced) e.mae /= e.priced;
  if (e.heldOut) e.heldOutMae /= e.heldOut;
  return e;
}

std::string writeTemp(const QTemporaryDir& dir, const std::string& name, const std::string& text) {
  const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
  std::ofstream(path) << text;
  return path;
}

}  // namespace

class TstPublishedValidation : public QObject {
  Q_OBJECT
 private slots:
  void tableLoadsAndSaysWhatItCannotPrice() {
    const auto runs = loadPublishedRuns(kTable, GpuCatalog::builtin());
    QVERIFY(runs.size() >= 20);
    std::map<std::string, int> types;
    int unpriced = 0;
    for (const PublishedRun& r : runs) {
      ++types[r.gpu_type];
      QVERIFY2(r.measured_iteration_s > 0, r.id.c_str());
      if (!r.not_priced.empty()) ++unpriced;
      if (r.cp > 1) QVERIFY2(r.not_priced.find("context parallelism") != std::string::npos, r.id.c_str());
    }
    QVERIFY(types.size() >= 3);
    QVERIFY(unpriced > 0 && unpriced < static_cast<int>(runs.size()) / 2);
  }

  void heldOutRowsMeetTheTarget() {
    const auto runs = loadPublishedRuns(kTable, GpuCatalog::builtin());
    const Errors now = errorsOf(runs, CostTerms{}, 2);
    QVERIFY(now.priced >= 30);
    QVERIFY(now.heldOut >= 15);
    // Issue 11: analytic model <= 10 % mean absolute error on the held-out rows.
    QVERIFY2(now.heldOutMae <= 0.10, qPrintable(QString("held-out MAE %1 %").arg(100 * now.heldOutMae)));
    // The model before this work (flat links, no sharing, buckets, collectives or overlap,
    // analytic v1) is clearly worse on the same rows.
    const Errors before = errorsOf(runs, CostTerms::legacy(), 1);
    QCOMPARE(before.priced, now.priced);
    QVERIFY2(before.heldOutMae > now.heldOutMae + 0.05,
             qPrintable(QString("before %1 %, now %2 %").arg(100 * before.heldOutMae).arg(100 * now.heldOutMae)));
    // Overlap is the largest single term on these rows (most are Megatron-LM with overlap on).
    CostTerms noOverlap;
    noOverlap.overlap = false;
    QVERIFY(errorsOf(runs, noOverlap, 2).heldOutMae > now.heldOutMae);
  }

  void brokenTablesNameFileFieldAndProblem() {
    QTemporaryDir dir;
    std::ifstream in(kTable);
    nlohmann::json table = nlohmann::json::parse(in);
    nlohmann::json row = table["rows"][0];
    {
      nlohmann::json t = table;
      t["rows"] = nlohmann::json::array({row});
      t["rows"][0]["gpus"] = -4;
      const std::string path = writeTemp(dir, "neg.json", t.dump());
      try {
        loadPublishedRuns(path, GpuCatalog::builtin());
        QFAIL("a negative GPU count was accepted");
      } catch (const LoadError& e) {
        const std::string what = e.what();
        QVERIFY2(what.find("neg.json") != std::string::npos && what.find("gpus") != std::string::npos, e.what());
      }
    }
    {
      nlohmann::json t = table;
      t["rows"] = nlohmann::json::array({row});
      t["rows"][0]["gpu_type"] = "tpu9";
      const std::string path = writeTemp(dir, "gpu.json", t.dump());
      try {
        loadPublishedRuns(path, GpuCatalog::builtin());
        QFAIL("an unknown GPU type was accepted");
      } catch (const LoadError& e) {
        const std::string what = e.what();
        QVERIFY2(what.find("gpu.json") != std::string::npos && what.find("tpu9") != std::string::npos, e.what());
      }
    }
    {
      const std::string path = writeTemp(dir, "cut.json", table.dump().substr(0, 200));
      QVERIFY_THROWS_EXCEPTION(LoadError, loadPublishedRuns(path, GpuCatalog::builtin()));
    }
  }
};

QTEST_GUILESS_MAIN(TstPublishedValidation)
#include "tst_published_validation.moc"
