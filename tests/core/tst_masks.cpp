// Masks against a brute-force oracle on random compositions: they never admit a choice that
// cannot be placed and never hide one that can; a mask never reorders the choices it keeps.
#include <QtTest>

#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <set>

#include "planning/feasibility_masks.h"
#include "planning/node_allocator.h"

using namespace arachne;

namespace {

// Random composition: 2-4 GPU types, node sizes 1-8, 4-512 GPUs in total.
// Appended, not "t" + std::to_string(t): that form trips a false GCC 12 warning.
std::string typeId(int t) {
  std::string id = "t";
  id += std::to_string(t);
  return id;
}

std::vector<Node> randomNodes(std::mt19937& rng) {
  std::uniform_int_distribution<int> types(2, 4), size(1, 8), total(4, 512);
  const int nt = types(rng);
  const int target = std::max(total(rng), nt);
  std::vector<Node> nodes;
  int sum = 0, id = 0;
  // Every type gets at least one node; then random nodes until the target is reached.
  for (int t = 0; t < nt; ++t) {
    const int s = size(rng);
    nodes.push_back(Node{id++, typeId(t), s, 0});
    sum += s;
  }
  std::uniform_int_distribution<int> pick(0, nt - 1);
  while (sum < target) {
    const int s = std::min(size(rng), std::max(1, target - sum));
    nodes.push_back(Node{id++, typeId(pick(rng)), s, 0});
    sum += s;
  }
  return nodes;
}

// Free GPUs per node as a histogram: hist[f] = nodes with f free GPUs (node sizes <= 8).
using Hist = std::array<int, 9>;

// The most groups of size k that fit after placing `groups` (in the given order, trying every
// distinct free count for each group); -1 when `groups` themselves do not fit.
int bruteMaxExtra(const Hist& h, const std::vector<int>& groups, size_t i, int k,
                  std::map<std::pair<size_t, Hist>, int>& memo) {
  if (i == groups.size()) {
    int n = 0;
    for (int f = 0; f < 9; ++f) n += h[static_cast<size_t>(f)] * (f / k);
    return n;
  }
  auto key = std::make_pair(i, h);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  int best = -1;
  for (int f = groups[i]; f < 9; ++f) {
    if (h[static_cast<size_t>(f)] == 0) continue;
    Hist next = h;
    --next[static_cast<size_t>(f)];
    ++next[static_cast<size_t>(f - groups[i])];
    best = std::max(best, bruteMaxExtra(next, groups, i + 1, k, memo));
  }
  memo[key] = best;
  return best;
}

std::vector<int> freeOf(const FreeGpus& f, int t) {
  std::vector<int> v;
  for (const auto& n : f.nodes(t))
    if (n.free > 0) v.push_back(n.free);
  return v;
}

Hist histOf(const FreeGpus& f, int t) {
  Hist h{};
  for (const auto& n : f.nodes(t)) ++h[static_cast<size_t>(n.free)];
  return h;
}

// Oracle: can `partial` + (type, tp) be completed to `depth` stages on the free nodes?
bool oracleCompletes(const ConstructionSpace& space, const FreeGpus& free,
                     const TemplateChoice& partial, int type, int tp) {
  std::vector<std::vector<int>> groups(static_cast<size_t>(free.typeCount()));
  for (const auto& s : partial.stages) groups[static_cast<size_t>(s.gpu)].push_back(s.tp);
  if (type >= 0) groups[static_cast<size_t>(type)].push_back(tp);
  const int remaining = partial.depth - static_cast<int>(partial.stages.size()) - (type >= 0 ? 1 : 0);
  int extra = 0;
  for (int t = 0; t < free.typeCount(); ++t) {
    std::map<std::pair<size_t, Hist>, int> memo;
    const int k = space.typeUsable(t) ? space.min_tp[static_cast<size_t>(t)] : 1 << 20;
    const int e = bruteMaxExtra(histOf(free, t), groups[static_cast<size_t>(t)], 0, k, memo);
    if (e < 0) return false;
    if (space.typeUsable(t)) extra += e;
  }
  return extra >= remaining;
}

// Consume some GPUs at random, as earlier templates would.
void consumeSome(FreeGpus& free, std::mt19937& rng) {
  std::uniform_int_distribution<int> coin(0, 3);
  for (int t = 0; t < free.typeCount(); ++t)
    for (const auto& n : std::vector<FreeGpus::NodeSlot>(free.nodes(t)))
      if (coin(rng) == 0) free.take(t, std::uniform_int_distribution<int>(1, n.free)(rng));
}

// A random restriction of K per type, as missing profiles would make.
void restrictSpace(ConstructionSpace& space, std::mt19937& rng) {
  std::uniform_int_distribution<int> coin(0, 4);
  for (size_t t = 0; t < space.tp_allowed.size(); ++t) {
    space.min_tp[t] = 0;
    for (size_t i = 0; i < space.tp_choices.size(); ++i) {
      if (coin(rng) == 0) space.tp_allowed[t][i] = 0;
      if (space.tp_allowed[t][i] && space.min_tp[t] == 0) space.min_tp[t] = space.tp_choices[i];
    }
  }
}

}  // namespace

class TstMasks : public QObject {
  Q_OBJECT
 private slots:
  void kFollowsLargestNode() {
    FreeGpus f(std::vector<Node>{{0, "a", 6, 0}, {1, "b", 3, 0}});
    const auto s = ConstructionSpace::structural(f, 32);
    QCOMPARE(s.tp_choices, (std::vector<int>{1, 2, 4}));
    QCOMPARE(s.max_depth, 16);
    QCOMPARE(ConstructionSpace::structural(f, 5).max_depth, 5);
  }

  void tpMaskStopsAtLargestFreeNode() {
    // a: nodes of 4 and 2; b: one node of 1.
    FreeGpus f(std::vector<Node>{{0, "a", 4, 0}, {1, "a", 2, 0}, {2, "b", 1, 0}});
    const auto s = ConstructionSpace::structural(f, 32);
    TemplateChoice p{1, {}};
    QCOMPARE(FeasibilityMasks::tpMask(s, f, p, 0), (Mask{1, 1, 1}));
    QCOMPARE(FeasibilityMasks::tpMask(s, f, p, 1), (Mask{1, 0, 0}));
    QVERIFY(QString::fromStdString(FeasibilityMasks::explainTp(s, f, p, 1, 2)).contains("never crosses a node"));
    // Two stages: after a TP 4 on node 0, a second TP 4 cannot fit; TP 2 can (node 1).
    TemplateChoice p2{2, {{0, 4}}};
    QCOMPARE(FeasibilityMasks::tpMask(s, f, p2, 0), (Mask{1, 1, 0}));
  }

  void depthMaskCountsPlaceableStages() {
    FreeGpus f(std::vector<Node>{{0, "a", 2, 0}, {1, "b", 1, 0}});
    const auto s = ConstructionSpace::structural(f, 32);
    const Mask m = FeasibilityMasks::depthMask(s, f, true);
    QCOMPARE(int(m.size()), 17);
    QCOMPARE(int(m[0]), 0);  // no STOP on the first step
    QCOMPARE(int(m[3]), 1);
    QCOMPARE(int(m[4]), 0);
    QVERIFY(QString::fromStdString(FeasibilityMasks::explainDepth(s, f, 4)).contains("only 3"));
    QCOMPARE(int(FeasibilityMasks::depthMask(s, f, false)[0]), 1);
  }

  void deviceMaskLeavesRoomForLaterStages() {
    // Depth 3 on a: 1 node of 2, b: 1 node of 1. Stage 0 may be either type.
    FreeGpus f(std::vector<Node>{{0, "a", 2, 0}, {1, "b", 1, 0}});
    const auto s = ConstructionSpace::structural(f, 32);
    QCOMPARE(FeasibilityMasks::deviceMask(s, f, TemplateChoice{3, {}}), (Mask{1, 1}));
    // With b taken, stage 1 must be a and stage 2 too; TP 2 on a would starve stage 2.
    TemplateChoice p{3, {{1, 1}}};
    QCOMPARE(FeasibilityMasks::deviceMask(s, f, p), (Mask{1, 0}));
    QCOMPARE(FeasibilityMasks::tpMask(s, f, p, 0), (Mask{1, 0}));
  }

  // admits() keeps the demand as it adds the stages instead of asking the masks at every
  // prefix: on random compositions, spaces and templates (most refused, some admitted) it
  // decides as the walk through deviceMask and tpMask does, and explains a refusal as the mask
  // that refused it would.
  void admitsDecidesAsTheMaskWalk() {
    std::mt19937 rng(20261202);
    int admitted = 0, refused = 0;
    for (int round = 0; round < 300; ++round) {
      FreeGpus free(randomNodes(rng));
      if (round % 2) consumeSome(free, rng);
      auto space = ConstructionSpace::structural(free, 32);
      if (round % 3 == 0) restrictSpace(space, rng);
      const bool first = round % 4 == 0;
      for (int k = 0; k < 40; ++k) {
        TemplateChoice c{std::uniform_int_distribution<int>(1, std::max(1, std::min(space.max_depth, 6)))(rng), {}};
        for (int i = 0; i < c.depth; ++i)
          c.stages.push_back({std::uniform_int_distribution<int>(0, free.typeCount() - 1)(rng),
                              space.tp_choices[std::uniform_int_distribution<size_t>(0, space.tp_choices.size() - 1)(rng)]});
        // The walk: the depth mask, then per stage the device and the TP mask on the prefix.
        bool walk = c.depth <= space.max_depth && FeasibilityMasks::depthMask(space, free, first)[static_cast<size_t>(c.depth)];
        std::string walkWhy;
        TemplateChoice partial{c.depth, {}};
        for (const StageChoice& st : c.stages) {
          if (!walk) break;
          if (!FeasibilityMasks::deviceMask(space, free, partial)[static_cast<size_t>(st.gpu)]) {
            walk = false;
            walkWhy = FeasibilityMasks::explainDevice(space, free, partial, st.gpu);
            break;
          }
          const int ti = space.tpIndex(st.tp);
          if (ti < 0 || !FeasibilityMasks::tpMask(space, free, partial, st.gpu)[static_cast<size_t>(ti)]) {
            walk = false;
            walkWhy = FeasibilityMasks::explainTp(space, free, partial, st.gpu, st.tp);
            break;
          }
          partial.stages.push_back(st);
        }
        std::string why;
        QCOMPARE(FeasibilityMasks::admits(space, free, c, first, &why), walk);
        QCOMPARE(FeasibilityMasks::admits(space, free, c, first), walk);
        QCOMPARE(why.empty(), walk);
        if (!walkWhy.empty()) QCOMPARE(why, walkWhy);
        ++(walk ? admitted : refused);
      }
    }
    QVERIFY2(admitted > 300 && refused > 300, qPrintable(QString("%1 admitted, %2 refused").arg(admitted).arg(refused)));
  }

  void masksMatchBruteForceOnRandomCompositions() {
    std::mt19937 rng(20261130);
    int checkedChoices = 0;
    for (int round = 0; round < 250; ++round) {
      FreeGpus free(randomNodes(rng));
      if (round % 2) consumeSome(free, rng);
      auto space = ConstructionSpace::structural(free, 32);
      if (round % 3 == 0) restrictSpace(space, rng);
      const Mask dm = FeasibilityMasks::depthMask(space, free, false);
      int placeable = 0;
      for (int t = 0; t < free.typeCount(); ++t)
        if (space.typeUsable(t))
          for (int fc : freeOf(free, t)) placeable += fc / space.min_tp[static_cast<size_t>(t)];
      std::vector<int> admissibleDepths;
      for (int d = 1; d <= space.max_depth; ++d) {
        QCOMPARE(bool(dm[static_cast<size_t>(d)]), d <= placeable);
        if (dm[static_cast<size_t>(d)]) admissibleDepths.push_back(d);
      }
      if (admissibleDepths.empty()) continue;
      // Walk a random template through the masks, checking every entry against the oracle.
      TemplateChoice p{admissibleDepths[std::uniform_int_distribution<size_t>(0, admissibleDepths.size() - 1)(rng)], {}};
      while (static_cast<int>(p.stages.size()) < p.depth) {
        const Mask devm = FeasibilityMasks::deviceMask(space, free, p);
        std::vector<int> types;
        for (int t = 0; t < free.typeCount(); ++t) {
          bool any = false;
          const Mask tm = FeasibilityMasks::tpMask(space, free, p, t);
          for (size_t i = 0; i < space.tp_choices.size(); ++i) {
            const bool allowed = space.tp_allowed[static_cast<size_t>(t)][i] &&
                                 oracleCompletes(space, free, p, t, space.tp_choices[i]);
            QCOMPARE(bool(tm[i]), allowed);
            any = any || allowed;
            ++checkedChoices;
          }
          QCOMPARE(bool(devm[static_cast<size_t>(t)]), any);
          if (any) types.push_back(t);
        }
        QVERIFY2(!types.empty(), "an admitted depth must leave an admissible type");
        const int t = types[std::uniform_int_distribution<size_t>(0, types.size() - 1)(rng)];
        const Mask tm = FeasibilityMasks::tpMask(space, free, p, t);
        std::vector<int> tps;
        for (size_t i = 0; i < tm.size(); ++i)
          if (tm[i]) tps.push_back(space.tp_choices[i]);
        p.stages.push_back({t, tps[std::uniform_int_distribution<size_t>(0, tps.size() - 1)(rng)]});
      }
      QVERIFY(FeasibilityMasks::admits(space, free, p, false));
      // The complete template's replicas: maxReplicas of them allocate; the groups follow the rule.
      const TpDemand one = FeasibilityMasks::demandOf(free, p);
      const int r = FeasibilityMasks::maxReplicas(free, one);
      QVERIFY(r >= 1);
      FreeGpus after = free;
      std::vector<std::vector<int>> ids;
      QVERIFY(NodeAllocator::allocate(after, p, r, ids));
      QCOMPARE(after.totalFree(), free.totalFree() - r * [&] { int g = 0; for (auto& s : p.stages) g += s.tp; return g; }());
      // One more replica does not fit (checked by brute force on the remaining nodes).
      QVERIFY(!oracleReplica(after, p));
      // Every group sits on a node of its stage's type.
      for (size_t s = 0; s < ids.size(); ++s)
        for (int id : ids[s]) {
          bool found = false;
          for (const auto& n : free.nodes(p.stages[s].gpu)) found = found || n.node_id == id;
          QVERIFY(found);
        }
    }
    QVERIFY(checkedChoices > 1000);
  }

 private:
  // Whether one more replica of `p` fits on `free` (brute force per type).
  static bool oracleReplica(const FreeGpus& free, const TemplateChoice& p) {
    std::vector<std::vector<int>> groups(static_cast<size_t>(free.typeCount()));
    for (const auto& s : p.stages) groups[static_cast<size_t>(s.gpu)].push_back(s.tp);
    for (int t = 0; t < free.typeCount(); ++t) {
      std::map<std::pair<size_t, Hist>, int> memo;
      if (bruteMaxExtra(histOf(free, t), groups[static_cast<size_t>(t)], 0, 1, memo) < 0) return false;
    }
    return true;
  }
};

QTEST_GUILESS_MAIN(TstMasks)
#include "tst_masks.moc"
