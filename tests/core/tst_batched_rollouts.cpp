// Planning's batched rollouts: each job decides as runPolicyRollout decides with the job's seed
// (greedy, prefixed, sampled, tempered, exploring; arachne and flat-rl), and neither the batch
// size, the thread count nor the memo changes a single decision; commits come in job order.
// torch comes before Qt: Qt's `slots` macro would break the torch headers.
#include <torch/torch.h>

#include <QtTest>

#include <random>

#include "policy/batched_rollouts.h"
#include "policy/decision_memo.h"
#include "policy/policy_episode_view.h"
#include "policy/policy_inference.h"
#include "policy/policy_network.h"
#include "policy/policy_rollout.h"
#include "policy/policy_state.h"
#include "policy/rollout_schedule.h"
#include "planning_world.h"

using namespace arachne;

namespace {

struct Setup {
  Setup(const PolicyConfig& config, const std::string& cluster)
      : net(config), world(cluster, "llama3-8b"), episode(*world.cost, reuse()), state(config, *world.cost),
        view(state, episode), inference(net, state.summary()) {}
  static EpisodeOptions reuse() {
    EpisodeOptions o;
    o.reuse_fills = true;
    return o;
  }
  PolicyNetwork net;
  PlanningWorld world;
  ConstructionEpisode episode;
  const PolicyState state;
  const PolicyEpisodeView view;
  const PolicyInference inference;
};

// Greedy, greedy with prefixes, then the schedule's sampled and exploring rollouts.
std::vector<RolloutJob> jobs(int sampled) {
  std::vector<RolloutJob> out;
  RolloutJob g;
  g.options.greedy = true;
  out.push_back(g);
  for (std::vector<int> prefix : {std::vector<int>{1, 0, 0}, {2, 1, 1, 0, 0}, {3, 0, 2}, {9, 9, 9}}) {
    RolloutJob j = g;
    j.options.prefix = prefix;
    out.push_back(j);
  }
  RolloutSchedule s;
  s.sampled = sampled;
  s.exploring = 8;
  for (long long k = 0; k < sampled + 8; ++k) {
    RolloutJob j;
    j.options = s.after(k);
    j.seed = 1000 + static_cast<std::uint64_t>(k);
    out.push_back(j);
  }
  return out;
}

std::vector<BatchedRollout> runAll(const Setup& s, const std::vector<RolloutJob>& js, BatchedRollouts::Options o) {
  DecisionMemo memo(100000);
  BatchedRollouts r(s.inference, s.view, s.episode, memo, o);
  std::vector<BatchedRollout> out;
  const size_t n = r.run(js, [&](size_t i, BatchedRollout& b) {
    if (i != out.size()) return false;  // commits must come in order
    out.push_back(std::move(b));
    return true;
  }, [] { return false; });
  if (n != js.size()) out.clear();
  return out;
}

bool sameRollout(const BatchedRollout& a, const BatchedRollout& b) {
  if (a.keys != b.keys || a.throughputs != b.throughputs || a.filled != b.filled) return false;
  if (a.rollout.steps.size() != b.rollout.steps.size()) return false;
  for (size_t i = 0; i < a.rollout.steps.size(); ++i) {
    const auto& x = a.rollout.steps[i];
    const auto& y = b.rollout.steps[i];
    if (!(x.choice == y.choice) || x.decisions.size() != y.decisions.size()) return false;
    for (size_t j = 0; j < x.decisions.size(); ++j)
      if (x.decisions[j].action != y.decisions[j].action || x.decisions[j].log_prob != y.decisions[j].log_prob ||
          x.decisions[j].exploratory != y.decisions[j].exploratory || x.decisions[j].mask != y.decisions[j].mask)
        return false;
  }
  return true;
}

void sameAsRunPolicyRollout(const PolicyConfig& config) {
  torch::manual_seed(21);
  Setup s(config, "h100:4x2,a6000:4x2+1x2,a100-40:2x2");
  const std::vector<RolloutJob> js = jobs(24);
  BatchedRollouts::Options one;
  one.threads = 1;
  one.batch = 1;
  one.memo = false;
  const std::vector<BatchedRollout> batched = runAll(s, js, one);
  QCOMPARE(batched.size(), js.size());
  ConstructionEpisode episode(*s.world.cost);
  int sampledDecisions = 0;
  for (size_t i = 0; i < js.size(); ++i) {
    std::mt19937_64 rng(js[i].seed);
    const PolicyRollout want = runPolicyRollout(s.net, s.view, episode, rng, js[i].options);
    const PolicyRollout& got = batched[i].rollout;
    QCOMPARE(got.steps.size(), want.steps.size());
    for (size_t t = 0; t < want.steps.size(); ++t) {
      QVERIFY(got.steps[t].choice == want.steps[t].choice);
      QCOMPARE(got.steps[t].decisions.size(), want.steps[t].decisions.size());
      for (size_t d = 0; d < want.steps[t].decisions.size(); ++d) {
        const auto& a = got.steps[t].decisions[d];
        const auto& b = want.steps[t].decisions[d];
        QCOMPARE(int(a.kind), int(b.kind));
        QCOMPARE(a.action, b.action);
        QCOMPARE(a.exploratory, b.exploratory);
        QVERIFY(a.mask == b.mask);
        QVERIFY(std::abs(a.log_prob - b.log_prob) < 1e-4f);
        sampledDecisions += js[i].options.greedy ? 0 : 1;
      }
      if (config.flat) {
        QCOMPARE(got.steps[t].arithmetic.layers, want.steps[t].arithmetic.layers);
        QCOMPARE(got.steps[t].arithmetic.micro_batch, want.steps[t].arithmetic.micro_batch);
        QCOMPARE(got.steps[t].arithmetic.replicas, want.steps[t].arithmetic.replicas);
      }
      if (t + 1 == want.steps.size()) QCOMPARE(batched[i].throughputs[t], want.throughput);
    }
    QCOMPARE(got.throughput, want.throughput);
    QCOMPARE(got.total_reward, want.total_reward);
  }
  QVERIFY(sampledDecisions > 100);
}

}  // namespace

class TstBatchedRollouts : public QObject {
  Q_OBJECT

 private slots:
  void decidesAsRunPolicyRollout() { sameAsRunPolicyRollout(PolicyConfig{}); }

  void decidesAsRunPolicyRolloutForFlatRl() {
    PolicyConfig flat;
    flat.flat = true;
    sameAsRunPolicyRollout(flat);
  }

  // The same jobs one at a time without the memo, in batches with it, on two threads with and
  // without it: every rollout identical (decisions, log-probabilities, keys, throughputs).
  void batchThreadsAndMemoChangeNothing() {
    PolicyConfig flat;
    flat.flat = true;
    for (const PolicyConfig& config : {PolicyConfig{}, flat}) {
      torch::manual_seed(22);
      Setup s(config, "h100:8x2,a100-40:4x3+2x1,l40s:4x2");
      const std::vector<RolloutJob> js = jobs(120);
      BatchedRollouts::Options o;
      o.threads = 1;
      o.batch = 1;
      o.memo = false;
      const std::vector<BatchedRollout> reference = runAll(s, js, o);
      QCOMPARE(reference.size(), js.size());
      for (auto [threads, batch, memo] : {std::tuple{1, 32, true}, {2, 8, true}, {2, 32, false}, {2, 1, true}}) {
        o.threads = threads;
        o.batch = batch;
        o.memo = memo;
        const std::vector<BatchedRollout> got = runAll(s, js, o);
        QCOMPARE(got.size(), js.size());
        for (size_t i = 0; i < js.size(); ++i)
          QVERIFY2(sameRollout(got[i], reference[i]),
                   qPrintable(QString("job %1 with %2 threads, batch %3, memo %4").arg(i).arg(threads).arg(batch).arg(memo)));
      }
    }
  }

  // A commit that says stop ends the run: nothing after it is committed.
  void commitCanStopTheRun() {
    torch::manual_seed(23);
    Setup s(PolicyConfig{}, "h100:4x2,a100-40:4x2");
    const std::vector<RolloutJob> js = jobs(60);
    DecisionMemo memo(1000);
    BatchedRollouts::Options o;
    o.threads = 2;
    o.batch = 4;
    BatchedRollouts r(s.inference, s.view, s.episode, memo, o);
    std::vector<size_t> seen;
    const size_t n = r.run(js, [&](size_t i, BatchedRollout&) {
      if (i == 10) return false;
      seen.push_back(i);
      return true;
    }, [] { return false; });
    QCOMPARE(n, size_t(10));
    QCOMPARE(seen.size(), size_t(10));
    for (size_t i = 0; i < seen.size(); ++i) QCOMPARE(seen[i], i);
    // stop() true from the start: the first round runs, then nothing more. With two threads the
    // other thread may have finished rollouts by then (timing decides how many).
    const size_t m = r.run(js, [&](size_t, BatchedRollout&) { return true; }, [] { return true; });
    QVERIFY(m < js.size());
    // On one thread a round asks the network once for every rollout in flight and finishes none
    // whose decisions are not all in the memo: with a fresh memo, stop() after it commits nothing.
    DecisionMemo fresh(1000);
    o.threads = 1;
    BatchedRollouts one(s.inference, s.view, s.episode, fresh, o);
    size_t asked = 0;
    QCOMPARE(one.run(js, [&](size_t, BatchedRollout&) { return true; }, [&] { ++asked; return true; }), size_t(0));
    QCOMPARE(asked, size_t(1));
    // stop() from its third question on: two rounds' answers, still fewer than every job.
    asked = 0;
    DecisionMemo fresh2(1000);
    BatchedRollouts again(s.inference, s.view, s.episode, fresh2, o);
    const size_t k = again.run(js, [&](size_t, BatchedRollout&) { return true; }, [&] { return ++asked >= 3; });
    QCOMPARE(asked, size_t(3));
    QVERIFY(k < js.size());
  }
};

QTEST_GUILESS_MAIN(TstBatchedRollouts)
#include "tst_batched_rollouts.moc"
