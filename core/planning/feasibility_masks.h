// The masks before every construction choice (depth, device, TP) and the words that say why a
// choice is masked. A mask removes choices and never reorders the rest: entry i always stands
// for the same choice.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "planning/construction_space.h"
#include "planning/free_gpus.h"
#include "planning/template_choice.h"

namespace arachne {

using Mask = std::vector<std::uint8_t>;

// TP groups per (type, level) wanted by the stages chosen so far.
class TpDemand {
 public:
  explicit TpDemand(int typeCount = 0) : counts_(static_cast<size_t>(typeCount) * kMaxTpLevels, 0) {}
  void add(int type, int tp, int times = 1);
  int count(int type, int level) const { return counts_[static_cast<size_t>(type) * kMaxTpLevels + static_cast<size_t>(level)]; }
  // Groups of 2^level the demand occupies counting larger groups as several: sum over levels
  // l >= level of count(l) * 2^(l - level).
  int load(int type, int level) const;
  int typeCount() const { return static_cast<int>(counts_.size() / kMaxTpLevels); }

 private:
  std::vector<int> counts_;
};

class FeasibilityMasks {
 public:
  // Power-of-two TP groups taken largest first fit the free nodes iff for every level
  // load <= capacity (docs/planners.md proves it); `extraStages` more stages at each type's
  // smallest allowed TP must also fit somewhere.
  static bool fits(const ConstructionSpace& space, const FreeGpus& free, const TpDemand& demand,
                   int extraStages);
  // The largest replication count of one replica's demand: min over (type, level) of
  // capacity / load. 0 when even one replica does not fit.
  static int maxReplicas(const FreeGpus& free, const TpDemand& perReplica);
  // Stages that can still be placed, each at its type's smallest allowed TP.
  static int placeableStages(const ConstructionSpace& space, const FreeGpus& free);

  // Index 0 is STOP, index d is depth d (size max_depth + 1). STOP is masked only on the
  // first step while some depth is admissible (an empty plan is not a plan).
  static Mask depthMask(const ConstructionSpace& space, const FreeGpus& free, bool firstStep);
  // For the next stage of `partial` (partial.stages.size() < partial.depth): one entry per type.
  static Mask deviceMask(const ConstructionSpace& space, const FreeGpus& free,
                         const TemplateChoice& partial);
  // For the next stage of `partial` on GPU type `type`: one entry per member of K.
  static Mask tpMask(const ConstructionSpace& space, const FreeGpus& free,
                     const TemplateChoice& partial, int type);
  // Whether a complete choice passes every mask it went through.
  static bool admits(const ConstructionSpace& space, const FreeGpus& free,
                     const TemplateChoice& choice, bool firstStep, std::string* why = nullptr);

  // Why a choice is masked (or "admissible"), with the numbers.
  static std::string explainDepth(const ConstructionSpace& space, const FreeGpus& free, int depth);
  static std::string explainDevice(const ConstructionSpace& space, const FreeGpus& free,
                                   const TemplateChoice& partial, int type);
  static std::string explainTp(const ConstructionSpace& space, const FreeGpus& free,
                               const TemplateChoice& partial, int type, int tp);

  static TpDemand demandOf(const FreeGpus& free, const TemplateChoice& partial);
};

}  // namespace arachne
