// CostTerms::legacy() reproduces every priced figure of the cost model before its
// communication rework, on plans that build priced (tests/data/legacy-cost/README.md).
#include <QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "cost/cost_model.h"
#include "io/plan_json.h"
#include "model/model_catalog.h"
#include "profile/analytic_profiler.h"

using namespace arachne;

namespace {
const std::string kDir = std::string(ARACHNE_TEST_DATA) + "/legacy-cost";

bool same(double a, double b) { return std::abs(a - b) <= 1e-12 * std::max(1.0, std::abs(b)); }
}  // namespace

class TstCostLegacy : public QObject {
  Q_OBJECT

 private slots:
  void everyFigureAsBefore_data() {
    QTest::addColumn<QString>("file");
    int n = 0;
    for (const auto& e : std::filesystem::directory_iterator(kDir))
      if (e.path().extension() == ".json") {
        QTest::newRow(e.path().filename().string().c_str()) << QString::fromStdString(e.path().string());
        ++n;
      }
    QVERIFY(n >= 10);
  }

  void everyFigureAsBefore() {
    QFETCH(QString, file);
    const std::string path = file.toStdString();
    std::ifstream in(path);
    std::stringstream buf;
    buf << in.rdbuf();
    const nlohmann::json old = nlohmann::json::parse(buf.str());
    PlanDocument doc = loadPlanDocument(path);
    const GpuCatalog& catalog = GpuCatalog::builtin();
    const Model* found = ModelCatalog::builtin().find(doc.plan.provenance.model);
    QVERIFY(found);
    const Model& model = *found;
    const TrainingSpec spec = doc.training.applyTo(model.default_training);
    const Composition comp = resolveCluster(doc.plan.provenance.cluster, catalog);
    AnalyticProfileOptions v1;
    v1.version = 1;
    const ProfileSet profiles = makeAnalyticProfiles(catalog, comp.gpuTypes(), model, spec, v1);
    CostModel cost(catalog, comp, model, spec, profiles, CostTerms::legacy());
    const PlanReport r = cost.price(doc.plan);
    QCOMPARE(r.feasible, old["feasible"].get<bool>());
    QVERIFY2(same(r.iteration_time_s, old["iteration_time_s"].get<double>()),
             (std::to_string(r.iteration_time_s) + " vs " + std::to_string(old["iteration_time_s"].get<double>())).c_str());
    for (size_t j = 0; j < r.templates.size(); ++j) {
      const auto& ot = old["templates"][j];
      QCOMPARE(r.templates[j].micro_batches, ot["micro_batches"].get<int>());
      QVERIFY(same(r.templates[j].bubble_s, ot["bubble_s"].get<double>()));
      for (size_t s = 0; s < r.templates[j].stages.size(); ++s) {
        const StageReport& sr = r.templates[j].stages[s];
        const auto& os = ot["stages"][s];
        const auto& t = os["time_s"];
        QVERIFY(same(sr.time.compute, t["compute"].get<double>()));
        // The old report counted the expert all-to-all as TP communication.
        QVERIFY(same(sr.time.tp_comm + sr.time.expert_comm, t["tp_comm"].get<double>()));
        QVERIFY(same(sr.time.p2p, t["p2p"].get<double>()));
        QVERIFY2(same(sr.time.grad_sync, t["grad_sync"].get<double>()),
                 (std::to_string(sr.time.grad_sync) + " vs " + std::to_string(t["grad_sync"].get<double>())).c_str());
        QVERIFY(same(sr.time.optimizer, t["optimizer"].get<double>()));
        QCOMPARE(sr.time.param_gather, 0.0);
        const auto& m = os["memory_bytes"];
        QVERIFY(same(sr.memory.total(), m["total"].get<double>()));
        QCOMPARE(sr.in_flight_micro_batches, os["in_flight_micro_batches"].get<int>());
      }
    }
  }
};

QTEST_APPLESS_MAIN(TstCostLegacy)
#include "tst_cost_legacy.moc"
