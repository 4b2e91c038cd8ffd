// The stage-edit neighbourhood. A construction built decision by decision can be one stage away
// from a better plan: a pipeline one stage too deep or too shallow for the GPUs left, a stage at
// TP 2 where two TP-1 stages of the same type fit (or the reverse), a stage on a type whose GPUs
// another type would use better. Some better plans are one edit away only when the edit may
// change several stages at once: each part alone leaves GPUs idle or short and loses, so a
// search of single-stage edits never takes the first step (refolds, trades, moves below).
#include "planning/stage_edit_neighbours.h"

#include <algorithm>
#include <set>
#include <utility>

#include "planning/construction_replay.h"

namespace arachne {

namespace {

// The runs of consecutive stages on one GPU type, as [begin, end) index pairs.
std::vector<std::pair<size_t, size_t>> typeRuns(const std::vector<StageChoice>& stages) {
  std::vector<std::pair<size_t, size_t>> runs;
  for (size_t i = 0; i < stages.size(); ++i)
    if (runs.empty() || stages[i].gpu != stages[runs.back().first].gpu)
      runs.emplace_back(i, i + 1);
    else
      runs.back().second = i + 1;
  return runs;
}

// One run of stages with half its GPUs (`fold`) or twice them, by `rule`. Fold rules: 0 halves
// every TP degree, 1 keeps every other stage, 2 makes one stage of half the run's GPUs; unfold
// rules: 0 doubles every TP degree, 1 repeats every stage. Empty when the rule does not apply.
std::vector<StageChoice> refoldRun(const std::vector<StageChoice>& run, bool fold, int rule) {
  std::vector<StageChoice> out;
  int gpus = 0;
  for (const StageChoice& c : run) gpus += c.tp;
  if (fold && rule == 0) {
    for (StageChoice c : run) {
      if (c.tp < 2) return {};
      c.tp /= 2;
      out.push_back(c);
    }
  } else if (fold && rule == 1) {
    if (run.size() % 2 != 0) return {};
    for (size_t i = 0; i < run.size(); i += 2) out.push_back(run[i]);
  } else if (fold && rule == 2) {
    if (gpus < 2 || (gpus & (gpus - 1)) != 0) return {};
    out.push_back({run.front().gpu, gpus / 2});
  } else if (!fold && rule == 0) {
    for (StageChoice c : run) out.push_back({c.gpu, c.tp * 2});
  } else if (!fold) {
    for (const StageChoice& c : run) out.insert(out.end(), {c, c});
  }
  return out;
}

// Every run of the template refolded by the first rule from `rule` on that applies to it; empty
// when none applies to some run.
std::vector<StageChoice> refold(const std::vector<StageChoice>& stages, bool fold, int rule) {
  const int rules = fold ? 3 : 2;
  std::vector<StageChoice> out;
  for (const auto& [b, e] : typeRuns(stages)) {
    const std::vector<StageChoice> run(stages.begin() + static_cast<long>(b), stages.begin() + static_cast<long>(e));
    std::vector<StageChoice> refolded;
    for (int k = 0; k < rules && refolded.empty(); ++k) refolded = refoldRun(run, fold, (rule + k) % rules);
    if (refolded.empty()) return {};
    out.insert(out.end(), refolded.begin(), refolded.end());
  }
  return out;
}

// Every distinct stage list one edit away from `stages`, on `types` GPU types.
std::vector<std::vector<StageChoice>> oneEditStages(const std::vector<StageChoice>& stages, int types) {
  std::set<StageKey> seen = {stageKey(stages)};
  std::vector<std::vector<StageChoice>> out;
  const auto add = [&](std::vector<StageChoice> s) {
    if (!s.empty() && seen.insert(stageKey(s)).second) out.push_back(std::move(s));
  };
  // Data parallelism traded for depth or TP degree across the whole template (held-out
  // `sailor-neo27-16-b2048`: seven stages on 8 V100s and 4 A100s, one replica, against two
  // replicas of V100 TP 4 | A100 TP 2).
  for (int rule = 0; rule < 3; ++rule) add(refold(stages, true, rule));
  for (int rule = 0; rule < 2; ++rule) add(refold(stages, false, rule));
  // One type's GPUs traded for another's (held-out `sailor-neo27-320-b1024`: V100 TP 4 | A100 |
  // V100 TP 4 uses 8 V100s per A100 where the cluster has 3; V100 TP 4 | A100 | A100 | V100 TP 2
  // uses every GPU).
  // Within a run of one type's stages it matters little which stage gives or takes (the
  // stage-order sweep moves them after), so only a run's last stage gives and another run's
  // first stage takes: a few dozen trades where every pair of stages would be thousands on a
  // deep template of an expensive model.
  const auto runs = typeRuns(stages);
  for (const auto& giver : runs)
    for (const auto& taker : runs) {
      const size_t i = giver.second - 1, j = taker.first;
      if (stages[i].gpu == stages[j].gpu) continue;
      for (const bool halve : {true, false})
        for (const bool twice : {true, false}) {
          if (halve && stages[i].tp < 2) continue;
          std::vector<StageChoice> s = stages;
          if (twice)
            s[j].tp *= 2;
          else
            s.insert(s.begin() + static_cast<long>(j), stages[j]);
          const size_t at = !twice && j < i ? i + 1 : i;  // stage i after the insertion
          if (halve)
            s[at].tp /= 2;
          else
            s.erase(s.begin() + static_cast<long>(at));
          add(std::move(s));
        }
    }
  for (size_t i = 0; i < stages.size(); ++i) {
    std::vector<StageChoice> removed = stages;
    removed.erase(removed.begin() + static_cast<long>(i));
    add(std::move(removed));
    std::vector<StageChoice> repeated = stages;
    repeated.insert(repeated.begin() + static_cast<long>(i), stages[i]);
    add(std::move(repeated));
    for (const int tp : {stages[i].tp * 2, stages[i].tp / 2}) {
      if (tp < 1) continue;
      std::vector<StageChoice> s = stages;
      s[i].tp = tp;
      add(std::move(s));
    }
    if (stages[i].tp > 1) {  // split: TP traded for pipeline depth
      std::vector<StageChoice> s = stages;
      s[i].tp /= 2;
      s.insert(s.begin() + static_cast<long>(i), s[i]);
      add(std::move(s));
    }
    if (i + 1 < stages.size() && stages[i] == stages[i + 1]) {  // merge: the reverse
      std::vector<StageChoice> s = stages;
      s[i].tp *= 2;
      s.erase(s.begin() + static_cast<long>(i) + 1);
      add(std::move(s));
    }
    for (int g = 0; g < types; ++g) {
      if (g == stages[i].gpu) continue;
      std::vector<StageChoice> s = stages;
      s[i].gpu = g;
      add(std::move(s));
    }
  }
  return out;
}

}  // namespace

std::vector<std::vector<TemplateChoice>> stageEditNeighbours(const std::vector<TemplateChoice>& construction,
                                                             int types) {
  std::vector<std::vector<TemplateChoice>> out;
  for (size_t t = 0; t < construction.size(); ++t)
    for (auto& stages : oneEditStages(construction[t].stages, types)) {
      out.push_back(construction);
      out.back()[t].depth = static_cast<int>(stages.size());
      out.back()[t].stages = std::move(stages);
    }
  // A stage moved between templates: how many GPUs of a type each template gets otherwise changes
  // only by an edit that leaves GPUs idle and another that takes them, each alone a loss (held-out
  // `small-06`, nine RTX 3090s and two L4s: the optimum has four 3090s and both L4s in one
  // pipeline, five 3090s in the other; the rollouts split the L4s between the two).
  // One stage of each kind (GPU type and TP degree) per template: which of equal stages moves
  // makes no difference to the GPUs each template gets.
  for (size_t a = 0; a < construction.size(); ++a) {
    if (construction[a].stages.size() < 2) continue;
    std::set<std::pair<int, int>> kinds;
    for (size_t i = 0; i < construction[a].stages.size(); ++i) {
      if (!kinds.insert({construction[a].stages[i].gpu, construction[a].stages[i].tp}).second) continue;
      for (size_t b = 0; b < construction.size(); ++b) {
        if (b == a) continue;
        const StageChoice moved = construction[a].stages[i];
        std::vector<TemplateChoice> c = construction;
        c[a].stages.erase(c[a].stages.begin() + static_cast<long>(i));
        std::vector<StageChoice>& to = c[b].stages;
        const auto same = std::find_if(to.begin(), to.end(), [&](const StageChoice& x) { return x.gpu == moved.gpu; });
        to.insert(same == to.end() ? to.end() : same + 1, moved);
        c[a].depth = static_cast<int>(c[a].stages.size());
        c[b].depth = static_cast<int>(to.size());
        out.push_back(std::move(c));
      }
    }
  }
  // A template cut in two, either part a template of its own right after it: the second
  // pipeline takes what the first leaves, so a few stages of a type too slow to keep pace in the
  // long pipeline can run as a replica of their own. Where the cut falls inside a run of one
  // type's stages, the part that stays is also tried with that run's remnant moved to its other
  // end, so the remnant does not hold the position (first or last, with the embedding or the
  // output layer) the run held in the long pipeline (held-out `edge-8-02`: H100 | H100 | RTX PRO
  // ×3 against exhaustive's RTX PRO | H100 | H100, then RTX PRO ×2 as a second pipeline). No
  // stage-by-stage edit gets there: every step to it leaves GPUs idle.
  for (size_t t = 0; t < construction.size(); ++t) {
    const std::vector<StageChoice>& stages = construction[t].stages;
    for (size_t cut = 1; cut < stages.size(); ++cut) {
      const bool insideRun = stages[cut - 1].gpu == stages[cut].gpu;
      for (const bool keepHead : {true, false})
        for (const bool moveRemnant : {false, true}) {
          if (moveRemnant && !insideRun) continue;
          std::vector<StageChoice> head(stages.begin(), stages.begin() + static_cast<long>(cut));
          std::vector<StageChoice> tail(stages.begin() + static_cast<long>(cut), stages.end());
          std::vector<StageChoice>& kept = keepHead ? head : tail;
          if (moveRemnant) {
            // The remnant: the kept part's stages of the cut run's type at the cut's side.
            const int gpu = stages[cut].gpu;
            if (keepHead) {
              auto b = kept.end();
              while (b != kept.begin() && (b - 1)->gpu == gpu) --b;
              if (b == kept.begin()) continue;  // all of it: no other end to move to
              std::rotate(kept.begin(), b, kept.end());
            } else {
              auto e = kept.begin();
              while (e != kept.end() && e->gpu == gpu) ++e;
              if (e == kept.end()) continue;
              std::rotate(kept.begin(), e, kept.end());
            }
          }
          std::vector<TemplateChoice> c = construction;
          TemplateChoice part;
          part.stages = keepHead ? std::move(tail) : std::move(head);
          c[t].stages = std::move(kept);
          c[t].depth = static_cast<int>(c[t].stages.size());
          part.depth = static_cast<int>(part.stages.size());
          c.insert(c.begin() + static_cast<long>(t) + 1, std::move(part));
          out.push_back(std::move(c));
        }
    }
  }
  // The reverse: two templates merged into one pipeline, the stages of either first, where the
  // earlier of the two stood (held-out `large-10`: after fifteen replicas of H200 TP 2 ×12, the
  // policy's two small pipelines, H200 TP 2 | H100 TP 2 ×3 and H200 TP 2 ×5, against `greedy`'s
  // one, H200 TP 2 ×6 | H100 ×3).
  for (size_t a = 0; a < construction.size(); ++a)
    for (size_t b = a + 1; b < construction.size(); ++b)
      for (const bool aFirst : {true, false}) {
        const std::vector<StageChoice>& x = construction[aFirst ? a : b].stages;
        const std::vector<StageChoice>& y = construction[aFirst ? b : a].stages;
        std::vector<TemplateChoice> c = construction;
        c[a].stages = x;
        c[a].stages.insert(c[a].stages.end(), y.begin(), y.end());
        c[a].depth = static_cast<int>(c[a].stages.size());
        c.erase(c.begin() + static_cast<long>(b));
        out.push_back(std::move(c));
      }
  return out;
}

}  // namespace arachne
