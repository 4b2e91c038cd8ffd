// The dialog that describes a new event: its time and, for a join, the nodes that arrive (GPU
// type, GPUs per node, how many, a name), for a leave or a failure the nodes that go (those
// present at that time).
#pragma once

#include <QDialog>
#include <map>
#include <string>

#include "scenario/scenario.h"

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QListWidget;
class QSpinBox;

namespace arachne {
class GpuCatalog;
}

namespace arachne::gui {

class ScenarioEventDialog : public QDialog {
  Q_OBJECT
 public:
  ScenarioEventDialog(ScenarioEventKind kind, const Scenario& scenario, const GpuCatalog& catalog, double seconds,
                      QWidget* parent = nullptr);
  // The event as entered (join nodes get fresh ids); empty nodes when nothing was chosen.
  ScenarioEvent event() const;
  // Names given to joining nodes, by id.
  std::map<int, std::string> names() const;

  // For tests and scripted use.
  QDoubleSpinBox* timeBox() const { return time_; }
  QComboBox* gpuTypeBox() const { return type_; }
  QSpinBox* gpusBox() const { return gpus_; }
  QSpinBox* countBox() const { return count_; }
  QListWidget* nodeList() const { return nodes_; }

 private:
  void refillNodes();
  ScenarioEventKind kind_;
  Scenario scenario_;
  QDoubleSpinBox* time_ = nullptr;
  QComboBox* type_ = nullptr;
  QSpinBox* gpus_ = nullptr;
  QSpinBox* count_ = nullptr;
  QLineEdit* name_ = nullptr;
  QListWidget* nodes_ = nullptr;
};

}  // namespace arachne::gui
