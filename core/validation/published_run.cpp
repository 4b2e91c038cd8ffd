// Reading published runs and turning each into a composition, a plan and a training spec.
#include "validation/published_run.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "catalog/fabric_json.h"
#include "catalog/gpu_catalog.h"
#include "cost/cost_model.h"
#include "io/input_file.h"
#include "io/json_reader.h"
#include "io/load_error.h"
#include "model/model_catalog.h"
#include "profile/analytic_profiler.h"

namespace arachne {

namespace {

// Read like every input (issue 15): regular files only, within the input size limit.
std::string readAll(const std::string& path) { return readInputFile(path, "published-runs"); }

bool isNull(const JsonReader& r, const std::string& key) {
  return !r.has(key) || r.value()[key].is_null();
}

// A model object in the catalog's format from the row's hyperparameters: Megatron's GPT
// layout (learned positions, LayerNorm, GeLU, biases, tied embeddings) unless the row says
// otherwise.
Model modelFromRow(const JsonReader& m, int seqLen, const std::string& file) {
  nlohmann::json j;
  j["id"] = "published";
  j["name"] = m.string("name", "published model");
  const bool swiglu = m.string("mlp", "gelu") == "swiglu";
  const int heads = static_cast<int>(m.integer("heads", 1, 100000));
  const int kv = isNull(m, "kv_heads") ? heads : static_cast<int>(m.integer("kv_heads", 1, 100000));
  const int hidden = static_cast<int>(m.integer("hidden", 1, 1000000));
  const int headDim = isNull(m, "head_dim") ? hidden / heads : static_cast<int>(m.integer("head_dim", 1, 100000));
  nlohmann::json shape = {{"hidden", hidden},
                          {"heads", heads},
                          {"kv_heads", kv},
                          {"head_dim", headDim},
                          {"vocab", m.integer("vocab", 1, 10000000)},
                          {"tied_embeddings", m.boolean("tied_embeddings", !swiglu)},
                          {"mlp", swiglu ? "swiglu" : "gelu"},
                          {"norm", swiglu ? "rmsnorm" : "layernorm"},
                          {"biases", !swiglu},
                          {"positions", swiglu ? 0 : seqLen},
                          {"attention", "gqa"}};
  const bool moe = !isNull(m, "experts") && m.integer("experts", 0, 100000) > 0;
  const int layers = static_cast<int>(m.integer("layers", 1, 100000));
  if (moe) {
    shape["ffn"] = 0;
    shape["experts"] = m.integer("experts", 1, 100000);
    shape["top_k"] = m.integer("top_k", 1, 1000);
    shape["expert_ffn"] = m.integer("expert_ffn", 1, 10000000);
  } else {
    shape["ffn"] = m.integer("ffn", 1, 10000000);
  }
  j["shape"] = shape;
  j["stack"] = nlohmann::json::array({{{"type", "embedding"}, {"count", 1}},
                                      {{"type", moe ? "moe" : "dense"}, {"count", layers}},
                                      {{"type", "head"}, {"count", 1}}});
  const ModelCatalog one = ModelCatalog::fromJson(j.dump(), file + " (" + m.path() + ")");
  return one.models().front();
}

}  // namespace

std::vector<PublishedRun> loadPublishedRuns(const std::string& path, const GpuCatalog& catalog) {
  const nlohmann::json root = JsonReader::parse(readAll(path), path);
  const JsonReader r(root, path);
  r.requireObject();
  if (r.integer("schema_version", 0, 1000) != 1) r.fail("schema_version", "this build reads version 1");
  const JsonReader rows = r.array("rows");
  std::vector<PublishedRun> out;
  for (size_t i = 0; i < rows.size(); ++i) {
    const JsonReader e = rows.element(i);
    e.requireObject();
    PublishedRun run;
    run.id = e.string("id");
    run.source = e.string("source", "");
    run.date = e.string("date", "");
    run.framework = e.string("framework", "");
    run.gpu_type = catalog.at(e.string("gpu_type"), path, e.fieldPath("gpu_type")).id;
    run.gpus = static_cast<int>(e.integer("gpus", 1, 10000000));
    run.gpus_per_node = static_cast<int>(e.integer("gpus_per_node", 1, 1024));
    const JsonReader net = e.object("network");
    if (!isNull(net, "inter_node_gbps_per_node")) run.inter_node_gbps = net.number("inter_node_gbps_per_node", 1e-3, 1e5);
    if (!isNull(net, "inter_node_nics")) run.inter_node_nics = static_cast<int>(net.integer("inter_node_nics", 1, 1024));
    if (!isNull(net, "fabric")) run.inter_node_fabric = readFabric(net, "fabric");
    const JsonReader par = e.object("parallelism");
    auto intOr = [](const JsonReader& x, const std::string& k, int fallback) {
      return isNull(x, k) ? fallback : static_cast<int>(x.integer(k, 1, 1000000));
    };
    run.tp = intOr(par, "tp", 1);
    run.pp = intOr(par, "pp", 1);
    run.dp = intOr(par, "dp", 1);
    run.cp = intOr(par, "cp", 1);
    run.ep = intOr(par, "ep", 1);
    run.virtual_stages = intOr(par, "virtual_stages", 1);
    const int seq = static_cast<int>(e.integer("seq_len", 1, 10000000));
    const JsonReader m = e.object("model");
    run.model_name = m.string("name", run.id);
    run.params_b = isNull(m, "params_b") ? 0.0 : m.number("params_b", 0, 1e6);
    run.moe = e.boolean("moe", false);
    if (!isNull(m, "catalog_id")) {
      const Model* known = ModelCatalog::builtin().find(m.string("catalog_id"));
      if (!known) m.fail("catalog_id", "is not in the model catalog");
      run.model = *known;
    } else {
      run.model = modelFromRow(m, seq, path);
    }
    TrainingSpec& s = run.spec;
    s.sequence_length = seq;
    s.global_batch = static_cast<int>(e.integer("global_batch", 1, 100000000));
    const std::string precision = e.string("precision");
    const auto p = precisionFromString(precision);
    if (!p) e.fail("precision", "must be bf16, fp16, fp32 or fp8, got '" + precision + "'");
    s.precision = *p;
    const std::string recompute = isNull(e, "recompute") ? "" : e.string("recompute");
    s.activation_checkpointing = recompute == "full";
    // NVIDIA's Megatron-Core recipes (NeMo, Megatron Bridge) run the distributed optimizer and,
    // with TP, sequence parallelism unless a row says otherwise; older stacks run neither.
    const bool mcoreRecipe = run.framework.find("NeMo") != std::string::npos ||
                             run.framework.find("Bridge") != std::string::npos ||
                             run.framework.find("Megatron-Core") != std::string::npos;
    if (isNull(e, "distributed_optimizer")) {
      s.distributed_optimizer = mcoreRecipe;
      if (mcoreRecipe) run.notes.push_back("distributed optimizer assumed (recipe default)");
    } else {
      s.distributed_optimizer = e.boolean("distributed_optimizer");
    }
    if (run.framework.find("DeepSpeed") != std::string::npos) s.runtime = TrainingSpec::Runtime::DeepSpeed;
    if (e.has("overlap") && !e.value()["overlap"].is_null()) {
      const JsonReader o = e.object("overlap");
      if (!isNull(o, "grad_reduce")) s.overlap_grad_reduce = o.boolean("grad_reduce");
      if (!isNull(o, "param_gather")) s.overlap_param_gather = o.boolean("param_gather");
      if (!isNull(o, "tp_comm")) s.tp_comm_overlap = o.boolean("tp_comm");
    }
    if (isNull(par, "sequence_parallel")) {
      run.activations.sequence_parallel = mcoreRecipe && run.tp > 1;
      if (run.activations.sequence_parallel) run.notes.push_back("sequence parallelism assumed (recipe default)");
    } else {
      run.activations.sequence_parallel = par.boolean("sequence_parallel");
    }
    // FlashAttention reached Megatron-LM and NeMo in 2023; earlier runs stored the softmax.
    run.activations.flash_attention = run.date >= "2023";
    if (!isNull(e, "micro_batch")) run.micro_batch = static_cast<int>(e.integer("micro_batch", 1, 100000));
    const JsonReader derived = e.object("derived");
    if (!isNull(derived, "iteration_s")) run.measured_iteration_s = derived.number("iteration_s", 1e-6, 1e7);
    const JsonReader measured = e.object("measured");
    if (run.measured_iteration_s <= 0 && measured.string("metric", "") == "iteration_s")
      run.measured_iteration_s = measured.number("value", 1e-6, 1e7);

    if (!e.boolean("expressible", true))
      run.not_priced = "not expressible: " + e.string("expressible_reason", "needs a parallelism our plans do not have");
    else if (run.cp > 1)
      run.not_priced = "context parallelism (CP " + std::to_string(run.cp) + ") is not modelled";
    else if (run.micro_batch <= 0)
      run.not_priced = "the source does not state the micro-batch size";
    else if (run.measured_iteration_s <= 0)
      run.not_priced = "no iteration time can be derived from the measured figure";
    else if (run.tp * run.pp * run.dp * run.cp != run.gpus)
      run.not_priced = "TP x PP x DP x CP = " + std::to_string(run.tp * run.pp * run.dp * run.cp) +
                       " is not the " + std::to_string(run.gpus) + " GPUs";
    else if (run.tp > run.gpus_per_node)
      run.not_priced = "a TP group larger than a node";
    else if (s.global_batch % (run.micro_batch * run.dp) != 0)
      run.not_priced = "the global batch is not a whole number of micro-batches per replica";
    else if (run.model.layerCount() - 2 < run.pp * run.virtual_stages)
      run.not_priced = "fewer layers than pipeline chunks";
    if (!run.activations.flash_attention) run.notes.push_back("no FlashAttention (before 2023)");
    if (s.activation_checkpointing) run.notes.push_back("full recompute");
    out.push_back(std::move(run));
  }
  return out;
}

Composition publishedComposition(const PublishedRun& run) {
  Composition c;
  c.name = run.id;
  const int nodes = (run.gpus + run.gpus_per_node - 1) / run.gpus_per_node;
  for (int i = 0; i < nodes; ++i) {
    Node n{-1, run.gpu_type, run.gpus_per_node, run.inter_node_gbps};
    n.inter_node_nics = run.inter_node_nics;
    n.inter_node_fabric = run.inter_node_fabric;
    c.addNode(n);
  }
  return c;
}

Plan publishedPlan(const PublishedRun& run) {
  Plan p;
  p.provenance.planner = "published";
  p.provenance.model = run.model.id;
  Template t;
  t.replicas = run.dp;
  t.micro_batch = run.micro_batch;
  t.micro_batches = run.spec.global_batch / (run.micro_batch * run.dp);
  t.virtual_stages = run.virtual_stages;
  // Megatron splits the blocks evenly over the stages (the first stages take any remainder);
  // the embedding goes with the first stage, the head with the last.
  const int blocks = run.model.layerCount() - 2;
  int next = 0;
  for (int s = 0; s < run.pp; ++s) {
    const int share = blocks / run.pp + (s < blocks % run.pp ? 1 : 0);
    Stage st;
    st.gpu_type = run.gpu_type;
    st.tp = run.tp;
    st.first_layer = next;
    st.last_layer = s + 1 == run.pp ? run.model.layerCount() - 1 : (s == 0 ? share : next + share - 1);
    next = st.last_layer + 1;
    // Megatron orders ranks TP fastest, then DP, then PP: the TP group of stage s, replica r
    // starts at rank (s dp + r) tp.
    for (int r = 0; r < run.dp; ++r) st.node_ids.push_back(((s * run.dp + r) * run.tp) / run.gpus_per_node);
    // MoE: the row's EP; expert TP 1 (what the MoE recipes set); EDP what remains.
    if (run.model.isMoe() && run.ep >= 1 && (run.tp * run.dp) % run.ep == 0)
      st.expert_tiling = ExpertTiling{run.ep, 1, run.tp * run.dp / run.ep};
    t.stages.push_back(std::move(st));
  }
  p.templates = {t};
  return p;
}

PublishedPrice pricePublishedRun(const PublishedRun& run, const GpuCatalog& catalog,
                                 const CostTerms& terms, int analyticVersion,
                                 const AnalyticTuning& tuning) {
  PublishedPrice out;
  if (!run.not_priced.empty()) {
    out.problem = run.not_priced;
    return out;
  }
  const Composition comp = publishedComposition(run);
  out.plan = publishedPlan(run);
  AnalyticProfileOptions opt;
  opt.tp_degrees = {run.tp};
  opt.micro_batches = {run.micro_batch};
  opt.activations = run.activations;
  opt.version = analyticVersion;
  opt.tuning = tuning;
  const ProfileSet profiles = makeAnalyticProfiles(catalog, {run.gpu_type}, run.model, run.spec, opt);
  const CostModel cost(catalog, comp, run.model, run.spec, profiles, terms);
  out.report = cost.price(out.plan, false);
  bool onlyMemory = !out.report.violations.empty();
  for (const Violation& v : out.report.violations)
    if (v.kind != ViolationKind::OutOfMemory) onlyMemory = false;
  if (!out.report.feasible && !onlyMemory) {
    out.problem = out.report.violations.empty() ? "infeasible" : out.report.violations.front().message;
    return out;
  }
  out.fits_memory = out.report.feasible;
  out.priced = true;
  out.predicted_s = out.report.iteration_time_s;
  out.error = (out.predicted_s - run.measured_iteration_s) / run.measured_iteration_s;
  return out;
}

}  // namespace arachne
