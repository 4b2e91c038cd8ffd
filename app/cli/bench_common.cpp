// The bench's shared parts: problems, timed planner runs, command lines, Markdown and CSV.
#include "bench_common.h"

#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>

#include "io/atomic_file.h"
#include "io/load_error.h"
#include "model/model_catalog.h"
#include "plugin/policy_plugin.h"
#include "plugin/policy_plugin_api.h"
#include "profile/analytic_profiler.h"
#include "profile_option.h"
#include "table.h"

namespace arachne::cli {

namespace {

// Shell-quotes a word when it holds anything but plain characters.
std::string shellWord(const std::string& w) {
  bool plain = !w.empty();
  for (char c : w)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || std::string("-_./,:=+@%").find(c) != std::string::npos))
      plain = false;
  if (plain) return w;
  std::string q = "'";
  for (char c : w) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

}  // namespace

std::unique_ptr<BenchProblem> makeBenchProblem(const Composition& composition, const std::string& modelId) {
  const Model model = resolveModel(modelId);
  return makeBenchProblem(composition, model, model.default_training,
                          makeAnalyticProfiles(GpuCatalog::builtin(), composition.gpuTypes(), model,
                                               model.default_training));
}

std::unique_ptr<BenchProblem> makeBenchProblem(const Composition& composition, const Model& model,
                                               const TrainingSpec& spec, ProfileSet profiles) {
  auto p = std::make_unique<BenchProblem>();
  p->composition = composition;
  p->model = model;
  p->spec = spec;
  p->profiles = std::move(profiles);
  p->cost = std::make_unique<CostModel>(GpuCatalog::builtin(), p->composition, p->model, p->spec, p->profiles);
  return p;
}

std::unique_ptr<BenchProblem> makeHeldoutBenchProblem(const HeldoutProblem& h) {
  const GpuCatalog& catalog = GpuCatalog::builtin();
  const Model model = resolveModel(h.model);
  const TrainingSpec spec = heldoutTrainingSpec(h, model);
  std::optional<ProfileSet> measured = ProblemProfiles(catalog).of(h, model);
  ProfileSet profiles = measured ? std::move(*measured) : makeAnalyticProfiles(catalog, h.composition.gpuTypes(), model, spec);
  return makeBenchProblem(h.composition, model, spec, std::move(profiles));
}

WeightsMetadata readWeightsMetadata(const std::string& path, bool flat) {
  WeightsMetadata w;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return w;
  // Reading the file means loading its network: LibTorch code, in the policy library.
  const PolicyPluginStatus library = loadPolicyPlugin();
  const PolicyPluginApi* api = policyPluginApi();
  if (!api) {
    w.state = WeightsMetadata::State::NoLibrary;
    w.problem = library.problem;
    return w;
  }
  try {
    w.metadata = api->read_weights_metadata(path, flat);
    w.state = WeightsMetadata::State::Read;
  } catch (const LoadError& e) {
    w.state = WeightsMetadata::State::Unusable;
    w.problem = e.what();
  }
  return w;
}

std::string seqsCell(const BenchRun& r) { return r.result.found ? fixed(r.throughput(), 2) : "-"; }
std::string passFail(bool ok) { return ok ? "pass" : "FAIL"; }

std::string nodeSizesLabel(const Composition& c) {
  std::set<int> sizes;
  for (const auto& [type, list] : c.nodeSizesByType())
    for (int s : list) sizes.insert(s);
  std::string s;
  for (int n : sizes) {
    if (!s.empty()) s.push_back('/');
    s.append(std::to_string(n));
  }
  return sizes.size() > 1 ? "mixed " + s : "uniform " + s;
}

bool searchedEveryStageOrder(const BenchRun& e) {
  return !e.result.stats.refused && !e.result.stats.cancelled &&
         e.result.stats.message.rfind("searched every stage order", 0) == 0 && e.result.found;
}

BenchOutput::BenchOutput(const BenchOptions& options, std::ostream& out, std::ostream& err)
    : options_(options), out_(out), err_(err) {}

void BenchOutput::progress(const std::string& line) {
  err_ << "bench: " << line << "\n";
  err_.flush();
}

BenchRun BenchOutput::run(const std::string& planner, const BenchProblem& problem, const PlannerBudget& budget,
                          std::uint64_t seed) {
  auto p = makePlanner(planner);
  if (!p) throw LoadError("<bench>", "planner", "unknown planner '" + planner + "'");
  BenchRun r;
  const auto start = std::chrono::steady_clock::now();
  r.result = p->plan(*problem.cost, budget, seed, {}, nullptr);
  r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (r.warned()) {
    // The weights problem is the same on every problem; say it once.
    const std::string w = planner + ": " + r.result.stats.message.substr(0, r.result.stats.message.find(". "));
    bool seen = false;
    for (const auto& x : warnings_) seen = seen || x == w;
    if (!seen) {
      warnings_.push_back(w);
      err_ << "arachne-cli bench: " << w << "\n";
    }
  }
  return r;
}

BenchRun BenchOutput::runRandomTenfold(const BenchProblem& problem, const BenchRun& reference, std::uint64_t seed) {
  const long long evaluations = 10 * reference.result.stats.evaluations;
  if (evaluations <= 0) return {};
  return run("random", problem, {kSafetySeconds, evaluations}, seed);
}

void BenchOutput::heading(const std::string& section, const std::string& title) {
  std::string cmd;
  if (const char* env = std::getenv("ARACHNE_POLICY_WEIGHTS"); env && *env)
    cmd += "ARACHNE_POLICY_WEIGHTS=" + shellWord(env) + " ";
  if (const char* env = std::getenv("ARACHNE_FLAT_RL_WEIGHTS"); env && *env && (section == "curve" || section == "training"))
    cmd += "ARACHNE_FLAT_RL_WEIGHTS=" + shellWord(env) + " ";
  cmd += "arachne-cli bench --section " + section;
  // Only the options that change this section's numbers, so the line pastes cleanly.
  static const std::map<std::string, std::set<std::string>> relevant = {
      {"presets", {"--quick", "--models", "--seed", "--budget-s", "--arachne-planner"}},
      {"exhaustive", {"--quick", "--seed", "--budget-s", "--arachne-planner"}},
      {"time", {"--quick", "--models", "--seed", "--budget-s", "--repeats", "--arachne-planner"}},
      {"curve", {"--quick", "--seed", "--curve-evals", "--curve-model", "--arachne-planner"}},
      {"training", {}},
      {"heldout", {"--quick", "--seed", "--budget-s", "--arachne-planner", "--heldout", "--heldout-problems"}},
      {"baselines", {"--quick", "--seed", "--budget-s", "--arachne-planner", "--baseline-planners", "--baseline-budget-s", "--baseline-model"}}};
  const auto it = relevant.find(section);
  for (const auto& [name, value] : options_.given) {
    if (it != relevant.end() && !it->second.count(name)) continue;
    cmd.append(" ").append(name);
    if (!value.empty()) cmd.append(" ").append(shellWord(value));
  }
  out_ << "\n## " << title << "\n\n```\n" << cmd << "\n```\n\n";
  out_.flush();
}

void BenchOutput::csv(const std::string& name, const std::vector<std::string>& header,
                      const std::vector<std::vector<std::string>>& rows) {
  if (options_.csv_dir.empty()) return;
  const std::string path = (std::filesystem::path(options_.csv_dir) / (name + ".csv")).string();
  std::string text;
  auto line = [&text](const std::vector<std::string>& cells) {
    for (size_t i = 0; i < cells.size(); ++i) {
      const std::string& c = cells[i];
      const bool quote = c.find_first_of(",\"\n") != std::string::npos;
      std::string q;
      if (quote) q.push_back('"');
      for (char ch : c) {
        if (quote && ch == '"') q.push_back('"');
        q.push_back(ch);
      }
      if (quote) q.push_back('"');
      text += (i ? "," : "") + q;
    }
    text += "\n";
  };
  line(header);
  for (const auto& r : rows) line(r);
  writeFileAtomically(path, text);
  out_ << "\nCSV: " << path << "\n";
}

std::string markdownTable(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                          const std::string& align) {
  std::string s = "|";
  for (const auto& h : header) s += " " + h + " |";
  s += "\n|";
  for (size_t c = 0; c < header.size(); ++c) s += c < align.size() && align[c] == 'r' ? "---:|" : "---|";
  s += "\n";
  for (const auto& r : rows) {
    s += "|";
    for (const auto& cell : r) s += " " + cell + " |";
    s += "\n";
  }
  return s;
}

std::string csvNumber(double v, int decimals) {
  if (!std::isfinite(v)) return "";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

}  // namespace arachne::cli
