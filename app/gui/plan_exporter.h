// Writing results to disk: the plan JSON through QSaveFile, and any chart or view as PNG or PDF.
#pragma once

#include <QString>

#include "cost/plan_report.h"
#include "plan/plan.h"

class QWidget;

namespace arachne::gui {

class PlanExporter {
 public:
  // Each returns an empty string on success, else a sentence naming the file and the problem.
  static QString savePlanJson(const Plan& plan, const PlanReport& report, const QString& path);
  // PNG or PDF by the file's suffix; QCustomPlot charts are written as vector PDF.
  static QString saveView(QWidget* view, const QString& path);
};

}  // namespace arachne::gui
