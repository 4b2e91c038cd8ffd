// Human formatting of durations, bytes and rates for the views (locale aware).
#pragma once

#include <QString>

namespace arachne::gui {

// "12.3 ms", "4.56 s", "2 min 05 s"
QString formatSeconds(double seconds);
QString formatGigabytes(double bytes);

}  // namespace arachne::gui
