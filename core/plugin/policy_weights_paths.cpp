// The lookup of the shipped weights files (moved out of the policy library: naming a file needs no torch).
#include "plugin/policy_weights_paths.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "io/install_layout.h"

#ifndef ARACHNE_RESOURCE_DIR
#error "ARACHNE_RESOURCE_DIR must name the source tree's resources/ directory"
#endif

namespace arachne {

namespace {
// $env, else `file` next to the executable when present, else the installed copy
// (<prefix>/share/arachne/policy/file), else the source tree's resources/policy/file.
std::string weightsPath(const char* env, const char* file) {
  if (const char* value = std::getenv(env); value && *value) return value;
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const std::filesystem::path installed = exe.parent_path() / file;
    if (std::filesystem::exists(installed, ec)) return installed.string();
  }
  if (auto shipped = installedDataFile(std::string("policy/") + file)) return *shipped;
  return std::string(ARACHNE_RESOURCE_DIR) + "/policy/" + file;
}
}  // namespace

std::string defaultPolicyWeightsPath() { return weightsPath("ARACHNE_POLICY_WEIGHTS", "arachne.policy"); }

std::string defaultFlatRlWeightsPath() { return weightsPath("ARACHNE_FLAT_RL_WEIGHTS", "flat-rl.policy"); }

}  // namespace arachne
