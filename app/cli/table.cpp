// Column layout and number formatting shared by every CLI command.
#include "table.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace arachne::cli {

namespace {

// Display width in columns: count UTF-8 lead bytes, not bytes, so "×" or "—" align.
size_t displayWidth(const std::string& s) {
  size_t w = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++w;
  return w;
}

std::string pad(const std::string& s, size_t width, TextTable::Align align) {
  const size_t w = displayWidth(s);
  if (w >= width) return s;
  const std::string fill(width - w, ' ');
  return align == TextTable::Align::Left ? s + fill : fill + s;
}

}  // namespace

TextTable::TextTable(std::vector<std::string> header)
    : header_(std::move(header)), align_(header_.size(), Align::Left) {}

void TextTable::setAlign(size_t column, Align align) {
  if (column < align_.size()) align_[column] = align;
}

void TextTable::addRow(std::vector<std::string> cells) {
  cells.resize(header_.size());
  rows_.push_back(std::move(cells));
}

std::string TextTable::render(const std::string& indent) const {
  std::vector<size_t> width(header_.size(), 0);
  for (size_t c = 0; c < header_.size(); ++c) width[c] = displayWidth(header_[c]);
  for (const auto& r : rows_)
    for (size_t c = 0; c < r.size(); ++c) width[c] = std::max(width[c], displayWidth(r[c]));

  auto line = [&](const std::vector<std::string>& cells) {
    std::string s = indent;
    for (size_t c = 0; c < cells.size(); ++c) {
      if (c) s += "  ";
      s += pad(cells[c], width[c], align_[c]);
    }
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s + "\n";
  };
  std::string out = line(header_);
  std::vector<std::string> rule;
  for (size_t w : width) rule.emplace_back(w, '-');
  out += line(rule);
  for (const auto& r : rows_) out += line(r);
  return out;
}

std::string fixed(double v, int decimals) {
  if (std::isnan(v)) return "-";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  std::string s = buf;
  if (s == "-0" || s.find_first_not_of("-0.") == std::string::npos) {
    if (!s.empty() && s[0] == '-') s.erase(0, 1);  // no "-0.00"
  }
  return s;
}

std::string grouped(double v, int decimals) {
  std::string s = fixed(v, decimals);
  if (s == "-" || s == "inf" || s == "-inf") return s;
  const bool negative = !s.empty() && s[0] == '-';
  if (negative) s.erase(0, 1);
  const auto dot = s.find('.');
  const std::string intPart = s.substr(0, dot);
  std::string out = negative ? "-" : "";
  // Appended digit by digit: inserting commas in place trips a false -Wrestrict warning of GCC 12.
  for (size_t i = 0; i < intPart.size(); ++i) {
    if (i > 0 && (intPart.size() - i) % 3 == 0) out += ',';
    out += intPart[i];
  }
  if (dot != std::string::npos) out += s.substr(dot);
  return out;
}

std::string gib(double bytes) { return fixed(bytes / (1024.0 * 1024.0 * 1024.0), 2); }

std::string idList(const std::vector<int>& ids) {
  std::string s;
  for (size_t i = 0; i < ids.size();) {
    size_t j = i;
    while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1) ++j;
    if (!s.empty()) s += ",";
    s += std::to_string(ids[i]);
    if (j >= i + 2) {
      s += '-';
      s += std::to_string(ids[j]);
      i = j + 1;
    } else {
      i = i + 1;
    }
  }
  return s;
}

}  // namespace arachne::cli
