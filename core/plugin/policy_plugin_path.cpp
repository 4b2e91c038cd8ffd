// Where the policy library is looked for: the one function packaging needs to agree with.
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "plugin/policy_plugin.h"

#ifndef ARACHNE_POLICY_PLUGIN_BUILD_PATH
#error "ARACHNE_POLICY_PLUGIN_BUILD_PATH must name the build tree's policy module"
#endif

namespace arachne {

namespace {
constexpr const char* kModuleFile = "libarachne_policy_plugin.so";
}  // namespace

// Packaging (issue 17): install the module as <prefix>/lib/arachne/libarachne_policy_plugin.so
// beside <prefix>/bin/arachne and <prefix>/bin/arachne-cli; the second candidate finds it from
// either executable without an environment variable. The first one is the build tree's layout
// (the module is built next to arachne-cli) and a flat, relocatable copy.
std::vector<std::string> policyPluginCandidates(const std::string& executableDir) {
  const std::filesystem::path dir(executableDir);
  return {(dir / kModuleFile).lexically_normal().string(),
          (dir / ".." / "lib" / "arachne" / kModuleFile).lexically_normal().string()};
}

std::string policyPluginPath() {
  if (const char* value = std::getenv("ARACHNE_POLICY_PLUGIN"); value && *value) return value;
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec)
    for (const std::string& candidate : policyPluginCandidates(exe.parent_path().string()))
      if (std::filesystem::exists(candidate, ec)) return candidate;
  // The GUI and the tests run from other directories of the build tree.
  return ARACHNE_POLICY_PLUGIN_BUILD_PATH;
}

}  // namespace arachne
