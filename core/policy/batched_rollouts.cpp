// Lockstep policy rollouts: each rollout is a cursor that runs until it needs an answer the
// memo does not have; a round then asks the network for all of them at once, kind by kind.
#include "policy/batched_rollouts.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <unordered_map>

#include "cost/cost_model.h"
#include "policy/decision_memo.h"
#include "policy/exploration_schedule.h"
#include "policy/flat_episode_view.h"
#include "policy/policy_episode_view.h"
#include "policy/policy_inference.h"

namespace arachne {

namespace {

void appendInt(std::string& k, int v, char separator) {
  k += std::to_string(v);
  k += separator;
}

// log-probabilities of the allowed entries of `logits` (-inf elsewhere), as log_softmax.
std::vector<double> logSoftmax(const std::vector<double>& logits, double temperature) {
  double top = -std::numeric_limits<double>::infinity();
  for (double v : logits) top = std::max(top, v / temperature);
  double sum = 0;
  for (double v : logits)
    if (std::isfinite(v)) sum += std::exp(v / temperature - top);
  const double lse = top + std::log(sum);
  std::vector<double> out(logits.size());
  for (size_t i = 0; i < logits.size(); ++i) out[i] = logits[i] / temperature - lse;
  return out;
}

// What a cursor needs next.
enum class Next { Depth, Device, Tp, Layers, MicroBatch, Replicas, Step };

DecisionKind kindOf(Next n) {
  switch (n) {
    case Next::Depth: return DecisionKind::Depth;
    case Next::Device: return DecisionKind::Device;
    case Next::Tp: return DecisionKind::Tp;
    case Next::Layers: return DecisionKind::Layers;
    case Next::MicroBatch: return DecisionKind::MicroBatch;
    default: return DecisionKind::Replicas;
  }
}

// A decision that missed the memo, with the inputs the network needs.
struct Request {
  std::string key;
  PolicyDecision decision;                       // context, candidates, mask (and the state for depth)
  std::shared_ptr<const DecisionAnswer> step;    // the step's depth answer (its h), for the rest
  std::shared_ptr<const DecisionAnswer> answer;  // filled by the round
};

// One rollout in flight.
struct Cursor {
  explicit Cursor(const ConstructionEpisode& prototype) : episode(prototype) {}
  ConstructionEpisode episode;
  bool active = false;
  size_t job = 0;
  const RolloutOptions* options = nullptr;
  std::mt19937_64 rng;
  size_t prefixed = 0;
  std::string history;
  Next next = Next::Depth;
  RolloutStep step;
  std::shared_ptr<const DecisionAnswer> stepAnswer;  // this step's depth answer
  int gpu = -1;                                      // the current stage's episode GPU type
  bool noMicroBatch = false;                         // flat-rl: no micro-batch size is possible
  std::shared_ptr<const DecisionAnswer> answer;      // the answer to the pending request
  int request = -1;                                  // index into the round's requests
  BatchedRollout out;
};

}  // namespace

void BatchedRollouts::appendStep(std::string& k, const TemplateChoice& choice, const TemplateArithmetic* a) {
  appendInt(k, choice.depth, ':');
  for (const StageChoice& s : choice.stages) {
    appendInt(k, s.gpu, ',');
    appendInt(k, s.tp, ';');
  }
  if (a) {
    for (int l : a->layers) appendInt(k, l, ',');
    appendInt(k, a->micro_batch, 'm');
    appendInt(k, a->replicas, 'r');
  }
  k += '|';
}

namespace {

// The rollouts of one thread.
class Worker {
 public:
  Worker(const PolicyInference& network, const PolicyEpisodeView& view, const ConstructionEpisode& prototype,
         DecisionMemo* memo, int slots)
      : network_(network), view_(view), memo_(memo) {
    if (network.config().flat) flat_ = std::make_unique<FlatEpisodeView>(view, prototype);
    for (int i = 0; i < slots; ++i) cursors_.push_back(std::make_unique<Cursor>(prototype));
  }

  // Starts jobs from `claim` in free slots, advances every cursor to its next question, answers
  // them in one batched pass per kind, hands finished rollouts to `done`. False when no cursor is
  // active and `claim` has no job left.
  template <typename Claim, typename Done>
  bool round(const std::vector<RolloutJob>& jobs, const Claim& claim, const Done& done) {
    requests_.clear();
    index_.clear();
    bool any = false;
    for (auto& c : cursors_) {
      while (true) {
        if (!c->active) {
          size_t j = 0;
          if (!claim(j)) break;
          start(*c, j, jobs[j]);
        }
        if (advance(*c)) break;  // waits for an answer
        done(c->job, std::move(c->out));
        c->active = false;
      }
      any = any || c->active;
    }
    if (!any) return false;
    answer();
    for (auto& c : cursors_)
      if (c->active && c->request >= 0) {
        c->answer = requests_[static_cast<size_t>(c->request)].answer;
        c->request = -1;
      }
    return true;
  }

 private:
  void start(Cursor& c, size_t job, const RolloutJob& j) {
    c.active = true;
    c.job = job;
    c.options = &j.options;
    c.rng.seed(j.seed);
    c.prefixed = 0;
    c.history.clear();
    c.next = Next::Depth;
    c.step = RolloutStep{};
    c.stepAnswer.reset();
    c.answer.reset();
    c.request = -1;
    c.noMicroBatch = false;
    c.out = BatchedRollout{};
    c.episode.reset();
  }

  std::string key(const Cursor& c) const {
    std::string k = c.history;
    const TemplateChoice& ch = c.step.choice;
    const TemplateArithmetic& a = c.step.arithmetic;
    switch (c.next) {
      case Next::Depth: k += 'D'; break;
      case Next::Device: k += 'V'; appendInt(k, ch.depth, ':'); break;
      case Next::Tp: k += 'T'; appendInt(k, ch.depth, ':'); appendInt(k, c.gpu, 'g'); break;
      case Next::Layers: k += 'L'; appendInt(k, ch.depth, ':'); break;
      case Next::MicroBatch: k += 'M'; appendInt(k, ch.depth, ':'); break;
      case Next::Replicas: k += 'R'; appendInt(k, ch.depth, ':'); appendInt(k, a.micro_batch, 'm'); break;
      case Next::Step: break;
    }
    for (const StageChoice& s : ch.stages) {
      appendInt(k, s.gpu, ',');
      appendInt(k, s.tp, ';');
    }
    for (int l : a.layers) appendInt(k, l, 'l');
    return k;
  }

  // The inputs of the cursor's next decision (only on a memo miss: building them is half the cost).
  PolicyDecision inputs(const Cursor& c) const {
    static const PolicyDecision kNoStep;  // the views copy its state pointer only; planning has h
    const ConstructionEpisode& e = c.episode;
    const TemplateChoice& ch = c.step.choice;
    const TemplateArithmetic& a = c.step.arithmetic;
    switch (c.next) {
      case Next::Depth: return view_.depthDecision(e);
      case Next::Device: return view_.deviceDecision(e, ch, kNoStep);
      case Next::Tp: return view_.tpDecision(e, ch, c.gpu, kNoStep);
      case Next::Layers: return flat_->layersDecision(e, ch, a.layers, kNoStep);
      case Next::MicroBatch: return flat_->microBatchDecision(e, ch, a.layers, kNoStep);
      case Next::Replicas: return flat_->replicasDecision(e, ch, a.layers, a.micro_batch, kNoStep);
      case Next::Step: break;
    }
    return {};
  }

  // Runs the cursor until it waits for an answer (true) or its episode is done (false).
  bool advance(Cursor& c) {
    while (true) {
      if (c.next == Next::Step) takeStep(c);
      if (c.next == Next::Depth && c.episode.done()) {  // also an episode done at reset: no step
        c.out.rollout.throughput = c.episode.throughput();
        return false;
      }
      std::shared_ptr<const DecisionAnswer> a = std::move(c.answer);
      c.answer.reset();
      std::string k;
      if (!a) {
        k = key(c);
        if (memo_) a = memo_->find(k);
      }
      if (!a) {
        Request r;
        r.decision = inputs(c);
        r.decision.kind = kindOf(c.next);
        bool allowed = false;
        for (auto m : r.decision.mask) allowed = allowed || m;
        if (!allowed) {
          // flat-rl: no micro-batch size is profiled for every stage; anything else is a bug
          // the policy's masks should never let happen (as PolicyNetwork::decide, refuse it).
          if (c.next != Next::MicroBatch)
            throw std::invalid_argument(std::string("policy ") + decisionKindName(r.decision.kind) +
                                        " decision: the mask allows no choice");
          auto none = std::make_shared<DecisionAnswer>();
          none->mask = r.decision.mask;
          a = none;
          if (memo_) memo_->insert(k, a);
        } else {
          r.step = c.stepAnswer;
          r.key = std::move(k);
          // Two cursors of the round asking the same question share one request.
          const auto it = index_.find(r.key);
          if (it != index_.end()) {
            c.request = it->second;
          } else {
            c.request = static_cast<int>(requests_.size());
            index_.emplace(r.key, c.request);
            requests_.push_back(std::move(r));
          }
          return true;
        }
      }
      if (c.next == Next::Depth) c.stepAnswer = a;  // its h serves the step's other decisions
      decide(c, *a);
    }
  }

  // Whether the rollout's prefix fixes this decision; then sets the action (false when the prefix
  // is spent or its action is not allowed here, which ends the prefix).
  static bool fromPrefix(Cursor& c, PolicyDecision& d) {
    const auto& prefix = c.options->prefix;
    if (c.prefixed >= prefix.size()) return false;
    const int a = prefix[c.prefixed++];
    if (a < 0 || a >= static_cast<int>(d.mask.size()) || !d.mask[static_cast<size_t>(a)]) {
      c.prefixed = prefix.size();
      return false;
    }
    d.action = a;
    d.exploratory = true;
    return true;
  }

  // The action, as runPolicyRollout chooses it: prefix, then an exploration rule, then the
  // policy's argmax (greedy) or a sample at the rollout's temperature.
  void decide(Cursor& c, const DecisionAnswer& a) {
    const RolloutOptions& o = *c.options;
    PolicyDecision d;
    d.kind = kindOf(c.next);
    d.mask = a.mask;
    const bool none = a.logits.empty();
    if (!none) {
      const std::vector<double> lp = logSoftmax(a.logits, 1.0);
      if (fromPrefix(c, d)) {
      } else if (d.kind == DecisionKind::Depth && o.force_first_depth && c.episode.stepCount() == 0 &&
                 (d.action = ExplorationSchedule::uniformDepth(d.mask, c.rng)) > 0) {
        d.exploratory = true;
      } else if (d.kind == DecisionKind::Device && o.uniform_devices) {
        d.action = ExplorationSchedule::uniformChoice(d.mask, c.rng);
        d.exploratory = true;
      } else if (o.greedy) {
        // Argmax over the allowed choices; ties go to the first (STOP before depths, lower TP first).
        d.action = -1;
        for (size_t i = 0; i < lp.size(); ++i)
          if (d.mask[i] && (d.action < 0 || lp[i] > lp[static_cast<size_t>(d.action)])) d.action = static_cast<int>(i);
      } else {
        const bool tempered = o.temperature > 0 && o.temperature != 1.0;
        const std::vector<double> sp = tempered ? logSoftmax(a.logits, o.temperature) : lp;
        const double u = std::uniform_real_distribution<double>(0.0, 1.0)(c.rng);
        double cumulative = 0;
        d.action = -1;
        for (size_t i = 0; i < sp.size(); ++i) {
          if (!d.mask[i]) continue;
          d.action = static_cast<int>(i);  // rounding may leave u above the last sum: the last allowed takes it
          cumulative += std::exp(sp[i]);
          if (u < cumulative) break;
        }
      }
      d.log_prob = static_cast<float>(lp[static_cast<size_t>(d.action)]);
    }
    RolloutStep& s = c.step;
    switch (c.next) {
      case Next::Depth:
        s.choice.depth = view_.depthOf(d.action);
        s.decisions.push_back(std::move(d));
        c.next = s.choice.depth == 0 ? Next::Step : Next::Device;
        break;
      case Next::Device:
        c.gpu = view_.gpuOf(d.action);
        s.decisions.push_back(std::move(d));
        c.next = Next::Tp;
        break;
      case Next::Tp: {
        s.choice.stages.push_back({c.gpu, view_.tpOf(d.action)});
        s.decisions.push_back(std::move(d));
        if (static_cast<int>(s.choice.stages.size()) < s.choice.depth) {
          c.next = Next::Device;
        } else if (!flat_) {
          c.next = Next::Step;
        } else {
          c.next = Next::Layers;
          beginLayers(c);
        }
        break;
      }
      case Next::Layers:
        s.arithmetic.layers.push_back(flat_->layersOf(s.choice, s.arithmetic.layers, d.action));
        s.decisions.push_back(std::move(d));
        beginLayers(c);
        break;
      case Next::MicroBatch:
        if (none) {
          c.noMicroBatch = true;
          c.next = Next::Step;
          break;
        }
        s.arithmetic.micro_batch = FlatEpisodeView::microBatchOf(d.action);
        s.decisions.push_back(std::move(d));
        c.next = Next::Replicas;
        break;
      case Next::Replicas:
        s.arithmetic.replicas = FlatEpisodeView::replicasOf(d.action);
        s.decisions.push_back(std::move(d));
        c.next = Next::Step;
        break;
      case Next::Step: break;
    }
  }

  // flat-rl: every stage but the last gets a layer decision; the last takes the rest.
  void beginLayers(Cursor& c) const {
    TemplateArithmetic& a = c.step.arithmetic;
    if (static_cast<int>(a.layers.size()) + 1 < c.step.choice.depth) return;  // another layer decision
    int left = c.episode.cost().model().layerCount();
    for (int l : a.layers) left -= l;
    a.layers.push_back(left);
    c.next = Next::MicroBatch;
  }

  void takeStep(Cursor& c) {
    RolloutStep& s = c.step;
    const bool stop = s.choice.isStop();
    if (flat_ && !stop) {
      if (c.noMicroBatch) {
        FillResult none;
        none.why = "no micro-batch size is profiled for every stage of the template within the batch left";
        s.outcome = c.episode.stepWith(s.choice, std::move(none));
      } else {
        s.outcome = c.episode.place(s.choice, s.arithmetic);
      }
      BatchedRollouts::appendStep(c.history, s.choice, &s.arithmetic);
    } else {
      s.outcome = c.episode.step(s.choice);
      BatchedRollouts::appendStep(c.history, s.choice, nullptr);
    }
    BatchedRollout& out = c.out;
    out.rollout.total_reward += s.outcome.reward;
    out.keys.push_back(c.history);
    out.throughputs.push_back(c.episode.throughput());
    out.filled.push_back(!stop);
    out.rollout.steps.push_back(std::move(s));
    s = RolloutStep{};
    c.stepAnswer.reset();
    c.noMicroBatch = false;
    c.next = Next::Depth;
  }

  // One batched pass per kind over the round's requests.
  void answer() {
    const int H = network_.hiddenSize();
    // Depth requests first: their backbone outputs are the step's h.
    std::vector<size_t> depth;
    for (size_t i = 0; i < requests_.size(); ++i)
      if (requests_[i].decision.kind == DecisionKind::Depth) depth.push_back(i);
    std::vector<float> h(depth.size() * static_cast<size_t>(H));
    {
      std::vector<const float*> states;
      for (size_t i : depth) {
        const auto& st = requests_[i].decision.state;
        if (!st || static_cast<int>(st->size()) != network_.layout().stateSize())
          throw std::invalid_argument("policy depth decision: the state has the wrong size");
        states.push_back(st->data());
      }
      network_.encode(static_cast<int>(states.size()), states.data(), h.data());
    }
    std::vector<std::shared_ptr<DecisionAnswer>> answers(requests_.size());
    for (size_t i = 0; i < requests_.size(); ++i) {
      answers[i] = std::make_shared<DecisionAnswer>();
      answers[i]->mask = requests_[i].decision.mask;
      answers[i]->logits.assign(requests_[i].decision.mask.size(), 0.0);
    }
    for (size_t j = 0; j < depth.size(); ++j)
      answers[depth[j]]->h.assign(h.begin() + static_cast<long>(j) * H, h.begin() + static_cast<long>(j + 1) * H);
    for (DecisionKind kind : {DecisionKind::Depth, DecisionKind::Device, DecisionKind::Tp, DecisionKind::Layers,
                              DecisionKind::MicroBatch, DecisionKind::Replicas}) {
      std::vector<const float*> hs;
      std::vector<const PolicyDecision*> ds;
      std::vector<double*> outs;
      for (size_t i = 0; i < requests_.size(); ++i) {
        const Request& r = requests_[i];
        if (r.decision.kind != kind) continue;
        const DecisionAnswer* stepAnswer = kind == DecisionKind::Depth ? answers[i].get() : r.step.get();
        if (!stepAnswer || static_cast<int>(stepAnswer->h.size()) != H)
          throw std::logic_error("batched rollouts: a stage decision without its step's state");
        hs.push_back(stepAnswer->h.data());
        ds.push_back(&r.decision);
        outs.push_back(answers[i]->logits.data());
      }
      network_.logits(kind, static_cast<int>(ds.size()), hs.data(), ds.data(), outs.data(), &candidates_);
    }
    for (size_t i = 0; i < requests_.size(); ++i) {
      requests_[i].answer = answers[i];
      if (memo_) memo_->insert(requests_[i].key, answers[i]);
    }
  }

  const PolicyInference& network_;
  const PolicyEpisodeView& view_;
  DecisionMemo* memo_;
  std::unique_ptr<FlatEpisodeView> flat_;
  std::vector<std::unique_ptr<Cursor>> cursors_;
  std::vector<Request> requests_;
  std::unordered_map<std::string, int> index_;
  PolicyInference::CandidateCache candidates_;  // this thread's
};

}  // namespace

BatchedRollouts::BatchedRollouts(const PolicyInference& network, const PolicyEpisodeView& view,
                                 const ConstructionEpisode& prototype, DecisionMemo& memo, Options options)
    : network_(network), view_(view), prototype_(prototype), memo_(memo), options_(options) {
  int t = options.threads;
  if (t <= 0) t = static_cast<int>(std::thread::hardware_concurrency());
  threads_ = std::clamp(t, 1, kMaxThreads);
  options_.batch = std::max(1, options.batch);
}

size_t BatchedRollouts::run(const std::vector<RolloutJob>& jobs,
                            const std::function<bool(size_t, BatchedRollout&)>& commit,
                            const std::function<bool()>& stop) {
  const size_t n = jobs.size();
  if (n == 0) return 0;
  std::vector<BatchedRollout> results(n);
  std::unique_ptr<std::atomic<bool>[]> ready(new std::atomic<bool>[n]);
  for (size_t i = 0; i < n; ++i) ready[i].store(false);
  std::atomic<size_t> next{0};
  std::atomic<bool> halt{false};
  std::mutex mutex;
  std::condition_variable finished;
  std::exception_ptr error;

  const auto claim = [&](size_t& j) {
    if (halt.load(std::memory_order_relaxed)) return false;
    j = next.fetch_add(1);
    return j < n;
  };
  const auto done = [&](size_t j, BatchedRollout&& r) {
    results[j] = std::move(r);
    ready[j].store(true, std::memory_order_release);
    std::lock_guard<std::mutex> lock(mutex);
    finished.notify_all();
  };
  // No more threads than jobs, and the batch spread over them.
  const int threads = static_cast<int>(std::min<size_t>(static_cast<size_t>(threads_), n));
  const int slots = std::max(1, std::min(options_.batch, static_cast<int>((n + static_cast<size_t>(threads) - 1) / static_cast<size_t>(threads))));
  DecisionMemo* memo = options_.memo ? &memo_ : nullptr;

  std::vector<std::thread> helpers;
  for (int t = 1; t < threads; ++t)
    helpers.emplace_back([&, memo, slots] {
      try {
        Worker w(network_, view_, prototype_, memo, slots);
        while (!halt.load(std::memory_order_relaxed) && w.round(jobs, claim, done)) {
        }
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!error) error = std::current_exception();
        halt.store(true);
        finished.notify_all();
      }
    });

  size_t committed = 0;
  const auto commitReady = [&] {
    while (committed < n && !halt.load() && ready[committed].load(std::memory_order_acquire)) {
      if (!commit(committed, results[committed])) {
        halt.store(true);
        return;
      }
      results[committed] = BatchedRollout{};
      ++committed;
    }
  };
  try {
    Worker w(network_, view_, prototype_, memo, slots);
    bool working = true;
    while (!halt.load() && committed < n) {
      if (working) working = w.round(jobs, claim, done);
      commitReady();
      if (!halt.load() && stop()) halt.store(true);
      if (!working && !halt.load() && committed < n) {
        // This thread has nothing left to run: wait for the others' rollouts.
        std::unique_lock<std::mutex> lock(mutex);
        finished.wait_for(lock, std::chrono::milliseconds(5),
                          [&] { return halt.load() || ready[committed].load(std::memory_order_acquire); });
      }
    }
  } catch (...) {
    halt.store(true);
    for (auto& t : helpers) t.join();
    throw;
  }
  halt.store(true);
  for (auto& t : helpers) t.join();
  if (error) std::rethrow_exception(error);
  return committed;
}

}  // namespace arachne
