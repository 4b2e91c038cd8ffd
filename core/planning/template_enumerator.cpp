// Enumerating templates as multisets of TP groups per GPU type, then their stage orders.
#include "planning/template_enumerator.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "planning/feasibility_masks.h"
#include "planning/node_allocator.h"

namespace arachne {

std::string toString(StageOrders o) {
  switch (o) {
    case StageOrders::Every: return "every stage order";
    case StageOrders::TypeBlocks: return "contiguous GPU-type blocks, every TP order";
    case StageOrders::SortedBlocks: return "contiguous GPU-type blocks, TP non-increasing";
  }
  return "?";
}

namespace {

struct TypeSet {  // one GPU type's multiset of TP groups
  int type = 0;
  int n = 0;
  int counts[kMaxTpLevels] = {};
};

double factorial(int n) {
  double f = 1;
  for (int i = 2; i <= n; ++i) f *= i;
  return f;
}

double multinomial(const TypeSet& m) {
  double v = factorial(m.n);
  for (int c : m.counts) v /= factorial(c);
  return v;
}

// Every multiset of allowed TP groups of one type (at most maxStages groups) that fits.
std::vector<TypeSet> typeSets(const ConstructionSpace& space, const FreeGpus& free, int type,
                              int maxStages) {
  std::vector<TypeSet> out;
  TypeSet cur;
  cur.type = type;
  out.push_back(cur);  // the empty multiset
  if (!space.typeUsable(type)) return out;
  out.clear();
  std::vector<char> allowed(kMaxTpLevels, 0);
  for (size_t i = 0; i < space.tp_choices.size(); ++i)
    if (space.tp_allowed[static_cast<size_t>(type)][i]) allowed[static_cast<size_t>(tpLevel(space.tp_choices[i]))] = 1;
  // Levels from the top down: the load at level l depends only on the counts at l and above.
  std::function<void(int, int)> rec = [&](int level, int load) {
    if (level < 0) {
      out.push_back(cur);
      return;
    }
    const int cap = free.groupCapacity(type, level);
    const int maxC = allowed[static_cast<size_t>(level)] ? maxStages - cur.n : 0;
    for (int c = 0; c <= maxC; ++c) {
      const int l = load + c;
      if (l > cap) break;
      cur.counts[level] = c;
      cur.n += c;
      rec(level - 1, 2 * l);
      cur.n -= c;
    }
    cur.counts[level] = 0;
  };
  rec(kMaxTpLevels - 1, 0);
  return out;
}

std::vector<std::vector<TypeSet>> allTypeSets(const ConstructionSpace& space, const FreeGpus& free) {
  std::vector<std::vector<TypeSet>> sets;
  for (int t = 0; t < free.typeCount(); ++t) sets.push_back(typeSets(space, free, t, space.max_depth));
  return sets;
}

// Calls leaf(chosen) for every combination of per-type multisets with 1..D_max stages.
bool combine(const std::vector<std::vector<TypeSet>>& sets, int maxStages, std::vector<const TypeSet*>& chosen,
             size_t t, int n, const std::function<bool(const std::vector<const TypeSet*>&)>& leaf) {
  if (t == sets.size()) return n == 0 ? true : leaf(chosen);
  for (const TypeSet& m : sets[t]) {
    if (n + m.n > maxStages) continue;
    chosen.push_back(&m);
    const bool go = combine(sets, maxStages, chosen, t + 1, n + m.n, leaf);
    chosen.pop_back();
    if (!go) return false;
  }
  return true;
}

double ordersOf(const std::vector<const TypeSet*>& chosen, StageOrders orders) {
  int n = 0, present = 0;
  double within = 1, denom = 1;
  for (const TypeSet* m : chosen) {
    if (m->n == 0) continue;
    ++present;
    n += m->n;
    within *= multinomial(*m);
    for (int c : m->counts) denom *= factorial(c);
  }
  switch (orders) {
    case StageOrders::Every: return factorial(n) / denom;
    case StageOrders::TypeBlocks: return factorial(present) * within;
    case StageOrders::SortedBlocks: return factorial(present);
  }
  return 0;
}

std::vector<int> blockOf(const TypeSet& m) {  // TP degrees non-increasing
  std::vector<int> tps;
  for (int l = kMaxTpLevels - 1; l >= 0; --l)
    for (int c = 0; c < m.counts[l]; ++c) tps.push_back(1 << l);
  return tps;
}

bool emitOrders(const std::vector<const TypeSet*>& chosen, StageOrders orders,
                const std::function<bool(const TemplateChoice&)>& visit) {
  std::vector<const TypeSet*> present;
  int n = 0;
  for (const TypeSet* m : chosen)
    if (m->n > 0) {
      present.push_back(m);
      n += m->n;
    }
  TemplateChoice c{n, {}};
  if (orders == StageOrders::Every) {
    std::vector<std::pair<int, int>> items;  // (type, tp), sorted for next_permutation
    for (const TypeSet* m : present)
      for (int tp : blockOf(*m)) items.emplace_back(m->type, tp);
    std::sort(items.begin(), items.end());
    do {
      c.stages.clear();
      for (auto [g, tp] : items) c.stages.push_back({g, tp});
      if (!visit(c)) return false;
    } while (std::next_permutation(items.begin(), items.end()));
    return true;
  }
  std::vector<size_t> typeOrder(present.size());
  for (size_t i = 0; i < present.size(); ++i) typeOrder[i] = i;
  do {
    if (orders == StageOrders::SortedBlocks) {
      c.stages.clear();
      for (size_t i : typeOrder)
        for (int tp : blockOf(*present[i])) c.stages.push_back({present[i]->type, tp});
      if (!visit(c)) return false;
      continue;
    }
    // Every TP order inside each block: the cartesian product of the blocks' permutations.
    std::vector<std::vector<int>> blocks;
    for (size_t i : typeOrder) {
      blocks.push_back(blockOf(*present[i]));
      std::sort(blocks.back().begin(), blocks.back().end());
    }
    std::function<bool(size_t)> rec = [&](size_t b) -> bool {
      if (b == blocks.size()) {
        c.stages.clear();
        for (size_t i = 0; i < blocks.size(); ++i)
          for (int tp : blocks[i]) c.stages.push_back({present[typeOrder[i]]->type, tp});
        return visit(c);
      }
      std::vector<int>& blk = blocks[b];
      std::sort(blk.begin(), blk.end());
      do {
        if (!rec(b + 1)) return false;
      } while (std::next_permutation(blk.begin(), blk.end()));
      return true;
    };
    if (!rec(0)) return false;
  } while (std::next_permutation(typeOrder.begin(), typeOrder.end()));
  return true;
}

std::string signature(const FreeGpus& free, int steps) {
  std::string s = std::to_string(steps);
  for (int t = 0; t < free.typeCount(); ++t) {
    std::vector<int> f;
    for (const auto& n : free.nodes(t))
      if (n.free > 0) f.push_back(n.free);
    std::sort(f.begin(), f.end());
    s += '|';
    for (int v : f) s += std::to_string(v) + ',';
  }
  return s;
}

double countPlansRec(const ConstructionSpace& space, const FreeGpus& free, StageOrders orders,
                     int steps, double cap, std::map<std::string, double>& memo) {
  const std::string key = signature(free, steps);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  double total = TemplateEnumerator::count(space, free, orders);
  if (total > cap || steps <= 1) return total;  // too big to refine, or no later steps
  total = 0;
  const auto sets = allTypeSets(space, free);
  std::vector<const TypeSet*> chosen;
  combine(sets, space.max_depth, chosen, 0, 0, [&](const std::vector<const TypeSet*>& ch) {
    TemplateChoice c{0, {}};
    for (const TypeSet* m : ch)
      for (int tp : blockOf(*m)) c.stages.push_back({m->type, tp});
    c.depth = static_cast<int>(c.stages.size());
    const int r = FeasibilityMasks::maxReplicas(free, FeasibilityMasks::demandOf(free, c));
    FreeGpus next = free;
    std::vector<std::vector<int>> ids;
    double sub = 0;
    if (r > 0 && NodeAllocator::allocate(next, c, r, ids))
      sub = countPlansRec(space, next, orders, steps - 1, cap - total, memo);
    total += ordersOf(ch, orders) * (1 + sub);
    return total <= cap;
  });
  if (total <= cap) memo[key] = total;
  return total;
}

}  // namespace

bool TemplateEnumerator::forEach(const ConstructionSpace& space, const FreeGpus& free,
                                 StageOrders orders,
                                 const std::function<bool(const TemplateChoice&)>& visit) {
  const auto sets = allTypeSets(space, free);
  std::vector<const TypeSet*> chosen;
  return combine(sets, space.max_depth, chosen, 0, 0, [&](const std::vector<const TypeSet*>& ch) {
    return emitOrders(ch, orders, visit);
  });
}

double TemplateEnumerator::count(const ConstructionSpace& space, const FreeGpus& free,
                                 StageOrders orders) {
  const int D = space.max_depth;
  const int T = free.typeCount();
  // dp[n][p]: weighted multisets over the types so far with n stages from p types.
  std::vector<std::vector<double>> dp(static_cast<size_t>(D) + 1, std::vector<double>(static_cast<size_t>(T) + 1, 0));
  dp[0][0] = 1;
  for (int t = 0; t < T; ++t) {
    auto next = std::vector<std::vector<double>>(dp.size(), std::vector<double>(dp[0].size(), 0));
    for (const TypeSet& m : typeSets(space, free, t, D)) {
      double w = 1;
      if (orders == StageOrders::Every) {
        for (int c : m.counts) w /= factorial(c);
      } else if (orders == StageOrders::TypeBlocks) {
        w = multinomial(m);
      }
      const int dp_ = m.n > 0 ? 1 : 0;
      for (int n = 0; n + m.n <= D; ++n)
        for (int p = 0; p + dp_ <= T; ++p)
          if (dp[static_cast<size_t>(n)][static_cast<size_t>(p)] != 0)
            next[static_cast<size_t>(n + m.n)][static_cast<size_t>(p + dp_)] += dp[static_cast<size_t>(n)][static_cast<size_t>(p)] * w;
    }
    dp.swap(next);
  }
  double total = 0;
  for (int n = 1; n <= D; ++n)
    for (int p = 0; p <= T; ++p) {
      const double v = dp[static_cast<size_t>(n)][static_cast<size_t>(p)];
      if (v == 0) continue;
      total += orders == StageOrders::Every ? v * factorial(n) : v * factorial(p);
    }
  return total;
}

double TemplateEnumerator::countPlans(const ConstructionSpace& space, const FreeGpus& free,
                                      StageOrders orders, int stepLimit, double cap) {
  std::map<std::string, double> memo;
  return countPlansRec(space, free, orders, stepLimit, cap, memo);
}

}  // namespace arachne
