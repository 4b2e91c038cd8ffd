// arachne-cli validate: prices Sailor's measured runs and reports prediction errors.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "catalog/gpu_catalog.h"
#include "io/load_error.h"
#include "model/model.h"
#include "model/model_catalog.h"
#include "io/json_reader.h"
#include "profile/analytic_profiler.h"
#include "profile/profile_json.h"
#include "profile/profile_set.h"
#include "sailor/sailor_json.h"
#include "sailor/sailor_layer_info.h"
#include "sailor/sailor_names.h"
#include "sailor/sailor_profile_import.h"
#include "sailor/sailor_run.h"
#include "sailor/sailor_validation.h"

using namespace arachne;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

const char* kUsage =
    "usage: arachne-cli validate DIR... [--profiles FILE] [--llm-info FILE] [--model ID|FILE]\n"
    "                            [--json]\n"
    "  Reads every Sailor run file (plan_config_*.json) under the DIRs, prices its plan and\n"
    "  prints the measured and predicted iteration time and peak memory per run, then the mean\n"
    "  absolute percentage errors.\n"
    "  --profiles FILE  Sailor-format measured profiles (profiles_tmp.json, or a per-model\n"
    "                   profiles/<model>/<gpu>/profile.json), or one of our *.profiles.json\n"
    "                   (one model); default: our analytic profiles\n"
    "  --llm-info FILE  Sailor's per-layer sizes; default: llm_info.json found next to the\n"
    "                   profiles file or in one of its parent folders\n"
    "  --model ID|FILE  price every run with this model instead of the one its path names\n"
    "  --json           machine-readable output\n";

std::string findLlmInfo(const std::string& profilesPath) {
  namespace fs = std::filesystem;
  fs::path dir = fs::absolute(profilesPath).parent_path();
  for (int up = 0; up < 5 && !dir.empty(); ++up) {
    std::error_code ec;
    if (fs::is_regular_file(dir / "llm_info.json", ec)) return (dir / "llm_info.json").string();
    if (dir == dir.parent_path()) break;
    dir = dir.parent_path();
  }
  return {};
}

// Our own profile format says so ({"schema_version":..., "entries": [...]}); Sailor's does not.
bool isOurProfileFormat(const std::string& path) {
  const nlohmann::json j = JsonReader::parse(readSailorFile(path), path);
  return j.is_object() && j.contains("schema_version") && j.contains("entries");
}

std::string pct(double e) {
  char b[32];
  std::snprintf(b, sizeof b, "%+.1f%%", 100.0 * e);
  return b;
}

nlohmann::json rowJson(const ValidationRow& r) {
  nlohmann::json j = {
      {"file", r.file}, {"run", r.label}, {"model", r.model_id}, {"nodes", r.nodes},
      {"pp", r.depth}, {"dp", r.replicas}, {"tp", r.tp}, {"micro_batch", r.micro_batch},
      {"micro_batches", r.micro_batches}, {"global_batch", r.global_batch},
      {"measured_iteration_s", r.measured_s}, {"measured_peak_bytes", r.measured_bytes},
      {"priced", r.priced}, {"suspect", r.suspect}, {"notes", r.notes}};
  if (!r.priced) {
    j["problem"] = r.problem;
    return j;
  }
  j["predicted_iteration_s"] = r.predicted_s;
  j["predicted_peak_bytes"] = r.predicted_bytes;
  j["time_error"] = r.time_error;
  j["memory_error"] = r.memory_error;
  j["time_parts_s"] = {{"straggler_per_micro_batch", r.straggler_s},
                       {"fill_sum_per_micro_batch", r.fill_s},
                       {"max_compute", r.max_compute_s},
                       {"max_p2p", r.max_p2p_s},
                       {"max_grad_sync", r.max_grad_sync_s},
                       {"max_optimizer", r.max_optimizer_s},
                       {"max_sync_plus_optimizer", r.sync_s}};
  j["peak_memory_bytes"] = {{"stage", r.peak_stage},      {"params", r.peak.params},
                            {"grads", r.peak.grads},      {"optimizer", r.peak.optimizer},
                            {"activations", r.peak.activations}, {"other", r.peak.other},
                            {"capacity", r.peak.capacity}};
  return j;
}

nlohmann::json summaryJson(const ValidationSummary& s) {
  return {{"model", s.model_id.empty() ? "all" : s.model_id},
          {"runs", s.runs},
          {"counted", s.counted},
          {"time_mape", s.time_mape},
          {"memory_mape", s.memory_mape},
          {"counted_with_suspect", s.counted_with_suspect},
          {"time_mape_with_suspect", s.time_mape_with_suspect},
          {"memory_mape_with_suspect", s.memory_mape_with_suspect}};
}

void printTable(const std::vector<ValidationRow>& rows, const std::vector<ValidationSummary>& sums,
                const std::string& profileLabel) {
  std::printf("profiles: %s\n\n", profileLabel.c_str());
  std::printf("%-38s %3s %2s %2s %3s %4s %9s %9s %7s %8s %8s %7s\n", "run", "N", "PP", "DP", "mbs",
              "M", "real s", "pred s", "err", "real GiB", "pred GiB", "err");
  for (const auto& r : rows) {
    std::printf("%-38s %3d %2d %2d %3d %4d %9.3f ", r.label.c_str(), r.nodes, r.depth, r.replicas,
                r.micro_batch, r.micro_batches, r.measured_s);
    if (r.priced)
      std::printf("%9.3f %7s %8.2f %8.2f %7s%s\n", r.predicted_s, pct(r.time_error).c_str(),
                  r.measured_bytes / kGiB, r.predicted_bytes / kGiB, pct(r.memory_error).c_str(),
                  r.suspect ? "  (suspect, not counted)" : "");
    else
      std::printf("%9s %7s %8.2f %8s %7s  not priced\n", "-", "-", r.measured_bytes / kGiB, "-", "-");
  }
  bool anyNote = false;
  for (const auto& r : rows) {
    if (r.notes.empty() && r.priced) continue;
    if (!anyNote) std::printf("\nnotes:\n");
    anyNote = true;
    if (!r.priced) std::printf("  %s: not priced: %s\n", r.label.c_str(), r.problem.c_str());
    for (const auto& n : r.notes) std::printf("  %s: %s\n", r.label.c_str(), n.c_str());
  }
  std::printf("\nmean absolute percentage error (priced runs, suspect runs left out):\n");
  for (const auto& s : sums) {
    std::printf("  %-14s time %5.1f%%  memory %5.1f%%  over %d of %d runs", 
                s.model_id.empty() ? "all" : s.model_id.c_str(), 100 * s.time_mape,
                100 * s.memory_mape, s.counted, s.runs);
    if (s.counted_with_suspect != s.counted)
      std::printf("  (with suspect: time %.1f%%, memory %.1f%% over %d)",
                  100 * s.time_mape_with_suspect, 100 * s.memory_mape_with_suspect,
                  s.counted_with_suspect);
    std::printf("\n");
  }
}

}  // namespace

int runValidateCommand(int argc, char** argv) {
  // argv[0] is "validate".
  std::vector<std::string> dirs;
  std::string profilesPath, llmInfoPath, modelOverride;
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](const char* opt) -> std::string {
      if (i + 1 >= argc) throw LoadError("<command line>", opt, "needs a value");
      return argv[++i];
    };
    if (a == "--json") json = true;
    else if (a == "--profiles") profilesPath = value("--profiles");
    else if (a == "--llm-info") llmInfoPath = value("--llm-info");
    else if (a == "--model") modelOverride = value("--model");
    else if (a == "-h" || a == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "arachne-cli validate: unknown option '%s'\n%s", a.c_str(), kUsage);
      return 2;
    } else {
      dirs.push_back(a);
    }
  }
  if (dirs.empty()) {
    std::fprintf(stderr, "arachne-cli validate: give at least one directory\n%s", kUsage);
    return 2;
  }

  try {
    const GpuCatalog& catalog = GpuCatalog::builtin();
    std::vector<SailorRun> runs;
    for (const auto& d : dirs) {
      const auto files = findSailorRunFiles(d);
      if (files.empty()) throw LoadError(d, "", "holds no plan_config_*.json run file");
      for (const auto& f : files) runs.push_back(loadSailorRun(f, catalog));
    }

    // One model and one profile set per model the runs name.
    std::map<std::string, Model> models;
    std::map<std::string, std::string> modelOfRun;  // run file -> model key
    for (const auto& r : runs) {
      std::string key = modelOverride.empty() ? r.model_id : modelOverride;
      if (key.empty())
        throw LoadError(r.file, "", "names no model Sailor's tree knows (folder OPT-350, "
                                    "GPT-NEO ...); pass --model");
      if (!models.count(key)) models.emplace(key, resolveModel(key));
      modelOfRun[r.file] = key;
    }

    std::unique_ptr<SailorLayerInfo> info;
    std::unique_ptr<ProfileSet> ours;
    if (!profilesPath.empty() && isOurProfileFormat(profilesPath)) {
      ours = std::make_unique<ProfileSet>(loadProfileFile(profilesPath));
    } else if (!profilesPath.empty()) {
      if (llmInfoPath.empty()) llmInfoPath = findLlmInfo(profilesPath);
      if (llmInfoPath.empty())
        throw LoadError(profilesPath, "", "no llm_info.json next to it or in a parent folder; "
                                          "pass --llm-info");
      info = std::make_unique<SailorLayerInfo>(SailorLayerInfo::load(llmInfoPath));
    }
    std::map<std::string, ProfileSet> profiles;
    std::vector<std::string> importNotes;
    for (const auto& [key, model] : models) {
      if (ours) {
        if (!ours->model_id.empty() && ours->model_id != model.id)
          throw LoadError(profilesPath, "model", "is '" + ours->model_id + "' but the runs need '" +
                                                     model.id + "'");
        profiles.emplace(key, *ours);
      } else if (info) {
        SailorProfileImport imp = loadSailorProfiles(profilesPath, model, catalog, *info);
        for (const auto& n : imp.notes) importNotes.push_back(model.id + ": " + n);
        profiles.emplace(key, std::move(imp.profiles));
      } else {
        // Analytic profiles for exactly the GPU types, TP degrees and micro-batches the runs use.
        std::set<std::string> gpus;
        std::set<int> tps, mbss;
        const SailorRun* first = nullptr;
        for (const auto& r : runs) {
          if (modelOfRun[r.file] != key) continue;
          if (!first) first = &r;
          for (const auto& t : r.plan.templates) {
            mbss.insert(t.micro_batch);
            for (const auto& s : t.stages) {
              gpus.insert(s.gpu_type);
              tps.insert(s.tp);
            }
          }
        }
        AnalyticProfileOptions opt;
        // Sailor's runs are fp32 Megatron-DeepSpeed: no FlashAttention (it needs 16-bit) and no
        // sequence parallelism, so the softmax output and replicated norm inputs are stored.
        opt.activations.flash_attention = false;
        opt.activations.sequence_parallel = false;
        opt.tp_degrees.assign(tps.begin(), tps.end());
        opt.micro_batches.assign(mbss.begin(), mbss.end());
        profiles.emplace(key, makeAnalyticProfiles(catalog, {gpus.begin(), gpus.end()}, model,
                                                   first->spec, opt));
      }
    }

    std::vector<ValidationRow> rows;
    for (const auto& r : runs) {
      const std::string& key = modelOfRun[r.file];
      rows.push_back(validateRun(r, models.at(key), catalog, profiles.at(key)));
    }
    const auto sums = summarize(rows);
    const std::string label =
        profilesPath.empty() ? std::string("analytic (generated from the catalogs)")
                             : profilesPath + " (sizes: " + llmInfoPath + ")";
    if (json) {
      nlohmann::json out;
      out["profiles"] = profilesPath.empty() ? "analytic" : profilesPath;
      if (!llmInfoPath.empty()) out["llm_info"] = llmInfoPath;
      out["import_notes"] = importNotes;
      out["runs"] = nlohmann::json::array();
      for (const auto& r : rows) out["runs"].push_back(rowJson(r));
      out["summary"] = nlohmann::json::array();
      for (const auto& s : sums) out["summary"].push_back(summaryJson(s));
      std::cout << out.dump(2) << "\n";
    } else {
      printTable(rows, sums, label);
    }
    return 0;
  } catch (const LoadError& e) {
    std::fprintf(stderr, "arachne-cli validate: %s\n", e.what());
    return 2;
  }
}
