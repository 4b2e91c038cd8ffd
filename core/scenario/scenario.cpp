// Scenario: the effective horizon, the composition after each event, labels, and the check of
// the events against the nodes they act on.
#include "scenario/scenario.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "cluster/node_network.h"
#include "plan/texts.h"

namespace arachne {

namespace {

std::string seconds(double s) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%g s", s);
  return buf;
}

std::string eventField(size_t i) { return "events[" + std::to_string(i) + "]"; }

std::string idList(const std::set<int>& ids) {
  std::string s;
  for (int id : ids) s += (s.empty() ? "" : ", ") + std::to_string(id);
  return s.empty() ? "none" : s;
}

}  // namespace

std::string toString(ScenarioEventKind kind) {
  switch (kind) {
    case ScenarioEventKind::Join: return "join";
    case ScenarioEventKind::Leave: return "leave";
    case ScenarioEventKind::Fail: return "fail";
  }
  return "join";
}

bool ScenarioEvent::operator==(const ScenarioEvent& o) const {
  if (at_s != o.at_s || kind != o.kind || node_ids != o.node_ids || note != o.note || nodes.size() != o.nodes.size())
    return false;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const Node &a = nodes[i], &b = o.nodes[i];
    if (a.id != b.id || a.gpu_type != b.gpu_type || a.gpus != b.gpus || !sameNodeOverrides(a, b))
      return false;
  }
  return true;
}

double Scenario::horizon() const {
  if (horizon_s) return *horizon_s;
  if (events.empty()) return 3600.0;
  const double last = events.back().at_s;
  const double before = events.size() >= 2 ? events[events.size() - 2].at_s : 0.0;
  const double gap = last - before;
  return last + (gap > 0 ? gap : 300.0);
}

std::string Scenario::nodeLabel(int id) const { return nodeLabelText(id).english(); }

Reason Scenario::nodeLabelText(int id) const {
  auto it = node_names.find(id);
  if (it != node_names.end() && !it->second.empty()) return Reason(text::kVerbatim, {verbatim(it->second)});
  return Reason(text::kScenarioNode, {integer(id)});
}

Composition Scenario::compositionAfter(size_t count) const {
  Composition c = start;
  for (size_t i = 0; i < count && i < events.size(); ++i) {
    const ScenarioEvent& e = events[i];
    if (e.kind == ScenarioEventKind::Join) {
      for (const Node& n : e.nodes)
        if (!c.findNode(n.id)) c.addNode(n);
    } else {
      for (int id : e.node_ids) c.removeNode(id);
    }
  }
  return c;
}

std::string Scenario::describe(const ScenarioEvent& e) const { return describeText(e).english(); }

Reason Scenario::describeText(const ScenarioEvent& e) const {
  // Each node its own clause joined by ", " (kListItems), so every part is translated.
  std::vector<Reason> parts;
  if (e.kind == ScenarioEventKind::Join) {
    for (const Node& n : e.nodes)
      parts.emplace_back(text::kEventJoinNode, std::vector<ReasonArg>{verbatim(n.gpu_type), integer(n.gpus), nested(nodeLabelText(n.id))});
    return parts.empty() ? Reason(text::kEventJoinNoNode) : joinReasons(text::kListItems, parts);
  }
  for (int id : e.node_ids) parts.emplace_back(text::kEventNodeGone, std::vector<ReasonArg>{nested(nodeLabelText(id))});
  const bool fail = e.kind == ScenarioEventKind::Fail;
  const Reason nodes = !parts.empty() ? joinReasons(text::kListItems, parts)
                       : Reason(fail ? text::kEventFailNoNode : text::kEventLeaveNoNode);
  return Reason(fail ? text::kEventFails : text::kEventLeaves, {nested(nodes)});
}

int Scenario::nextNodeId() const {
  int next = 0;
  for (const Node& n : start.nodes()) next = std::max(next, n.id + 1);
  for (const ScenarioEvent& e : events)
    for (const Node& n : e.nodes) next = std::max(next, n.id + 1);
  return next;
}

std::vector<ScenarioProblem> validateScenario(const Scenario& s) {
  std::vector<ScenarioProblem> out;
  auto problem = [&](std::string field, std::string text) { out.push_back({std::move(field), std::move(text)}); };

  if (s.start.nodes().empty() || s.start.totalGpus() <= 0)
    problem("cluster", "the starting composition has no GPU");
  if (s.horizon_s && !(std::isfinite(*s.horizon_s) && *s.horizon_s > 0))
    problem("horizon_s", "must be a positive number of seconds");
  {
    std::map<std::string, int> byName;
    for (const auto& [id, name] : s.node_names) {
      if (name.empty()) continue;
      auto [it, fresh] = byName.emplace(name, id);
      if (!fresh)
        problem("node_names", "the name '" + name + "' is given to node " + std::to_string(it->second) +
                                  " and to node " + std::to_string(id));
    }
  }

  std::set<int> present, everUsed;
  for (const Node& n : s.start.nodes()) {
    present.insert(n.id);
    everUsed.insert(n.id);
  }
  std::map<int, size_t> goneAt;  // node id -> index of the event that took it
  long long gpus = s.start.totalGpus();
  std::map<int, int> gpusOf;
  for (const Node& n : s.start.nodes()) gpusOf[n.id] = n.gpus;

  std::map<int, size_t> joinsAt;  // node id -> index of the first event that adds it
  for (size_t i = 0; i < s.events.size(); ++i)
    for (const Node& n : s.events[i].nodes) joinsAt.emplace(n.id, i);
  const double horizon = s.horizon();
  for (size_t i = 0; i < s.events.size(); ++i) {
    const ScenarioEvent& e = s.events[i];
    const std::string f = eventField(i);
    if (!std::isfinite(e.at_s) || e.at_s <= 0)
      problem(f + ".at_s", "must be a time after the start (> 0 s), got " + seconds(e.at_s));
    else if (i > 0 && e.at_s < s.events[i - 1].at_s)
      problem(f + ".at_s", "at " + seconds(e.at_s) + ", before " + eventField(i - 1) + " at " +
                               seconds(s.events[i - 1].at_s) + ": events must be in time order");
    if (s.horizon_s && std::isfinite(e.at_s) && e.at_s >= horizon)
      problem(f + ".at_s", "at " + seconds(e.at_s) + ", not before the horizon (" + seconds(horizon) + ")");

    if (e.kind == ScenarioEventKind::Join) {
      if (e.nodes.empty()) problem(f + ".nodes", "a join needs at least one node");
      for (size_t j = 0; j < e.nodes.size(); ++j) {
        const Node& n = e.nodes[j];
        const std::string nf = f + ".nodes[" + std::to_string(j) + "]";
        if (n.gpus <= 0) problem(nf + ".gpus", "must be at least 1, got " + std::to_string(n.gpus));
        if (n.gpu_type.empty()) problem(nf + ".gpu_type", "is missing");
        if (n.id < 0) {
          problem(nf + ".id", "must be a non-negative node id, got " + std::to_string(n.id));
          continue;
        }
        if (everUsed.count(n.id)) {
          problem(nf + ".id", "node id " + std::to_string(n.id) +
                                  " is already used by another node of this scenario (ids are never reused)");
          continue;
        }
        everUsed.insert(n.id);
        present.insert(n.id);
        gpusOf[n.id] = n.gpus;
        gpus += n.gpus;
      }
    } else {
      if (e.node_ids.empty()) problem(f + ".nodes", "a " + toString(e.kind) + " needs at least one node");
      std::set<int> seen;
      for (size_t j = 0; j < e.node_ids.size(); ++j) {
        const int id = e.node_ids[j];
        const std::string nf = f + ".nodes[" + std::to_string(j) + "]";
        if (!seen.insert(id).second) {
          problem(nf, s.nodeLabel(id) + " is named twice in this event");
          continue;
        }
        if (present.count(id)) {
          present.erase(id);
          goneAt[id] = i;
          gpus -= gpusOf[id];
          continue;
        }
        auto g = goneAt.find(id);
        if (g != goneAt.end()) {
          problem(nf, s.nodeLabel(id) + " already left at " + eventField(g->second) + " (" +
                          seconds(s.events[g->second].at_s) + ")");
        } else if (auto later = joinsAt.find(id); later != joinsAt.end() && later->second > i) {
          problem(nf, s.nodeLabel(id) + " has not joined yet at " + seconds(e.at_s) + ": it joins at " +
                          eventField(later->second) + " (" + seconds(s.events[later->second].at_s) + ")");
        } else {
          problem(nf, s.nodeLabel(id) + " never joined (nodes present at " + seconds(e.at_s) + ": " +
                          idList(present) + ")");
        }
      }
      if (gpus <= 0 && !e.node_ids.empty())
        problem(f + ".nodes", "no GPU is left after this event; the job would have nowhere to run");
    }
  }
  return out;
}

}  // namespace arachne
