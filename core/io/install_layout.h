// Where an installed arachne finds its data files: <prefix>/share/arachne next to <prefix>/bin.
#pragma once

#include <optional>
#include <string>

namespace arachne {

// The installed data directory, found from the running executable (/proc/self/exe) and the
// install layout the build was configured with (bin -> ../share/arachne by default), so an
// installation works wherever its prefix is (/usr, /opt/..., or a package unpacked into a scratch
// directory) without an environment variable. Empty when the executable is not an installed one
// (a build tree has no such directory).
std::string installedDataDir();

// `relative` inside installedDataDir() when that file exists, else nullopt.
std::optional<std::string> installedDataFile(const std::string& relative);

}  // namespace arachne
