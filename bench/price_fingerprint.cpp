// Every number the cost model returns for a broad set of plans, printed so that two builds can
// be compared: the check that a speed-up of CostModel::price() leaves the prices unchanged.
//
//   price_fingerprint OUT              prices the set and writes every figure to OUT
//   price_fingerprint --compare A B    compares two such files number by number
//
// The set: random construction episodes (every fill prices many candidate plans, so the plans
// the episodes end with depend on all of those prices) on nine problems (dense and MoE models,
// mixed node sizes, a measured network with pair links), four training specs, every term on,
// the legacy terms, and each term off alone; each final plan is priced with the batch split,
// with its micro-batches fixed, interleaved, and in four broken forms whose violations carry
// reasons. Not a test: the figures move whenever the cost model does (docs/performance.md).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "bench_fixture.h"
#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "cost/cost_model.h"
#include "model/model_catalog.h"
#include "planning/construction_episode.h"
#include "profile/analytic_profiler.h"

using namespace arachne;

namespace {

struct Problem {
  const char* cluster;
  const char* model;
};

const Problem kProblems[] = {
    {"paper-3t-512", "llama3-8b"},
    {"paper-3t-128", "llama3-70b"},
    {"paper-moe-64", "mixtral-8x7b"},
    {"paper-moe-160", "deepseek-v3-like"},
    {"paper-moe-256", "qwen3-30b-a3b"},
    {"a6000:4x2+1x3,l40s:8x1", "llama3-8b"},
    {"h100:8x4,a100-40:4x4+1x2", "qwen3-32b"},
    {"a100-40:4x4,gh200:1x8,v100-16:4x2@sailor-us-central1-a", "opt-350m"},
    {"paper-4t-2", "gpt-neo-2.7b"},
};

std::string num(double x) {
  char b[40];
  std::snprintf(b, sizeof b, "%.17g", x);
  return b;
}

void writeReport(std::ostream& o, const std::string& label, const PlanReport& r) {
  o << "report " << label << " feasible " << r.feasible << " T " << num(r.iteration_time_s) << " seq "
    << num(r.throughput.sequences_per_s) << " tok " << num(r.throughput.tokens_per_s) << " it "
    << num(r.throughput.iterations_per_s) << "\n";
  for (const Violation& v : r.violations)
    o << " violation " << toString(v.kind) << " " << v.template_index << " " << v.stage_index << " "
      << v.gpu_type << " " << v.node_id << " " << v.component << " " << num(v.needed_bytes) << " "
      << num(v.capacity_bytes) << " " << num(v.over_bytes) << " | " << v.message << "\n";
  for (size_t j = 0; j < r.templates.size(); ++j) {
    const TemplateReport& t = r.templates[j];
    o << " template " << j << " M " << t.micro_batches << " v " << t.virtual_stages << " T "
      << num(t.iteration_time_s) << " bubble " << num(t.bubble_s) << " sync " << num(t.sync_s) << "\n";
    for (size_t s = 0; s < t.stages.size(); ++s) {
      const StageReport& sr = t.stages[s];
      const StageTime& x = sr.time;
      const StageMemory& m = sr.memory;
      o << "  stage " << s << " time " << num(x.compute) << " " << num(x.tp_comm) << " " << num(x.expert_comm)
        << " " << num(x.p2p) << " " << num(x.grad_sync) << " " << num(x.param_gather) << " "
        << num(x.optimizer) << " " << num(x.tp_comm_hidden) << " " << num(x.grad_sync_hidden) << " "
        << num(x.param_gather_hidden) << " memory " << num(m.params) << " " << num(m.grads) << " "
        << num(m.optimizer) << " " << num(m.activations) << " " << num(m.other) << " " << num(m.capacity)
        << " links " << sr.p2p_link << " " << num(sr.p2p_gbps) << " " << sr.grad_sync_link << " "
        << num(sr.grad_sync_gbps) << " in_flight " << sr.in_flight_micro_batches << "\n";
    }
  }
}

void writePlan(std::ostream& o, const Plan& p) {
  o << "plan";
  for (const Template& t : p.templates) {
    o << " [R" << t.replicas << " b" << t.micro_batch << " M" << t.micro_batches << " v" << t.virtual_stages;
    for (const Stage& s : t.stages) {
      o << " " << s.gpu_type << "/" << s.tp << "/" << s.first_layer << "-" << s.last_layer << ":";
      for (int id : s.node_ids) o << id << ",";
      if (s.expert_tiling) o << "/e" << s.expert_tiling->ep << "." << s.expert_tiling->etp << "." << s.expert_tiling->edp;
    }
    o << "]";
  }
  o << "\n";
}

int drawAdmitted(const Mask& m, std::mt19937_64& rng) {
  int n = 0;
  for (auto v : m) n += v;
  if (n == 0) return -1;
  int k = std::uniform_int_distribution<int>(0, n - 1)(rng);
  for (size_t i = 0; i < m.size(); ++i)
    if (m[i] && k-- == 0) return static_cast<int>(i);
  return -1;
}

// A masked uniform episode (as the random planner takes it); its final plan.
Plan randomEpisode(const CostModel& cost, std::uint64_t seed) {
  ConstructionEpisode e(cost);
  std::mt19937_64 rng(seed);
  while (!e.done()) {
    TemplateChoice c;
    c.depth = std::max(0, drawAdmitted(e.depthMask(), rng));
    for (int s = 0; s < c.depth; ++s) {
      const int g = drawAdmitted(e.deviceMask(c), rng);
      const int tp = g < 0 ? -1 : drawAdmitted(e.tpMask(c, g), rng);
      if (tp < 0) {
        c = TemplateChoice{};
        break;
      }
      c.stages.push_back({g, e.space().tp_choices[static_cast<size_t>(tp)]});
    }
    e.step(c);
  }
  return e.plan();
}

// The plan as it is and in forms that reach other paths of price(): fixed micro-batches,
// interleaved, and broken ones.
void priceVariants(std::ostream& o, const CostModel& cost, const Plan& plan) {
  writePlan(o, plan);
  writeReport(o, "split", cost.price(plan, true));
  writeReport(o, "fixed", cost.price(plan, false));
  Plan v = plan;
  for (Template& t : v.templates)
    if (t.depth() > 1) t.virtual_stages = 2;
  writeReport(o, "interleaved", cost.price(v, true));
  if (plan.templates.empty() || plan.templates[0].stages.empty()) return;
  Plan broken = plan;
  Stage& st = broken.templates[0].stages[0];
  st.node_ids[0] = 999999;  // unknown node
  writeReport(o, "unknown-node", cost.price(broken, true));
  broken = plan;
  broken.templates[0].stages[0].tp = 3;  // untiled or missing TP
  writeReport(o, "tp3", cost.price(broken, true));
  broken = plan;
  broken.templates[0].micro_batch = 32;  // memory, or outside the profiles
  writeReport(o, "mbs32", cost.price(broken, true));
  broken = plan;
  if (broken.templates.size() > 1) broken.templates[1] = broken.templates[0];  // overcommits nodes
  else broken.templates[0].stages.back().last_layer -= 1;                     // layers not covered
  writeReport(o, "overlap", cost.price(broken, true));
}

int write(const std::string& out) {
  std::ofstream o(out);
  if (!o) {
    std::fprintf(stderr, "cannot write %s\n", out.c_str());
    return 2;
  }
  const GpuCatalog& catalog = GpuCatalog::builtin();
  struct SpecVariant {
    const char* name;
    void (*apply)(TrainingSpec&);
  };
  const SpecVariant specs[] = {
      {"default", [](TrainingSpec&) {}},
      {"distopt-ckpt-interleave", [](TrainingSpec& s) {
         s.distributed_optimizer = true;
         s.activation_checkpointing = true;
         s.interleave = true;
       }},
      {"deepspeed", [](TrainingSpec& s) { s.runtime = TrainingSpec::Runtime::DeepSpeed; }},
      {"tp-overlap-buckets", [](TrainingSpec& s) {
         s.tp_comm_overlap = true;
         s.grad_bucket_params = 1e8;
         s.distributed_optimizer = true;
         s.overlap_param_gather = false;
       }},
  };
  long long reports = 0;
  for (const Problem& pr : kProblems) {
    const Composition comp = resolveCluster(pr.cluster, catalog);
    const Model model = resolveModel(pr.model);
    for (const SpecVariant& sv : specs) {
      TrainingSpec spec = model.default_training;
      sv.apply(spec);
      AnalyticProfileOptions v1;
      v1.version = 1;
      const ProfileSet p2 = makeAnalyticProfiles(catalog, comp.gpuTypes(), model, spec);
      const ProfileSet p1 = makeAnalyticProfiles(catalog, comp.gpuTypes(), model, spec, v1);
      std::vector<std::pair<std::string, CostTerms>> termSets = {{"all", CostTerms{}}, {"legacy", CostTerms::legacy()}};
      if (std::string(sv.name) == "default")
        for (const std::string& t : CostTerms::names()) {
          CostTerms c;
          c.set(t, false);
          termSets.emplace_back("without-" + t, c);
        }
      for (const auto& [tname, terms] : termSets) {
        const CostModel cost(catalog, comp, model, spec, tname == "legacy" ? p1 : p2, terms);
        o << "problem " << pr.cluster << " " << pr.model << " " << sv.name << " " << tname << "\n";
        if (std::string(pr.cluster) == "paper-3t-512") {
          priceVariants(o, cost, benchfix::fourTemplates(comp));
          reports += 7;
        }
        for (std::uint64_t seed = 0; seed < 6; ++seed) {
          priceVariants(o, cost, randomEpisode(cost, seed));
          reports += 7;
        }
      }
    }
  }
  std::printf("%lld reports written to %s\n", reports, out.c_str());
  return 0;
}

bool parseNumber(const std::string& s, double& x) {
  if (s.empty()) return false;
  char* end = nullptr;
  x = std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size();
}

int compare(const std::string& a, const std::string& b) {
  std::ifstream fa(a), fb(b);
  if (!fa || !fb) {
    std::fprintf(stderr, "cannot read %s or %s\n", a.c_str(), b.c_str());
    return 2;
  }
  std::string la, lb;
  long long lines = 0, numbers = 0, identical = 0, differentText = 0;
  double worst = 0;
  std::string worstLine;
  while (true) {
    const bool ga = static_cast<bool>(std::getline(fa, la)), gb = static_cast<bool>(std::getline(fb, lb));
    if (!ga || !gb) {
      if (ga != gb) {
        std::printf("files differ in length after %lld lines\n", lines);
        ++differentText;
      }
      break;
    }
    ++lines;
    std::istringstream sa(la), sb(lb);
    std::string ta, tb;
    bool textDiffers = false;
    while (true) {
      const bool ha = static_cast<bool>(sa >> ta), hb = static_cast<bool>(sb >> tb);
      if (!ha || !hb) {
        textDiffers |= ha != hb;
        break;
      }
      double xa = 0, xb = 0;
      if (parseNumber(ta, xa) && parseNumber(tb, xb) &&
          (ta.find_first_of(".eE") != std::string::npos || tb.find_first_of(".eE") != std::string::npos)) {
        ++numbers;
        if (ta == tb) { ++identical; continue; }
        const double rel = std::abs(xa - xb) / std::max({std::abs(xa), std::abs(xb), 1e-300});
        if (rel > worst) { worst = rel; worstLine = la + "\n   vs " + lb; }
      } else if (ta != tb) {
        textDiffers = true;
      }
    }
    if (textDiffers && differentText++ < 5) std::printf("text differs, line %lld:\n  %s\n  %s\n", lines, la.c_str(), lb.c_str());
  }
  std::printf("%lld lines, %lld numbers, %lld bit-identical, largest relative difference %.3g, %lld lines with other text\n",
              lines, numbers, identical, worst, differentText);
  if (worst > 0) std::printf("largest at:\n  %s\n", worstLine.c_str());
  return differentText == 0 && worst <= 1e-12 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2) return write(argv[1]);
  if (argc == 4 && std::string(argv[1]) == "--compare") return compare(argv[2], argv[3]);
  std::fprintf(stderr, "usage: price_fingerprint OUT | price_fingerprint --compare A B\n");
  return 2;
}
