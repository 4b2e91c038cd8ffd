// Reading Sailor's plan_config_*.json run files into composition + spec + plan + measurements.
#include "sailor/sailor_run.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <sstream>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_limits.h"
#include "cluster/node_order_spec.h"
#include "io/json_reader.h"
#include "io/load_error.h"
#include "sailor/sailor_json.h"
#include "sailor/sailor_names.h"
#include "sailor/sailor_pipeline.h"

namespace arachne {

namespace {

constexpr int kMaxStages = 4096;
constexpr int kMaxReplicas = 1 << 16;
constexpr int kMaxLayer = 1 << 20;
// The measured runs use 2048-token sequences (Sailor's training configs); the files do not say.
constexpr int kSailorSequence = 2048;

int intAt(const JsonReader& arr, size_t i, int min, int max, const std::string& what) {
  const auto& v = arr.value().at(i);
  JsonReader e = arr.element(i);
  if (!v.is_number()) e.fail("", "must be " + what + " (a whole number)");
  const double d = v.get<double>();
  if (!std::isfinite(d) || d != std::floor(d))
    e.fail("", "must be a whole number, got " + JsonReader::shortValue(v));
  if (d < min || d > max)
    e.fail("", what + " " + JsonReader::shortValue(v) + " is out of range [" + std::to_string(min) + ", " +
                   std::to_string(max) + "]");
  return static_cast<int>(d);
}

std::string listText(const std::vector<int>& v) {
  std::ostringstream s;
  for (size_t i = 0; i < v.size() && i < 12; ++i) s << (i ? ", " : "") << v[i];
  if (v.size() > 12) s << ", ...";
  return s.str();
}

struct TpGroup {
  std::string gpu;  // catalog id
  int gpus_per_node = 0;
  int tp = 0;
};

TpGroup readTpGroup(const JsonReader& g, const GpuCatalog& catalog) {
  // [[[gpu, gpus_per_node, zone], ...], tp]
  g.requireArray();
  if (g.size() != 2)
    g.fail("", "must be [[[gpu, gpus_per_node, zone]], tp], got " + JsonReader::shortValue(g.value(), 80));
  JsonReader vms = g.element(0);
  vms.requireArray();
  if (vms.size() != 1)
    vms.fail("", "lists " + std::to_string(vms.size()) +
                     " machines for one TP group; only TP groups inside one node are read");
  JsonReader vm = vms.element(0);
  vm.requireArray();
  if (vm.size() < 2) vm.fail("", "must be [gpu, gpus_per_node, zone]");
  if (!vm.value().at(0).is_string()) vm.element(0).fail("", "must be a GPU name (a string)");
  const std::string sailorGpu = vm.value().at(0).get<std::string>();
  TpGroup t;
  t.gpu = sailorGpuToCatalogId(sailorGpu, catalog);
  if (t.gpu.empty())
    vm.element(0).fail("", "GPU " + JsonReader::shortValue(vm.value().at(0)) +
                               " maps to no catalog type (no id or alias matches)");
  t.gpus_per_node = intAt(vm, 1, 1, 1024, "GPUs per node");
  t.tp = intAt(g, 1, 1, 1024, "TP degree");
  if (t.tp > t.gpus_per_node)
    g.element(1).fail("", "TP " + std::to_string(t.tp) + " exceeds the node's " +
                              std::to_string(t.gpus_per_node) + " GPUs");
  if (t.gpus_per_node % t.tp != 0)
    g.element(1).fail("", "TP " + std::to_string(t.tp) + " does not divide the node's " +
                              std::to_string(t.gpus_per_node) + " GPUs, so a TP group would cross nodes");
  return t;
}

}  // namespace

namespace {

// The plan part of a run file; `measured` also reads real / max_mem / red_grads.
SailorRun parseSailorFile(const std::string& text, const std::string& fileLabel,
                          const GpuCatalog& catalog, bool measured) {
  const nlohmann::json doc = JsonReader::parse(text, fileLabel);
  JsonReader root(doc, fileLabel);
  root.requireObject();
  SailorRun run;
  run.file = fileLabel;
  run.sailor_model = sailorModelFromPath(fileLabel);
  run.model_id = sailorModelToModelId(run.sailor_model);

  JsonReader pipelines = root.array("pipeline_list");
  if (pipelines.size() != 1)
    pipelines.fail("", "holds " + std::to_string(pipelines.size()) +
                           " pipelines; exactly one pipeline structure is read");
  JsonReader p = pipelines.element(0);
  p.requireObject();
  const int depth = static_cast<int>(p.integer("num_stages", 1, kMaxStages));
  JsonReader layers = p.array("layers_per_stage");
  JsonReader groups = p.array("tmp_per_stage");
  JsonReader dps = p.array("dp");
  for (const JsonReader* a : {&layers, &groups, &dps})
    if (static_cast<int>(a->size()) != depth)
      a->fail("", "has " + std::to_string(a->size()) + " entries but num_stages is " +
                      std::to_string(depth));
  const int dp = intAt(dps, 0, 1, kMaxReplicas, "DP degree");
  for (int s = 1; s < depth; ++s)
    if (intAt(dps, static_cast<size_t>(s), 1, kMaxReplicas, "DP degree") != dp)
      dps.element(static_cast<size_t>(s))
          .fail("", "differs from stage 0's DP " + std::to_string(dp) +
                        "; stages with different DP degrees are not read");

  const int mbs = static_cast<int>(root.integer("mbs", 1, 1 << 20));
  const int gbs = static_cast<int>(root.integer("gbs", 1, 1 << 30));

  SailorPipeline pipe;
  pipe.micro_batch = mbs;
  pipe.micro_batches = sailorMicroBatches(gbs, mbs, dp);

  // Layer ranges: each stage lists its layer indices; consecutive stages must tile 0..n-1.
  int next = 0;
  for (int s = 0; s < depth; ++s) {
    JsonReader l = layers.element(static_cast<size_t>(s));
    l.requireArray();
    if (l.size() == 0) l.fail("", "a stage must hold at least one layer");
    std::vector<int> idx;
    for (size_t i = 0; i < l.size(); ++i) idx.push_back(intAt(l, i, 0, kMaxLayer, "layer index"));
    const int first = idx.front(), last = idx.back();
    if (first != next)
      l.element(0).fail("", "stage starts at layer " + std::to_string(first) +
                                " but the previous stage ended at " + std::to_string(next - 1));
    if (last < first) l.fail("", "runs backwards (" + listText(idx) + ")");
    bool consecutive = static_cast<int>(idx.size()) == last - first + 1;
    for (size_t i = 0; consecutive && i < idx.size(); ++i) consecutive = idx[i] == first + static_cast<int>(i);
    if (!consecutive)
      run.notes.push_back(l.path() + " lists " + listText(idx) +
                          " (not consecutive); read as layers " + std::to_string(first) + ".." +
                          std::to_string(last) + " from its first and last entries");
    next = last + 1;
    pipe.layers.emplace_back(first, last);
  }
  run.layer_count = next;
  if (const int expected = sailorLayerEntries(run.sailor_model);
      expected > 0 && expected != run.layer_count) {
    run.suspect = true;
    run.notes.push_back("the plan covers " + std::to_string(run.layer_count) + " layers but " +
                        run.sailor_model + " has " + std::to_string(expected) +
                        " (embedding, blocks, head): the file looks like another model's plan");
  }

  // Placement in Megatron rank order: stage-major, then replica, then TP rank; nodes of each GPU
  // type fill up in that order. Replicas of one stage may differ in GPU type and TP (Sailor's
  // heterogeneous plans); each becomes part of its chain's template.
  struct TypeNodes {
    int gpus_per_node = 0;
    int used = 0;              // GPUs of this type handed out so far
    std::vector<int> node_ids; // global ids of this type's nodes, in order
  };
  std::map<std::string, TypeNodes> perType;
  long long gpus = 0;  // placed so far, capped like any cluster (and so every count fits an int)
  std::vector<std::vector<int>> nodeIds(static_cast<size_t>(depth));
  pipe.replicas.assign(static_cast<size_t>(depth), {});
  for (int s = 0; s < depth; ++s) {
    JsonReader g = groups.element(static_cast<size_t>(s));
    g.requireArray();
    if (static_cast<int>(g.size()) != dp)
      g.fail("", "lists " + std::to_string(g.size()) + " TP groups but DP is " + std::to_string(dp));
    for (int r = 0; r < dp; ++r) {
      JsonReader gr = g.element(static_cast<size_t>(r));
      const TpGroup t = readTpGroup(gr, catalog);
      gpus += t.tp;
      if (gpus > kMaxClusterGpus)
        gr.fail("", "the run would place " + std::to_string(gpus) + " GPUs or more (stages x DP x TP), above the limit of " +
                        std::to_string(kMaxClusterGpus) + " GPUs of any cluster");
      pipe.replicas[static_cast<size_t>(s)].push_back({t.gpu, t.tp});
      TypeNodes& tn = perType[t.gpu];
      if (tn.gpus_per_node == 0) tn.gpus_per_node = t.gpus_per_node;
      if (tn.gpus_per_node != t.gpus_per_node)
        gr.fail("", t.gpu + " nodes are listed with " + std::to_string(t.gpus_per_node) +
                        " and with " + std::to_string(tn.gpus_per_node) + " GPUs");
      // A group that would straddle a node starts on the next node (Sailor sizes its VMs by TP).
      if (tn.used % tn.gpus_per_node + t.tp > tn.gpus_per_node)
        tn.used += tn.gpus_per_node - tn.used % tn.gpus_per_node;
      const int local = tn.used / tn.gpus_per_node;
      while (static_cast<int>(tn.node_ids.size()) <= local) {
        Node n;
        n.id = -1;
        n.gpu_type = t.gpu;
        n.gpus = tn.gpus_per_node;
        tn.node_ids.push_back(run.composition.addNode(n));
      }
      nodeIds[static_cast<size_t>(s)].push_back(tn.node_ids[static_cast<size_t>(local)]);
      tn.used += t.tp;
    }
  }
  run.pipeline = pipe;
  run.nodes = static_cast<int>(run.composition.nodes().size());
  if (root.has("N")) {
    const int n = static_cast<int>(root.integer("N", 1, 1 << 20));
    if (n != run.nodes)
      root.fail("N", "is " + std::to_string(n) + " but the plan fills " + std::to_string(run.nodes) +
                         " nodes (" + std::to_string(depth) + " stages x " + std::to_string(dp) +
                         " replicas in rank order)");
  }

  if (measured) {
    run.measured_iteration_s = root.number("real", 1e-9, 1e7);
    run.measured_peak_bytes = root.number("max_mem", 1.0, 1e15);
  }
  if (measured && root.has("red_grads")) run.red_grads_s = root.number("red_grads", 0.0, 1e7);
  if (run.red_grads_s >= 0 &&
      std::fabs(run.red_grads_s - run.measured_iteration_s) <= 1e-9 * run.measured_iteration_s) {
    run.suspect = true;
    std::ostringstream s;
    s << "real equals red_grads (" << run.measured_iteration_s
      << " s): the measured time looks like a copy-paste error";
    run.notes.push_back(s.str());
  }

  run.pipeline_depth = depth;
  run.replicas = dp;
  run.tp = pipe.replicas.front().front().tp;
  for (const auto& stage : pipe.replicas)
    for (const SailorReplica& r : stage)
      if (!(r == pipe.replicas.front().front())) run.mixed_replicas = true;
  run.spec.global_batch = gbs;
  run.spec.sequence_length = kSailorSequence;
  run.spec.precision = Precision::Fp32;  // Megatron-DeepSpeed without --fp16
  run.spec.activation_checkpointing = false;
  run.spec.distributed_optimizer = false;
  run.spec.runtime = TrainingSpec::Runtime::DeepSpeed;  // Megatron-DeepSpeed
  run.composition.name = std::filesystem::path(fileLabel).stem().string();
  run.plan = toPlan(pipe, nodeIds);
  run.plan.provenance.planner = "sailor";
  run.plan.provenance.model = run.model_id;
  run.plan.provenance.cluster = nodeOrderSpec(run.composition);
  return run;
}

}  // namespace

SailorRun parseSailorRun(const std::string& text, const std::string& fileLabel,
                         const GpuCatalog& catalog) {
  return parseSailorFile(text, fileLabel, catalog, true);
}

SailorRun parseSailorPlan(const std::string& text, const std::string& fileLabel,
                          const GpuCatalog& catalog) {
  return parseSailorFile(text, fileLabel, catalog, false);
}

SailorRun loadSailorRun(const std::string& path, const GpuCatalog& catalog) {
  return parseSailorRun(readSailorFile(path), path, catalog);
}

SailorRun loadSailorPlan(const std::string& path, const GpuCatalog& catalog) {
  return parseSailorPlan(readSailorFile(path), path, catalog);
}

bool isSailorPlanJson(const std::string& text) {
  try {
    // The one parser with its limits: a deep or NUL-laden text is not a Sailor plan.
    const nlohmann::json j = JsonReader::parse(text, "<plan>");
    return j.is_object() && j.contains("pipeline_list");
  } catch (const LoadError&) {
    return false;
  }
}

std::vector<std::string> findSailorRunFiles(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw LoadError(dir, "", "is not a directory");
  std::vector<std::string> out;
  for (fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
       !ec && it != end; it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    const std::string name = it->path().filename().string();
    if (name.rfind("plan_config_", 0) == 0 && it->path().extension() == ".json")
      out.push_back(it->path().string());
  }
  if (ec) throw LoadError(dir, "", "could not be listed: " + ec.message());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace arachne
