// The construction state: the allocation rule on non-uniform nodes, replica packing, and the
// template enumeration the exhaustive planner searches (its counts match what it visits).
#include <QtTest>

#include <random>
#include <set>

#include "planning/feasibility_masks.h"
#include "planning/node_allocator.h"
#include "planning/template_enumerator.h"

using namespace arachne;

namespace {

std::vector<Node> nodesOf(const std::vector<std::pair<std::string, int>>& spec) {
  std::vector<Node> n;
  for (const auto& [type, size] : spec) n.push_back(Node{static_cast<int>(n.size()), type, size, 0});
  return n;
}

}  // namespace

class TstConstruction : public QObject {
  Q_OBJECT
 private slots:
  void takeExactFreeNodeFirst() {
    // a: nodes of 4, 2, 1 (ids 0, 1, 2).
    FreeGpus f(nodesOf({{"a", 4}, {"a", 2}, {"a", 1}}));
    QCOMPARE(f.take(0, 1), 2);  // the 1-GPU node, not a slice of the 4
    QCOMPARE(f.take(0, 2), 1);
    QCOMPARE(f.take(0, 2), 0);  // no free node of exactly 2 left: two GPUs of the 4
    QCOMPARE(f.take(0, 2), 0);  // now node 0 has exactly 2 free
    QCOMPARE(f.take(0, 1), -1);
    QCOMPARE(f.totalFree(), 0);
  }

  void takeBestFitFromLargerNodes() {
    // Sizes 6, 3, 8: TP 2 with no exact node takes from the 3 (smallest that fits).
    FreeGpus f(nodesOf({{"a", 6}, {"a", 3}, {"a", 8}}));
    QCOMPARE(f.take(0, 2), 1);
    QCOMPARE(f.take(0, 4), 0);  // 6 is the smallest that holds 4
    QCOMPARE(f.take(0, 2), 0);  // node 0 now has exactly 2 free
    QCOMPARE(f.take(0, 8), 2);
    QCOMPARE(f.take(0, 1), 1);
    QCOMPARE(f.totalFree(), 0);
    QCOMPARE(f.take(0, 1), -1);
  }

  void takeRuleOnRandomStates() {
    std::mt19937 rng(7);
    for (int round = 0; round < 300; ++round) {
      std::vector<std::pair<std::string, int>> spec;
      const int n = std::uniform_int_distribution<int>(1, 12)(rng);
      for (int i = 0; i < n; ++i) spec.push_back({"a", std::uniform_int_distribution<int>(1, 8)(rng)});
      FreeGpus f(nodesOf(spec));
      for (int step = 0; step < 20; ++step) {
        const int k = 1 << std::uniform_int_distribution<int>(0, 3)(rng);
        std::vector<int> before;
        for (const auto& s : f.nodes(0)) before.push_back(s.free);
        const int id = f.take(0, k);
        bool exact = false;
        int smallest = 1 << 30;
        for (int b : before) {
          exact = exact || b == k;
          if (b > k) smallest = std::min(smallest, b);
        }
        if (id < 0) {
          QVERIFY(!exact && smallest == 1 << 30);
          continue;
        }
        const int had = before[static_cast<size_t>(id)];
        if (exact) QCOMPARE(had, k);
        else QCOMPARE(had, smallest);
        // First in composition order among equals.
        for (int j = 0; j < id; ++j) QVERIFY(before[static_cast<size_t>(j)] != had);
        QCOMPARE(f.nodes(0)[static_cast<size_t>(id)].free, had - k);
      }
    }
  }

  // take() finds its node through counts and hints by free count (not a scan of every node):
  // against a plain best-fit scan, with GPUs given back, copies and onlyType() in between, on
  // nodes of mixed sizes, the same node every time and the same largest free count.
  void takeIndexMatchesAScanUnderGivesAndCopies() {
    std::mt19937 rng(11);
    for (int round = 0; round < 200; ++round) {
      std::vector<std::pair<std::string, int>> spec;
      const int n = std::uniform_int_distribution<int>(1, 40)(rng);
      for (int i = 0; i < n; ++i)
        spec.push_back({i % 3 == 2 ? "b" : "a", std::uniform_int_distribution<int>(1, 16)(rng)});  // a first
      FreeGpus f(nodesOf(spec));
      const int a = 0;
      std::vector<int> size, freeCount, id;  // the reference, for type a
      for (const auto& s : f.nodes(a)) {
        size.push_back(s.size);
        freeCount.push_back(s.free);
        id.push_back(s.node_id);
      }
      for (int step = 0; step < 60; ++step) {
        if (std::uniform_int_distribution<int>(0, 3)(rng) == 0 && !id.empty()) {
          const size_t j = std::uniform_int_distribution<size_t>(0, id.size() - 1)(rng);
          const int k = std::uniform_int_distribution<int>(1, 8)(rng);
          f.give(a, id[j], k);
          freeCount[j] = std::min(size[j], freeCount[j] + k);
        } else {
          const int k = 1 << std::uniform_int_distribution<int>(0, 4)(rng);
          int best = -1;
          for (size_t j = 0; j < freeCount.size(); ++j)
            if (freeCount[j] >= k && (best < 0 || freeCount[j] < freeCount[static_cast<size_t>(best)]))
              best = static_cast<int>(j);
          const int got = f.take(a, k);
          QCOMPARE(got, best < 0 ? -1 : id[static_cast<size_t>(best)]);
          if (best >= 0) freeCount[static_cast<size_t>(best)] -= k;
        }
        if (step % 7 == 0) f = FreeGpus(f);  // a copy carries the index
        int largest = 0, total = 0;
        for (size_t j = 0; j < freeCount.size(); ++j) {
          QCOMPARE(f.nodes(a)[j].free, freeCount[j]);
          largest = std::max(largest, freeCount[j]);
          total += freeCount[j];
        }
        QCOMPARE(f.largestFree(a), largest);
        QCOMPARE(f.freeOfType(a), total);
      }
      const FreeGpus alone = f.onlyType(a);
      if (alone.typeCount() > 1) QCOMPARE(alone.largestFree(1 - a), 0);
      QCOMPARE(alone.largestFree(a), f.largestFree(a));
    }
  }

  void capacityFollowsTakes() {
    FreeGpus f(nodesOf({{"a", 4}, {"a", 3}, {"b", 1}}));
    QCOMPARE(f.groupCapacity(0, 0), 7);
    QCOMPARE(f.groupCapacity(0, 1), 3);  // 2 + 1
    QCOMPARE(f.groupCapacity(0, 2), 1);
    f.take(0, 2);                        // from the 3
    QCOMPARE(f.groupCapacity(0, 1), 2);
    QCOMPARE(f.groupCapacity(1, 0), 1);
    f.give(0, 1, 2);
    QCOMPARE(f.groupCapacity(0, 1), 3);
    const FreeGpus only = f.onlyNode(0);
    QCOMPARE(only.totalFree(), 4);
    QCOMPARE(only.groupCapacity(0, 2), 1);
  }

  void replicasFollowTheRuleReplicaByReplica() {
    // One replica = TP 4 + TP 2 + TP 2 of a on nodes 8, 4, 4, 2, 2: two replicas. Replica 0
    // takes the exact nodes (a 4 and both 2s), replica 1 the other 4 and two GPUs of the 8 twice.
    FreeGpus f(nodesOf({{"a", 8}, {"a", 4}, {"a", 4}, {"a", 2}, {"a", 2}}));
    TemplateChoice t{3, {{0, 4}, {0, 2}, {0, 2}}};
    const int r = FeasibilityMasks::maxReplicas(f, FeasibilityMasks::demandOf(f, t));
    QCOMPARE(r, 2);
    std::vector<std::vector<int>> ids;
    QVERIFY(NodeAllocator::allocate(f, t, r, ids));
    QCOMPARE(ids, (std::vector<std::vector<int>>{{1, 2}, {3, 0}, {4, 0}}));
    QCOMPARE(f.totalFree(), 4);
  }

  void largestFirstWhenReplicaOrderStrands() {
    // TP 1, TP 4, TP 4 on nodes 4 and 5: stage order would put the TP 1 on the 4-node (best
    // fit) and strand the second TP 4; largest first places both 4s, then the 1 on the 5-node.
    FreeGpus f(nodesOf({{"a", 4}, {"a", 5}}));
    TemplateChoice t{3, {{0, 1}, {0, 4}, {0, 4}}};
    QCOMPARE(FeasibilityMasks::maxReplicas(f, FeasibilityMasks::demandOf(f, t)), 1);
    std::vector<std::vector<int>> ids;
    QVERIFY(NodeAllocator::allocate(f, t, 1, ids));
    QCOMPARE(ids, (std::vector<std::vector<int>>{{1}, {0}, {1}}));
    QCOMPARE(f.totalFree(), 0);
  }

  void allocationFailsCleanly() {
    FreeGpus f(nodesOf({{"a", 2}, {"a", 2}}));
    TemplateChoice t{1, {{0, 4}}};
    std::vector<std::vector<int>> ids;
    QVERIFY(!NodeAllocator::allocate(f, t, 1, ids));
    QCOMPARE(f.totalFree(), 4);
  }

  void enumeratorCountsWhatItVisits() {
    FreeGpus f(nodesOf({{"a", 4}, {"a", 2}, {"b", 2}, {"b", 1}}));
    auto space = ConstructionSpace::structural(f, 6);
    for (StageOrders o : {StageOrders::Every, StageOrders::TypeBlocks, StageOrders::SortedBlocks}) {
      std::set<std::vector<std::pair<int, int>>> seen;
      long long visited = 0, masked = 0;
      TemplateEnumerator::forEach(space, f, o, [&](const TemplateChoice& c) {
        ++visited;
        std::vector<std::pair<int, int>> key;
        for (auto s : c.stages) key.emplace_back(s.gpu, s.tp);
        seen.insert(key);
        // Everything visited passes the masks.
        if (!FeasibilityMasks::admits(space, f, c, true)) ++masked;
        return true;
      });
      QCOMPARE(masked, 0LL);
      QCOMPARE(static_cast<double>(visited), TemplateEnumerator::count(space, f, o));
      QCOMPARE(static_cast<long long>(seen.size()), visited);  // distinct
    }
    // Every order covers every admissible template: compare with a brute-force walk of the masks.
    long long brute = 0;
    std::function<void(TemplateChoice)> walk = [&](TemplateChoice p) {
      if (static_cast<int>(p.stages.size()) == p.depth) { ++brute; return; }
      const Mask dm = FeasibilityMasks::deviceMask(space, f, p);
      for (int t = 0; t < f.typeCount(); ++t) {
        if (!dm[static_cast<size_t>(t)]) continue;
        const Mask tm = FeasibilityMasks::tpMask(space, f, p, t);
        for (size_t i = 0; i < tm.size(); ++i)
          if (tm[i]) {
            TemplateChoice q = p;
            q.stages.push_back({t, space.tp_choices[i]});
            walk(q);
          }
      }
    };
    const Mask depth = FeasibilityMasks::depthMask(space, f, true);
    for (int d = 1; d <= space.max_depth; ++d)
      if (depth[static_cast<size_t>(d)]) walk(TemplateChoice{d, {}});
    QCOMPARE(static_cast<double>(brute), TemplateEnumerator::count(space, f, StageOrders::Every));
  }

  void countPlansGrowsWithSteps() {
    FreeGpus f(nodesOf({{"a", 2}, {"b", 2}}));
    auto space = ConstructionSpace::structural(f, 4);
    const double one = TemplateEnumerator::countPlans(space, f, StageOrders::Every, 1, 1e9);
    const double two = TemplateEnumerator::countPlans(space, f, StageOrders::Every, 2, 1e9);
    QCOMPARE(one, TemplateEnumerator::count(space, f, StageOrders::Every));
    QVERIFY(two > one);
    QVERIFY(TemplateEnumerator::countPlans(space, f, StageOrders::Every, 2, 3) > 3);  // capped
  }
};

QTEST_GUILESS_MAIN(TstConstruction)
#include "tst_construction.moc"
