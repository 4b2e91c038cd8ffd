// One training update: rollout groups per composition, PPO with group advantages, PCGrad, SIL.
#include "policy/policy_trainer.h"

#include <algorithm>
#include <cmath>

#include "cost/cost_model.h"
#include "planning/construction_episode.h"
#include "planning/exhaustive_planner.h"
#include "planning/greedy_planner.h"
#include "planning/planner_run.h"
#include "planning/stage_edit_sweep.h"
#include "planning/stage_order_sweep.h"
#include "policy/gradient_projection.h"
#include "policy/group_advantage.h"
#include "policy/imitation_entry_codec.h"
#include "policy/policy_episode_view.h"
#include "policy/policy_network.h"
#include "policy/policy_rollout.h"
#include "policy/policy_state.h"
#include "policy/training_group.h"

namespace arachne {

struct TrainerOptimizer {
  torch::optim::Adam adam;
  explicit TrainerOptimizer(std::vector<torch::Tensor> params, double lr)
      : adam(std::move(params), torch::optim::AdamOptions(lr)) {}
};

struct PolicyTrainer::Problem {
  std::string key;
  const CostModel* cost = nullptr;
  std::unique_ptr<ConstructionEpisode> episode;
  std::unique_ptr<PolicyState> state;
  std::unique_ptr<PolicyEpisodeView> view;
  double last_mean = 0;  // mean return of the latest group (self-imitation keeps what beats it)
  double polished = -1;  // the best kept return when this problem was last polished
};

// One group's decisions on this rank (all of them on one process), with the weights each
// decision carries in the loss.
struct PolicyTrainer::Group {
  std::vector<const PolicyDecision*> decisions;
  std::vector<float> advantage;      // the rollout's group advantage, per decision
  std::vector<float> entropy_weight; // 1 / decisions of the decision's step
  std::vector<float> old_log_prob;
  size_t all_decisions = 0;          // of the whole group, over every rank
};

// One problem's demonstrations: the entries to offer, in order (greedy's, then exhaustive's).
struct PolicyTrainer::Demonstration {
  std::vector<ImitationEntry> entries;
  long long evaluations = 0;
  bool exhaustive_better = false;
};

namespace {

std::vector<float> flatParameters(const std::vector<torch::Tensor>& params) {
  std::vector<float> flat;
  for (const auto& p : params) {
    const auto v = p.detach().contiguous().view(-1);
    flat.insert(flat.end(), v.data_ptr<float>(), v.data_ptr<float>() + v.numel());
  }
  return flat;
}

void setParameters(const std::vector<torch::Tensor>& params, const std::vector<float>& flat) {
  torch::NoGradGuard noGrad;
  size_t offset = 0;
  for (auto p : params) {
    const int64_t n = p.numel();
    p.copy_(torch::from_blob(const_cast<float*>(flat.data() + offset), p.sizes(), torch::kFloat32));
    offset += static_cast<size_t>(n);
  }
}

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

PolicyTrainer::PolicyTrainer(std::shared_ptr<PolicyNetwork> network, TrainerOptions options, TrainingGroup* group)
    : network_(std::move(network)),
      options_(options),
      group_(group),
      optimizer_(std::make_unique<TrainerOptimizer>(network_->parameters(), options.learning_rate)),
      buffer_(options.imitation_capacity),
      rng_(options.seed) {
  // Identical weights everywhere, whatever each rank initialised or resumed; Adam's state is
  // still empty, so it is identical too.
  if (group_) {
    std::vector<float> weights = flatParameters(network_->parameters());
    group_->broadcast(weights, 0);
    setParameters(network_->parameters(), weights);
  }
}

std::mt19937_64 PolicyTrainer::rolloutRng(long long update, int rollout) const {
  return std::mt19937_64(splitmix64(splitmix64(options_.seed ^ splitmix64(static_cast<std::uint64_t>(update))) +
                                    static_cast<std::uint64_t>(rollout)));
}

PolicyTrainer::~PolicyTrainer() = default;

void PolicyTrainer::addProblem(const CostModel& cost, const std::string& key, bool withDemonstration) {
  auto p = std::make_unique<Problem>();
  p->key = key;
  p->cost = &cost;
  p->episode = std::make_unique<ConstructionEpisode>(cost);
  p->state = std::make_unique<PolicyState>(network_->config(), cost);
  p->view = std::make_unique<PolicyEpisodeView>(*p->state, *p->episode);
  if (options_.greedy_demonstrations && withDemonstration) {
    Demonstration d = demonstration(*p);
    accept(d);
  }
  problems_.push_back(std::move(p));
}

int PolicyTrainer::demonstrateProblems(const std::function<bool()>& stop) {
  if (!options_.greedy_demonstrations || network_->config().flat) return 0;
  const int count = static_cast<int>(problems_.size());
  if (!group_) {
    int done = 0;
    for (int i = 0; i < count && !(stop && stop()); ++i, ++done) {
      Demonstration d = demonstration(*problems_[static_cast<size_t>(i)]);
      accept(d);
    }
    return done;
  }
  // Greedy's and exhaustive's time differ by orders of magnitude between problems, so a fixed
  // split would leave ranks idle: each rank takes the next unclaimed problem until none is left.
  ByteWriter mine;
  while (!(stop && stop())) {
    const std::int64_t i = group_->claim("demonstrations");
    if (i >= count) break;
    Demonstration d = demonstration(*problems_[static_cast<size_t>(i)]);
    mine.u32(static_cast<std::uint32_t>(i));
    mine.i64(d.evaluations);
    mine.u8(d.exhaustive_better ? 1 : 0);
    mine.u32(static_cast<std::uint32_t>(d.entries.size()));
    for (const auto& e : d.entries) writeImitationEntry(mine, e);
  }
  std::vector<std::pair<std::uint32_t, Demonstration>> all;
  for (const std::string& bytes : group_->allGather(mine.data())) {
    ByteReader in(bytes);
    while (!in.done()) {
      const std::uint32_t i = in.u32();
      Demonstration d;
      d.evaluations = in.i64();
      d.exhaustive_better = in.u8() != 0;
      const std::uint32_t n = in.u32();
      for (std::uint32_t k = 0; k < n; ++k) d.entries.push_back(readImitationEntry(in));
      all.emplace_back(i, std::move(d));
    }
  }
  // Problem order, as one process offers them (the problems' buffers are distinct anyway).
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [i, d] : all) accept(d);
  return static_cast<int>(all.size());
}

PolicyTrainer::Demonstration PolicyTrainer::demonstration(Problem& p) const {
  Demonstration d;
  if (network_->config().flat) return d;  // the planners' filled templates are not flat-rl decisions
  PlannerBudget budget;
  budget.seconds = 0;  // greedy is deterministic and bounded; no time limit
  // One process has the machine to itself; ranks may share one, each with its own demonstrations.
  GreedyPlanner greedy(group_ ? 1 : 0);
  const double greedyThroughput = demonstrateWith(p, greedy, budget, d);
  if (p.cost->composition().totalGpus() > options_.exhaustive_demonstration_gpus) return d;
  // An evaluation budget, not a time one, so the demonstration does not depend on the machine.
  budget.evaluations = options_.exhaustive_demonstration_evaluations;
  ExhaustivePlanner exhaustive;
  d.exhaustive_better = demonstrateWith(p, exhaustive, budget, d) > greedyThroughput * (1 + 1e-9);
  return d;
}

void PolicyTrainer::accept(Demonstration& d) {
  evaluations_ += d.evaluations;
  if (d.exhaustive_better) ++exhaustive_better_;
  for (auto& e : d.entries) buffer_.offer(std::move(e));
}

double PolicyTrainer::demonstrateWith(Problem& p, Planner& planner, const PlannerBudget& budget, Demonstration& d) const {
  const CostModel& cost = *p.cost;
  const PlannerResult planned = planner.plan(cost, budget, options_.seed, {}, nullptr);
  d.evaluations += planned.stats.evaluations;
  if (!planned.found) return 0;
  std::vector<TemplateChoice> choices;
  for (const ConstructionStep& step : planned.construction) {
    TemplateChoice c;
    c.depth = static_cast<int>(step.placed.stages.size());
    for (const Stage& s : step.placed.stages) c.stages.push_back({cost.gpuIndex(s.gpu_type), s.tp});
    choices.push_back(std::move(c));
  }
  const PolicyRollout roll = replayPolicyRollout(*network_, *p.view, *p.episode, choices);
  d.evaluations += roll.evaluations;
  ImitationEntry e;
  if (entryOf(p, roll, e)) d.entries.push_back(std::move(e));
  return roll.throughput;
}

PolicyTrainer::Cloning PolicyTrainer::cloneDemonstrations(int epochs, const std::atomic<bool>* cancel,
                                                          const std::function<bool()>& outOfTime) {
  Cloning c;
  std::vector<const PolicyDecision*> all;
  for (const auto& p : problems_)
    for (const ImitationEntry* e : buffer_.imitationSet(p->key, p->state->summary(), 0.0, 1))
      if (e->composition_key == p->key)
        for (const auto& d : e->decisions) all.push_back(&d);
  c.decisions = all.size();
  if (all.empty()) return c;
  const size_t batch = static_cast<size_t>(std::max(1, options_.demonstration_batch));
  for (int epoch = 0; epoch < epochs; ++epoch) {
    if (cancel && cancel->load()) break;
    if (epoch > 0 && outOfTime && outOfTime()) break;
    std::shuffle(all.begin(), all.end(), rng_);
    double sum = 0;
    for (size_t begin = 0; begin < all.size(); begin += batch) {
      const std::vector<const PolicyDecision*> part(all.begin() + static_cast<std::ptrdiff_t>(begin),
                                                    all.begin() + static_cast<std::ptrdiff_t>(std::min(all.size(), begin + batch)));
      const PolicyEvaluation ev = network_->evaluate(part);
      const auto loss = -ev.log_prob.mean();
      optimizer_->adam.zero_grad();
      loss.backward();
      stepIfFinite();
      sum += loss.item<double>() * static_cast<double>(part.size());
    }
    const double mean = sum / static_cast<double>(all.size());
    if (epoch == 0) c.first_loss = mean;
    c.last_loss = mean;
    c.epochs = epoch + 1;
  }
  return c;
}

bool PolicyTrainer::entryOf(const Problem& p, const PolicyRollout& roll, ImitationEntry& e) const {
  if (roll.steps.empty() || roll.throughput <= 0) return false;
  e.composition_key = p.key;
  e.summary = p.state->summary();
  e.depth = roll.steps.front().choice.depth;
  e.return_value = roll.total_reward;
  for (const auto& step : roll.steps) e.decisions.insert(e.decisions.end(), step.decisions.begin(), step.decisions.end());
  return true;
}

void PolicyTrainer::offer(const Problem& p, const PolicyRollout& roll) {
  ImitationEntry e;
  if (entryOf(p, roll, e)) buffer_.offer(std::move(e));
}

int PolicyTrainer::problemCount() const { return static_cast<int>(problems_.size()); }

namespace {

std::vector<float> flatGradient(const std::vector<torch::Tensor>& params) {
  std::vector<float> flat;
  for (const auto& p : params) {
    const int64_t n = p.numel();
    if (!p.grad().defined()) {
      flat.insert(flat.end(), static_cast<size_t>(n), 0.0f);
      continue;
    }
    const auto g = p.grad().contiguous().view(-1);
    const float* data = g.data_ptr<float>();
    flat.insert(flat.end(), data, data + n);
  }
  return flat;
}

void setGradient(const std::vector<torch::Tensor>& params, const std::vector<float>& flat) {
  size_t offset = 0;
  for (auto p : params) {
    const int64_t n = p.numel();
    auto g = torch::from_blob(const_cast<float*>(flat.data() + offset), p.sizes(), torch::kFloat32).clone();
    p.mutable_grad() = g;
    offset += static_cast<size_t>(n);
  }
}

// What every rank needs of a rollout another rank ran: its group's advantages and the update's
// statistics need the return, the loss's mean needs the decision count.
struct RolloutSummary {
  double total_reward = 0, throughput = 0;
  long long evaluations = 0;
  size_t decisions = 0;
};

}  // namespace

UpdateStats PolicyTrainer::update() {
  UpdateStats stats;
  if (problems_.empty()) return stats;
  ++updates_;
  stats.update = updates_;
  stats.forced_depth_probability = options_.exploration.forcedDepthProbability(updates_ - 1);

  std::vector<Problem*> chosen;
  const int count = std::min<int>(options_.problems_per_update, static_cast<int>(problems_.size()));
  for (int i = 0; i < count; ++i) chosen.push_back(problems_[(next_++) % problems_.size()].get());

  // The update's rollouts, numbered group by group; this rank runs the block [first, last).
  const int groupSize = std::max(1, options_.group_size);
  const int total = count * groupSize;
  const int ranks = group_ ? group_->size() : 1, rank = group_ ? group_->rank() : 0;
  const int first = static_cast<int>(static_cast<long long>(total) * rank / ranks);
  const int last = static_cast<int>(static_cast<long long>(total) * (rank + 1) / ranks);
  const double forced = options_.exploration.forcedDepthProbability(updates_);
  std::vector<PolicyRollout> local;
  local.reserve(static_cast<size_t>(last - first));
  for (int j = first; j < last; ++j) {
    std::mt19937_64 rng = rolloutRng(updates_, j);
    RolloutOptions o;
    o.uniform_devices = j % groupSize == 0;  // one rollout per group explores GPU types uniformly
    o.force_first_depth = std::bernoulli_distribution(forced)(rng);
    Problem& p = *chosen[static_cast<size_t>(j / groupSize)];
    local.push_back(runPolicyRollout(*network_, *p.view, *p.episode, rng, o));
  }

  std::vector<RolloutSummary> summary(static_cast<size_t>(total));
  for (int j = first; j < last; ++j) {
    const PolicyRollout& roll = local[static_cast<size_t>(j - first)];
    summary[static_cast<size_t>(j)] = {roll.total_reward, roll.throughput, roll.evaluations,
                                       static_cast<size_t>(roll.decisions())};
  }
  // Another rank's rollouts: their summaries, and the entries that would change the buffer
  // (the buffers are identical on every rank at this point; see ImitationBuffer::wouldChange).
  std::vector<std::vector<ImitationEntry>> remote(static_cast<size_t>(total));
  if (group_) {
    ByteWriter mine;
    for (int j = first; j < last; ++j) {
      const PolicyRollout& roll = local[static_cast<size_t>(j - first)];
      const RolloutSummary& s = summary[static_cast<size_t>(j)];
      mine.u32(static_cast<std::uint32_t>(j));
      mine.f64(s.total_reward);
      mine.f64(s.throughput);
      mine.i64(s.evaluations);
      mine.i64(static_cast<std::int64_t>(s.decisions));
      ImitationEntry e;
      const bool send = entryOf(*chosen[static_cast<size_t>(j / groupSize)], roll, e) && buffer_.wouldChange(e);
      mine.u8(send ? 1 : 0);
      if (send) writeImitationEntry(mine, e);
    }
    const std::vector<std::string> all = group_->allGather(mine.data());
    for (int r = 0; r < ranks; ++r) {
      if (r == rank) continue;
      ByteReader in(all[static_cast<size_t>(r)]);
      while (!in.done()) {
        const std::uint32_t j = in.u32();
        if (j >= static_cast<std::uint32_t>(total)) throw std::runtime_error("distributed training: a peer sent a rollout of another update");
        RolloutSummary& s = summary[j];
        s.total_reward = in.f64();
        s.throughput = in.f64();
        s.evaluations = in.i64();
        s.decisions = static_cast<size_t>(in.i64());
        if (in.u8()) remote[j].push_back(readImitationEntry(in));
      }
    }
  }

  std::vector<Group> groups(static_cast<size_t>(count));
  double sum = 0;
  for (int k = 0; k < count; ++k) {
    Problem& p = *chosen[static_cast<size_t>(k)];
    std::vector<double> returns;
    for (int r = 0; r < groupSize; ++r) returns.push_back(summary[static_cast<size_t>(k * groupSize + r)].total_reward);
    const GroupAdvantages adv = groupAdvantages(returns);
    p.last_mean = adv.mean;
    Group& g = groups[static_cast<size_t>(k)];
    for (int r = 0; r < groupSize; ++r) {
      const int j = k * groupSize + r;
      const RolloutSummary& s = summary[static_cast<size_t>(j)];
      g.all_decisions += s.decisions;
      sum += s.throughput;
      stats.best_throughput = std::max(stats.best_throughput, s.throughput);
      ++stats.rollouts;
      stats.evaluations += s.evaluations;
      // In rollout order, as one process offers them.
      if (j < first || j >= last) {
        for (auto& e : remote[static_cast<size_t>(j)]) buffer_.offer(std::move(e));
        continue;
      }
      const PolicyRollout& roll = local[static_cast<size_t>(j - first)];
      for (const auto& step : roll.steps)
        for (const auto& d : step.decisions) {
          g.decisions.push_back(&d);
          g.advantage.push_back(static_cast<float>(adv.advantages[static_cast<size_t>(r)]));
          g.entropy_weight.push_back(1.0f / static_cast<float>(step.decisions.size()));
          g.old_log_prob.push_back(d.log_prob);
        }
      offer(p, roll);
    }
  }
  stats.mean_throughput = stats.rollouts ? sum / stats.rollouts : 0;
  evaluations_ += stats.evaluations;

  const auto params = network_->parameters();
  size_t width = 0;
  for (const auto& p : params) width += static_cast<size_t>(p.numel());
  for (int epoch = 0; epoch < options_.ppo_epochs; ++epoch) {
    // Row k: group k's gradient (this rank's part of it); then per group its loss and whether a
    // rank's part was not finite. Summed over the ranks, row k is the group's whole gradient.
    std::vector<float> rows(static_cast<size_t>(count) * width, 0.0f);
    std::vector<double> lossAndBad(2 * static_cast<size_t>(count), 0.0);
    for (int k = 0; k < count; ++k) {
      const Group& g = groups[static_cast<size_t>(k)];
      if (g.decisions.empty()) continue;
      const PolicyEvaluation ev = network_->evaluate(g.decisions);
      const auto advantage = torch::tensor(g.advantage);
      const auto oldLogp = torch::tensor(g.old_log_prob);
      const auto ratio = (ev.log_prob - oldLogp).exp();
      const auto clipped = ratio.clamp(1.0 - options_.clip, 1.0 + options_.clip);
      const auto objective = torch::min(ratio * advantage, clipped * advantage);
      const auto entropy = (ev.entropy * torch::tensor(g.entropy_weight)).sum() / static_cast<double>(groupSize);
      // The group's mean over all its decisions: this rank's share of the sum when the group
      // is split between ranks (the same value as the mean when it is whole here).
      const auto meanObjective = g.decisions.size() == g.all_decisions
                                     ? objective.mean()
                                     : objective.sum() / static_cast<double>(g.all_decisions);
      const auto loss = -meanObjective - options_.entropy_coef * entropy;
      optimizer_->adam.zero_grad();
      loss.backward();
      std::vector<float> gradient = flatGradient(params);
      // One group's non-finite gradient (an action whose log-probability underflowed to -inf)
      // would make every weight NaN through the sum; that group sits this epoch out.
      if (!std::all_of(gradient.begin(), gradient.end(), [](float v) { return std::isfinite(v); })) {
        lossAndBad[2 * static_cast<size_t>(k) + 1] = 1;
        continue;
      }
      std::copy(gradient.begin(), gradient.end(), rows.begin() + static_cast<std::ptrdiff_t>(static_cast<size_t>(k) * width));
      lossAndBad[2 * static_cast<size_t>(k)] = loss.item<double>();
    }
    if (group_) {
      group_->allReduceSum(rows);
      group_->allReduceSum(lossAndBad);
    }
    std::vector<std::vector<float>> gradients;
    double totalLoss = 0;
    for (int k = 0; k < count; ++k) {
      if (groups[static_cast<size_t>(k)].all_decisions == 0) continue;
      if (lossAndBad[2 * static_cast<size_t>(k) + 1] > 0) {
        ++non_finite_;
        continue;
      }
      const auto begin = rows.begin() + static_cast<std::ptrdiff_t>(static_cast<size_t>(k) * width);
      gradients.emplace_back(begin, begin + static_cast<std::ptrdiff_t>(width));
      totalLoss += lossAndBad[2 * static_cast<size_t>(k)];
    }
    if (gradients.empty()) break;
    if (options_.project_gradients && gradients.size() > 1)
      stats.gradient_conflicts += projectConflictingGradients(gradients, rng_).conflicts;
    std::vector<float> totalGradient(width, 0.0f);
    for (const auto& g : gradients)
      for (size_t i = 0; i < g.size(); ++i) totalGradient[i] += g[i];
    setGradient(params, totalGradient);
    stepIfFinite();
    stats.loss = totalLoss;
  }

  if (options_.polish_evaluations > 0) stats.evaluations += polish(chosen);
  if (options_.imitation_interval > 0 && updates_ % options_.imitation_interval == 0) {
    imitate(chosen);
    stats.imitated = true;
  }
  return stats;
}

// Every rank polishes the same entries of identical buffers with deterministic searches, so the
// ranks stay identical without exchanging anything.
long long PolicyTrainer::polish(const std::vector<Problem*>& problems) {
  long long fills = 0;
  for (Problem* p : problems) {
    const auto best = buffer_.imitationSet(p->key, p->state->summary(), 0.0, 1);
    if (best.empty() || best.front()->composition_key != p->key) continue;
    const ImitationEntry& entry = *best.front();
    if (entry.return_value == p->polished) continue;  // polished as it stands
    p->polished = entry.return_value;
    // The entry's decisions as templates: a depth, then a GPU type and a TP degree per stage.
    std::vector<TemplateChoice> construction;
    for (const PolicyDecision& d : entry.decisions) {
      if (d.kind == DecisionKind::Depth) {
        if (d.action == 0) break;
        construction.push_back({p->view->depthOf(d.action), {}});
      } else if (d.kind == DecisionKind::Device && !construction.empty()) {
        construction.back().stages.push_back({p->view->gpuOf(d.action), 1});
      } else if (d.kind == DecisionKind::Tp && !construction.empty() && !construction.back().stages.empty()) {
        construction.back().stages.back().tp = p->view->tpOf(d.action);
      }
    }
    while (!construction.empty() && !construction.back().complete()) construction.pop_back();
    if (construction.empty()) continue;
    PlannerBudget budget;
    budget.seconds = 0;  // an evaluation budget only: the result must not depend on the machine
    budget.evaluations = options_.polish_evaluations;
    const ProgressCallback none;
    PlannerRun run(budget, none, nullptr);
    ConstructionEpisode& episode = *p->episode;
    episode.reset();
    for (const TemplateChoice& t : construction) {
      if (episode.done()) break;
      episode.step(t);
      run.offer(episode);
    }
    const double before = run.bestThroughput();
    run.addEvaluations(episode.evaluations());
    StageOrderSweep ordered = sweepStageOrders(episode, run, construction);
    const StageEditSweep edited = sweepStageEdits(episode, run, ordered.best);
    if (run.bestThroughput() > before * (1 + 1e-9)) ordered = sweepStageOrders(episode, run, edited.best);
    fills += run.evaluations();
    if (run.bestThroughput() <= before * (1 + 1e-9)) continue;
    // ordered.best: the last sweep's best, which started from every earlier sweep's best.
    const PolicyRollout roll = replayPolicyRollout(*network_, *p->view, episode, ordered.best);
    fills += roll.evaluations;
    if (roll.throughput <= before * (1 + 1e-9)) continue;
    ImitationEntry e;
    if (entryOf(*p, roll, e) && buffer_.offer(std::move(e))) ++polish_improved_;
  }
  evaluations_ += fills;
  return fills;
}

// Self-imitation: raise the log-probability of the best kept rollouts of these compositions
// (those above the latest group mean) and of the best rollouts of similar compositions.
double PolicyTrainer::imitate(const std::vector<Problem*>& problems) {
  std::vector<const PolicyDecision*> decisions;
  for (const Problem* p : problems) {
    const auto entries = buffer_.imitationSet(p->key, p->state->summary(), options_.imitation_radius,
                                              static_cast<size_t>(options_.imitation_entries));
    for (const ImitationEntry* e : entries) {
      if (e->composition_key == p->key && e->return_value <= p->last_mean) continue;
      for (const auto& d : e->decisions) decisions.push_back(&d);
    }
  }
  if (decisions.empty()) return 0;
  const PolicyEvaluation ev = network_->evaluate(decisions);
  const auto loss = -options_.imitation_coef * ev.log_prob.mean();
  optimizer_->adam.zero_grad();
  loss.backward();
  stepIfFinite();
  return loss.item<double>();
}

void PolicyTrainer::stepIfFinite() {
  const auto params = network_->parameters();
  for (const auto& p : params)
    if (p.grad().defined() && !torch::isfinite(p.grad()).all().item<bool>()) {
      ++non_finite_;
      optimizer_->adam.zero_grad();
      return;
    }
  torch::nn::utils::clip_grad_norm_(params, options_.max_grad_norm);
  optimizer_->adam.step();
}

}  // namespace arachne
