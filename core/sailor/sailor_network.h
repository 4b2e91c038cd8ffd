// Sailor's measured network files (eth-easl/sailor, MIT): multizone_bandwidths*.json (between
// nodes, per zone, GPU type and number of GPUs sending at once) and intra_node_bandwidths.json
// (inside a node, per GPU type and group size). Each entry is a polynomial fit of GB/s in
// x = log2(bytes / 1e6) and the largest measured rate in bytes/s.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "network/network_profile.h"

namespace arachne {

class GpuCatalog;

struct SailorFit {
  std::vector<double> coeffs;    // highest power first, as Sailor stores them
  double max_bytes_per_s = 0;    // the largest measured rate
  bool operator==(const SailorFit&) const = default;
};

// The files as Sailor keys them (Sailor's GPU names, zones, GPU counts), for a planner that
// re-implements Sailor's own estimator and for the import into a NetworkProfile.
struct SailorNetwork {
  // inter[sendZone][sendGpu][sendCount][recvZone][recvGpu][recvCount]
  using Receivers = std::map<std::string, std::map<std::string, std::map<int, SailorFit>>>;
  std::map<std::string, std::map<std::string, std::map<int, Receivers>>> inter;
  std::map<std::string, std::map<int, SailorFit>> intra;  // intra[gpu][count]

  const SailorFit* interFit(const std::string& sendZone, const std::string& sendGpu, int sendCount,
                            const std::string& recvZone, const std::string& recvGpu,
                            int recvCount) const;
  const SailorFit* intraFit(const std::string& gpu, int count) const;
  std::vector<std::string> zones() const;
};

// Sailor's time for one message of `bytes` under a fit, exactly as its planner and simulator
// compute it (no clamping): bytes / 1e9 / poly(log2(bytes) - log2(1e6)).
double sailorSendTime(double bytes, const SailorFit& fit);

// Parses the two files; throws LoadError naming file, key path and problem. `intraText` may be
// empty (no intra-node data).
SailorNetwork parseSailorNetwork(const std::string& interText, const std::string& interLabel,
                                 const std::string& intraText, const std::string& intraLabel);
// Reads multizone_bandwidths*.json at `interPath` and intra_node_bandwidths.json beside it (or
// at `intraPath` when given).
SailorNetwork loadSailorNetwork(const std::string& interPath, const std::string& intraPath = {});
// True when the text looks like Sailor's multizone file (zone -> GPU -> count -> zone ...).
bool looksLikeSailorNetwork(const std::string& text);

// The links inside one zone as a NetworkProfile with catalog ids: per GPU type the diagonal
// (count n to count n of the same type) as its NIC model, per pair of types the two directions'
// slower curve, and the intra-node groups. Sailor GPU names the catalog lacks are skipped and
// named in `notes`. Throws LoadError when the zone is not in the file.
NetworkProfile sailorNetworkProfile(const SailorNetwork& net, const std::string& zone,
                                    const GpuCatalog& catalog, std::vector<std::string>* notes = nullptr);

}  // namespace arachne
