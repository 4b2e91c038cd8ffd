// Plain-text tables for the CLI: aligned columns, numbers right-aligned, and number formatting.
#pragma once

#include <string>
#include <vector>

namespace arachne::cli {

class TextTable {
 public:
  enum class Align { Left, Right };

  explicit TextTable(std::vector<std::string> header);
  // Columns default to left alignment; numbers read better right-aligned.
  void setAlign(size_t column, Align align);
  void addRow(std::vector<std::string> cells);
  size_t rows() const { return rows_.size(); }
  // Every line starts with `indent`; a dashed rule separates the header from the rows.
  std::string render(const std::string& indent = "") const;

 private:
  std::vector<std::string> header_;
  std::vector<Align> align_;
  std::vector<std::vector<std::string>> rows_;
};

// Fixed decimals ("12.35"); "-" for NaN; "inf" for infinities.
std::string fixed(double v, int decimals);
// Thousands separators on the integer part: 1234567.8 -> "1,234,568" (decimals = 0).
std::string grouped(double v, int decimals = 0);
// Bytes as GiB with two decimals.
std::string gib(double bytes);
// Compact list of ids: {0,1,2,3,8} -> "0-3,8"; repeated ids are kept ("2,2").
std::string idList(const std::vector<int>& ids);

}  // namespace arachne::cli
