// The GPU catalog: every GPU type the planner knows, loaded from resources/gpus.json.
#pragma once

#include <string>
#include <vector>

#include "catalog/gpu_type.h"

namespace arachne {

class GpuCatalog {
 public:
  // The built-in catalog (resources/gpus.json, embedded at build time).
  static const GpuCatalog& builtin();
  // Parses a catalog; throws LoadError naming `fileLabel`, the field and the problem.
  static GpuCatalog fromJson(const std::string& text, const std::string& fileLabel);

  const std::vector<GpuType>& types() const { return types_; }
  // Index of a type by id or alias (case-insensitive), -1 when unknown.
  int indexOf(const std::string& idOrAlias) const;
  const GpuType* find(const std::string& idOrAlias) const;
  // The normalisation every loader applies to a GPU type name it reads (plan, cluster, profile
  // set, Sailor files): an id or alias in any case becomes the catalog id; a name the catalog
  // does not know is returned unchanged, for the caller to report.
  std::string canonicalId(const std::string& idOrAlias) const;
  // Throws LoadError(fileLabel, field, "unknown GPU type 'x' (known: ...)").
  const GpuType& at(const std::string& idOrAlias, const std::string& fileLabel,
                    const std::string& field) const;
  const std::string& version() const { return version_; }

  void add(GpuType t);

 private:
  std::vector<GpuType> types_;
  std::string version_;
};

}  // namespace arachne
