// One measured training run in Sailor's plan_config_*.json format, read as our composition,
// training spec and plan, with the measured iteration time and peak memory.
#pragma once

#include <string>
#include <vector>

#include "catalog/training_spec.h"
#include "cluster/composition.h"
#include "plan/plan.h"
#include "sailor/sailor_pipeline.h"

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
  int tp = 0;                // TP of stage 0, replica 0
  bool mixed_replicas = false;  // replicas differ in GPU type or TP (one template per chain run)
  Composition composition;   // the nodes the plan fills, per GPU type in rank order
  TrainingSpec spec;         // fp32, sequence 2048, gbs, no checkpointing, no sharded optimizer
  SailorPipeline pipeline;   // the plan as the file states it
  Plan plan;                 // toPlan(pipeline): templates sharing one split, fixed
                             // micro_batches = ceil(gbs / (mbs * dp))
  double measured_iteration_s = 0;   // "real"
  double measured_peak_bytes = 0;    // "max_mem"
  double red_grads_s = -1;           // "red_grads" when present (undocumented)
  // Irregularities read around, and values that look wrong, one sentence each.
  std::vector<std::string> notes;
  bool suspect = false;  // a measured value looks like a copy-paste error (see notes)
};

// Reads one run file. Placement follows Megatron's rank order (TP fastest, then DP, then PP),
// per GPU type: the TP groups of that type, stage by stage and replica by replica, fill its
// nodes of gpus_per_node GPUs in order (a group that would straddle a node starts the next), so
// with one type and TP = node size the group of stage s, replica r sits on node s * dp + r.
// Replicas of a stage may mix GPU types and TP degrees (chains become templates, see toPlan);
// every stage must have the same DP. Throws LoadError naming the file and the field.
SailorRun parseSailorRun(const std::string& text, const std::string& fileLabel,
                         const GpuCatalog& catalog);
SailorRun loadSailorRun(const std::string& path, const GpuCatalog& catalog);
// The same without the measurements (real, max_mem): a plan in Sailor's format, such as the
// planner's output or a run file read for its plan only.
SailorRun parseSailorPlan(const std::string& text, const std::string& fileLabel,
                          const GpuCatalog& catalog);
SailorRun loadSailorPlan(const std::string& path, const GpuCatalog& catalog);
// Whether a JSON text is in Sailor's plan format (a top-level "pipeline_list"); false for our
// *.plan.json and for text that is not JSON.
bool isSailorPlanJson(const std::string& text);

// Every plan_config_*.json under dir (recursively), sorted by path. Throws LoadError when dir
// does not exist.
std::vector<std::string> findSailorRunFiles(const std::string& dir);

}  // namespace arachne
