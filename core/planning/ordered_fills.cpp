#include "planning/ordered_fills.h"

#include <algorithm>

#include "planning/construction_episode.h"

namespace arachne {

namespace {
// More helpers than this rarely pay: a step has tens to thousands of candidates, and each
// helper holds up to kAhead of them in memory.
constexpr int kMaxThreads = 8;
}  // namespace

int OrderedFills::helpersFor(int threads) {
  if (threads <= 0) threads = static_cast<int>(std::thread::hardware_concurrency());
  return std::clamp(threads, 1, kMaxThreads) - 1;
}

OrderedFills::OrderedFills(const ConstructionEpisode& episode, const std::vector<TemplateChoice>& candidates,
                           int helpers)
    : episode_(episode), candidates_(candidates), state_(candidates.size()), filled_(candidates.size()) {
  for (auto& s : state_) s.store(kFree, std::memory_order_relaxed);
  helpers = std::min(helpers, static_cast<int>(candidates.size()) - 1);
  try {
    for (int h = 0; h < helpers; ++h)
      threads_.emplace_back([this] {
        for (Next n = Next::kFilled; n != Next::kNone && !abandon_.load(std::memory_order_relaxed);) {
          n = fillNext();
          if (n == Next::kWait) std::this_thread::sleep_for(kPause);
        }
      });
  } catch (...) {
    // No thread for another helper: the scan goes on with those it has (or fills alone).
  }
}

OrderedFills::~OrderedFills() {
  abandon_.store(true);
  for (std::thread& t : threads_) t.join();
}

FillResult OrderedFills::take(size_t i) {
  scan_.store(i, std::memory_order_relaxed);
  char expected = kFree;
  if (state_[i].compare_exchange_strong(expected, kTaken)) return episode_.tryStep(candidates_[i]);
  // A helper took it: fill the next ones meanwhile rather than idle.
  while (state_[i].load(std::memory_order_acquire) != kDone)
    if (fillNext() != Next::kFilled) std::this_thread::sleep_for(kPause);
  if (!filled_[i]) return episode_.tryStep(candidates_[i]);  // the helper's fill threw: meet it here
  FillResult r = std::move(*filled_[i]);
  filled_[i].reset();
  return r;
}

OrderedFills::Next OrderedFills::fillNext() {
  for (;;) {
    size_t j = next_.load();
    if (j >= candidates_.size()) return Next::kNone;
    if (j >= scan_.load(std::memory_order_relaxed) + kAhead) return Next::kWait;
    if (!next_.compare_exchange_weak(j, j + 1)) continue;
    char expected = kFree;
    if (!state_[j].compare_exchange_strong(expected, kTaken)) continue;  // the scan fills it
    try {
      filled_[j] = episode_.tryStep(candidates_[j]);
    } catch (...) {
      // Left empty: take() fills it again on the scanning thread, where the error belongs.
    }
    state_[j].store(kDone, std::memory_order_release);
    return Next::kFilled;
  }
}

}  // namespace arachne
