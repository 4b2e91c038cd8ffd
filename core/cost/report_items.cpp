// timeItems / memoryItems: the one place that lists the fields of StageTime and StageMemory.
#include "cost/report_items.h"

namespace arachne {

// A term added to StageTime or StageMemory changes its size: list it below, then fix this.
static_assert(sizeof(StageTime) == 11 * sizeof(double), "list the new StageTime term in timeItems()");
static_assert(sizeof(StageMemory) == 6 * sizeof(double), "list the new StageMemory term in memoryItems()");

std::vector<TimeItem> timeItems(const StageTime& t) {
  return {{"compute", t.compute, ItemScope::PerMicroBatch},
          {"tp_comm", t.tp_comm, ItemScope::PerMicroBatch},
          {"expert_comm", t.expert_comm, ItemScope::PerMicroBatch},
          {"p2p", t.p2p, ItemScope::PerMicroBatch},
          {"grad_sync", t.grad_sync, ItemScope::PerIteration},
          {"optimizer", t.optimizer, ItemScope::PerIteration},
          {"embedding_sync", t.embedding_sync, ItemScope::PerIteration},
          {"param_gather", t.param_gather, ItemScope::PerIteration},
          {"tp_comm_hidden", t.tp_comm_hidden, ItemScope::Hidden},
          {"grad_sync_hidden", t.grad_sync_hidden, ItemScope::Hidden},
          {"param_gather_hidden", t.param_gather_hidden, ItemScope::Hidden}};
}

std::vector<MemoryItem> memoryItems(const StageMemory& m) {
  return {{"params", m.params},
          {"grads", m.grads},
          {"optimizer", m.optimizer},
          {"activations", m.activations},
          {"other", m.other}};
}

std::vector<const char*> timeItemKeys() {
  std::vector<const char*> keys;
  for (const auto& i : timeItems(StageTime{})) keys.push_back(i.key);
  return keys;
}

std::vector<const char*> memoryItemKeys() {
  std::vector<const char*> keys;
  for (const auto& i : memoryItems(StageMemory{})) keys.push_back(i.key);
  return keys;
}

}  // namespace arachne
