// Human formatting of durations, bytes and rates for the views (locale aware).
#pragma once

#include <QString>

namespace arachne::gui {

// "12.3 ms", "4.56 s", "2 min 05 s"
QString formatSeconds(double seconds);
// Memory is in GiB everywhere (2^30 bytes), as the core's messages and the CLI print it.
QString formatGibibytes(double bytes);
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

}  // namespace arachne::gui
