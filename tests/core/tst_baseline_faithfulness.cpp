// The sailor, amp and metis planners against the plans the real systems chose on Sailor's
// Fig. 8b inputs (OPT-350, A100-40 + V100-16, Sailor's measured profiles and network fits).
#include <QtTest>

#include <cmath>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "cost/cost_model.h"
#include "model/model_catalog.h"
#include "planning/baselines/amp/amp_estimator.h"
#include "planning/baselines/amp/amp_planner.h"
#include "planning/baselines/baseline_network.h"
#include "planning/baselines/baseline_plans.h"
#include "planning/baselines/metis/metis_cost.h"
#include "planning/baselines/metis/metis_planner.h"
#include "planning/baselines/metis/metis_search.h"
#include "planning/baselines/sailor/sailor_inputs.h"
#include "planning/baselines/sailor/sailor_planner.h"
#include "planning/baselines/sailor/sailor_search.h"
#include "sailor/sailor_layer_info.h"
#include "sailor/sailor_network.h"
#include "sailor/sailor_profile_import.h"
#include "sailor/sailor_run.h"

using namespace arachne;

namespace {

const std::string kData = std::string(ARACHNE_TEST_DATA);

std::string readText(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Case {
  const char* folder;
  const char* cluster;
  int sailor_plans;  // what real Sailor's get_sorted_plans returns on this row alone (run here)
};
const Case kCases[] = {
    {"fig8b_opt350_a100x32_v100x96", "a100-40:4x8,v100-16:4x24", 101},
    {"fig8b_opt350_a100x80_v100x240", "a100-40:4x20,v100-16:4x60", 106},
    {"fig8b_opt350_a100x128_v100x384", "a100-40:4x32,v100-16:4x96", 110},
};

double referenceEstimate(const std::string& folder, const std::string& who) {
  const nlohmann::json doc = nlohmann::json::parse(readText(kData + "/sailor-fig8b/" + folder + "/" + who + ".json"));
  return doc.at("planner_estimate_iter_s").get<double>();
}

// The shape of a reference plan (Sailor's format) as describePipeline writes ours.
std::string referenceShape(const std::string& folder, const std::string& who) {
  const nlohmann::json doc = nlohmann::json::parse(readText(kData + "/sailor-fig8b/" + folder + "/" + who + ".json"));
  const SailorRun run = parseSailorPlan(doc.at("plan").dump(), folder + "/" + who, GpuCatalog::builtin());
  return describePipeline(run.pipeline);
}

// A reference plan in Sailor's format read as a pipeline even when its stages' DP differ (for
// the description only; such a plan is no template).
SailorPipeline parseSailorPlanLoose(const nlohmann::json& plan) {
  SailorPipeline p;
  p.micro_batch = plan.at("mbs").get<int>();
  const auto& pl = plan.at("pipeline_list").at(0);
  for (size_t s = 0; s < pl.at("layers_per_stage").size(); ++s) {
    const auto& layers = pl.at("layers_per_stage").at(s);
    p.layers.emplace_back(layers.front().get<int>(), layers.back().get<int>());
    std::vector<SailorReplica> reps;
    for (const auto& g : pl.at("tmp_per_stage").at(s)) {
      const std::string name = g.at(0).at(0).at(0).get<std::string>();
      reps.push_back({name == "A100-40" ? "a100-40" : "v100-16", g.at(1).get<int>()});
    }
    p.replicas.push_back(std::move(reps));
  }
  return p;
}

}  // namespace

class TstBaselineFaithfulness : public QObject {
  Q_OBJECT

  Model opt = resolveModel("opt-350m");
  std::unique_ptr<ProfileSet> profiles;
  SailorFiles files;
  TrainingSpec spec;

  std::unique_ptr<CostModel> costFor(const Composition& c) {
    return std::make_unique<CostModel>(GpuCatalog::builtin(), c, opt, spec, *profiles);
  }

 private slots:
  void initTestCase() {
    const SailorLayerInfo info = SailorLayerInfo::load(kData + "/sailor/Planner/llm_info.json");
    SailorProfileImport imp =
        loadSailorProfiles(kData + "/sailor/Planner/simulations/profiles_tmp.json", opt, GpuCatalog::builtin(), info);
    profiles = std::make_unique<ProfileSet>(imp.profiles);
    files.layer_times = std::make_shared<SailorLayerTimesTable>(std::move(imp.layer_times));
    files.network = std::make_shared<SailorNetwork>(loadSailorNetwork(kData + "/sailor/providers/multizone_bandwidths_het.json"));
    // Sailor's training config for OPT-350: global batch 1024, sequence 2048, fp32, Adam.
    spec = opt.default_training;
    spec.global_batch = 1024;
    spec.sequence_length = 2048;
    spec.precision = Precision::Fp32;
    spec.activation_checkpointing = false;
    spec.distributed_optimizer = false;
    spec.runtime = TrainingSpec::Runtime::DeepSpeed;
  }

  void sailorChoosesWhatRealSailorChose_data() {
    QTest::addColumn<int>("index");
    for (int i = 0; i < 3; ++i) QTest::newRow(kCases[i].folder) << i;
  }
  void sailorChoosesWhatRealSailorChose() {
    QFETCH(int, index);
    const Case& c = kCases[index];
    const Composition comp = resolveCluster(c.cluster, GpuCatalog::builtin());
    auto cost = costFor(comp);
    SailorPlanner planner;
    planner.setSailorFiles(files);
    PlannerBudget unlimited;
    unlimited.seconds = 0;
    const PlannerResult r = planner.plan(*cost, unlimited, 0, {}, nullptr);
    QVERIFY2(r.found, r.stats.message.c_str());
    const std::string ours = describePipeline(fromSailorPlan(r.plan));
    const std::string real = referenceShape(c.folder, "sailor");
    qInfo("%s: ours %s | real %s | %s", c.folder, ours.c_str(), real.c_str(), r.stats.message.c_str());
    QCOMPARE(ours, real);
  }

  // AMP's estimator ranks exactly as Sailor's AMP does (same number of candidates, the
  // reference's pick at the reference's estimate); the pick itself is the first ranked plan the
  // judge accepts, and our cost model's memory is stricter than Sailor's simulator's on V100
  // stages (docs/baselines.md), so at 128 and 320 GPUs the pick differs and at 512 it is the same.
  void ampRanksAsSailorsAmp_data() { sailorChoosesWhatRealSailorChose_data(); }
  void ampRanksAsSailorsAmp() {
    QFETCH(int, index);
    const Case& c = kCases[index];
    const Composition comp = resolveCluster(c.cluster, GpuCatalog::builtin());
    auto cost = costFor(comp);
    const AmpProfiles prof = ampProfilesFromSailor(*cost, *files.layer_times);
    const BaselineNetwork bn = BaselineNetwork::fromSailor(files.network, files.zone, *cost, comp);
    const AmpSpace sp = rankAmp(*cost, comp, bn, prof, {});
    const nlohmann::json doc = nlohmann::json::parse(readText(kData + "/sailor-fig8b/" + c.folder + "/amp.json"));
    QCOMPARE(static_cast<int>(sp.ranked.size()), doc.at("n_plans_returned").get<int>());
    const SailorRun ref = parseSailorPlan(doc.at("plan").dump(), "amp", GpuCatalog::builtin());
    const int refTp = ref.pipeline.replicas.front().front().tp;
    const AmpCandidate* pick = nullptr;
    for (const AmpCandidate& a : sp.ranked)
      if (a.tp == refTp && a.dp == ref.pipeline.dp() && a.pp == ref.pipeline.depth() && a.mbs == ref.pipeline.micro_batch) {
        pick = &a;
        break;
      }
    QVERIFY(pick);
    const double real = referenceEstimate(c.folder, "amp");
    QVERIFY2(std::fabs(pick->cost - real) <= 1e-6 * real, (std::to_string(pick->cost) + " vs " + std::to_string(real)).c_str());
    // The plan the amp planner returns, and why it differs where it does.
    AmpPlanner planner;
    planner.setSailorFiles(files);
    PlannerBudget unlimited;
    unlimited.seconds = 0;
    const PlannerResult r = planner.plan(*cost, unlimited, 0, {}, nullptr);
    QVERIFY2(r.found, r.stats.message.c_str());
    const std::string ours = describePipeline(fromSailorPlan(r.plan));
    const std::string refShape = describePipeline(ref.pipeline);
    qInfo("%s: ours %s | real %s | %s", c.folder, ours.c_str(), refShape.c_str(), r.stats.message.c_str());
    if (index == 2) {
      QCOMPARE(ours, refShape);
    } else {
      // The reference's pick is infeasible under our memory model: a V100 stage over 16 GiB.
      const PricedCandidate pc = priceSailorPipeline(*cost, nodesAsTheyAre(comp), ref.pipeline);
      qInfo("  the reference's pick here: %s", pc.problem.c_str());
      QVERIFY(!pc.feasible());
      QVERIFY2(pc.problem.find("v100-16") != std::string::npos && pc.problem.find("of 16.0 GiB") != std::string::npos,
               pc.problem.c_str());
    }
  }

  // Metis's search and estimator against Sailor's Metis on the same prefix of the search: the
  // reference stopped at its 120 s budget after `n_plans_returned` candidates, searching V100
  // first (its Python set order) and, at 320 GPUs, on 16 + 16 nodes (Sailor's harness cuts a
  // 20-node type to 16). Our search in the same order and with that many candidates ranks the
  // reference's pick first, at the reference's estimate.
  void metisRanksAsSailorsMetis_data() { sailorChoosesWhatRealSailorChose_data(); }
  void metisRanksAsSailorsMetis() {
    QFETCH(int, index);
    const Case& c = kCases[index];
    const char* cluster[] = {"v100-16:4x24,a100-40:4x8", "v100-16:4x16,a100-40:4x16", "v100-16:4x96,a100-40:4x32"};
    const Composition comp = resolveCluster(cluster[index], GpuCatalog::builtin());
    auto cost = costFor(comp);
    const BaselineNetwork bn = BaselineNetwork::fromSailor(files.network, files.zone, *cost, comp);
    const MetisModel model(*cost, comp, bn, files.layer_times.get());
    const nlohmann::json doc = nlohmann::json::parse(readText(kData + "/sailor-fig8b/" + c.folder + "/metis.json"));
    const long long budget = doc.at("n_plans_returned").get<long long>();
    const MetisSearch s = searchMetis(*cost, model, comp, [&](long long n) { return n >= budget; });
    QVERIFY(!s.ranked.empty());
    const MetisCandidate& top = s.ranked.front();
    // Appends, not "," + std::to_string(...): that form trips a false GCC 12 warning.
    const auto join = [](std::string& list, long long v) {
      if (!list.empty()) list += ',';
      list += std::to_string(v);
    };
    std::string groups, tps, part;
    for (size_t k = 0; k < top.groups.size(); ++k) {
      join(groups, top.groups[k]);
      join(tps, top.strategies[k].second);
    }
    for (size_t k = 0; k < top.partition.size(); ++k) join(part, top.partition[k]);
    const auto& pl = doc.at("plan").at("pipeline_list").at(0);
    std::string rgroups, rtps, rpart = "0";
    for (size_t k = 0; k < pl.at("dp").size(); ++k) {
      const int dp = pl.at("dp").at(k).get<int>();
      const int tp = pl.at("tmp_per_stage").at(k).at(0).at(1).get<int>();
      join(rgroups, dp * tp);
      join(rtps, tp);
      join(rpart, pl.at("layers_per_stage").at(k).back().get<int>() + 1);
    }
    const int refMbs = doc.at("plan").at("mbs").get<int>();
    const int ourMbs = cost->spec().global_batch / (top.batches * top.strategies.front().first);
    const double real = 1000 * referenceEstimate(c.folder, "metis");
    qInfo("%s: ours groups %s tp %s split %s mbs %d est %.2f ms | real groups %s tp %s split %s mbs %d est %.2f ms (%lld costed, %lld out of memory)",
          c.folder, groups.c_str(), tps.c_str(), part.c_str(), ourMbs, top.cost_ms, rgroups.c_str(), rtps.c_str(), rpart.c_str(),
          refMbs, real, s.costed, s.out_of_memory);
    QCOMPARE(groups, rgroups);
    QCOMPARE(tps, rtps);
    QCOMPARE(part, rpart);
    QCOMPARE(ourMbs, refMbs);
    // Within the optimizer time Metis's loader takes from whichever profile file it lists first.
    QVERIFY2(std::fabs(top.cost_ms - real) <= 0.001 * real, (std::to_string(top.cost_ms) + " vs " + std::to_string(real)).c_str());
  }

  // The metis planner on the reference's prefix: it returns the reference's pick where our plan
  // model holds it (one DP for all stages) and our cost model finds it feasible; at 128 GPUs the
  // pick gives its stages DP 32, 64 and 32, so the planner takes the first ranked plan it can hold.
  void metisPlannerOnTheReferencePrefix_data() { sailorChoosesWhatRealSailorChose_data(); }
  void metisPlannerOnTheReferencePrefix() {
    QFETCH(int, index);
    const Case& c = kCases[index];
    const char* cluster[] = {"v100-16:4x24,a100-40:4x8", "v100-16:4x16,a100-40:4x16", "v100-16:4x96,a100-40:4x32"};
    const Composition comp = resolveCluster(cluster[index], GpuCatalog::builtin());
    auto cost = costFor(comp);
    const nlohmann::json doc = nlohmann::json::parse(readText(kData + "/sailor-fig8b/" + c.folder + "/metis.json"));
    MetisPlanner planner;
    planner.setSailorFiles(files);
    PlannerBudget budget;
    budget.seconds = 0;
    budget.evaluations = doc.at("n_plans_returned").get<long long>();
    const PlannerResult r = planner.plan(*cost, budget, 0, {}, nullptr);
    QVERIFY2(r.found, r.stats.message.c_str());
    const std::string ours = describePipeline(fromSailorPlan(r.plan));
    const std::string real = describePipeline(parseSailorPlanLoose(doc.at("plan")));
    qInfo("%s: ours %s | real %s | %s", c.folder, ours.c_str(), real.c_str(), r.stats.message.c_str());
    if (index == 0) {
      QVERIFY(r.stats.message.find("different DP degrees") != std::string::npos);
      QVERIFY(ours != real);
    } else {
      QCOMPARE(ours, real);
    }
  }

  // The search and estimator themselves: on Sailor's per-index profiles and network fits the
  // port ranks as many plans as real Sailor and estimates the winner as it does.
  void sailorEstimatorMatchesRealSailor_data() { sailorChoosesWhatRealSailorChose_data(); }
  void sailorEstimatorMatchesRealSailor() {
    QFETCH(int, index);
    const Case& c = kCases[index];
    const Composition comp = resolveCluster(c.cluster, GpuCatalog::builtin());
    auto cost = costFor(comp);
    const SailorInputs in = buildSailorInputs(*cost, comp, files.layer_times.get());
    const BaselineNetwork bn = BaselineNetwork::fromSailor(files.network, files.zone, *cost, comp);
    SailorSearch search(in, bn, {});
    const std::vector<SailorConfig> ranked = search.run();
    QCOMPARE(static_cast<int>(ranked.size()), c.sailor_plans);
    const double real = referenceEstimate(c.folder, "sailor");
    QVERIFY2(std::fabs(ranked.front().tpp - real) <= 1e-9 * real,
             (std::to_string(ranked.front().tpp) + " vs " + std::to_string(real)).c_str());
    // Each configuration's TP degrees are Sailor's: 1, 2 or 4.
    for (const SailorConfig& cfg : ranked)
      for (const auto& stage : cfg.assign)
        for (const auto& g : stage) QVERIFY(g.tp == 1 || g.tp == 2 || g.tp == 4);
  }
};

QTEST_APPLESS_MAIN(TstBaselineFaithfulness)
#include "tst_baseline_faithfulness.moc"
