// Checking a policy weights file's header and payload without LibTorch.
#include "policy/policy_header.h"

#include <cstdio>
#include <stdexcept>

#include "io/json_reader.h"
#include "io/load_error.h"
#include "policy/policy_layout.h"

namespace arachne {

namespace {

constexpr const char* kMagic = "ARACHNE-POLICY";
constexpr int kFormatVersion = 1;

std::string fnv1a64(const std::string& bytes) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
  return out;
}

nlohmann::json sizesOf(const PolicyLayout& l, bool flat) {
  nlohmann::json s = {{"state", l.stateSize()},
                      {"summary", l.summarySize()},
                      {"depth_candidate", l.depthCandidateSize()},
                      {"stage_context", l.stageContextSize()},
                      {"device_candidate", l.deviceCandidateSize()}};
  if (flat) s["flat_context"] = l.flatContextSize();
  return s;
}

}  // namespace

std::string policyFileBytes(const PolicyConfig& c, const nlohmann::json& params, const std::string& payload,
                            const nlohmann::json& metadata) {
  const nlohmann::json header = {
      {"format_version", kFormatVersion},
      {"feature_layout_version", PolicyConfig::kFeatureLayoutVersion},
      {"config",
       {{"t_max", c.t_max}, {"d_max", c.d_max}, {"k_max", c.k_max}, {"hidden", c.hidden},
        {"head_hidden", c.head_hidden}, {"film_hidden", c.film_hidden}, {"planner", c.plannerName()}}},
      {"sizes", sizesOf(PolicyLayout(c), c.flat)},
      {"parameters", params},
      {"payload_bytes", payload.size()},
      {"payload_fnv1a64", fnv1a64(payload)},
      {"metadata", metadata}};
  return std::string(kMagic) + '\n' + header.dump() + '\n' + payload;
}

std::int64_t policyParameterCount(const PolicyConfig& c) {
  // Mirrors PolicyNetwork's constructor (tst_policy_network checks the two agree), so a
  // header's sizes can be weighed against its payload before the network is allocated.
  const PolicyLayout l(c);
  const std::int64_t H = c.hidden, E = c.head_hidden, F = c.film_hidden;
  const std::int64_t S = l.stateSize(), Z = l.summarySize(), Cd = l.depthCandidateSize();
  const std::int64_t Cs = l.stageContextSize(), Cv = l.deviceCandidateSize();
  auto linear = [](std::int64_t in, std::int64_t out) { return in * out + out; };
  const std::int64_t film = 2 * (2 * H + (c.flat ? 6 : 3) * E);
  std::int64_t n = linear(Z, F) + linear(F, film) + linear(S, H) + linear(H, H) + linear(H, E) +
                   linear(Cd, E) + linear(E, E) + linear(E, 1) + linear(H + Cs, E) + linear(Cv, E) +
                   linear(E, E) + linear(E, 1) + linear(H + Cs + Cv, E) + linear(E, E) + linear(E, c.k_max);
  if (c.flat) {
    const std::int64_t Cf = l.flatContextSize();
    for (std::int64_t choices : {PolicyConfig::kLayerChoices, PolicyConfig::kMicroBatchChoices,
                                 PolicyConfig::kReplicaChoices})
      n += linear(H + Cf, E) + linear(E, E) + linear(E, choices);
  }
  return n;
}

PolicyHeader readPolicyHeader(const std::string& bytes, const std::string& path, const PolicyConfig* expected,
                              const bool* expectFlat) {
  const size_t magicEnd = bytes.find('\n');
  const std::string magic = bytes.substr(0, magicEnd);
  if (magic != kMagic)
    throw LoadError(path, "", "not an Arachne policy file (it does not start with " + std::string(kMagic) + ")");
  if (magicEnd == std::string::npos || magicEnd + 1 >= bytes.size())
    throw LoadError(path, "header", "truncated: the header line is missing");
  const size_t headerEnd = bytes.find('\n', magicEnd + 1);
  const std::string headerLine = bytes.substr(magicEnd + 1, headerEnd == std::string::npos ? std::string::npos
                                                                                           : headerEnd - magicEnd - 1);
  const nlohmann::json header = JsonReader::parse(headerLine, path);
  JsonReader h(header, path);
  h.requireObject();

  const long long version = h.integer("format_version", 1, 1 << 20);
  if (version != kFormatVersion)
    throw LoadError(path, "format_version",
                    "format " + std::to_string(version) + " is not the one this build reads (" +
                        std::to_string(kFormatVersion) + ")");
  const long long layoutVersion = h.integer("feature_layout_version", 0, 1 << 20);
  if (layoutVersion != PolicyConfig::kFeatureLayoutVersion)
    throw LoadError(path, "feature_layout_version",
                    "the weights were trained on feature layout " + std::to_string(layoutVersion) +
                        ", this build computes layout " + std::to_string(PolicyConfig::kFeatureLayoutVersion));

  const JsonReader cj = h.object("config");
  PolicyConfig c;
  c.t_max = static_cast<int>(cj.integer("t_max", 1, 64));
  c.d_max = static_cast<int>(cj.integer("d_max", 1, 1024));
  c.k_max = static_cast<int>(cj.integer("k_max", 1, 16));
  c.hidden = static_cast<int>(cj.integer("hidden", 1, 65536));
  c.head_hidden = static_cast<int>(cj.integer("head_hidden", 1, 65536));
  c.film_hidden = static_cast<int>(cj.integer("film_hidden", 1, 65536));
  // Files written before flat-rl existed have no "planner": they hold an arachne policy.
  const std::string planner = cj.has("planner") ? cj.string("planner") : std::string("arachne");
  if (planner != "arachne" && planner != "flat-rl")
    throw LoadError(path, "config.planner",
                    "'" + planner.substr(0, 40) + "' is not a policy kind (arachne or flat-rl)");
  c.flat = planner == "flat-rl";
  const bool* wantFlat = expectFlat ? expectFlat : expected ? &expected->flat : nullptr;
  if (wantFlat && *wantFlat != c.flat) {
    auto kind = [](bool flat) { return flat ? "a flat-rl policy" : "an arachne policy"; };
    throw LoadError(path, "config.planner",
                    std::string("the file holds ") + kind(c.flat) + ", the planner expects " + kind(*wantFlat));
  }
  if (expectFlat && expected && expected->flat != *expectFlat)
    throw std::invalid_argument("loadPolicy: the expected config and the expected kind disagree");
  if (expected) {
    const std::pair<const char*, std::pair<int, int>> fields[] = {
        {"t_max", {c.t_max, expected->t_max}}, {"d_max", {c.d_max, expected->d_max}},
        {"k_max", {c.k_max, expected->k_max}}, {"hidden", {c.hidden, expected->hidden}},
        {"head_hidden", {c.head_hidden, expected->head_hidden}},
        {"film_hidden", {c.film_hidden, expected->film_hidden}}};
    for (const auto& [name, values] : fields)
      if (values.first != values.second)
        throw LoadError(path, std::string("config.") + name,
                        "the file has " + std::to_string(values.first) + ", the planner expects " +
                            std::to_string(values.second));
  }

  const PolicyLayout layout(c);
  const JsonReader sj = h.object("sizes");
  const nlohmann::json wantSizes = sizesOf(layout, c.flat);  // a named object: items() must not outlive it
  for (const auto& [name, want] : wantSizes.items()) {
    const long long got = sj.integer(name, 0, 1 << 30);
    if (got != want.get<long long>())
      throw LoadError(path, sj.fieldPath(name),
                      "the file's features have " + std::to_string(got) + " entries, this build computes " +
                          std::to_string(want.get<long long>()));
  }

  const long long payloadBytes = h.integer("payload_bytes", 1, 1ll << 40);
  const std::string checksum = h.string("payload_fnv1a64");
  PolicyHeader out;
  out.payload = headerEnd == std::string::npos ? std::string() : bytes.substr(headerEnd + 1);
  const std::string& payload = out.payload;
  if (static_cast<long long>(payload.size()) < payloadBytes)
    throw LoadError(path, "payload_bytes",
                    "truncated: the payload has " + std::to_string(payload.size()) + " of " +
                        std::to_string(payloadBytes) + " bytes");
  if (static_cast<long long>(payload.size()) > payloadBytes)
    throw LoadError(path, "payload_bytes",
                    std::to_string(payload.size() - static_cast<size_t>(payloadBytes)) +
                        " unexpected bytes after the payload");
  if (fnv1a64(payload) != checksum)
    throw LoadError(path, "payload_fnv1a64",
                    "checksum mismatch (the file is corrupted): header says " + checksum + ", payload gives " +
                        fnv1a64(payload));

  // The payload holds every parameter as a float32, so a header whose sizes ask for more than
  // it has (config.hidden 65536: a 16 GiB layer) is refused before anything is allocated.
  const std::int64_t parameters = policyParameterCount(c);
  if (parameters > payloadBytes / 4)
    throw LoadError(path, "config",
                    "the configuration needs " + std::to_string(parameters) + " parameters (" +
                        std::to_string(parameters * 4) + " bytes of float32), more than the payload's " +
                        std::to_string(payloadBytes) + " bytes can hold");
  out.config = c;
  const JsonReader pj = h.array("parameters");
  for (size_t i = 0; i < pj.size(); ++i) {
    const JsonReader entry = pj.element(i);
    PolicyTensorEntry t;
    t.name = entry.required("name").asString(200);
    const JsonReader shape = entry.required("shape");
    if (!shape.value().is_array()) entry.fail("shape", "expected an array of integers");
    for (size_t k = 0; k < shape.arraySize(8); ++k) t.shape.push_back(shape.element(k).asInt(0, 1ll << 31));
    out.parameters.push_back(std::move(t));
  }
  out.metadata = h.has("metadata") ? header.at("metadata") : nlohmann::json::object();
  return out;
}

}  // namespace arachne
