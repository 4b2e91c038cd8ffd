// ScenarioDocument: time-ordered insertion with a preferred slot among equal times.
#include "scenario_document.h"

#include <algorithm>
#include <cstdlib>

namespace arachne::gui {

ScenarioDocument::ScenarioDocument(QObject* parent) : QObject(parent) {}

void ScenarioDocument::setScenario(const Scenario& s) {
  scenario_ = s;
  emit changed();
}

int ScenarioDocument::placeFor(double at_s, int preferred) const {
  const auto& ev = scenario_.events;
  // The range of slots that keep the order: after every earlier event, before every later one.
  int lo = 0, hi = static_cast<int>(ev.size());
  while (lo < static_cast<int>(ev.size()) && ev[static_cast<size_t>(lo)].at_s < at_s) ++lo;
  hi = lo;
  while (hi < static_cast<int>(ev.size()) && ev[static_cast<size_t>(hi)].at_s == at_s) ++hi;
  if (preferred < 0) return hi;
  return std::clamp(preferred, lo, hi);
}

int ScenarioDocument::insertEvent(const ScenarioEvent& e, int preferred) {
  const int at = placeFor(e.at_s, preferred);
  scenario_.events.insert(scenario_.events.begin() + at, e);
  emit changed();
  return at;
}

ScenarioEvent ScenarioDocument::takeEvent(int index) {
  if (index < 0 || index >= eventCount()) return {};
  ScenarioEvent e = scenario_.events[static_cast<size_t>(index)];
  scenario_.events.erase(scenario_.events.begin() + index);
  emit changed();
  return e;
}

int ScenarioDocument::moveEvent(int index, double at_s, int preferred) {
  if (index < 0 || index >= eventCount()) return -1;
  ScenarioEvent e = scenario_.events[static_cast<size_t>(index)];
  scenario_.events.erase(scenario_.events.begin() + index);
  e.at_s = at_s;
  const int at = placeFor(at_s, preferred);
  scenario_.events.insert(scenario_.events.begin() + at, e);
  emit changed();
  return at;
}

}  // namespace arachne::gui
