// Writing results to disk: the plan JSON through QSaveFile, and any chart or view as PNG or PDF,
// whole (a view larger than its scroll area is drawn at its full size).
#pragma once

#include <QList>
#include <QSize>
#include <QString>

#include "cost/plan_report.h"
#include "plan/plan.h"

class QWidget;

namespace arachne::gui {

class PlanExporter {
 public:
  // Each returns an empty string on success, else a sentence naming the file and the problem.
  static QString savePlanJson(const Plan& plan, const PlanReport& report, const QString& path);
  // PNG or PDF by the file's suffix; a lone QCustomPlot chart is written as vector PDF.
  static QString saveView(QWidget* view, const QString& path);
  // Several views one below the other (the replay: its chart, then the plan so far).
  static QString saveViews(const QList<QWidget*>& views, const QString& path);
  // The size a view is drawn at: its own, at least its size hint.
  static QSize exportSize(const QWidget* view);
};

}  // namespace arachne::gui
