// The scenario being edited in the explorer: the core Scenario plus the primitive changes the
// undo commands make; events stay in time order and every change says so through changed().
#pragma once

#include <QObject>
#include <vector>

#include "scenario/scenario.h"

namespace arachne::gui {

class ScenarioDocument : public QObject {
  Q_OBJECT
 public:
  explicit ScenarioDocument(QObject* parent = nullptr);

  const Scenario& scenario() const { return scenario_; }
  std::vector<ScenarioProblem> problems() const { return validateScenario(scenario_); }
  int eventCount() const { return static_cast<int>(scenario_.events.size()); }

  // --- Primitive changes, used by the undo commands (each emits changed()). ---
  void setScenario(const Scenario& s);
  // Inserts where the time order puts it; among events at the same time, as close to
  // `preferred` as possible. Returns the index it got.
  int insertEvent(const ScenarioEvent& e, int preferred = -1);
  ScenarioEvent takeEvent(int index);
  // Gives event `index` the time `at_s` and re-sorts; returns its new index.
  int moveEvent(int index, double at_s, int preferred = -1);

 signals:
  void changed();

 private:
  int placeFor(double at_s, int preferred) const;
  Scenario scenario_;
};

}  // namespace arachne::gui
