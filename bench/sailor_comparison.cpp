// Compares the analytic profiles and the cost model with Sailor's measurements (MIT data):
// per-layer fwd+bwd times (profiles_tmp.json) and the 15 OPT-350M runs on GH200 (iteration
// time and peak memory). Usage: sailor_comparison <sailor>/Planner/simulations
// Prints Markdown tables for docs/cost-model.md; not part of the test suite.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "catalog/gpu_catalog.h"
#include "cluster/composition.h"
#include "cost/cost_model.h"
#include "model/model_catalog.h"
#include "profile/analytic_profiler.h"

using namespace arachne;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

json readJson(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return json::parse(ss.str());
}

TrainingSpec sailorSpec(int gbs) {
  TrainingSpec s;
  s.global_batch = gbs;
  s.sequence_length = 2048;
  s.precision = Precision::Fp32;
  return s;
}

const std::map<std::string, std::string> kModels = {
    {"OPT-350", "opt-350m"}, {"GPT-Neo-2.7", "gpt-neo-2.7b"}, {"LLAMA-3-8", "llama3-8b"}};

// Per-layer fwd+bwd of a transformer block: analytic (fp32) against Sailor's measurement.
void compareLayers(const json& prof) {
  const GpuCatalog& cat = GpuCatalog::builtin();
  std::printf("| model | GPU | mbs | TP | measured ms | achieved TFLOPS | analytic ms | analytic / measured |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  for (const auto& [sm, id] : kModels) {
    const Model& m = *ModelCatalog::builtin().find(id);
    const LayerType* dense = nullptr;
    for (const LayerType& lt : m.layer_types)
      if (lt.kind == LayerKind::DenseBlock) dense = &lt;
    for (const char* sg : {"A100-40", "GH-96"}) {
      if (!prof.at(sm).contains(sg)) continue;
      const GpuType& g = *cat.find(sg);
      for (int mbs : {1, 2, 4, 8, 16, 32}) {
        for (int tp : {1, 2, 4}) {
          const json& byMbs = prof.at(sm).at(sg);
          if (!byMbs.contains(std::to_string(mbs)) || !byMbs.at(std::to_string(mbs)).contains(std::to_string(tp))) continue;
          const json& layers = byMbs.at(std::to_string(mbs)).at(std::to_string(tp));
          const json& mid = layers.at(std::to_string(m.layerCount() / 2));
          const double measured = mid.at(0).get<double>() + mid.at(1).get<double>();
          ProfileEntry e = analyticEntry(g, m, *dense, sailorSpec(mbs), tp, mbs);
          const double flops = 3.0 * (2.0 * 2048 * mbs * dense->params + 2.0 * 2048 * mbs * m.shape.heads * m.shape.head_dim * 2048);
          const double ours = e.compute_s + e.tp_comm_s;
          std::printf("| %s | %s | %d | %d | %.2f | %.1f | %.2f | %.2f |\n", sm.c_str(), sg, mbs, tp,
                      measured * 1e3, flops / tp / measured / 1e12, ours * 1e3, ours / measured);
        }
      }
    }
  }
}

// The OPT-350M runs on Clariden (GH200, 4 GPUs per node, TP 4 inside a node).
// Replaces the analytic times by Sailor's measured ones for OPT-350 on GH-96 (layer 0 the
// embedding, 1..24 the blocks (their mean), 25 the head; fwd + bwd includes the TP all-reduces,
// update_s is the whole optimizer step and is spread over the 26 layers).
void useMeasuredTimes(ProfileSet& set, const json& prof, int mbs, const Model& m) {
  const json& layers = prof.at("OPT-350").at("GH-96").at(std::to_string(mbs)).at("4");
  auto fb = [&](int i) {
    const json& l = layers.at(std::to_string(i));
    return l.at(0).get<double>() + l.at(1).get<double>();
  };
  double blocks = 0;
  for (int i = 1; i <= 24; ++i) blocks += fb(i) / 24;
  const double update = layers.at("1").at(2).get<double>() / 26;
  for (const LayerType& lt : m.layer_types) {
    ProfileEntry e = *set.find("gh200", 4, mbs, lt.id);
    e.compute_s = lt.kind == LayerKind::Embedding ? fb(0) : lt.kind == LayerKind::Head ? fb(25) : blocks;
    e.tp_comm_s = 0;
    e.optimizer_s = update;
    e.origin = "sailor profiles_tmp.json";
    set.set({"gh200", 4, mbs, lt.id}, e);
  }
}

void compareRuns(const fs::path& dir, const ActivationAssumptions& assume, const json* measured) {
  const GpuCatalog& cat = GpuCatalog::builtin();
  const Model& m = *ModelCatalog::builtin().find("opt-350m");
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::printf("\n| run | PP | DP | mbs | gbs | measured s | predicted s | ratio | measured GiB | predicted GiB | ratio |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
  double errT = 0, errM = 0;
  int n = 0;
  for (const fs::path& f : files) {
    json d = readJson(f);
    const json& pl = d.at("pipeline_list").at(0);
    const int pp = pl.at("num_stages"), dp = pl.at("dp").at(0), mbs = d.at("mbs"), gbs = d.at("gbs");
    Composition c;
    for (int i = 0; i < pp * dp; ++i) c.addNode({-1, "gh200", 4, 0});
    TrainingSpec spec = sailorSpec(gbs);
    AnalyticProfileOptions opt;
    opt.tp_degrees = {4};
    opt.micro_batches = {mbs};
    opt.activations = assume;
    ProfileSet prof = makeAnalyticProfiles(cat, {"gh200"}, m, spec, opt);
    if (measured) useMeasuredTimes(prof, *measured, mbs, m);
    CostModel cm(cat, c, m, spec, prof);
    Plan plan;
    Template t;
    t.replicas = dp;
    t.micro_batch = mbs;
    t.micro_batches = std::max(1, gbs / (dp * mbs));
    int node = 0;
    for (int s = 0; s < pp; ++s) {
      const json& ls = pl.at("layers_per_stage").at(static_cast<size_t>(s));
      Stage st;
      st.gpu_type = "gh200";
      st.tp = 4;
      st.first_layer = ls.front();
      st.last_layer = ls.back();
      t.stages.push_back(st);
    }
    for (int r = 0; r < dp; ++r)
      for (int s = 0; s < pp; ++s) t.stages[static_cast<size_t>(s)].node_ids.push_back(node++);
    plan.templates.push_back(t);
    PlanReport rep = cm.price(plan, false);
    double mem = 0;
    for (const StageReport& s : rep.templates.at(0).stages) mem = std::max(mem, s.memory.total());
    const double real = d.at("real"), maxMem = d.at("max_mem");
    std::printf("| %s | %d | %d | %d | %d | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |\n", f.filename().c_str(), pp, dp, mbs, gbs,
                real, rep.iteration_time_s, rep.iteration_time_s / real, maxMem / 1073741824.0, mem / 1073741824.0, mem / maxMem);
    errT += std::fabs(rep.iteration_time_s - real) / real;
    errM += std::fabs(mem - maxMem) / maxMem;
    ++n;
  }
  std::printf("\nmean |error|: time %.1f %%, memory %.1f %% over %d runs\n", 100 * errT / n, 100 * errM / n, n);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <sailor>/Planner/simulations\n", argv[0]);
    return 2;
  }
  const fs::path root = argv[1];
  const json prof = readJson(root / "profiles_tmp.json");
  compareLayers(prof);
  std::printf("\n### Current Megatron-Core assumptions (FlashAttention, sequence parallel)\n");
  compareRuns(root / "validation" / "clariden" / "OPT-350", {}, nullptr);
  std::printf("\n### Sailor's stack (no FlashAttention, no sequence parallelism)\n");
  compareRuns(root / "validation" / "clariden" / "OPT-350", {false, false}, nullptr);
  std::printf("\n### Sailor's stack with Sailor's measured layer times\n");
  compareRuns(root / "validation" / "clariden" / "OPT-350", {false, false}, &prof);
  return 0;
}
