// Sailor's search and its own estimator. Ported from eth-easl/sailor cf2c8e3 (MIT): planner.cpp
// and planner_utils.cpp; the comments name the original function each part follows.
#include "planning/baselines/sailor/sailor_search.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace arachne {

namespace {

constexpr double kSpeedupThreshold = 1.5;       // SPEEDUP_THRESHOLD
constexpr double kBucketBytes = 500000000;      // MEMORY_BUCKET_DEEPSPEED_SIZE
constexpr double kUnset = 1000000.0;            // Sailor's "big number" initial values

// Sailor's get_time_on_config takes the size as size_t: whole bytes.
double sendTime(double bytes, const SailorFit& fit) { return sailorSendTime(std::floor(bytes), fit); }

// generate_all_combos_new: every way to give data_par replicas to the types, each at most
// maxPer[i], the first type's count ascending fastest-varying last (lexicographic).
void combos(const std::vector<int>& maxPer, int dp, std::vector<int>& cur, size_t id,
            std::vector<std::vector<int>>& out) {
  const int here = std::min(dp, maxPer[id]);
  if (id + 1 == maxPer.size()) {
    if (here == dp) {
      cur[id] = here;
      out.push_back(cur);
    }
    return;
  }
  for (int n = 0; n <= here; ++n) {
    cur[id] = n;
    combos(maxPer, dp - n, cur, id + 1, out);
  }
}

}  // namespace

size_t SailorSearch::MemoHash::operator()(const MemoKey& k) const {
  size_t h = 1469598103934665603ull;
  auto mix = [&](int v) { h = (h ^ static_cast<size_t>(static_cast<unsigned>(v))) * 1099511628211ull; };
  for (int v : {k.mbs, k.pp, k.start, k.dp}) mix(v);
  for (int v : k.counts) mix(v);
  return h;
}

std::vector<SailorStageAssign> SailorSearch::stagesOf(const Partial& p) {
  std::vector<SailorStageAssign> out;
  for (const Partial* q = &p; q; q = q->rest) out.push_back(q->first);
  return out;
}

SailorSearch::SailorSearch(const SailorInputs& in, const BaselineNetwork& net, std::function<bool(long long)> stop,
                           std::function<void(int, int)> progress)
    : in_(in), net_(net), stop_(std::move(stop)), progress_(std::move(progress)) {}

int SailorSearch::microBatches(int mbs, int dp) const {
  return static_cast<int>(std::ceil(in_.global_batch * 1.0 / (mbs * dp)));
}

std::vector<int> SailorSearch::dpDegrees(int mbs) const {
  // Sailor scans DP up to its quota total; DPs above the cluster's GPU count find no resources,
  // so scanning to the GPU count gives the same plans.
  int total = 0;
  for (const SailorGpuData& t : in_.types) total += t.count;
  std::vector<int> out = {1};
  int current = static_cast<int>(std::ceil(in_.global_batch * 1.0 / mbs));
  for (int dp = 2; dp <= total; ++dp) {
    const int n = microBatches(mbs, dp);
    if (n != current) {
      out.push_back(dp);
      current = n;
    }
  }
  std::reverse(out.begin(), out.end());  // objective "throughput": largest DP first
  return out;
}

std::vector<std::vector<int>> SailorSearch::tpDegrees(const std::vector<std::pair<int, int>>& stages, int mbs) const {
  const int depth = static_cast<int>(stages.size());
  std::vector<std::vector<int>> tmps(in_.types.size());
  for (size_t g = 0; g < in_.types.size(); ++g) {
    const SailorGpuData& t = in_.types[g];
    std::vector<int> chosen;
    for (int s = 0; s < depth; ++s) {
      const auto [first, last] = stages[static_cast<size_t>(s)];
      // MIN TMP, based on memory (build_structs): the smallest TP whose stage fits.
      int minTp = -1;
      for (int tp : t.tps)
        if (in_.stageFits(t, depth, s, first, last, mbs, tp)) {
          minTp = tp;
          break;
        }
      if (minTp < 0) {
        chosen.clear();  // the type cannot hold this stage: unusable at this depth and mbs
        break;
      }
      // MAX TMP, based on scaling: raise TP while each step speeds the stage up 1.5x.
      int maxTp = 0;
      double prev = 1000.0;
      for (int tp : t.tps) {
        const double exec = t.execTime(mbs, tp, first, last);
        if (!std::isfinite(exec)) continue;  // not profiled at this mbs (Sailor: undefined)
        if (prev / exec >= kSpeedupThreshold) {
          prev = exec;
          maxTp = tp;
        } else {
          break;
        }
      }
      // find_tmp_degrees: on a heterogeneous cluster the first type takes its memory-minimal TP.
      chosen.push_back(g == 0 && !in_.homogeneous ? std::max(1, minTp) : std::max(maxTp, minTp));
    }
    tmps[g] = chosen;
  }
  return tmps;
}

double SailorSearch::allReduce(int type, int tp, int dp, int first, int last) {
  // get_ar_time_with_buckets over the stage's parameters at TP 1, in 500 MB buckets, with the
  // fit of the bottleneck type's TP-sized groups (precompute_ar_times_bottleneck).
  const auto key = std::make_tuple(type, tp, dp, first, last);
  auto it = ar_cache_.find(key);
  if (it != ar_cache_.end()) return it->second;
  const SailorFit& fit = net_.inter(in_.types[static_cast<size_t>(type)].gpu, tp, in_.types[static_cast<size_t>(type)].gpu, tp);
  double remaining = std::floor(in_.paramBytesTp1(first, last));
  double t = 0;
  while (remaining > 0) {
    const double send = remaining > kBucketBytes ? kBucketBytes : remaining;
    t += 2.0 * (dp - 1) * sendTime(send / dp, fit);  // estimate_ar_time
    remaining -= send;
  }
  ar_cache_.emplace(key, t);
  return t;
}

SailorSearch::Info SailorSearch::singleStage(int first, int last, const SailorStageAssign& a, int mbs, int dp) {
  // simulate_time_single_stage
  ++estimates_;
  Info info;
  double comp = 0, update = 0;
  const int size = last - first + 1;
  for (const SailorTypeGroup& g : a) {
    const SailorGpuData& t = in_.types[static_cast<size_t>(g.type)];
    comp = std::max(comp, t.execTime(mbs, g.tp, first, last));
    const SailorGpuData::Profile* p = t.profile(mbs, g.tp);
    update = std::max(update, size * (p ? p->update : 0.0));
  }
  double ar = 0;
  if (dp > 1) {
    // find_ar_time: the type whose TP groups have the lowest measured peak rate is the bottleneck.
    double minBw = 1000.0 * 1e9;
    int botType = -1, botTp = 1;
    for (const SailorTypeGroup& g : a) {
      const int gpu = in_.types[static_cast<size_t>(g.type)].gpu;
      const double bw = net_.inter(gpu, g.tp, gpu, g.tp).max_bytes_per_s;
      if (bw < minBw) {
        minBw = bw;
        botType = g.type;
        botTp = g.tp;
      }
    }
    if (botType >= 0) ar = allReduce(botType, botTp, dp, first, last);
  }
  info.straggler = comp;
  info.comp = comp;
  info.first_comp = comp;
  info.ar = ar;
  info.update = update;
  info.tpp = microBatches(mbs, dp) * comp + ar + update;
  return info;
}

double SailorSearch::merge(Info& p1, const Info& p2, const SailorStageAssign& cur, const SailorStageAssign& next,
                           int mbs, int dp) const {
  // merge_stages_get_time. Sailor sizes the activation by the first stage's last layer (it
  // passes stage index 0); blocks hand on equal tensors, so that is every stage's.
  const int M = microBatches(mbs, dp);
  const double act = in_.out_bytes[static_cast<size_t>(stages_.front().second)] * mbs;
  // Replica k of this stage sends to replica k of the next; the slowest pair sets the time.
  double comm = 0;
  size_t i = 0, j = 0;
  int leftI = cur.empty() ? 0 : cur[0].count, leftJ = next.empty() ? 0 : next[0].count;
  while (i < cur.size() && j < next.size()) {
    const SailorTypeGroup& a = cur[i];
    const SailorTypeGroup& b = next[j];
    const SailorFit& fit = net_.inter(in_.types[static_cast<size_t>(a.type)].gpu, a.tp, in_.types[static_cast<size_t>(b.type)].gpu, b.tp);
    comm = std::max(comm, sendTime(act, fit));
    const int step = std::min(leftI, leftJ);
    leftI -= step;
    leftJ -= step;
    if (leftI == 0 && ++i < cur.size()) leftI = cur[i].count;
    if (leftJ == 0 && ++j < next.size()) leftJ = next[j].count;
  }
  double straggler = std::max(p1.straggler + comm, p2.first_comp + comm);
  straggler = std::max(straggler, p2.straggler);
  const double inter = p1.inter + p2.inter + 2 * comm;
  const double comp = p1.comp + p2.comp;
  const double sync = std::max(p1.ar, p2.ar);
  const double tpp = (M - 1) * straggler + inter + comp + sync;  // Sailor adds no update time here
  p1.first_comp = p1.comp + comm;
  p1.straggler = straggler;
  p1.comp = comp;
  p1.inter = inter;
  p1.ar = sync;
  p1.tpp = tpp;
  p1.update = 0;
  return tpp;
}

const SailorSearch::Partial& SailorSearch::solve(int mbs, int pp, int dp, int stage, const std::vector<int>& counts) {
  // solve_dp: the best way to give `dp` replicas to stages [stage, stage + pp) from `counts`.
  const auto [first, last] = stages_[static_cast<size_t>(stage)];
  MemoKey key{mbs, pp, first, dp, {}};
  for (size_t i = 0; i < counts.size(); ++i) key.counts[i] = counts[i];
  if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  memo_[key] = Partial{};  // Sailor stores the empty config first
  const size_t n = in_.types.size();
  std::vector<int> maxPer(n, 0);
  for (size_t i = 0; i < n; ++i)
    if (counts[i] > 0 && !tmps_[i].empty()) maxPer[i] = counts[i] / tmps_[i][static_cast<size_t>(stage)];
  std::vector<std::vector<int>> all;
  std::vector<int> cur(n, 0);
  combos(maxPer, dp, cur, 0, all);

  Partial best;
  double bestTpp = kUnset, prev = kUnset;
  for (const std::vector<int>& combo : all) {
    if (stopped_ || (stop_ && stop_(estimates_))) {
      stopped_ = true;
      break;
    }
    SailorStageAssign a;
    std::vector<int> left = counts;
    for (size_t i = 0; i < n; ++i) {
      if (combo[i] == 0) continue;
      const int tp = tmps_[i][static_cast<size_t>(stage)];
      a.push_back({static_cast<int>(i), tp, combo[i]});
      left[i] -= combo[i] * tp;
    }
    if (pp == 1) {
      const Info info = singleStage(first, last, a, mbs, dp);
      if (info.tpp < bestTpp) {
        bestTpp = info.tpp;
        best = Partial{true, info.tpp, info, a, nullptr};
      }
      continue;
    }
    // Enough left for the next stage at its TP degrees? (Sailor would move to the next region.)
    int nextMax = 0;
    for (size_t i = 0; i < n; ++i)
      if (!tmps_[i].empty() && tmps_[i][static_cast<size_t>(stage) + 1] > 0)
        nextMax += left[i] / tmps_[i][static_cast<size_t>(stage) + 1];
    if (nextMax < dp) continue;
    Info info = singleStage(first, last, a, mbs, dp);
    if (info.tpp == prev) continue;  // Sailor skips a combo that estimates the same as the last
    prev = info.tpp;
    const Partial& rest = solve(mbs, pp - 1, dp, stage + 1, left);
    if (!rest.valid) continue;
    const double tpp = merge(info, rest.info, a, rest.first, mbs, dp);
    if (tpp > 0 && tpp < bestTpp) {
      bestTpp = tpp;
      best = Partial{true, tpp, info, a, &rest};
    }
  }
  Partial& slot = memo_[key];
  slot = std::move(best);
  return slot;
}

std::vector<SailorConfig> SailorSearch::run() {
  // get_plans_num_gpus_dp (objective "throughput", no cost budget, one zone).
  std::vector<SailorConfig> all;
  if (tooManyTypes()) return all;
  std::vector<int> counts;
  for (const SailorGpuData& t : in_.types) counts.push_back(t.count);
  for (int pp = 1; pp <= in_.layers && !stopped_; ++pp) {
    for (int mbs : in_.all_mbs) {
      if (stopped_) break;
      if (progress_) progress_(pp, mbs);
      stages_ = sailorStages(in_.layers, pp);
      tmps_ = tpDegrees(stages_, mbs);
      // get_regions_list: the zone is usable when some type has the GPUs one pipeline needs.
      bool feasible = false;
      for (size_t i = 0; i < in_.types.size(); ++i) {
        int need = 0;
        for (int tp : tmps_[i]) need += tp;
        if (counts[i] >= need) feasible = true;
      }
      if (!feasible) continue;
      double prevTpp = kUnset;
      for (int dp : dpDegrees(mbs)) {
        const Partial& p = solve(mbs, pp, dp, 0, counts);
        if (stopped_) break;
        if (!p.valid || p.tpp <= 0) continue;
        if (prevTpp > p.tpp) prevTpp = p.tpp;
        else break;  // H3: a smaller DP that is no faster ends this micro-batch size
        all.push_back({mbs, dp, p.tpp, stages_, stagesOf(p)});
      }
    }
  }
  std::stable_sort(all.begin(), all.end(), [](const SailorConfig& a, const SailorConfig& b) { return a.tpp < b.tpp; });
  return all;
}

}  // namespace arachne
