// One training update: rollout groups per composition, PPO with group advantages, PCGrad, SIL.
#include "policy/policy_trainer.h"

#include <algorithm>
#include <cmath>

#include "cost/cost_model.h"
#include "planning/construction_episode.h"
#include "planning/exhaustive_planner.h"
#include "planning/greedy_planner.h"
#include "policy/gradient_projection.h"
#include "policy/group_advantage.h"
#include "policy/policy_episode_view.h"
#include "policy/policy_network.h"
#include "policy/policy_rollout.h"
#include "policy/policy_state.h"

namespace arachne {

struct TrainerOptimizer {
  torch::optim::Adam adam;
  explicit TrainerOptimizer(std::vector<torch::Tensor> params, double lr)
      : adam(std::move(params), torch::optim::AdamOptions(lr)) {}
};

struct PolicyTrainer::Problem {
  std::string key;
  std::unique_ptr<ConstructionEpisode> episode;
  std::unique_ptr<PolicyState> state;
  std::unique_ptr<PolicyEpisodeView> view;
  double last_mean = 0;  // mean return of the latest group (self-imitation keeps what beats it)
};

// One group's decisions, with the weights each decision carries in the loss.
struct PolicyTrainer::Group {
  std::vector<PolicyRollout> rollouts;
  std::vector<const PolicyDecision*> decisions;
  std::vector<float> advantage;      // the rollout's group advantage, per decision
  std::vector<float> entropy_weight; // 1 / decisions of the decision's step
  std::vector<float> old_log_prob;
  long long evaluations = 0;
};

PolicyTrainer::PolicyTrainer(std::shared_ptr<PolicyNetwork> network, TrainerOptions options)
    : network_(std::move(network)),
      options_(options),
      optimizer_(std::make_unique<TrainerOptimizer>(network_->parameters(), options.learning_rate)),
      buffer_(options.imitation_capacity),
      rng_(options.seed) {}

PolicyTrainer::~PolicyTrainer() = default;

void PolicyTrainer::addProblem(const CostModel& cost, const std::string& key, bool withDemonstration) {
  auto p = std::make_unique<Problem>();
  p->key = key;
  p->episode = std::make_unique<ConstructionEpisode>(cost);
  p->state = std::make_unique<PolicyState>(network_->config(), cost);
  p->view = std::make_unique<PolicyEpisodeView>(*p->state, *p->episode);
  if (options_.greedy_demonstrations && withDemonstration) demonstrate(*p, cost);
  problems_.push_back(std::move(p));
}

void PolicyTrainer::demonstrate(Problem& p, const CostModel& cost) {
  if (network_->config().flat) return;  // the planners' filled templates are not flat-rl decisions
  PlannerBudget budget;
  budget.seconds = 0;  // greedy is deterministic and bounded; no time limit
  GreedyPlanner greedy;
  const double greedyThroughput = demonstrateWith(p, cost, greedy, budget);
  if (cost.composition().totalGpus() > options_.exhaustive_demonstration_gpus) return;
  // An evaluation budget, not a time one, so the demonstration does not depend on the machine.
  budget.evaluations = options_.exhaustive_demonstration_evaluations;
  ExhaustivePlanner exhaustive;
  if (demonstrateWith(p, cost, exhaustive, budget) > greedyThroughput * (1 + 1e-9)) ++exhaustive_better_;
}

double PolicyTrainer::demonstrateWith(Problem& p, const CostModel& cost, Planner& planner, const PlannerBudget& budget) {
  const PlannerResult planned = planner.plan(cost, budget, options_.seed, {}, nullptr);
  evaluations_ += planned.stats.evaluations;
  if (!planned.found) return 0;
  std::vector<TemplateChoice> choices;
  for (const ConstructionStep& step : planned.construction) {
    TemplateChoice c;
    c.depth = static_cast<int>(step.placed.stages.size());
    for (const Stage& s : step.placed.stages) c.stages.push_back({cost.gpuIndex(s.gpu_type), s.tp});
    choices.push_back(std::move(c));
  }
  const PolicyRollout roll = replayPolicyRollout(*network_, *p.view, *p.episode, choices);
  evaluations_ += roll.evaluations;
  offer(p, roll);
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

void PolicyTrainer::offer(const Problem& p, const PolicyRollout& roll) {
  if (roll.steps.empty() || roll.throughput <= 0) return;
  ImitationEntry e;
  e.composition_key = p.key;
  e.summary = p.state->summary();
  e.depth = roll.steps.front().choice.depth;
  e.return_value = roll.total_reward;
  for (const auto& step : roll.steps) e.decisions.insert(e.decisions.end(), step.decisions.begin(), step.decisions.end());
  buffer_.offer(std::move(e));
}

int PolicyTrainer::problemCount() const { return static_cast<int>(problems_.size()); }

PolicyTrainer::Group PolicyTrainer::collect(Problem& p) {
  Group g;
  const double forced = options_.exploration.forcedDepthProbability(updates_);
  std::bernoulli_distribution force(forced);
  std::vector<double> returns;
  for (int r = 0; r < options_.group_size; ++r) {
    RolloutOptions o;
    o.uniform_devices = r == 0;  // one rollout per group explores GPU types uniformly
    o.force_first_depth = force(rng_);
    g.rollouts.push_back(runPolicyRollout(*network_, *p.view, *p.episode, rng_, o));
    returns.push_back(g.rollouts.back().total_reward);
    g.evaluations += g.rollouts.back().evaluations;
  }
  const GroupAdvantages adv = groupAdvantages(returns);
  p.last_mean = adv.mean;
  for (size_t r = 0; r < g.rollouts.size(); ++r) {
    const PolicyRollout& roll = g.rollouts[r];
    for (const auto& step : roll.steps)
      for (const auto& d : step.decisions) {
        g.decisions.push_back(&d);
        g.advantage.push_back(static_cast<float>(adv.advantages[r]));
        g.entropy_weight.push_back(1.0f / static_cast<float>(step.decisions.size()));
        g.old_log_prob.push_back(d.log_prob);
      }
    offer(p, roll);
  }
  return g;
}

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

  std::vector<Group> groups;
  double sum = 0;
  for (Problem* p : chosen) {
    groups.push_back(collect(*p));
    for (const auto& r : groups.back().rollouts) {
      sum += r.throughput;
      stats.best_throughput = std::max(stats.best_throughput, r.throughput);
      ++stats.rollouts;
    }
    stats.evaluations += groups.back().evaluations;
  }
  stats.mean_throughput = stats.rollouts ? sum / stats.rollouts : 0;
  evaluations_ += stats.evaluations;

  const auto params = network_->parameters();
  for (int epoch = 0; epoch < options_.ppo_epochs; ++epoch) {
    std::vector<std::vector<float>> gradients;
    double totalLoss = 0;
    for (const Group& g : groups) {
      if (g.decisions.empty()) continue;
      const PolicyEvaluation ev = network_->evaluate(g.decisions);
      const auto advantage = torch::tensor(g.advantage);
      const auto oldLogp = torch::tensor(g.old_log_prob);
      const auto ratio = (ev.log_prob - oldLogp).exp();
      const auto clipped = ratio.clamp(1.0 - options_.clip, 1.0 + options_.clip);
      const auto objective = torch::min(ratio * advantage, clipped * advantage);
      const auto entropy = (ev.entropy * torch::tensor(g.entropy_weight)).sum() /
                           static_cast<double>(std::max<size_t>(1, g.rollouts.size()));
      const auto loss = -objective.mean() - options_.entropy_coef * entropy;
      optimizer_->adam.zero_grad();
      loss.backward();
      std::vector<float> gradient = flatGradient(params);
      // One group's non-finite gradient (an action whose log-probability underflowed to -inf)
      // would make every weight NaN through the sum; that group sits this epoch out.
      if (!std::all_of(gradient.begin(), gradient.end(), [](float v) { return std::isfinite(v); })) {
        ++non_finite_;
        continue;
      }
      gradients.push_back(std::move(gradient));
      totalLoss += loss.item<double>();
    }
    if (gradients.empty()) break;
    if (options_.project_gradients && gradients.size() > 1)
      stats.gradient_conflicts += projectConflictingGradients(gradients, rng_).conflicts;
    std::vector<float> total(gradients.front().size(), 0.0f);
    for (const auto& g : gradients)
      for (size_t i = 0; i < g.size(); ++i) total[i] += g[i];
    setGradient(params, total);
    stepIfFinite();
    stats.loss = totalLoss;
  }

  if (options_.imitation_interval > 0 && updates_ % options_.imitation_interval == 0) {
    imitate(chosen);
    stats.imitated = true;
  }
  return stats;
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
