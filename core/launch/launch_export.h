// Launch export: the files that start a real training job from a plan, in one of three formats.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "catalog/training_spec.h"
#include "plan/plan.h"

namespace arachne {

class Composition;
class GpuCatalog;
struct Model;

enum class LaunchFormat { Megatron, Torchrun, RankMap };

// "megatron", "torchrun", "rankmap"; nullopt for anything else.
std::optional<LaunchFormat> launchFormatFromString(const std::string& name);
std::string toString(LaunchFormat f);

struct LaunchFile {
  std::string name;  // "launch.sh", "rankmap.json", "hostfile"
  std::string text;
  bool executable = false;
};

struct LaunchExport {
  LaunchFormat requested = LaunchFormat::RankMap;
  // Megatron requested but Megatron-LM cannot run the plan unmodified: one sentence per blocking
  // feature ("feature: detail"), and the files are the rank map's instead of a command.
  std::vector<std::string> blockers;
  std::vector<std::string> notes;
  std::vector<LaunchFile> files;  // launch.sh (when there is a command), rankmap.json, hostfile
  bool blocked() const { return !blockers.empty(); }
  // The main file: launch.sh when there is one, else rankmap.json.
  const LaunchFile& primary() const;
};

// Builds the files. The plan should be feasible on the composition (price it first); throws
// RankMapError when its nodes do not fit the composition at all.
LaunchExport exportLaunch(LaunchFormat format, const Plan& plan, const Composition& composition, const Model& model,
                          const TrainingSpec& spec, const GpuCatalog& catalog, const std::string& planLabel,
                          const std::string& generator);

// Writes every file into `directory` (created when missing), each atomically (temporary file +
// rename), launch.sh executable. Throws LoadError naming the file on failure.
void writeLaunchFiles(const LaunchExport& e, const std::string& directory);

}  // namespace arachne
