// Pricing the published-runs table and printing its error report.
#include "validate_published.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "catalog/gpu_catalog.h"
#include "io/input_file.h"
#include "io/json_reader.h"
#include "io/plan_json.h"
#include "io/load_error.h"
#include "runtime_options.h"
#include "table.h"
#include "validation/published_run.h"

namespace arachne::cli {

namespace {

using Align = TextTable::Align;

std::string pct(double e) {
  char b[32];
  std::snprintf(b, sizeof b, "%+.1f%%", 100.0 * e);
  return b;
}
std::string abspct(double e) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f%%", 100.0 * e);
  return b;
}

// Which rows set a constant: roles.json beside the table ({"calibration": {"id": "why"}}).
std::map<std::string, std::string> readRoles(const std::string& tablePath) {
  std::map<std::string, std::string> roles;
  const auto path = std::filesystem::path(tablePath).parent_path() / "roles.json";
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return roles;
  const nlohmann::json j = JsonReader::parse(readInputFile(path.string(), "roles"), path.string());
  const JsonReader r(j, path.string());
  r.requireObject();
  const JsonReader cal = r.object("calibration");
  for (auto it = cal.value().begin(); it != cal.value().end(); ++it) {
    if (!it->is_string()) cal.fail(it.key(), "must say which constant the row sets");
    roles[it.key()] = it->get<std::string>();
  }
  return roles;
}

struct Variant {
  std::string name;
  CostTerms terms;
  int analytic = 2;
};

struct Stats {
  int n = 0;
  double signedSum = 0, absSum = 0;
  void add(double e) {
    ++n;
    signedSum += e;
    absSum += std::abs(e);
  }
  double mean() const { return n ? signedSum / n : 0; }
  double mae() const { return n ? absSum / n : 0; }
};

// Fits analytic v2's four constants to the calibration rows (mean absolute error), by
// coordinate search on a log scale: each constant in turn is scaled up and down, the step
// halving when neither helps. Prints the constants, the calibration and held-out errors.
int calibrate(const std::vector<PublishedRun>& runs, const std::map<std::string, std::string>& roles,
              const GpuCatalog& catalog, const CostTerms& terms, std::ostream& out) {
  auto mae = [&](const AnalyticTuning& k, bool calibration) {
    Stats s;
    for (const PublishedRun& r : runs) {
      if ((roles.count(r.id) > 0) != calibration) continue;
      const PublishedPrice p = pricePublishedRun(r, catalog, terms, 2, k);
      if (p.priced) s.add(p.error);
    }
    return s.mae();
  };
  AnalyticTuning k = AnalyticTuning::builtin();
  // Each knob within what it can physically be.
  struct Knob {
    double* v;
    double lo, hi;
  };
  Knob knobs[] = {{&k.framework_gemm_efficiency, 0.6, 1.0},
                  {&k.gemm_overhead_s, 1e-6, 20e-6},
                  {&k.layer_overhead_s, 10e-6, 300e-6},
                  {&k.attention_efficiency, 0.3, 0.8},
                  {&k.fp8_matmul_ratio, 0.5, 1.0}};
  double best = mae(k, true);
  out << "start: calibration MAE " << abspct(best) << ", held-out " << abspct(mae(k, false)) << "\n";
  double step = 0.5;
  for (int round = 0; round < 60 && step > 0.005; ++round) {
    bool moved = false;
    for (Knob& kn : knobs) {
      for (double f : {1 + step, 1 / (1 + step)}) {
        const double old = *kn.v;
        *kn.v = std::clamp(old * f, kn.lo, kn.hi);
        const double e = mae(k, true);
        if (e + 1e-9 < best) {
          best = e;
          moved = true;
        } else {
          *kn.v = old;
        }
      }
    }
    if (!moved) step /= 2;
  }
  out << "fitted: framework_gemm_efficiency " << k.framework_gemm_efficiency << ", gemm_overhead_s " << k.gemm_overhead_s << ", layer_overhead_s " << k.layer_overhead_s
      << ", attention_efficiency " << k.attention_efficiency << ", fp8_matmul_ratio " << k.fp8_matmul_ratio << "\n";
  out << "calibration MAE " << abspct(best) << " over " << roles.size() << " rows; held-out MAE "
      << abspct(mae(k, false)) << "\n";
  return 0;
}

}  // namespace

int runValidatePublished(const ParsedArgs& a, std::ostream& out) {
  const std::string path = *a.value("--published");
  const GpuCatalog& catalog = GpuCatalog::builtin();
  const std::vector<PublishedRun> runs = loadPublishedRuns(path, catalog);
  const auto roles = readRoles(path);
  const CostTerms base = costTermsFrom(a);
  int analytic = 2;
  if (auto v = a.value("--analytic")) analytic = parseIntOption("--analytic", *v, 1, 2);

  // The main report, then each term switched off alone, then the cost model before them.
  std::vector<Variant> variants = {{"all terms", base, analytic}};
  for (const std::string& t : CostTerms::names()) {
    CostTerms x = base;
    x.set(t, false);
    if (!(x == base)) variants.push_back({"without " + t, x, analytic});
  }
  if (analytic == 2) variants.push_back({"analytic v1 profiles", base, 1});
  variants.push_back({"before (legacy terms, v1)", CostTerms::legacy(), 1});

  if (a.has("--calibrate")) return calibrate(runs, roles, catalog, base, out);

  std::vector<std::vector<PublishedPrice>> prices(variants.size());
  for (size_t v = 0; v < variants.size(); ++v)
    for (const PublishedRun& r : runs) prices[v].push_back(pricePublishedRun(r, catalog, variants[v].terms, variants[v].analytic));

  if (a.has("--json")) {
    nlohmann::json doc;
    doc["table"] = path;
    doc["rows"] = nlohmann::json::array();
    for (size_t i = 0; i < runs.size(); ++i) {
      const PublishedRun& r = runs[i];
      nlohmann::json row = {{"id", r.id}, {"gpu_type", r.gpu_type}, {"gpus", r.gpus},
                            {"measured_iteration_s", r.measured_iteration_s},
                            {"role", roles.count(r.id) ? "calibration" : "held-out"}};
      if (roles.count(r.id)) row["sets"] = roles.at(r.id);
      nlohmann::json per = nlohmann::json::object();
      for (size_t v = 0; v < variants.size(); ++v) {
        const PublishedPrice& p = prices[v][i];
        if (p.priced) per[variants[v].name] = {{"predicted_iteration_s", p.predicted_s}, {"error", p.error}, {"fits_memory", p.fits_memory}};
        else per[variants[v].name] = {{"not_priced", p.problem}};
      }
      row["variants"] = per;
      // The priced plan with every term on, so each prediction's time and memory break-down
      // (time_s per stage) can be read beside the measured figure.
      if (prices[0][i].priced)
        row["plan"] = nlohmann::json::parse(planToJson(prices[0][i].plan, &prices[0][i].report, r.spec));
      doc["rows"].push_back(row);
    }
    out << doc.dump(2) << "\n";
    return 0;
  }

  out << "Published measured runs: " << path << " (" << runs.size() << " rows)\n";
  out << "Priced with every cost-model term on, analytic profiles v" << analytic
      << ", on the catalog's links (or the network a row states).\n\n";
  TextTable t({"run", "GPU", "GPUs", "TPxPPxDP(xV)", "mbs", "prec", "measured s", "predicted s", "error", "role", "note"});
  for (size_t c : {2, 4, 6, 7, 8}) t.setAlign(c, Align::Right);
  std::map<std::string, Stats> byGpu, byGpuHeld;
  Stats all, held, cal;
  for (size_t i = 0; i < runs.size(); ++i) {
    const PublishedRun& r = runs[i];
    const PublishedPrice& p = prices[0][i];
    std::string shape = std::to_string(r.tp) + "x" + std::to_string(r.pp) + "x" + std::to_string(r.dp);
    if (r.virtual_stages > 1) {
      shape += 'x';
      shape += std::to_string(r.virtual_stages);
    }
    const bool isCal = roles.count(r.id) > 0;
    std::string note = p.priced ? (p.fits_memory ? "" : "our memory model says OOM") : p.problem;
    if (note.size() > 60) note = note.substr(0, 57) + "...";
    t.addRow({r.id, r.gpu_type, std::to_string(r.gpus), shape, r.micro_batch ? std::to_string(r.micro_batch) : "-",
              toString(r.spec.precision), r.measured_iteration_s > 0 ? fixed(r.measured_iteration_s, 3) : "-",
              p.priced ? fixed(p.predicted_s, 3) : "-", p.priced ? pct(p.error) : "-",
              isCal ? "calibration" : "held-out", note});
    if (!p.priced) continue;
    all.add(p.error);
    byGpu[r.gpu_type].add(p.error);
    if (isCal) cal.add(p.error);
    else {
      held.add(p.error);
      byGpuHeld[r.gpu_type].add(p.error);
    }
  }
  out << t.render("  ") << "\n";

  TextTable g({"GPU type", "rows", "mean signed", "MAE", "held-out rows", "held-out MAE"});
  for (size_t c = 1; c <= 5; ++c) g.setAlign(c, Align::Right);
  for (const auto& [gpu, s] : byGpu) {
    const Stats& h = byGpuHeld[gpu];
    g.addRow({gpu, std::to_string(s.n), pct(s.mean()), abspct(s.mae()), std::to_string(h.n), h.n ? abspct(h.mae()) : "-"});
  }
  g.addRow({"all", std::to_string(all.n), pct(all.mean()), abspct(all.mae()), std::to_string(held.n), abspct(held.mae())});
  out << g.render("  ") << "\n";
  out << "Calibration rows: " << cal.n << ", MAE " << abspct(cal.mae()) << "; held-out rows: " << held.n
      << ", MAE " << abspct(held.mae()) << ".\n\n";

  TextTable v({"cost model", "priced", "mean signed", "MAE", "held-out MAE"});
  for (size_t c = 1; c <= 4; ++c) v.setAlign(c, Align::Right);
  for (size_t k = 0; k < variants.size(); ++k) {
    Stats s, h;
    for (size_t i = 0; i < runs.size(); ++i) {
      const PublishedPrice& p = prices[k][i];
      if (!p.priced) continue;
      s.add(p.error);
      if (!roles.count(runs[i].id)) h.add(p.error);
    }
    v.addRow({variants[k].name, std::to_string(s.n), pct(s.mean()), abspct(s.mae()), abspct(h.mae())});
  }
  out << "What each term is worth (every row priced under each variant):\n" << v.render("  ");
  return 0;
}

}  // namespace arachne::cli
