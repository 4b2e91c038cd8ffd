#!/bin/bash
# Regenerates the planning-time table of the baseline planners in docs/performance.md (the paper's
# Figure 1 latency panel): every planner of $PLANNERS on two- and three-type clusters of 128, 256
# and 512 GPUs, one `arachne-cli compare` per cluster and model, all planners with the same budget
# (600 s, the paper's, and 32,000 evaluations, the "Search efficiency" budget, which only a
# planner without an end of its own reaches). Prints one Markdown row per cluster and model:
# per planner its planning seconds, then seq/s and evaluations in brackets ("-" when it found
# no plan).
C=${CLI:-build/release/app/cli/arachne-cli}
PLANNERS=${PLANNERS:-arachne,hexiscale,espresso,hetauto}
MODELS=${MODELS:-llama3-8b qwen3-32b}
CLUSTERS=${CLUSTERS:-"a100-40:4x16,h100:4x16 a100-40:4x32,h100:4x32 a100-40:4x64,h100:4x64 paper-3t-128 paper-3t-256 paper-3t-512"}
header="| cluster | GPUs | types | model |"
rule="|---|---|---|---|"
for p in ${PLANNERS//,/ }; do header="$header $p s (seq/s, evals) |"; rule="$rule---|"; done
echo "$header"
echo "$rule"
for cl in $CLUSTERS; do
  for m in $MODELS; do
    $C compare --cluster "$cl" --model "$m" --planners "$PLANNERS" --budget-s 600 --evals 32000 --seed 1 2>/dev/null |
      awk -v cl="$cl" -v m="$m" -v planners="$PLANNERS" '
        NR == 1 { gpus = $0; sub(/.*\(/, "", gpus); sub(/ GPUs.*/, "", gpus); types = 0
                  spec = $0; sub(/ \(.*/, "", spec); sub(/^[^ ]+ on /, "", spec); types = split(spec, parts, ",") }
        NR > 3 { row[$1] = ($2 == "-") ? sprintf("%s (-, %s)", $5, $6) : sprintf("%s (%s, %s)", $5, $2, $6) }
        END { n = split(planners, p, ","); line = sprintf("| `%s` | %s | %d | %s |", cl, gpus, types, m)
              for (i = 1; i <= n; ++i) line = line " " (p[i] in row ? row[p[i]] : "not run") " |"
              print line }'
  done
done
