// Reading and atomically writing *.plan.json files on disk.
#include "io/atomic_file.h"
#include "io/input_file.h"
#include "io/load_error.h"
#include "io/plan_json.h"

namespace arachne {

Plan loadPlanFile(const std::string& path) { return loadPlanDocument(path).plan; }

PlanDocument loadPlanDocument(const std::string& path) {
  return planDocumentFromJson(readPlanFileText(path), path);
}

// The plan file's text, read like every input (regular files only, within the input size limit).
std::string readPlanFileText(const std::string& path) { return readInputFile(path, "plan");
}

void savePlanFile(const Plan& plan, const PlanReport* report, const std::string& path) {
  writeFileAtomically(path, planToJson(plan, report));
}

void savePlanFile(const Plan& plan, const PlanReport* report, const TrainingSpec& training,
                  const std::string& path) {
  writeFileAtomically(path, planToJson(plan, report, training));
}

}  // namespace arachne
