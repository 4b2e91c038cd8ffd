// Drawing the held-out evaluation set: `arachne-cli bench --write-heldout FILE`.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "validation/heldout_set.h"

namespace arachne::cli {

// The held-out stream: its own seed and salt, and a seeding unlike training's. Training draws
// its random compositions from std::mt19937_64(seed) (--random) and std::mt19937_64(seed +
// 0x5eed) (--random-small), seed 1 for the shipped weights (policy_training_run.cpp); each band
// of the held-out set draws from std::mt19937_64 seeded through std::seed_seq{salt low, salt
// high, seed, band index}.
constexpr std::uint32_t kHeldoutSeed = 13;                  // issue 13
constexpr std::uint64_t kHeldoutSalt = 0x68656c646f7574ull;  // "heldout" in ASCII
// Problems of at most this many GPUs are tried with exhaustive (as training's exhaustive
// demonstrations stop at 16 GPUs); larger ones are never exhaustive-sized here.
constexpr int kHeldoutExhaustiveMaxGpus = 16;

// Draws the set (deterministic: greedy within an evaluation budget decides whether a model
// fits, exhaustive within kHeldoutExhaustiveEvaluations evaluations whether a problem is
// exhaustive-sized) and writes it to `path` (atomically), storing the Sailor profile paths
// relative to it. Reads Sailor's measured profiles from `sailorDir` (tests/data/sailor of the
// source tree). Progress on `err`, a summary on `out`. Throws LoadError (missing Sailor files,
// unwritable path) and std::runtime_error when the draws miss a coverage the set promises.
HeldoutSet writeHeldoutSet(const std::string& path, const std::string& sailorDir, std::ostream& out,
                           std::ostream& err);

}  // namespace arachne::cli
