// Lookup helpers over the generated table of embedded resource files.
#include "io/resources.h"

namespace arachne::resources {

std::optional<std::string> text(const std::string& relativePath) {
  const auto& files = embedded();
  auto it = files.find(relativePath);
  if (it == files.end()) return std::nullopt;
  return it->second;
}

}  // namespace arachne::resources
