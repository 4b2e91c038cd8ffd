// The ranks of a distributed training run: LibTorch's c10d (a TCPStore on rank 0 and a Gloo
// process group over TCP) behind a torch-free interface of flat vectors and byte strings.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "policy/policy_training_run.h"  // DistributedTrainingOptions, TrainingPeerError

namespace arachne {

class TrainingGroup {
 public:
  // Rank 0 listens on master_port (every interface) and waits for the others; every other rank
  // connects to master_host:master_port. Both give up after options.timeout_s with a
  // TrainingPeerError naming the address and what did not arrive. Then the Gloo group is formed
  // over the store, each collective bounded by the same timeout.
  explicit TrainingGroup(const DistributedTrainingOptions& options);
  ~TrainingGroup();
  TrainingGroup(const TrainingGroup&) = delete;
  TrainingGroup& operator=(const TrainingGroup&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }

  // Every rank publishes its canonical options text and compares its 64-bit hash with every
  // other rank's; on a difference every rank throws std::invalid_argument naming the ranks and
  // the first differing top-level fields (the texts are JSON objects).
  void checkSameOptions(const std::string& canonicalJson);

  // In place: the element-wise sum over the ranks. Every rank passes the same length.
  void allReduceSum(std::vector<float>& values);
  void allReduceSum(std::vector<double>& values);
  // True on every rank when `flag` is true on any rank (stop decisions: budget, signal).
  bool anyRank(bool flag);
  // In place: rank `root`'s values on every rank (the lengths must agree).
  void broadcast(std::vector<float>& values, int root = 0);
  // Every rank's bytes, indexed by rank.
  std::vector<std::string> allGather(const std::string& bytes);
  // A counter shared through the store: returns its value before adding 1 (work claimed by
  // whichever rank asks first).
  std::int64_t claim(const std::string& counter);
  // Returns when every rank has called it (the end of a run: rank 0 keeps the store alive until
  // the others are done with it).
  void barrier();

 private:
  struct Impl;  // the c10d objects, kept out of this header
  std::unique_ptr<Impl> impl_;
  int rank_ = 0, size_ = 1;
  std::string where_;  // "rank R of N (master HOST:PORT)" for messages
  [[noreturn]] void fail(const std::string& during, const std::exception& e) const;
};

}  // namespace arachne
