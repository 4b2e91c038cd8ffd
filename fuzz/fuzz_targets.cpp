// The loaders' fuzz targets (all but the policy weights, which need LibTorch).
#include "fuzz_targets.h"

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <set>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "cost/cost_model.h"
#include "io/load_error.h"
#include "io/plan_json.h"
#include "model/model_catalog.h"
#include "network/network_json.h"
#include "plan/unused_gpus_check.h"
#include "profile/analytic_profiler.h"
#include "profile/profile_json.h"
#include "sailor/sailor_layer_info.h"
#include "sailor/sailor_network.h"
#include "sailor/sailor_profile_import.h"
#include "sailor/sailor_run.h"
#include "sailor/sailor_validation.h"
#include "scenario/scenario_json.h"

#ifndef ARACHNE_TEST_DATA
#error "ARACHNE_TEST_DATA must name tests/data (the Sailor target reads llm_info.json there)"
#endif

namespace arachne::fuzz {

namespace {

// A broken invariant of accepted input: report it like a crash, so libFuzzer keeps the input.
[[noreturn]] void finding(const std::string& what) {
  std::fprintf(stderr, "fuzz finding: %s\n", what.c_str());
  std::abort();
}

// One priced problem: a composition, a model and its analytic profiles.
struct World {
  Composition composition;
  Model model;
  ProfileSet profiles;
  std::unique_ptr<CostModel> cost;
  World(const std::string& cluster, const std::string& modelId) {
    const GpuCatalog& catalog = GpuCatalog::builtin();
    composition = parseInlineCluster(cluster, catalog);
    model = resolveModel(modelId);
    profiles = makeAnalyticProfiles(catalog, composition.gpuTypes(), model, model.default_training);
    cost = std::make_unique<CostModel>(catalog, composition, model, model.default_training, profiles);
  }
};

// Analytic profiles are the slow part of a target's run and depend only on a few inputs: keep
// the last few hundred (the fuzzer repeats them), so the executions go to the loaders.
const ProfileSet& cachedProfiles(const std::string& key, const std::function<ProfileSet()>& make) {
  static std::map<std::string, ProfileSet> cache;
  if (cache.size() > 256) cache.clear();
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, make()).first;
  return it->second;
}

// The clusters of the seed plans: llama3-8b on two types, mixtral-8x7b (MoE tiling) on H100s.
const std::vector<std::unique_ptr<World>>& planWorlds() {
  static const auto worlds = [] {
    std::vector<std::unique_ptr<World>> w;
    w.push_back(std::make_unique<World>("h100:4x2,a100-40:4x2", "llama3-8b"));
    w.push_back(std::make_unique<World>("h100:8x2", "mixtral-8x7b"));
    return w;
  }();
  return worlds;
}

}  // namespace

void plan(const std::string& bytes) {
  PlanDocument doc;
  try {
    doc = planDocumentFromJson(bytes, "fuzz.plan.json");
  } catch (const LoadError&) {
    return;
  }
  for (const auto& w : planWorlds()) {
    try {
      checkUnusedGpus(doc.plan, w->composition, "fuzz.plan.json");
    } catch (const LoadError&) {
    }
    Plan priced = doc.plan;
    const PlanReport report = w->cost->priceAndUpdate(priced);
    // What evaluate --json prints must read back as a plan.
    const std::string text = planToJson(priced, &report, doc.training.applyTo(w->model.default_training));
    try {
      const PlanDocument back = planDocumentFromJson(text, "written.plan.json");
      if (back.plan.templates.size() != priced.templates.size()) finding("plan: templates lost in writing");
    } catch (const LoadError& e) {
      finding(std::string("plan: the writer's output does not read back: ") + e.what());
    }
  }
}

void cluster(const std::string& bytes) {
  const GpuCatalog& catalog = GpuCatalog::builtin();
  Composition c;
  try {
    c = parseClusterJson(bytes, "fuzz.cluster.json", catalog);
  } catch (const LoadError&) {
    return;
  }
  try {
    const Composition back = parseClusterJson(clusterToJson(c), "written.cluster.json", catalog);
    if (!(back == c)) finding("cluster: writing and reading back changes the composition");
  } catch (const LoadError& e) {
    finding(std::string("cluster: the writer's output does not read back: ") + e.what());
  }
  if (c.nodes().empty()) return;
  // The CLI's next steps: the inline form for provenance, profiles and a cost model.
  try {
    const Composition again = parseInlineCluster(c.toInlineSpec(), catalog);
    if (again.totalGpus() != c.totalGpus()) finding("cluster: the inline form holds another GPU count");
  } catch (const LoadError& e) {
    finding(std::string("cluster: its inline form does not parse: ") + e.what());
  }
  static const Model llama = resolveModel("llama3-8b");
  std::string key;
  for (const auto& t : c.gpuTypes()) key += t + ",";
  const ProfileSet& profiles = cachedProfiles(key, [&] {
    return makeAnalyticProfiles(catalog, c.gpuTypes(), llama, llama.default_training);
  });
  const CostModel cost(catalog, c, llama, llama.default_training, profiles);
  Plan empty;
  (void)cost.price(empty);
}

void inlineCluster(const std::string& bytes) {
  const GpuCatalog& catalog = GpuCatalog::builtin();
  Composition c;
  try {
    c = parseInlineCluster(bytes, catalog);
  } catch (const LoadError&) {
    return;
  }
  try {
    const Composition back = parseInlineCluster(c.toInlineSpec(), catalog);
    if (back.totalGpus() != c.totalGpus() || back.nodes().size() != c.nodes().size())
      finding("inline cluster: writing and reading back changes the composition");
  } catch (const LoadError& e) {
    finding(std::string("inline cluster: the written form does not parse: ") + e.what());
  }
}

void model(const std::string& bytes) {
  ModelCatalog models;
  try {
    models = ModelCatalog::fromJson(bytes, "fuzz.model.json");
  } catch (const LoadError&) {
    return;
  }
  // What plan and evaluate do with a model file: analytic profiles and a cost model.
  static const Composition cluster = parseInlineCluster("h100:4x1,a100-40:2x1", GpuCatalog::builtin());
  for (const Model& m : models.models()) {
    try {
      const ProfileSet p = makeAnalyticProfiles(GpuCatalog::builtin(), cluster.gpuTypes(), m, m.default_training);
      const CostModel cost(GpuCatalog::builtin(), cluster, m, m.default_training, p);
      Plan empty;
      (void)cost.price(empty);
    } catch (const LoadError&) {
    }
  }
}

void profileSet(const std::string& bytes) {
  ProfileSet set;
  try {
    set = profileSetFromJson(bytes, "fuzz.profiles.json");
  } catch (const LoadError&) {
    return;
  }
  try {
    const ProfileSet back = profileSetFromJson(profileSetToJson(set), "written.profiles.json");
    if (back.size() != set.size()) finding("profile set: entries lost in writing");
  } catch (const LoadError& e) {
    finding(std::string("profile set: the writer's output does not read back: ") + e.what());
  }
}

void network(const std::string& bytes) {
  const GpuCatalog& catalog = GpuCatalog::builtin();
  // As loadNetworkFile: Sailor's multizone file when it looks like one, else the native form.
  // The same bytes are also read as Sailor's intra_node_bandwidths.json.
  if (looksLikeSailorNetwork(bytes)) {
    try {
      const SailorNetwork net = parseSailorNetwork(bytes, "fuzz/multizone_bandwidths.json", "", "");
      for (const std::string& zone : net.zones()) (void)sailorNetworkProfile(net, zone, catalog);
    } catch (const LoadError&) {
    }
  }
  try {
    (void)parseSailorNetwork("{}", "fuzz/multizone_bandwidths.json", bytes, "fuzz/intra_node_bandwidths.json");
  } catch (const LoadError&) {
  }
  NetworkProfile p;
  try {
    p = parseNetworkJson(bytes, "fuzz.network.json", catalog);
  } catch (const LoadError&) {
    return;
  }
  try {
    const NetworkProfile back = parseNetworkJson(networkToJson(p), "written.network.json", catalog);
    if (back.interNodes().size() != p.interNodes().size() || back.pairs().size() != p.pairs().size() ||
        back.intraNodes().size() != p.intraNodes().size())
      finding("network: entries lost in writing");
  } catch (const LoadError& e) {
    finding(std::string("network: the writer's output does not read back: ") + e.what());
  }
}

void scenario(const std::string& bytes) {
  const GpuCatalog& catalog = GpuCatalog::builtin();
  // No base folder: a *.cluster.json path in the input resolves against the working directory,
  // where none of the fuzzer's names exist, so the target reads no file but the bytes.
  Scenario s;
  try {
    s = parseScenarioJson(bytes, "fuzz.scenario.json", catalog);
  } catch (const LoadError&) {
    return;
  }
  // What `scenario` does before it plans: the composition after each event (an empty one is a
  // problem validateScenario reports, so an accepted scenario never reaches one), the timeline's
  // horizon and each event's line.
  for (size_t i = 0; i <= s.events.size(); ++i)
    if (s.compositionAfter(i).totalGpus() <= 0) finding("scenario: accepted, yet left without GPUs after event " + std::to_string(i));
  const double horizon = s.horizon();
  if (!(horizon > 0) || (!s.events.empty() && !(horizon > s.events.back().at_s)))
    finding("scenario: accepted with a horizon not after its last event");
  for (const ScenarioEvent& e : s.events) (void)s.describe(e);
  Scenario back;
  try {
    back = parseScenarioJson(scenarioToJson(s), "written.scenario.json", catalog);
  } catch (const LoadError& e) {
    finding(std::string("scenario: the writer's output does not read back: ") + e.what());
  }
  if (!(back == s)) finding("scenario: not the same after writing and reading back");
}

void sailorRun(const std::string& bytes) {
  const GpuCatalog& catalog = GpuCatalog::builtin();
  // The path names the model, as in Sailor's tree.
  SailorRun run;
  try {
    run = parseSailorRun(bytes, "fuzz/OPT-350/N4/plan_config_fuzz.json", catalog);
  } catch (const LoadError&) {
    return;
  }
  // What validate does next: analytic profiles for exactly the run's GPU types, TP degrees and
  // micro-batch sizes, then the price (the SIGFPE of issue 15 was on this path).
  static const Model opt = resolveModel("opt-350m");
  std::set<std::string> gpus;
  std::set<int> tps, mbss;
  for (const auto& t : run.plan.templates) {
    mbss.insert(t.micro_batch);
    for (const auto& s : t.stages) {
      gpus.insert(s.gpu_type);
      tps.insert(s.tp);
    }
  }
  AnalyticProfileOptions opt_;
  opt_.tp_degrees.assign(tps.begin(), tps.end());
  opt_.micro_batches.assign(mbss.begin(), mbss.end());
  std::string key = std::to_string(run.spec.global_batch) + "|";
  for (const auto& g : gpus) key += g + ",";
  for (int t : tps) key += std::to_string(t) + ",";
  key += "|";
  for (int m : mbss) key += std::to_string(m) + ",";
  const ProfileSet& profiles = cachedProfiles(key, [&] {
    return makeAnalyticProfiles(catalog, {gpus.begin(), gpus.end()}, opt, run.spec, opt_);
  });
  (void)validateRun(run, opt, catalog, profiles);
}

void sailorProfiles(const std::string& bytes) {
  static const SailorLayerInfo info = SailorLayerInfo::load(ARACHNE_TEST_DATA "/sailor/Planner/llm_info.json");
  static const Model opt = resolveModel("opt-350m");
  SailorProfileOptions options;
  options.gpu = "GH-96";  // for the per-model profile.json form
  try {
    const SailorProfileImport imp = importSailorProfiles(bytes, "fuzz/profiles.json", opt, GpuCatalog::builtin(), info, options);
    (void)profileSetToJson(imp.profiles);
  } catch (const LoadError&) {
  }
}

void sailorLlmInfo(const std::string& bytes) {
  try {
    const SailorLayerInfo info = SailorLayerInfo::fromJson(bytes, "fuzz/llm_info.json");
    for (const auto& m : info.models())
      for (int tp : info.tpDegrees(m)) (void)info.layers(m, tp);
  } catch (const LoadError&) {
  }
}

}  // namespace arachne::fuzz
