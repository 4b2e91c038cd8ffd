// Renders a priced plan as text tables: the same numbers the GUI shows, from the same report.
#include "report_table.h"

#include <map>
#include <sstream>

#include "cluster/node_order_spec.h"
#include "table.h"

namespace arachne::cli {

namespace {

using Align = TextTable::Align;

std::string ms(double seconds) { return fixed(seconds * 1000.0, 3); }

std::string onOff(bool b) { return b ? "on" : "off"; }

std::string header(const Plan& plan, const ReportContext& ctx) {
  std::ostringstream s;
  const Composition& c = *ctx.composition;
  const TrainingSpec& t = *ctx.spec;
  s << "Plan:     " << ctx.plan_label << "\n";
  s << "Cluster:  " << nodeOrderSpec(c) << " (" << c.totalGpus() << (c.totalGpus() == 1 ? " GPU in " : " GPUs in ")
    << c.nodes().size() << (c.nodes().size() == 1 ? " node" : " nodes") << (c.name.empty() ? "" : ", " + c.name) << ")\n";
  s << "Model:    " << ctx.model->id << " (" << fixed(ctx.model->totalParams() / 1e9, 2)
    << " B parameters, " << ctx.model->layerCount() << " layers)\n";
  s << "Training: global batch " << t.global_batch << ", sequence length " << t.sequence_length
    << ", " << toString(t.precision) << ", checkpointing " << onOff(t.activation_checkpointing)
    << ", distributed optimizer " << onOff(t.distributed_optimizer) << "\n";
  const bool ds = t.runtime == TrainingSpec::Runtime::DeepSpeed;
  s << "Runtime:  " << (ds ? "deepspeed" : "megatron") << ", overlap grad-reduce "
    << (ds ? std::string("off (pipeline engine)") : onOff(t.overlap_grad_reduce)) << ", param-gather "
    << onOff(t.overlap_param_gather && !ds) << ", TP comm " << onOff(t.tp_comm_overlap)
    << ", interleaving " << (ds ? std::string("off (pipeline engine)") : onOff(t.interleave))
    << (t.precision == Precision::Fp32 ? std::string(", tf32 ") + onOff(t.tf32) : std::string()) << "\n";
  s << "Network:  " << (c.network && !c.network->name.empty() ? c.network->name : std::string("catalog figures"))
    << (ctx.terms_off.empty() ? "" : "; cost terms off: " + ctx.terms_off) << "\n";
  const Provenance& p = plan.provenance;
  s << "Profiles: " << ctx.profile_set << "\n";
  s << "Planner:  " << (p.planner.empty() ? "(not recorded)" : p.planner)
    << (p.planner_version.empty() ? "" : " " + p.planner_version) << ", seed " << p.seed << "\n";
  return s.str();
}

std::string templateSection(const Plan& plan, const PlanReport& report, size_t i) {
  const Template& tpl = plan.templates[i];
  const TemplateReport* tr = report.templates.size() == plan.templates.size() ? &report.templates[i]
                                                                              : nullptr;
  const int gpus = tpl.gpus();
  std::ostringstream s;
  s << "\nTemplate " << i + 1 << ": " << tpl.depth() << " stage" << (tpl.depth() == 1 ? "" : "s")
    << " x " << tpl.replicas << " replica" << (tpl.replicas == 1 ? "" : "s") << " = "
    << gpus << (gpus == 1 ? " GPU" : " GPUs") << ", micro-batch " << tpl.micro_batch << ", "
    << (tr ? tr->micro_batches : tpl.micro_batches) << " micro-batches per replica";
  if (tpl.virtual_stages > 1) s << ", " << tpl.virtual_stages << " virtual stages (interleaved)";
  if (tr)
    s << ", iteration " << fixed(tr->iteration_time_s, 4) << " s, bubble " << fixed(tr->bubble_s, 4)
      << " s, tail " << fixed(tr->sync_s, 4) << " s";
  s << "\n";

  std::vector<std::string> columns = {"stage", "GPU", "TP", "layers", "nodes", "tiling EPxETPxEDP"};
  if (tr) {
    for (const char* c : {"compute ms", "tp_comm ms", "expert ms", "p2p ms", "t_s ms", "grad_sync ms",
                          "param_gather ms", "embedding ms", "optimizer ms", "hidden ms", "p2p link"})
      columns.emplace_back(c);
  }
  TextTable time(columns);
  for (size_t c : {2, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}) time.setAlign(c, Align::Right);
  TextTable mem({"stage", "GPU", "params GiB", "grads GiB", "optimizer GiB", "activations GiB",
                 "other GiB", "total GiB", "capacity GiB", "use %", "in flight"});
  for (size_t c = 2; c <= 10; ++c) mem.setAlign(c, Align::Right);

  for (size_t k = 0; k < tpl.stages.size(); ++k) {
    const Stage& st = tpl.stages[k];
    const StageReport* sr = tr && k < tr->stages.size() ? &tr->stages[k] : nullptr;
    const std::string tiling =
        st.expert_tiling ? std::to_string(st.expert_tiling->ep) + "x" +
                               std::to_string(st.expert_tiling->etp) + "x" +
                               std::to_string(st.expert_tiling->edp)
                         : "-";
    std::vector<std::string> row = {std::to_string(k + 1), st.gpu_type, std::to_string(st.tp),
                                    std::to_string(st.first_layer) + "-" + std::to_string(st.last_layer),
                                    idList(st.node_ids), tiling};
    if (sr) {
      for (auto v : {sr->time.compute, sr->time.tp_comm, sr->time.expert_comm, sr->time.p2p,
                     sr->time.perMicroBatch(), sr->time.grad_sync, sr->time.param_gather,
                     sr->time.embedding_sync, sr->time.optimizer, sr->time.grad_sync_hidden + sr->time.param_gather_hidden})
        row.push_back(ms(v));
      row.push_back(sr->p2p_link);
    }
    time.addRow(row);
    if (sr) {
      const StageMemory& m = sr->memory;
      mem.addRow({std::to_string(k + 1), st.gpu_type, gib(m.params), gib(m.grads), gib(m.optimizer),
                  gib(m.activations), gib(m.other), gib(m.total()), gib(m.capacity),
                  m.capacity > 0 ? fixed(100.0 * m.total() / m.capacity, 1) : "-",
                  std::to_string(sr->in_flight_micro_batches)});
    }
  }
  s << time.render("  ");
  if (tr)
    s << "  (t_s = compute + tp_comm + expert + p2p per micro-batch; grad_sync, param_gather,\n"
         "   embedding (tied embeddings' all-reduce between the first and last stage) and optimizer\n"
         "   per iteration, exposed part; hidden = what overlap hid behind compute)\n";
  if (mem.rows() > 0) {
    s << "\n" << mem.render("  ");
  } else {
    s << "  (not priced: the plan does not fit the cluster or the model, see the violations)\n";
  }
  return s.str();
}

// GPUs per node that the plan leaves free, so a hand-written plan that forgot to list them
// still shows where they are.
std::string unusedSection(const Plan& plan, const Composition& c) {
  std::map<int, int> used;
  for (const auto& tpl : plan.templates)
    for (const auto& st : tpl.stages)
      for (int node : st.node_ids) used[node] += st.tp;
  std::map<int, int> listed;
  for (const auto& u : plan.unused_gpus) listed[u.node_id] += u.count;

  TextTable t({"GPU", "node", "count", "reason"});
  t.setAlign(1, Align::Right);
  t.setAlign(2, Align::Right);
  int total = 0;
  for (const UnusedGpuGroup& g : groupUnusedGpus(plan.unused_gpus)) {
    t.addRow({g.gpu_type, unusedNodesCell(g), unusedCountCell(g), g.reason.empty() ? "(no reason recorded)" : g.reason});
    total += g.count * g.nodes();
  }
  for (const auto& n : c.nodes()) {
    const int free = n.gpus - used[n.id] - listed[n.id];
    if (free <= 0) continue;
    t.addRow({n.gpu_type, std::to_string(n.id), std::to_string(free), "not used by the plan (not listed in unused_gpus)"});
    total += free;
  }
  std::ostringstream s;
  s << "GPUs unused: " << total << "\n";
  if (t.rows() > 0) s << t.render("  ");
  return s.str();
}

}  // namespace

std::string unusedNodesCell(const UnusedGpuGroup& g) {
  return g.nodes() == 1 ? std::to_string(g.first_node) : std::to_string(g.first_node) + "-" + std::to_string(g.last_node);
}

std::string unusedCountCell(const UnusedGpuGroup& g) {
  return g.nodes() == 1 ? std::to_string(g.count) : std::to_string(g.count) + " x " + std::to_string(g.nodes());
}

std::string renderPlanReport(const Plan& plan, const PlanReport& report, const ReportContext& ctx) {
  std::ostringstream s;
  s << header(plan, ctx);
  for (size_t i = 0; i < plan.templates.size(); ++i) s << templateSection(plan, report, i);
  s << "\n";
  const int used = plan.gpusUsed();
  if (report.feasible) {
    s << "Iteration time: " << fixed(report.iteration_time_s, 4) << " s\n";
    s << "Throughput:     " << fixed(report.throughput.sequences_per_s, 3) << " seq/s, "
      << grouped(report.throughput.tokens_per_s) << " tokens/s, "
      << fixed(report.throughput.iterations_per_s, 4) << " it/s\n";
    // As the explorer's summary says it: the whole cluster is paid for, idle GPUs too.
    if (report.cluster_price_per_hour > 0)
      s << "Price:          $" << fixed(report.cluster_price_per_hour, 2) << " per hour for the cluster, $"
        << fixed(report.usdPerMillionTokens(), 3) << " per million tokens\n";
  }
  const int total = ctx.composition->totalGpus();
  s << "GPUs used: " << used;
  if (used <= total) {
    s << " of " << total << "\n";
  } else {
    s << ", more than the cluster's " << total << "\n";
  }
  s << unusedSection(plan, *ctx.composition);
  if (report.feasible) {
    s << "Verdict: feasible\n";
  } else {
    s << "Verdict: INFEASIBLE (" << report.violations.size() << " violation"
      << (report.violations.size() == 1 ? "" : "s") << ")\n";
    s << violationLines(report);
  }
  return s.str();
}

std::string violationLines(const PlanReport& report) {
  std::string s;
  for (const auto& v : report.violations) s += "  - [" + toString(v.kind) + "] " + v.message + "\n";
  return s;
}

}  // namespace arachne::cli
