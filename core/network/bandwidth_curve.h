// Achieved bandwidth of one link as a function of the message size, from a measurement (a table
// or Sailor's polynomial fit) or from a spec rate and a documented size-efficiency shape.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace arachne {

// The range of any rate a network file or an imported measurement may give, GB/s: a rate far
// below it (1e-300 GB/s) priced an iteration at 1e300 s as a feasible plan, a subnormal one left
// no plan at all; above it is a unit mistake (the catalog's cap for any link).
constexpr double kMinLinkGbps = 1.0e-6;
constexpr double kMaxLinkGbps = 1.0e5;

class BandwidthCurve {
 public:
  BandwidthCurve() = default;
  // The same rate at every size (GB/s, decimal, per direction).
  static BandwidthCurve constant(double gbps);
  // Measured points (bytes, GB/s); interpolated linearly in log2(bytes), flat beyond the ends.
  // Points must be positive; they are sorted by size.
  static BandwidthCurve table(std::vector<std::pair<double, double>> points);
  // Sailor's fit: GB/s = c[0]·x^(n-1) + … + c[n-1] with x = log2(bytes / 1e6), fitted over
  // 2^16 … 2^30 bytes. Outside that range the end value holds; the rate is capped at maxGbps (the
  // largest measured rate) and kept above 1 % of it, so an extrapolated quadratic never turns
  // negative.
  static BandwidthCurve sailorPolynomial(std::vector<double> coeffs, double maxGbps);
  // spec × efficiency(bytes), efficiency from (bytes, fraction) points as in table().
  static BandwidthCurve scaled(double specGbps, const std::vector<std::pair<double, double>>& efficiency);

  bool empty() const { return log2_bytes_.empty(); }
  // Achieved GB/s for one message of `bytes`.
  double gbps(double bytes) const;
  // The same at x = log2(bytes) (callers evaluating several curves at one size take the log once).
  double gbpsAtLog2(double x) const;
  // The curve's largest rate.
  double peakGbps() const { return peak_; }
  // The same shape at `factor` times the rate (e.g. a NIC shared by several flows).
  BandwidthCurve times(double factor) const;
  // The points the curve is evaluated from (log2 bytes, GB/s), for JSON and tests.
  std::vector<std::pair<double, double>> points() const;
  // Where it came from ("measured: …", "catalog spec …"), for reports.
  std::string origin;
  // The form it was made from, so that a file round-trips exactly.
  enum class Form { Constant, Table, SailorFit };
  Form form() const { return form_; }
  const std::vector<std::pair<double, double>>& tablePoints() const { return table_; }  // Table
  const std::vector<double>& sailorCoeffs() const { return coeffs_; }                   // SailorFit
  double sailorMaxGbps() const { return max_gbps_; }                                    // SailorFit

  bool operator==(const BandwidthCurve& o) const {
    return log2_bytes_ == o.log2_bytes_ && gbps_ == o.gbps_;
  }

 private:
  Form form_ = Form::Constant;
  std::vector<std::pair<double, double>> table_;
  std::vector<double> coeffs_;
  double max_gbps_ = 0;
  // Evaluated on a fixed grid so that a lookup costs one log2 and one interpolation whatever
  // the source form.
  std::vector<double> log2_bytes_, gbps_;
  double peak_ = 0;
  // Points on a uniform log2 grid (every form but a table of arbitrary sizes): found by index.
  bool uniform_ = false;
  double first_ = 0, step_ = 1;
  double invStep_ = 0;  // 1 / step_ when step_ is a power of two (then exact), else 0
  void detectUniform();
  void resampleOnHalfOctaves();
};

}  // namespace arachne
