// Fills kept by construction history, shared by copies of an episode and by threads.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

#include "planning/template_fill.h"

namespace arachne {

// ConstructionEpisode's EpisodeOptions::reuse_fills: the fill of a step is a pure function of
// the steps taken since reset() and the step itself, so one cache serves every copy of an
// episode. Planning with the policy runs copies on two threads at once (arachne_planner.cpp),
// hence the lock; a fill is computed outside it (two threads may compute the same one; both
// results are the same and the first kept wins).
//
// A fill holds the whole plan so far and the free GPUs of every node, so its size grows with
// the composition (about 40 KB at 60,000 GPUs): the fills kept are bounded in bytes as well as
// in number, or a few seconds of planning on a huge cluster hold hundreds of megabytes
// (docs/reliability.md, "At scale"). Past the byte budget a key is still remembered without its
// fill, so a step seen before is never counted as a new evaluation: the bound costs time (the
// fill runs again) but changes no count and so no plan.
class FillCache {
 public:
  FillCache(size_t capacity, size_t byteBudget) : capacity_(capacity), byte_budget_(byteBudget) {}

  struct Found {
    std::shared_ptr<const FillResult> fill;  // null when not kept (or never seen)
    bool seen = false;                       // the key was inserted before, kept or not
  };
  Found find(const std::string& key) const;
  // Remembers `key` while fewer than the capacity are known, and keeps `fill` under it while
  // the kept fills stay within the byte budget.
  void insert(const std::string& key, FillResult fill);

  // Fills computed ahead on another thread (a local search's neighbours, construction_replay.h)
  // before an episode that counts reaches them. Kept apart from the remembered keys, so that
  // they count nothing and take no place among them: the episode that reaches one takes it
  // (takePrefetched) and remembers it as if it had run the fill itself, so counts, and so plans,
  // do not depend on the threads. Within the byte budget, like the remembered fills; a key
  // remembered meanwhile (insert) drops its fill made ahead. A key remembered without its fill
  // (past the byte budget) may be filled ahead again: its replay then need not run it.
  std::shared_ptr<const FillResult> findPrefetched(const std::string& key) const;
  void insertPrefetched(const std::string& key, FillResult fill);
  std::shared_ptr<const FillResult> takePrefetched(const std::string& key);

  size_t size() const;       // keys remembered
  size_t keptBytes() const;  // the approximate heap size of the fills kept

  // The approximate heap size of a fill: the object and the blocks of its vectors and strings.
  static size_t footprint(const FillResult& fill);

 private:
  const size_t capacity_;
  const size_t byte_budget_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<const FillResult>> fills_;  // null: seen, not kept
  size_t kept_bytes_ = 0;
  std::unordered_map<std::string, std::pair<std::shared_ptr<const FillResult>, size_t>> prefetched_;  // fill, bytes
  size_t prefetched_bytes_ = 0;
};

}  // namespace arachne
