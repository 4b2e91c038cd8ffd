// A planning problem built from the built-in catalogs: cluster spec, model id, analytic
// profiles and the cost model over them (for the construction and planner tests).
#pragma once

#include <memory>
#include <string>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "cost/cost_model.h"
#include "model/model_catalog.h"
#include "profile/analytic_profiler.h"
#include "profile/profile_set.h"

struct PlanningWorld {
  PlanningWorld(const std::string& cluster, const std::string& modelId, int globalBatch = 0)
      : composition(arachne::parseInlineCluster(cluster, arachne::GpuCatalog::builtin())),
        model(arachne::resolveModel(modelId)),
        spec(model.default_training) {
    if (globalBatch > 0) spec.global_batch = globalBatch;
    profiles = arachne::makeAnalyticProfiles(arachne::GpuCatalog::builtin(), composition.gpuTypes(), model, spec);
    cost = std::make_unique<arachne::CostModel>(arachne::GpuCatalog::builtin(), composition, model, spec, profiles);
  }
  PlanningWorld(arachne::Composition c, const std::string& modelId, int globalBatch = 0)
      : composition(std::move(c)), model(arachne::resolveModel(modelId)), spec(model.default_training) {
    if (globalBatch > 0) spec.global_batch = globalBatch;
    profiles = arachne::makeAnalyticProfiles(arachne::GpuCatalog::builtin(), composition.gpuTypes(), model, spec);
    cost = std::make_unique<arachne::CostModel>(arachne::GpuCatalog::builtin(), composition, model, spec, profiles);
  }
  arachne::Composition composition;
  arachne::Model model;
  arachne::TrainingSpec spec;
  arachne::ProfileSet profiles;
  std::unique_ptr<arachne::CostModel> cost;
};
