// Policy weights on disk: header checks first, so torch only ever reads a payload that is intact.
#include "policy/policy_io.h"

#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "io/atomic_file.h"
#include "io/input_file.h"
#include "io/load_error.h"
#include "policy/policy_header.h"
#include "policy/policy_network.h"

namespace arachne {

namespace {

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

  // The core's atomic writer: a unique temporary name next to the file, permissions kept.
  writeFileAtomically(path, policyFileBytes(network.config(), params, payload, metadata));
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
  // Everything torch need not see is checked first (policy_header.cpp), so torch only ever
  // reads an intact payload and the network is never larger than the file.
  const PolicyHeader header = readPolicyHeader(bytes, path, expected, expectFlat);
  const PolicyConfig& c = header.config;
  auto network = std::make_shared<PolicyNetwork>(c);
  auto named = network->named_parameters();
  if (header.parameters.size() != named.size())
    throw LoadError(path, "parameters",
                    "the file lists " + std::to_string(header.parameters.size()) + " tensors, the network has " +
                        std::to_string(named.size()));
  for (size_t i = 0; i < header.parameters.size(); ++i) {
    const PolicyTensorEntry& entry = header.parameters[i];
    const std::string field = "parameters[" + std::to_string(i) + "]";
    const auto* p = named.find(entry.name);
    if (!p) throw LoadError(path, field + ".name", "the network has no tensor '" + entry.name + "'");
    if (p->sizes().vec() != entry.shape)
      throw LoadError(path, field + ".shape",
                      "'" + entry.name + "' is " + shapeText(entry.shape) + " in the file, " +
                          shapeText(p->sizes().vec()) + " in the network");
  }

  torch::serialize::InputArchive archive;
  try {
    std::istringstream payloadStream(header.payload);
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
  out.metadata = header.metadata;
  return out;
}

}  // namespace arachne
