// Recognising cluster, plan and scenario files by name, then by their first bytes.
#include "io/document_kind.h"

#include <fstream>

namespace arachne {

namespace {
bool endsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}
}  // namespace

DocumentKind documentKind(const std::string& path) {
  if (endsWith(path, ".cluster.json")) return DocumentKind::Cluster;
  if (endsWith(path, ".plan.json")) return DocumentKind::Plan;
  if (endsWith(path, ".scenario.json")) return DocumentKind::Scenario;
  std::ifstream in(path, std::ios::binary);
  std::string head(4096, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(in.gcount()));
  if (head.find("\"schema_version\"") == std::string::npos || head.find("\"schema_version\"") > 256)
    return DocumentKind::Unknown;
  // The same order of precedence as the magic priorities: scenario, plan, cluster.
  if (head.find("\"events\"") != std::string::npos) return DocumentKind::Scenario;
  if (head.find("\"templates\"") != std::string::npos) return DocumentKind::Plan;
  if (head.find("\"nodes\"") != std::string::npos) return DocumentKind::Cluster;
  return DocumentKind::Unknown;
}

}  // namespace arachne
