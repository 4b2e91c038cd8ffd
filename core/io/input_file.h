// Reading an input file whole, within a size limit, from regular files only.
#pragma once

#include <cstdint>
#include <string>

namespace arachne {

// Every loader reads its file through this: a plan, cluster, model, profile set, Sailor run,
// profile or llm_info file, a policy weights file. It refuses a directory, a device, a FIFO or a
// socket (a FIFO would block for ever, /dev/zero would never end) and a file above
// inputSizeLimit() bytes, each with a LoadError(path, "", problem); `what` names the kind of
// file in messages ("plan", "cluster"...). The file is opened without blocking and checked with
// fstat on the open descriptor, so what is checked is what is read.
std::string readInputFile(const std::string& path, const std::string& what);

// 64 MiB by default (the largest file the project reads, Sailor's profiles_tmp.json, is
// 0.6 MB); the environment variable ARACHNE_MAX_INPUT_BYTES (a byte count, 1 ... 2^40) overrides
// it. An invalid value of the variable is ignored (the default applies).
std::uint64_t inputSizeLimit();
constexpr std::uint64_t kDefaultInputSizeLimit = 64ull << 20;

// "a directory", "a FIFO", "a character device" ... for st_mode; "" for a regular file.
std::string fileKindName(unsigned mode);

}  // namespace arachne
