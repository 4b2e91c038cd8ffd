// PlanExporter: atomic JSON save, and PNG/PDF rendering of widgets.
#include "plan_exporter.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QWidget>
#include <qcustomplot.h>

#include "io/plan_json.h"

namespace arachne::gui {

QString PlanExporter::savePlanJson(const Plan& plan, const PlanReport& report, const QString& path) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly))
    return QCoreApplication::translate("arachne::gui::PlanExporter", "Cannot write %1: %2").arg(path, file.errorString());
  const std::string json = planToJson(plan, &report);
  file.write(json.data(), static_cast<qint64>(json.size()));
  if (!file.commit()) return QCoreApplication::translate("arachne::gui::PlanExporter", "Cannot write %1: %2").arg(path, file.errorString());
  return {};
}

QString PlanExporter::saveView(QWidget* view, const QString& path) {
  if (!view) return QCoreApplication::translate("arachne::gui::PlanExporter", "There is no view to export.");
  const QString suffix = QFileInfo(path).suffix().toLower();
  auto* plot = qobject_cast<QCustomPlot*>(view);
  if (suffix == QLatin1String("pdf")) {
    if (plot) {
      if (!plot->savePdf(path)) return QCoreApplication::translate("arachne::gui::PlanExporter", "Cannot write %1").arg(path);
      return {};
    }
    QPdfWriter pdf(path);
    pdf.setResolution(96);
    pdf.setPageSize(QPageSize(QSizeF(view->width(), view->height()), QPageSize::Point));
    pdf.setPageMargins({});
    QPainter painter(&pdf);
    if (!painter.isActive()) return QCoreApplication::translate("arachne::gui::PlanExporter", "Cannot write %1").arg(path);
    const double scale = std::min(pdf.width() / double(view->width()), pdf.height() / double(view->height()));
    painter.scale(scale, scale);
    view->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
    return {};
  }
  const QImage image = plot ? plot->toPixmap().toImage() : view->grab().toImage();
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit())
    return QCoreApplication::translate("arachne::gui::PlanExporter", "Cannot write %1: %2").arg(path, file.errorString());
  return {};
}

}  // namespace arachne::gui
