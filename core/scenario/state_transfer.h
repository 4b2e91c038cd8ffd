// The model state a reconfiguration moves: which layers' weights, gradients and optimizer state
// change GPU between the running plan and the new one, over which links, and how long it takes.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "plan/plan.h"
#include "plan/reason.h"
#include "scenario/reconfiguration_params.h"

namespace arachne {

class CostModel;

// One stage of the new plan: what its GPUs (all replicas, all TP ranks) hold and where it came
// from. Bytes are decimal.
struct StageTransfer {
  int template_index = 0;
  int stage_index = 0;
  std::string gpu_type;
  int tp = 1;
  int first_layer = 0;
  int last_layer = 0;
  std::vector<int> node_ids;     // the stage's node in each replica
  double bytes_needed = 0;       // the model state its GPUs hold under the new plan
  double bytes_in_place = 0;     // already on the GPU that holds it under the new plan
  double bytes_intra = 0;        // copied from another GPU of the same node
  double bytes_inter = 0;        // sent over the network from another node
  double bytes_checkpoint = 0;   // read from the checkpoint: no surviving GPU held it
  std::vector<int> source_nodes;  // other nodes it receives from (ascending)
  double moved() const { return bytes_intra + bytes_inter + bytes_checkpoint; }
};

struct StateTransfer {
  double bytes_needed = 0;
  double bytes_in_place = 0;
  double bytes_intra = 0;
  double bytes_inter = 0;
  double bytes_checkpoint = 0;
  double max_gpu_bytes = 0;  // the most any one GPU receives (the paper's "per rank")
  double time_s = 0;         // set by the slowest link: the transfers run concurrently
  std::string bottleneck;    // which link sets time_s, with its bytes and bandwidth
  Reason bottleneck_text;    // `bottleneck` as data, for translated views
  std::vector<StageTransfer> stages;  // one per stage of the new plan, in plan order
  double moved() const { return bytes_intra + bytes_inter + bytes_checkpoint; }
};

// Prices handing the state of plan `from` (on fromCost's composition) to plan `to` (on
// toCost's). Each GPU holds, per layer of its stage, its TP rank's slice of the weights and
// gradients and of the optimizer state (also its data-parallel rank's slice under a distributed
// optimizer), with the per-GPU bytes the cost model's memory breakdown gives. On each node the
// new plan's GPUs take over the old plan's GPUs that already hold most of what they need
// (greedy matching); the rest comes from a GPU of the same node when one holds the layer (intra-
// node link), else from another node (the least loaded one that holds it; inter-node links, each
// node's NIC carrying what it sends and what it receives), else from the checkpoint. Nodes in
// `failed` hold nothing any more; nodes that leave as planned still send. `from` may be empty
// (no running plan): everything is read from the checkpoint.
StateTransfer priceStateTransfer(const Plan& from, const CostModel& fromCost, const Plan& to,
                                 const CostModel& toCost, const std::set<int>& failed,
                                 const ReconfigurationParams& params);

}  // namespace arachne
