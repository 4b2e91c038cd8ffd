#include "recorded_inputs.h"

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "io/load_error.h"
#include "model/model_catalog.h"
#include "plan/plan.h"
#include "plan/recorded_cluster_check.h"

namespace arachne::cli {

namespace {

// What the plan recorded is read in its name, so an error says where the text came from and
// what to pass instead: a plan made with a model file records only the model's id, and one made
// on a cluster file with ids of its own cannot record the cluster inline.
template <class Load>
auto recorded(const std::string& planPath, const char* field, const char* option, const std::string& what, Load load) {
  try {
    return load();
  } catch (const LoadError& e) {
    throw LoadError(planPath, field, "records " + what + ", which cannot be loaded here (" + e.what() +
                                         "); name it with " + option);
  }
}

}  // namespace

Composition clusterFor(const ParsedArgs& a, const Plan& plan, const std::string& planPath, const GpuCatalog& catalog) {
  if (auto v = a.value("--cluster")) return resolveCluster(*v, catalog);
  const std::string spec = plan.provenance.cluster;
  if (spec.empty()) throw LoadError(planPath, "provenance.cluster", "the plan records no cluster; name one with --cluster");
  Composition c = recorded(planPath, "provenance.cluster", "--cluster", "the cluster '" + spec + "'",
                           [&] { return resolveCluster(spec, catalog); });
  checkRecordedClusterNodes(plan, c, planPath, "name that file with --cluster");
  return c;
}

Model modelFor(const ParsedArgs& a, const Plan& plan, const std::string& planPath) {
  if (auto v = a.value("--model")) return resolveModel(*v);
  const std::string id = plan.provenance.model;
  if (id.empty()) throw LoadError(planPath, "provenance.model", "the plan records no model; name one with --model");
  return recorded(planPath, "provenance.model", "--model", "the model '" + id + "'", [&] { return resolveModel(id); });
}

}  // namespace arachne::cli
