// WhatIfSession: hand edits of a plan, re-placed on nodes and re-priced by the cost model.
#include "what_if_session.h"

#include <QCoreApplication>
#include <algorithm>
#include <map>

#include "catalog/gpu_catalog.h"
#include "commands/edit_plan_command.h"
#include "cost/batch_split.h"
#include "cost/cost_model.h"
#include "planning/free_gpus.h"
#include "planning/node_allocator.h"
#include "profile/analytic_profiler.h"
#include "profile/profile_set.h"
#include "what_if_memory.h"

namespace arachne::gui {

WhatIfSession::WhatIfSession(const GpuCatalog& catalog, QObject* parent) : QObject(parent), catalog_(catalog) {}

WhatIfSession::~WhatIfSession() = default;

void WhatIfSession::load(const Composition& composition, const Model& model, const TrainingSpec& spec,
                         const Plan& plan) {
  undo_.clear();
  cost_.reset();
  composition_ = composition;
  model_ = model;
  spec_ = spec;
  // The same profiles the planner's backend made, so the editor's numbers are the plan's.
  profiles_ = std::make_unique<ProfileSet>(makeAnalyticProfiles(catalog_, composition_.gpuTypes(), model_, spec_));
  cost_ = std::make_unique<CostModel>(catalog_, composition_, model_, spec_, *profiles_);
  planner_ = plan;
  plannerReport_ = cost_->price(planner_, true);
  install(planner_);
}

void WhatIfSession::unload() {
  undo_.clear();
  cost_.reset();
  profiles_.reset();
  planner_ = plan_ = Plan{};
  plannerReport_ = report_ = PlanReport{};
  memory_.reset();
  emit changed();
}

namespace {

// The batch split follows the edit, as the planner's fill would: the cost model's split. When the
// cost model stopped before it (an over-committed node, a missing profile), the counts of the
// plan before the edit stayed, e.g. 8 replicas x 128 micro-batches of a 512 batch. A lone
// template's split does not depend on its speed (the fewest micro-batches that cover the batch),
// so it is made here as splitBatch makes it; several templates share the batch by their speeds,
// which were not timed, so any count would be made up: they get none (0, "not split").
void followBatchSplit(Plan& plan, const PlanReport& report, long long globalBatch) {
  if (!report.templates.empty()) {
    for (size_t i = 0; i < plan.templates.size() && i < report.templates.size(); ++i)
      plan.templates[i].micro_batches = report.templates[i].micro_batches;
    return;
  }
  for (Template& t : plan.templates) t.micro_batches = 0;
  if (plan.templates.size() != 1) return;
  Template& t = plan.templates.front();
  // One micro-batch per replica must fit in the batch (as splitBatch asks; and no int overflow).
  if (t.replicas < 1 || t.micro_batch < 1 || static_cast<long long>(t.replicas) * t.micro_batch > globalBatch) return;
  const double perMicroBatch = 1, fixed = 0;  // one template: its speed does not matter
  const int weight = t.replicas * t.micro_batch;
  int m = 0;
  if (splitBatch(&perMicroBatch, &fixed, &weight, 1, globalBatch, &m)) t.micro_batches = m;
}

}  // namespace

void WhatIfSession::install(const Plan& plan) {
  plan_ = plan;
  report_ = cost_ ? cost_->price(plan_, true) : PlanReport{};
  followBatchSplit(plan_, report_, spec_.global_batch);
  memory_ = cost_ ? arachne::gui::memoryFigures(*cost_, plan_, report_) : std::nullopt;
  emit changed();
}

int WhatIfSession::largestNode(const std::string& gpuType) const {
  int largest = 1;
  for (const Node& n : composition_.nodes())
    if (n.gpu_type == gpuType) largest = std::max(largest, n.gpus);
  return largest;
}

std::vector<int> WhatIfSession::tpChoices(int t, int s) const {
  std::vector<int> out;
  if (!stageProblem(t, s).isEmpty()) return out;
  const int largest = largestNode(plan_.templates[static_cast<size_t>(t)].stages[static_cast<size_t>(s)].gpu_type);
  for (int k = 1; k <= largest && k <= kMaxTp; k *= 2) out.push_back(k);
  return out;
}

std::vector<int> WhatIfSession::microBatchChoices() const {
  if (!profiles_) return {};
  std::vector<int> out;
  for (const std::string& type : composition_.gpuTypes())
    for (int m : profiles_->microBatches(type, 1))
      if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
  std::sort(out.begin(), out.end());
  return out;
}

int WhatIfSession::maxDepth() const { return std::min(kMaxDepth, model_.layerCount()); }

namespace {
QString counted(int n, const char* one, const char* many) {
  return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
}
}  // namespace

QString WhatIfSession::templateProblem(int j) const {
  const int n = static_cast<int>(plan_.templates.size());
  if (j >= 0 && j < n) return {};
  return QStringLiteral("template %1 does not exist: the plan has %2").arg(j + 1).arg(counted(n, "template", "templates"));
}

QString WhatIfSession::stageProblem(int j, int s) const {
  if (QString p = templateProblem(j); !p.isEmpty()) return p;
  const int depth = plan_.templates[static_cast<size_t>(j)].depth();
  if (s >= 0 && s < depth) return {};
  return QStringLiteral("stage %1 does not exist: template %2 has %3").arg(s + 1).arg(j + 1).arg(counted(depth, "stage", "stages"));
}

QString WhatIfSession::tpProblem(int j, int s, int tp) const {
  if (QString p = stageProblem(j, s); !p.isEmpty()) return p;
  const std::vector<int> choices = tpChoices(j, s);
  if (std::find(choices.begin(), choices.end(), tp) != choices.end()) return {};
  // tpChoices' rule, the part this TP breaks: a TP group fits in one node of the stage's type.
  const QString type = QString::fromStdString(plan_.templates[static_cast<size_t>(j)].stages[static_cast<size_t>(s)].gpu_type);
  const int largest = largestNode(type.toStdString());
  const QString rule = tp > largest ? QStringLiteral("the largest %1 node has %2").arg(type, counted(largest, "GPU", "GPUs"))
                       : tp > kMaxTp ? QStringLiteral("the editor offers TP up to %1").arg(kMaxTp)
                                     : QStringLiteral("TP is a power of two");
  QStringList offered;
  for (int k : choices) offered << QString::number(k);
  return QStringLiteral("TP %1 is not offered for stage %2 of template %3: %4 (it can take TP %5)")
      .arg(tp).arg(s + 1).arg(j + 1).arg(rule, offered.join(QStringLiteral(", ")));
}

QString WhatIfSession::depthProblem(int j, int depth) const {
  if (QString p = templateProblem(j); !p.isEmpty()) return p;
  if (depth >= 1 && depth <= maxDepth()) return {};
  return QStringLiteral("depth %1 is out of range: a template has 1 to %2 stages here (the editor's limit is %3, and "
                        "every stage holds at least one of %4's %5 layers)")
      .arg(depth).arg(maxDepth()).arg(kMaxDepth).arg(QString::fromStdString(model_.id)).arg(model_.layerCount());
}

QString WhatIfSession::microBatchProblem(int j, int mb) const {
  if (QString p = templateProblem(j); !p.isEmpty()) return p;
  if (mb >= 1) return {};
  return QStringLiteral("micro-batch %1 is out of range: a micro-batch holds at least one sequence").arg(mb);
}

QString WhatIfSession::replicasProblem(int j, int replicas) const {
  if (QString p = templateProblem(j); !p.isEmpty()) return p;
  if (replicas >= 1 && replicas <= kMaxReplicas) return {};
  return QStringLiteral("replica count %1 is out of range: a template has 1 to %2 replicas").arg(replicas).arg(kMaxReplicas);
}

void WhatIfSession::retile(Template& t) const {
  for (Stage& s : t.stages) {
    if (!s.expert_tiling) continue;
    ExpertTiling e = *s.expert_tiling;
    const int w = s.tp * t.replicas;
    if (w % (e.ep * e.etp) == 0) {
      e.edp = w / (e.ep * e.etp);
      if (cost_->tilingWhy(e, s.tp, t.replicas).empty()) {
        s.expert_tiling = e;
        continue;
      }
    }
    s.expert_tiling.reset();  // the cost model's default tiling for the new shape
  }
}

void WhatIfSession::place(Plan& plan, int j) const {
  std::map<int, int> used;
  for (size_t k = 0; k < plan.templates.size(); ++k) {
    if (static_cast<int>(k) == j) continue;
    for (const Stage& s : plan.templates[k].stages)
      for (int n : s.node_ids) used[n] += s.tp;
  }
  std::vector<Node> left;
  for (const Node& n : composition_.nodes()) {
    Node m = n;
    m.gpus = std::max(0, n.gpus - used[n.id]);
    left.push_back(m);
  }
  FreeGpus free(left);
  Template& t = plan.templates[static_cast<size_t>(j)];
  TemplateChoice c{t.depth(), {}};
  for (const Stage& s : t.stages) c.stages.push_back({free.typeIndex(s.gpu_type), s.tp});
  std::vector<std::vector<int>> nodes;
  const bool fits = std::all_of(c.stages.begin(), c.stages.end(), [](const StageChoice& sc) { return sc.gpu >= 0; }) &&
                    NodeAllocator::allocate(free, c, t.replicas, nodes);
  for (size_t s = 0; s < t.stages.size(); ++s) {
    Stage& st = t.stages[s];
    st.node_ids.clear();
    if (fits) {
      st.node_ids = nodes[s];
      continue;
    }
    // Round-robin over the type's nodes: the cost model then reports the over-commitment.
    std::vector<int> ofType;
    for (const Node& n : composition_.nodes())
      if (n.gpu_type == st.gpu_type) ofType.push_back(n.id);
    for (int r = 0; r < t.replicas; ++r)
      st.node_ids.push_back(ofType.empty() ? -1 : ofType[static_cast<size_t>(r) % ofType.size()]);
  }
}

bool WhatIfSession::push(int field, int j, int s, Plan after, const QString& text) {
  if (after == plan_) return false;
  undo_.push(new EditPlanCommand([this](const Plan& p) { install(p); }, static_cast<EditPlanCommand::Field>(field),
                                 j, s, plan_, std::move(after), text));
  return true;
}

bool WhatIfSession::setTp(int j, int s, int tp) {
  if (!tpProblem(j, s, tp).isEmpty()) return false;
  Plan p = plan_;
  Template& t = p.templates[static_cast<size_t>(j)];
  if (t.stages[static_cast<size_t>(s)].tp == tp) return false;
  t.stages[static_cast<size_t>(s)].tp = tp;
  retile(t);
  place(p, j);
  return push(static_cast<int>(EditPlanCommand::Field::Tp), j, s, std::move(p),
              tr("Template %1, stage %2: TP %3").arg(j + 1).arg(s + 1).arg(tp));
}

bool WhatIfSession::setDepth(int j, int depth) {
  if (!depthProblem(j, depth).isEmpty()) return false;
  Plan p = plan_;
  Template& t = p.templates[static_cast<size_t>(j)];
  if (t.depth() == depth) return false;
  // New stages copy the last stage's GPU type and TP; the layers are then split evenly by count.
  while (t.depth() < depth) t.stages.push_back(t.stages.back());
  t.stages.resize(static_cast<size_t>(depth));
  const int layers = model_.layerCount();
  for (int s = 0, first = 0; s < depth; ++s) {
    const int n = layers / depth + (s < layers % depth ? 1 : 0);
    t.stages[static_cast<size_t>(s)].first_layer = first;
    t.stages[static_cast<size_t>(s)].last_layer = first + n - 1;
    first += n;
  }
  retile(t);
  place(p, j);
  return push(static_cast<int>(EditPlanCommand::Field::Depth), j, -1, std::move(p),
              tr("Template %1: depth %2").arg(j + 1).arg(depth));
}

bool WhatIfSession::setStageLayers(int j, int s, int layers) {
  if (j < 0 || j >= static_cast<int>(plan_.templates.size())) return false;
  Plan p = plan_;
  Template& t = p.templates[static_cast<size_t>(j)];
  if (s < 0 || s + 1 >= t.depth()) return false;  // the last stage takes what is left
  Stage& a = t.stages[static_cast<size_t>(s)];
  Stage& b = t.stages[static_cast<size_t>(s) + 1];
  const int total = (a.last_layer - a.first_layer + 1) + (b.last_layer - b.first_layer + 1);
  if (layers < 1 || layers >= total || layers == a.last_layer - a.first_layer + 1) return false;
  a.last_layer = a.first_layer + layers - 1;
  b.first_layer = a.last_layer + 1;
  return push(static_cast<int>(EditPlanCommand::Field::LayerSplit), j, s, std::move(p),
              tr("Template %1, stage %2: %3 layers").arg(j + 1).arg(s + 1).arg(layers));
}

bool WhatIfSession::setMicroBatch(int j, int mb) {
  if (!microBatchProblem(j, mb).isEmpty()) return false;
  Plan p = plan_;
  if (p.templates[static_cast<size_t>(j)].micro_batch == mb) return false;
  p.templates[static_cast<size_t>(j)].micro_batch = mb;
  return push(static_cast<int>(EditPlanCommand::Field::MicroBatch), j, -1, std::move(p),
              tr("Template %1: micro-batch %2").arg(j + 1).arg(mb));
}

bool WhatIfSession::setReplicas(int j, int replicas) {
  if (!replicasProblem(j, replicas).isEmpty()) return false;
  Plan p = plan_;
  Template& t = p.templates[static_cast<size_t>(j)];
  if (t.replicas == replicas) return false;
  t.replicas = replicas;
  retile(t);
  place(p, j);
  return push(static_cast<int>(EditPlanCommand::Field::Replicas), j, -1, std::move(p),
              tr("Template %1: %2 replicas").arg(j + 1).arg(replicas));
}

bool WhatIfSession::resetToPlanner() {
  return push(static_cast<int>(EditPlanCommand::Field::Reset), -1, -1, planner_, tr("Back to the planner's plan"));
}

}  // namespace arachne::gui
