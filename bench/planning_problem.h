// A planning problem from the built-in catalogs, for the planning benchmarks.
#pragma once

#include <memory>
#include <string>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "cost/cost_model.h"
#include "model/model_catalog.h"
#include "profile/analytic_profiler.h"
#include "profile/profile_set.h"

struct BenchProblem {
  BenchProblem(const std::string& cluster, const std::string& modelId)
      : composition(arachne::resolveCluster(cluster, arachne::GpuCatalog::builtin())),
        model(arachne::resolveModel(modelId)),
        spec(model.default_training),
        profiles(arachne::makeAnalyticProfiles(arachne::GpuCatalog::builtin(), composition.gpuTypes(), model, spec)),
        cost(arachne::GpuCatalog::builtin(), composition, model, spec, profiles) {}
  arachne::Composition composition;
  arachne::Model model;
  arachne::TrainingSpec spec;
  arachne::ProfileSet profiles;
  arachne::CostModel cost;
};
