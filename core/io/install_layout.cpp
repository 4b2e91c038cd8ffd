// Finding the installed data directory from the executable's own path.
#include "io/install_layout.h"

#include <filesystem>
#include <system_error>

#ifndef ARACHNE_BIN_TO_DATA
#error "ARACHNE_BIN_TO_DATA must give the data directory relative to the binary directory"
#endif

namespace arachne {

std::string installedDataDir() {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  const fs::path dir = fs::weakly_canonical(exe.parent_path() / ARACHNE_BIN_TO_DATA, ec);
  if (ec || !fs::is_directory(dir, ec)) return {};
  return dir.string();
}

std::optional<std::string> installedDataFile(const std::string& relative) {
  const std::string dir = installedDataDir();
  if (dir.empty()) return std::nullopt;
  std::error_code ec;
  const std::filesystem::path file = std::filesystem::path(dir) / relative;
  if (!std::filesystem::exists(file, ec)) return std::nullopt;
  return file.string();
}

}  // namespace arachne
