// Megatron-LM launch export: every generated command is parsed with the argument rules of the
// Megatron-LM commit it names, and plans Megatron-LM cannot run get reasons instead of a command.
#include <QtTest>

#include <QProcess>
#include <set>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "launch/launch_script.h"
#include "launch/megatron_launch.h"
#include "megatron_rules.h"
#include "model/model_catalog.h"
#include "planning/planner.h"
#include "planning_world.h"

using namespace arachne;
namespace mr = megatron_rules;

namespace {

Stage stage(const std::string& type, int tp, int first, int last, std::vector<int> nodes) {
  Stage s;
  s.gpu_type = type;
  s.tp = tp;
  s.first_layer = first;
  s.last_layer = last;
  s.node_ids = std::move(nodes);
  return s;
}

Plan onePlan(int replicas, int mb, int M, std::vector<Stage> stages) {
  Plan p;
  Template t;
  t.replicas = replicas;
  t.micro_batch = mb;
  t.micro_batches = M;
  t.stages = std::move(stages);
  p.templates.push_back(t);
  return p;
}

// Transformer blocks per stage, counted from the model's layer kinds.
std::vector<int> blocksPerStage(const Template& t, const Model& m) {
  std::vector<int> out;
  for (const Stage& s : t.stages) {
    int n = 0;
    for (int i = s.first_layer; i <= s.last_layer; ++i)
      n += m.layer(i).kind == LayerKind::DenseBlock || m.layer(i).kind == LayerKind::MoeBlock;
    out.push_back(n);
  }
  return out;
}

const mr::OptionTable& table() {
  static const mr::OptionTable t(ARACHNE_TEST_DATA "/megatron/arguments-d98e8a6.json");
  return t;
}

// Parses launch.sh as a user's shell and Megatron-LM would see it and checks it against the
// plan; returns the first problem, or an empty string.
QString checkScript(const std::string& script, const Plan& plan, const Model& model, const Composition& c) {
  const Template& tpl = plan.templates.front();
  {  // bash parses it (quoting of layouts, patterns and messages)
    QProcess sh;
    sh.start("bash", {"-n"});
    sh.write(script.data(), static_cast<qint64>(script.size()));
    sh.closeWriteChannel();
    if (!sh.waitForFinished(10000) || sh.exitCode() != 0) return "bash -n: " + QString::fromUtf8(sh.readAllStandardError());
  }
  std::map<int, int> nodeOfRank;  // node rank -> cluster node id, from the header comments
  std::vector<std::vector<std::string>> commands;
  std::istringstream in(script);
  std::string line;
  const std::regex comment(R"(#   node rank (\d+): cluster node (\d+) )");
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_search(line, m, comment)) nodeOfRank[std::stoi(m[1])] = std::stoi(m[2]);
    const size_t at = line.find(") exec torchrun ");
    if (at == std::string::npos) continue;
    std::vector<std::string> words = mr::shellSplit(line.substr(at + 7));
    if (words.back() != ";;" || words[words.size() - 2] != "$@") return "command does not end in \"$@\" ;;";
    words.resize(words.size() - 2);
    commands.push_back(words);
  }
  if (commands.empty()) return "no command";
  if (commands.size() != nodeOfRank.size()) return "one comment per node expected";

  int world = 0;
  std::map<int, std::pair<int, int>> nodes;  // node rank -> (nproc, nnodes)
  std::vector<std::string> megatronArgs;
  for (const auto& w : commands) {
    std::map<std::string, std::string> tr;
    size_t i = 1;
    for (; i + 1 < w.size() && w[i].rfind("--", 0) == 0; i += 2) tr[w[i]] = w[i + 1];
    if (w[i] != "$MEGATRON_LM/pretrain_gpt.py") return QString::fromStdString("unexpected entry point " + w[i]);
    for (const char* k : {"--nnodes", "--node_rank", "--nproc_per_node", "--master_addr", "--master_port"})
      if (!tr.count(k)) return QString("torchrun option %1 missing").arg(k);
    const std::vector<std::string> args(w.begin() + static_cast<long>(i) + 1, w.end());
    if (megatronArgs.empty()) megatronArgs = args;
    else if (args != megatronArgs) return "the Megatron-LM arguments differ between nodes";
    const int nr = std::stoi(tr["--node_rank"]);
    if (nodes.count(nr)) return "node rank given twice";
    nodes[nr] = {std::stoi(tr["--nproc_per_node"]), std::stoi(tr["--nnodes"])};
    world += nodes[nr].first;
  }
  for (const auto& [nr, v] : nodes)
    if (v.second != static_cast<int>(nodes.size()) || nr >= static_cast<int>(nodes.size())) return "--nnodes / --node_rank inconsistent";

  const mr::ParsedArgs a = mr::parseArguments(table(), megatronArgs);
  if (!a.error.empty()) return QString::fromStdString(a.error);
  const int TP = a.integer("--tensor-model-parallel-size", 1), PP = a.integer("--pipeline-model-parallel-size", 1);
  // validate_args: world size divisible by TP x PP x CP; DP is the quotient.
  if (world % (TP * PP) != 0) return "world size not divisible by TP x PP";
  const int DP = world / (TP * PP);
  if (TP * PP * DP != tpl.gpus() || DP != tpl.replicas || PP != tpl.depth()) return "TP x PP x DP is not the plan's";
  for (const Stage& s : tpl.stages)
    if (s.tp != TP) return "TP differs from a stage's";
  // num_microbatches_calculator: global batch divisible by micro-batch x DP.
  const int mbs = a.integer("--micro-batch-size", 0), gbs = a.integer("--global-batch-size", 0);
  if (mbs != tpl.micro_batch || gbs % (mbs * DP) != 0 || gbs / (mbs * DP) != tpl.micro_batches) return "batch does not divide";
  // TransformerConfig: heads and query groups over TP; MoE sizes.
  if (a.integer("--num-attention-heads", 0) % TP != 0) return "heads % TP";
  const int groups = a.integer("--num-query-groups", a.integer("--num-attention-heads", 0));
  if (groups % TP != 0 && TP % groups != 0) return "query groups vs TP";
  if (a.has("--num-experts")) {
    const int EP = a.integer("--expert-model-parallel-size", 1), ETP = a.integer("--expert-tensor-parallel-size", TP);
    if (a.integer("--num-experts", 0) % EP != 0) return "experts % EP";
    if (world % (EP * ETP * PP) != 0) return "world not divisible by ETP x EP x PP (initialize_model_parallel)";
    if (TP > 1 && !a.has("--sequence-parallel")) return "MoE with TP needs --sequence-parallel (MoELayer.forward)";
    // TransformerConfig.__post_init__: linear biases in MoE layers only at ETP 1.
    if (!a.has("--disable-bias-linear") && a.integer("--expert-tensor-parallel-size", TP) != 1)
      return "MoE with linear biases at ETP > 1 (TransformerConfig)";
    // TransformerConfig.__post_init__: a softmax router with top-k 1 needs the softmax before the top-k.
    if (a.integer("--moe-router-topk", 2) == 1 && !a.has("--moe-router-pre-softmax") &&
        (!a.has("--moe-router-score-function") || a.values.at("--moe-router-score-function") == "softmax"))
      return "top-1 softmax routing without --moe-router-pre-softmax (TransformerConfig)";
  }
  if (a.has("--recompute-granularity") && a.values.at("--recompute-granularity") == "full" &&
      (!a.has("--recompute-method") || !a.has("--recompute-num-layers")))
    return "full recompute needs a method and a layer count";
  if (a.has("--bf16") && a.has("--fp16")) return "bf16 and fp16";
  // Megatron-LM's FP8 is an addition to a 16-bit mode (TransformerConfig: fp8 with bf16/fp16 params).
  if (a.has("--fp8-format") && !a.has("--bf16") && !a.has("--fp16")) return "fp8 without a 16-bit mode";
  // Layers: the split Megatron-LM builds is the plan's.
  // Sequence parallelism: _split_along_first_dim asserts that TP divides the sequence.
  if (a.has("--sequence-parallel") && a.integer("--seq-length", 0) % TP != 0) return "sequence length % TP with --sequence-parallel";
  // Interleaved 1F1B (validate_args; schedules.forward_backward_pipelining_with_interleaving with
  // its default microbatch_group_size_per_vp_stage = PP): equal stages whose block count the chunk
  // size divides, PP > 1 (overlap_p2p_comm is on by default), and M a multiple of PP.
  if (a.has("--num-layers-per-virtual-pipeline-stage")) {
    const int chunk = a.integer("--num-layers-per-virtual-pipeline-stage", 0), L = a.integer("--num-layers", 0);
    if (a.has("--decoder-first-pipeline-num-layers") || a.has("--decoder-last-pipeline-num-layers") ||
        a.has("--pipeline-model-parallel-layout"))
      return "virtual stages with an uneven split";
    if (PP < 2 || L % PP != 0 || chunk <= 0 || (L / PP) % chunk != 0) return "layers per stage not divisible by the chunk size";
    if ((L / PP) / chunk != std::max(1, tpl.virtual_stages)) return "virtual stages differ from the plan's";
    if (tpl.micro_batches % PP != 0) return "interleaved schedule: M not a multiple of PP";
  } else if (tpl.virtual_stages > 1) {
    return "the plan's virtual stages are not passed";
  }
  const mr::LayerSplit split = mr::layerSplit(a);
  if (!split.error.empty()) return QString::fromStdString(split.error);
  if (split.per_stage != blocksPerStage(tpl, model)) return "the layer split differs from the plan's";
  // Placement: every rank torchrun starts on a node runs the stage and replica the plan put there.
  const bool tpPpDp = a.has("--use-tp-pp-dp-mapping");
  int first = 0;
  for (const auto& [nr, v] : nodes) {
    const int nodeId = nodeOfRank.at(nr);
    const Node* node = c.findNode(nodeId);
    if (!node || v.first > node->gpus) return "node over-subscribed";
    for (int rank = first; rank < first + v.first; ++rank) {
      const mr::Coordinates x = mr::coordinates(rank, TP, DP, PP, tpPpDp);
      if (tpl.stages[static_cast<size_t>(x.pp)].node_ids[static_cast<size_t>(x.dp)] != nodeId)
        return QString("rank %1 (stage %2, replica %3) would run on node %4, the plan says %5")
            .arg(rank).arg(x.pp).arg(x.dp).arg(nodeId).arg(tpl.stages[static_cast<size_t>(x.pp)].node_ids[static_cast<size_t>(x.dp)]);
    }
    first += v.first;
  }
  return {};
}

struct Case {
  std::string cluster, model;
  Plan plan;
  TrainingSpec spec;
};

}  // namespace

class TestMegatronLaunch : public QObject {
  Q_OBJECT

  const GpuCatalog& catalog = GpuCatalog::builtin();

  QString run(const Case& k, MegatronLaunch* out = nullptr) {
    const Composition c = parseInlineCluster(k.cluster, catalog);
    const Model m = resolveModel(k.model);
    MegatronLaunch launch = megatronLaunch(k.plan, c, m, k.spec, catalog);
    if (out) *out = launch;
    if (!launch.expressible()) return QString::fromStdString("blocked: " + launch.blockers.front().detail);
    return checkScript(megatronLaunchScript(launch, {"test", "tst_megatron_launch"}), k.plan, m, c);
  }

  TrainingSpec specOf(const std::string& model) { return resolveModel(model).default_training; }
  int expressible_ = 0, blocked_ = 0;  // over the planned plans

 private slots:
  void optionTableIsTheNamedCommit() {
    QCOMPARE(QString::fromStdString(table().commit), QString(kMegatronCommit));
    QVERIFY(table().options.size() > 500);
    // The table knows what Megatron-LM does not: a typo is rejected.
    QVERIFY(!mr::parseArguments(table(), {"--tensor-parallel-size", "2"}).error.empty());
    QVERIFY(mr::parseArguments(table(), {"--tensor-model-parallel-size", "2"}).error.empty());
    QVERIFY(!mr::parseArguments(table(), {"--tensor-model-parallel-size", "two"}).error.empty());
    QVERIFY(!mr::parseArguments(table(), {"--recompute-granularity", "partial"}).error.empty());
  }

  void rulesRejectWhatMegatronRejects() {
    // The checker itself: splits Megatron-LM refuses are refused here too.
    auto split = [](std::vector<std::string> args) { return mr::layerSplit(mr::parseArguments(table(), args)); };
    QVERIFY(!split({"--num-layers", "32", "--pipeline-model-parallel-size", "3"}).error.empty());
    QVERIFY(!split({"--num-layers", "32", "--pipeline-model-parallel-size", "4", "--decoder-first-pipeline-num-layers", "7"}).error.empty());
    QCOMPARE(split({"--num-layers", "32", "--pipeline-model-parallel-size", "4", "--decoder-first-pipeline-num-layers", "5"}).per_stage,
             (std::vector<int>{5, 9, 9, 9}));
    QVERIFY(!split({"--num-layers", "32", "--pipeline-model-parallel-size", "2", "--pipeline-model-parallel-layout", "Et*16|t*15L"}).error.empty());
    QCOMPARE(split({"--num-layers", "32", "--pipeline-model-parallel-size", "2", "--pipeline-model-parallel-layout", "Et*16|t*16L"}).per_stage,
             (std::vector<int>{16, 16}));
    QCOMPARE(mr::parseLayout("E(tt|)*2,tL"), (std::vector<std::string>{"Ett", "tt", "tL"}));
  }

  void evenSplitTwoTypes() {
    // tests/data/plans/llama3-8b-2type.plan.json: A100-40 TP 4 then H100 TP 4, two replicas.
    Case k{"h100:4x2,a100-40:4x2", "llama3-8b",
           onePlan(2, 1, 256, {stage("a100-40", 4, 0, 16, {2, 3}), stage("h100", 4, 17, 33, {0, 1})}), specOf("llama3-8b")};
    MegatronLaunch m;
    QCOMPARE(run(k, &m), QString());
    QCOMPARE(m.nodes.size(), size_t(4));
    // Stage 0's nodes come first: Megatron-LM's ranks 0-7 are stage 0.
    QCOMPARE(m.nodes[0].node_id, 2);
    QCOMPARE(m.nodes[1].node_id, 3);
    const std::string args = shellCommand(m.arguments);
    QVERIFY(args.find("--pipeline-model-parallel-size 2") != std::string::npos);
    QVERIFY(args.find("--decoder-first") == std::string::npos && args.find("layout") == std::string::npos);
    QVERIFY(args.find("--global-batch-size 512") != std::string::npos);
    QVERIFY(args.find("--bf16") != std::string::npos);
    QVERIFY(args.find("--group-query-attention --num-query-groups 8") != std::string::npos);
  }

  // A file name, model id or network name reaches the comments at the top of launch.sh; a
  // newline in one used to end the comment and make the rest a command bash ran.
  void namesInCommentsCannotBecomeCommands() {
    Case k{"h100:4x2,a100-40:4x2", "llama3-8b",
           onePlan(2, 1, 256, {stage("a100-40", 4, 0, 16, {2, 3}), stage("h100", 4, 17, 33, {0, 1})}), specOf("llama3-8b")};
    const Composition c = parseInlineCluster(k.cluster, catalog);
    MegatronLaunch launch = megatronLaunch(k.plan, c, resolveModel(k.model), k.spec, catalog);
    QVERIFY(launch.expressible());
    launch.rank_map.model = "m\ntouch INJECTED_MODEL";
    launch.rank_map.cluster = "c\rtouch INJECTED_CLUSTER";
    const LaunchScriptHeader header{"evil\ntouch INJECTED_PLAN\n.plan.json", "gen\ntouch INJECTED_GEN"};
    for (const std::string& script : {megatronLaunchScript(launch, header), torchrunLaunchScript(launch.rank_map, header)}) {
      std::istringstream in(script);
      std::string line;
      while (std::getline(in, line)) {
        QVERIFY2(line.find('\r') == std::string::npos, line.c_str());
        QVERIFY2(line.rfind("touch", 0) != 0, line.c_str());
      }
      QVERIFY(script.find("evil?touch INJECTED_PLAN?.plan.json") != std::string::npos);
    }
    QCOMPARE(commentText("a\tb\x7f" "c"), std::string("a?b?c"));
  }

  void unevenSplitsUseFirstLastOrLayout() {
    // 10 / 12 / 10 blocks: first and last differ from an even middle.
    Case k{"h100:4x3", "llama3-8b",
           onePlan(1, 1, 512, {stage("h100", 4, 0, 10, {0}), stage("h100", 4, 11, 22, {1}), stage("h100", 4, 23, 33, {2})}),
           specOf("llama3-8b")};
    MegatronLaunch m;
    QCOMPARE(run(k, &m), QString());
    std::string args = shellCommand(m.arguments);
    QVERIFY2(args.find("--decoder-first-pipeline-num-layers 10 --decoder-last-pipeline-num-layers 10") != std::string::npos, args.c_str());
    // 7 / 9 / 8 / 8: no first/last form fits, so an explicit layout.
    k.cluster = "h100:4x4";
    k.plan = onePlan(1, 1, 512, {stage("h100", 4, 0, 7, {0}), stage("h100", 4, 8, 16, {1}), stage("h100", 4, 17, 24, {2}),
                                 stage("h100", 4, 25, 33, {3})});
    QCOMPARE(run(k, &m), QString());
    args = shellCommand(m.arguments);
    QVERIFY2(args.find("--pipeline-model-parallel-layout 'Et*7|t*9|t*8|t*8L'") != std::string::npos, args.c_str());
    // Only the last stage differs (16 + 15 + 1 = 32 over 3 stages is not even).
    k.cluster = "h100:4x3";
    k.plan = onePlan(1, 1, 512, {stage("h100", 4, 0, 13, {0}), stage("h100", 4, 14, 26, {1}), stage("h100", 4, 27, 33, {2})});
    QCOMPARE(run(k, &m), QString());
    args = shellCommand(m.arguments);
    QVERIFY2(args.find("--decoder-last-pipeline-num-layers 6") != std::string::npos, args.c_str());
  }

  void wholePipelinesPerNodeUseTheTpPpDpOrder() {
    // Each 8-GPU node holds both stages of one replica: Megatron-LM's default order would put
    // stage 0 of both replicas on node 0, so the export asks for --use-tp-pp-dp-mapping.
    Case k{"h100:8x2", "llama3-8b", onePlan(2, 1, 256, {stage("h100", 4, 0, 16, {0, 1}), stage("h100", 4, 17, 33, {0, 1})}),
           specOf("llama3-8b")};
    MegatronLaunch m;
    QCOMPARE(run(k, &m), QString());
    QVERIFY(shellCommand(m.arguments).find("--use-tp-pp-dp-mapping") != std::string::npos);
  }

  void expertParallelAndOptions() {
    Case k{"h100:8x2", "mixtral-8x7b", onePlan(1, 1, 64, {stage("h100", 8, 0, 16, {0}), stage("h100", 8, 17, 33, {1})}),
           specOf("mixtral-8x7b")};
    for (Stage& s : k.plan.templates[0].stages) s.expert_tiling = ExpertTiling{4, 2, 1};
    k.spec.global_batch = 64;
    k.spec.activation_checkpointing = true;
    k.spec.distributed_optimizer = true;
    k.spec.precision = Precision::Fp16;
    MegatronLaunch m;
    QCOMPARE(run(k, &m), QString());
    const std::string args = shellCommand(m.arguments);
    for (const char* want : {"--num-experts 8", "--moe-router-topk 2", "--expert-model-parallel-size 4",
                             "--expert-tensor-parallel-size 2", "--sequence-parallel",
                             // fp32 gradients, as priced: Megatron-LM's fp16 keeps fp16 ones unless told
                             "--fp16 --accumulate-allreduce-grads-in-fp32",
                             "--recompute-granularity full", "--use-distributed-optimizer"})
      QVERIFY2(args.find(want) != std::string::npos, want);
    QVERIFY(args.find("--bf16") == std::string::npos);
    // bf16 gets fp32 gradients from validate_args itself; the flag is for fp16 only.
    k.spec.precision = Precision::Bf16;
    MegatronLaunch b;
    QCOMPARE(run(k, &b), QString());
    QVERIFY(shellCommand(b.arguments).find("--accumulate-allreduce-grads-in-fp32") == std::string::npos);
    QVERIFY(megatronLaunchScript(m, {"t", "t"}).find("export CUDA_DEVICE_MAX_CONNECTIONS=1") != std::string::npos);
  }

  void fp8IsTransformerEnginesFp8OverBf16() {
    // The cost model's FP8: TE FP8 GEMMs with BF16 weights; an FP8 plan exported without a
    // precision flag would train in FP32 at a fraction of the planned speed.
    Case k{"h100:8x1", "llama3-8b", onePlan(1, 1, 256, {stage("h100", 8, 0, 33, {0})}), specOf("llama3-8b")};
    k.spec.precision = Precision::Fp8;
    MegatronLaunch m;
    QCOMPARE(run(k, &m), QString());
    const std::string args = shellCommand(m.arguments);
    QVERIFY2(args.find("--bf16 --fp8-format hybrid --transformer-impl transformer_engine") != std::string::npos, args.c_str());
    QVERIFY(args.find("--fp16") == std::string::npos);
  }

  // The overlap settings and the bucket the plan was priced with reach Megatron-LM, whose own
  // defaults are off: a launch without them would run slower than the plan says.
  void runtimeSettingsAreNamed() {
    Case k{"h100:8x1", "llama3-8b", onePlan(1, 1, 256, {stage("h100", 8, 0, 33, {0})}), specOf("llama3-8b")};
    auto args = [&](const TrainingSpec& spec) {
      Case c = k;
      c.spec = spec;
      MegatronLaunch m;
      const QString problem = run(c, &m);
      return problem.isEmpty() ? shellCommand(m.arguments) : "problem: " + problem.toStdString();
    };
    auto has = [](const std::string& a, const char* flag) { return (" " + a + " ").find(std::string(" ") + flag + " ") != std::string::npos; };
    TrainingSpec spec = k.spec;  // the defaults: grad reduce overlapped, no distributed optimizer
    std::string a = args(spec);
    QVERIFY2(has(a, "--overlap-grad-reduce"), a.c_str());
    QVERIFY(!has(a, "--overlap-param-gather"));  // Megatron-LM needs the distributed optimizer for it
    QVERIFY(!has(a, "--tp-comm-overlap") && !has(a, "--ddp-bucket-size"));
    spec.distributed_optimizer = true;
    a = args(spec);
    QVERIFY2(has(a, "--overlap-grad-reduce") && has(a, "--overlap-param-gather"), a.c_str());
    spec.overlap_grad_reduce = false;  // then Megatron-LM refuses --overlap-param-gather
    a = args(spec);
    QVERIFY2(!has(a, "--overlap-grad-reduce") && !has(a, "--overlap-param-gather"), a.c_str());
    spec.tp_comm_overlap = true;
    spec.grad_bucket_params = 2.5e7;
    a = args(spec);
    QVERIFY2(a.find("--transformer-impl transformer_engine") != std::string::npos && has(a, "--tp-comm-overlap"), a.c_str());
    QVERIFY2(a.find("--ddp-bucket-size 25000000") != std::string::npos, a.c_str());
    spec.precision = Precision::Fp8;  // TE is named once
    a = args(spec);
    QVERIFY2(a.find("--transformer-impl") == a.rfind("--transformer-impl") && has(a, "--tp-comm-overlap"), a.c_str());
    // fp32: the TF32 setting the plan was priced with is exported (Megatron-LM has no flag).
    spec.precision = Precision::Fp32;
    Case f = k;
    f.spec = spec;
    MegatronLaunch m;
    QCOMPARE(run(f, &m), QString());
    std::string script = megatronLaunchScript(m, {"t", "t"});
    QVERIFY2(script.find("\nexport TORCH_ALLOW_TF32_CUBLAS_OVERRIDE=1\n") != std::string::npos, script.c_str());
    f.spec.tf32 = false;
    QCOMPARE(run(f, &m), QString());
    script = megatronLaunchScript(m, {"t", "t"});
    QVERIFY(script.find("\nexport NVIDIA_TF32_OVERRIDE=0\n") != std::string::npos);
    QVERIFY(script.find("TORCH_ALLOW_TF32") == std::string::npos);
    f.spec.precision = Precision::Bf16;  // bf16 matmuls: nothing to set
    QCOMPARE(run(f, &m), QString());
    QVERIFY(megatronLaunchScript(m, {"t", "t"}).find("TF32") == std::string::npos);
    spec.precision = Precision::Fp8;
    // TP 1: no TP communication to overlap, so no flag.
    k.plan = onePlan(8, 1, 32, {stage("h100", 1, 0, 33, {0, 0, 0, 0, 0, 0, 0, 0})});
    QVERIFY(!has(args(spec), "--tp-comm-overlap"));
  }

  // Virtual stages (the fill's --interleave): equal stages become
  // --num-layers-per-virtual-pipeline-stage; what Megatron-LM's interleaved schedule cannot run
  // is refused.
  void virtualStagesBecomeChunksOrAReason() {
    Case k{"h100:4x2", "llama3-8b", onePlan(1, 1, 256, {stage("h100", 4, 0, 16, {0}), stage("h100", 4, 17, 33, {1})}),
           specOf("llama3-8b")};
    k.plan.templates[0].virtual_stages = 2;
    MegatronLaunch m;
    QCOMPARE(run(k, &m), QString());
    QVERIFY2(shellCommand(m.arguments).find("--num-layers-per-virtual-pipeline-stage 8") != std::string::npos,
             shellCommand(m.arguments).c_str());
    QVERIFY(!m.notes.empty() && m.notes.back().find("round robin") != std::string::npos);
    k.plan.templates[0].micro_batches = 255;  // the interleaved schedule needs M % PP == 0
    QVERIFY(run(k, &m).startsWith("blocked: "));
    QCOMPARE(QString::fromStdString(m.blockers.front().feature), QString("interleaving"));
    k.plan.templates[0].micro_batches = 256;
    k.plan.templates[0].stages[0].last_layer = 15;  // 15 + 17 blocks
    k.plan.templates[0].stages[1].first_layer = 16;
    QVERIFY(run(k, &m).startsWith("blocked: "));
    QCOMPARE(QString::fromStdString(m.blockers.front().feature), QString("interleaving"));
  }

  void batchRoundingIsSaid() {
    Case k{"h100:4x3", "llama3-8b", onePlan(3, 1, 171, {stage("h100", 4, 0, 33, {0, 1, 2})}), specOf("llama3-8b")};
    MegatronLaunch m;
    QCOMPARE(run(k, &m), QString());
    QVERIFY(shellCommand(m.arguments).find("--global-batch-size 513") != std::string::npos);
    QCOMPARE(m.notes.size(), size_t(1));
    QVERIFY(m.notes[0].find("513") != std::string::npos && m.notes[0].find("512") != std::string::npos);
  }

  void whatMegatronCannotRunIsBlockedWithItsReason_data() {
    QTest::addColumn<QString>("cluster");
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("feature");
    QTest::addRow("two templates") << "h100:4x2" << "llama3-8b" << 0 << "templates";
    QTest::addRow("stage-wise TP") << "h100:4x1,a100-40:2x1" << "llama3-8b" << 1 << "stage-tp";
    QTest::addRow("stage-wise expert tiling") << "h100:8x2" << "mixtral-8x7b" << 2 << "expert-tiling";
    QTest::addRow("no rank order fits") << "h100:8x2" << "llama3-8b" << 3 << "placement";
    QTest::addRow("bf16 on V100") << "v100-32:4x1" << "llama3-8b" << 4 << "precision";
    QTest::addRow("fp8 on A100") << "a100-80:4x1" << "llama3-8b" << 5 << "precision";
    // Qwen3-30B-A3B has 4 query groups: TransformerConfig refuses TP 8 ("num_query_groups must be
    // a multiple of tensor_model_parallel_size"), though 8 is a multiple of 4.
    QTest::addRow("query groups over TP 8") << "h100:8x1" << "qwen3-30b-a3b" << 6 << "tensor-parallel";
    // Sequence parallelism splits each sequence over TP: 127 tokens do not split over TP 2.
    QTest::addRow("sequence over TP") << "h100:2x1" << "gpt-tiny" << 7 << "sequence-length";
  }

  void whatMegatronCannotRunIsBlockedWithItsReason() {
    QFETCH(QString, cluster);
    QFETCH(QString, model);
    QFETCH(int, kind);
    QFETCH(QString, feature);
    Case k{cluster.toStdString(), model.toStdString(), {}, specOf(model.toStdString())};
    const Model m = resolveModel(k.model);
    const int last = m.layerCount() - 1;
    switch (kind) {
      case 0:
        k.plan = onePlan(1, 1, 256, {stage("h100", 4, 0, last, {0})});
        k.plan.templates.push_back(k.plan.templates[0]);
        k.plan.templates[1].stages[0].node_ids = {1};
        break;
      case 1: k.plan = onePlan(1, 1, 512, {stage("h100", 4, 0, 16, {0}), stage("a100-40", 2, 17, last, {1})}); break;
      case 2:
        k.plan = onePlan(1, 1, 64, {stage("h100", 8, 0, 16, {0}), stage("h100", 8, 17, last, {1})});
        k.plan.templates[0].stages[0].expert_tiling = ExpertTiling{8, 1, 1};
        k.plan.templates[0].stages[1].expert_tiling = ExpertTiling{4, 2, 1};
        break;
      case 3:  // node 0 holds stage 0 of replica 0 and stage 1 of replica 1; node 1 the others
        k.plan = onePlan(2, 1, 256, {stage("h100", 4, 0, 16, {0, 1}), stage("h100", 4, 17, last, {1, 0})});
        break;
      case 4: k.plan = onePlan(1, 1, 512, {stage("v100-32", 4, 0, last, {0})}); break;
      case 5:
        k.plan = onePlan(1, 1, 512, {stage("a100-80", 4, 0, last, {0})});
        k.spec.precision = Precision::Fp8;
        break;
      case 6: k.plan = onePlan(1, 1, 512, {stage("h100", 8, 0, last, {0})}); break;
      case 7:
        k.plan = onePlan(1, 1, 64, {stage("h100", 2, 0, last, {0})});
        k.spec.sequence_length = 127;
        break;
    }
    MegatronLaunch launch;
    const QString result = run(k, &launch);
    QVERIFY2(result.startsWith("blocked: "), qPrintable(result));
    QVERIFY(launch.nodes.empty());
    QVERIFY(launch.arguments.empty());
    bool named = false;
    for (const auto& b : launch.blockers) {
      named = named || QString::fromStdString(b.feature) == feature;
      QVERIFY(b.detail.size() > 30);  // a sentence with the plan's numbers, not a code
    }
    QVERIFY2(named, qPrintable(QString::fromStdString(launch.blockers.front().feature)));
    // The rank map is still there for the user to launch with their own runtime.
    QCOMPARE(launch.rank_map.worldSize(), k.plan.gpusUsed());
  }

  void aModelMegatronCannotBuildIsBlocked() {
    // No catalog model has an embedding projection (OPT-350M's is not modelled), so make one.
    Model m = resolveModel("gpt-tiny");
    m.shape.embed_proj_dim = 32;
    const Composition c = parseInlineCluster("h100:4x1", catalog);
    const Plan p = onePlan(1, 1, 64, {stage("h100", 4, 0, m.layerCount() - 1, {0})});
    const MegatronLaunch launch = megatronLaunch(p, c, m, m.default_training, catalog);
    QVERIFY(!launch.expressible());
    QCOMPARE(QString::fromStdString(launch.blockers.front().feature), QString("model"));
    QVERIFY(launch.blockers.front().detail.find("embedding projection") != std::string::npos);
    m.shape.embed_proj_dim = 0;
    QVERIFY(megatronLaunch(p, c, m, m.default_training, catalog).expressible());
    // An MLP width TP 4 does not divide: Megatron-LM's row-parallel layer cannot split it.
    m.shape.ffn = 258;
    const MegatronLaunch odd = megatronLaunch(p, c, m, m.default_training, catalog);
    QVERIFY(!odd.expressible());
    QCOMPARE(QString::fromStdString(odd.blockers.front().feature), QString("tensor-parallel"));
    QVERIFY(odd.blockers.front().detail.find("MLP width 258") != std::string::npos);
  }

  // MLA without query compression (q_lora_rank 0, DeepSeek-V2-Lite): Megatron-LM leaves
  // --q-lora-rank unset (None); "--q-lora-rank 0" built a query down projection of width 0.
  void mlaWithoutQueryCompressionLeavesQLoraRankUnset() {
    Model m = resolveModel("deepseek-v3-like");
    const Composition c = parseInlineCluster("h100:8x1", catalog);
    const Plan p = onePlan(1, 1, 64, {stage("h100", 8, 0, m.layerCount() - 1, {0})});
    MegatronLaunch launch = megatronLaunch(p, c, m, m.default_training, catalog);
    QVERIFY(launch.expressible());
    std::string args = shellCommand(launch.arguments);
    QVERIFY2(args.find("--multi-latent-attention --q-lora-rank 1536 --kv-lora-rank 512") != std::string::npos, args.c_str());
    // DeepSeek's latent norms (q_a_layernorm, kv_a_layernorm), which the plan's parameter count
    // includes: Megatron-LM builds them only with --qk-layernorm, the catalog's qk_norm aside.
    QVERIFY(!m.shape.qk_norm);
    QVERIFY2((" " + args + " ").find(" --qk-layernorm ") != std::string::npos, args.c_str());
    m.shape.q_lora_rank = 0;
    launch = megatronLaunch(p, c, m, m.default_training, catalog);
    QVERIFY(launch.expressible());
    args = shellCommand(launch.arguments);
    QVERIFY2(args.find("--q-lora-rank") == std::string::npos, args.c_str());
    QVERIFY2(args.find("--multi-latent-attention --kv-lora-rank 512 --qk-head-dim 128") != std::string::npos, args.c_str());
    QCOMPARE(checkScript(megatronLaunchScript(launch, {"t", "t"}), p, m, c), QString());
  }

  // A top-1 MoE (Switch style): Megatron-LM's TransformerConfig raises "Please use
  // --moe-router-pre-softmax when topk is 1" for its default softmax router.
  void topOneRoutingTakesTheSoftmaxFirst() {
    Model m = resolveModel("mixtral-8x7b");
    const Composition c = parseInlineCluster("h100:8x1", catalog);
    const Plan p = onePlan(1, 1, 64, {stage("h100", 8, 0, m.layerCount() - 1, {0})});
    MegatronLaunch launch = megatronLaunch(p, c, m, m.default_training, catalog);
    QVERIFY(launch.expressible());
    QVERIFY(shellCommand(launch.arguments).find("--moe-router-pre-softmax") == std::string::npos);  // top-2: Mixtral's softmax after the top-k
    m.shape.top_k = 1;
    launch = megatronLaunch(p, c, m, m.default_training, catalog);
    QVERIFY(launch.expressible());
    const std::string args = shellCommand(launch.arguments);
    QVERIFY2(args.find("--moe-router-topk 1") != std::string::npos && args.find("--moe-router-pre-softmax") != std::string::npos,
             args.c_str());
    QCOMPARE(checkScript(megatronLaunchScript(launch, {"t", "t"}), p, m, c), QString());
  }

  // An MoE model with linear biases (GPT-OSS style): Megatron-LM asserts "Bias in Moe is only
  // supported when ETP==1", so a plan that splits the experts over ETP > 1 gets a reason.
  void biasedExpertsNeedEtpOne() {
    Model m = resolveModel("mixtral-8x7b");
    m.shape.biases = true;
    const Composition c = parseInlineCluster("h100:8x1", catalog);
    Plan p = onePlan(1, 1, 64, {stage("h100", 8, 0, m.layerCount() - 1, {0})});  // default tiling: ETP = TP 8
    MegatronLaunch launch = megatronLaunch(p, c, m, m.default_training, catalog);
    QVERIFY(!launch.expressible());
    QVERIFY(launch.nodes.empty());
    QCOMPARE(QString::fromStdString(launch.blockers.front().feature), QString("expert-tiling"));
    QVERIFY2(launch.blockers.front().detail.find("ETP 8") != std::string::npos, launch.blockers.front().detail.c_str());
    p.templates[0].stages[0].expert_tiling = ExpertTiling{8, 1, 1};  // EP 8 x ETP 1: Megatron-LM builds it
    launch = megatronLaunch(p, c, m, m.default_training, catalog);
    QVERIFY(launch.expressible());
    const std::string args = shellCommand(launch.arguments);
    QVERIFY2(args.find("--expert-tensor-parallel-size 1") != std::string::npos && args.find("--disable-bias-linear") == std::string::npos,
             args.c_str());
    QCOMPARE(checkScript(megatronLaunchScript(launch, {"t", "t"}), p, m, c), QString());
  }

  void everyPlannedPlanYieldsAValidCommandOrAReason_data() {
    QTest::addColumn<QString>("cluster");
    QTest::addColumn<QString>("model");
    QTest::addRow("h100 x 16, llama3-8b") << "h100:8x2" << "llama3-8b";
    QTest::addRow("two types, llama3-8b") << "h100:4x2,a100-40:4x2" << "llama3-8b";
    QTest::addRow("three types, llama3-70b") << "h100:8x4,a100-80:8x2,l40s:4x4" << "llama3-70b";
    QTest::addRow("mixtral on h100") << "h100:8x4" << "mixtral-8x7b";
    QTest::addRow("odd nodes") << "a6000:4x3+1x2,a5000:2x2" << "gpt-neo-2.7b";
  }

  void everyPlannedPlanYieldsAValidCommandOrAReason() {
    QFETCH(QString, cluster);
    QFETCH(QString, model);
    PlanningWorld w(cluster.toStdString(), model.toStdString());
    // With the fill's interleaving (the default) and without it: interleaved plans over uneven
    // stages are refused with a reason, plain ones often run.
    for (const bool interleave : {true, false})
    for (const std::string planner : {"greedy", "random"}) {
      if (w.spec.interleave != interleave) {
        w.spec.interleave = interleave;
        w.cost = std::make_unique<CostModel>(GpuCatalog::builtin(), w.composition, w.model, w.spec, w.profiles);
      }
      auto p = makePlanner(planner);
      const PlannerResult r = p->plan(*w.cost, PlannerBudget{0, 300}, 1, {}, nullptr);
      QVERIFY(r.found);
      Plan plan = r.plan;
      w.cost->priceAndUpdate(plan);
      const MegatronLaunch m = megatronLaunch(plan, w.composition, w.model, w.spec, catalog);
      if (m.expressible()) {
        ++expressible_;
        const QString problem = checkScript(megatronLaunchScript(m, {"t", "t"}), plan, w.model, w.composition);
        QVERIFY2(problem.isEmpty(), qPrintable(planner.c_str() + QString(": ") + problem));
      } else {
        ++blocked_;
        QVERIFY(m.nodes.empty());
        QVERIFY(!m.blockers.front().detail.empty());
      }
    }
  }

  void plannedPlansIncludeBothKinds() {
    // The sweep above checked real commands, not only refusals (and saw refusals too).
    qInfo("planned plans: %d with a Megatron-LM command, %d refused with a reason", expressible_, blocked_);
    QVERIFY(expressible_ >= 3);
    QVERIFY(blocked_ >= 1);
  }
};

QTEST_APPLESS_MAIN(TestMegatronLaunch)
#include "tst_megatron_launch.moc"
