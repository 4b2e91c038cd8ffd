// Generates the default profile set from the catalogs with a documented roofline-style model.
#pragma once

#include <vector>

#include "profile/profile_set.h"

namespace arachne {

class GpuCatalog;
struct GpuType;
struct Model;
struct TrainingSpec;

struct AnalyticProfileOptions {
  std::vector<int> tp_degrees = {1, 2, 4, 8};
  std::vector<int> micro_batches = {1, 2, 4, 8, 16, 32};
};

// One entry per (GPU type in gpuTypes, TP, micro-batch, layer type). A GPU type without a rate
// for the precision (V100 in bf16) gets no entries: it is outside the search space.
ProfileSet makeAnalyticProfiles(const GpuCatalog& catalog, const std::vector<std::string>& gpuTypes,
                                const Model& model, const TrainingSpec& spec,
                                const AnalyticProfileOptions& options = {});

}  // namespace arachne
