// The policy's answers to decisions already asked in one planning call, by where they were asked.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace arachne {

// What the network said at one decision: the mask it was asked under and its masked logits; a
// depth decision also keeps the backbone's output for its step's state, which the step's device
// and TP decisions reuse.
struct DecisionAnswer {
  std::vector<std::uint8_t> mask;
  std::vector<double> logits;  // -inf where the mask refuses; empty when the mask allows nothing
  std::vector<float> h;        // depth decisions only
};

// A decision's inputs are a pure function of the construction so far (the steps since the
// episode's reset and the choices made in the current step), so that history is the key: a
// sharp policy's rollouts, the sweeps' shared prefixes and the one-decision changes ask the same
// questions again and again (docs/performance.md). Shared by the planning threads (sharded locks).
class DecisionMemo {
 public:
  explicit DecisionMemo(size_t capacity) : capacity_per_shard_(capacity / kShards + 1) {}

  std::shared_ptr<const DecisionAnswer> find(const std::string& key) const {
    const Shard& s = shard(key);
    std::lock_guard<std::mutex> lock(s.mutex);
    const auto it = s.answers.find(key);
    if (it == s.answers.end()) {
      misses_.fetch_add(1, std::memory_order_relaxed);
      return nullptr;
    }
    hits_.fetch_add(1, std::memory_order_relaxed);
    return it->second;
  }
  // Kept while the shard is below its share of the capacity (the caller has the answer anyway).
  void insert(const std::string& key, std::shared_ptr<const DecisionAnswer> answer) {
    Shard& s = shard(key);
    std::lock_guard<std::mutex> lock(s.mutex);
    if (s.answers.size() < capacity_per_shard_) s.answers.emplace(key, std::move(answer));
  }
  long long hits() const { return hits_.load(std::memory_order_relaxed); }
  long long misses() const { return misses_.load(std::memory_order_relaxed); }

 private:
  static constexpr size_t kShards = 16;
  struct Shard {
    mutable std::mutex mutex;
    std::unordered_map<std::string, std::shared_ptr<const DecisionAnswer>> answers;
  };
  const Shard& shard(const std::string& key) const { return shards_[std::hash<std::string>{}(key) % kShards]; }
  Shard& shard(const std::string& key) { return shards_[std::hash<std::string>{}(key) % kShards]; }

  size_t capacity_per_shard_;
  std::array<Shard, kShards> shards_;
  mutable std::atomic<long long> hits_{0}, misses_{0};
};

}  // namespace arachne
