// Writing and reading rankmap.json, and the hostfile.
#include "launch/rank_map_json.h"

#include <nlohmann/json.hpp>

#include "io/json_reader.h"
#include "launch/launch_script.h"

namespace arachne {

namespace {

using nlohmann::ordered_json;

constexpr int kMaxRanks = 1 << 20;
constexpr int kMaxIndex = 1 << 24;

ordered_json rowJson(const RankMapRow& r) {
  ordered_json j;
  j["rank"] = r.rank;
  j["node_rank"] = r.node_rank;
  j["node_id"] = r.node_id;
  j["gpu_type"] = r.gpu_type;
  j["local_gpu"] = r.local_gpu;
  j["template"] = r.template_index;
  j["stage"] = r.stage;
  j["tp_rank"] = r.tp_rank;
  j["dp_rank"] = r.dp_rank;
  j["layers"] = {r.first_layer, r.last_layer};
  if (r.expert) j["expert"] = {{"ep_rank", r.expert->ep_rank}, {"etp_rank", r.expert->etp_rank}, {"edp_rank", r.expert->edp_rank}};
  return j;
}

int intField(const JsonReader& c, const std::string& key, int min, int max) {
  return static_cast<int>(c.required(key).asInt(min, max));
}

}  // namespace

std::string rankMapToJson(const RankMap& map) {
  ordered_json head;
  head["schema_version"] = kRankMapSchemaVersion;
  head["kind"] = "arachne-rank-map";
  head["cluster"] = map.cluster;
  head["model"] = map.model;
  head["world_size"] = map.worldSize();
  ordered_json templates = ordered_json::array();
  for (const RankMapTemplate& t : map.templates)
    templates.push_back({{"replicas", t.replicas}, {"micro_batch", t.micro_batch},
                         {"micro_batches", t.micro_batches}, {"depth", t.depth}, {"virtual_stages", t.virtual_stages}});
  head["templates"] = templates;
  ordered_json nodes = ordered_json::array();
  for (const RankMapNode& n : map.nodes)
    nodes.push_back({{"node_rank", n.node_rank}, {"node_id", n.node_id}, {"gpu_type", n.gpu_type},
                     {"gpus_used", n.gpus_used}, {"gpus_in_node", n.gpus_in_node}, {"first_rank", n.first_rank}});
  head["nodes"] = nodes;
  // The header pretty-printed, then "ranks" with one compact row per line, so a person or grep
  // can read a rank's row and the file stays small for thousands of ranks.
  std::string text = head.dump(2);
  text.erase(text.find_last_of('}'));
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  text += ",\n  \"ranks\": [";
  for (size_t i = 0; i < map.rows.size(); ++i) text += (i ? ",\n    " : "\n    ") + rowJson(map.rows[i]).dump();
  text += map.rows.empty() ? "]\n}\n" : "\n  ]\n}\n";
  return text;
}

RankMap rankMapFromJson(const std::string& text, const std::string& fileLabel) {
  const nlohmann::json doc = JsonReader::parse(text, fileLabel);
  const JsonReader root(doc, fileLabel, "");
  const int version = intField(root, "schema_version", 0, 1000000);
  if (version != kRankMapSchemaVersion)
    root.required("schema_version").fail("version " + std::to_string(version) + " is not supported (this build reads " +
                                         std::to_string(kRankMapSchemaVersion) + ")");
  if (root.required("kind").asString() != "arachne-rank-map") root.required("kind").fail("expected \"arachne-rank-map\"");
  RankMap map;
  map.cluster = root.required("cluster").asString();
  map.model = root.required("model").asString();
  const JsonReader templates = root.required("templates");
  for (size_t i = 0, n = templates.arraySize(100000); i < n; ++i) {
    const JsonReader t = templates.element(i);
    map.templates.push_back({intField(t, "replicas", 1, kMaxIndex), intField(t, "micro_batch", 1, kMaxIndex),
                             intField(t, "micro_batches", 1, kMaxIndex), intField(t, "depth", 1, kMaxIndex),
                             t.optional("virtual_stages") ? intField(t, "virtual_stages", 1, kMaxIndex) : 1});
  }
  const JsonReader nodes = root.required("nodes");
  int expectedFirst = 0;
  for (size_t i = 0, n = nodes.arraySize(kMaxRanks); i < n; ++i) {
    const JsonReader c = nodes.element(i);
    RankMapNode node{intField(c, "node_rank", 0, kMaxRanks), intField(c, "node_id", 0, kMaxIndex),
                     c.required("gpu_type").asString(), intField(c, "gpus_used", 1, kMaxRanks),
                     intField(c, "gpus_in_node", 1, kMaxRanks), intField(c, "first_rank", 0, kMaxRanks)};
    if (node.node_rank != static_cast<int>(i)) c.required("node_rank").fail("expected " + std::to_string(i) + " (nodes are listed in node-rank order)");
    if (node.gpus_used > node.gpus_in_node) c.required("gpus_used").fail("more than the node's " + std::to_string(node.gpus_in_node) + " GPUs");
    if (node.first_rank != expectedFirst) c.required("first_rank").fail("expected " + std::to_string(expectedFirst) + " (ranks follow node rank)");
    expectedFirst += node.gpus_used;
    map.nodes.push_back(node);
  }
  const int world = intField(root, "world_size", 0, kMaxRanks);
  if (world != expectedFirst)
    root.required("world_size").fail(std::to_string(world) + " differs from the " + std::to_string(expectedFirst) + " GPUs the nodes use");
  const JsonReader ranks = root.required("ranks");
  const size_t n = ranks.arraySize(kMaxRanks);
  if (static_cast<int>(n) != world) ranks.fail(std::to_string(n) + " rows for world size " + std::to_string(world));
  for (size_t i = 0; i < n; ++i) {
    const JsonReader c = ranks.element(i);
    RankMapRow r;
    r.rank = intField(c, "rank", 0, kMaxRanks);
    if (r.rank != static_cast<int>(i)) c.required("rank").fail("expected " + std::to_string(i) + " (rows are in rank order)");
    r.node_rank = intField(c, "node_rank", 0, kMaxRanks);
    if (r.node_rank >= static_cast<int>(map.nodes.size())) c.required("node_rank").fail("no such node rank");
    const RankMapNode& node = map.nodes[static_cast<size_t>(r.node_rank)];
    r.node_id = intField(c, "node_id", 0, kMaxIndex);
    if (r.node_id != node.node_id) c.required("node_id").fail("node rank " + std::to_string(r.node_rank) + " is node " + std::to_string(node.node_id));
    r.gpu_type = c.required("gpu_type").asString();
    r.local_gpu = intField(c, "local_gpu", 0, kMaxRanks);
    if (r.rank != node.first_rank + r.local_gpu)
      c.required("local_gpu").fail("rank " + std::to_string(r.rank) + " on a node whose ranks start at " + std::to_string(node.first_rank) +
                                   " must be local GPU " + std::to_string(r.rank - node.first_rank));
    r.template_index = intField(c, "template", 0, kMaxIndex);
    r.stage = intField(c, "stage", 0, kMaxIndex);
    r.tp_rank = intField(c, "tp_rank", 0, kMaxRanks);
    r.dp_rank = intField(c, "dp_rank", 0, kMaxRanks);
    const JsonReader layers = c.required("layers");
    if (layers.arraySize(2) != 2) layers.fail("expected [first, last]");
    r.first_layer = static_cast<int>(layers.element(0).asInt(0, kMaxIndex));
    r.last_layer = static_cast<int>(layers.element(1).asInt(0, kMaxIndex));
    if (r.first_layer > r.last_layer) layers.fail("first layer " + std::to_string(r.first_layer) + " is after last layer " + std::to_string(r.last_layer));
    if (auto e = c.optional("expert"))
      r.expert = ExpertCoordinates{intField(*e, "ep_rank", 0, kMaxRanks), intField(*e, "etp_rank", 0, kMaxRanks),
                                   intField(*e, "edp_rank", 0, kMaxRanks)};
    map.rows.push_back(r);
  }
  return map;
}

std::string rankMapHostfile(const RankMap& map) {
  std::string out = "# Hosts of the plan in node-rank order (" + commentText(map.cluster) + ", " + commentText(map.model) + ").\n"
                    "# node-<id> is the cluster's node <id>: replace it with that machine's host name.\n";
  for (const RankMapNode& n : map.nodes)
    out += "node-" + std::to_string(n.node_id) + " slots=" + std::to_string(n.gpus_used) + "\n";
  return out;
}

}  // namespace arachne
