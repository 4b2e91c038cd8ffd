// Exact-match profile lookup and the reasons a configuration is outside the search space.
#include "profile/profile_set.h"

#include <algorithm>
#include <set>

#include "catalog/precision.h"
#include "plan/texts.h"

namespace arachne {

namespace {
std::string joinInts(const std::vector<int>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(v[i]);
  }
  return s;
}
}  // namespace

std::string ProfileSet::keyString(const std::string& g, int tp, int mbs, const std::string& l) {
  std::string k;
  k.reserve(g.size() + l.size() + 16);
  k += g;
  k += '\x1f';
  k += std::to_string(tp);
  k += '\x1f';
  k += std::to_string(mbs);
  k += '\x1f';
  k += l;
  return k;
}

void ProfileSet::set(const ProfileKey& key, ProfileEntry entry) {
  std::string k = keyString(key.gpu_type, key.tp, key.micro_batch, key.layer_type);
  entries_[k] = std::move(entry);
  keys_[k] = key;
}

const ProfileEntry* ProfileSet::find(const std::string& gpuType, int tp, int microBatch,
                                     const std::string& layerType) const {
  auto it = entries_.find(keyString(gpuType, tp, microBatch, layerType));
  return it == entries_.end() ? nullptr : &it->second;
}

std::string ProfileSet::missingReason(const std::string& gpuType, int tp, int microBatch,
                                      const std::string& layerType) const {
  return missingWhy(gpuType, tp, microBatch, layerType).english();
}

Reason ProfileSet::missingWhy(const std::string& gpuType, int tp, int microBatch,
                              const std::string& layerType) const {
  if (find(gpuType, tp, microBatch, layerType)) return {};
  auto head = [&](Reason detail) {
    return Reason(text::kNoProfileEntry, {verbatim(gpuType), integer(tp), integer(microBatch),
                                          verbatim(layerType), nested(std::move(detail))});
  };
  const std::string excluded = exclusionReason(gpuType);
  if (!excluded.empty()) {
    // The analytic profiler's own exclusion has a wording of its own; a file's reason is data.
    for (Precision p : {Precision::Bf16, Precision::Fp16, Precision::Fp32})
      if (excluded == gpuType + " has no " + toString(p) + " rate")
        return head(Reason(text::kNoPrecisionRate, {verbatim(gpuType), verbatim(toString(p))}));
    return head(Reason(text::kVerbatim, {verbatim(excluded)}));
  }
  std::vector<int> tps = tpDegrees(gpuType);
  if (tps.empty()) {
    std::set<std::string> types;
    for (const auto& [k, key] : keys_) types.insert(key.gpu_type);
    std::string known;
    for (const std::string& t : types) known += (known.empty() ? "" : ", ") + t;
    return head(Reason(text::kNotInProfileSet, {verbatim(gpuType), verbatim(name),
                                                known.empty() ? term(text::kNone) : verbatim(known)}));
  }
  if (!std::binary_search(tps.begin(), tps.end(), tp))
    return head(Reason(text::kTpNotProfiled, {integer(tp), verbatim(gpuType), verbatim(joinInts(tps))}));
  std::vector<int> mbs = microBatches(gpuType, tp);
  if (!std::binary_search(mbs.begin(), mbs.end(), microBatch))
    return head(Reason(text::kMbsNotProfiled, {integer(microBatch), verbatim(gpuType), integer(tp),
                                               verbatim(joinInts(mbs))}));
  return head(Reason(text::kLayerNotProfiled, {verbatim(layerType), verbatim(gpuType), integer(tp),
                                               integer(microBatch)}));
}

void ProfileSet::overlay(const ProfileSet& measured) {
  for (const auto& [k, key] : measured.keys_) {
    entries_[k] = measured.entries_.at(k);
    keys_[k] = key;
    excluded_.erase(key.gpu_type);
  }
  for (const auto& [g, why] : measured.excluded_)
    if (measured.tpDegrees(g).empty()) excluded_[g] = why;
  // The measured entries hold only where they were measured, so the merged set says so too.
  if (measured.sequence_length > 0) sequence_length = measured.sequence_length;
  if (measured.precision) precision = measured.precision;
}

void ProfileSet::exclude(const std::string& gpuType, std::string reason) {
  excluded_[gpuType] = std::move(reason);
}

std::string ProfileSet::exclusionReason(const std::string& gpuType) const {
  auto it = excluded_.find(gpuType);
  return it == excluded_.end() ? std::string() : it->second;
}

std::vector<ProfileKey> ProfileSet::keys() const {
  std::vector<ProfileKey> out;
  out.reserve(keys_.size());
  for (const auto& [k, key] : keys_) out.push_back(key);
  std::sort(out.begin(), out.end(), [](const ProfileKey& a, const ProfileKey& b) {
    if (a.gpu_type != b.gpu_type) return a.gpu_type < b.gpu_type;
    if (a.tp != b.tp) return a.tp < b.tp;
    if (a.micro_batch != b.micro_batch) return a.micro_batch < b.micro_batch;
    return a.layer_type < b.layer_type;
  });
  return out;
}

std::vector<int> ProfileSet::tpDegrees(const std::string& gpuType) const {
  std::set<int> s;
  for (const auto& [k, key] : keys_)
    if (key.gpu_type == gpuType) s.insert(key.tp);
  return {s.begin(), s.end()};
}

std::vector<int> ProfileSet::microBatches(const std::string& gpuType, int tp) const {
  std::set<int> s;
  for (const auto& [k, key] : keys_)
    if (key.gpu_type == gpuType && key.tp == tp) s.insert(key.micro_batch);
  return {s.begin(), s.end()};
}

}  // namespace arachne
