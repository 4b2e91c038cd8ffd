// Undo commands of the scenario panel: add, delete and move an event, and replace the whole
// scenario (open a file, change the model, the horizon or the starting cluster).
#pragma once

#include <QString>
#include <QUndoCommand>
#include <map>
#include <string>

#include "scenario/scenario.h"

namespace arachne::gui {

class ScenarioDocument;

class AddScenarioEventCommand : public QUndoCommand {
 public:
  // `names`: names of the event's joining nodes, by id (may be empty).
  AddScenarioEventCommand(ScenarioDocument* doc, const ScenarioEvent& event,
                          std::map<int, std::string> names = {}, QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;

 private:
  ScenarioDocument* doc_;
  ScenarioEvent event_;
  std::map<int, std::string> names_;
  int index_ = -1;
};

class DeleteScenarioEventCommand : public QUndoCommand {
 public:
  DeleteScenarioEventCommand(ScenarioDocument* doc, int index, QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;

 private:
  ScenarioDocument* doc_;
  int index_;
  ScenarioEvent event_;
};

// Consecutive nudges of the same event with the keyboard merge into one undo step; every drag
// or dialog move is an undo step of its own.
class MoveScenarioEventCommand : public QUndoCommand {
 public:
  MoveScenarioEventCommand(ScenarioDocument* doc, int index, double toSeconds, bool nudge = false,
                           QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;
  int id() const override { return 0x5ce2; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  ScenarioDocument* doc_;
  int fromIndex_;
  int toIndex_ = -1;
  double fromSeconds_;
  double toSeconds_;
  bool nudge_;
};

class EditScenarioCommand : public QUndoCommand {
 public:
  EditScenarioCommand(ScenarioDocument* doc, const Scenario& after, const QString& text, QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;

 private:
  ScenarioDocument* doc_;
  Scenario before_;
  Scenario after_;
};

}  // namespace arachne::gui
