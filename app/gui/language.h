// Switching the UI language at run time: the app's translations (embedded under :/i18n by
// qt_add_translations) plus Qt's own, installed on the application; widgets retranslate on
// QEvent::LanguageChange.
#pragma once

#include <QString>
#include <QStringList>

namespace arachne::gui {

class Language {
 public:
  // "en", "de", "zh_CN". Returns false (and keeps the current language) when unknown.
  static bool apply(const QString& code);
  static QString current();
  static QStringList available();  // {"en", "de", "zh_CN"}
  static QString nativeName(const QString& code);
};

}  // namespace arachne::gui
