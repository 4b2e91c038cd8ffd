// ScenarioPanel: files, presets, and the edits of events, model, horizon and starting cluster.
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QUndoStack>

#include "catalog/gpu_catalog.h"
#include "commands/scenario_event_commands.h"
#include "scenario/scenario_json.h"
#include "scenario_document.h"
#include "scenario_event_dialog.h"
#include "scenario_panel.h"
#include "scenario_timeline_view.h"

namespace arachne::gui {

bool ScenarioPanel::openFile(const QString& path, QString* error) {
  try {
    const Scenario s = loadScenarioFile(path.toStdString(), catalog_);
    undo_->clear();
    traces_.clear();
    doc_->setScenario(s);
    path_ = path;
    status_->setText(tr("Opened %1.").arg(path));
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

bool ScenarioPanel::saveFile(const QString& path, QString* error) {
  try {
    saveScenarioFile(doc_->scenario(), path.toStdString());
    path_ = path;
    undo_->setClean();
    status_->setText(tr("Saved %1.").arg(path));
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

void ScenarioPanel::openPreset(const QString& name) {
  try {
    const Scenario s = loadScenarioPreset(name.toStdString(), catalog_);
    undo_->clear();
    traces_.clear();
    path_.clear();
    doc_->setScenario(s);
  } catch (const std::exception& e) {
    status_->setText(QString::fromStdString(e.what()));
  }
}

bool ScenarioPanel::openScenario(const QString& fileOrPreset, QString* error) {
  if (fileOrPreset.endsWith(QStringLiteral(".json"))) return openFile(fileOrPreset, error);
  try {
    const Scenario s = resolveScenario(fileOrPreset.toStdString(), catalog_);
    undo_->clear();
    traces_.clear();
    path_.clear();
    doc_->setScenario(s);
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

void ScenarioPanel::openDialog() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open scenario"), QFileInfo(path_).absolutePath(),
                                                    tr("Scenarios (*.scenario.json);;JSON (*.json);;All files (*)"));
  if (path.isEmpty()) return;
  QString error;
  if (!openFile(path, &error)) QMessageBox::warning(this, tr("Open scenario"), error);
}

void ScenarioPanel::saveDialog(bool askForName) {
  QString path = path_;
  if (askForName || path.isEmpty()) {
    const QString suggested = QString::fromStdString(doc_->scenario().name.empty() ? std::string("scenario") : doc_->scenario().name) +
                              QStringLiteral(".scenario.json");
    path = QFileDialog::getSaveFileName(this, tr("Save scenario"), path.isEmpty() ? suggested : path,
                                        tr("Scenarios (*.scenario.json)"));
    if (path.isEmpty()) return;
    if (!path.endsWith(QStringLiteral(".json"))) path += QStringLiteral(".scenario.json");
  }
  QString error;
  if (!saveFile(path, &error)) QMessageBox::warning(this, tr("Save scenario"), error);
}

bool ScenarioPanel::addEvent(const ScenarioEvent& event, const std::map<int, std::string>& names) {
  if (event.kind == ScenarioEventKind::Join ? event.nodes.empty() : event.node_ids.empty()) return false;
  undo_->push(new AddScenarioEventCommand(doc_, event, names));
  return true;
}

bool ScenarioPanel::moveEvent(int index, double seconds, bool nudge) {
  if (index < 0 || index >= doc_->eventCount() || !(seconds > 0)) return false;
  const ScenarioEvent moved = doc_->scenario().events[static_cast<size_t>(index)];
  if (moved.at_s == seconds) return false;
  undo_->push(new MoveScenarioEventCommand(doc_, index, seconds, nudge));
  // Keep the moved event selected at its new place in the order.
  for (int i = 0; i < doc_->eventCount(); ++i) {
    ScenarioEvent e = doc_->scenario().events[static_cast<size_t>(i)];
    if (e.at_s != seconds) continue;
    e.at_s = moved.at_s;
    if (e == moved) {
      timeline_->setSelectedEvent(i);
      break;
    }
  }
  return true;
}

bool ScenarioPanel::deleteEvent(int index) {
  if (index < 0 || index >= doc_->eventCount()) return false;
  undo_->push(new DeleteScenarioEventCommand(doc_, index));
  timeline_->setSelectedEvent(-1);
  return true;
}

bool ScenarioPanel::startFromComposerCluster() {
  if (!currentCluster_) return false;
  const Composition c = currentCluster_();
  if (c.totalGpus() <= 0) return false;
  Scenario s = doc_->scenario();
  s.start = c;
  s.cluster_spec.clear();  // saved embedded: the composer's cluster may be no preset
  // Names of start nodes that are not in the new cluster go.
  for (auto it = s.node_names.begin(); it != s.node_names.end();) {
    bool joins = false;
    for (const auto& e : s.events)
      for (const Node& n : e.nodes) joins = joins || n.id == it->first;
    it = (!joins && !c.findNode(it->first)) ? s.node_names.erase(it) : std::next(it);
  }
  undo_->push(new EditScenarioCommand(doc_, s, tr("Start from the composer's cluster")));
  return true;
}

void ScenarioPanel::addEventDialog(ScenarioEventKind kind, double seconds) {
  ScenarioEventDialog dialog(kind, doc_->scenario(), catalog_, seconds, this);
  if (dialog.exec() != QDialog::Accepted) return;
  if (!addEvent(dialog.event(), dialog.names()))
    status_->setText(tr("Nothing was added: choose at least one node."));
}

void ScenarioPanel::moveEventDialog(int index) {
  if (index < 0 || index >= doc_->eventCount()) return;
  bool ok = false;
  const double at = doc_->scenario().events[static_cast<size_t>(index)].at_s;
  const double t = QInputDialog::getDouble(this, tr("Move event"), tr("New time (seconds after the start)"), at, 1, 1e9, 0, &ok);
  if (ok) moveEvent(index, t);
}

void ScenarioPanel::setModel(const QString& id) {
  if (id.toStdString() == doc_->scenario().model) return;
  Scenario s = doc_->scenario();
  s.model = id.toStdString();
  undo_->push(new EditScenarioCommand(doc_, s, tr("Plan %1").arg(id)));
}

void ScenarioPanel::setHorizon(double seconds) {
  if (doc_->scenario().horizon() == seconds) return;
  Scenario s = doc_->scenario();
  s.horizon_s = seconds;
  undo_->push(new EditScenarioCommand(doc_, s, tr("Horizon %1 s").arg(seconds)));
}

}  // namespace arachne::gui
