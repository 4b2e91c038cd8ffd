// The torch-free parts of policy training: group advantages, gradient projection, exploration,
// self-imitation buffers, random compositions (checked against the state features).
#include <QtTest>

#include <cmath>
#include <random>
#include <set>

#include "policy/composition_generator.h"
#include "policy/exploration_schedule.h"
#include "policy/gradient_projection.h"
#include "policy/group_advantage.h"
#include "policy/imitation_buffer.h"
#include "policy/imitation_entry_codec.h"
#include "policy/policy_state.h"
#include "policy_fixtures.h"

using namespace arachne;
using namespace policy_fixtures;

namespace {
double dot(const std::vector<float>& a, const std::vector<float>& b) {
  double s = 0;
  for (size_t i = 0; i < a.size(); ++i) s += double(a[i]) * b[i];
  return s;
}
ImitationEntry entry(const std::string& key, int depth, double ret, int action, std::vector<float> summary = {0, 0}) {
  ImitationEntry e;
  e.composition_key = key;
  e.depth = depth;
  e.return_value = ret;
  e.summary = std::move(summary);
  PolicyDecision d;
  d.action = action;
  e.decisions.push_back(d);
  return e;
}
}  // namespace

class TstPolicyTraining : public QObject {
  Q_OBJECT

 private slots:
  void advantagesAreRelativeToTheGroup() {
    const auto a = groupAdvantages({1, 2, 3});
    QCOMPARE(a.mean, 2.0);
    QVERIFY(std::abs(a.stddev - std::sqrt(2.0 / 3.0)) < 1e-12);
    QVERIFY(a.advantages[0] < 0 && a.advantages[1] == 0 && a.advantages[2] > 0);
    // A composition ten times faster gives the same advantages: the scale is gone.
    const auto b = groupAdvantages({10, 20, 30});
    for (int i = 0; i < 3; ++i) QVERIFY(std::abs(a.advantages[i] - b.advantages[i]) < 1e-12);
    const auto flat = groupAdvantages({5, 5, 5});
    QVERIFY(flat.degenerate);
    QCOMPARE(flat.advantages, std::vector<double>({0, 0, 0}));
    QVERIFY(groupAdvantages({}).degenerate);
  }

  void conflictingGradientsAreProjected() {
    std::mt19937_64 rng(1);
    std::vector<std::vector<float>> g = {{1, 0}, {-1, 1}};
    const auto original = g;
    const auto r = projectConflictingGradients(g, rng);
    QCOMPARE(r.conflicts, 2);
    QVERIFY(r.mean_cosine < 0);
    QVERIFY(std::abs(g[0][0] - 0.5f) < 1e-6f && std::abs(g[0][1] - 0.5f) < 1e-6f);
    QVERIFY(std::abs(g[1][0] - 0.0f) < 1e-6f && std::abs(g[1][1] - 1.0f) < 1e-6f);
    // Neither projected gradient works against the other composition any more, nor does their sum.
    QVERIFY(dot(g[0], original[1]) >= -1e-6);
    QVERIFY(dot(g[1], original[0]) >= -1e-6);
    std::vector<float> sum = {g[0][0] + g[1][0], g[0][1] + g[1][1]};
    QVERIFY(dot(sum, original[0]) > 0 && dot(sum, original[1]) > 0);

    std::vector<std::vector<float>> agree = {{1, 1}, {1, 0}};
    const auto same = agree;
    QCOMPARE(projectConflictingGradients(agree, rng).conflicts, 0);
    QCOMPARE(agree, same);

    std::vector<std::vector<float>> bad = {{1, 0}, {1}};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, projectConflictingGradients(bad, rng));
  }

  void forcedDepthDecays() {
    ExplorationSchedule s;
    s.decay_updates = 100;
    QCOMPARE(s.forcedDepthProbability(0), 0.8);
    QVERIFY(std::abs(s.forcedDepthProbability(50) - 0.525) < 1e-12);
    QCOMPARE(s.forcedDepthProbability(100), 0.25);
    QCOMPARE(s.forcedDepthProbability(10000), 0.25);
    for (long long u = 1; u <= 100; ++u) QVERIFY(s.forcedDepthProbability(u) <= s.forcedDepthProbability(u - 1));
  }

  void uniformDrawsHonourMasks() {
    std::mt19937_64 rng(2);
    const std::vector<std::uint8_t> mask = {1, 1, 0, 1, 0, 1};  // STOP, 1, -, 3, -, 5
    std::map<int, int> seen;
    for (int i = 0; i < 3000; ++i) ++seen[ExplorationSchedule::uniformDepth(mask, rng)];
    QCOMPARE(int(seen.size()), 3);  // never STOP, never a masked depth
    for (int d : {1, 3, 5}) QVERIFY2(seen[d] > 850 && seen[d] < 1150, qPrintable(QString::number(seen[d])));
    QCOMPARE(ExplorationSchedule::uniformDepth({1, 0, 0}, rng), -1);
    QCOMPARE(ExplorationSchedule::uniformChoice({0, 0, 1}, rng), 2);
  }

  void imitationBuffersKeepTheBestPerDepth() {
    ImitationBuffer b(2);
    QVERIFY(b.offer(entry("c1", 2, 1.0, 1)));
    QVERIFY(b.offer(entry("c1", 2, 3.0, 2)));
    QVERIFY(b.offer(entry("c1", 2, 2.0, 3)));
    QVERIFY(!b.offer(entry("c1", 2, 0.5, 4)));  // below the two kept
    QVERIFY(!b.offer(entry("c1", 2, 9.0, 3)));  // same actions: updates the kept one
    QCOMPARE(b.best("c1", 2), 9.0);
    QVERIFY(b.offer(entry("c1", 4, 0.1, 5)));   // a deep plan keeps its own buffer
    QCOMPARE(b.size(), size_t(3));
    QVERIFY(b.offer(entry("near", 1, 100.0, 6, {0.1f, 0})));
    QVERIFY(b.offer(entry("far", 1, 100.0, 7, {5, 5})));
    const auto set = b.imitationSet("c1", {0, 0}, 0.5, 10);
    QCOMPARE(int(set.size()), 4);  // c1's three first (best first), then the near composition
    QCOMPARE(set[0]->return_value, 9.0);
    QCOMPARE(set[0]->composition_key, std::string("c1"));
    QCOMPARE(set[2]->return_value, 0.1);
    QCOMPARE(set[3]->composition_key, std::string("near"));
    QCOMPARE(int(b.imitationSet("c1", {0, 0}, 0.5, 2).size()), 2);
  }

  // wouldChange() is offer()'s answer without the offer: distributed training sends a peer only
  // the entries it accepts, so a false must mean offer() leaves the buffer as it is.
  void wouldChangeAnswersAsOfferWould() {
    ImitationBuffer b(2);
    QVERIFY(b.wouldChange(entry("c1", 2, 1.0, 1)));
    b.offer(entry("c1", 2, 1.0, 1));
    b.offer(entry("c1", 2, 3.0, 2));
    QVERIFY(!b.wouldChange(entry("c1", 2, 0.5, 4)));  // full with better entries
    QVERIFY(b.wouldChange(entry("c1", 2, 2.0, 4)));   // beats the worst kept
    QVERIFY(!b.wouldChange(entry("c1", 2, 3.0, 2)));  // same actions, no higher return
    QVERIFY(b.wouldChange(entry("c1", 2, 4.0, 2)));   // same actions, higher return
    QVERIFY(b.wouldChange(entry("c1", 3, 0.1, 9)));   // another depth's empty buffer
    QVERIFY(!ImitationBuffer(0).wouldChange(entry("c1", 2, 1.0, 1)));
    // Against offer() itself on random streams: whenever wouldChange says no, the buffer's
    // kept entries and returns are the same after the offer.
    std::mt19937_64 rng(7);
    ImitationBuffer r(3);
    for (int i = 0; i < 2000; ++i) {
      const ImitationEntry e = entry("k", int(rng() % 2), double(rng() % 50), int(rng() % 12));
      const bool change = r.wouldChange(e);
      const double before0 = r.best("k", 0), before1 = r.best("k", 1);
      const size_t size = r.size();
      const bool kept = r.offer(e);
      if (!change) {
        QVERIFY(!kept);
        QCOMPARE(r.size(), size);
        QCOMPARE(r.best("k", 0), before0);
        QCOMPARE(r.best("k", 1), before1);
      }
      if (kept) QVERIFY(change);
    }
  }

  // The bytes a rank sends of an imitation entry read back into the same entry, shared states
  // shared again; a cut message is refused, not read past its end.
  void imitationEntriesRoundTripThroughBytes() {
    ImitationEntry e;
    e.composition_key = "h100:4x2,a6000:4x2+2x1|llama3-8b";
    e.summary = {0.25f, -1.5f, 3.0f};
    e.depth = 3;
    e.return_value = 12.345678901234;
    auto state = std::make_shared<const std::vector<float>>(std::vector<float>{1, 2, 3.5f, -0.0f});
    auto summary = std::make_shared<const std::vector<float>>(e.summary);
    for (int i = 0; i < 3; ++i) {
      PolicyDecision d;
      d.kind = i == 0 ? DecisionKind::Depth : (i == 1 ? DecisionKind::Device : DecisionKind::Tp);
      d.state = state;
      d.summary = summary;
      // A depth decision has no stage context, as in a real rollout: the empty vector must read
      // back too (it once reached memcpy with a null pointer, found by the asan run).
      if (i != 0) d.context = {float(i), 0.5f};
      d.candidates = std::vector<float>(size_t(5 + i), 0.125f * float(i));
      d.mask = {1, 0, 1, uint8_t(i)};
      d.action = i + 1;
      d.log_prob = -0.75f * float(i + 1);
      d.exploratory = i == 1;
      e.decisions.push_back(d);
    }
    ByteWriter w;
    writeImitationEntry(w, e);
    writeImitationEntry(w, e);
    const std::string bytes = w.data();
    ByteReader in(bytes);
    for (int copy = 0; copy < 2; ++copy) {
      const ImitationEntry back = readImitationEntry(in);
      QCOMPARE(back.composition_key, e.composition_key);
      QCOMPARE(back.summary, e.summary);
      QCOMPARE(back.depth, e.depth);
      QCOMPARE(back.return_value, e.return_value);
      QCOMPARE(back.decisions.size(), e.decisions.size());
      for (size_t i = 0; i < e.decisions.size(); ++i) {
        const PolicyDecision &a = e.decisions[i], &b = back.decisions[i];
        QVERIFY(a.kind == b.kind);
        QCOMPARE(*b.state, *a.state);
        QCOMPARE(*b.summary, *a.summary);
        QCOMPARE(b.context, a.context);
        QCOMPARE(b.candidates, a.candidates);
        QCOMPARE(b.mask, a.mask);
        QCOMPARE(b.action, a.action);
        QCOMPARE(b.log_prob, a.log_prob);
        QCOMPARE(b.exploratory, a.exploratory);
      }
      QVERIFY(back.decisions[0].state == back.decisions[2].state);  // one copy, shared
    }
    QVERIFY(in.done());
    for (size_t cut : {size_t(0), size_t(7), bytes.size() / 2 - 1}) {
      const std::string part = bytes.substr(0, cut);
      ByteReader short_(part);
      QVERIFY_THROWS_EXCEPTION(std::runtime_error, readImitationEntry(short_));
    }
  }

  // A property test of the generator and the featurizer together: every random composition is
  // in range, reproducible, and gives fixed-size, finite, bounded features.
  void randomCompositionsFitThePolicy() {
    const CompositionGenerator gen(catalog(), {2, 4, 8, 512, {"h100", "a100-40", "a100-80", "a6000", "l40s", "a5000"}});
    const PolicyConfig config;
    const PolicyLayout layout(config);
    const Model m = model();
    std::mt19937_64 rng(7), again(7);
    int nonUniform = 0, small = 0, large = 0;
    std::set<int> typeCounts;
    for (int i = 0; i < 300; ++i) {
      const Composition c = gen.draw(rng);
      QCOMPARE(gen.draw(again), c);
      const int types = int(c.gpuTypes().size());
      typeCounts.insert(types);
      QVERIFY(types >= 2 && types <= 4);
      QVERIFY(c.totalGpus() >= 8 && c.totalGpus() <= 512);
      small += c.totalGpus() <= 64;
      large += c.totalGpus() > 64;
      bool uniform = true;
      for (const auto& [type, sizes] : c.nodeSizesByType())
        for (int s : sizes) {
          QVERIFY(s >= 1 && s <= 8);
          uniform = uniform && s == sizes.front();
        }
      nonUniform += !uniform;
      const PolicyState st(config, catalog(), c, m, m.default_training);
      std::vector<int> free = allFree(c);
      free[0] = 0;
      const auto s = st.state(free, {}, 1, 8);
      QCOMPARE(int(s.size()), layout.stateSize());
      const auto dev = st.deviceCandidates(free, 2, {{st.typeOfSlot(0), 1}});
      for (const auto* v : {&s, &st.summary(), &dev})
        for (float x : *v) QVERIFY(std::isfinite(x) && x >= 0 && x <= 4);
    }
    QCOMPARE(int(typeCounts.size()), 3);
    QVERIFY(nonUniform > 30);
    QVERIFY(small > 50 && large > 50);
  }
};

QTEST_GUILESS_MAIN(TstPolicyTraining)
#include "tst_policy_training.moc"
