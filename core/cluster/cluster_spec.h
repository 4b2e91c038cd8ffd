// Turning a --cluster SPEC into a composition: a *.cluster.json path, a preset name, or the
// inline form "h100:4x8,a6000:4x6+1x4".
#pragma once

#include <string>
#include <vector>

#include "cluster/composition.h"

namespace arachne {

class GpuCatalog;

// Parses the inline form; throws LoadError("<inline cluster spec>", ...) naming the offending
// token. GPU ids are checked against the catalog.
Composition parseInlineCluster(const std::string& spec, const GpuCatalog& catalog);

// Parses a *.cluster.json document ({"schema_version":1,"name":...,"nodes":[{"gpu_type":...,
// "gpus":4,"count":2,"inter_node_gbps":...}]}); throws LoadError naming file and field.
Composition parseClusterJson(const std::string& text, const std::string& fileLabel,
                             const GpuCatalog& catalog);
std::string clusterToJson(const Composition& c);

// Reads and parses a *.cluster.json file from disk.
Composition loadClusterFile(const std::string& path, const GpuCatalog& catalog);
// Writes atomically (temporary file + rename); throws LoadError on I/O failure.
void saveClusterFile(const Composition& c, const std::string& path);

// Names of the built-in presets, and loading one by name (throws LoadError when unknown).
std::vector<std::string> presetNames();
Composition loadPreset(const std::string& name, const GpuCatalog& catalog);

// SPEC resolution order: an existing file path (or any SPEC ending in .json), then a preset
// name, then the inline form; "SPEC@NETWORK" attaches a network profile (a built-in name, a
// *.network.json file or Sailor's multizone_bandwidths*.json) to any of them.
Composition resolveCluster(const std::string& spec, const GpuCatalog& catalog);

}  // namespace arachne
