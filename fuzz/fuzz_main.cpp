// libFuzzer entry of one fuzz target; ARACHNE_FUZZ_TARGET names its function (CMakeLists.txt).
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ARACHNE_FUZZ_TARGET(std::string(reinterpret_cast<const char*>(data), size));
  return 0;
}
