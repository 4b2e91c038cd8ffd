// The plan drawn as rows of stage blocks: one row per template, each block showing its GPU type
// (colour + pattern + text), the TP group as grouped GPUs, layer range, micro-batch and, on MoE
// stages, the EP x ETP x EDP tiling as a grid. Hovering a block shows its time breakdown.
#pragma once

#include <QWidget>
#include <optional>
#include <vector>

#include "cost/plan_report.h"
#include "plan/plan.h"

namespace arachne {
class GpuCatalog;
}

namespace arachne::gui {

class PlanView : public QWidget {
  Q_OBJECT
 public:
  explicit PlanView(const GpuCatalog& catalog, QWidget* parent = nullptr);

  // report may be absent (a replay step) or have no per-template entries (an infeasible plan).
  void setPlan(const Plan& plan, const std::optional<PlanReport>& report);
  void clear();
  bool hasPlan() const { return !plan_.templates.empty(); }
  // Template and stage under a widget position; {-1, -1} when none.
  std::pair<int, int> stageAt(const QPoint& pos) const;
  QString stageToolTip(int templateIndex, int stageIndex) const;

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 signals:
  void stageClicked(int templateIndex, int stageIndex);

 protected:
  void paintEvent(QPaintEvent* event) override;
  bool event(QEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
  QRect blockRect(int templateIndex, int stageIndex) const;
  int rowTop(int templateIndex) const;
  int rowHeight() const;
  void paintLegend(QPainter& p) const;
  void paintBlock(QPainter& p, const Stage& stage, const QRect& r, int replicas, int microBatch) const;
  void paintTpGroup(QPainter& p, const QRect& r, int tp, const QColor& ink) const;
  void paintTiling(QPainter& p, const QRect& r, const ExpertTiling& t, const QColor& ink) const;

  const GpuCatalog& catalog_;
  Plan plan_;
  std::optional<PlanReport> report_;
};

}  // namespace arachne::gui
