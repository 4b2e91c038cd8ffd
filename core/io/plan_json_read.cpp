// Parsing and validating *.plan.json text into a Plan; priced fields are skipped.
#include <nlohmann/json.hpp>

#include "catalog/gpu_catalog.h"
#include "catalog/training_spec.h"
#include "cost/cost_terms.h"
#include "io/json_reader.h"
#include "io/load_error.h"
#include "io/plan_json.h"

namespace arachne {

namespace {

// Upper bounds far above any real cluster: they reject corrupt or hostile values (a 1e12
// replica count would make later loops run for ever) while leaving room for growth.
constexpr long long kMaxReplicas = 1000000;
constexpr long long kMaxTp = 4096;
constexpr long long kMaxMicroBatch = 1000000;
constexpr long long kMaxMicroBatches = 1000000000;
constexpr long long kMaxLayer = 1000000;
constexpr long long kMaxNodeId = 1000000000;
constexpr long long kMaxGpuCount = 1000000;
constexpr size_t kMaxTemplates = 100000;
constexpr size_t kMaxStages = 100000;
constexpr size_t kMaxUnused = 1000000;
// GPUs a plan may place (replicas x sum of TP over all templates): 10x the largest cluster the
// composition accepts, and small enough that every GPU count fits an int.
constexpr long long kMaxPlanGpus = 1000000;

int readInt(const JsonReader& c, long long min, long long max) {
  return static_cast<int>(c.asInt(min, max));
}

Provenance readProvenance(const JsonReader& c) {
  Provenance p;
  if (!c.value().is_object()) c.fail("must be an object, got " + JsonReader::typeName(c.value()));
  auto str = [&](const char* key, std::string& out) {
    if (auto f = c.optional(key)) out = f->asString();
  };
  str("catalog", p.catalog);
  str("profile_set", p.profile_set);
  str("planner", p.planner);
  str("planner_version", p.planner_version);
  str("cluster", p.cluster);
  str("model", p.model);
  if (auto f = c.optional("seed")) p.seed = f->asUint64();
  if (auto f = c.optional("cost_terms_off")) {
    const size_t n = f->arraySize(64);
    CostTerms check;
    for (size_t i = 0; i < n; ++i) {
      const JsonReader e = f->element(i);
      const std::string name = e.asString(200);
      if (!check.set(name, false)) {
        std::string known;
        for (const auto& k : CostTerms::names()) known += (known.empty() ? "" : ", ") + k;
        e.fail("'" + name.substr(0, 60) + "' is not a cost-model term (known: " + known + ")");
      }
      p.cost_terms_off.push_back(name);
    }
  }
  return p;
}

std::optional<ExpertTiling> readTiling(const JsonReader& stage) {
  auto c = stage.optional("expert_tiling");
  if (!c) return std::nullopt;
  if (!c->value().is_object()) {
    c->fail("must be an object {\"ep\", \"etp\", \"edp\"}, got " + JsonReader::typeName(c->value()));
  }
  ExpertTiling t;
  t.ep = readInt(c->required("ep"), 1, kMaxGpuCount);
  t.etp = readInt(c->required("etp"), 1, kMaxTp);
  t.edp = readInt(c->required("edp"), 1, kMaxGpuCount);
  return t;
}

Stage readStage(const JsonReader& c, int replicas) {
  if (!c.value().is_object()) c.fail("must be an object, got " + JsonReader::typeName(c.value()));
  Stage s;
  s.gpu_type = c.required("gpu_type").asString(200);
  if (s.gpu_type.empty()) c.required("gpu_type").fail("must not be empty");
  // "H100" and aliases name the catalog's "h100", as in cluster files; an unknown name stays
  // as written and is the cost model's verdict (unknown_node) when priced.
  s.gpu_type = GpuCatalog::builtin().canonicalId(s.gpu_type);
  s.tp = readInt(c.required("tp"), 1, kMaxTp);

  const JsonReader layers = c.required("layers");
  if (!layers.value().is_array() || layers.value().size() != 2) {
    layers.fail("must be an array [first, last] of two layer indices, got " +
                JsonReader::typeName(layers.value()) +
                (layers.value().is_array() ? " of " + std::to_string(layers.value().size()) +
                                                 " entries"
                                           : std::string()));
  }
  s.first_layer = readInt(layers.element(0), 0, kMaxLayer);
  s.last_layer = readInt(layers.element(1), 0, kMaxLayer);
  if (s.first_layer > s.last_layer) {
    layers.fail("first layer " + std::to_string(s.first_layer) + " is after last layer " +
                std::to_string(s.last_layer));
  }

  const JsonReader nodes = c.required("node_ids");
  const size_t n = nodes.arraySize(static_cast<size_t>(kMaxReplicas));
  if (n != static_cast<size_t>(replicas)) {
    nodes.fail("must hold one node id per replica (" + std::to_string(replicas) + "), got " +
               std::to_string(n));
  }
  s.node_ids.reserve(n);
  for (size_t i = 0; i < n; ++i) s.node_ids.push_back(readInt(nodes.element(i), 0, kMaxNodeId));

  s.expert_tiling = readTiling(c);
  return s;
}

Template readTemplate(const JsonReader& c) {
  if (!c.value().is_object()) c.fail("must be an object, got " + JsonReader::typeName(c.value()));
  Template t;
  t.replicas = readInt(c.required("replicas"), 1, kMaxReplicas);
  t.micro_batch = readInt(c.required("micro_batch"), 1, kMaxMicroBatch);
  // M is recomputed by the batch split when the plan is priced, so a hand-written plan may
  // leave it out.
  if (auto m = c.optional("micro_batches")) t.micro_batches = readInt(*m, 1, kMaxMicroBatches);
  if (auto v = c.optional("virtual_stages")) t.virtual_stages = readInt(*v, 1, 1024);
  const JsonReader stages = c.required("stages");
  const size_t n = stages.arraySize(kMaxStages);
  if (n == 0) stages.fail("must hold at least one stage");
  t.stages.reserve(n);
  long long perReplica = 0;
  for (size_t i = 0; i < n; ++i) {
    t.stages.push_back(readStage(stages.element(i), t.replicas));
    perReplica += t.stages.back().tp;
  }
  const long long gpus = perReplica * t.replicas;
  if (gpus > kMaxPlanGpus) {
    c.fail("places " + std::to_string(gpus) + " GPUs (replicas x sum of TP), above the limit of " +
           std::to_string(kMaxPlanGpus));
  }
  return t;
}

UnusedGpus readUnused(const JsonReader& c) {
  if (!c.value().is_object()) c.fail("must be an object, got " + JsonReader::typeName(c.value()));
  UnusedGpus u;
  u.gpu_type = GpuCatalog::builtin().canonicalId(c.required("gpu_type").asString(200));
  u.node_id = readInt(c.required("node_id"), 0, kMaxNodeId);
  u.count = readInt(c.required("count"), 1, kMaxGpuCount);
  if (auto r = c.optional("reason")) u.reason = r->asString();
  return u;
}

PlanTraining readTraining(const JsonReader& c) {
  if (!c.value().is_object()) c.fail("must be an object, got " + JsonReader::typeName(c.value()));
  PlanTraining t;
  if (auto f = c.optional("global_batch")) t.global_batch = readInt(*f, 1, kMaxGlobalBatch);
  if (auto f = c.optional("sequence_length")) t.sequence_length = readInt(*f, 1, kMaxSequenceLength);
  if (auto f = c.optional("precision")) {
    const std::string name = f->asString(100);
    t.precision = precisionFromString(name);
    if (!t.precision) f->fail("must be bf16, fp16, fp32 or fp8, got '" + name + "'");
  }
  if (auto f = c.optional("activation_checkpointing")) t.activation_checkpointing = f->asBool();
  if (auto f = c.optional("distributed_optimizer")) t.distributed_optimizer = f->asBool();
  if (auto f = c.optional("runtime")) {
    const std::string name = f->asString(100);
    if (name == "megatron") t.runtime = TrainingSpec::Runtime::Megatron;
    else if (name == "deepspeed") t.runtime = TrainingSpec::Runtime::DeepSpeed;
    else f->fail("must be megatron or deepspeed, got '" + name + "'");
  }
  if (auto f = c.optional("overlap_grad_reduce")) t.overlap_grad_reduce = f->asBool();
  if (auto f = c.optional("overlap_param_gather")) t.overlap_param_gather = f->asBool();
  if (auto f = c.optional("tp_comm_overlap")) t.tp_comm_overlap = f->asBool();
  if (auto f = c.optional("tf32")) t.tf32 = f->asBool();
  if (auto f = c.optional("interleave")) t.interleave = f->asBool();
  if (auto f = c.optional("grad_bucket_params")) t.grad_bucket_params = readInt(*f, 1000, 2000000000);
  return t;
}

}  // namespace

TrainingSpec PlanTraining::applyTo(TrainingSpec base) const {
  if (global_batch) base.global_batch = *global_batch;
  if (sequence_length) base.sequence_length = *sequence_length;
  if (precision) base.precision = *precision;
  if (activation_checkpointing) base.activation_checkpointing = *activation_checkpointing;
  if (distributed_optimizer) base.distributed_optimizer = *distributed_optimizer;
  if (runtime) base.runtime = *runtime;
  if (overlap_grad_reduce) base.overlap_grad_reduce = *overlap_grad_reduce;
  if (overlap_param_gather) base.overlap_param_gather = *overlap_param_gather;
  if (tp_comm_overlap) base.tp_comm_overlap = *tp_comm_overlap;
  if (tf32) base.tf32 = *tf32;
  if (interleave) base.interleave = *interleave;
  if (grad_bucket_params) base.grad_bucket_params = static_cast<double>(*grad_bucket_params);
  return base;
}

bool PlanTraining::empty() const { return *this == PlanTraining{}; }

Plan planFromJson(const std::string& text, const std::string& fileLabel) {
  return planDocumentFromJson(text, fileLabel).plan;
}

PlanDocument planDocumentFromJson(const std::string& text, const std::string& fileLabel) {
  const nlohmann::json doc = JsonReader::parse(text, fileLabel);
  const JsonReader root(doc, fileLabel, "");
  if (!doc.is_object()) {
    throw LoadError(fileLabel, "", "a plan must be a JSON object, got " + JsonReader::typeName(doc));
  }
  const JsonReader version = root.required("schema_version");
  const long long v = version.asInt(0, 1000000);
  if (v != kPlanSchemaVersion) {
    version.fail("unsupported schema_version " + std::to_string(v) + " (this build reads " +
                 std::to_string(kPlanSchemaVersion) + ")");
  }

  PlanDocument result;
  Plan& plan = result.plan;
  if (auto p = root.optional("provenance")) plan.provenance = readProvenance(*p);
  if (auto t = root.optional("training")) result.training = readTraining(*t);
  if (auto f = root.optional("micro_batches_fixed")) plan.fixed_micro_batches = f->asBool();

  const JsonReader templates = root.required("templates");
  const size_t n = templates.arraySize(kMaxTemplates);
  plan.templates.reserve(n);
  long long gpus = 0;
  for (size_t i = 0; i < n; ++i) {
    plan.templates.push_back(readTemplate(templates.element(i)));
    gpus += plan.templates.back().gpus();
    if (gpus > kMaxPlanGpus) {
      templates.fail("the templates place " + std::to_string(gpus) +
                     " GPUs or more, above the limit of " + std::to_string(kMaxPlanGpus));
    }
  }

  if (auto unused = root.optional("unused_gpus")) {
    const size_t m = unused->arraySize(kMaxUnused);
    for (size_t i = 0; i < m; ++i) plan.unused_gpus.push_back(readUnused(unused->element(i)));
  }
  return result;
}

}  // namespace arachne
