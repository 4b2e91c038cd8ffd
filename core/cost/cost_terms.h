// Which refinements of the cost model apply when it prices a plan. Every one is on by default;
// switching one off shows what it is worth (`arachne-cli validate --without TERM`), and
// legacy() switches all of them off, which reproduces the cost model as it stood before them
// (docs/cost-model.md §11).
#pragma once

#include <string>
#include <vector>

namespace arachne {

struct CostTerms {
  // Achieved bandwidth depends on the message size (measured curves, or the catalog's rate
  // times the NCCL size-efficiency shapes of §3); off: spec x 0.85 plus a fixed latency.
  bool link_curves = true;
  // Flows that leave a node at once share its NICs (a node of 8 GPUs and 8 NICs gives each of
  // 8 flows one NIC; one NIC shared by 4 flows gives each a quarter); off: every flow gets the
  // whole node's bandwidth.
  bool nic_sharing = true;
  // Gradients are reduced in buckets of the runtime's size, each bucket its own collective;
  // off: one message of all the stage's gradients.
  bool grad_buckets = true;
  // The collectives the runtime really runs: the distributed optimizer's reduce-scatter plus
  // parameter all-gather instead of an all-reduce, and the faster of ring and tree; off: ring
  // all-reduce only.
  bool collectives = true;
  // Communication that hides behind compute: the runtime's overlap settings
  // (TrainingSpec::overlap_*, tp_comm_overlap) and the pipeline drain (a stage's gradient
  // reduction starts when its own last backward ends); off: nothing overlaps and every stage's
  // reduction waits for the end of the whole schedule.
  bool overlap = true;
  // Tied word embeddings (GPT-Neo, OPT, gpt-tiny): with more than one stage the first stage's
  // embedding and the last stage's output layer are copies of one matrix, and both runtimes
  // all-reduce its gradient between them once per iteration, after the data-parallel reduction
  // and before the optimizer step (Megatron's _allreduce_word_embedding_grads, DeepSpeed's
  // _exec_reduce_tied_grads); off: not priced.
  bool embedding_sync = true;

  static CostTerms legacy() { return {false, false, false, false, false, false}; }
  bool operator==(const CostTerms&) const = default;

  // Term names for command lines and reports: "link-curves", "nic-sharing", "grad-buckets",
  // "collectives", "overlap", "embedding-sync".
  static const std::vector<std::string>& names();
  // Switches one term by name; false when the name is unknown.
  bool set(const std::string& name, bool on);
  // The names of the terms that are off, in names() order (empty when every term is on).
  std::vector<std::string> offNames() const;
};

}  // namespace arachne
