// `validate --published FILE`: prices published measured training runs and reports the signed
// and absolute errors per row, per GPU type and overall, with every cost-model term on and
// with each switched off, marking which rows set a constant and which were held out.
#pragma once

#include <ostream>

#include "args.h"

namespace arachne::cli {

int runValidatePublished(const ParsedArgs& a, std::ostream& out);

}  // namespace arachne::cli
