// The what-if editor (teaching mode): the plan on screen, editable by hand. Select a stage
// block, then change its TP degree or layer count, or its template's depth, micro-batch size or
// replica count; memory bars, timeline, throughput and violations follow at once from the cost
// model, an infeasible edit shows its itemised violations, and one click goes back to the
// planner's plan.
#pragma once

#include <QWidget>

class QComboBox;
class QGroupBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTabWidget;
class QToolButton;

namespace arachne {
class GpuCatalog;
}

namespace arachne::gui {

class MemoryChart;
class PlanView;
class TimelineView;
class WhatIfSession;

class WhatIfEditor : public QWidget {
  Q_OBJECT
 public:
  WhatIfEditor(const GpuCatalog& catalog, WhatIfSession* session, QWidget* parent = nullptr);
  void selectStage(int templateIndex, int stageIndex);
  std::pair<int, int> selectedStage() const { return {template_, stage_}; }
  PlanView* planView() const { return planView_; }
  MemoryChart* memoryChart() const { return memory_; }
  TimelineView* timeline() const { return timeline_; }
  QString summaryText() const;
  QString violationsText() const;
  // Whether the memory tab shows the bars; when a stage has no memory figures it shows the
  // violations instead (memoryNoteText()), never an empty chart. The same for the timeline.
  bool memoryBarsShown() const;
  QString memoryNoteText() const;
  bool timelineShown() const;
  QString timelineNoteText() const;
  QSpinBox* replicasBox() const { return replicas_; }
  QSpinBox* depthBox() const { return depth_; }
  QSpinBox* layersBox() const { return layers_; }
  QComboBox* tpBox() const { return tp_; }
  QComboBox* microBatchBox() const { return microBatch_; }
  QPushButton* resetButton() const { return reset_; }

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void fitControlsWidth();
  void refresh();
  void syncControls();
  WhatIfSession* session_;
  PlanView* planView_;
  MemoryChart* memory_;
  TimelineView* timeline_;
  QLabel* hint_;
  QLabel* summary_;
  QLabel* violations_;
  QGroupBox* templateBox_;
  QGroupBox* stageBox_;
  QLabel* replicasLabel_;
  QLabel* microBatchLabel_;
  QLabel* depthLabel_;
  QLabel* tpLabel_;
  QLabel* layersLabel_;
  QSpinBox* replicas_;
  QComboBox* microBatch_;
  QSpinBox* depth_;
  QComboBox* tp_;
  QSpinBox* layers_;
  QToolButton* undo_;
  QToolButton* redo_;
  QPushButton* reset_;
  QWidget* controls_ = nullptr;  // the column of edits left of the plan
  QTabWidget* charts_ = nullptr;
  QStackedWidget* memoryPage_ = nullptr;
  QLabel* memoryNote_ = nullptr;
  QStackedWidget* timelinePage_ = nullptr;
  QLabel* timelineNote_ = nullptr;
  int template_ = 0;
  int stage_ = 0;
  bool syncing_ = false;
};

}  // namespace arachne::gui
