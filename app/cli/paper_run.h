// Running one cell of `arachne-cli paper`: its own problem (composition with the A6000 network
// override, the model's training with the global batch and the expert switch, analytic profiles,
// its own cost model, so cells can run on parallel threads), the planner timed, and for a
// no-expert cell the plan re-tiled by the fill's rule.
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "catalog/gpu_catalog.h"
#include "catalog/training_spec.h"
#include "cluster/composition.h"
#include "cost/cost_model.h"
#include "model/model.h"
#include "paper_cell.h"
#include "profile/profile_set.h"

namespace arachne::cli {

// The problem of a cell; the cost model refers to the other members, so it never moves.
struct PaperProblem {
  Composition composition;
  Model model;
  TrainingSpec spec;
  ProfileSet profiles;
  std::unique_ptr<CostModel> cost;
};

// The composition of a cluster spec with every A6000 node's inter-node rate set to `a6000Gbps`
// GB/s (0: unchanged). Throws LoadError for an unknown cluster.
Composition paperComposition(const std::string& cluster, double a6000Gbps);
// The model's default global batch, or `override` when it is > 0.
int paperGlobalBatch(const std::string& model, int override);
// Throws LoadError (unknown model or cluster).
std::unique_ptr<PaperProblem> makePaperProblem(const CellKey& key);

// Runs the cell's planner on its own problem. `cancelled` is set when the cancel flag stopped it
// (the result is then not a finished cell). Throws LoadError for an unknown planner or problem.
CellResult runPaperCell(const CellKey& key, const std::atomic<bool>* cancel, bool& cancelled);

}  // namespace arachne::cli
