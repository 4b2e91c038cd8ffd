// The flat-rl ablation: masks of all six decisions honoured, templates placed as decided (layers
// add up, rewards add up), a seeded smoke training, weights of the wrong kind refused, fallback.
// torch comes before Qt: Qt's `slots` macro would break the torch headers.
#include <torch/torch.h>

#include <QtTest>

#include <cmath>
#include <fstream>
#include <random>
#include <sstream>

#include "io/load_error.h"
#include "planning/greedy_planner.h"
#include "planning/planner_extensions.h"
#include "policy/composition_generator.h"
#include "policy/flat_episode_view.h"
#include "policy/learned_planners.h"
#include "policy/policy_episode_view.h"
#include "policy/policy_io.h"
#include "policy/policy_network.h"
#include "policy/policy_rollout.h"
#include "policy/policy_state.h"
#include "policy/policy_trainer.h"
#include "planning_world.h"

using namespace arachne;

namespace {

PolicyConfig smallFlat() {
  PolicyConfig c;
  c.hidden = 64;
  c.d_max = 8;
  c.flat = true;
  return c;
}

std::string tempPath(const char* name) {
  return QDir::temp().filePath(QString("arachne_%1_%2").arg(QCoreApplication::applicationPid()).arg(name)).toStdString();
}

double greedyThroughput(PolicyNetwork& net, const CostModel& cost) {
  ConstructionEpisode episode(cost);
  const PolicyState state(net.config(), cost);
  const PolicyEpisodeView view(state, episode);
  std::mt19937_64 rng(0);
  RolloutOptions greedy;
  greedy.greedy = true;
  return runPolicyRollout(net, view, episode, rng, greedy).throughput;
}

// Layers of every template of the plan: contiguous from 0 to the model's last layer.
bool layersCoverTheModel(const Plan& plan, int layers, std::string& why) {
  for (size_t t = 0; t < plan.templates.size(); ++t) {
    int next = 0;
    for (const Stage& s : plan.templates[t].stages) {
      if (s.first_layer != next || s.last_layer < s.first_layer) {
        why = "template " + std::to_string(t) + " has a gap or an empty stage at layer " + std::to_string(next);
        return false;
      }
      next = s.last_layer + 1;
    }
    if (next != layers) {
      why = "template " + std::to_string(t) + " holds " + std::to_string(next) + " of " + std::to_string(layers) + " layers";
      return false;
    }
  }
  return true;
}

PlannerBudget seconds(double s) {
  PlannerBudget b;
  b.seconds = s;
  return b;
}

}  // namespace

class TstFlatRl : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    torch::set_num_threads(1);
    torch::manual_seed(1);
  }

  void anArachneNetworkHasNoFlatHeads() {
    const PolicyConfig arachneConfig;
    auto arachneNet = std::make_shared<PolicyNetwork>(arachneConfig);
    auto flatNet = std::make_shared<PolicyNetwork>(PolicyConfig{.flat = true});
    QVERIFY(flatNet->parameters().size() == arachneNet->parameters().size() + 18);
    PlanningWorld world("a100-40:4x2,h100:2x1", "llama3-8b");
    const PolicyState state(arachneConfig, *world.cost);
    ConstructionEpisode episode(*world.cost);
    const PolicyEpisodeView view(state, episode);
    PolicyDecision d = view.depthDecision(episode);
    d.kind = DecisionKind::Layers;
    d.context.assign(static_cast<size_t>(arachneNet->layout().flatContextSize()), 0.0f);
    d.candidates.clear();
    d.mask.assign(PolicyConfig::kLayerChoices, 1);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, arachneNet->decide(d, nullptr));
  }

  // Every sampled action of all six heads is allowed by its mask; every placed template holds
  // the model's layers exactly once and has the replicas and micro-batch that were decided; the
  // rewards of a rollout add up to its final throughput.
  void masksHonouredAndTemplatesPlacedAsDecided() {
    auto net = std::make_shared<PolicyNetwork>(smallFlat());
    CompositionGeneratorOptions o;
    o.max_gpus = 128;
    o.gpu_types = {"h100", "a100-40", "a100-80", "a6000", "l40s", "a5000"};
    const CompositionGenerator gen(GpuCatalog::builtin(), o);
    std::mt19937_64 rng(17);
    int notes = 0, decisions = 0, flatDecisions = 0, placed = 0, rollouts = 0;
    const char* models[] = {"llama3-8b", "qwen3-32b", "qwen3-30b-a3b"};
    // 15 random compositions, then roomy ones where even random arithmetic often fits memory
    // (an untrained flat policy's templates mostly run out of memory elsewhere).
    for (int i = 0; i < 18; ++i) {
      PlanningWorld world(i < 15 ? gen.draw(rng)
                                 : parseInlineCluster("h100:8x8,a100-80:8x4", GpuCatalog::builtin()),
                          i < 15 ? models[i % 3] : "llama3-8b");
      const int layers = world.model.layerCount();
      const PolicyState state(net->config(), *world.cost);
      ConstructionEpisode episode(*world.cost);
      const PolicyEpisodeView view(state, episode);
      for (int r = 0; r < (i < 15 ? 3 : 12); ++r) {
        RolloutOptions ro;
        ro.uniform_devices = r == 0;
        ro.force_first_depth = r == 1;
        std::string why;
        bool covered = true;
        ro.after_step = [&](const ConstructionEpisode& e) {
          covered = covered && layersCoverTheModel(e.plan(), layers, why);
        };
        const PolicyRollout roll = runPolicyRollout(*net, view, episode, rng, ro);
        ++rollouts;
        QVERIFY2(covered, why.c_str());
        double sum = 0;
        size_t templateIndex = 0;
        for (const RolloutStep& step : roll.steps) {
          sum += step.outcome.reward;
          for (const PolicyDecision& d : step.decisions) {
            ++decisions;
            QVERIFY(d.action >= 0 && d.action < static_cast<int>(d.mask.size()));
            QVERIFY2(d.mask[static_cast<size_t>(d.action)], "a sampled action is masked");
            if (d.kind == DecisionKind::Layers || d.kind == DecisionKind::MicroBatch || d.kind == DecisionKind::Replicas)
              ++flatDecisions;
          }
          if (step.choice.depth > 0) {
            int total = 0;
            for (int n : step.arithmetic.layers) total += n;
            QCOMPARE(total, layers);
          }
          if (!step.outcome.feasible && notes++ < 3) qInfo("e.g. %s", step.outcome.note.c_str());
          if (step.outcome.feasible && step.choice.depth > 0) {
            const Template& t = episode.plan().templates.at(templateIndex++);
            QCOMPARE(t.replicas, step.arithmetic.replicas);
            QCOMPARE(t.micro_batch, step.arithmetic.micro_batch);
            for (size_t s = 0; s < t.stages.size(); ++s)
              QCOMPARE(t.stages[s].last_layer - t.stages[s].first_layer + 1, step.arithmetic.layers[s]);
            ++placed;
          }
        }
        QVERIFY(std::abs(sum - roll.total_reward) < 1e-9);
        const bool firstInfeasible = !roll.steps.empty() && !roll.steps.front().outcome.feasible;
        const double expected = firstInfeasible ? -episode.options().infeasible_penalty : roll.throughput;
        QVERIFY2(std::abs(roll.total_reward - expected) < 1e-6 * std::max(1.0, roll.throughput),
                 qPrintable(QString("rewards %1, throughput %2").arg(roll.total_reward).arg(roll.throughput)));
      }
    }
    qInfo("%d rollouts, %d decisions (%d flat), %d templates placed", rollouts, decisions, flatDecisions, placed);
    QVERIFY(flatDecisions > 0);
    QVERIFY(placed >= 5);
  }

  void smokeTrainingBeatsTheUntrainedPolicy() {
    torch::manual_seed(1);
    auto net = std::make_shared<PolicyNetwork>(smallFlat());
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
    double best = 0;
    for (int i = 0; i < 40; ++i) {
      const UpdateStats u = trainer.update();
      best = std::max(best, u.best_throughput);
      QVERIFY(u.rollouts == 8 && u.evaluations > 0);
    }
    const double trained = greedyThroughput(*net, *world.cost);
    qInfo("flat-rl greedy plan: %.3f seq/s untrained, %.3f seq/s after 40 updates (%lld evaluations); best "
          "rollout seen %.3f",
          untrained, trained, trainer.evaluations(), best);
    QVERIFY(trained > untrained);
  }

  void weightsOfTheWrongKindAreRefused() {
    const std::string arachneFile = tempPath("kind_arachne.policy"), flatFile = tempPath("kind_flat.policy");
    PolicyNetwork arachneNet{PolicyConfig{}};
    PolicyNetwork flatNet{smallFlat()};
    savePolicy(arachneNet, arachneFile);
    savePolicy(flatNet, flatFile, {{"planner", "flat-rl"}});
    try {
      loadPolicyOfKind(arachneFile, true);
      QFAIL("an arachne file was accepted for flat-rl");
    } catch (const LoadError& e) {
      const std::string m = e.what();
      QVERIFY2(m.find("config.planner") != std::string::npos, m.c_str());
      QVERIFY2(m.find("the file holds an arachne policy, the planner expects a flat-rl policy") != std::string::npos,
               m.c_str());
    }
    try {
      loadPolicyOfKind(flatFile, false);
      QFAIL("a flat-rl file was accepted for arachne");
    } catch (const LoadError& e) {
      const std::string m = e.what();
      QVERIFY2(m.find("config.planner") != std::string::npos && m.find("flat-rl") != std::string::npos, m.c_str());
    }
    const LoadedPolicy loaded = loadPolicyOfKind(flatFile, true);
    QVERIFY(loaded.network->config().flat);
    QCOMPARE(loaded.network->config(), flatNet.config());
    QVERIFY(loadPolicyOfKind(arachneFile, false).network->config() == PolicyConfig{});

    // A file written before flat-rl existed (no "planner" in its config) is an arachne file.
    std::ifstream in(arachneFile, std::ios::binary);
    std::stringstream all;
    all << in.rdbuf();
    std::string text = all.str();
    const std::string field = ",\"planner\":\"arachne\"";
    const size_t at = text.find(field);
    QVERIFY(at != std::string::npos);
    text.erase(at, field.size());
    const std::string oldFile = tempPath("kind_old.policy");
    std::ofstream(oldFile, std::ios::binary) << text;
    QVERIFY(!loadPolicyOfKind(oldFile, false).network->config().flat);
    QVERIFY_THROWS_EXCEPTION(LoadError, loadPolicyOfKind(oldFile, true));
    for (const auto& f : {arachneFile, flatFile, oldFile}) std::remove(f.c_str());
  }

  void plannerFallsBackWithoutUsableWeights() {
    registerLearnedPlanners();
    const auto names = plannerNames();
    QVERIFY(std::find(names.begin(), names.end(), "flat-rl") != names.end());
    PlanningWorld world("a100-40:4x2,a6000:4x2+1x4", "llama3-8b");
    const PlannerResult greedy = GreedyPlanner().plan(*world.cost, seconds(30), 1, {}, nullptr);
    const std::string missing = tempPath("absent_flat.policy");
    qputenv("ARACHNE_FLAT_RL_WEIGHTS", QByteArray::fromStdString(missing));
    QCOMPARE(defaultFlatRlWeightsPath(), missing);
    const PlannerResult a = makePlanner("flat-rl")->plan(*world.cost, seconds(30), 1, {}, nullptr);
    QVERIFY(a.found);
    QVERIFY2(a.stats.message.rfind("warning: the flat-rl policy cannot be used", 0) == 0, a.stats.message.c_str());
    QVERIFY(a.stats.message.find(missing) != std::string::npos);
    QCOMPARE(a.report.throughput.sequences_per_s, greedy.report.throughput.sequences_per_s);

    // An arachne file is refused by flat-rl, with the reason.
    const std::string arachneFile = tempPath("fallback_arachne.policy");
    PolicyNetwork arachneNet{PolicyConfig{}};
    savePolicy(arachneNet, arachneFile);
    qputenv("ARACHNE_FLAT_RL_WEIGHTS", QByteArray::fromStdString(arachneFile));
    const PlannerResult b = makePlanner("flat-rl")->plan(*world.cost, seconds(30), 1, {}, nullptr);
    QVERIFY2(b.stats.message.rfind("warning:", 0) == 0 && b.stats.message.find("config.planner") != std::string::npos,
             b.stats.message.c_str());

    // A flat-rl file plans, and with an evaluation budget it samples until the budget is spent.
    const std::string flatFile = tempPath("fallback_flat.policy");
    PolicyNetwork flatNet{smallFlat()};
    savePolicy(flatNet, flatFile);
    qputenv("ARACHNE_FLAT_RL_WEIGHTS", QByteArray::fromStdString(flatFile));
    PlannerBudget evals;
    evals.seconds = 60;
    evals.evaluations = 40;
    const PlannerResult c = makePlanner("flat-rl")->plan(*world.cost, evals, 1, {}, nullptr);
    QVERIFY2(c.stats.message.rfind("warning:", 0) == std::string::npos, c.stats.message.c_str());
    QCOMPARE(c.plan.provenance.planner, std::string("flat-rl"));
    QVERIFY2(c.stats.evaluations >= 40, qPrintable(QString::number(c.stats.evaluations)));
    // Without an evaluation budget the stage-order sweep is still left out: it would replay the
    // templates through the rule-based fill.
    const PlannerResult d = makePlanner("flat-rl")->plan(*world.cost, seconds(30), 1, {}, nullptr);
    QVERIFY2(d.stats.message.find("; 0 stage orders, 0 stage edits, 0 appended templates)") != std::string::npos, d.stats.message.c_str());
    qunsetenv("ARACHNE_FLAT_RL_WEIGHTS");
    const std::string fallback = defaultFlatRlWeightsPath();
    QVERIFY2(fallback.size() > 22 && fallback.substr(fallback.size() - 22) == "/policy/flat-rl.policy", fallback.c_str());
    for (const auto& f : {arachneFile, flatFile}) std::remove(f.c_str());
  }
};

QTEST_GUILESS_MAIN(TstFlatRl)
#include "tst_flat_rl.moc"
