// Parsing the training, runtime, network and cost-term options.
#include "runtime_options.h"

#include <memory>

#include "catalog/training_spec.h"
#include "cluster/composition.h"
#include "network/network_json.h"

namespace arachne::cli {

namespace {

std::vector<std::string> splitCommas(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    const size_t p = s.find(',', start);
    out.push_back(s.substr(start, p == std::string::npos ? std::string::npos : p - start));
    if (p == std::string::npos) return out;
    start = p + 1;
  }
}
}  // namespace

std::vector<OptionSpec> pricingOptions() {
  const std::string terms = joinTermNames(CostTerms::names());
  return {
      {"--global-batch", "N", "sequences per iteration (default: the model's)", false},
      {"--seq-len", "N", "tokens per sequence (default: the model's)", false},
      {"--precision", "bf16|fp16|fp32|fp8", "training precision (default: the model's); fp8 is Transformer Engine's FP8 matmuls", false},
      {"--checkpointing", "on|off", "activation checkpointing (default: the model's)", false},
      {"--distributed-optimizer", "on|off", "shard optimizer state over data parallel replicas", false},
      {"--runtime", "megatron|deepspeed", "the training runtime the cost model assumes (default megatron)", false},
      {"--overlap-grad-reduce", "on|off", "gradient buckets reduce during the last backward (Megatron; default on)", false},
      {"--overlap-param-gather", "on|off", "distributed optimizer: parameters gather during the next forward (default on)", false},
      {"--tp-comm-overlap", "on|off", "TP collectives run under their GEMMs (Transformer Engine; default off)", false},
      {"--grad-bucket", "N", "gradient bucket in parameters (default: the runtime's)", false},
      {"--interleave", "on|off", "the fill may interleave a pipeline's stages (2 or 4 virtual stages, Megatron only; default off)", false},
      {"--tf32", "on|off", "fp32 matmuls on TF32 tensor cores where the GPU has them (default on)", false},
      {"--network", "NAME|FILE", "network profile: a built-in name, a *.network.json or Sailor's multizone_bandwidths*.json", false},
      {"--without", "TERM,...", "switch cost-model terms off (" + terms + ", or all)", false},
  };
}

void applyTrainingOptions(const ParsedArgs& a, TrainingSpec& spec) {
  if (auto v = a.value("--global-batch")) spec.global_batch = parseIntOption("--global-batch", *v, 1, kMaxGlobalBatch);
  if (auto v = a.value("--seq-len")) spec.sequence_length = parseIntOption("--seq-len", *v, 1, kMaxSequenceLength);
  if (auto v = a.value("--precision")) {
    const auto p = precisionFromString(*v);
    if (!p) throw UsageError("option '--precision' needs bf16, fp16, fp32 or fp8, got '" + *v + "'");
    spec.precision = *p;
  }
  if (auto v = a.value("--checkpointing")) spec.activation_checkpointing = parseOnOff("--checkpointing", *v);
  if (auto v = a.value("--distributed-optimizer")) spec.distributed_optimizer = parseOnOff("--distributed-optimizer", *v);
  if (auto v = a.value("--runtime")) {
    if (*v == "megatron") spec.runtime = TrainingSpec::Runtime::Megatron;
    else if (*v == "deepspeed") spec.runtime = TrainingSpec::Runtime::DeepSpeed;
    else throw UsageError("option '--runtime' needs megatron or deepspeed, got '" + *v + "'");
  }
  if (auto v = a.value("--overlap-grad-reduce")) spec.overlap_grad_reduce = parseOnOff("--overlap-grad-reduce", *v);
  if (auto v = a.value("--overlap-param-gather")) spec.overlap_param_gather = parseOnOff("--overlap-param-gather", *v);
  if (auto v = a.value("--tp-comm-overlap")) spec.tp_comm_overlap = parseOnOff("--tp-comm-overlap", *v);
  if (auto v = a.value("--interleave")) spec.interleave = parseOnOff("--interleave", *v);
  if (auto v = a.value("--grad-bucket")) spec.grad_bucket_params = parseIntOption("--grad-bucket", *v, 1000, 2000000000);
  if (auto v = a.value("--tf32")) spec.tf32 = parseOnOff("--tf32", *v);
}

std::string applyNetworkOption(const ParsedArgs& a, Composition& composition, const GpuCatalog& catalog) {
  auto v = a.value("--network");
  if (!v) return {};
  auto given = std::make_shared<NetworkProfile>(resolveNetwork(*v, catalog));
  std::string warning;
  // Two networks for one cluster is most likely a slip; --network wins, and says so.
  if (composition.network && composition.network->name != given->name)
    warning = "--network '" + given->name + "' replaces the network '" + composition.network->name +
              "' the cluster names";
  composition.network = std::move(given);
  return warning;
}

std::string joinTermNames(const std::vector<std::string>& names, const std::string& separator) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : separator) + n;
  return out;
}

CostTerms costTermsFrom(const ParsedArgs& a) {
  CostTerms t;
  if (auto v = a.value("--without")) {
    for (const std::string& name : splitCommas(*v)) {
      if (name == "all") {
        t = CostTerms::legacy();
        continue;
      }
      if (!t.set(name, false)) {
        throw UsageError("option '--without' names an unknown term '" + name + "' (known: " +
                         joinTermNames(CostTerms::names()) + ", all)");
      }
    }
  }
  return t;
}

}  // namespace arachne::cli
