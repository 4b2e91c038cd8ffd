#include "planning/construction_replay.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>

#include "planning/construction_episode.h"
#include "planning/planner_run.h"

namespace arachne {

namespace {

// `choice` without its stages on GPU types with no free GPU; empty when that leaves it unchanged
// or without a stage.
TemplateChoice withoutSpentTypes(const ConstructionEpisode& episode, const TemplateChoice& choice) {
  TemplateChoice out;
  for (const StageChoice& c : choice.stages)
    if (episode.free().freeOfType(c.gpu) > 0) out.stages.push_back(c);
  if (out.stages.size() == choice.stages.size()) return {};
  out.depth = static_cast<int>(out.stages.size());
  return out;
}

// The steps replayConstruction takes for `construction`, on a prefetching copy of the episode:
// each step's fill lands in the shared cache under the key the replay will look up. Ends early
// when `abandon` is set.
void prefetchConstruction(ConstructionEpisode& episode, const std::vector<TemplateChoice>& construction,
                          const std::atomic<bool>& abandon) {
  episode.reset();
  for (size_t t = 0; t < construction.size() && !episode.done(); ++t) {
    if (abandon.load(std::memory_order_relaxed)) return;
    try {
      episode.step(construction[t]);
    } catch (const std::invalid_argument&) {
      const TemplateChoice repaired = withoutSpentTypes(episode, construction[t]);
      if (repaired.isStop()) return;
      try {
        episode.step(repaired);
      } catch (const std::invalid_argument&) {
        return;
      }
    }
  }
}

// One round's neighbours filled ahead while the round replays them in order: helper threads,
// and the replaying thread while it waits, take the next neighbour no thread has taken and fill
// its steps on a prefetching copy of the episode. The replay of a neighbour no thread has taken
// fills it itself; the replay of one a helper is filling waits for it. The replays, their order,
// counts and offers are those of a round without helpers (FillCache::takePrefetched).
class RoundPrefetch {
 public:
  RoundPrefetch(const ConstructionEpisode& episode, int helpers,
                const std::vector<std::vector<TemplateChoice>>& list, const std::vector<char>& skip)
      : episode_(episode), list_(list), state_(list.size()) {
    for (size_t i = 0; i < list.size(); ++i) state_[i].store(skip[i] ? kDone : kFree, std::memory_order_relaxed);
    try {
      for (int h = 0; h < helpers; ++h)
        threads_.emplace_back([this, copy = episode.prefetchingCopy()]() mutable {
          for (Next n = Next::kFilled; n != Next::kNone && !abandon_.load(std::memory_order_relaxed);) {
            n = fillNext(copy);
            if (n == Next::kWait) std::this_thread::sleep_for(kPause);
          }
        });
    } catch (...) {
      // No thread (or no memory) for another helper: the round goes on with those it has.
    }
  }
  RoundPrefetch(const RoundPrefetch&) = delete;
  RoundPrefetch& operator=(const RoundPrefetch&) = delete;
  ~RoundPrefetch() {
    abandon_.store(true);
    for (std::thread& t : threads_) t.join();
  }
  // Before neighbour i is replayed.
  void claimOrWait(size_t i) {
    replaying_.store(i, std::memory_order_relaxed);
    char expected = kFree;
    if (state_[i].compare_exchange_strong(expected, kTaken)) return;  // the replay fills it
    while (state_[i].load(std::memory_order_acquire) != kDone) {
      if (!own_) own_.emplace(episode_.prefetchingCopy());
      if (fillNext(*own_) != Next::kFilled) std::this_thread::sleep_for(kPause);
    }
  }

 private:
  static constexpr char kFree = 0, kTaken = 1, kDone = 2;
  // Neighbours filled ahead of the replay at most: their fills wait in the cache's byte budget.
  static constexpr size_t kAhead = 16;
  // A wait between looks (a fill takes from tens of microseconds to milliseconds).
  static constexpr std::chrono::microseconds kPause{20};
  enum class Next { kFilled, kWait, kNone };
  // Takes the next free neighbour and fills it: kWait when the next is kAhead past the replay,
  // kNone when none is left.
  Next fillNext(ConstructionEpisode& copy) {
    for (;;) {
      size_t j = next_.load();
      if (j >= list_.size()) return Next::kNone;
      if (j >= replaying_.load(std::memory_order_relaxed) + kAhead) return Next::kWait;
      if (!next_.compare_exchange_weak(j, j + 1)) continue;
      char expected = kFree;
      if (!state_[j].compare_exchange_strong(expected, kTaken)) continue;
      try {
        prefetchConstruction(copy, list_[j], abandon_);
      } catch (...) {
        // Not filled ahead: its replay fills what is missing (and meets the error itself).
      }
      state_[j].store(kDone, std::memory_order_release);
      return Next::kFilled;
    }
  }

  const ConstructionEpisode& episode_;
  const std::vector<std::vector<TemplateChoice>>& list_;
  std::vector<std::atomic<char>> state_;
  std::atomic<size_t> next_{0};
  std::atomic<size_t> replaying_{0};  // the neighbour the replay is at
  std::atomic<bool> abandon_{false};
  std::optional<ConstructionEpisode> own_;  // the replaying thread's prefetching copy
  std::vector<std::thread> threads_;
};

}  // namespace

bool replayConstruction(ConstructionEpisode& episode, PlannerRun& run, std::vector<TemplateChoice>& construction,
                        size_t& steps, double* reached) {
  episode.reset();
  if (reached) *reached = 0;
  bool improved = false;
  long long counted = 0;
  for (size_t t = 0; t < construction.size() && !episode.done(); ++t) {
    try {
      episode.step(construction[t]);
    } catch (const std::invalid_argument&) {
      TemplateChoice repaired = withoutSpentTypes(episode, construction[t]);
      if (repaired.isStop()) break;  // masked on this state
      try {
        episode.step(repaired);
      } catch (const std::invalid_argument&) {
        break;
      }
      construction[t] = std::move(repaired);
    }
    run.addEvaluations(episode.evaluations() - counted);
    counted = episode.evaluations();
    if (reached) *reached = std::max(*reached, episode.throughput());
    if (run.offer(episode)) {
      improved = true;
      steps = t + 1;
    }
  }
  return improved;
}

StageKey stageKey(const std::vector<StageChoice>& stages) {
  StageKey k;
  for (const auto& c : stages) k.emplace_back(c.gpu, c.tp);
  return k;
}

std::vector<StageKey> constructionKey(const std::vector<TemplateChoice>& construction) {
  std::vector<StageKey> k;
  for (const auto& t : construction) k.push_back(stageKey(t.stages));
  return k;
}

int searchNeighbours(ConstructionEpisode& episode, PlannerRun& run, std::vector<TemplateChoice>& best, int rounds,
                     const Neighbours& neighbours, const Replayed& heard, ReplayedKeys* seen) {
  int replays = 0;
  ReplayedKeys own;
  ReplayedKeys& replayed = seen ? *seen : own;  // a later round skips these
  replayed.insert(constructionKey(best));
  for (int round = 0; round < rounds; ++round) {
    bool improved = false;
    std::vector<std::vector<TemplateChoice>> list = neighbours(best);
    std::vector<std::vector<StageKey>> keys;
    for (const auto& c : list) keys.push_back(constructionKey(c));
    std::unique_ptr<RoundPrefetch> ahead;
    if (run.helperThreads() > 0 && episode.reusesFills() && list.size() > 1) {
      // The neighbours the loop below will skip: replayed before, or listed twice.
      std::vector<char> skip(list.size(), 0);
      ReplayedKeys listed;
      for (size_t i = 0; i < list.size(); ++i) skip[i] = replayed.count(keys[i]) > 0 || !listed.insert(keys[i]).second;
      ahead = std::make_unique<RoundPrefetch>(episode, run.helperThreads(), list, skip);
    }
    for (size_t i = 0; i < list.size(); ++i) {
      std::vector<TemplateChoice>& candidate = list[i];
      if (run.shouldStop()) return replays;
      if (!replayed.insert(keys[i]).second) continue;
      if (ahead) ahead->claimOrWait(i);
      ++replays;
      size_t steps = 0;
      double reached = 0;
      const bool better = replayConstruction(episode, run, candidate, steps, &reached);
      if (heard) heard(candidate, reached);
      if (better) {
        candidate.resize(steps);
        best = std::move(candidate);
        improved = true;
      }
    }
    if (!improved) break;
  }
  return replays;
}

}  // namespace arachne
