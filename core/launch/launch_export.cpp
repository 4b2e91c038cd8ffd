// Choosing the files of a launch export and writing them to a directory.
#include "launch/launch_export.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include "io/load_error.h"
#include "launch/launch_script.h"
#include "launch/megatron_launch.h"
#include "launch/rank_map_json.h"
#include "model/model.h"

namespace arachne {

std::optional<LaunchFormat> launchFormatFromString(const std::string& name) {
  if (name == "megatron") return LaunchFormat::Megatron;
  if (name == "torchrun") return LaunchFormat::Torchrun;
  if (name == "rankmap") return LaunchFormat::RankMap;
  return std::nullopt;
}

std::string toString(LaunchFormat f) {
  switch (f) {
    case LaunchFormat::Megatron: return "megatron";
    case LaunchFormat::Torchrun: return "torchrun";
    case LaunchFormat::RankMap: return "rankmap";
  }
  return "rankmap";
}

const LaunchFile& LaunchExport::primary() const {
  for (const LaunchFile& f : files)
    if (f.name == "launch.sh") return f;
  return files.front();
}

LaunchExport exportLaunch(LaunchFormat format, const Plan& plan, const Composition& composition, const Model& model,
                          const TrainingSpec& spec, const GpuCatalog& catalog, const std::string& planLabel,
                          const std::string& generator) {
  LaunchExport e;
  e.requested = format;
  const LaunchScriptHeader header{planLabel, generator};
  RankMap map;
  if (format == LaunchFormat::Megatron) {
    MegatronLaunch m = megatronLaunch(plan, composition, model, spec, catalog);
    for (const MegatronBlocker& b : m.blockers) e.blockers.push_back(b.feature + ": " + b.detail);
    e.notes = m.notes;
    if (m.expressible()) e.files.push_back({"launch.sh", megatronLaunchScript(m, header), true});
    map = std::move(m.rank_map);
  } else {
    map = buildRankMap(plan, composition, &model);
    if (format == LaunchFormat::Torchrun) e.files.push_back({"launch.sh", torchrunLaunchScript(map, header), true});
  }
  e.files.push_back({"rankmap.json", rankMapToJson(map), false});
  e.files.push_back({"hostfile", rankMapHostfile(map), false});
  return e;
}

void writeLaunchFiles(const LaunchExport& e, const std::string& directory) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(directory, ec);
  if (ec) throw LoadError(directory, "", "cannot create the directory: " + ec.message());
  std::random_device rd;
  for (const LaunchFile& f : e.files) {
    const fs::path target = fs::path(directory) / f.name;
    const fs::path tmp = fs::path(directory) / (f.name + ".tmp-" + std::to_string(rd()));
    {
      std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
      if (!out) throw LoadError(target.string(), "", std::string("cannot write: ") + std::strerror(errno));
      out << f.text;
      out.flush();
      if (!out) {
        fs::remove(tmp, ec);
        throw LoadError(target.string(), "", "write failed");
      }
    }
    if (f.executable) {
      fs::permissions(tmp, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec, fs::perm_options::add, ec);
    }
    fs::rename(tmp, target, ec);
    if (ec) {
      std::error_code ignored;
      fs::remove(tmp, ignored);
      throw LoadError(target.string(), "", "cannot replace the file: " + ec.message());
    }
  }
}

}  // namespace arachne
