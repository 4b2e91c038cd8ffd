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

// The keys of an object keyed by layer index, as the file spells them, in index order; the indices
// must be exactly 0..n-1, each once ("07" and "7" are the same index).
std::vector<std::string> layerIndexKeys(const JsonReader& object);

}  // namespace arachne
