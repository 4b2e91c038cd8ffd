// Which of the project's file kinds a path holds: cluster, plan or scenario (the MIME types of
// packaging/arachne-mime.xml.in: the double extension first, else the JSON members).
#pragma once

#include <string>

namespace arachne {

enum class DocumentKind { Cluster, Plan, Scenario, Unknown };

// *.cluster.json, *.plan.json, *.scenario.json by name; any other name by content, as the
// shared-mime-info magic rules do: "schema_version" with "nodes" (cluster), "templates" (plan)
// or "events" (scenario) in the first 4 KiB. Unknown when neither tells (or unreadable).
DocumentKind documentKind(const std::string& path);

}  // namespace arachne
