// Drawing the held-out evaluation set: `arachne-cli bench --write-heldout FILE`.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

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

// The validation set: drawn the same way on a stream of its own (seed 17, salt "validate"),
// without the held-out set's compositions, and with Sailor's inputs at node counts that neither
// the held-out set nor the shipped training set (bench/training/measured-problems.json) uses. It
// is where a retrained policy is chosen (docs/learned-planner.md, "Choosing weights"), so the
// held-out set stays a test that no choice was made on.
constexpr std::uint32_t kValidationSeed = 17;
constexpr std::uint64_t kValidationSalt = 0x76616c6964617465ull;  // "validate" in ASCII

enum class EvaluationSet { HeldOut, Validation };

// Draws the set (deterministic: greedy within an evaluation budget decides whether a model
// fits, exhaustive within kHeldoutExhaustiveEvaluations evaluations whether a problem is
// exhaustive-sized) and writes it to `path` (atomically), storing the Sailor profile paths
// relative to it. Reads Sailor's measured profiles from `sailorDir` (tests/data/sailor of the
// source tree). Progress on `err`, a summary on `out`. Throws LoadError (missing Sailor files,
// unwritable path) and std::runtime_error when the draws miss a coverage the set promises.
// `which` picks the stream, the id prefix ("val-" for the validation set) and Sailor's inputs;
// `exclude` lists problems whose compositions the new set must not use (the held-out set, when
// the validation set is drawn).
HeldoutSet writeHeldoutSet(const std::string& path, const std::string& sailorDir, std::ostream& out,
                           std::ostream& err, EvaluationSet which = EvaluationSet::HeldOut,
                           const std::vector<HeldoutProblem>& exclude = {});

}  // namespace arachne::cli
