// A seeded smoke training on a small composition: afterwards the policy's greedy plan is faster
// than the untrained policy's greedy plan on the same composition.
// torch comes before Qt: Qt's `slots` macro would break the torch headers.
#include <torch/torch.h>

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

#include "planning/greedy_planner.h"
#include "policy/policy_episode_view.h"
#include "policy/policy_network.h"
#include "policy/policy_rollout.h"
#include "policy/policy_state.h"
#include "policy/policy_trainer.h"
#include "planning_world.h"

using namespace arachne;

namespace {
double greedyThroughput(PolicyNetwork& net, const CostModel& cost) {
  ConstructionEpisode episode(cost);
  const PolicyState state(net.config(), cost);
  const PolicyEpisodeView view(state, episode);
  std::mt19937_64 rng(0);
  RolloutOptions greedy;
  greedy.greedy = true;
  return runPolicyRollout(net, view, episode, rng, greedy).throughput;
}
}  // namespace

class TstPolicyTrainer : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    torch::set_num_threads(1);  // reproducible reductions
    torch::manual_seed(1);
  }

  void smokeTrainingBeatsTheUntrainedPolicy() {
    PolicyConfig config;
    config.hidden = 64;
    config.d_max = 8;
    auto net = std::make_shared<PolicyNetwork>(config);
    PlanningWorld world("a100-40:4x2,a6000:4x2+1x4,h100:2x1", "llama3-8b");
    const double untrained = greedyThroughput(*net, *world.cost);

    TrainerOptions o;
    o.group_size = 8;
    o.problems_per_update = 1;
    o.learning_rate = 3e-3;
    o.exploration.decay_updates = 20;
    o.imitation_interval = 3;
    o.seed = 4;
    PolicyTrainer trainer(net, o);
    trainer.addProblem(*world.cost, "smoke");
    UpdateStats last;
    double best = 0;
    for (int i = 0; i < 40; ++i) {
      last = trainer.update();
      best = std::max(best, last.best_throughput);
      QVERIFY(last.rollouts == 8 && last.evaluations > 0);
    }
    QCOMPARE(trainer.updates(), 40LL);
    QVERIFY(trainer.imitationBuffer().size() > 0);
    const double trained = greedyThroughput(*net, *world.cost);
    qInfo("greedy plan: %.3f seq/s untrained, %.3f seq/s after 40 updates (%lld evaluations); best "
          "rollout seen %.3f",
          untrained, trained, trainer.evaluations(), best);
    QVERIFY(trained > untrained);
    QVERIFY(trained >= 0.8 * best);  // near the best rollout training ever saw
  }

  // With demonstrations, adding a problem puts the greedy planner's construction in the
  // self-imitation buffer before any update, at greedy's depth and throughput, and cloning it
  // makes the policy's greedy rollout reproduce it; without demonstrations the buffer is empty.
  void demonstrationsSeedTheImitationBuffer() {
    torch::manual_seed(2);
    auto net = std::make_shared<PolicyNetwork>(PolicyConfig{});
    PlanningWorld world("a100-40:4x2,a6000:4x2+1x4,h100:2x1", "llama3-8b");
    PlannerBudget budget;
    budget.seconds = 0;
    const PlannerResult greedy = GreedyPlanner().plan(*world.cost, budget, 1, {}, nullptr);
    QVERIFY(greedy.found);
    const int depth = int(greedy.construction.front().placed.stages.size());

    TrainerOptions o;
    o.greedy_demonstrations = true;
    PolicyTrainer trainer(net, o);
    trainer.addProblem(*world.cost, "demo");
    QCOMPARE(trainer.imitationBuffer().size(), size_t(1));
    QVERIFY(std::abs(trainer.imitationBuffer().best("demo", depth) - greedy.report.throughput.sequences_per_s) <=
            1e-9 * greedy.report.throughput.sequences_per_s);
    QVERIFY(trainer.evaluations() >= greedy.stats.evaluations);

    // Cloning the demonstration makes the policy's own greedy rollout build greedy's plan.
    const double before = greedyThroughput(*net, *world.cost);
    const PolicyTrainer::Cloning c = trainer.cloneDemonstrations(150);
    QCOMPARE(c.epochs, 150);
    QVERIFY(c.decisions > 0);
    QVERIFY2(c.last_loss < 0.5 * c.first_loss, qPrintable(QString("%1 -> %2").arg(c.first_loss).arg(c.last_loss)));
    const double after = greedyThroughput(*net, *world.cost);
    qInfo("policy greedy rollout %.3f -> %.3f seq/s; greedy planner %.3f", before, after,
          greedy.report.throughput.sequences_per_s);
    QVERIFY(std::abs(after - greedy.report.throughput.sequences_per_s) <= 1e-9 * after);

    TrainerOptions none;
    PolicyTrainer plain(net, none);
    plain.addProblem(*world.cost, "demo");
    QCOMPARE(plain.imitationBuffer().size(), size_t(0));
    QCOMPARE(plain.evaluations(), 0LL);
  }

  // On a composition small enough, exhaustive's plan is demonstrated beside greedy's; on
  // paper-growth-7 it is two templates (5.30 seq/s) where greedy builds one (5.20), and the
  // buffer's best is exhaustive's. Above the GPU limit only greedy demonstrates.
  void smallCompositionsAlsoGetExhaustiveDemonstrations() {
    auto net = std::make_shared<PolicyNetwork>(PolicyConfig{});
    PlanningWorld world("rtx-pro-6000:3x1,a6000:4x1", "llama3-8b");
    PlannerBudget budget;
    budget.seconds = 0;
    const PlannerResult greedy = GreedyPlanner().plan(*world.cost, budget, 1, {}, nullptr);
    QVERIFY(greedy.found);
    const int greedyDepth = int(greedy.construction.front().placed.stages.size());
    TrainerOptions o;
    o.greedy_demonstrations = true;
    o.exhaustive_demonstration_gpus = 7;
    PolicyTrainer trainer(net, o);
    trainer.addProblem(*world.cost, "small");
    QCOMPARE(trainer.exhaustiveBetter(), 1LL);
    double best = 0;
    for (int d = 1; d <= 8; ++d) best = std::max(best, trainer.imitationBuffer().best("small", d));
    qInfo("greedy %.3f seq/s, best demonstration %.3f seq/s", greedy.report.throughput.sequences_per_s, best);
    QVERIFY(best > 1.01 * greedy.report.throughput.sequences_per_s);
    QVERIFY(std::abs(trainer.imitationBuffer().best("small", greedyDepth) - greedy.report.throughput.sequences_per_s) <=
            1e-9 * best);  // greedy's stays in its own depth's buffer

    o.exhaustive_demonstration_gpus = 6;
    PolicyTrainer greedyOnly(net, o);
    greedyOnly.addProblem(*world.cost, "small");
    QCOMPARE(greedyOnly.exhaustiveBetter(), 0LL);
    QCOMPARE(greedyOnly.imitationBuffer().size(), size_t(1));
  }
  // Expert iteration: after an update, the best kept plan of its problem is polished by the
  // stage-order and stage-edit sweeps, and a better construction enters the buffer above every
  // rollout of the update; the same seed polishes to the same plan (distributed ranks rely on
  // it); without the option the buffer's best is the best rollout's.
  void polishingImprovesTheBestKeptPlan() {
    PlanningWorld world("a100-40:4x2,a6000:4x2+1x4,h100:2x1", "llama3-8b");
    const auto bufferBest = [](const PolicyTrainer& t) {
      double best = 0;
      for (int d = 1; d <= 32; ++d) best = std::max(best, t.imitationBuffer().best("p", d));
      return best;
    };
    const auto trained = [&](long long polish, UpdateStats& stats) {
      torch::manual_seed(3);
      auto net = std::make_shared<PolicyNetwork>(PolicyConfig{});
      TrainerOptions o;
      o.problems_per_update = 1;
      o.imitation_interval = 0;
      o.polish_evaluations = polish;
      o.seed = 5;
      auto t = std::make_unique<PolicyTrainer>(net, o);
      t->addProblem(*world.cost, "p");
      stats = t->update();
      return t;
    };
    UpdateStats plainStats, polishedStats, againStats;
    const auto plain = trained(0, plainStats);
    QCOMPARE(plain->polishImproved(), 0LL);
    QVERIFY(plainStats.best_throughput > 0);
    QVERIFY(std::abs(bufferBest(*plain) - plainStats.best_throughput) <= 1e-9 * plainStats.best_throughput);

    const auto polished = trained(2000, polishedStats);
    QCOMPARE(polishedStats.best_throughput, plainStats.best_throughput);  // the same rollouts
    QCOMPARE(polished->polishImproved(), 1LL);
    QVERIFY(polishedStats.evaluations > plainStats.evaluations);  // the sweeps' fills count
    qInfo("best rollout %.3f seq/s, polished %.3f", plainStats.best_throughput, bufferBest(*polished));
    QVERIFY(bufferBest(*polished) > 1.001 * plainStats.best_throughput);

    const auto again = trained(2000, againStats);
    QCOMPARE(bufferBest(*again), bufferBest(*polished));
    QCOMPARE(againStats.evaluations, polishedStats.evaluations);
  }
};

QTEST_GUILESS_MAIN(TstPolicyTrainer)
#include "tst_policy_trainer.moc"
