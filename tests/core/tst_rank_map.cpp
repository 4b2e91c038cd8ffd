// Rank maps: one row per rank, consecutive ranks per node, expert coordinates, and the round
// trip plan -> rankmap.json -> GPU assignment.
#include <QtTest>

#include <set>
#include <tuple>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "io/load_error.h"
#include "io/plan_json.h"
#include "launch/rank_map.h"
#include "launch/rank_map_json.h"
#include "model/model_catalog.h"
#include "planning/planner.h"
#include "planning_world.h"

using namespace arachne;

namespace {

// The plan's templates with every MoE stage's tiling made explicit (the map always writes the
// coordinates of the tiling the cost model prices).
std::vector<Template> withEffectiveTiling(std::vector<Template> ts, const Model& m) {
  for (Template& t : ts)
    for (Stage& s : t.stages) {
      bool moe = false;
      for (int i = s.first_layer; i <= s.last_layer; ++i) moe = moe || m.layer(i).kind == LayerKind::MoeBlock;
      if (moe && !s.expert_tiling) s.expert_tiling = ExpertTiling{1, s.tp, t.replicas};
    }
  return ts;
}

void checkRoundTrip(const Plan& plan, const Composition& c, const Model& m) {
  const RankMap map = buildRankMap(plan, c, &m);
  QCOMPARE(map.worldSize(), plan.gpusUsed());
  const std::string text = rankMapToJson(map);
  const RankMap back = rankMapFromJson(text, "rankmap.json");
  QVERIFY(back == map);
  QVERIFY(templatesFromRankMap(back) == withEffectiveTiling(plan.templates, m));
}

}  // namespace

class TestRankMap : public QObject {
  Q_OBJECT

  const GpuCatalog& catalog = GpuCatalog::builtin();

 private slots:
  void rowsFollowTheNodes() {
    const PlanDocument doc = loadPlanDocument(ARACHNE_TEST_DATA "/plans/llama3-8b-2type.plan.json");
    const Composition c = parseInlineCluster("h100:4x2,a100-40:4x2", catalog);
    const Model m = resolveModel("llama3-8b");
    const RankMap map = buildRankMap(doc.plan, c, &m);
    QCOMPARE(map.worldSize(), 16);
    QCOMPARE(map.nodes.size(), size_t(4));
    for (int r = 0; r < map.worldSize(); ++r) {
      const RankMapRow& row = map.rows[static_cast<size_t>(r)];
      QCOMPARE(row.rank, r);
      const RankMapNode& n = map.nodes[static_cast<size_t>(row.node_rank)];
      QCOMPARE(row.rank, n.first_rank + row.local_gpu);  // torchrun's numbering
      QCOMPARE(row.node_id, n.node_id);
      const Stage& s = doc.plan.templates[0].stages[static_cast<size_t>(row.stage)];
      QCOMPARE(s.node_ids[static_cast<size_t>(row.dp_rank)], row.node_id);
      QCOMPARE(row.gpu_type, s.gpu_type);
      QCOMPARE(row.first_layer, s.first_layer);
      QVERIFY(row.tp_rank < s.tp);
      QVERIFY(!row.expert);  // a dense model
    }
    const std::string hosts = rankMapHostfile(map);
    const std::string lines = "\nnode-2 slots=4\nnode-3 slots=4\nnode-0 slots=4\nnode-1 slots=4\n";  // node-rank order
    QVERIFY(hosts.size() > lines.size() && hosts.compare(hosts.size() - lines.size(), lines.size(), lines) == 0);
  }

  void expertCoordinatesTileEachStage() {
    const PlanDocument doc = loadPlanDocument(ARACHNE_TEST_DATA "/plans/mixtral-ep.plan.json");
    const Composition c = parseInlineCluster("h100:8x2", catalog);
    const Model m = resolveModel("mixtral-8x7b");
    const RankMap map = buildRankMap(doc.plan, c, &m);
    std::map<int, std::set<std::tuple<int, int, int>>> perStage;
    for (const RankMapRow& row : map.rows) {
      QVERIFY(row.expert.has_value());
      const ExpertTiling& t = *doc.plan.templates[0].stages[static_cast<size_t>(row.stage)].expert_tiling;
      QVERIFY(row.expert->ep_rank < t.ep && row.expert->etp_rank < t.etp && row.expert->edp_rank < t.edp);
      // ETP is node bound: an ETP group stays inside its TP group.
      QCOMPARE(row.expert->etp_rank, row.tp_rank % t.etp);
      perStage[row.stage].insert({row.expert->ep_rank, row.expert->etp_rank, row.expert->edp_rank});
    }
    QCOMPARE(perStage[0].size(), size_t(8));  // every coordinate once: EP 8 x ETP 1 x EDP 1
    QCOMPARE(perStage[1].size(), size_t(8));  // EP 4 x ETP 2 x EDP 1
    checkRoundTrip(doc.plan, c, m);
  }

  void roundTripGivesTheSameGpuAssignment_data() {
    QTest::addColumn<QString>("cluster");
    QTest::addColumn<QString>("model");
    QTest::addRow("two types") << "h100:4x2,a100-40:4x2" << "llama3-8b";
    QTest::addRow("three types, odd nodes") << "h100:8x2+4x1,a100-40:4x3+2x1,l40s:4x2" << "llama3-8b";
    QTest::addRow("moe") << "h100:8x4" << "mixtral-8x7b";
  }

  void roundTripGivesTheSameGpuAssignment() {
    QFETCH(QString, cluster);
    QFETCH(QString, model);
    PlanningWorld w(cluster.toStdString(), model.toStdString());
    for (const std::string planner : {"greedy", "random"}) {
      const PlannerResult r = makePlanner(planner)->plan(*w.cost, PlannerBudget{0, 300}, 3, {}, nullptr);
      QVERIFY(r.found);
      checkRoundTrip(r.plan, w.composition, w.model);
    }
  }

  void aPlanThatDoesNotFitIsRefused() {
    const Composition c = parseInlineCluster("h100:4x1", catalog);
    Plan p;
    Template t;
    Stage s;
    s.gpu_type = "h100";
    s.tp = 4;
    s.last_layer = 33;
    s.node_ids = {0, 0};  // 8 GPUs on a 4-GPU node
    t.replicas = 2;
    t.stages = {s};
    p.templates = {t};
    try {
      buildRankMap(p, c, nullptr);
      QFAIL("no error");
    } catch (const RankMapError& e) {
      QVERIFY2(QString(e.what()).contains("node 0 has 4 GPUs, the plan places 8"), e.what());
    }
    p.templates[0].stages[0].node_ids = {0, 7};
    QVERIFY_THROWS_EXCEPTION(RankMapError, buildRankMap(p, c, nullptr));
  }

  void badFilesNameTheField() {
    const PlanDocument doc = loadPlanDocument(ARACHNE_TEST_DATA "/plans/llama3-8b-2type.plan.json");
    const Composition c = parseInlineCluster("h100:4x2,a100-40:4x2", catalog);
    const std::string good = rankMapToJson(buildRankMap(doc.plan, c, nullptr));
    auto expectError = [&](const std::string& from, const std::string& to, const QString& field) {
      std::string text = good;
      const size_t at = text.find(from);
      QVERIFY2(at != std::string::npos, from.c_str());
      text.replace(at, from.size(), to);
      try {
        rankMapFromJson(text, "x.json");
        QFAIL(qPrintable("accepted: " + QString::fromStdString(to)));
      } catch (const LoadError& e) {
        QVERIFY2(QString::fromStdString(e.field()).contains(field), e.what());
      }
    };
    expectError("\"rank\":1,", "\"rank\":2,", "ranks[1].rank");
    expectError("\"world_size\": 16", "\"world_size\": 15", "world_size");
    expectError("\"layers\":[0,16]", "\"layers\":[16,0]", "ranks[0].layers");
    expectError("\"local_gpu\":1,", "\"local_gpu\":2,", "ranks[1].local_gpu");
    expectError("\"kind\": \"arachne-rank-map\"", "\"kind\": \"plan\"", "kind");
    QVERIFY_THROWS_EXCEPTION(LoadError, rankMapFromJson(good.substr(0, good.size() / 2), "x.json"));
  }
};

QTEST_APPLESS_MAIN(TestRankMap)
#include "tst_rank_map.moc"
