// Access to the data files under resources/, compiled into the core library.
#pragma once

#include <map>
#include <optional>
#include <string>

namespace arachne::resources {

// Every file under resources/ that the build embeds, keyed by its path relative to resources/
// (e.g. "gpus.json", "presets/paper-2t-64.cluster.json").
const std::map<std::string, std::string>& embedded();

// The text of one embedded file, or nullopt when it is not embedded.
std::optional<std::string> text(const std::string& relativePath);

}  // namespace arachne::resources
