// LatencyProbe: a precise 5 ms timer whose late ticks reveal a blocked event loop.
#include "latency_probe.h"

namespace arachne::gui {

LatencyProbe::LatencyProbe(QObject* parent) : QObject(parent) {
  timer_.setTimerType(Qt::PreciseTimer);
  timer_.setInterval(5);
  connect(&timer_, &QTimer::timeout, this, &LatencyProbe::tick);
}

void LatencyProbe::start() {
  maxGapNs_ = totalNs_ = 0;
  ticks_ = over50_ = 0;
  clock_.start();
  last_ = clock_.nsecsElapsed();
  timer_.start();
}

void LatencyProbe::stop() { timer_.stop(); }

void LatencyProbe::tick() {
  const qint64 now = clock_.nsecsElapsed();
  const qint64 gap = now - last_;
  last_ = now;
  if (gap > maxGapNs_) {
    maxGapNs_ = gap;
    maxGapAtNs_ = now;
  }
  totalNs_ += gap;
  ++ticks_;
  if (gap > 50'000'000) ++over50_;
}

}  // namespace arachne::gui
