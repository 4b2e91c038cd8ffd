// The options every pricing command shares beside --cluster and --model: the training spec
// (batch, sequence, precision, checkpointing, distributed optimizer), the runtime and its
// overlap settings, the network profile, and which cost-model terms apply.
#pragma once

#include <string>
#include <vector>

#include "args.h"
#include "catalog/training_spec.h"
#include "cost/cost_terms.h"

namespace arachne {
class Composition;
class GpuCatalog;
}

namespace arachne::cli {

// --global-batch, --seq-len, --precision, --checkpointing, --distributed-optimizer, --runtime,
// --overlap-grad-reduce, --overlap-param-gather, --tp-comm-overlap, --grad-bucket, --tf32,
// --network, --without.
std::vector<OptionSpec> pricingOptions();
// Applies the training and runtime options given on the command line over `spec`; throws
// UsageError naming the option on a bad value.
void applyTrainingOptions(const ParsedArgs& a, TrainingSpec& spec);
// --network NAME|FILE attaches that network profile to the composition (replacing the one the
// cluster file or SPEC@NETWORK gave); LoadError when neither a profile nor a file. Returns a
// warning to print when it replaced another network the cluster named, else "".
std::string applyNetworkOption(const ParsedArgs& a, Composition& composition, const GpuCatalog& catalog);
// --without TERM[,TERM…] (or "all"): the cost model's terms to switch off.
CostTerms costTermsFrom(const ParsedArgs& a);
// "link-curves, overlap" (or with another separator), for headers and messages.
std::string joinTermNames(const std::vector<std::string>& names, const std::string& separator = ", ");

}  // namespace arachne::cli
