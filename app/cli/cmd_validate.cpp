// `validate`: prices Sailor's measured runs and reports the prediction errors per run and as
// mean absolute percentage errors.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "catalog/gpu_catalog.h"
#include "commands.h"
#include "io/json_reader.h"
#include "io/load_error.h"
#include "model/model.h"
#include "model/model_catalog.h"
#include "network/network_json.h"
#include "profile/analytic_profiler.h"
#include "profile/profile_json.h"
#include "profile/profile_set.h"
#include "sailor/sailor_json.h"
#include "sailor/sailor_layer_info.h"
#include "sailor/sailor_names.h"
#include "sailor/sailor_profile_import.h"
#include "sailor/sailor_run.h"
#include "sailor/sailor_validation.h"
#include "profile_option.h"
#include "table.h"
#include "runtime_options.h"
#include "validate_published.h"

namespace arachne::cli {

namespace {

using Align = TextTable::Align;

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
// Sailor's measured network file for runs under `dir`: providers/multizone_bandwidths_het.json in
// a parent folder (tests/data/sailor/providers) or in its sailor/ sibling (Sailor's own tree).
std::string findSailorNetwork(const std::string& dir) {
  namespace fs = std::filesystem;
  fs::path d = fs::absolute(dir);
  for (int up = 0; up < 8 && !d.empty(); ++up) {
    for (const fs::path& c : {d / "providers" / "multizone_bandwidths_het.json",
                              d / "sailor" / "providers" / "multizone_bandwidths_het.json"}) {
      std::error_code ec;
      if (fs::is_regular_file(c, ec)) return c.string();
    }
    if (d == d.parent_path()) break;
    d = d.parent_path();
  }
  return {};
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
                       {"max_embedding_sync", r.max_embedding_sync_s},
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

void printTable(std::ostream& out, const std::vector<ValidationRow>& rows,
                const std::vector<ValidationSummary>& sums, const std::string& profileLabel) {
  out << "profiles: " << profileLabel << "\n\n";
  TextTable t({"run", "N", "PP", "DP", "mbs", "M", "real s", "pred s", "err", "real GiB",
               "pred GiB", "err", ""});
  for (size_t c = 1; c <= 11; ++c) t.setAlign(c, Align::Right);
  for (const auto& r : rows) {
    std::vector<std::string> cells = {r.label, std::to_string(r.nodes), std::to_string(r.depth),
                                      std::to_string(r.replicas), std::to_string(r.micro_batch),
                                      std::to_string(r.micro_batches), fixed(r.measured_s, 3)};
    if (r.priced) {
      cells.insert(cells.end(), {fixed(r.predicted_s, 3), pct(r.time_error), gib(r.measured_bytes),
                                 gib(r.predicted_bytes), pct(r.memory_error),
                                 r.suspect ? "suspect, not counted" : ""});
    } else {
      cells.insert(cells.end(), {"-", "-", gib(r.measured_bytes), "-", "-", "not priced"});
    }
    t.addRow(cells);
  }
  out << t.render();
  bool anyNote = false;
  for (const auto& r : rows) {
    if (r.notes.empty() && r.priced) continue;
    if (!anyNote) out << "\nnotes:\n";
    anyNote = true;
    if (!r.priced) out << "  " << r.label << ": not priced: " << r.problem << "\n";
    for (const auto& n : r.notes) out << "  " << r.label << ": " << n << "\n";
  }
  out << "\nmean absolute percentage error (priced runs; suspect runs left out):\n";
  for (const auto& s : sums) {
    char line[256];
    std::snprintf(line, sizeof line, "  %-14s time %5.1f%%  memory %5.1f%%  over %d of %d runs",
                  s.model_id.empty() ? "all" : s.model_id.c_str(), 100 * s.time_mape,
                  100 * s.memory_mape, s.counted, s.runs);
    out << line;
    if (s.counted_with_suspect != s.counted) {
      std::snprintf(line, sizeof line, "  (with suspect: time %.1f%%, memory %.1f%% over %d)",
                    100 * s.time_mape_with_suspect, 100 * s.memory_mape_with_suspect,
                    s.counted_with_suspect);
      out << line;
    }
    out << "\n";
  }
}

// The parser takes options only; the run directories are the arguments that are neither an
// option nor an option's value.
std::vector<std::string> splitDirectories(const CommandSpec& spec, const std::vector<std::string>& args,
                                          std::vector<std::string>& options) {
  std::vector<std::string> dirs;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.size() > 1 && a[0] == '-') {
      options.push_back(a);
      if (a.find('=') != std::string::npos) continue;
      for (const auto& o : spec.options)
        if (o.name == a && !o.value_name.empty() && i + 1 < args.size()) options.push_back(args[++i]);
    } else {
      dirs.push_back(a);
    }
  }
  return dirs;
}

int runValidate(const CommandSpec& spec, const std::vector<std::string>& args, std::ostream& out,
                std::ostream&) {
  std::vector<std::string> optionArgs;
  const std::vector<std::string> dirs = splitDirectories(spec, args, optionArgs);
  const ParsedArgs parsed = parseArgs(spec, optionArgs);
  if (parsed.help()) {
    out << helpText(spec);
    return kExitOk;
  }
  if (parsed.has("--published")) {
    if (!dirs.empty()) throw UsageError("give either directories of Sailor run files or --published, not both");
    return runValidatePublished(parsed, out);
  }
  if (dirs.empty()) throw UsageError("give at least one directory of Sailor run files (or --published FILE)");
  std::string profilesPath = parsed.value("--profiles").value_or("");
  std::string llmInfoPath = parsed.value("--llm-info").value_or("");
  const std::string modelOverride = parsed.value("--model").value_or("");
  const bool json = parsed.has("--json");
  int analyticVersion = 2;
  if (auto v = parsed.value("--analytic")) analyticVersion = parseIntOption("--analytic", *v, 1, 2);
  const CostTerms terms = costTermsFrom(parsed);

  const GpuCatalog& catalog = GpuCatalog::builtin();
  std::vector<SailorRun> runs;
  for (const auto& d : dirs) {
    const auto files = findSailorRunFiles(d);
    if (files.empty()) throw LoadError(d, "", "holds no plan_config_*.json run file");
    for (const auto& f : files) runs.push_back(loadSailorRun(f, catalog));
  }
  // The runtime settings a user states replace the runs' (e.g. --tf32 off: plain FP32 matmuls).
  for (auto& r : runs) applyTrainingOptions(parsed, r.spec);

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
      opt.version = analyticVersion;
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

  // Sailor measured the networks its runs ran on; its files sit beside the runs in Sailor's
  // tree (sailor/providers/), and are used when found unless --network says otherwise.
  std::shared_ptr<const NetworkProfile> network;
  std::string networkLabel = "catalog figures";
  if (auto v = parsed.value("--network")) {
    if (*v != "catalog") {
      network = std::make_shared<NetworkProfile>(resolveNetwork(*v, catalog));
      networkLabel = *v;
    }
  } else if (const std::string found = findSailorNetwork(dirs.front()); !found.empty()) {
    network = std::make_shared<NetworkProfile>(loadNetworkFile(found, catalog));
    networkLabel = found + " (zone us-central1-a)";
  }

  std::vector<ValidationRow> rows;
  for (const auto& r : runs) {
    const std::string& key = modelOfRun[r.file];
    rows.push_back(validateRun(r, models.at(key), catalog, profiles.at(key), terms, network));
  }
  const auto sums = summarize(rows);
  const std::string label =
      profilesPath.empty() ? "analytic v" + std::to_string(analyticVersion) + " (generated from the catalogs)"
                           : profilesPath + " (sizes: " + llmInfoPath + ")";
  if (json) {
    nlohmann::json doc;
    doc["profiles"] = profilesPath.empty() ? "analytic" : profilesPath;
    doc["network"] = networkLabel;
    if (!llmInfoPath.empty()) doc["llm_info"] = llmInfoPath;
    doc["import_notes"] = importNotes;
    doc["runs"] = nlohmann::json::array();
    for (const auto& r : rows) doc["runs"].push_back(rowJson(r));
    doc["summary"] = nlohmann::json::array();
    for (const auto& s : sums) doc["summary"].push_back(summaryJson(s));
    out << doc.dump(2) << "\n";
  } else {
    printTable(out, rows, sums, label + "\nnetwork: " + networkLabel);
  }
  return kExitOk;
}

}  // namespace

Command validateCommand() {
  CommandSpec spec;
  spec.name = "validate";
  spec.summary = "price Sailor's measured runs and report the prediction errors";
  spec.details =
      "Arguments: DIR... (one or more) directories searched recursively for run files.\n"
      "Reads every Sailor run file (plan_config_*.json) under the DIRs, prices its plan and\n"
      "prints the measured and predicted iteration time and peak memory per run, then the mean\n"
      "absolute percentage errors. Runs whose measured values look wrong are shown but left out\n"
      "of the means; runs that cannot be priced say why.";
  spec.options = {
      {"--profiles", "FILE",
       "Sailor-format measured profiles (profiles_tmp.json, or profiles/<model>/<gpu>/profile.json),"
       " or one of our *.profiles.json; default: our analytic profiles",
       false},
      {"--llm-info", "FILE",
       "Sailor's per-layer sizes; default: llm_info.json next to the profiles or in a parent folder",
       false},
      {"--model", "ID|FILE", "price every run with this model instead of the one its path names", false},
      {"--json", "", "print JSON instead of a table", false},
      {"--published", "FILE", "instead of Sailor's runs, price a table of published measured runs (tests/data/published/published_runs.json)", false},
      {"--analytic", "1|2", "analytic profile model, for a run directory without --profiles and for --published (default 2)", false},
      {"--tf32", "on|off", "Sailor's fp32 runs: matmuls at the TF32 rate (default on) or plain FP32", false},
      {"--overlap-grad-reduce", "on|off", "as for evaluate (Sailor's DeepSpeed runs never overlap it)", false},
      {"--calibrate", "", "with --published: fit analytic v2's constants to the rows roles.json marks calibration", false},
      {"--without", "TERM,...", "switch cost-model terms off (link-curves, nic-sharing, grad-buckets, collectives, overlap, embedding-sync, or all)", false},
      {"--network", "NAME|FILE|catalog", "the network the runs ran on; default: Sailor's measured files when found beside the runs, else the catalog's figures", false}};
  return {spec, &runValidate};
}

}  // namespace arachne::cli
