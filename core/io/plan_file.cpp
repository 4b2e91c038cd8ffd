// Reading and atomically writing *.plan.json files on disk.
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "io/load_error.h"
#include "io/plan_json.h"

namespace arachne {

namespace {

// Plans are small; anything this large is not a plan and would only exhaust memory.
constexpr std::uintmax_t kMaxPlanFileBytes = 256ull * 1024 * 1024;

}  // namespace

Plan loadPlanFile(const std::string& path) { return loadPlanDocument(path).plan; }

PlanDocument loadPlanDocument(const std::string& path) {
  return planDocumentFromJson(readPlanFileText(path), path);
}

std::string readPlanFileText(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (ec || !fs::exists(st)) throw LoadError(path, "", "cannot open: no such file");
  if (fs::is_directory(st)) throw LoadError(path, "", "cannot open: is a directory");
  const auto size = fs::file_size(path, ec);
  if (!ec && size > kMaxPlanFileBytes) {
    throw LoadError(path, "", "file is " + std::to_string(size) + " bytes, larger than the " +
                                  std::to_string(kMaxPlanFileBytes) + "-byte limit for plans");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw LoadError(path, "", std::string("cannot open: ") + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw LoadError(path, "", "read error");
  return text.str();
}

namespace {

// A temporary file in the same directory, so the final rename stays on one file system and a
// reader never sees a half-written plan.
void writeAtomically(const std::string& text, const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  std::random_device rd;
  const fs::path tmp = target.parent_path() /
                       (target.filename().string() + ".tmp-" + std::to_string(rd()));
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) {
      throw LoadError(path, "", std::string("cannot write temporary file: ") + std::strerror(errno));
    }
    out << text;
    out.flush();
    if (!out) {
      std::error_code ignored;
      fs::remove(tmp, ignored);
      throw LoadError(path, "", "write failed");
    }
  }
  std::error_code ec;
  fs::rename(tmp, target, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    throw LoadError(path, "", "cannot replace the file: " + ec.message());
  }
}

}  // namespace

void savePlanFile(const Plan& plan, const PlanReport* report, const std::string& path) {
  writeAtomically(planToJson(plan, report), path);
}

void savePlanFile(const Plan& plan, const PlanReport* report, const TrainingSpec& training,
                  const std::string& path) {
  writeAtomically(planToJson(plan, report, training), path);
}

}  // namespace arachne
