#!/bin/bash
# Regenerates the table "Problems it never saw" of docs/learned-planner.md: arachne vs greedy on problems the policy never saw: qwen3-64b (model not in training) and compositions outside the mix
C=${CLI:-build/release/app/cli/arachne-cli}
run() { $C compare --cluster "$1" --model "$2" --planners greedy,arachne --budget-s 10 --seed 1 2>/dev/null | awk -v cl="$1" -v m="$2" '/^greedy /{g=$2;ge=$6} /^arachne /{a=$2; e=$6; t=$5} END{printf "| `%s` | %s | %.2f (%s) | %.2f (%s, %s s) | %.3f |\n", cl, m, g, ge, a, e, t, (g>0?a/g:0)}'; }
for cl in paper-64b-128 paper-64b-256 paper-64b-512; do run $cl qwen3-64b; done
for cl in "h100:8x4,l40s:4x6+2x3,a100-80:4x5" "a100-40:8x8,a6000:4x4+1x6" "h100:4x16,a100-80:2x8,rtx-pro-6000:1x12" "a100-80:8x12,l40s:4x8,a5000:4x4+2x2" "h100:8x2,a100-40:4x6+1x4,a6000:2x6,l40s:4x3"; do for m in llama3-8b qwen3-32b; do run "$cl" $m; done; done
