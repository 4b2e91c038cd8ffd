// PolicyInference, the torch-free forward pass planning uses: the same logits as PolicyNetwork
// (to float rounding) for every decision kind of both network kinds, and every row's logits
// bit for bit the same whatever batch it is evaluated in.
// torch comes before Qt: Qt's `slots` macro would break the torch headers.
#include <torch/torch.h>

#include <QtTest>

#include <cmath>
#include <random>

#include "policy/policy_episode_view.h"
#include "policy/policy_inference.h"
#include "policy/policy_network.h"
#include "policy/policy_rollout.h"
#include "policy/policy_state.h"
#include "planning_world.h"

using namespace arachne;

namespace {

// Decisions of sampled rollouts (every kind the network has) on a few clusters, with the state
// of each decision's step (PolicyDecision::state), all from one network.
struct Decisions {
  std::vector<PolicyDecision> all;
  std::vector<float> summary;
};

Decisions collect(PolicyNetwork& net, const std::string& cluster, int rollouts, std::uint64_t seed) {
  PlanningWorld world(cluster, "llama3-8b");
  EpisodeOptions o;
  ConstructionEpisode episode(*world.cost, o);
  const PolicyState state(net.config(), *world.cost);
  const PolicyEpisodeView view(state, episode);
  std::mt19937_64 rng(seed);
  Decisions out;
  out.summary = state.summary();
  for (int r = 0; r < rollouts; ++r) {
    RolloutOptions ro;
    ro.temperature = 2.0;  // flat: visit many decisions
    const PolicyRollout rolled = runPolicyRollout(net, view, episode, rng, ro);
    for (const auto& step : rolled.steps)
      for (const auto& d : step.decisions) out.all.push_back(d);
  }
  return out;
}

std::vector<double> inferred(const PolicyInference& inf, const PolicyDecision& d) {
  std::vector<float> h(static_cast<size_t>(inf.hiddenSize()));
  const float* s = d.state->data();
  inf.encode(1, &s, h.data());
  std::vector<double> out(d.mask.size());
  const float* hp = h.data();
  const PolicyDecision* dp = &d;
  double* op = out.data();
  inf.logits(d.kind, 1, &hp, &dp, &op);
  return out;
}

void checkAgainstTorch(const PolicyConfig& config, const char* cluster) {
  torch::manual_seed(11);
  PolicyNetwork net(config);
  const Decisions ds = collect(net, cluster, 12, 5);
  QVERIFY(ds.all.size() > 50);
  const PolicyInference inf(net, ds.summary);
  std::set<DecisionKind> kinds;
  for (const PolicyDecision& d : ds.all) {
    kinds.insert(d.kind);
    torch::NoGradGuard noGrad;
    const torch::Tensor reference = net.logits(d, net.encode(d)).to(torch::kFloat64).contiguous();
    const std::vector<double> got = inferred(inf, d);
    QCOMPARE(static_cast<size_t>(reference.numel()), got.size());
    for (size_t i = 0; i < got.size(); ++i) {
      const double want = reference.data_ptr<double>()[i];
      if (!d.mask[i]) {
        QVERIFY(std::isinf(want) && std::isinf(got[i]) && got[i] < 0);
        continue;
      }
      QVERIFY2(std::abs(got[i] - want) <= 1e-4 * std::max(1.0, std::abs(want)),
               qPrintable(QString("kind %1 entry %2: %3 vs torch %4").arg(int(d.kind)).arg(i).arg(got[i]).arg(want)));
    }
  }
  QVERIFY(kinds.count(DecisionKind::Depth) && kinds.count(DecisionKind::Device) && kinds.count(DecisionKind::Tp));
  if (config.flat)
    QVERIFY(kinds.count(DecisionKind::Layers) && kinds.count(DecisionKind::MicroBatch) &&
            kinds.count(DecisionKind::Replicas));
}

}  // namespace

class TstPolicyInference : public QObject {
  Q_OBJECT

 private slots:
  void matchesTheTorchNetwork() { checkAgainstTorch(PolicyConfig{}, "h100:4x2,a6000:4x2+1x2,a100-40:2x2"); }

  void matchesTheTorchNetworkForFlatRl() {
    PolicyConfig flat;
    flat.flat = true;
    checkAgainstTorch(flat, "h100:4x2,a6000:4x2+1x2,a100-40:2x2");
  }

  // One batch of every decision of a kind, in two orders, against each decision alone: the same
  // bits (planning's batched and one-at-a-time paths decide identically).
  void rowsDoNotDependOnTheBatch() {
    PolicyConfig flat;
    flat.flat = true;
    for (const PolicyConfig& config : {PolicyConfig{}, flat}) {
      torch::manual_seed(12);
      PolicyNetwork net(config);
      const Decisions ds = collect(net, "h100:8x2,a100-40:4x3+2x1,l40s:4x2", 10, 9);
      const PolicyInference inf(net, ds.summary);
      for (DecisionKind kind : {DecisionKind::Depth, DecisionKind::Device, DecisionKind::Tp, DecisionKind::Layers,
                                DecisionKind::MicroBatch, DecisionKind::Replicas}) {
        std::vector<const PolicyDecision*> group;
        for (const auto& d : ds.all)
          if (d.kind == kind) group.push_back(&d);
        if (group.empty()) continue;
        for (bool reversed : {false, true}) {
          std::vector<const PolicyDecision*> batch = group;
          if (reversed) std::reverse(batch.begin(), batch.end());
          const int n = static_cast<int>(batch.size());
          std::vector<const float*> states;
          for (const auto* d : batch) states.push_back(d->state->data());
          std::vector<float> h(static_cast<size_t>(n) * static_cast<size_t>(inf.hiddenSize()));
          inf.encode(n, states.data(), h.data());
          std::vector<const float*> hs;
          std::vector<std::vector<double>> outs;
          std::vector<double*> op;
          for (int i = 0; i < n; ++i) {
            hs.push_back(h.data() + static_cast<size_t>(i) * static_cast<size_t>(inf.hiddenSize()));
            outs.emplace_back(batch[static_cast<size_t>(i)]->mask.size());
          }
          for (auto& o : outs) op.push_back(o.data());
          inf.logits(kind, n, hs.data(), batch.data(), op.data());
          for (int i = 0; i < n; ++i) {
            const std::vector<double> alone = inferred(inf, *batch[static_cast<size_t>(i)]);
            QVERIFY(alone == outs[static_cast<size_t>(i)]);
          }
        }
      }
    }
  }

  void refusesInputsOfTheWrongSize() {
    torch::manual_seed(13);
    PolicyNetwork net(PolicyConfig{});
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, PolicyInference(net, std::vector<float>(3, 0.0f)));
    const Decisions ds = collect(net, "h100:4x2", 1, 1);
    const PolicyInference inf(net, ds.summary);
    PolicyDecision d;
    for (const auto& x : ds.all)
      if (x.kind == DecisionKind::Tp) d = x;
    QCOMPARE(int(d.kind), int(DecisionKind::Tp));
    d.context.pop_back();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, inferred(inf, d));
  }
};

QTEST_GUILESS_MAIN(TstPolicyInference)
#include "tst_policy_inference.moc"
