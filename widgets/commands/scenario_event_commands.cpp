// The scenario panel's undo commands over ScenarioDocument's primitive changes.
#include "scenario_event_commands.h"

#include <QCoreApplication>

#include "scenario_document.h"

namespace arachne::gui {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("arachne::gui::ScenarioPanel", text); }

QString kindName(ScenarioEventKind k) {
  switch (k) {
    case ScenarioEventKind::Join: return tr("join");
    case ScenarioEventKind::Leave: return tr("leave");
    case ScenarioEventKind::Fail: return tr("failure");
  }
  return {};
}
}  // namespace

AddScenarioEventCommand::AddScenarioEventCommand(ScenarioDocument* doc, const ScenarioEvent& event,
                                                 std::map<int, std::string> names, QUndoCommand* parent)
    : QUndoCommand(parent), doc_(doc), event_(event), names_(std::move(names)) {
  setText(tr("Add %1 at %2 s").arg(kindName(event.kind)).arg(event.at_s));
}

void AddScenarioEventCommand::redo() {
  if (!names_.empty()) {
    Scenario s = doc_->scenario();
    for (const auto& [id, name] : names_) s.node_names[id] = name;
    doc_->setScenario(s);
  }
  index_ = doc_->insertEvent(event_, index_);
}

void AddScenarioEventCommand::undo() {
  doc_->takeEvent(index_);
  if (!names_.empty()) {
    Scenario s = doc_->scenario();
    for (const auto& [id, name] : names_) s.node_names.erase(id);
    doc_->setScenario(s);
  }
}

DeleteScenarioEventCommand::DeleteScenarioEventCommand(ScenarioDocument* doc, int index, QUndoCommand* parent)
    : QUndoCommand(parent), doc_(doc), index_(index) {
  if (index >= 0 && index < doc->eventCount()) event_ = doc->scenario().events[static_cast<size_t>(index)];
  setText(tr("Delete %1 at %2 s").arg(kindName(event_.kind)).arg(event_.at_s));
}

void DeleteScenarioEventCommand::redo() { event_ = doc_->takeEvent(index_); }

void DeleteScenarioEventCommand::undo() { index_ = doc_->insertEvent(event_, index_); }

MoveScenarioEventCommand::MoveScenarioEventCommand(ScenarioDocument* doc, int index, double toSeconds, bool nudge,
                                                   QUndoCommand* parent)
    : QUndoCommand(parent), doc_(doc), fromIndex_(index), toSeconds_(toSeconds), nudge_(nudge) {
  fromSeconds_ = index >= 0 && index < doc->eventCount() ? doc->scenario().events[static_cast<size_t>(index)].at_s : 0.0;
  setText(tr("Move event to %1 s").arg(toSeconds));
}

void MoveScenarioEventCommand::redo() { toIndex_ = doc_->moveEvent(fromIndex_, toSeconds_, fromIndex_); }

void MoveScenarioEventCommand::undo() { doc_->moveEvent(toIndex_, fromSeconds_, fromIndex_); }

bool MoveScenarioEventCommand::mergeWith(const QUndoCommand* other) {
  const auto* o = static_cast<const MoveScenarioEventCommand*>(other);
  if (!nudge_ || !o->nudge_ || o->doc_ != doc_ || o->fromIndex_ != toIndex_) return false;
  // The merged command moves from this one's start to the other's end.
  toSeconds_ = o->toSeconds_;
  toIndex_ = o->toIndex_;
  setText(tr("Move event to %1 s").arg(toSeconds_));
  return true;
}

EditScenarioCommand::EditScenarioCommand(ScenarioDocument* doc, const Scenario& after, const QString& text,
                                         QUndoCommand* parent)
    : QUndoCommand(text, parent), doc_(doc), before_(doc->scenario()), after_(after) {}

void EditScenarioCommand::redo() { doc_->setScenario(after_); }

void EditScenarioCommand::undo() { doc_->setScenario(before_); }

}  // namespace arachne::gui
