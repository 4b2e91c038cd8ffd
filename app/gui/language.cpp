// Language: installs and removes the translators.
#include "language.h"

#include <QCoreApplication>
#include <QEvent>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include "io/install_layout.h"

namespace arachne::gui {

namespace {
QTranslator* appTranslator = nullptr;
QTranslator* qtTranslator = nullptr;
QString currentCode = QStringLiteral("en");
}  // namespace

QStringList Language::available() {
  return {QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("zh_CN")};
}

QString Language::nativeName(const QString& code) {
  if (code == QLatin1String("de")) return QStringLiteral("Deutsch");
  if (code == QLatin1String("zh_CN")) return QStringLiteral("简体中文");
  return QStringLiteral("English");
}

QString Language::current() { return currentCode; }

bool Language::apply(const QString& code) {
  if (!available().contains(code)) return false;
  auto* app = QCoreApplication::instance();
  if (code == QLatin1String("en")) {
    if (appTranslator) app->removeTranslator(appTranslator);
    if (qtTranslator) app->removeTranslator(qtTranslator);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    currentCode = code;
    // QApplication posts LanguageChange to each window; deliver it now so the caller sees it.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    return true;
  }
  auto* next = new QTranslator(app);
  // An installation's share/arachne/translations first (a translator can update it without a
  // rebuild), else the copy compiled into the program.
  const auto installed = installedDataFile("translations/arachne_" + code.toStdString() + ".qm");
  const bool loaded = (installed && next->load(QString::fromStdString(*installed))) ||
                      next->load(QStringLiteral(":/i18n/arachne_%1.qm").arg(code));
  if (!loaded) {
    delete next;
    return false;
  }
  if (appTranslator) {
    app->removeTranslator(appTranslator);
    delete appTranslator;
  }
  appTranslator = next;
  app->installTranslator(appTranslator);
  auto* qt = new QTranslator(app);
  if (qt->load(QStringLiteral("qtbase_%1").arg(code), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
    if (qtTranslator) {
      app->removeTranslator(qtTranslator);
      delete qtTranslator;
    }
    qtTranslator = qt;
    app->installTranslator(qtTranslator);
  } else {
    delete qt;
  }
  QLocale::setDefault(QLocale(code));
  currentCode = code;
  QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
  return true;
}

}  // namespace arachne::gui
