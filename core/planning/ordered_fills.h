// A construction step's candidate templates filled on several threads and handed out in their
// order, so a planner that scans them one by one (greedy) decides, counts and stops exactly as
// it does without helpers: only the wall time changes.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "planning/template_choice.h"
#include "planning/template_fill.h"

namespace arachne {

class ConstructionEpisode;

class OrderedFills {
 public:
  // `episode` and `candidates` must outlive this object and stay unchanged while it lives (the
  // helpers fill on the episode as it is: TemplateFill and pricing are thread-safe). `helpers`
  // threads fill ahead of the scan; with 0 every take() fills on the calling thread.
  OrderedFills(const ConstructionEpisode& episode, const std::vector<TemplateChoice>& candidates, int helpers);
  OrderedFills(const OrderedFills&) = delete;
  OrderedFills& operator=(const OrderedFills&) = delete;
  // Fills under way end first (a stopped scan waits for at most one fill per helper, as a
  // one-thread scan waits for the fill it is in).
  ~OrderedFills();

  // Candidate i's fill, the same as episode.tryStep(candidates[i]). Calls take increasing i;
  // each i at most once.
  FillResult take(size_t i);

  // The helper threads a planner should ask for: the machine's hardware threads but the calling
  // one, capped; `threads` > 0 asks for that many threads in all instead.
  static int helpersFor(int threads);

 private:
  enum class Next { kFilled, kWait, kNone };
  // Takes the next candidate no thread has taken and fills it: kWait when it is kAhead past the
  // scan, kNone when none is left.
  Next fillNext();

  static constexpr char kFree = 0, kTaken = 1, kDone = 2;
  // Candidates filled ahead of the scan at most: bounds the fills held (a fill holds the whole
  // plan so far) and the work a stopped scan throws away.
  static constexpr size_t kAhead = 16;
  static constexpr std::chrono::microseconds kPause{20};

  const ConstructionEpisode& episode_;
  const std::vector<TemplateChoice>& candidates_;
  std::vector<std::atomic<char>> state_;
  std::vector<std::optional<FillResult>> filled_;  // by candidate, until taken
  std::atomic<size_t> next_{0};
  std::atomic<size_t> scan_{0};  // the candidate the scan is at
  std::atomic<bool> abandon_{false};
  std::vector<std::thread> threads_;
};

}  // namespace arachne
