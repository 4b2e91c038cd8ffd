// Small helpers shared by the Sailor readers: numeric object keys, layer-index maps, files.
#pragma once

#include <string>
#include <vector>

namespace arachne {

class JsonReader;

// Reads a whole file; throws LoadError(path, "", ...) when it cannot be read.
std::string readSailorFile(const std::string& path);

// An object key that must be a decimal integer in [min, max] (Sailor keys TP degrees, micro-batch
// sizes and layer indices by strings). `what` names it in the error.
int parseSailorInt(const JsonReader& parent, const std::string& key, int min, int max,
                   const std::string& what);

// The keys of an object keyed by layer index, in index order; they must be exactly "0".."n-1".
std::vector<std::string> layerIndexKeys(const JsonReader& object);

}  // namespace arachne
