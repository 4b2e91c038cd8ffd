#!/bin/bash
# Instructions per CostModel::price() call of bench_cost_model's four-template plan, counted by
# callgrind: a load-independent figure for the shared 2-core machine, where wall times move
# with the other processes. Usage: bench/price_instructions.sh [BUILD_DIR] (default build/release)
set -euo pipefail
build=${1:-build/release}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for filter in 'BM_PricePlanFourTemplates$' 'BM_PricePlanFourTemplatesLegacy$'; do
  valgrind --tool=callgrind --callgrind-out-file="$out" "$build/bench/bench_cost_model" \
    --benchmark_filter="$filter" --benchmark_min_time=0.05 >/dev/null 2>&1
  # The caller line of CostModel::Impl::price: inclusive instructions and the number of calls.
  callgrind_annotate --tree=caller "$out" 2>/dev/null |
    grep -B1 '\*  .*arachne::CostModel::Impl::price(' | grep '< .*arachne::CostModel::price(' | head -1 |
    sed -E 's/^ *([0-9,]+) .*\(([0-9,]+)x\).*/\1 \2/' | tr -d , |
    awk -v f="${filter%\$}" '{printf "%-34s %6d calls  %7.0f instructions per price()\n", f, $2, $1 / $2}'
done
