// Sanity caps shared by every way of writing a cluster down (inline form, *.cluster.json).
#pragma once

namespace arachne {

// Far above any cluster the planner is meant for, yet small enough that a typo such as
// "h100:4x80000000" is rejected at once instead of allocating millions of nodes.
constexpr int kMaxClusterGpus = 100000;
// The largest scale-up domains sold today hold 72 GPUs (NVL72); 1024 leaves headroom.
constexpr int kMaxNodeGpus = 1024;
// Node ids are stable handles for the GUI and the scenario files; any non-negative int that
// stays well clear of overflow is fine.
constexpr int kMaxNodeId = 10000000;

}  // namespace arachne
