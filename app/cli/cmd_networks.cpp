// `networks`: list the built-in network profiles, or convert a network file (Sailor's
// multizone_bandwidths*.json, or one of ours) into a *.network.json.
#include <nlohmann/json.hpp>

#include "catalog/gpu_catalog.h"
#include "commands.h"
#include "io/load_error.h"
#include "network/network_json.h"
#include "sailor/sailor_network.h"
#include "table.h"

namespace arachne::cli {

namespace {

using Align = TextTable::Align;

std::string rate(const NicModel& m) {
  std::string s;
  for (const auto& [n, c] : m.flows) {
    if (!s.empty()) s += ", ";
    s += std::to_string(n) + " GPU" + (n == 1 ? "" : "s") + " " + fixed(c.gbps(1 << 30), 2);
  }
  return s;
}

int runNetworks(const CommandSpec& spec, const std::vector<std::string>& args, std::ostream& out,
                std::ostream&) {
  const ParsedArgs a = parseArgs(spec, args);
  if (a.help()) {
    out << helpText(spec);
    return kExitOk;
  }
  const GpuCatalog& catalog = GpuCatalog::builtin();
  if (auto file = a.value("--import")) {
    NetworkProfile p;
    if (auto zone = a.value("--zone")) {
      SailorNetwork net = loadSailorNetwork(*file);
      p = sailorNetworkProfile(net, *zone, catalog);
    } else {
      p = loadNetworkFile(*file, catalog);
    }
    if (auto name = a.value("--name")) p.name = *name;
    out << networkToJson(p);
    return kExitOk;
  }
  if (a.value("--zone") || a.value("--name")) throw UsageError("--zone and --name go with --import FILE");
  const auto names = networkProfileNames();
  if (a.has("--json")) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& n : names) j.push_back(networkToJsonValue(resolveNetwork(n, catalog)));
    out << j.dump(2) << "\n";
    return kExitOk;
  }
  out << "Network profiles (" << names.size()
      << "; use as --network NAME or --cluster SPEC@NAME). Per GPU type: the aggregate rate\n"
         "between two nodes at 1 GiB messages, GB/s, by the number of GPUs sending at once.\n"
         "Without a profile the catalog's figures hold (arachne-cli gpus).\n";
  for (const auto& n : names) {
    const NetworkProfile p = resolveNetwork(n, catalog);
    out << "\n" << n << ": " << p.deployment << "\n  source: " << p.source << "\n";
    TextTable t({"between", "rate (GPUs sending: GB/s)"});
    for (const auto& [id, m] : p.interNodes()) t.addRow({id + " nodes", rate(m)});
    for (const auto& [k, m] : p.pairs()) t.addRow({k.first + " <-> " + k.second, rate(m)});
    out << t.render("  ");
  }
  return kExitOk;
}

}  // namespace

Command networksCommand() {
  CommandSpec s;
  s.name = "networks";
  s.summary = "list the built-in network profiles, or convert a network file (e.g. Sailor's)";
  s.details =
      "Without options: every built-in profile, its source and its inter-node rates.\n"
      "--import FILE reads a *.network.json or Sailor's multizone_bandwidths*.json (with the\n"
      "intra_node_bandwidths.json beside it) and prints it as a *.network.json (redirect it to\n"
      "a file); --zone picks Sailor's zone (default us-central1-a).";
  s.options = {{"--import", "FILE", "convert this network file", false},
               {"--zone", "ZONE", "the zone of Sailor's file to take", false},
               {"--name", "NAME", "name of the converted profile", false},
               {"--json", "", "print the built-in profiles as JSON", false}};
  return {s, runNetworks};
}

}  // namespace arachne::cli
