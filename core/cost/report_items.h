// The itemised time and memory of a stage report as lists, in the cost model's order, so views
// (the GUI's tooltip, timeline and memory bars) show every term without naming each one.
#pragma once

#include <vector>

#include "cost/plan_report.h"

namespace arachne {

enum class ItemScope {
  PerMicroBatch,  // part of t_s, paid for every micro-batch
  PerIteration,   // paid once per iteration, after the pipeline (gradient sync, optimizer step)
  Hidden          // overlapped with compute: reported to show what overlap is worth, not charged
};

struct TimeItem {
  const char* key;  // the field's name, as plan JSON's "time_s" spells it
  double seconds;
  ItemScope scope;
};

struct MemoryItem {
  const char* key;  // as plan JSON's "memory_bytes" spells it
  double bytes;
};

// Every term of StageTime (a new field must be listed here: a static_assert in the .cpp checks
// the struct's size). The PerMicroBatch items sum to perMicroBatch().
std::vector<TimeItem> timeItems(const StageTime& time);
// Every component of StageMemory except the capacity; they sum to total().
std::vector<MemoryItem> memoryItems(const StageMemory& memory);
// Keys of timeItems() / memoryItems() in order (for translation tables and their tests).
std::vector<const char*> timeItemKeys();
std::vector<const char*> memoryItemKeys();

}  // namespace arachne
