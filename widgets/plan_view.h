// The plan drawn as rows of stage blocks: one row per template, each block showing its GPU type
// (colour + pattern + text), the TP group as grouped GPUs, layer range, micro-batch and, on MoE
// stages, the EP x ETP x EDP tiling as a grid. Hovering a block shows its itemised time. The
// view is as large as the whole plan (a scroll area scrolls it; exports draw all of it).
#pragma once

#include <QStringList>
#include <QWidget>
#include <optional>
#include <set>
#include <vector>

#include "cost/plan_report.h"
#include "model/model.h"
#include "plan/plan.h"

class QFontMetrics;

namespace arachne {
class GpuCatalog;
}

namespace arachne::gui {

class PlanView : public QWidget {
  Q_OBJECT
 public:
  explicit PlanView(const GpuCatalog& catalog, QWidget* parent = nullptr);

  // report may be absent (a replay step) or have no per-template entries (an infeasible plan).
  // `model` names the layer ranges (embedding, blocks, head); without it they are indices.
  void setPlan(const Plan& plan, const std::optional<PlanReport>& report,
               const std::optional<Model>& model = std::nullopt);
  void clear();
  bool hasPlan() const { return !plan_.templates.empty(); }
  const Plan& plan() const { return plan_; }
  // Template and stage under a widget position; {-1, -1} when none.
  std::pair<int, int> stageAt(const QPoint& pos) const;
  QRect blockRect(int templateIndex, int stageIndex) const;
  QString stageToolTip(int templateIndex, int stageIndex) const;
  // The text left of a template row: replicas, micro-batches, interleaving, iteration time.
  QString templateHeaderText(int templateIndex) const;
  // The lines a stage block shows (the first bold), made to fit `width` at `fm` where a line
  // can be split; blockTextWidth() is the room a block has.
  QStringList blockTextLines(int templateIndex, int stageIndex, const QFontMetrics& fm, int width) const;
  int blockTextWidth() const;
  // How a MoE stage's expert grids fill `room`: square size, grids per row, rows of grids, and
  // how many of the EDP copies are drawn.
  struct TilingLayout {
    int cell = 0, perRow = 1, gridRows = 1, drawn = 0;
  };
  static TilingLayout tilingLayout(const QSize& room, int lineHeight, const ExpertTiling& tiling);
  // Marks one block (the what-if editor's selection); {-1, -1} for none.
  void setSelectedStage(int templateIndex, int stageIndex);
  std::pair<int, int> selectedStage() const { return selected_; }
  // Marks blocks placed on these nodes (why-dropped: "these nodes would join here").
  void setHighlightedNodes(const std::set<int>& nodes);

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override { return sizeHint(); }

 signals:
  void stageClicked(int templateIndex, int stageIndex);

 protected:
  void paintEvent(QPaintEvent* event) override;
  bool event(QEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
  struct LegendEntry {
    QString label;
    QRect rect;
    int catalogIndex;
  };
  int rowTop(int templateIndex) const;
  int rowHeight() const;
  int contentWidth() const;
  std::vector<LegendEntry> legendLayout() const;
  int legendHeight() const;
  void paintLegend(QPainter& p) const;
  void paintBlock(QPainter& p, int t, int s, const QRect& r) const;
  void paintTpGroup(QPainter& p, const QRect& r, int tp, const QColor& ink) const;
  void paintTiling(QPainter& p, const QRect& r, const ExpertTiling& t, const QColor& ink) const;
  QString layersLabel(const Stage& st) const;

  const GpuCatalog& catalog_;
  Plan plan_;
  std::optional<PlanReport> report_;
  std::optional<Model> model_;
  std::pair<int, int> selected_{-1, -1};
  std::set<int> highlighted_;
};

}  // namespace arachne::gui
