// The fill cache's bookkeeping: keys always, fills within the byte budget.
#include "planning/fill_cache.h"

namespace arachne {

namespace {

size_t reasonBytes(const Reason& r) {
  size_t bytes = r.args.capacity() * sizeof(ReasonArg);
  for (const ReasonArg& a : r.args) {
    bytes += a.text.capacity();
    for (const Reason& n : a.nested) bytes += sizeof(Reason) + reasonBytes(n);
  }
  return bytes;
}

size_t planBytes(const Plan& plan) {
  const Provenance& p = plan.provenance;
  size_t bytes = p.catalog.capacity() + p.profile_set.capacity() + p.planner.capacity() +
                 p.planner_version.capacity() + p.cluster.capacity() + p.model.capacity();
  bytes += plan.templates.capacity() * sizeof(Template);
  for (const Template& t : plan.templates) {
    bytes += t.stages.capacity() * sizeof(Stage);
    for (const Stage& s : t.stages) bytes += s.gpu_type.capacity() + s.node_ids.capacity() * sizeof(int);
  }
  bytes += plan.unused_gpus.capacity() * sizeof(UnusedGpus);
  for (const UnusedGpus& u : plan.unused_gpus) bytes += u.gpu_type.capacity() + u.reason.capacity() + reasonBytes(u.why);
  return bytes;
}

size_t reportBytes(const PlanReport& report) {
  size_t bytes = report.templates.capacity() * sizeof(TemplateReport);
  for (const TemplateReport& t : report.templates) bytes += t.stages.capacity() * sizeof(StageReport);
  bytes += report.violations.capacity() * sizeof(Violation);
  for (const Violation& v : report.violations)
    bytes += v.gpu_type.capacity() + v.component.capacity() + v.message.capacity() + reasonBytes(v.reason);
  return bytes;
}

}  // namespace

size_t FillCache::footprint(const FillResult& fill) {
  return sizeof(FillResult) + planBytes(fill.plan) + reportBytes(fill.report) + fill.free_after.heapBytes() +
         fill.why.capacity() + reasonBytes(fill.reason);
}

FillCache::Found FillCache::find(const std::string& key) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = fills_.find(key);
  if (it == fills_.end()) return {};
  return {it->second, true};
}

void FillCache::insert(const std::string& key, FillResult fill) {
  // Measured and wrapped outside the lock: both walk the whole fill.
  const size_t bytes = footprint(fill) + key.capacity();
  auto kept = std::make_shared<const FillResult>(std::move(fill));
  std::lock_guard<std::mutex> lock(mutex_);
  if (fills_.size() >= capacity_) return;
  const bool keep = kept_bytes_ + bytes <= byte_budget_;
  const bool added = fills_.emplace(key, keep ? std::move(kept) : nullptr).second;
  if (added && keep) kept_bytes_ += bytes;
  // A fill made ahead while this one ran is no longer needed: the key is remembered now.
  if (const auto ahead = prefetched_.find(key); added && ahead != prefetched_.end()) {
    prefetched_bytes_ -= ahead->second.second;
    prefetched_.erase(ahead);
  }
}

std::shared_ptr<const FillResult> FillCache::findPrefetched(const std::string& key) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = prefetched_.find(key);
  return it == prefetched_.end() ? nullptr : it->second.first;
}

void FillCache::insertPrefetched(const std::string& key, FillResult fill) {
  const size_t bytes = footprint(fill) + key.capacity();
  auto kept = std::make_shared<const FillResult>(std::move(fill));
  std::lock_guard<std::mutex> lock(mutex_);
  if (const auto it = fills_.find(key); it != fills_.end() && it->second) return;  // kept meanwhile
  if (prefetched_bytes_ + bytes > byte_budget_) return;  // the episode that reaches it fills it
  if (prefetched_.emplace(key, std::make_pair(std::move(kept), bytes)).second) prefetched_bytes_ += bytes;
}

std::shared_ptr<const FillResult> FillCache::takePrefetched(const std::string& key) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = prefetched_.find(key);
  if (it == prefetched_.end()) return nullptr;
  std::shared_ptr<const FillResult> fill = std::move(it->second.first);
  prefetched_bytes_ -= it->second.second;
  prefetched_.erase(it);
  return fill;
}

size_t FillCache::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return fills_.size();
}

size_t FillCache::keptBytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return kept_bytes_;
}

}  // namespace arachne
