// AppSettings: one place for every QSettings key.
#include "app_settings.h"

#include <QFileInfo>
#include <QMainWindow>
#include <QSettings>

namespace arachne::gui {

bool AppSettings::restoreWindow(QMainWindow* window) {
  QSettings s;
  const QByteArray geometry = s.value(QStringLiteral("window/geometry")).toByteArray();
  const QByteArray state = s.value(QStringLiteral("window/state")).toByteArray();
  if (geometry.isEmpty() && state.isEmpty()) return false;
  window->restoreGeometry(geometry);
  window->restoreState(state);
  return true;
}

void AppSettings::saveWindow(const QMainWindow* window) {
  QSettings s;
  s.setValue(QStringLiteral("window/geometry"), window->saveGeometry());
  s.setValue(QStringLiteral("window/state"), window->saveState());
}

QStringList AppSettings::recentFiles() {
  QStringList files = QSettings().value(QStringLiteral("recentFiles")).toStringList();
  files.erase(std::remove_if(files.begin(), files.end(),
                             [](const QString& f) { return !QFileInfo::exists(f); }),
              files.end());
  return files;
}

void AppSettings::addRecentFile(const QString& path) {
  QStringList files = QSettings().value(QStringLiteral("recentFiles")).toStringList();
  const QString abs = QFileInfo(path).absoluteFilePath();
  files.removeAll(abs);
  files.prepend(abs);
  while (files.size() > kMaxRecent) files.removeLast();
  QSettings().setValue(QStringLiteral("recentFiles"), files);
}

QString AppSettings::defaultPlanner() {
  return QSettings().value(QStringLiteral("planning/planner")).toString();
}

void AppSettings::setDefaultPlanner(const QString& name) {
  QSettings().setValue(QStringLiteral("planning/planner"), name);
}

double AppSettings::budgetSeconds() {
  return QSettings().value(QStringLiteral("planning/budgetSeconds"), 10.0).toDouble();
}

void AppSettings::setBudgetSeconds(double seconds) {
  QSettings().setValue(QStringLiteral("planning/budgetSeconds"), seconds);
}

QString AppSettings::language() { return QSettings().value(QStringLiteral("language")).toString(); }

void AppSettings::setLanguage(const QString& code) {
  QSettings().setValue(QStringLiteral("language"), code);
}

}  // namespace arachne::gui
