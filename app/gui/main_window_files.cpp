// MainWindow: cluster files, recent files, plan and chart exports, the summary clipboard.
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QStatusBar>
#include <QTabWidget>

#include "app_settings.h"
#include "cluster/cluster_spec.h"
#include "composition_model.h"
#include "main_window.h"
#include "plan_exporter.h"
#include "alternatives_chart.h"
#include "plan_view.h"
#include "timeline_view.h"
#include "replay_panel.h"

namespace arachne::gui {

bool MainWindow::openClusterFile(const QString& path) {
  try {
    Composition c = arachne::loadClusterFile(path.toStdString(), catalog_);
    composition_->loadComposition(c, QFileInfo(path).fileName());
    if (useSettings_) AppSettings::addRecentFile(path);
    updateRecentMenu();
    statusBar()->showMessage(tr("Opened %1").arg(path), 5000);
    return true;
  } catch (const std::exception& e) {
    QMessageBox::warning(this, tr("Cannot open cluster"), QString::fromStdString(e.what()));
    return false;
  }
}

bool MainWindow::saveClusterFile(const QString& path) {
  try {
    Composition c = composition_->composition();
    if (c.name.empty()) c.name = QFileInfo(path).completeBaseName().section(QLatin1Char('.'), 0, 0).toStdString();
    arachne::saveClusterFile(c, path.toStdString());
    if (useSettings_) AppSettings::addRecentFile(path);
    updateRecentMenu();
    statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
    return true;
  } catch (const std::exception& e) {
    QMessageBox::warning(this, tr("Cannot save cluster"), QString::fromStdString(e.what()));
    return false;
  }
}

void MainWindow::openClusterDialog() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open cluster"), QString(),
                                                    tr("Cluster files (*.cluster.json *.json)"));
  if (!path.isEmpty()) openClusterFile(path);
}

void MainWindow::saveClusterDialog() {
  QString path = QFileDialog::getSaveFileName(this, tr("Save cluster"), QString(),
                                              tr("Cluster files (*.cluster.json)"));
  if (path.isEmpty()) return;
  if (!path.endsWith(QLatin1String(".json"))) path += QStringLiteral(".cluster.json");
  saveClusterFile(path);
}

void MainWindow::updateRecentMenu() {
  recentMenu_->clear();
  // A picture or a measurement depends only on its command: no saved setting is read then.
  const QStringList files = useSettings_ ? AppSettings::recentFiles() : QStringList();
  for (const QString& f : files)
    recentMenu_->addAction(QFileInfo(f).fileName(), this, [this, f] { openClusterFile(f); })
        ->setToolTip(f);
  recentMenu_->setEnabled(!files.isEmpty());
}

void MainWindow::exportPlanJson() {
  if (!result_) return;
  const QString path = QFileDialog::getSaveFileName(this, tr("Export plan"), QStringLiteral("plan.plan.json"),
                                                    tr("Plan files (*.plan.json)"));
  if (path.isEmpty()) return;
  const QString error = PlanExporter::savePlanJson(result_->plan, result_->report, path);
  if (!error.isEmpty())
    QMessageBox::warning(this, tr("Cannot export plan"), error);
  else
    statusBar()->showMessage(tr("Wrote %1").arg(path), 5000);
}

QWidget* MainWindow::currentExportableView() const {
  // The widget that draws the whole view (not the scroll area's visible part).
  QWidget* page = tabs_->currentWidget();
  if (page == planScroll_) return planView_;
  if (page == timelinePage_) return timeline_;
  if (page == alternativesPage_) return alternatives_;
  return page;
}

void MainWindow::exportCurrentView(const QString& suffix) {
  if (!result_) return;
  const QString filter = suffix == QLatin1String("pdf") ? tr("PDF (*.pdf)") : tr("PNG image (*.png)");
  QString path = QFileDialog::getSaveFileName(this, tr("Export view"), QStringLiteral("view.") + suffix, filter);
  if (path.isEmpty()) return;
  if (!path.endsWith(QLatin1Char('.') + suffix)) path += QLatin1Char('.') + suffix;
  const QString error = tabs_->currentWidget() == replay_
                            ? PlanExporter::saveViews({replay_->chart(), replay_->planView()}, path)
                            : PlanExporter::saveView(currentExportableView(), path);
  if (!error.isEmpty())
    QMessageBox::warning(this, tr("Cannot export view"), error);
  else
    statusBar()->showMessage(tr("Wrote %1").arg(path), 5000);
}

void MainWindow::copySummary() {
  if (!result_) return;
  QApplication::clipboard()->setText(summary_->toPlainText());
  statusBar()->showMessage(tr("Plan summary copied to the clipboard"), 5000);
}

}  // namespace arachne::gui
