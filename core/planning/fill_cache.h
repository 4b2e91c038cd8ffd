// Fills kept by construction history, shared by copies of an episode and by threads.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "planning/template_fill.h"

namespace arachne {

// ConstructionEpisode's EpisodeOptions::reuse_fills: the fill of a step is a pure function of
// the steps taken since reset() and the step itself, so one cache serves every copy of an
// episode. Planning with the policy runs copies on two threads at once (arachne_planner.cpp),
// hence the lock; a fill is computed outside it (two threads may compute the same one; both
// results are the same and the first kept wins).
class FillCache {
 public:
  explicit FillCache(size_t capacity) : capacity_(capacity) {}

  // The fill kept under `key`, or null.
  std::shared_ptr<const FillResult> find(const std::string& key) const {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = fills_.find(key);
    return it == fills_.end() ? nullptr : it->second;
  }
  // Keeps `fill` under `key` while the cache holds fewer than its capacity.
  void insert(const std::string& key, FillResult fill) {
    auto kept = std::make_shared<const FillResult>(std::move(fill));
    std::lock_guard<std::mutex> lock(mutex_);
    if (fills_.size() < capacity_) fills_.emplace(key, std::move(kept));
  }
  size_t size() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return fills_.size();
  }

 private:
  const size_t capacity_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<const FillResult>> fills_;
};

}  // namespace arachne
