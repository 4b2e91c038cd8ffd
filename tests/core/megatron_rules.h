// The argument rules of Megatron-LM commit d98e8a6, for checking generated launch commands:
// the option table (tests/data/megatron/arguments-d98e8a6.json, read from the real parser) and
// the validations the launch depends on, each named after the Megatron-LM code it mirrors.
#pragma once

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace megatron_rules {

// Splits one POSIX shell command line as launch.sh writes it: words separated by spaces, '...'
// taken literally, "..." with $VAR kept as text (the checker does not expand variables).
inline std::vector<std::string> shellSplit(const std::string& line) {
  std::vector<std::string> words;
  std::string cur;
  bool inWord = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t') {
      if (inWord) words.push_back(cur);
      cur.clear();
      inWord = false;
    } else if (c == '\'') {
      inWord = true;
      const size_t end = line.find('\'', i + 1);
      cur += line.substr(i + 1, end - i - 1);
      i = end;
    } else if (c == '"') {
      inWord = true;
      const size_t end = line.find('"', i + 1);
      cur += line.substr(i + 1, end - i - 1);
      i = end;
    } else if (c == '\\' && i + 1 < line.size()) {
      inWord = true;
      cur += line[++i];
    } else {
      inWord = true;
      cur += c;
    }
  }
  if (inWord) words.push_back(cur);
  return words;
}

struct Option {
  std::string action;  // store, store_true, store_false, boolean_optional, help
  std::string type;    // int, float, str, callable or empty
  std::string nargs;   // "+", "*", "?" or a count; empty for one value
  std::vector<std::string> choices;
};

class OptionTable {
 public:
  explicit OptionTable(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    const nlohmann::json j = nlohmann::json::parse(text.str());
    commit = j.at("commit").get<std::string>();
    for (const auto& [name, o] : j.at("options").items()) {
      Option opt;
      opt.action = o.at("action").get<std::string>();
      if (o.contains("type")) opt.type = o.at("type").get<std::string>();
      if (o.contains("nargs")) opt.nargs = o.at("nargs").is_string() ? o.at("nargs").get<std::string>() : std::to_string(o.at("nargs").get<int>());
      if (o.contains("choices")) opt.choices = o.at("choices").get<std::vector<std::string>>();
      options[name] = opt;
    }
  }
  std::string commit;
  std::map<std::string, Option> options;
};

// The arguments after the training script, parsed as argparse would (one value per store
// option; flags take none). `error` names the first argument argparse would reject.
struct ParsedArgs {
  std::map<std::string, std::string> values;  // option -> value ("" for flags)
  std::string error;
  bool has(const std::string& k) const { return values.count(k) > 0; }
  int integer(const std::string& k, int fallback) const {
    auto it = values.find(k);
    return it == values.end() ? fallback : std::stoi(it->second);
  }
};

inline bool isInt(const std::string& s) { return std::regex_match(s, std::regex("-?[0-9]+")); }

inline ParsedArgs parseArguments(const OptionTable& table, const std::vector<std::string>& args) {
  ParsedArgs p;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto it = table.options.find(a);
    if (it == table.options.end()) {
      p.error = "unknown option " + a;
      return p;
    }
    const Option& o = it->second;
    if (o.action == "store_true" || o.action == "store_false" || o.action == "boolean_optional") {
      p.values[a] = "";
      continue;
    }
    if (o.action != "store" || !o.nargs.empty()) {
      p.error = a + ": the launch uses only single-value options, this one is " + o.action + " nargs " + o.nargs;
      return p;
    }
    if (i + 1 >= args.size() || args[i + 1].rfind("--", 0) == 0) {
      p.error = a + " needs a value";
      return p;
    }
    const std::string& v = args[++i];
    if (o.type == "int" && !isInt(v)) p.error = a + " needs an int, got " + v;
    if (o.type == "float") {
      try { std::stod(v); } catch (...) { p.error = a + " needs a float, got " + v; }
    }
    if (!o.choices.empty()) {
      bool ok = false;
      for (const auto& c : o.choices) ok = ok || c == v;
      if (!ok) p.error = a + ": '" + v + "' is not one of its choices";
    }
    if (!p.error.empty()) return p;
    p.values[a] = v;
  }
  return p;
}

// PipelineParallelLayerLayout.parse_str_to_list: remove ',', unroll "(...)*n" then "x*n",
// split on '|'; E embedding, L loss, t decoder, m mtp.
inline std::vector<std::string> parseLayout(std::string s) {
  s.erase(std::remove(s.begin(), s.end(), ','), s.end());
  for (const char* pattern : {R"(\(([^)]+)\)\*(\d+))", R"((.)\*(\d+))"}) {
    const std::regex re(pattern);
    std::smatch m;
    std::string out;
    std::string rest = s;
    while (std::regex_search(rest, m, re)) {
      out += m.prefix().str();
      for (int k = 0; k < std::stoi(m[2].str()); ++k) out += m[1].str();
      rest = m.suffix().str();
    }
    s = out + rest;
  }
  std::vector<std::string> stages(1);
  for (char c : s) {
    if (c == '|') stages.emplace_back();
    else stages.back() += c;
  }
  return stages;
}

// The decoder layers each pipeline stage builds under the parsed arguments, or an error that
// Megatron-LM would raise (validate_args and TransformerConfig.__post_init__, "Uneven PP" and
// "PP layout"), for PP stages without virtual stages.
struct LayerSplit {
  std::vector<int> per_stage;
  std::string error;
};

inline LayerSplit layerSplit(const ParsedArgs& a) {
  LayerSplit r;
  const int L = a.integer("--num-layers", -1);
  const int PP = a.integer("--pipeline-model-parallel-size", 1);
  if (L <= 0) {
    r.error = "--num-layers missing";
    return r;
  }
  const bool first = a.has("--decoder-first-pipeline-num-layers"), last = a.has("--decoder-last-pipeline-num-layers");
  if (a.has("--pipeline-model-parallel-layout")) {
    if (first || last || a.has("--account-for-embedding-in-pipeline-split") || a.has("--account-for-loss-in-pipeline-split")) {
      r.error = "pipeline_model_parallel_layout cannot be set with other pipeline layout arguments";
      return r;
    }
    const std::vector<std::string> stages = parseLayout(a.values.at("--pipeline-model-parallel-layout"));
    if (static_cast<int>(stages.size()) % PP != 0) {
      r.error = "the length of pipeline_model_parallel_layout must be divisible by pipeline_model_parallel_size";
      return r;
    }
    if (static_cast<int>(stages.size()) != PP) {
      r.error = "virtual stages in the layout: not expected by this check";
      return r;
    }
    std::string flat;
    for (const auto& s : stages) {
      for (char c : s)
        if (std::string("ELtm").find(c) == std::string::npos) {
          r.error = std::string("invalid layer character ") + c;
          return r;
        }
      flat += s;
      r.per_stage.push_back(static_cast<int>(std::count(s.begin(), s.end(), 't')));
    }
    if (flat.empty() || flat.front() != 'E') r.error = "the first layer must be embedding";
    else if (flat.back() != 'L') r.error = "the last layer must be loss";
    else if (std::count(flat.begin(), flat.end(), 'E') != 1 || std::count(flat.begin(), flat.end(), 'L') != 1)
      r.error = "embedding and loss must be specified exactly once";
    else if (std::count(flat.begin(), flat.end(), 't') != L) r.error = "number of decoder layers must match num_layers";
    return r;
  }
  if (first || last) {
    int rest = L, stages = PP;
    const int f = a.integer("--decoder-first-pipeline-num-layers", 0), l = a.integer("--decoder-last-pipeline-num-layers", 0);
    if (first) {
      if (f <= 0) { r.error = "num_layers_in_first_pipeline_stage must be larger than 0"; return r; }
      rest -= f;
      --stages;
    }
    if (last) {
      if (l <= 0) { r.error = "num_layers_in_last_pipeline_stage must be larger than 0"; return r; }
      rest -= l;
      --stages;
    }
    if ((rest != 0) != (stages != 0)) { r.error = "Mismatch: middle layers remaining but middle PP stages available"; return r; }
    if (stages && rest % stages != 0) { r.error = "number of layers at middle stage must be divisible by the middle pipeline size"; return r; }
    if (first) r.per_stage.push_back(f);
    for (int s = 0; s < stages; ++s) r.per_stage.push_back(rest / stages);
    if (last) r.per_stage.push_back(l);
    return r;
  }
  if (L % PP != 0) {
    r.error = "Number of layers should be divisible by the pipeline-model-parallel size";
    return r;
  }
  r.per_stage.assign(static_cast<size_t>(PP), L / PP);
  return r;
}

// Megatron-LM's coordinates of a global rank (parallel_state.RankGenerator, CP = 1): the default
// order tp-cp-ep-dp-pp, or tp-cp-ep-pp-dp with --use-tp-pp-dp-mapping.
struct Coordinates {
  int tp, dp, pp;
};
inline Coordinates coordinates(int rank, int TP, int DP, int PP, bool tpPpDp) {
  if (tpPpDp) return {rank % TP, rank / (TP * PP), (rank / TP) % PP};
  return {rank % TP, (rank / TP) % DP, rank / (TP * DP)};
}

}  // namespace megatron_rules
