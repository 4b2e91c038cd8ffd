// BandwidthCurve: every form is sampled onto points in log2(bytes) and interpolated there.
#include "network/bandwidth_curve.h"

#include <algorithm>
#include <cmath>

namespace arachne {

namespace {

// Grid for forms given as functions: 1 KiB … 16 GiB in half-octave steps.
constexpr double kGridFirst = 10.0, kGridLast = 34.0, kGridStep = 0.5;

double interpolate(const std::vector<double>& xs, const std::vector<double>& ys, double x) {
  if (x <= xs.front()) return ys.front();
  if (x >= xs.back()) return ys.back();
  auto it = std::upper_bound(xs.begin(), xs.end(), x);
  const size_t i = static_cast<size_t>(it - xs.begin());
  const double f = (x - xs[i - 1]) / (xs[i] - xs[i - 1]);
  return ys[i - 1] + f * (ys[i] - ys[i - 1]);
}

}  // namespace

BandwidthCurve BandwidthCurve::constant(double gbps) {
  BandwidthCurve c;
  c.log2_bytes_ = {kGridFirst};
  c.gbps_ = {gbps};
  c.peak_ = gbps;
  return c;
}

BandwidthCurve BandwidthCurve::table(std::vector<std::pair<double, double>> points) {
  std::sort(points.begin(), points.end());
  BandwidthCurve c;
  c.form_ = Form::Table;
  c.table_ = points;
  for (const auto& [bytes, gbps] : points) {
    if (!(bytes > 0) || !(gbps > 0)) continue;
    const double x = std::log2(bytes);
    if (!c.log2_bytes_.empty() && x == c.log2_bytes_.back()) {
      c.gbps_.back() = gbps;
      continue;
    }
    c.log2_bytes_.push_back(x);
    c.gbps_.push_back(gbps);
    c.peak_ = std::max(c.peak_, gbps);
  }
  c.detectUniform();
  c.resampleOnHalfOctaves();
  return c;
}

void BandwidthCurve::resampleOnHalfOctaves() {
  // A table measured at sizes that are powers of two (or half-octaves) in uneven steps: its
  // piecewise-linear curve is the same one on the half-octave grid (every measured point is a
  // grid point), and there a lookup is an index, not a search.
  if (uniform_ || log2_bytes_.size() < 2) return;
  for (double x : log2_bytes_)
    if (std::abs(2 * x - std::round(2 * x)) > 1e-9) return;
  const double first = log2_bytes_.front(), last = log2_bytes_.back();
  if (last - first > 64) return;
  std::vector<double> xs, ys;
  for (double x = first; x <= last + 1e-9; x += 0.5) {
    xs.push_back(x);
    ys.push_back(interpolate(log2_bytes_, gbps_, x));
  }
  log2_bytes_ = std::move(xs);
  gbps_ = std::move(ys);
  detectUniform();
}

BandwidthCurve BandwidthCurve::sailorPolynomial(std::vector<double> coeffs, double maxGbps) {
  // Sailor fitted over messages of 2^16 … 2^30 bytes (sailor/profiling/networking).
  constexpr double kFitFirst = 16.0, kFitLast = 30.0;
  BandwidthCurve c;
  c.form_ = Form::SailorFit;
  c.coeffs_ = coeffs;
  c.max_gbps_ = maxGbps;
  for (double x = kGridFirst; x <= kGridLast + 1e-9; x += kGridStep) {
    const double xf = std::clamp(x, kFitFirst, kFitLast);
    const double mbLog = xf - std::log2(1e6);
    double y = 0;
    for (double k : coeffs) y = y * mbLog + k;
    if (maxGbps > 0) y = std::clamp(y, 0.01 * maxGbps, maxGbps);
    c.log2_bytes_.push_back(x);
    c.gbps_.push_back(y);
    c.peak_ = std::max(c.peak_, y);
  }
  c.detectUniform();
  return c;
}

BandwidthCurve BandwidthCurve::scaled(double specGbps,
                                      const std::vector<std::pair<double, double>>& efficiency) {
  std::vector<std::pair<double, double>> pts;
  for (const auto& [bytes, f] : efficiency) pts.emplace_back(bytes, specGbps * f);
  if (pts.empty()) return constant(specGbps);
  return table(std::move(pts));
}

void BandwidthCurve::detectUniform() {
  uniform_ = false;
  if (log2_bytes_.size() < 2) return;
  first_ = log2_bytes_.front();
  step_ = log2_bytes_[1] - log2_bytes_[0];
  if (!(step_ > 0)) return;
  for (size_t i = 1; i < log2_bytes_.size(); ++i)
    if (std::abs(log2_bytes_[i] - (first_ + step_ * double(i))) > 1e-12) return;
  uniform_ = true;
  // Dividing by a power of two and multiplying by its inverse round the same exact value (both
  // normal numbers, so that the inverse is exact too); a multiplication is the faster.
  int exponent = 0;
  const bool pow2 = std::frexp(step_, &exponent) == 0.5 && std::isnormal(step_) && std::isnormal(1.0 / step_);
  invStep_ = pow2 ? 1.0 / step_ : 0.0;
}

double BandwidthCurve::gbps(double bytes) const {
  if (gbps_.size() <= 1) return gbps_.empty() ? 0 : gbps_.front();
  return gbpsAtLog2(std::log2(std::max(bytes, 1.0)));
}

double BandwidthCurve::gbpsAtLog2(double x) const {
  if (gbps_.empty()) return 0;
  if (gbps_.size() == 1) return gbps_.front();
  if (!uniform_) return interpolate(log2_bytes_, gbps_, x);
  const double pos = invStep_ > 0 ? (x - first_) * invStep_ : (x - first_) / step_;
  if (pos <= 0) return gbps_.front();
  const size_t i = static_cast<size_t>(pos);
  if (i + 1 >= gbps_.size()) return gbps_.back();
  const double f = pos - double(i);
  return gbps_[i] + f * (gbps_[i + 1] - gbps_[i]);
}

BandwidthCurve BandwidthCurve::times(double factor) const {
  BandwidthCurve c = *this;
  for (double& g : c.gbps_) g *= factor;
  c.peak_ *= factor;
  // The scaled curve is no longer its source form; it is kept as its sampled points.
  c.form_ = gbps_.size() == 1 ? Form::Constant : Form::Table;
  c.table_.clear();
  for (size_t i = 0; i < c.gbps_.size(); ++i) c.table_.emplace_back(std::exp2(c.log2_bytes_[i]), c.gbps_[i]);
  c.coeffs_.clear();
  return c;
}

std::vector<std::pair<double, double>> BandwidthCurve::points() const {
  std::vector<std::pair<double, double>> out;
  for (size_t i = 0; i < gbps_.size(); ++i) out.emplace_back(log2_bytes_[i], gbps_[i]);
  return out;
}

}  // namespace arachne
