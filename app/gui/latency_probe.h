// Measures how responsive the UI thread stays: the longest gap between ticks of a 5 ms timer
// (event-loop latency) while a planner runs, and the time from main() to the first paint.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace arachne::gui {

class LatencyProbe : public QObject {
  Q_OBJECT
 public:
  explicit LatencyProbe(QObject* parent = nullptr);
  void start();
  void stop();
  double maxGapMs() const { return maxGapNs_ / 1e6; }
  double maxGapAtMs() const { return maxGapAtNs_ / 1e6; }  // when the longest gap ended
  double elapsedMs() const { return clock_.nsecsElapsed() / 1e6; }
  double meanGapMs() const { return ticks_ > 0 ? totalNs_ / 1e6 / ticks_ : 0; }
  long long ticks() const { return ticks_; }
  // Gaps above the 50 ms target.
  long long gapsOver50Ms() const { return over50_; }
  // The UI thread's own CPU time in the longest gap (by CPU time): what the gap would be on an
  // idle machine, where the wall-clock gaps above also hold the time other processes ran.
  double maxGapCpuMs() const { return maxCpuNs_ / 1e6; }

 private:
  void tick();
  QTimer timer_;
  QElapsedTimer clock_;
  qint64 last_ = 0;
  qint64 lastCpu_ = 0;
  qint64 maxCpuNs_ = 0;
  qint64 maxGapNs_ = 0;
  qint64 maxGapAtNs_ = 0;
  qint64 totalNs_ = 0;
  long long ticks_ = 0;
  long long over50_ = 0;
};

}  // namespace arachne::gui
