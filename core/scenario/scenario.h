// A cluster that changes under the job: the starting composition, timed join / leave / fail
// events, the model, the training spec, the horizon and the reconfiguration parameters.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cluster/composition.h"
#include "io/plan_json.h"
#include "plan/reason.h"
#include "scenario/reconfiguration_params.h"

namespace arachne {

constexpr int kScenarioSchemaVersion = 1;

enum class ScenarioEventKind {
  Join,   // nodes are added (a purchase arrives, spot capacity comes back)
  Leave,  // nodes go as planned: they still send their state during the reconfiguration
  Fail    // nodes are lost at once: their state is gone and the work since the last checkpoint too
};
std::string toString(ScenarioEventKind kind);  // "join", "leave", "fail"

struct ScenarioEvent {
  double at_s = 0;  // seconds after the job's start, > 0
  ScenarioEventKind kind = ScenarioEventKind::Join;
  std::vector<Node> nodes;    // Join: the nodes that join, ids assigned (unique over the scenario)
  std::vector<int> node_ids;  // Leave, Fail: the nodes that go
  std::string note;           // free text, e.g. "spot reclaim"
  bool operator==(const ScenarioEvent& o) const;
};

struct Scenario {
  std::string name;
  std::string description;
  // The starting composition and how the file gave it: a cluster SPEC (preset, inline form or
  // *.cluster.json path), or empty when the file holds the cluster itself.
  std::string cluster_spec;
  Composition start;
  std::map<int, std::string> node_names;  // optional names of nodes, by id
  std::string model;                      // model catalog id or model file
  PlanTraining training;                  // what differs from the model's default training
  std::optional<double> horizon_s;        // the job's end; see horizon()
  std::vector<ScenarioEvent> events;      // in time order
  ReconfigurationParams reconfiguration;

  // horizon_s, else the last event plus the gap before it (the first event's time when there is
  // one event), else one hour.
  double horizon() const;
  // The node's name when it has one, else "node <id>"; as data for translated views.
  std::string nodeLabel(int id) const;
  Reason nodeLabelText(int id) const;
  // The composition after events [0, count): count 0 is the start. Applies events as given,
  // skipping references to nodes that are not there (validateScenario reports those).
  Composition compositionAfter(size_t count) const;
  // One line: "+ a6000:4 (node 1)", "- node 3 (fails)"; as data for translated views.
  std::string describe(const ScenarioEvent& e) const;
  Reason describeText(const ScenarioEvent& e) const;
  // The next node id free for a joining node (one above every id the scenario uses).
  int nextNodeId() const;
  bool operator==(const Scenario&) const = default;
};

// One problem with a scenario: the field (e.g. "events[2].nodes[0]") and what is wrong.
struct ScenarioProblem {
  std::string field;
  std::string problem;
};

// Every contradiction of the events with the composition they act on (a leave of a node that
// never joined or already left, a join that reuses an id or a name, events out of time order,
// an event at or after the horizon, a composition left without GPUs ...). Empty when none; the
// loader throws the first as a LoadError and the explorer lists them while the user edits.
std::vector<ScenarioProblem> validateScenario(const Scenario& s);

}  // namespace arachne
