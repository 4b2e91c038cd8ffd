// The held-out set's writer: bands of the composition generator on their own stream, every
// catalog model where it fits, Sailor's measured OPT-350 and GPT-Neo inputs, then coverage checks.
#include "heldout_writer.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <stdexcept>

#include "bench_common.h"
#include "cluster/cluster_spec.h"
#include "cluster/composition_identity.h"
#include "io/atomic_file.h"
#include "io/load_error.h"
#include "model/model_catalog.h"
#include "planning/construction_episode.h"
#include "planning/template_enumerator.h"
#include "policy/composition_generator.h"
#include "table.h"

namespace arachne::cli {

namespace {

// One band of the generator: how many problems it contributes and the generator's options.
struct Band {
  const char* name;
  int problems;
  int min_types, max_types, min_gpus, max_gpus;
  double non_uniform;     // CompositionGeneratorOptions::non_uniform_probability
  bool need_exhaustive;   // keep a problem only when exhaustive searches it completely
};

// Bands in the order they appear in the file (the small ones first: --quick takes the first
// problems). edge-8 and edge-1024 pin both ends of the 8-1,024 GPU range.
const std::vector<Band>& bands() {
  static const std::vector<Band> list = {
      {"small", 14, 2, 4, 8, 12, 0.7, true},
      {"edge-8", 2, 2, 3, 8, 8, 0.7, true},
      {"medium", 12, 2, 6, 16, 256, 0.6, false},
      {"large", 10, 2, 6, 256, 1024, 0.6, false},
      {"edge-1024", 2, 4, 6, 1024, 1024, 0.6, false},
  };
  return list;
}
constexpr int kDrawsPerProblem = 40;   // a band gives up (and the writer fails) after this many per problem
constexpr int kExtraDrawsPerModel = 30;  // for a catalog model no band gave a problem

const char* const kNetwork = "sailor-us-central1-a";
// A model fits a composition when greedy finds a feasible plan within this many evaluations.
constexpr long long kFitEvaluations = 3000;
// Problems whose structural bound on plans is at most this are exhaustive-sized.
constexpr double kExhaustiveBound = kHeldoutExhaustiveEvaluations / 2;

// Sailor's Fig. 8b trace keeps A100-40 : V100-16 at 1 : 3 in 4-GPU nodes (32 + 96, 80 + 240,
// 128 + 384); the two small ones have exhaustive-sized counterparts.
struct SailorProblem {
  const char* id;
  int a100_nodes, v100_nodes;
  const char* model;
  int global_batch;
};
const std::vector<SailorProblem>& heldoutSailorProblems() {
  static const std::vector<SailorProblem> list = {
      {"sailor-opt350-8-b1024", 1, 1, "opt-350m", 1024},
      {"sailor-neo27-16-b2048", 2, 2, "gpt-neo-2.7b", 2048},
      {"sailor-opt350-128-b1024", 8, 24, "opt-350m", 1024},
      {"sailor-opt350-128-b2048", 8, 24, "opt-350m", 2048},
      {"sailor-opt350-320-b1024", 20, 60, "opt-350m", 1024},
      {"sailor-opt350-512-b1024", 32, 96, "opt-350m", 1024},
      {"sailor-opt350-512-b2048", 32, 96, "opt-350m", 2048},
      {"sailor-neo27-128-b2048", 8, 24, "gpt-neo-2.7b", 2048},
      {"sailor-neo27-320-b1024", 20, 60, "gpt-neo-2.7b", 1024},
      {"sailor-neo27-512-b2048", 32, 96, "gpt-neo-2.7b", 2048},
  };
  return list;
}

// The validation set's Sailor inputs: the same 1 : 3 mix at node counts neither the held-out set
// (1+1, 2+2, 8+24, 20+60, 32+96) nor the training set (1+3, 2+6, 4+12, 12+36, 16+48, 24+72,
// 28+84 and the 1:1 and 3:1 mixes) uses; tst_heldout_set checks that the three stay apart.
const std::vector<SailorProblem>& validationSailorProblems() {
  static const std::vector<SailorProblem> list = {
      {"val-sailor-opt350-12-b1024", 1, 2, "opt-350m", 1024},
      {"val-sailor-neo27-24-b2048", 2, 4, "gpt-neo-2.7b", 2048},
      {"val-sailor-opt350-96-b1024", 6, 18, "opt-350m", 1024},
      {"val-sailor-opt350-96-b2048", 6, 18, "opt-350m", 2048},
      {"val-sailor-neo27-96-b2048", 6, 18, "gpt-neo-2.7b", 2048},
      {"val-sailor-opt350-160-b1024", 10, 30, "opt-350m", 1024},
      {"val-sailor-neo27-160-b1024", 10, 30, "gpt-neo-2.7b", 1024},
      {"val-sailor-opt350-416-b2048", 26, 78, "opt-350m", 2048},
      {"val-sailor-neo27-416-b1024", 26, 78, "gpt-neo-2.7b", 1024},
      {"val-sailor-neo27-416-b2048", 26, 78, "gpt-neo-2.7b", 2048},
  };
  return list;
}

// What tells the two evaluation sets apart.
struct SetDraw {
  const char* name;      // in progress lines and errors
  const char* prefix;    // of every problem id
  std::uint32_t seed;
  std::uint64_t salt;
  const char* salt_text;
  const std::vector<SailorProblem>* sailor;
  const char* command;   // the bench option that writes it
};

SetDraw setDraw(EvaluationSet which) {
  if (which == EvaluationSet::Validation)
    return {"validation", "val-", kValidationSeed, kValidationSalt, "0x76616c6964617465 (\"validate\" in ASCII)",
            &validationSailorProblems(), "--write-validation"};
  return {"held-out", "", kHeldoutSeed, kHeldoutSalt, "0x68656c646f7574 (\"heldout\" in ASCII)", &heldoutSailorProblems(),
          "--write-heldout"};
}

std::mt19937_64 bandStream(const SetDraw& d, size_t band) {
  std::seed_seq seq{static_cast<std::uint32_t>(d.salt & 0xffffffffu), static_cast<std::uint32_t>(d.salt >> 32), d.seed,
                    static_cast<std::uint32_t>(band)};
  return std::mt19937_64(seq);
}

// What the writer found out about a candidate problem.
struct Verdict {
  bool fits = false;
  bool exhaustive = false;
  std::string why;  // when it does not fit, or is not exhaustive-sized
};

Verdict judge(const BenchProblem& p, bool tryExhaustive) {
  Verdict v;
  // Greedy is deterministic; an evaluation budget (not seconds) keeps the answer independent of
  // the machine, and short on 1,024 GPUs, where its whole search takes minutes.
  const PlannerResult g = makePlanner("greedy")->plan(*p.cost, {0, kFitEvaluations}, 1, {}, nullptr);
  v.fits = g.found;
  if (!v.fits) {
    v.why = "greedy found no feasible plan within " + std::to_string(kFitEvaluations) + " evaluations";
    return v;
  }
  if (!tryExhaustive) return v;
  // Exhaustive-sized: the structural bound on plans with every stage order (what exhaustive
  // checks first) is at most half its evaluation budget, so exhaustive searches every order at
  // once, without the timed size estimate it makes for larger spaces (a machine-dependent step
  // that, with no time limit, can run for many minutes).
  const ConstructionEpisode root(*p.cost);
  const double bound = TemplateEnumerator::countPlans(root.space(), root.free(), StageOrders::Every,
                                                      root.options().step_limit, kExhaustiveBound);
  if (bound > kExhaustiveBound) {
    v.why = "more than " + std::to_string(static_cast<long long>(kExhaustiveBound)) + " plans with every stage order";
    return v;
  }
  BenchRun e;
  e.result = makePlanner("exhaustive")->plan(*p.cost, {0, kHeldoutExhaustiveEvaluations}, 1, {}, nullptr);
  v.exhaustive = searchedEveryStageOrder(e);
  if (!v.exhaustive) v.why = e.result.stats.message;
  return v;
}

// The composition with each type's nodes from largest to smallest (types in their order), so the
// inline form groups them: "a6000:8x5+4x12+1x3" instead of the generator's interleaved runs.
Composition sortedBySize(const Composition& c) {
  Composition out;
  for (const auto& type : c.gpuTypes()) {
    std::vector<Node> nodes;
    for (const Node& n : c.nodes())
      if (n.gpu_type == type) nodes.push_back(n);
    std::stable_sort(nodes.begin(), nodes.end(), [](const Node& a, const Node& b) { return a.gpus > b.gpus; });
    for (Node n : nodes) {
      n.id = -1;
      out.addNode(std::move(n));
    }
  }
  return out;
}

std::string relativeTo(const std::string& file, const std::string& outPath) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::absolute(outPath).parent_path();
  return fs::relative(fs::absolute(file), dir).generic_string();
}

CompositionGeneratorOptions generatorOptions(const Band& b) {
  CompositionGeneratorOptions o;
  o.min_types = b.min_types;
  o.max_types = b.max_types;
  o.min_gpus = b.min_gpus;
  o.max_gpus = b.max_gpus;
  o.non_uniform_probability = b.non_uniform;
  return o;
}

nlohmann::json bandJson(const Band& b, int draws) {
  return {{"name", b.name}, {"problems", b.problems}, {"gpu_types", {b.min_types, b.max_types}},
          {"gpus", {b.min_gpus, b.max_gpus}}, {"node_sizes", CompositionGeneratorOptions().node_sizes},
          {"non_uniform_probability", b.non_uniform}, {"exhaustive_sized_only", b.need_exhaustive},
          {"draws", draws}};
}

class Writer {
 public:
  Writer(std::ostream& err, std::string prefix, const std::vector<HeldoutProblem>& exclude)
      : err_(err), prefix_(std::move(prefix)) {
    for (const Model& m : ModelCatalog::builtin().models()) models_.push_back(m.id);
    for (const auto& [name, c] : builtinPresetCompositionNodes()) presets_.insert(c);
    for (const HeldoutProblem& p : exclude) presets_.insert(canonicalNodes(p.composition));
  }

  // Tries the models in rotation from the next one; adds the first that fits. Returns whether
  // one did.
  bool offer(const Composition& drawn, const Band& band, const std::string& origin, const std::string& onlyModel = {}) {
    const Composition c = sortedBySize(drawn);
    const std::string nodes = canonicalNodes(c);
    if (presets_.count(nodes) || compositions_.count(nodes)) return false;
    const bool tryExhaustive = c.totalGpus() <= kHeldoutExhaustiveMaxGpus;
    for (size_t k = 0; k < models_.size(); ++k) {
      const std::string& model = onlyModel.empty() ? models_[(next_ + k) % models_.size()] : onlyModel;
      const auto p = makeBenchProblem(c, model);
      err_ << "bench: heldout " << band.name << ": trying " << c.toInlineSpec() << " with " << model << "\n";
      const Verdict v = judge(*p, tryExhaustive);
      if (v.fits && (!band.need_exhaustive || v.exhaustive)) {
        HeldoutProblem h;
        h.id = prefix_ + band.name + "-" + (counts_[band.name] + 1 < 10 ? "0" : "") + std::to_string(counts_[band.name] + 1);
        ++counts_[band.name];
        h.cluster = c.toInlineSpec();
        h.model = model;
        h.exhaustive = v.exhaustive;
        h.origin = origin;
        h.composition = parseInlineCluster(h.cluster, GpuCatalog::builtin());
        err_ << "bench: heldout " << h.id << ": " << h.cluster << ", " << model
             << (h.exhaustive ? " (exhaustive-sized)" : "") << "\n";
        compositions_.insert(nodes);
        set_.problems.push_back(std::move(h));
        if (onlyModel.empty()) next_ = (next_ + k + 1) % models_.size();
        return true;
      }
      if (!onlyModel.empty()) break;
    }
    return false;
  }

  void add(HeldoutProblem h) { set_.problems.push_back(std::move(h)); }
  HeldoutSet& set() { return set_; }
  const std::vector<std::string>& models() const { return models_; }

 private:
  static std::vector<std::pair<std::string, std::string>> builtinPresetCompositionNodes() {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& name : presetNames())
      out.emplace_back(name, canonicalNodes(loadPreset(name, GpuCatalog::builtin())));
    return out;
  }
  std::ostream& err_;
  std::string prefix_;
  std::vector<std::string> models_;
  std::set<std::string> presets_, compositions_;  // presets_: also an excluded set's compositions
  std::map<std::string, int> counts_;
  size_t next_ = 0;
  HeldoutSet set_;
};

// Throws when the set misses what it promises (issue 13, item 1), naming what is missing.
void checkCoverage(const HeldoutCoverage& c) {
  std::string missing;
  auto need = [&missing](bool ok, const std::string& what) {
    if (!ok) missing += (missing.empty() ? "" : "; ") + what;
  };
  need(c.problems >= 40, "at least 40 problems (" + std::to_string(c.problems) + ")");
  for (int t = 2; t <= 6; ++t)
    need(c.problems_by_type_count[static_cast<size_t>(t)] > 0, "a problem with " + std::to_string(t) + " GPU types");
  for (int s : {1, 2, 3, 4, 6, 8})
    need(std::find(c.node_sizes.begin(), c.node_sizes.end(), s) != c.node_sizes.end(),
         "a node of " + std::to_string(s) + " GPUs");
  need(c.mixed_within_type > 0, "a type with mixed node sizes");
  need(c.min_gpus == 8 && c.max_gpus == 1024, "GPU counts from 8 to 1,024 (" + std::to_string(c.min_gpus) + " to " +
                                                  std::to_string(c.max_gpus) + ")");
  need(c.exhaustive >= 15, "at least 15 exhaustive-sized problems (" + std::to_string(c.exhaustive) + ")");
  need(c.analytic > 0 && c.imported > 0, "analytic and imported-profile problems");
  need(c.dense > 0 && c.moe > 0, "dense and MoE models");
  if (!missing.empty()) throw std::runtime_error("the draws miss: " + missing);
}

}  // namespace

HeldoutSet writeHeldoutSet(const std::string& path, const std::string& sailorDir, std::ostream& out,
                           std::ostream& err, EvaluationSet which, const std::vector<HeldoutProblem>& exclude) {
  checkOutputPath(path);
  const SetDraw draw = setDraw(which);
  const std::string profiles = sailorDir + "/Planner/simulations/profiles_tmp.json";
  const std::string llmInfo = sailorDir + "/Planner/llm_info.json";
  for (const std::string& f : {profiles, llmInfo}) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(f, ec))
      throw LoadError(f, "", "Sailor's measured data is not there; run " + std::string(draw.command) + " from the source tree's root");
  }
  const GpuCatalog& catalog = GpuCatalog::builtin();
  Writer w(err, draw.prefix, exclude);
  nlohmann::json bandsDone = nlohmann::json::array();
  for (size_t b = 0; b < bands().size(); ++b) {
    const Band& band = bands()[b];
    const CompositionGenerator generator(catalog, generatorOptions(band));
    std::mt19937_64 rng = bandStream(draw, b);
    int added = 0, draws = 0;
    while (added < band.problems) {
      if (draws >= kDrawsPerProblem * band.problems)
        throw std::runtime_error(std::string(draw.name) + " band " + band.name + ": " + std::to_string(draws) +
                                 " draws gave only " + std::to_string(added) + " usable problems");
      const Composition c = generator.draw(rng);
      ++draws;
      added += w.offer(c, band, std::string("generator band ") + band.name + ", draw " + std::to_string(draws));
    }
    bandsDone.push_back(bandJson(band, draws));
  }

  // Every catalog model that fits somewhere: a model no band paired draws more compositions
  // of the large band's kind (its own stream) until it fits or the draws run out.
  nlohmann::json leftOut = nlohmann::json::array();
  {
    std::set<std::string> used;
    for (const auto& p : w.set().problems) used.insert(p.model);
    Band extra = bands()[3];
    extra.name = "extra";
    extra.problems = 0;
    const CompositionGenerator generator(catalog, generatorOptions(extra));
    std::mt19937_64 rng = bandStream(draw, bands().size());
    int draws = 0;
    for (const std::string& model : w.models()) {
      if (used.count(model)) continue;
      bool fitted = false;
      for (int i = 0; i < kExtraDrawsPerModel && !fitted; ++i) {
        const Composition c = generator.draw(rng);
        ++draws;
        fitted = w.offer(c, extra, "generator band extra (for " + model + "), draw " + std::to_string(draws), model);
      }
      if (fitted) ++extra.problems;
      else
        leftOut.push_back({{"model", model}, {"why", "greedy found no feasible plan within " + std::to_string(kFitEvaluations) +
                                                     " evaluations on any of " + std::to_string(kExtraDrawsPerModel) +
                                                     " draws of the large band"}});
    }
    if (draws > 0) bandsDone.push_back(bandJson(extra, draws));
  }

  // Sailor's inputs: measured profiles, Sailor's network, its training settings.
  const std::string relProfiles = relativeTo(profiles, path), relLlm = relativeTo(llmInfo, path);
  for (const SailorProblem& s : *draw.sailor) {
    HeldoutProblem h;
    h.id = s.id;
    h.cluster = "a100-40:4x" + std::to_string(s.a100_nodes) + ",v100-16:4x" + std::to_string(s.v100_nodes);
    h.network = kNetwork;
    h.model = s.model;
    h.global_batch = s.global_batch;
    h.sequence_length = 2048;
    h.precision = "fp32";
    h.runtime = "deepspeed";
    h.profiles = relProfiles;
    h.llm_info = relLlm;
    h.profiles_path = profiles;
    h.llm_info_path = llmInfo;
    h.origin = "Sailor's Fig. 8b inputs (A100-40 : V100-16 = 1 : 3 in 4-GPU nodes, zone us-central1-a), measured profiles";
    h.composition = resolveCluster(h.cluster + "@" + kNetwork, catalog);
    const auto p = makeHeldoutBenchProblem(h);
    const Verdict v = judge(*p, h.composition.totalGpus() <= kHeldoutExhaustiveMaxGpus);
    if (!v.fits) {
      leftOut.push_back({{"problem", h.id}, {"why", v.why}});
      continue;
    }
    h.exhaustive = v.exhaustive;
    err << "bench: heldout " << h.id << ": " << h.cluster << ", " << h.model << (h.exhaustive ? " (exhaustive-sized)" : "")
        << "\n";
    w.add(std::move(h));
  }

  HeldoutSet& set = w.set();
  set.path = path;
  set.description =
      which == EvaluationSet::Validation
          ? "Validation set of the learned planner (issue 13): where retrained weights are chosen, so that the held-out "
            "set stays a test no choice was made on. Drawn like the held-out set on a stream of its own, without the "
            "held-out set's compositions; `arachne-cli bench --section heldout --heldout FILE` runs it."
          : "Held-out evaluation set of the learned planner (issue 13): problems drawn from a generator stream and seed "
            "disjoint from training's, written out as explicit nodes so the set does not change when the generator does. "
            "Regenerate with the command below from the source tree's root; `arachne-cli bench --section heldout` runs it.";
  set.generated_by = {
      {"command", "arachne-cli bench " + std::string(draw.command) + " " + path},
      {"generator", "CompositionGenerator (core/policy/composition_generator.h), one stream per band"},
      {"seed", draw.seed},
      {"salt", draw.salt_text},
      {"stream", "std::mt19937_64 seeded with std::seed_seq{salt & 0xffffffff, salt >> 32, seed, band index}"},
      {"training_streams", "runPolicyTraining draws --random from std::mt19937_64(seed) and --random-small from "
                           "std::mt19937_64(seed + 0x5eed); the shipped weights used seed 1"},
      {"bands", bandsDone},
      {"models", "tried in catalog order, rotating: each composition takes the first model from the next one on "
                 "that fits"},
      {"fits", "greedy finds a feasible plan within " + std::to_string(kFitEvaluations) +
                   " evaluations (no time limit; analytic profiles, the model's training spec)"},
      {"exhaustive", "at most " + std::to_string(static_cast<long long>(kExhaustiveBound)) +
                         " plans with every stage order (TemplateEnumerator::countPlans, an upper bound), and exhaustive "
                         "searched every stage order within " + std::to_string(kHeldoutExhaustiveEvaluations) +
                         " evaluations (no time limit); tried on problems of at most " +
                         std::to_string(kHeldoutExhaustiveMaxGpus) + " GPUs"},
      {"excluded", which == EvaluationSet::Validation
                       ? "compositions equal, up to node order, to a preset, to a problem of the held-out set or to an "
                         "earlier problem of the set"
                       : "compositions equal, up to node order, to a preset or to an earlier problem of the set"},
      {"left_out", leftOut}};
  const HeldoutCoverage c = heldoutCoverage(set);
  checkCoverage(c);
  writeFileAtomically(path, heldoutSetJson(set));
  out << "wrote " << path << ": " << c.problems << " problems (" << c.exhaustive << " exhaustive-sized, " << c.imported
      << " on measured profiles), " << c.min_gpus << "-" << c.max_gpus << " GPUs, " << c.models.size()
      << " models\n";
  for (const auto& l : leftOut) out << "left out: " << l.dump() << "\n";
  return set;
}

}  // namespace arachne::cli
