// Sailor's own input files, for the planners whose estimators read them as the real systems do
// (sailor, amp, metis): the measured network fits with their GPU counts, and the per-layer-index
// profile times before our per-layer-type averaging. Without them the estimators read our cost
// model's profiles and the catalog's rates (docs/baselines.md).
#pragma once

#include <memory>
#include <string>

#include "sailor/sailor_network.h"
#include "sailor/sailor_profile_import.h"

namespace arachne {

struct SailorFiles {
  std::shared_ptr<const SailorNetwork> network;  // multizone_bandwidths_het.json + intra_node_bandwidths.json
  std::string zone = "us-central1-a";            // the zone of the fits the estimators use
  std::shared_ptr<const SailorLayerTimesTable> layer_times;  // from the imported profiles_tmp.json
};

// Implemented by the planners that take Sailor's files; the CLI hands them what it loaded.
class SailorFileUser {
 public:
  virtual ~SailorFileUser() = default;
  virtual void setSailorFiles(const SailorFiles& files) = 0;
};

}  // namespace arachne
