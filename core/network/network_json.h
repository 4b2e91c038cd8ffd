// *.network.json (and the "network" object of a *.cluster.json): measured or assumed networks
// with errors naming file, field and problem. Format: docs/cost-model.md, "Networks as data".
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "network/network_profile.h"

namespace arachne {

class GpuCatalog;
class JsonReader;

// Parses a network document; GPU type ids go through the catalog (aliases allowed) and are
// stored as catalog ids.
NetworkProfile parseNetworkJson(const std::string& text, const std::string& fileLabel,
                                const GpuCatalog& catalog);
// The same from an already parsed object (the "network" member of a cluster file).
NetworkProfile parseNetworkObject(const JsonReader& r, const GpuCatalog& catalog);
nlohmann::json networkToJsonValue(const NetworkProfile& n);
std::string networkToJson(const NetworkProfile& n);

// Reads a *.network.json file, or Sailor's multizone_bandwidths*.json (with the
// intra_node_bandwidths.json beside it; zone: `zone`, else us-central1-a, else the first).
NetworkProfile loadNetworkFile(const std::string& path, const GpuCatalog& catalog,
                               const std::string& zone = {});

// Names of the built-in network profiles (resources/networks/*.network.json).
std::vector<std::string> networkProfileNames();
// A built-in profile by name, or a file path; throws LoadError when neither.
NetworkProfile resolveNetwork(const std::string& nameOrPath, const GpuCatalog& catalog);

}  // namespace arachne
