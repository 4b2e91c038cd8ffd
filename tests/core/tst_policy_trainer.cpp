// A seeded smoke training on a small composition: afterwards the policy's greedy plan is faster
// than the untrained policy's greedy plan on the same composition.
// torch comes before Qt: Qt's `slots` macro would break the torch headers.
#include <torch/torch.h>

#include <QtTest>

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
  // self-imitation buffer before any update, at greedy's depth and throughput; without, nothing.
  void demonstrationsSeedTheImitationBuffer() {
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

    TrainerOptions none;
    PolicyTrainer plain(net, none);
    plain.addProblem(*world.cost, "demo");
    QCOMPARE(plain.imitationBuffer().size(), size_t(0));
    QCOMPARE(plain.evaluations(), 0LL);
  }
};

QTEST_GUILESS_MAIN(TstPolicyTrainer)
#include "tst_policy_trainer.moc"
