// Reading and writing *.scenario.json (schema_version 1), the built-in scenario presets, and
// resolving a --scenario FILE|PRESET argument.
#pragma once

#include <string>
#include <vector>

#include "model/model.h"
#include "scenario/scenario.h"

namespace arachne {

class GpuCatalog;

// Parses and validates a scenario document: every field's type and range, the starting
// cluster (a SPEC string, resolved with relative *.cluster.json paths taken from `baseDir`, or
// an embedded cluster object), node references by id or name, and the events against the nodes
// they act on (validateScenario). Throws LoadError(fileLabel, field, problem).
Scenario parseScenarioJson(const std::string& text, const std::string& fileLabel,
                           const GpuCatalog& catalog, const std::string& baseDir = {});
// Pretty-printed, schema_version first; events in their order, joined nodes with explicit ids
// so that a file read back names the same nodes. The starting cluster is written as its SPEC
// when `cluster_spec` is set, else embedded.
std::string scenarioToJson(const Scenario& s);

Scenario loadScenarioFile(const std::string& path, const GpuCatalog& catalog);
// Writes atomically (temporary file in the same directory, then rename); throws LoadError.
void saveScenarioFile(const Scenario& s, const std::string& path);

// Writes a scenario file or a run's output (CSV, JSON) atomically: a temporary file beside the
// target, then a rename, so a reader never sees half of it and a failed write leaves the old
// file as it was. LoadError(path, "", problem) on failure.
void writeScenarioOutput(const std::string& path, const std::string& text);

// The built-in scenarios (resources/scenarios/*.scenario.json), by name.
std::vector<std::string> scenarioPresetNames();
Scenario loadScenarioPreset(const std::string& name, const GpuCatalog& catalog);
// An existing file (or anything ending in .json), else a preset name; throws LoadError naming
// the known presets when it is neither.
Scenario resolveScenario(const std::string& fileOrPreset, const GpuCatalog& catalog);

// A scenario's "model": a catalog id, or a model file. A relative file path is taken from the
// scenario file's folder, as its cluster path is, and failing that from the working directory
// (where it was looked for before); `scenarioFile` empty (a preset, an unsaved scenario) means
// the working directory only. Throws LoadError naming the places looked in.
Model resolveScenarioModel(const std::string& model, const std::string& scenarioFile);

}  // namespace arachne
