// Laying a plan out as global ranks, and reading the GPU assignment back from a rank map.
#include "launch/rank_map.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "cluster/composition.h"
#include "cluster/node_order_spec.h"
#include "model/model.h"

namespace arachne {

namespace {

bool stageHasMoe(const Model* model, const Stage& s) {
  if (!model) return false;
  for (int i = s.first_layer; i <= s.last_layer && i < model->layerCount(); ++i)
    if (i >= 0 && model->layer(i).kind == LayerKind::MoeBlock) return true;
  return false;
}

std::string where(int t, int s, int r) {
  return "template " + std::to_string(t) + ", stage " + std::to_string(s) + ", replica " + std::to_string(r);
}

struct Group {  // one TP group: stage s of replica r of template t
  int t, s, r;
};

}  // namespace

RankMap buildRankMap(const Plan& plan, const Composition& composition, const Model* model, RankOrder order) {
  RankMap map;
  map.cluster = nodeOrderSpec(composition);
  map.model = model ? model->id : plan.provenance.model;

  std::vector<Group> groups;
  for (int t = 0; t < static_cast<int>(plan.templates.size()); ++t) {
    const Template& tpl = plan.templates[static_cast<size_t>(t)];
    map.templates.push_back({tpl.replicas, tpl.micro_batch, tpl.micro_batches, tpl.depth(), std::max(1, tpl.virtual_stages)});
    for (const Stage& st : tpl.stages)
      if (static_cast<int>(st.node_ids.size()) != tpl.replicas)
        throw RankMapError("template " + std::to_string(t) + " has " + std::to_string(tpl.replicas) +
                           " replicas but a stage lists " + std::to_string(st.node_ids.size()) + " nodes");
    if (order == RankOrder::StageMajor) {
      for (int s = 0; s < tpl.depth(); ++s)
        for (int r = 0; r < tpl.replicas; ++r) groups.push_back({t, s, r});
    } else {
      for (int r = 0; r < tpl.replicas; ++r)
        for (int s = 0; s < tpl.depth(); ++s) groups.push_back({t, s, r});
    }
  }

  // Local GPUs are handed out per node in group order; node ranks in order of first use.
  std::map<int, int> nextLocal;  // node id -> next free local GPU
  std::map<int, int> nodeRank;   // node id -> node rank
  struct Pending {
    Group g;
    int node_id;
    int local_first;
  };
  std::vector<Pending> placed;
  for (const Group& g : groups) {
    const Stage& st = plan.templates[static_cast<size_t>(g.t)].stages[static_cast<size_t>(g.s)];
    const int nodeId = st.node_ids[static_cast<size_t>(g.r)];
    const Node* node = composition.findNode(nodeId);
    if (!node) throw RankMapError(where(g.t, g.s, g.r) + ": node " + std::to_string(nodeId) + " is not in the cluster");
    if (node->gpu_type != st.gpu_type)
      throw RankMapError(where(g.t, g.s, g.r) + ": node " + std::to_string(nodeId) + " holds " + node->gpu_type +
                         " GPUs, the stage needs " + st.gpu_type);
    if (st.tp < 1) throw RankMapError(where(g.t, g.s, g.r) + ": TP degree " + std::to_string(st.tp) + " is below 1");
    int& next = nextLocal[nodeId];
    if (next + st.tp > node->gpus)
      throw RankMapError(where(g.t, g.s, g.r) + ": node " + std::to_string(nodeId) + " has " +
                         std::to_string(node->gpus) + " GPUs, the plan places " + std::to_string(next + st.tp) + " on it");
    placed.push_back({g, nodeId, next});
    next += st.tp;
    nodeRank.emplace(nodeId, static_cast<int>(nodeRank.size()));
  }

  map.nodes.resize(nodeRank.size());
  for (const auto& [nodeId, nr] : nodeRank) {
    const Node* node = composition.findNode(nodeId);
    map.nodes[static_cast<size_t>(nr)] = {nr, nodeId, node->gpu_type, nextLocal[nodeId], node->gpus, 0};
  }
  int first = 0;
  for (RankMapNode& n : map.nodes) {
    n.first_rank = first;
    first += n.gpus_used;
  }

  map.rows.resize(static_cast<size_t>(first));
  for (const Pending& p : placed) {
    const Template& tpl = plan.templates[static_cast<size_t>(p.g.t)];
    const Stage& st = tpl.stages[static_cast<size_t>(p.g.s)];
    const RankMapNode& n = map.nodes[static_cast<size_t>(nodeRank[p.node_id])];
    const bool moe = stageHasMoe(model, st) || st.expert_tiling.has_value();
    const ExpertTiling tiling = st.expert_tiling ? *st.expert_tiling : ExpertTiling{1, st.tp, tpl.replicas};
    for (int k = 0; k < st.tp; ++k) {
      RankMapRow row;
      row.local_gpu = p.local_first + k;
      row.rank = n.first_rank + row.local_gpu;
      row.node_rank = n.node_rank;
      row.node_id = p.node_id;
      row.gpu_type = st.gpu_type;
      row.template_index = p.g.t;
      row.stage = p.g.s;
      row.tp_rank = k;
      row.dp_rank = p.g.r;
      row.first_layer = st.first_layer;
      row.last_layer = st.last_layer;
      if (moe && tiling.etp > 0 && tiling.ep > 0) {
        const int w = k + st.tp * p.g.r;
        row.expert = ExpertCoordinates{(w / tiling.etp) % tiling.ep, w % tiling.etp, w / (tiling.etp * tiling.ep)};
      }
      map.rows[static_cast<size_t>(row.rank)] = row;
    }
  }
  return map;
}

std::vector<Template> templatesFromRankMap(const RankMap& map) {
  std::vector<Template> out(map.templates.size());
  for (size_t t = 0; t < out.size(); ++t) {
    const RankMapTemplate& h = map.templates[t];
    if (h.depth < 1 || h.replicas < 1)
      throw RankMapError("template " + std::to_string(t) + ": depth and replicas must be at least 1");
    out[t].replicas = h.replicas;
    out[t].micro_batch = h.micro_batch;
    out[t].micro_batches = h.micro_batches;
    out[t].virtual_stages = h.virtual_stages;
    out[t].stages.resize(static_cast<size_t>(h.depth));
    for (Stage& s : out[t].stages) {
      s.tp = 0;
      s.node_ids.assign(static_cast<size_t>(h.replicas), -1);
    }
  }
  // (template, stage, replica) -> the TP ranks seen, to check whole groups on one node.
  std::map<std::tuple<int, int, int>, std::vector<int>> seen;
  std::map<std::pair<int, int>, ExpertTiling> maxCoord;
  for (const RankMapRow& row : map.rows) {
    if (row.template_index < 0 || row.template_index >= static_cast<int>(out.size()))
      throw RankMapError("rank " + std::to_string(row.rank) + ": template " + std::to_string(row.template_index) + " is not in the map");
    Template& tpl = out[static_cast<size_t>(row.template_index)];
    if (row.stage < 0 || row.stage >= tpl.depth() || row.dp_rank < 0 || row.dp_rank >= tpl.replicas)
      throw RankMapError("rank " + std::to_string(row.rank) + ": stage " + std::to_string(row.stage) + " / replica " +
                         std::to_string(row.dp_rank) + " is outside template " + std::to_string(row.template_index));
    Stage& st = tpl.stages[static_cast<size_t>(row.stage)];
    int& node = st.node_ids[static_cast<size_t>(row.dp_rank)];
    if (node >= 0 && node != row.node_id)
      throw RankMapError("rank " + std::to_string(row.rank) + ": " + where(row.template_index, row.stage, row.dp_rank) +
                         " spans nodes " + std::to_string(node) + " and " + std::to_string(row.node_id));
    node = row.node_id;
    auto& ranks = seen[{row.template_index, row.stage, row.dp_rank}];
    ranks.push_back(row.tp_rank);
    if (!st.gpu_type.empty() && st.gpu_type != row.gpu_type)
      throw RankMapError("rank " + std::to_string(row.rank) + ": stage " + std::to_string(row.stage) + " mixes GPU types");
    st.gpu_type = row.gpu_type;
    st.first_layer = row.first_layer;
    st.last_layer = row.last_layer;
    if (row.expert) {
      ExpertTiling& m = maxCoord[{row.template_index, row.stage}];
      m.ep = std::max(m.ep, row.expert->ep_rank + 1);
      m.etp = std::max(m.etp, row.expert->etp_rank + 1);
      m.edp = std::max(m.edp, row.expert->edp_rank + 1);
    }
  }
  for (size_t t = 0; t < out.size(); ++t) {
    for (int s = 0; s < out[t].depth(); ++s) {
      Stage& st = out[t].stages[static_cast<size_t>(s)];
      for (int r = 0; r < out[t].replicas; ++r) {
        auto it = seen.find({static_cast<int>(t), s, r});
        if (it == seen.end()) throw RankMapError(where(static_cast<int>(t), s, r) + " has no rank");
        std::vector<int> ranks = it->second;
        std::sort(ranks.begin(), ranks.end());
        for (int k = 0; k < static_cast<int>(ranks.size()); ++k)
          if (ranks[static_cast<size_t>(k)] != k)
            throw RankMapError(where(static_cast<int>(t), s, r) + ": TP ranks are not 0.." + std::to_string(ranks.size() - 1));
        if (r == 0) st.tp = static_cast<int>(ranks.size());
        else if (st.tp != static_cast<int>(ranks.size()))
          throw RankMapError(where(static_cast<int>(t), s, r) + ": TP degree differs between replicas");
      }
      auto m = maxCoord.find({static_cast<int>(t), s});
      if (m != maxCoord.end()) st.expert_tiling = m->second;
    }
  }
  return out;
}

}  // namespace arachne
