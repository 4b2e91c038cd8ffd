// Numeric precision of training and the bytes each kind of state takes under it.
#pragma once

#include <optional>
#include <string>

namespace arachne {

// Fp8: Transformer Engine's FP8 training (matmuls in FP8 with FP32 accumulation, BF16 weights
// and activations elsewhere, FP32 master weights and Adam state).
enum class Precision { Bf16, Fp16, Fp32, Fp8 };

std::string toString(Precision p);
std::optional<Precision> precisionFromString(const std::string& s);

// Bytes per element of activations and of weights used in the forward/backward pass.
inline double activationBytes(Precision p) { return p == Precision::Fp32 ? 4.0 : 2.0; }

}  // namespace arachne
