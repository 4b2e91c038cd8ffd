// Why GPUs are unused: every use of a type's free GPUs is priced (a template of their own at
// every depth and TP degree, another replica of a template, a new stage of a template), the
// best one decides the reason, and all nodes of a type share it.
#include <QtTest>

#include <algorithm>
#include <cstdio>

#include "plan/texts.h"
#include "plan/unused_gpu_groups.h"
#include "planning/construction_episode.h"
#include "planning/unused_gpu_explainer.h"
#include "planning_world.h"

using namespace arachne;

namespace {
// One H100 template of TP 8 with `replicas` replicas on the first nodes, priced.
Plan h100Plan(const CostModel& cost, int replicas) {
  Plan p;
  Template t;
  t.replicas = replicas;
  t.micro_batch = 1;
  Stage s{"h100", 8, 0, cost.model().layerCount() - 1, {}, std::nullopt};
  for (int r = 0; r < replicas; ++r) s.node_ids.push_back(r);
  t.stages = {s};
  p.templates = {t};
  cost.priceAndUpdate(p);
  return p;
}

FreeGpus freeAfter(const CostModel& cost, const Plan& p) {
  FreeGpus f(cost.composition());
  for (const Template& t : p.templates)
    for (const Stage& s : t.stages)
      for (int n : s.node_ids) {
        // take() picks by its rule; the plan's nodes are the first ones, as take() would choose.
        const int got = f.take(f.typeIndex(s.gpu_type), s.tp);
        if (got != n) qFatal("fixture: node %d expected, %d taken", n, got);
      }
  return f;
}

std::string fmt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}
// The unused-GPU list of an empty plan on `cluster` with llama3-8b trained in `precision`.
std::vector<UnusedGpus> unusedAt(const char* cluster, Precision precision) {
  const Composition comp = parseInlineCluster(cluster, GpuCatalog::builtin());
  const Model model = resolveModel("llama3-8b");
  TrainingSpec spec = model.default_training;
  spec.precision = precision;
  const ProfileSet profiles = makeAnalyticProfiles(GpuCatalog::builtin(), comp.gpuTypes(), model, spec);
  const CostModel cost(GpuCatalog::builtin(), comp, model, spec, profiles);
  ConstructionEpisode e(cost);
  return UnusedGpuExplainer::explain(e.fill(), e.space(), Plan{}, FreeGpus(comp));
}
}  // namespace

class TstUnusedGpuExplainer : public QObject {
  Q_OBJECT
 private slots:
  void everyKindOfUseIsPricedAndTheBestOneNamed() {
    PlanningWorld w("h100:8x3,a6000:4x2", "llama3-8b");
    const CostModel& c = *w.cost;
    const Plan plan = h100Plan(c, 2);
    const FreeGpus free = freeAfter(c, plan);
    ConstructionEpisode e(c);
    const auto uses = UnusedGpuExplainer::uses(e.fill(), e.space(), plan, free, free.typeIndex("h100"));
    auto has = [&](UnusedGpuUse::Kind k, bool feasible) {
      return std::any_of(uses.begin(), uses.end(), [&](const UnusedGpuUse& u) { return u.kind == k && u.feasible == feasible; });
    };
    QVERIFY(has(UnusedGpuUse::Kind::OwnTemplate, true));
    QVERIFY(has(UnusedGpuUse::Kind::AnotherReplica, true));
    QVERIFY(std::any_of(uses.begin(), uses.end(), [](const UnusedGpuUse& u) { return u.kind == UnusedGpuUse::Kind::NewStage; }));
    // Another replica: the plan priced with three replicas of the template.
    for (const auto& u : uses)
      if (u.kind == UnusedGpuUse::Kind::AnotherReplica) {
        QCOMPARE(u.changed, 0);
        QVERIFY(u.report.feasible);
        QCOMPARE(u.what.english(), std::string("another replica of template 1 (8 GPUs)"));
      }
    const UnusedGpuUse* best = nullptr;
    for (const auto& u : uses)
      if (u.feasible && (!best || u.throughput > best->throughput)) best = &u;
    QVERIFY(best);
    const auto unused = UnusedGpuExplainer::explain(e.fill(), e.space(), plan, free);
    const auto node2 = std::find_if(unused.begin(), unused.end(), [](const UnusedGpus& u) { return u.node_id == 2; });
    QVERIFY(node2 != unused.end());
    QCOMPARE(node2->count, 8);
    // The reason names the best use and its throughput.
    QVERIFY2(node2->reason.find(best->what.english()) != std::string::npos, node2->reason.c_str());
    QVERIFY2(node2->reason.find(fmt(best->throughput)) != std::string::npos, node2->reason.c_str());
    QCOMPARE(node2->why.english(), node2->reason);
    // Both A6000 nodes share one reason (one analysis per type).
    std::vector<std::string> a6000;
    for (const auto& u : unused)
      if (u.gpu_type == "a6000") a6000.push_back(u.reason);
    QCOMPARE(int(a6000.size()), 2);
    QCOMPARE(a6000[0], a6000[1]);
  }

  // A stop condition (the planners' budget and its grace) ends the pricing of uses: asked
  // before every use, it cuts the list, and the reason says how many uses were tried, with the
  // verdict on those; a stop before the first use says nothing was examined. Without a stop, or
  // with one that never fires, the reasons are those of the full analysis.
  void aStopCutsTheUsesAndTheReasonSaysSo() {
    PlanningWorld w("h100:8x3,a6000:4x2", "llama3-8b");
    const CostModel& c = *w.cost;
    const Plan plan = h100Plan(c, 2);
    const FreeGpus free = freeAfter(c, plan);
    ConstructionEpisode e(c);
    const auto full = UnusedGpuExplainer::explain(e.fill(), e.space(), plan, free);
    QCOMPARE(UnusedGpuExplainer::explain(e.fill(), e.space(), plan, free, [] { return false; }), full);

    const auto none = UnusedGpuExplainer::explain(e.fill(), e.space(), plan, free, [] { return true; });
    QCOMPARE(none.size(), full.size());  // every free node still gets a reason
    for (const auto& u : none) {
      QCOMPARE(std::string(u.why.text), std::string(text::kUnusedNotExamined));
      QVERIFY2(u.reason.find(u.gpu_type) != std::string::npos, u.reason.c_str());
    }

    // Stop after three questions: the h100's analysis tries three uses, and the a6000's none.
    int asked = 0;
    const auto cut = UnusedGpuExplainer::explain(e.fill(), e.space(), plan, free, [&asked] { return ++asked > 3; });
    for (const auto& u : cut) {
      if (u.gpu_type == "h100") {
        QCOMPARE(std::string(u.why.text), std::string(text::kUnusedCut));
        QVERIFY2(u.reason.find("only 3 uses were tried") != std::string::npos, u.reason.c_str());
      } else {
        QCOMPARE(std::string(u.why.text), std::string(text::kUnusedNotExamined));
      }
    }
  }

  // For display, runs of consecutive nodes with one type, count and reason become one group.
  void groupsJoinRunsOfNodesWithOneReason() {
    std::vector<UnusedGpus> list = {{"a100-80", 4, 8, "why A", {}}, {"a100-80", 5, 8, "why A", {}},
                                    {"a100-80", 6, 8, "why A", {}}, {"a100-80", 7, 4, "why A", {}},
                                    {"a100-80", 9, 8, "why A", {}}, {"a100-80", 10, 8, "why B", {}},
                                    {"a6000", 11, 8, "why B", {}}};
    const auto g = groupUnusedGpus(list);
    QCOMPARE(int(g.size()), 5);
    QCOMPARE(g[0].first_node, 4);
    QCOMPARE(g[0].last_node, 6);
    QCOMPARE(g[0].nodes(), 3);
    QCOMPARE(g[0].count, 8);
    QCOMPARE(g[1].first_node, 7);  // another count
    QCOMPARE(g[2].first_node, 9);  // a gap in the ids, then another reason
    QCOMPARE(g[2].nodes(), 1);
    QCOMPARE(g[3].reason, std::string("why B"));
    QCOMPARE(g[4].gpu_type, std::string("a6000"));  // another type
    QVERIFY(groupUnusedGpus({}).empty());
  }

  void verdictFollowsTheThroughputChange() {
    PlanningWorld w("h100:8x3,a6000:4x2", "llama3-8b");
    const CostModel& c = *w.cost;
    const Plan plan = h100Plan(c, 2);
    const FreeGpus free = freeAfter(c, plan);
    ConstructionEpisode e(c);
    const double before = c.price(plan, true).throughput.sequences_per_s;
    for (const char* type : {"h100", "a6000"}) {
      const auto uses = UnusedGpuExplainer::uses(e.fill(), e.space(), plan, free, free.typeIndex(type));
      double bestThr = -1;
      for (const auto& u : uses)
        if (u.feasible) bestThr = std::max(bestThr, u.throughput);
      const auto unused = UnusedGpuExplainer::explain(e.fill(), e.space(), plan, free);
      const auto it = std::find_if(unused.begin(), unused.end(), [&](const UnusedGpus& u) { return u.gpu_type == type; });
      QVERIFY(it != unused.end());
      const char* wording = it->why.text;
      if (bestThr < 0)
        QCOMPARE(std::string(wording), std::string(text::kUnusedNoUse));
      else if (bestThr > before * 1.0005)
        QCOMPARE(std::string(wording), std::string(text::kUnusedHigher));
      else if (bestThr < before * 0.9995)
        QCOMPARE(std::string(wording), std::string(text::kUnusedLower));
      else
        QCOMPARE(std::string(wording), std::string(text::kUnusedUnchanged));
    }
  }

  void tooSmallNodesSayWhatIsShort() {
    PlanningWorld w("h100:8x1,a6000:1x2", "llama3-70b");
    ConstructionEpisode e(w.cost.operator*());
    const FreeGpus free(w.composition);
    const auto unused = UnusedGpuExplainer::explain(e.fill(), e.space(), Plan{}, free);
    bool sawA6000 = false;
    for (const auto& u : unused)
      if (u.gpu_type == "a6000") {
        sawA6000 = true;
        QCOMPARE(std::string(u.why.text), std::string(text::kUnusedNoUse));
        QVERIFY2(u.reason.find("GiB") != std::string::npos, u.reason.c_str());
      }
    QVERIFY(sawA6000);
  }

  // When no use fits because activations overflow, the reason says that checkpointing is off;
  // with checkpointing on, or when the parameters overflow, it does not.
  void activationBoundReasonsNameCheckpointing() {
    auto explain = [](const char* cluster, const char* modelId, int seqLen, bool checkpointing) {
      const Composition comp = parseInlineCluster(cluster, GpuCatalog::builtin());
      const Model model = resolveModel(modelId);
      TrainingSpec spec = model.default_training;
      spec.sequence_length = seqLen;
      spec.global_batch = 64;
      spec.activation_checkpointing = checkpointing;
      const ProfileSet profiles = makeAnalyticProfiles(GpuCatalog::builtin(), comp.gpuTypes(), model, spec);
      const CostModel cost(GpuCatalog::builtin(), comp, model, spec, profiles);
      ConstructionEpisode e(cost);
      const auto unused = UnusedGpuExplainer::explain(e.fill(), e.space(), Plan{}, FreeGpus(comp));
      return unused.empty() ? std::string() : unused.front().reason;
    };
    const std::string hint = "activation checkpointing is off";
    // 512k tokens per sequence: one micro-batch's activations exceed an H100 at every split,
    // which checkpointing fixes (the same problem plans with it on); at 4M tokens it does not.
    const std::string off = explain("h100:8x2", "llama3-8b", 524288, false);
    QVERIFY2(off.find("none of the") == 0 && off.find("activations") != std::string::npos, off.c_str());
    QVERIFY2(off.find(hint) != std::string::npos, off.c_str());
    QVERIFY2(explain("h100:8x2", "llama3-8b", 524288, true).find("none of the") != 0, "fits with checkpointing");
    const std::string on = explain("h100:8x2", "llama3-8b", 4194304, true);
    QVERIFY2(on.find("none of the") == 0, on.c_str());
    QVERIFY2(on.find(hint) == std::string::npos, on.c_str());
    // 70 B parameters on two A6000s: the weights overflow, checkpointing would not help.
    const std::string params = explain("a6000:1x2", "llama3-70b", 4096, false);
    QVERIFY2(params.find("none of the") == 0 && params.find("activations") == std::string::npos, params.c_str());
    QVERIFY2(params.find(hint) == std::string::npos, params.c_str());
  }

  // A type that cannot run the precision at all (FP8 on an A100) is named for that, not for
  // having no profile; a type whose profiles are merely absent keeps the general reason.
  void aTypeWithoutThePrecisionSaysSo() {
    bool sawA100 = false;
    for (const auto& u : unusedAt("h100:8x1,a100-80:8x1", Precision::Fp8)) {
      if (u.gpu_type != "a100-80") continue;
      sawA100 = true;
      QCOMPARE(std::string(u.why.text), std::string(text::kUnusedNoPrecision));
      QCOMPARE(u.reason, std::string("a100-80 has no fp8 matmul units (0 TFLOP/s at fp8), so no plan trained in fp8 "
                                     "can use it (precisions it can train in: bf16, fp16, fp32)"));
    }
    QVERIFY(sawA100);
  }

  // A V100 at bf16 (the models' default) names fp16 and fp32, the precisions that would use it.
  void aV100AtBf16NamesThePrecisionsItRuns() {
    bool sawV100 = false;
    for (const auto& u : unusedAt("h100:8x1,v100-32:8x1", Precision::Bf16)) {
      if (u.gpu_type != "v100-32") continue;
      sawV100 = true;
      QCOMPARE(u.reason, std::string("v100-32 has no bf16 matmul units (0 TFLOP/s at bf16), so no plan trained in bf16 "
                                     "can use it (precisions it can train in: fp16, fp32)"));
    }
    QVERIFY(sawV100);
  }

  void partlyUsedNodeSaysHowMuchIsFree() {
    PlanningWorld w("h100:8x1", "llama3-8b");
    const CostModel& c = *w.cost;
    Plan p;
    Template t;
    t.stages = {Stage{"h100", 4, 0, c.model().layerCount() - 1, {0}, std::nullopt}};
    p.templates = {t};
    c.priceAndUpdate(p);
    FreeGpus free(c.composition());
    QCOMPARE(free.take(0, 4), 0);
    ConstructionEpisode e(c);
    const auto unused = UnusedGpuExplainer::explain(e.fill(), e.space(), p, free);
    QCOMPARE(int(unused.size()), 1);
    QCOMPARE(unused[0].count, 4);
    QVERIFY2(unused[0].reason.rfind("4 of its 8 GPUs are free; ", 0) == 0, unused[0].reason.c_str());
  }
};

QTEST_APPLESS_MAIN(TstUnusedGpuExplainer)
#include "tst_unused_gpu_explainer.moc"
