// Deciding whether Megatron-LM runs a plan unmodified, and building its per-node commands.
#include "launch/megatron_launch.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "catalog/gpu_catalog.h"
#include "cost/tp_split.h"
#include "cluster/composition.h"
#include "launch/megatron_layer_split.h"
#include "launch/megatron_model_args.h"
#include "model/model.h"

namespace arachne {

namespace {

std::string str(int v) { return std::to_string(v); }

bool stageHasMoe(const Model& model, const Stage& s) {
  for (int i = s.first_layer; i <= s.last_layer && i < model.layerCount(); ++i)
    if (i >= 0 && model.layer(i).kind == LayerKind::MoeBlock) return true;
  return false;
}

// Megatron-LM's global rank of (tp, dp, pp) in its default order "tp-cp-ep-dp-pp" or with
// --use-tp-pp-dp-mapping ("tp-cp-ep-pp-dp"); parallel_state.RankGenerator with CP = 1.
int megatronRank(RankOrder order, int tp, int dp, int pp, int TP, int DP, int PP) {
  return order == RankOrder::StageMajor ? tp + TP * (dp + DP * pp) : tp + TP * (pp + PP * dp);
}

// The first rank whose place in the map differs from Megatron-LM's, as a sentence; empty when
// every rank matches (torchrun's node-rank order then gives Megatron-LM exactly the plan's GPUs).
std::string rankMismatch(const RankMap& map, RankOrder order, int TP, int DP, int PP) {
  for (const RankMapRow& r : map.rows) {
    const int want = megatronRank(order, r.tp_rank, r.dp_rank, r.stage, TP, DP, PP);
    if (want != r.rank)
      return "node " + str(r.node_id) + " holds stage " + str(r.stage) + " of replica " + str(r.dp_rank) +
             " at ranks from " + str(r.rank - r.tp_rank) + ", where Megatron-LM's rank order puts it at rank " +
             str(want - r.tp_rank);
  }
  return {};
}

// The cost model's FP8 is Transformer Engine's FP8 GEMMs over BF16 weights (docs/cost-model.md):
// Megatron-LM's --fp8-format beside --bf16, "hybrid" (E4M3 forward, E5M2 gradients) as in NeMo's
// FP8 recipes, and TE named because --fp8-format needs it.
std::vector<std::string> precisionFlags(Precision p) {
  switch (p) {
    case Precision::Bf16: return {"--bf16"};
    // The cost model keeps and reduces fp32 gradients in both 16-bit modes (docs/cost-model.md).
    // Megatron-LM does so under --bf16 by itself (validate_args), but under --fp16 its gradient
    // buffer is fp16 unless told (param_and_grad_buffer.py:924, training.py:2635).
    case Precision::Fp16: return {"--fp16", "--accumulate-allreduce-grads-in-fp32"};
    case Precision::Fp8: return {"--bf16", "--fp8-format", "hybrid", "--transformer-impl", "transformer_engine"};
    case Precision::Fp32: return {};
  }
  return {};
}

}  // namespace

MegatronLaunch megatronLaunch(const Plan& plan, const Composition& composition, const Model& model,
                              const TrainingSpec& spec, const GpuCatalog& catalog) {
  MegatronLaunch out;
  auto block = [&](std::string feature, std::string detail) { out.blockers.push_back({std::move(feature), std::move(detail)}); };

  if (spec.runtime != TrainingSpec::Runtime::Megatron)
    block("runtime", "the plan was priced for DeepSpeed's pipeline engine (Megatron-DeepSpeed), not Megatron-LM");
  if (plan.templates.empty()) {
    block("templates", "the plan has no template");
    out.rank_map = buildRankMap(plan, composition, &model);
    return out;
  }
  if (plan.templates.size() > 1)
    block("templates", "the plan runs " + str(static_cast<int>(plan.templates.size())) +
                           " templates (pipeline structures) side by side; one Megatron-LM job replicates a single "
                           "structure, so each template would need its own job and the gradients would not be shared");
  const Template& tpl = plan.templates.front();
  const int PP = tpl.depth();
  const int DP = tpl.replicas;
  const int TP = tpl.stages.front().tp;

  std::set<int> tps;
  for (const Stage& s : tpl.stages) tps.insert(s.tp);
  if (tps.size() > 1) {
    std::string list;
    for (int s = 0; s < PP; ++s) list += (s ? ", " : "") + str(tpl.stages[static_cast<size_t>(s)].tp);
    block("stage-tp", "the stages use different TP degrees (" + list +
                          "); Megatron-LM's --tensor-model-parallel-size is one value for every stage");
  }

  for (const std::string& type : [&] {
         std::set<std::string> types;
         for (const Template& t : plan.templates)
           for (const Stage& s : t.stages) types.insert(s.gpu_type);
         return types;
       }()) {
    const GpuType* g = catalog.find(type);
    if (!g) {
      block("gpu-type", "GPU type '" + type + "' is not in the catalog");
    } else if (g->peakTflops(spec.precision) <= 0) {
      block("precision", g->name + " has no " + toString(spec.precision) + " mode, and Megatron-LM runs one precision on every GPU");
    }
  }

  // One expert tiling for the whole job (--expert-model-parallel-size, --expert-tensor-parallel-size).
  std::optional<ExpertTiling> tiling;
  for (int s = 0; s < PP; ++s) {
    const Stage& st = tpl.stages[static_cast<size_t>(s)];
    if (!stageHasMoe(model, st)) continue;
    const ExpertTiling e = st.expert_tiling ? *st.expert_tiling : ExpertTiling{1, st.tp, DP};
    if (!tiling) {
      tiling = e;
    } else if (e.ep != tiling->ep || e.etp != tiling->etp) {
      block("expert-tiling", "stage " + str(s) + " tiles its experts EP " + str(e.ep) + " x ETP " + str(e.etp) +
                                 ", an earlier stage EP " + str(tiling->ep) + " x ETP " + str(tiling->etp) +
                                 "; Megatron-LM's expert parallel sizes are one value for every stage");
      break;
    }
  }

  // Biased experts: Megatron-LM's MoE layers take linear biases only at ETP 1 (TransformerConfig
  // asserts "Bias in Moe is only supported when ETP==1", transformer_config.py:2612-2615).
  if (tiling && model.shape.biases && tiling->etp != 1)
    block("expert-tiling", "the MoE stages split their experts over ETP " + str(tiling->etp) + " and " + model.id +
                               " has linear biases; Megatron-LM supports biases in MoE layers only at expert tensor "
                               "parallelism 1");

  const MegatronLayerSplit split = megatronLayerSplit(tpl, model);
  if (!split.problem.empty()) block("layer-split", split.problem);
  // Interleaved 1F1B: Megatron-LM gives every pipeline rank v equal chunks of
  // --num-layers-per-virtual-pipeline-stage blocks, assigned round robin (rank r holds chunks r,
  // r + PP, ...); it needs equal stages and a micro-batch count that PP divides.
  const int v = std::max(1, tpl.virtual_stages);
  int layersPerChunk = 0;
  if (v > 1 && split.problem.empty()) {
    const int perStage = split.decoder_layers.empty() ? 0 : split.decoder_layers.front();
    if (!split.flags.empty() || perStage % v != 0 || perStage == 0)
      block("interleaving", "the template has " + str(v) + " virtual stages over stages of unequal or indivisible "
                            "block counts; Megatron-LM's interleaved schedule needs every stage to hold the same "
                            "number of blocks, a multiple of " + str(v));
    else if (tpl.micro_batches % PP != 0)
      block("interleaving", "the interleaved schedule needs the micro-batch count (" + str(tpl.micro_batches) +
                            ") to be a multiple of the pipeline depth " + str(PP));
    else
      layersPerChunk = perStage / v;
  }

  // Attention heads, query groups and MLP widths must split over TP (TransformerConfig, the
  // parallel linear layers): the rule the cost model and the masks apply.
  if (Reason why = tpSplitWhy(model, TP); !why.empty()) block("tensor-parallel", why.english());

  // Sequence parallelism (always on at TP > 1, as priced) splits each sequence over the TP ranks:
  // the embedding's scatter asserts "First dimension of the tensor should be divisible by tensor
  // parallel size" (megatron/core/tensor_parallel/mappings.py:72-74).
  if (TP > 1 && spec.sequence_length % TP != 0)
    block("sequence-length", "the sequence length " + str(spec.sequence_length) + " does not divide over TP " + str(TP) +
                                 "; Megatron-LM's sequence parallelism splits every sequence into TP equal parts");

  std::vector<std::string> modelArgs = megatronModelArguments(model, spec, split.num_layers, out.blockers);

  // Placement: Megatron-LM numbers ranks by its order; torchrun numbers them node by node. The
  // plan's nodes must each hold one consecutive block of Megatron-LM's ranks.
  RankOrder order = RankOrder::StageMajor;
  out.rank_map = buildRankMap(plan, composition, &model, order);
  if (plan.templates.size() == 1) {
    std::string mismatch = rankMismatch(out.rank_map, order, TP, DP, PP);
    if (!mismatch.empty() && !tiling) {
      RankMap alt = buildRankMap(plan, composition, &model, RankOrder::ReplicaMajor);
      if (rankMismatch(alt, RankOrder::ReplicaMajor, TP, DP, PP).empty()) {
        order = RankOrder::ReplicaMajor;
        out.rank_map = std::move(alt);
        mismatch.clear();
      }
    }
    if (!mismatch.empty())
      block("placement", mismatch + " (order tp-dp-pp" + std::string(tiling ? "" : ", nor tp-pp-dp") +
                             "); torchrun gives each node consecutive ranks, so Megatron-LM would run these "
                             "stages on other nodes than the plan chose");
  }
  if (!out.blockers.empty()) return out;

  // The batch: Megatron-LM runs micro-batch x M x DP sequences per iteration, what the plan was priced with.
  const long long globalBatch = static_cast<long long>(tpl.micro_batch) * tpl.micro_batches * DP;
  if (globalBatch != spec.global_batch)
    out.notes.push_back("the plan runs " + std::to_string(globalBatch) + " sequences per iteration (micro-batch " +
                        str(tpl.micro_batch) + " x " + str(tpl.micro_batches) + " micro-batches x " + str(DP) +
                        " replicas), not the requested global batch " + str(spec.global_batch) +
                        ": the batch split rounds to whole micro-batches; --global-batch-size says " +
                        std::to_string(globalBatch));

  std::vector<std::string>& a = out.arguments;
  a = {"--tensor-model-parallel-size", str(TP), "--pipeline-model-parallel-size", str(PP)};
  if (order == RankOrder::ReplicaMajor) a.push_back("--use-tp-pp-dp-mapping");
  // The cost model prices activations with sequence parallelism whenever TP > 1 (docs/cost-model.md).
  if (TP > 1) a.push_back("--sequence-parallel");
  a.insert(a.end(), split.flags.begin(), split.flags.end());
  if (layersPerChunk > 0) {
    a.insert(a.end(), {"--num-layers-per-virtual-pipeline-stage", str(layersPerChunk)});
    out.notes.push_back("interleaved schedule: each pipeline rank runs " + str(v) + " chunks of " + str(layersPerChunk) +
                        " blocks, assigned round robin as Megatron-LM does; the plan's stages were priced as their "
                        "whole layer ranges, so which blocks a rank holds differs from the plan's layer columns");
  }
  a.insert(a.end(), modelArgs.begin(), modelArgs.end());
  if (tiling) a.insert(a.end(), {"--expert-model-parallel-size", str(tiling->ep), "--expert-tensor-parallel-size", str(tiling->etp)});
  a.insert(a.end(), {"--micro-batch-size", str(tpl.micro_batch), "--global-batch-size", std::to_string(globalBatch)});
  const std::vector<std::string> precision = precisionFlags(spec.precision);
  a.insert(a.end(), precision.begin(), precision.end());
  if (spec.activation_checkpointing)
    a.insert(a.end(), {"--recompute-granularity", "full", "--recompute-method", "uniform", "--recompute-num-layers", "1"});
  if (spec.distributed_optimizer) a.push_back("--use-distributed-optimizer");
  // The runtime settings the plan was priced with (docs/cost-model.md §4.6); Megatron-LM's own
  // defaults are all off, so each is named. The cost model hides the parameter gather only where
  // Megatron-LM accepts --overlap-param-gather: with the distributed optimizer and
  // --overlap-grad-reduce (validate_args asserts both).
  if (spec.overlap_grad_reduce) a.push_back("--overlap-grad-reduce");
  if (spec.overlap_grad_reduce && spec.overlap_param_gather && spec.distributed_optimizer)
    a.push_back("--overlap-param-gather");
  if (spec.tp_comm_overlap && TP > 1) {
    // Transformer Engine's userbuffers carry the overlap; FP8 has named TE already.
    if (spec.precision != Precision::Fp8) a.insert(a.end(), {"--transformer-impl", "transformer_engine"});
    a.push_back("--tp-comm-overlap");
  }
  if (spec.grad_bucket_params > 0)
    a.insert(a.end(), {"--ddp-bucket-size", std::to_string(std::llround(spec.grad_bucket_params))});
  // fp32 matmuls: Megatron-LM has no TF32 flag, and PyTorch leaves TF32 off for matmuls unless
  // told (NVIDIA's containers tell it), so the rate the plan was priced at is set here.
  if (spec.precision == Precision::Fp32)
    out.environment.push_back(spec.tf32 ? MegatronLaunch::Variable{"TORCH_ALLOW_TF32_CUBLAS_OVERRIDE", "1",
                                                                   "the plan prices fp32 matmuls at the TF32 rate (--tf32 on); PyTorch enables it only when told"}
                                        : MegatronLaunch::Variable{"NVIDIA_TF32_OVERRIDE", "0",
                                                                   "the plan prices fp32 matmuls at the FP32 rate (--tf32 off); NVIDIA's containers would use TF32"});

  const int nnodes = static_cast<int>(out.rank_map.nodes.size());
  for (const RankMapNode& n : out.rank_map.nodes) {
    MegatronNodeCommand c{n.node_rank, n.node_id, n.gpu_type, n.gpus_used, n.first_rank, {}};
    c.argv = {"torchrun", "--nnodes", str(nnodes), "--node_rank", str(n.node_rank), "--nproc_per_node", str(n.gpus_used),
              "--master_addr", "$MASTER_ADDR", "--master_port", "$MASTER_PORT", std::string("$MEGATRON_LM/") + kMegatronEntryPoint};
    c.argv.insert(c.argv.end(), a.begin(), a.end());
    out.nodes.push_back(std::move(c));
  }
  return out;
}

}  // namespace arachne
