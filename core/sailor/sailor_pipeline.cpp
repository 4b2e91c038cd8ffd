// Sailor-shaped pipelines: checks, chains as templates and back, placement on a composition.
#include "sailor/sailor_pipeline.h"

#include <stdexcept>

#include "cluster/composition.h"
#include "plan/texts.h"
#include "planning/free_gpus.h"

namespace arachne {

namespace {

std::string replicaText(const SailorReplica& r) { return r.gpu_type + " TP " + std::to_string(r.tp); }

// Chain j of the pipeline: replica j of every stage.
bool sameChain(const SailorPipeline& p, int a, int b) {
  for (const auto& stage : p.replicas)
    if (!(stage[static_cast<size_t>(a)] == stage[static_cast<size_t>(b)])) return false;
  return true;
}

}  // namespace

int SailorPipeline::gpus() const {
  int n = 0;
  for (const auto& stage : replicas)
    for (const SailorReplica& r : stage) n += r.tp;
  return n;
}

int sailorMicroBatches(int globalBatch, int microBatch, int dp) {
  const long long per = static_cast<long long>(microBatch) * dp;
  if (per <= 0) return 1;
  return static_cast<int>((globalBatch + per - 1) / per);
}

std::string sailorPipelineProblem(const SailorPipeline& p, int layerCount) {
  if (p.layers.empty()) return "the pipeline has no stages";
  if (p.replicas.size() != p.layers.size())
    return "the pipeline lists replicas for " + std::to_string(p.replicas.size()) + " stages but layers for " +
           std::to_string(p.layers.size());
  if (p.micro_batch < 1) return "micro-batch size " + std::to_string(p.micro_batch) + " (needs at least 1)";
  if (p.micro_batches < 1) return std::to_string(p.micro_batches) + " micro-batches (needs at least 1)";
  int next = 0;
  for (int s = 0; s < p.depth(); ++s) {
    const auto [first, last] = p.layers[static_cast<size_t>(s)];
    if (first != next || last < first)
      return "stage " + std::to_string(s + 1) + " holds layers " + std::to_string(first) + "-" + std::to_string(last) +
             ", expected a range starting at " + std::to_string(next);
    next = last + 1;
    const auto& reps = p.replicas[static_cast<size_t>(s)];
    if (reps.empty()) return "stage " + std::to_string(s + 1) + " has no replicas";
    if (reps.size() != p.replicas.front().size())
      return "stage " + std::to_string(s + 1) + " has DP " + std::to_string(reps.size()) + " but stage 1 has DP " +
             std::to_string(p.replicas.front().size()) +
             "; a replica of one stage would feed several of the next (or none), which no template holds";
    for (size_t r = 0; r < reps.size(); ++r)
      if (reps[r].tp < 1 || reps[r].gpu_type.empty())
        return "replica " + std::to_string(r + 1) + " of stage " + std::to_string(s + 1) + " (" + replicaText(reps[r]) +
               ") needs a GPU type and TP >= 1";
  }
  if (layerCount > 0 && next != layerCount)
    return "the stages cover layers 0-" + std::to_string(next - 1) + " of 0-" + std::to_string(layerCount - 1);
  return {};
}

Plan toPlan(const SailorPipeline& p, const std::vector<std::vector<int>>& nodeIds) {
  if (const std::string why = sailorPipelineProblem(p, 0); !why.empty()) throw std::invalid_argument(why);
  if (nodeIds.size() != p.replicas.size())
    throw std::invalid_argument("node ids given for " + std::to_string(nodeIds.size()) + " stages, the pipeline has " +
                                std::to_string(p.replicas.size()));
  for (size_t s = 0; s < nodeIds.size(); ++s)
    if (nodeIds[s].size() != p.replicas[s].size())
      throw std::invalid_argument("stage " + std::to_string(s + 1) + ": " + std::to_string(nodeIds[s].size()) +
                                  " node ids for " + std::to_string(p.replicas[s].size()) + " replicas");
  Plan plan;
  plan.fixed_micro_batches = true;
  const int dp = p.dp();
  for (int j = 0; j < dp;) {
    int end = j + 1;
    while (end < dp && sameChain(p, j, end)) ++end;
    Template t;
    t.replicas = end - j;
    t.micro_batch = p.micro_batch;
    t.micro_batches = p.micro_batches;
    for (int s = 0; s < p.depth(); ++s) {
      const SailorReplica& r = p.replicas[static_cast<size_t>(s)][static_cast<size_t>(j)];
      Stage st;
      st.gpu_type = r.gpu_type;
      st.tp = r.tp;
      st.first_layer = p.layers[static_cast<size_t>(s)].first;
      st.last_layer = p.layers[static_cast<size_t>(s)].second;
      st.node_ids.assign(nodeIds[static_cast<size_t>(s)].begin() + j, nodeIds[static_cast<size_t>(s)].begin() + end);
      t.stages.push_back(std::move(st));
    }
    plan.templates.push_back(std::move(t));
    j = end;
  }
  return plan;
}

SailorPipeline fromSailorPlan(const Plan& plan) {
  SailorPipeline p;
  if (plan.templates.empty()) throw std::invalid_argument("the plan has no templates");
  const Template& t0 = plan.templates.front();
  p.micro_batch = t0.micro_batch;
  p.micro_batches = t0.micro_batches;
  for (const Stage& st : t0.stages) p.layers.emplace_back(st.first_layer, st.last_layer);
  p.replicas.assign(p.layers.size(), {});
  for (size_t j = 0; j < plan.templates.size(); ++j) {
    const Template& t = plan.templates[j];
    bool same = t.depth() == t0.depth() && t.micro_batch == t0.micro_batch && t.micro_batches == t0.micro_batches;
    for (int s = 0; same && s < t.depth(); ++s)
      same = t.stages[static_cast<size_t>(s)].first_layer == p.layers[static_cast<size_t>(s)].first &&
             t.stages[static_cast<size_t>(s)].last_layer == p.layers[static_cast<size_t>(s)].second;
    if (!same)
      throw std::invalid_argument("template " + std::to_string(j + 1) +
                                  " does not share template 1's layer split, micro-batch size and count, so the "
                                  "plan is not one Sailor pipeline");
    for (int s = 0; s < t.depth(); ++s)
      for (int r = 0; r < t.replicas; ++r)
        p.replicas[static_cast<size_t>(s)].push_back({t.stages[static_cast<size_t>(s)].gpu_type, t.stages[static_cast<size_t>(s)].tp});
  }
  return p;
}

SailorPlacement placeSailorPipeline(const SailorPipeline& p, const Composition& composition) {
  SailorPlacement out;
  if (const std::string why = sailorPipelineProblem(p, 0); !why.empty()) {
    out.problem = why;
    out.why = Reason(text::kVerbatim, {verbatim(why)});
    return out;
  }
  FreeGpus free(composition);
  out.node_ids.assign(p.replicas.size(), {});
  for (int s = 0; s < p.depth(); ++s) {
    for (size_t r = 0; r < p.replicas[static_cast<size_t>(s)].size(); ++r) {
      const SailorReplica& rep = p.replicas[static_cast<size_t>(s)][r];
      const int type = free.typeIndex(rep.gpu_type);
      const int node = type < 0 ? -1 : free.take(type, rep.tp);
      if (node < 0) {
        const int left = type < 0 ? 0 : free.freeOfType(type);
        out.why = Reason(text::kPlacementNoNode,
                         {integer(static_cast<long long>(r) + 1), integer(s + 1), verbatim(replicaText(rep)), verbatim(rep.gpu_type),
                          integer(rep.tp), integer(left), integer(composition.gpusOfType(rep.gpu_type)), integer(p.gpus())});
        out.problem = out.why.english();
        out.node_ids.clear();
        return out;
      }
      out.node_ids[static_cast<size_t>(s)].push_back(node);
    }
  }
  return out;
}

}  // namespace arachne
