// memoryLowerBound: it proves what no planner can fit (the cluster's total memory, or one
// pipeline's layers), and never fires where a plan exists (on every preset with every catalog
// model, the held-out and validation sets' analytic problems, and a problem on Sailor's measured
// profiles), and every plan greedy finds uses at least it.
#include <QtTest>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "cost/cost_model.h"
#include "model/model_catalog.h"
#include "planning/construction_space.h"
#include "planning/greedy_planner.h"
#include "planning/memory_lower_bound.h"
#include "planning_world.h"
#include "profile/analytic_profiler.h"
#include "sailor/sailor_layer_info.h"
#include "sailor/sailor_profile_import.h"
#include "validation/heldout_set.h"

using namespace arachne;

namespace {

PlannerResult greedy(const CostModel& cost) {
  GreedyPlanner g(1);
  return g.plan(cost, PlannerBudget{0, 3000}, 0, nullptr, nullptr);
}

// What a plan's GPUs hold as priced (each stage at its most loaded GPU), less the overhead the
// bound leaves out: at least the bound when the bound is one.
double heldByPlan(const PlanReport& r, const Plan& plan) {
  double sum = 0;
  for (size_t t = 0; t < plan.templates.size() && t < r.templates.size(); ++t)
    for (size_t s = 0; s < plan.templates[t].stages.size(); ++s)
      sum += double(plan.templates[t].stages[s].tp) * plan.templates[t].replicas *
             (r.templates[t].stages[s].memory.total() - kFrameworkOverheadBytes);
  return sum;
}

void checkAnalyticSet(const std::string& file, int* checked) {
  const HeldoutSet set = loadHeldoutSet(file, GpuCatalog::builtin());
  for (const HeldoutProblem& p : set.problems) {
    if (!p.profiles_path.empty()) continue;
    const Model model = resolveModel(p.model);
    const TrainingSpec spec = heldoutTrainingSpec(p, model);
    const ProfileSet profiles = makeAnalyticProfiles(GpuCatalog::builtin(), p.composition.gpuTypes(), model, spec);
    const CostModel cost(GpuCatalog::builtin(), p.composition, model, spec, profiles);
    QVERIFY2(!memoryLowerBound(cost).provesInfeasible(), p.id.c_str());
    ++*checked;
  }
}

}  // namespace

class TstMemoryLowerBound : public QObject {
  Q_OBJECT
 private slots:
  void provesWhatNoPlannerCanFit() {
    // Six H100s (456 GiB after the framework's share) against qwen3-30b-a3b's 30.5 B parameters
    // at 18 B each; twelve GPUs of three types against qwen3-32b with its activations.
    for (const auto& [cluster, model] : {std::pair<const char*, const char*>{"h100:3x2", "qwen3-30b-a3b"},
                                         {"l4:1x3+5x1,rtx-4090:1x1,h200:3x1", "qwen3-32b"}}) {
      PlanningWorld w(cluster, model);
      const MemoryLowerBound b = memoryLowerBound(*w.cost);
      QVERIFY2(b.provesInfeasible(), cluster);
      QVERIFY(!greedy(*w.cost).found);
    }
  }

  // A cluster whose total memory would hold llama3-70b but whose GPUs are small and in small
  // nodes: sixteen TP groups, each on one node, hold too few of its 82 layers (`train-06` of the
  // training sample, where arachne used to spend its whole budget).
  void provesWhenNoPipelineHoldsEveryLayer() {
    PlanningWorld w("titan-rtx:2x79+1x1,a6000:4x3+1x1,rtx-4090:4x6", "llama3-70b");
    const MemoryLowerBound b = memoryLowerBound(*w.cost);
    QVERIFY2(b.needed_bytes <= b.usable_bytes, "the total alone proves nothing here");
    QCOMPARE(b.layers, 82);
    QCOMPARE(b.depth_cap, kDefaultDepthCap);
    QVERIFY2(b.pipelineTooShort(), qPrintable(QString::number(b.pipeline_layers)));
    QVERIFY(b.pipeline_layers > 0);
    QVERIFY(b.provesInfeasible());
    QVERIFY(!greedy(*w.cost).found);
    const std::string why = b.why().english();
    QVERIFY2(why.find("at most 16 stages") != std::string::npos && why.find("of the model's 82 layers") != std::string::npos,
             why.c_str());
    // Deeper pipelines hold more layers, never fewer, until every group is in one: the Titan
    // RTXs have no bf16 profile, so the three A6000 nodes' TP 4 groups (10 layers each), the
    // single A6000 (2) and the six RTX 4090 nodes' (4 each) hold 56 at most, at any depth. One
    // stage holds what the best single group holds.
    int last = 0;
    for (int depth : {1, 2, 4, 16, 32, 82}) {
      const MemoryLowerBound d = memoryLowerBound(*w.cost, depth);
      QVERIFY(d.pipeline_layers >= last);
      last = d.pipeline_layers;
    }
    QCOMPARE(last, 3 * 10 + 2 + 6 * 4);
    PlanningWorld a6000("a6000:4x1", "llama3-70b");
    QCOMPARE(memoryLowerBound(*w.cost, 1).pipeline_layers, 10);
    QCOMPARE(memoryLowerBound(*a6000.cost, 1).pipeline_layers, 10);
    // Sound where the cost model decides: eleven blocks on an A6000 TP 4 group do not fit it at
    // any profiled micro-batch (ten is the bound's most; it may be optimistic, never short).
    const int g = a6000.cost->gpuIndex("a6000");
    for (int mbs : a6000.cost->profiles().microBatches("a6000", 4)) {
      const StageMemory m = a6000.cost->stageMemory(g, 4, mbs, 1, 11, 0, 1, 1, 1);
      QVERIFY(m.capacity > 0 && m.total() > m.capacity);
    }
    // A MoE model is not bounded per pipeline (its experts spread over the replicas).
    PlanningWorld moe("titan-rtx:2x79+1x1,a6000:4x3+1x1,rtx-4090:4x6", "mixtral-8x7b");
    QCOMPARE(memoryLowerBound(*moe.cost).pipeline_layers, -1);
  }

  void neverFiresWhereAPlanExists() {
    int fired = 0, planned = 0;
    for (const std::string& name : presetNames()) {
      const Composition c = loadPreset(name, GpuCatalog::builtin());
      for (const Model& m : ModelCatalog::builtin().models()) {
        PlanningWorld w(c, m.id);
        const MemoryLowerBound b = memoryLowerBound(*w.cost);
        QVERIFY(b.needed_bytes > 0);
        // Greedy where the bound fires (it must find nothing) and on the smaller presets (its
        // plans must hold at least the bound); on the larger ones it takes seconds each, and
        // the bound only has to stay quiet there (it proves nothing on them).
        const bool plan = b.provesInfeasible() || c.totalGpus() <= 128;
        if (!plan) continue;
        const PlannerResult r = greedy(*w.cost);
        const QString what = QString::fromStdString(name + " / " + m.id);
        if (b.provesInfeasible()) {
          ++fired;
          QVERIFY2(!r.found, qPrintable(what + ": the bound fired but greedy found a plan"));
        }
        if (r.found) {
          ++planned;
          QVERIFY2(heldByPlan(r.report, r.plan) >= b.needed_bytes,
                   qPrintable(what + ": a plan holds less than the bound"));
        }
      }
    }
    QVERIFY(planned > 50);
    QVERIFY(fired > 0);
    qInfo("presets x models: %d planned by greedy, bound fired on %d", planned, fired);
    int checked = 0;
    checkAnalyticSet(ARACHNE_SOURCE_DIR "/bench/heldout/heldout-problems.json", &checked);
    checkAnalyticSet(ARACHNE_SOURCE_DIR "/bench/heldout/validation-problems.json", &checked);
    QVERIFY(checked >= 70);
  }

  void measuredProfilesToo() {
    // Sailor's Fig. 8b inputs at their smallest (OPT-350 on 32 A100-40 + 96 V100-16) on Sailor's
    // own measured profiles: a plan exists, so the bound must not fire.
    const std::string data = std::string(ARACHNE_TEST_DATA) + "/sailor/Planner";
    const Composition c = parseInlineCluster("a100-40:4x8,v100-16:4x24", GpuCatalog::builtin());
    const Model model = resolveModel("opt-350m");
    const SailorLayerInfo info = SailorLayerInfo::load(data + "/llm_info.json");
    const ProfileSet profiles =
        loadSailorProfiles(data + "/simulations/profiles_tmp.json", model, GpuCatalog::builtin(), info).profiles;
    const CostModel cost(GpuCatalog::builtin(), c, model, model.default_training, profiles);
    QVERIFY(greedy(cost).found);
    QVERIFY(!memoryLowerBound(cost).provesInfeasible());
  }
};

QTEST_GUILESS_MAIN(TstMemoryLowerBound)
#include "tst_memory_lower_bound.moc"
