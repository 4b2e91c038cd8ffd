// What the explorer remembers between runs (QSettings): window geometry and state, recent
// cluster files, the default planner and budget, the language.
#pragma once

#include <QString>
#include <QStringList>

class QMainWindow;

namespace arachne::gui {

class AppSettings {
 public:
  static constexpr int kMaxRecent = 8;
  // False when nothing was saved yet.
  static bool restoreWindow(QMainWindow* window);
  static void saveWindow(const QMainWindow* window);
  static QStringList recentFiles();
  static void addRecentFile(const QString& path);
  static QString defaultPlanner();
  static void setDefaultPlanner(const QString& name);
  static double budgetSeconds();  // 10 s when never set
  static void setBudgetSeconds(double seconds);
  static QString language();  // empty: the system's
  static void setLanguage(const QString& code);
};

}  // namespace arachne::gui
