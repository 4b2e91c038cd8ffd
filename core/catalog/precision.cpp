// Names of the precisions as they appear in JSON and on the command line.
#include "catalog/precision.h"

#include <algorithm>
#include <cctype>

namespace arachne {

std::string toString(Precision p) {
  switch (p) {
    case Precision::Bf16: return "bf16";
    case Precision::Fp16: return "fp16";
    case Precision::Fp32: return "fp32";
    case Precision::Fp8: return "fp8";
  }
  return "bf16";
}

std::optional<Precision> precisionFromString(const std::string& s) {
  std::string l = s;
  std::transform(l.begin(), l.end(), l.begin(), [](unsigned char c) { return std::tolower(c); });
  if (l == "bf16") return Precision::Bf16;
  if (l == "fp16") return Precision::Fp16;
  if (l == "fp32") return Precision::Fp32;
  if (l == "fp8") return Precision::Fp8;
  return std::nullopt;
}

}  // namespace arachne
