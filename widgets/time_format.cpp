// Duration and size formatting shared by the views.
#include "time_format.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

namespace arachne::gui {

QString formatSeconds(double s) {
  const QLocale l;
  if (!std::isfinite(s)) return QCoreApplication::translate("arachne::gui::Format", "n/a");
  if (s == 0) return QStringLiteral("0");
  if (s < 1e-3) return QCoreApplication::translate("arachne::gui::Format", "%1 µs").arg(l.toString(s * 1e6, 'f', 1));
  if (s < 1.0) return QCoreApplication::translate("arachne::gui::Format", "%1 ms").arg(l.toString(s * 1e3, 'f', 1));
  if (s < 120.0) return QCoreApplication::translate("arachne::gui::Format", "%1 s").arg(l.toString(s, 'f', 2));
  return QCoreApplication::translate("arachne::gui::Format", "%1 min").arg(l.toString(s / 60.0, 'f', 1));
}

QString formatGibibytes(double bytes) {
  return QCoreApplication::translate("arachne::gui::Format", "%1 GiB")
      .arg(QLocale().toString(bytes / kGiB, 'f', 1));
}

}  // namespace arachne::gui
