// HetAuto's coarse search space (its first search stage): one pipeline of GPU-type segments,
// each segment some stages of one GPU type at one TP degree, replicated data parallel as often as
// the free nodes admit, at one profiled micro-batch size. Drawn at random, each at most once.
// Our reading of H2's HeteroPP / HeteroAuto (arXiv 2505.17548); see docs/baselines.md.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <unordered_set>
#include <vector>

#include "planning/construction_space.h"
#include "planning/free_gpus.h"
#include "planning/template_choice.h"

namespace arachne {

class TemplateFill;

struct HetAutoStructure {
  std::vector<int> types;   // segment order: GPU type indices, each at most once
  std::vector<int> tp;      // per segment
  std::vector<int> stages;  // per segment, >= 1
  int micro_batch = 1;
  int replicas = 1;         // the most the free nodes admit (capped by the global batch)
  TemplateChoice choice() const;
  std::string key() const;
};

class HetAutoSpace {
 public:
  HetAutoSpace(const TemplateFill& fill, const ConstructionSpace& space, const FreeGpus& free, int globalBatch);

  // A structure not drawn before; false when `attempts` draws in a row gave only structures
  // already drawn or ones that do not pack (the space is then taken as exhausted).
  bool next(std::mt19937_64& rng, HetAutoStructure& out, int attempts);
  long long drawn() const { return static_cast<long long>(seen_.size()); }

 private:
  bool draw(std::mt19937_64& rng, HetAutoStructure& out) const;
  const TemplateFill& fill_;
  const ConstructionSpace& space_;
  const FreeGpus& free_;
  int global_batch_;
  std::vector<int> usable_;  // GPU types with a profiled TP degree that fits a node
  std::unordered_set<std::string> seen_;
};

}  // namespace arachne
