// The cluster and model a plan file is priced on: the command line's --cluster and --model when
// given, else the ones the plan records in its provenance (shared by evaluate and export).
#pragma once

#include <string>

#include "args.h"
#include "cluster/composition.h"
#include "model/model.h"

namespace arachne {
class GpuCatalog;
struct Plan;
}  // namespace arachne

namespace arachne::cli {

// --cluster, else `plan.provenance.cluster`. A recorded cluster that cannot be loaded, or whose
// nodes the plan's stages do not sit on, is an error naming the plan file, the provenance field
// and the option to pass instead; none recorded asks for --cluster.
Composition clusterFor(const ParsedArgs& a, const Plan& plan, const std::string& planPath, const GpuCatalog& catalog);

// --model, else `plan.provenance.model`, with the same kind of errors.
Model modelFor(const ParsedArgs& a, const Plan& plan, const std::string& planPath);

}  // namespace arachne::cli
