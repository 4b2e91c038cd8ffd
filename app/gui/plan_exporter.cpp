// PlanExporter: atomic JSON save, and PNG/PDF rendering of whole widgets.
#include "plan_exporter.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QWidget>
#include <qcustomplot.h>

#include "io/plan_json.h"
#include "plan_view.h"

namespace arachne::gui {

QSize PlanExporter::exportSize(const QWidget* view) {
  if (qobject_cast<const QCustomPlot*>(view)) return view->size();
  // The plan view's size hint is the whole plan: the export is that, not the scroll area's room.
  if (qobject_cast<const PlanView*>(view)) return view->sizeHint();
  return view->size().expandedTo(view->sizeHint());
}

QString PlanExporter::savePlanJson(const Plan& plan, const PlanReport& report, const QString& path) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return QCoreApplication::translate("arachne::gui::PlanExporter", "Cannot write %1: %2").arg(path, file.errorString());
  const std::string json = planToJson(plan, &report);
  file.write(json.data(), static_cast<qint64>(json.size()));
  if (!file.commit()) return QCoreApplication::translate("arachne::gui::PlanExporter", "Cannot write %1: %2").arg(path, file.errorString());
  return {};
}

QString PlanExporter::saveView(QWidget* view, const QString& path) {
  if (!view) return QCoreApplication::translate("arachne::gui::PlanExporter", "There is no view to export.");
  auto* plot = qobject_cast<QCustomPlot*>(view);
  if (plot && QFileInfo(path).suffix().toLower() == QLatin1String("pdf")) {
    if (!plot->savePdf(path)) return QCoreApplication::translate("arachne::gui::PlanExporter", "Cannot write %1").arg(path);
    return {};
  }
  return saveViews({view}, path);
}

QString PlanExporter::saveViews(const QList<QWidget*>& views, const QString& path) {
  if (views.isEmpty() || views.contains(nullptr)) return QCoreApplication::translate("arachne::gui::PlanExporter", "There is no view to export.");
  QSize total(0, 0);
  for (QWidget* v : views) {
    const QSize s = exportSize(v);
    total = QSize(std::max(total.width(), s.width()), total.height() + s.height());
  }
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == QLatin1String("pdf")) {
    QPdfWriter pdf(path);
    pdf.setResolution(96);
    pdf.setPageSize(QPageSize(QSizeF(total.width(), total.height()) * 72.0 / 96.0, QPageSize::Point));
    pdf.setPageMargins({});
    QPainter painter(&pdf);
    if (!painter.isActive()) return QCoreApplication::translate("arachne::gui::PlanExporter", "Cannot write %1").arg(path);
    const double scale = std::min(pdf.width() / double(total.width()), pdf.height() / double(total.height()));
    painter.scale(scale, scale);
    int y = 0;
    for (QWidget* v : views) {
      const QSize s = exportSize(v);
      if (auto* plot = qobject_cast<QCustomPlot*>(v)) {
        painter.save();
        painter.translate(0, y);
        // Charts keep their vectors: QCustomPlot draws straight into the PDF painter.
        v->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
        (void)plot;
        painter.restore();
      } else {
        v->render(&painter, QPoint(0, y), QRegion(QRect(QPoint(0, 0), s)), QWidget::DrawWindowBackground | QWidget::DrawChildren);
      }
      y += s.height();
    }
    return {};
  }
  QImage image(total, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  {
    QPainter painter(&image);
    int y = 0;
    for (QWidget* v : views) {
      const QSize s = exportSize(v);
      if (auto* plot = qobject_cast<QCustomPlot*>(v))
        painter.drawPixmap(0, y, plot->toPixmap(s.width(), s.height()));
      else
        v->render(&painter, QPoint(0, y), QRegion(QRect(QPoint(0, 0), s)), QWidget::DrawWindowBackground | QWidget::DrawChildren);
      y += s.height();
    }
  }
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit())
    return QCoreApplication::translate("arachne::gui::PlanExporter", "Cannot write %1: %2").arg(path, file.errorString());
  return {};
}

}  // namespace arachne::gui
