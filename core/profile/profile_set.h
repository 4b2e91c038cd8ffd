// A set of profile entries keyed exactly by (GPU type, TP, micro-batch, layer type).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "catalog/precision.h"
#include "plan/reason.h"
#include "profile/profile_entry.h"

namespace arachne {

class ProfileSet {
 public:
  std::string name;  // e.g. "analytic-v1" or the imported file's name
  std::string model_id;  // the model the entries were made for
  // What the entries were measured at, when the set says: their times and sizes hold at that
  // sequence length and precision only (0 / unset: not recorded, e.g. the analytic sets, made
  // for the training they price).
  int sequence_length = 0;
  std::optional<Precision> precision;

  void set(const ProfileKey& key, ProfileEntry entry);
  // Exact-match lookup; nullptr when the configuration is outside the search space.
  const ProfileEntry* find(const std::string& gpuType, int tp, int microBatch,
                           const std::string& layerType) const;
  // Why find() returned nullptr, in words, e.g. "no profile entry for (a100-40, TP 8, mbs 4,
  // dense): TP 8 was not profiled for a100-40 (profiled: 1, 2, 4)".
  std::string missingReason(const std::string& gpuType, int tp, int microBatch,
                            const std::string& layerType) const;
  Reason missingWhy(const std::string& gpuType, int tp, int microBatch,
                    const std::string& layerType) const;  // the same as data (empty when found)
  // Entries of `measured` replace ours key by key (measured profiles take precedence).
  // Exclusions of `measured` are added; a measured entry lifts our exclusion of its GPU type.
  void overlay(const ProfileSet& measured);

  // Marks a GPU type as outside the search space as a whole, with the reason (e.g.
  // "v100-32 has no bf16 rate"); missingReason() then gives that reason for every key of it.
  void exclude(const std::string& gpuType, std::string reason);
  // The reason given to exclude(), or "" when the type is not excluded.
  std::string exclusionReason(const std::string& gpuType) const;
  const std::map<std::string, std::string>& exclusions() const { return excluded_; }

  size_t size() const { return entries_.size(); }
  std::vector<ProfileKey> keys() const;
  // Sorted distinct values present for a GPU type (used by masks and the fill).
  std::vector<int> tpDegrees(const std::string& gpuType) const;
  std::vector<int> microBatches(const std::string& gpuType, int tp) const;

 private:
  static std::string keyString(const std::string& g, int tp, int mbs, const std::string& l);
  std::unordered_map<std::string, ProfileEntry> entries_;
  std::unordered_map<std::string, ProfileKey> keys_;
  std::map<std::string, std::string> excluded_;  // GPU type -> reason
};

}  // namespace arachne
