// One measured training run in Sailor's plan_config_*.json format, read as our composition,
// training spec and plan, with the measured iteration time and peak memory.
#pragma once

#include <string>
#include <vector>

#include "catalog/training_spec.h"
#include "cluster/composition.h"
#include "plan/plan.h"

namespace arachne {

class GpuCatalog;

struct SailorRun {
  std::string file;
  std::string sailor_model;  // "OPT-350", "GPT-Neo-2.7" ... from the path; "" when unknown
  std::string model_id;      // our model id for it; "" when unknown
  int layer_count = 0;       // layers the plan covers (embedding + blocks + head)
  int nodes = 0;             // N
  int pipeline_depth = 0;
  int replicas = 0;          // DP degree
  int tp = 0;
  Composition composition;   // N nodes of the run's GPU type
  TrainingSpec spec;         // fp32, sequence 2048, gbs, no checkpointing, no sharded optimizer
  Plan plan;                 // one template; micro_batches = ceil(gbs / (mbs * dp))
  double measured_iteration_s = 0;   // "real"
  double measured_peak_bytes = 0;    // "max_mem"
  double red_grads_s = -1;           // "red_grads" when present (undocumented)
  // Irregularities read around, and values that look wrong, one sentence each.
  std::vector<std::string> notes;
  bool suspect = false;  // a measured value looks like a copy-paste error (see notes)
};

// Reads one run file. Placement follows Megatron's rank order (TP fastest, then DP, then PP):
// GPU rank g = (stage * dp + replica) * tp + tp_rank on nodes of gpus_per_node GPUs, so the TP
// group of stage s, replica r sits on node ((s * dp + r) * tp) / gpus_per_node; with TP = node
// size that is node s * dp + r. Throws LoadError naming the file and the field.
SailorRun parseSailorRun(const std::string& text, const std::string& fileLabel,
                         const GpuCatalog& catalog);
SailorRun loadSailorRun(const std::string& path, const GpuCatalog& catalog);

// Every plan_config_*.json under dir (recursively), sorted by path. Throws LoadError when dir
// does not exist.
std::vector<std::string> findSailorRunFiles(const std::string& dir);

}  // namespace arachne
