// Cell keys, CSV rows of cells (exact numbers), and a small RFC 4180 reader and writer.
#include "paper_cell.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>

#include "io/load_error.h"

namespace arachne::cli {

std::string exactNumber(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string CellKey::id() const {
  // Budget and network as exact text: 20 and 20.0 are the same key.
  return planner + "|" + variant + "|" + cluster + "|" + model + "|" + exactNumber(budget_s) + "|" +
         std::to_string(budget_evals) + "|" + std::to_string(global_batch) + "|" + exactNumber(a6000_gbps) + "|" +
         std::to_string(seed);
}

std::string toCsv(const CsvData& data) {
  std::string text;
  auto line = [&text](const std::vector<std::string>& cells) {
    for (size_t i = 0; i < cells.size(); ++i) {
      const std::string& c = cells[i];
      if (i) text.push_back(',');
      if (c.find_first_of(",\"\n\r") == std::string::npos) {
        text += c;
        continue;
      }
      text.push_back('"');
      for (char ch : c) {
        if (ch == '"') text.push_back('"');
        text.push_back(ch);
      }
      text.push_back('"');
    }
    text.push_back('\n');
  };
  line(data.header);
  for (const auto& r : data.rows) line(r);
  return text;
}

CsvData parseCsv(const std::string& text, const std::string& path) {
  std::vector<std::vector<std::string>> lines;
  std::vector<std::string> cur;
  std::string cell;
  bool quoted = false, any = false;
  size_t lineNo = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (quoted) {
      if (ch == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        cell.push_back('"');
        ++i;
      } else if (ch == '"') {
        quoted = false;
      } else {
        if (ch == '\n') ++lineNo;
        cell.push_back(ch);
      }
      continue;
    }
    if (ch == '"' && cell.empty()) {
      quoted = any = true;
    } else if (ch == ',') {
      cur.push_back(std::move(cell));
      cell.clear();
      any = true;
    } else if (ch == '\n' || ch == '\r') {
      if (ch == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      if (any || !cell.empty()) {
        cur.push_back(std::move(cell));
        lines.push_back(std::move(cur));
      }
      cur.clear();
      cell.clear();
      any = false;
      ++lineNo;
    } else {
      cell.push_back(ch);
      any = true;
    }
  }
  if (quoted) throw LoadError(path, "line " + std::to_string(lineNo), "a quoted field is not closed");
  if (any || !cell.empty()) {
    cur.push_back(std::move(cell));
    lines.push_back(std::move(cur));
  }
  CsvData d;
  if (lines.empty()) return d;
  d.header = std::move(lines.front());
  for (size_t i = 1; i < lines.size(); ++i) {
    if (lines[i].size() != d.header.size())
      throw LoadError(path, "row " + std::to_string(i), "has " + std::to_string(lines[i].size()) + " fields, the header " +
                                                             std::to_string(d.header.size()));
    d.rows.push_back(std::move(lines[i]));
  }
  return d;
}

const std::vector<std::string>& cellColumns() {
  static const std::vector<std::string> c = {
      "figure", "planner", "variant", "cluster", "model", "budget_s", "budget_evals", "global_batch", "a6000_gbps",
      "seed", "found", "seq_per_s", "iter_per_s", "planning_s", "evaluations", "gpus_used", "gpus", "at_budget",
      "refused", "retiled_seq_per_s", "retiled_iter_per_s", "retiled_changed", "plan", "message", "curve"};
  return c;
}

void checkCellColumns(const CsvData& data, const std::string& path) {
  for (const std::string& name : cellColumns()) {
    if (name == "figure") continue;  // written for the reader, not read back
    if (std::find(data.header.begin(), data.header.end(), name) == data.header.end())
      throw LoadError(path, name, "column missing (not a file `paper --csv-dir` wrote; move it away or choose another directory)");
  }
}

std::vector<std::string> cellRow(int figure, const CellKey& k, const CellResult& r) {
  std::string curve;
  for (const auto& [e, v] : r.curve) {
    if (!curve.empty()) curve += ' ';
    curve += std::to_string(e);
    curve += ':';
    curve += exactNumber(v);
  }
  return {std::to_string(figure), k.planner, k.variant, k.cluster, k.model, exactNumber(k.budget_s),
          std::to_string(k.budget_evals), std::to_string(k.global_batch), exactNumber(k.a6000_gbps),
          std::to_string(k.seed), r.found ? "1" : "0", exactNumber(r.seq_per_s), exactNumber(r.iter_per_s),
          exactNumber(r.planning_s), std::to_string(r.evaluations), std::to_string(r.gpus_used), std::to_string(r.gpus),
          r.at_budget ? "1" : "0", r.refused ? "1" : "0", exactNumber(r.retiled_seq_per_s),
          exactNumber(r.retiled_iter_per_s), r.retiled_changed ? "1" : "0", r.plan, r.message, curve};
}

namespace {

struct RowReader {
  const CsvData& data;
  size_t row;
  const std::string& path;
  std::string field(const std::string& name) const {
    for (size_t i = 0; i < data.header.size(); ++i)
      if (data.header[i] == name) return data.rows[row][i];
    throw LoadError(path, name, "column missing");
  }
  [[noreturn]] void bad(const std::string& name, const std::string& what) const {
    throw LoadError(path, "row " + std::to_string(row + 1) + "." + name, what);
  }
  double number(const std::string& name, const std::string& text) const {
    errno = 0;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || errno == ERANGE) bad(name, "not a number: '" + text + "'");
    return v;
  }
  double number(const std::string& name) const { return number(name, field(name)); }
  long long integer(const std::string& name) const {
    const std::string t = field(name);
    errno = 0;
    char* end = nullptr;
    const long long v = std::strtoll(t.c_str(), &end, 10);
    if (t.empty() || *end != '\0' || errno == ERANGE) bad(name, "not an integer: '" + t + "'");
    return v;
  }
  bool flag(const std::string& name) const {
    const std::string t = field(name);
    if (t != "0" && t != "1") bad(name, "must be 0 or 1, got '" + t + "'");
    return t == "1";
  }
};

}  // namespace

std::pair<CellKey, CellResult> cellFromRow(const CsvData& data, size_t row, const std::string& path) {
  const RowReader in{data, row, path};
  CellKey k;
  k.planner = in.field("planner");
  k.variant = in.field("variant");
  k.cluster = in.field("cluster");
  k.model = in.field("model");
  k.budget_s = in.number("budget_s");
  k.budget_evals = in.integer("budget_evals");
  k.global_batch = static_cast<int>(in.integer("global_batch"));
  k.a6000_gbps = in.number("a6000_gbps");
  k.seed = static_cast<std::uint64_t>(in.integer("seed"));
  CellResult r;
  r.found = in.flag("found");
  r.seq_per_s = in.number("seq_per_s");
  r.iter_per_s = in.number("iter_per_s");
  r.planning_s = in.number("planning_s");
  r.evaluations = in.integer("evaluations");
  r.gpus_used = static_cast<int>(in.integer("gpus_used"));
  r.gpus = static_cast<int>(in.integer("gpus"));
  r.at_budget = in.flag("at_budget");
  r.refused = in.flag("refused");
  r.retiled_seq_per_s = in.number("retiled_seq_per_s");
  r.retiled_iter_per_s = in.number("retiled_iter_per_s");
  r.retiled_changed = in.flag("retiled_changed");
  r.plan = in.field("plan");
  r.message = in.field("message");
  const std::string curve = in.field("curve");
  for (size_t at = 0; at < curve.size();) {
    size_t end = curve.find(' ', at);
    if (end == std::string::npos) end = curve.size();
    const std::string point = curve.substr(at, end - at);
    const size_t colon = point.find(':');
    if (colon == std::string::npos) in.bad("curve", "point '" + point + "' is not EVALS:VALUE");
    const double e = in.number("curve", point.substr(0, colon));
    r.curve.emplace_back(static_cast<long long>(e), in.number("curve", point.substr(colon + 1)));
    at = end + 1;
  }
  return {k, r};
}

}  // namespace arachne::cli
