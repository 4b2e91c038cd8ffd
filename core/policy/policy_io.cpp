// Policy weights on disk: header checks first, so torch only ever reads a payload that is intact.
#include "policy/policy_io.h"

#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "io/atomic_file.h"
#include "io/input_file.h"
#include "io/json_reader.h"
#include "io/load_error.h"
#include "policy/policy_layout.h"
#include "policy/policy_network.h"

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

std::string shapeText(const std::vector<int64_t>& s) {
  std::string t = "[";
  for (size_t i = 0; i < s.size(); ++i) t += (i ? ", " : "") + std::to_string(s[i]);
  return t + "]";
}

std::string firstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

}  // namespace

void savePolicy(PolicyNetwork& network, const std::string& path, const nlohmann::json& metadata) {
  torch::serialize::OutputArchive archive;
  nlohmann::json params = nlohmann::json::array();
  for (const auto& p : network.named_parameters()) {
    archive.write(p.key(), p.value());
    params.push_back({{"name", p.key()}, {"shape", p.value().sizes().vec()}});
  }
  std::ostringstream payloadStream;
  archive.save_to(payloadStream);
  const std::string payload = payloadStream.str();

  const PolicyConfig& c = network.config();
  nlohmann::json header = {
      {"format_version", kFormatVersion},
      {"feature_layout_version", PolicyConfig::kFeatureLayoutVersion},
      {"config",
       {{"t_max", c.t_max}, {"d_max", c.d_max}, {"k_max", c.k_max}, {"hidden", c.hidden},
        {"head_hidden", c.head_hidden}, {"film_hidden", c.film_hidden}, {"planner", c.plannerName()}}},
      {"sizes", sizesOf(network.layout(), c.flat)},
      {"parameters", params},
      {"payload_bytes", payload.size()},
      {"payload_fnv1a64", fnv1a64(payload)},
      {"metadata", metadata}};

  // The core's atomic writer: a unique temporary name next to the file, permissions kept.
  writeFileAtomically(path, std::string(kMagic) + '\n' + header.dump() + '\n' + payload);
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

LoadedPolicy loadPolicy(const std::string& path, const PolicyConfig* expected) {
  return loadPolicy(path, expected, nullptr);
}

LoadedPolicy loadPolicyOfKind(const std::string& path, bool flat) { return loadPolicy(path, nullptr, &flat); }

LoadedPolicy loadPolicy(const std::string& path, const PolicyConfig* expected, const bool* expectFlat) {
  // The size-limited reader of every loader: a directory, a FIFO or /dev/zero is refused.
  return policyFromBytes(readInputFile(path, "policy weights"), path, expected, expectFlat);
}

LoadedPolicy policyFromBytes(const std::string& bytes, const std::string& path, const PolicyConfig* expected,
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
    throw LoadError(path, "config.planner", "'" + planner + "' is not a policy kind (arachne or flat-rl)");
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
  const std::string payload = headerEnd == std::string::npos ? std::string() : bytes.substr(headerEnd + 1);
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
  auto network = std::make_shared<PolicyNetwork>(c);
  auto named = network->named_parameters();
  const JsonReader pj = h.array("parameters");
  if (pj.size() != named.size())
    throw LoadError(path, "parameters",
                    "the file lists " + std::to_string(pj.size()) + " tensors, the network has " +
                        std::to_string(named.size()));
  for (size_t i = 0; i < pj.size(); ++i) {
    const JsonReader entry = pj.element(i);
    const std::string name = entry.string("name");
    std::vector<int64_t> shape;
    try {
      shape = entry.value().at("shape").get<std::vector<int64_t>>();
    } catch (const nlohmann::json::exception&) {
      entry.fail("shape", "expected an array of integers");
    }
    const auto* p = named.find(name);
    if (!p) throw LoadError(path, entry.fieldPath("name"), "the network has no tensor '" + name + "'");
    if (p->sizes().vec() != shape)
      throw LoadError(path, entry.fieldPath("shape"),
                      "'" + name + "' is " + shapeText(shape) + " in the file, " + shapeText(p->sizes().vec()) +
                          " in the network");
  }

  torch::serialize::InputArchive archive;
  try {
    std::istringstream payloadStream(payload);
    archive.load_from(payloadStream);
    torch::NoGradGuard noGrad;
    for (auto& p : named) {
      torch::Tensor t;
      archive.read(p.key(), t);
      if (t.sizes() != p.value().sizes() || t.scalar_type() != p.value().scalar_type())
        throw LoadError(path, "payload", "tensor '" + p.key() + "' is " + shapeText(t.sizes().vec()) +
                                             " in the payload, " + shapeText(p.value().sizes().vec()) +
                                             " in the header");
      p.value().copy_(t);
    }
  } catch (const LoadError&) {
    throw;
  } catch (const std::exception& e) {  // c10::Error derives from std::exception
    throw LoadError(path, "payload", "torch cannot read the archive: " + firstLine(e.what()));
  }

  LoadedPolicy out;
  out.network = std::move(network);
  out.metadata = h.has("metadata") ? header.at("metadata") : nlohmann::json::object();
  return out;
}

}  // namespace arachne
