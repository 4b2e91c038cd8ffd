// Sailor's names for GPU types and models, mapped onto our catalog ids.
#pragma once

#include <string>
#include <vector>

namespace arachne {

class GpuCatalog;

// Sailor's GPU names ("GH-96", "A100-40", "Titan-RTX" ...) resolve through the catalog's
// aliases first, then through a built-in table of the names Sailor's artifact uses, so an
// older catalog without aliases still maps them. Returns "" when the name maps to no type the
// catalog holds.
std::string sailorGpuToCatalogId(const std::string& sailorGpu, const GpuCatalog& catalog);

// Sailor's model names ("OPT-350", "GPT-Neo-2.7", "LLAMA-3-8") to our model ids ("opt-350m",
// "gpt-neo-2.7b", "llama3-8b"); "" when we have no such model. Accepts the directory spelling
// "GPT-NEO" of the validation runs too.
std::string sailorModelToModelId(const std::string& sailorModel);

// The canonical Sailor spelling (the key in profiles_tmp.json / llm_info.json) of a model given
// either spelling or our id: "GPT-NEO" and "gpt-neo-2.7b" both give "GPT-Neo-2.7"; "" if none.
std::string canonicalSailorModel(const std::string& nameOrId);

// The Sailor model a run file belongs to, read from the path components
// (".../clariden/OPT-350/N4/plan_config_N4_D1.json" -> "OPT-350"); "" when none matches.
std::string sailorModelFromPath(const std::string& path);

// Layer entries Sailor's files hold for a model (26 for OPT-350, 34 for GPT-Neo-2.7); 0 if unknown.
int sailorLayerEntries(const std::string& sailorModel);

// The sequence length Sailor profiled a model at (2048; 8192 for LLaMA-3-8: the model_configs of
// third_party/Megatron-DeepSpeed/profile_all.py in eth-easl/sailor); 0 if unknown. Its profiling
// runs pass no --fp16 / --bf16, so they are fp32.
int sailorProfiledSequence(const std::string& sailorModel);

// All Sailor model names we know, canonical spelling.
std::vector<std::string> knownSailorModels();

}  // namespace arachne
