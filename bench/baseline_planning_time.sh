#!/bin/bash
# Regenerates the planning-time table of the baseline planners in docs/performance.md (the paper's
# Figure 1 latency panel): the planners of $PLANNERS and $EVAL_PLANNERS on two- and three-type
# clusters of 128, 256 and 512 GPUs, in one run. Per cluster and model, one `arachne-cli compare`
# of $PLANNERS with the paper's 600 s budget, then one of $EVAL_PLANNERS (planners with no end of
# their own, which would spend any time budget whole) with 32,000 evaluations, the paper's
# "Search efficiency" budget, capped at 600 s. (An evaluation budget would change the others:
# arachne spends one whole when given one.) Prints one Markdown row per cluster and model: per
# planner its planning seconds, then seq/s and evaluations in brackets ("-": no plan found).
C=${CLI:-build/release/app/cli/arachne-cli}
PLANNERS=${PLANNERS:-arachne,hexiscale,espresso}
EVAL_PLANNERS=${EVAL_PLANNERS:-hetauto}
MODELS=${MODELS:-llama3-8b qwen3-32b}
CLUSTERS=${CLUSTERS:-"a100-40:4x16,h100:4x16 a100-40:4x32,h100:4x32 a100-40:4x64,h100:4x64 paper-3t-128 paper-3t-256 paper-3t-512"}
ALL="$PLANNERS${EVAL_PLANNERS:+,$EVAL_PLANNERS}"
header="| cluster | GPUs | types | model |"
rule="|---|---|---|---|"
for p in ${ALL//,/ }; do header="$header $p s (seq/s, evals) |"; rule="$rule---|"; done
echo "$header"
echo "$rule"
for cl in $CLUSTERS; do
  for m in $MODELS; do
    {
      [ -n "$PLANNERS" ] && $C compare --cluster "$cl" --model "$m" --planners "$PLANNERS" --budget-s 600 --seed 1 2>/dev/null
      [ -n "$EVAL_PLANNERS" ] && $C compare --cluster "$cl" --model "$m" --planners "$EVAL_PLANNERS" --budget-s 600 --evals 32000 --seed 1 2>/dev/null
    } | awk -v cl="$cl" -v m="$m" -v planners="$ALL" '
        / on .* GPUs\), global batch/ { gpus = $0; sub(/.*\(/, "", gpus); sub(/ GPUs.*/, "", gpus)
                                        spec = $0; sub(/ \(.*/, "", spec); sub(/^[^ ]+ on /, "", spec); types = split(spec, parts, ",") }
        $1 != "planner" && $1 !~ /^-+$/ && NF >= 7 { row[$1] = ($2 == "-") ? sprintf("%s (-, %s)", $5, $6) : sprintf("%s (%s, %s)", $5, $2, $6) }
        END { n = split(planners, p, ","); line = sprintf("| `%s` | %s | %d | %s |", cl, gpus, types, m)
              for (i = 1; i <= n; ++i) line = line " " (p[i] in row ? row[p[i]] : "not run") " |"
              print line }'
  done
done
