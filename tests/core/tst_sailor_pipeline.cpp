// Sailor-format plans in our plan model: chains as templates sharing one split and back without
// loss, placement on a composition, and real Sailor plans whose replicas mix GPU types.
#include <QtTest>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "io/load_error.h"
#include "sailor/sailor_pipeline.h"
#include "model/model_catalog.h"
#include "sailor/sailor_layer_info.h"
#include "sailor/sailor_profile_import.h"
#include "sailor/sailor_run.h"
#include "sailor/sailor_validation.h"

using namespace arachne;

namespace {

const std::string kFig8b = std::string(ARACHNE_TEST_DATA) + "/sailor-fig8b";

std::string readText(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Sailor's plan of the 128-GPU Fig. 8b case: stage 0 holds 3 A100 TP 1 and 24 V100 TP 4, stage 1
// 27 A100 TP 1 (the real planner's choice).
SailorPipeline fig8b128() {
  SailorPipeline p;
  p.micro_batch = 2;
  p.micro_batches = sailorMicroBatches(1024, 2, 27);
  p.layers = {{0, 12}, {13, 25}};
  p.replicas.resize(2);
  for (int j = 0; j < 27; ++j) {
    p.replicas[0].push_back(j < 3 ? SailorReplica{"a100-40", 1} : SailorReplica{"v100-16", 4});
    p.replicas[1].push_back({"a100-40", 1});
  }
  return p;
}

}  // namespace

class TstSailorPipeline : public QObject {
  Q_OBJECT

 private slots:
  void microBatchesAreSailorsCeiling() {
    QCOMPARE(sailorMicroBatches(1024, 2, 27), 19);  // 1024 / 54 = 18.96
    QCOMPARE(sailorMicroBatches(1024, 1, 32), 32);
    QCOMPARE(sailorMicroBatches(1, 4, 8), 1);
  }

  void chainsBecomeTemplatesSharingOneSplit() {
    const SailorPipeline p = fig8b128();
    std::vector<std::vector<int>> ids(2);
    for (int j = 0; j < 27; ++j) {
      ids[0].push_back(j < 3 ? 100 + j : 200 + (j - 3));
      ids[1].push_back(300 + j);
    }
    const Plan plan = toPlan(p, ids);
    QVERIFY(plan.fixed_micro_batches);
    QCOMPARE(plan.templates.size(), size_t(2));
    const Template& a = plan.templates[0];
    const Template& b = plan.templates[1];
    QCOMPARE(a.replicas, 3);
    QCOMPARE(b.replicas, 24);
    QCOMPARE(a.stages[0].gpu_type, std::string("a100-40"));
    QCOMPARE(b.stages[0].gpu_type, std::string("v100-16"));
    QCOMPARE(b.stages[0].tp, 4);
    QCOMPARE(b.stages[1].gpu_type, std::string("a100-40"));
    for (const Template& t : plan.templates) {
      QCOMPARE(t.micro_batch, 2);
      QCOMPARE(t.micro_batches, 19);
      QCOMPARE(t.stages[0].first_layer, 0);
      QCOMPARE(t.stages[0].last_layer, 12);
      QCOMPARE(t.stages[1].first_layer, 13);
      QCOMPARE(t.stages[1].last_layer, 25);
    }
    QCOMPARE(b.stages[0].node_ids.front(), 200);
    QCOMPARE(b.stages[1].node_ids.front(), 303);  // chain 3 is the first chain of template 1
    QCOMPARE(plan.gpusUsed(), p.gpus());
    QCOMPARE(fromSailorPlan(plan), p);
  }

  void interleavedChainsKeepTheirOrder() {
    SailorPipeline p;
    p.layers = {{0, 3}, {4, 7}};
    p.replicas = {{{"a", 1}, {"b", 2}, {"a", 1}}, {{"a", 1}, {"a", 1}, {"a", 1}}};
    const Plan plan = toPlan(p, {{0, 1, 2}, {3, 4, 5}});
    QCOMPARE(plan.templates.size(), size_t(3));  // runs a-b-a, not merged out of order
    QCOMPARE(fromSailorPlan(plan), p);
  }

  void unequalDpIsRefusedWithTheReason() {
    SailorPipeline p;
    p.layers = {{0, 3}, {4, 7}};
    p.replicas = {{{"a", 1}, {"a", 1}}, {{"a", 1}}};
    const std::string why = sailorPipelineProblem(p, 8);
    QVERIFY(why.find("stage 2 has DP 1 but stage 1 has DP 2") != std::string::npos);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, toPlan(p, {{0, 1}, {2}}));
    p.replicas[1].push_back({"a", 1});
    QVERIFY(sailorPipelineProblem(p, 8).empty());
    QVERIFY(sailorPipelineProblem(p, 9).find("cover layers 0-7 of 0-8") != std::string::npos);
  }

  void placementFollowsRankOrderOnTheComposition() {
    const GpuCatalog& cat = GpuCatalog::builtin();
    const Composition comp = resolveCluster("a100-40:4x8,v100-16:4x24", cat);
    const SailorPipeline p = fig8b128();
    const SailorPlacement pl = placeSailorPipeline(p, comp);
    QVERIFY2(pl.problem.empty(), pl.problem.c_str());
    std::map<int, int> used;
    for (int s = 0; s < 2; ++s)
      for (size_t r = 0; r < pl.node_ids[static_cast<size_t>(s)].size(); ++r) {
        const Node* n = comp.findNode(pl.node_ids[static_cast<size_t>(s)][r]);
        QVERIFY(n);
        QCOMPARE(n->gpu_type, p.replicas[static_cast<size_t>(s)][r].gpu_type);
        used[n->id] += p.replicas[static_cast<size_t>(s)][r].tp;
        QVERIFY(used[n->id] <= n->gpus);
      }
    // 30 A100 groups of one GPU cannot fit 28 A100s.
    const Composition small = resolveCluster("a100-40:4x7,v100-16:4x24", cat);
    const SailorPlacement bad = placeSailorPipeline(p, small);
    QVERIFY(bad.node_ids.empty());
    QVERIFY2(bad.problem.find("finds no a100-40 node with 1 free GPUs") != std::string::npos, bad.problem.c_str());
  }

  void realSailorPlansWithMixedReplicasAreRead() {
    const GpuCatalog& cat = GpuCatalog::builtin();
    const nlohmann::json doc = nlohmann::json::parse(readText(kFig8b + "/fig8b_opt350_a100x32_v100x96/sailor.json"));
    const std::string text = doc.at("plan").dump();
    QVERIFY(isSailorPlanJson(text));
    QVERIFY(!isSailorPlanJson(R"({"schema_version":1,"templates":[]})"));
    QVERIFY(!isSailorPlanJson("not json"));
    const SailorRun run = parseSailorPlan(text, "fig8b-128/sailor", cat);
    QVERIFY(run.mixed_replicas);
    QCOMPARE(run.pipeline, fig8b128());
    QCOMPARE(run.plan.templates.size(), size_t(2));
    QCOMPARE(run.composition.gpusOfType("a100-40"), 30);  // VMs of TP size, as Sailor writes them
    QCOMPARE(run.composition.gpusOfType("v100-16"), 96);
    // A measured run file needs its measurements; the plan reader does not.
    QVERIFY_THROWS_EXCEPTION(LoadError, parseSailorRun(text, "fig8b-128/sailor", cat));
  }

  void aMeasuredRunWithMixedReplicasIsValidated() {
    // Sailor's plan with measurements attached, as a run file of a heterogeneous cluster would be.
    const GpuCatalog& cat = GpuCatalog::builtin();
    nlohmann::json doc = nlohmann::json::parse(readText(kFig8b + "/fig8b_opt350_a100x32_v100x96/sailor.json")).at("plan");
    doc["real"] = 5.9;
    doc["max_mem"] = 2.7e10;
    const SailorRun run = parseSailorRun(doc.dump(), "OPT-350/plan_config_fig8b.json", cat);
    QVERIFY(run.mixed_replicas);
    QCOMPARE(run.model_id, std::string("opt-350m"));
    const Model model = resolveModel("opt-350m");
    const SailorLayerInfo info = SailorLayerInfo::load(std::string(ARACHNE_TEST_DATA) + "/sailor/Planner/llm_info.json");
    const ProfileSet prof =
        loadSailorProfiles(std::string(ARACHNE_TEST_DATA) + "/sailor/Planner/simulations/profiles_tmp.json", model, cat, info).profiles;
    const ValidationRow row = validateRun(run, model, cat, prof);
    QVERIFY2(row.priced, row.problem.c_str());
    QCOMPARE(row.micro_batches, 19);
    QVERIFY(row.predicted_s > 0);
    QVERIFY(row.predicted_bytes > 0);
  }

  void everyReferencePlanWithOneDpIsRead() {
    const GpuCatalog& cat = GpuCatalog::builtin();
    for (const char* c : {"fig8b_opt350_a100x32_v100x96", "fig8b_opt350_a100x80_v100x240", "fig8b_opt350_a100x128_v100x384"})
      for (const char* who : {"sailor", "amp", "metis"}) {
        const nlohmann::json doc = nlohmann::json::parse(readText(kFig8b + "/" + c + "/" + who + ".json"));
        const auto& dps = doc.at("plan").at("pipeline_list").at(0).at("dp");
        bool oneDp = true;
        for (const auto& d : dps) oneDp = oneDp && d == dps.at(0);
        const std::string label = std::string(c) + "/" + who;
        if (!oneDp) {
          // Metis's fork gives stages different DP degrees: refused with the reason.
          try {
            parseSailorPlan(doc.at("plan").dump(), label, cat);
            QFAIL(("read a plan with unequal DP: " + label).c_str());
          } catch (const LoadError& e) {
            QVERIFY2(std::string(e.what()).find("different DP") != std::string::npos, e.what());
          }
          continue;
        }
        const SailorRun run = parseSailorPlan(doc.at("plan").dump(), label, cat);
        QCOMPARE(run.plan.gpusUsed(), run.pipeline.gpus());
        QCOMPARE(run.layer_count, 26);
      }
  }
};

QTEST_APPLESS_MAIN(TstSailorPipeline)
#include "tst_sailor_pipeline.moc"
