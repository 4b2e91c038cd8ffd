// The rank map as a file (rankmap.json, one line per rank) and as a hostfile.
#pragma once

#include <string>

#include "launch/rank_map.h"

namespace arachne {

constexpr int kRankMapSchemaVersion = 1;

// {"schema_version":1,"kind":"arachne-rank-map","cluster","model","world_size","templates":[...],
//  "nodes":[...],"ranks":[...]}; each element of "ranks" is written on a line of its own.
std::string rankMapToJson(const RankMap& map);
// Validates structure and ranges (ranks 0..world_size-1 in order, node ranks that exist, layer
// ranges with first <= last); throws LoadError naming the file, the field and the problem.
RankMap rankMapFromJson(const std::string& text, const std::string& fileLabel);

// One line per node in node-rank order, "node-<id> slots=<GPUs used>" (the hostfile format of
// DeepSpeed and Open MPI); node-<id> names the cluster node, to be resolved to its host.
std::string rankMapHostfile(const RankMap& map);

}  // namespace arachne
