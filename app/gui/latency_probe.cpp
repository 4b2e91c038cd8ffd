// LatencyProbe: a precise 5 ms timer whose late ticks reveal a blocked event loop; the thread's
// CPU time between ticks tells blocking work from time the machine gave to other processes.
#include "latency_probe.h"

#include <algorithm>
#include <ctime>

namespace arachne::gui {

namespace {
qint64 threadCpuNs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<qint64>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}
}  // namespace

LatencyProbe::LatencyProbe(QObject* parent) : QObject(parent) {
  timer_.setTimerType(Qt::PreciseTimer);
  timer_.setInterval(5);
  connect(&timer_, &QTimer::timeout, this, &LatencyProbe::tick);
}

void LatencyProbe::start() {
  maxGapNs_ = totalNs_ = maxCpuNs_ = 0;
  lastCpu_ = threadCpuNs();
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
  const qint64 cpu = threadCpuNs();
  maxCpuNs_ = std::max(maxCpuNs_, cpu - lastCpu_);
  lastCpu_ = cpu;
  if (gap > maxGapNs_) {
    maxGapNs_ = gap;
    maxGapAtNs_ = now;
  }
  totalNs_ += gap;
  ++ticks_;
  if (gap > 50'000'000) ++over50_;
}

}  // namespace arachne::gui
