#!/bin/bash
# At-scale check (issue 15, "keep it so"): plans, evaluates and exports plans on compositions of
# 1,024 to 100,000 GPUs of up to 8 types, and prints each command's exit code, wall time and peak
# memory (GNU time's maximum resident set). Fails (exit 1) when a command crashes or ends with
# anything but 0 (a plan) or 3 (no feasible plan), or when its peak memory passes the limit.
# Usage: bench/at_scale.sh [BUILD_DIR] [LIMIT_MB]   (defaults build/release, 240)
# The figures of docs/reliability.md ("At scale") come from this script.
set -uo pipefail
build=${1:-build/release}
limit_mb=${2:-240}
cli="$build/app/cli/arachne-cli"
[ -x "$cli" ] || { echo "at_scale.sh: $cli is not built" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

# Eight types, node sizes 1-8 mixed, up to 100,000 GPUs; each spec names its size in the comment.
specs=(
  "h100:8x64,a100-40:4x64,a6000:4x64"                                                       # 1,024
  "h100:8x128,a100-80:8x64,l40s:4x64,a6000:4x64+2x128"                                      # 2,304
  "h100:8x256,h200:8x128,a100-80:8x128,a100-40:4x256,l40s:8x64,a6000:4x128,l4:8x64,rtx-4090:8x64+1x64"  # 7,232
  "h100:8x2500,a100-40:8x2500,a6000:4x5000"                                                 # 60,000
  "h100:8x2000,h200:8x2000,a100-80:8x2000,a100-40:8x2000,l40s:8x1500,a6000:4x2000,l4:8x1000,rtx-4090:8x1000"  # 100,000
)
models=(llama3-8b llama3-70b mixtral-8x7b)

run() {  # label, then the command
  local label=$1
  shift
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  # GNU time's last line holds the figures; a line before it says "Command exited with non-zero
  # status N" or "Command terminated by signal N".
  read -r wall kb < <(tail -1 "$tmp/time") || { wall=-; kb=0; }
  grep -q "terminated by signal" "$tmp/time" && rc=signal
  local mb=$((kb / 1024)) verdict=ok
  if [ "$rc" != 0 ] && [ "$rc" != 3 ]; then verdict="FAIL (exit $rc: $(head -c 200 "$tmp/err"))"; failed=1; fi
  if [ "$mb" -gt "$limit_mb" ]; then verdict="FAIL (peak $mb MB > $limit_mb MB)"; failed=1; fi
  printf '| %s | %s | %s s | %d MB | %s |\n' "$label" "$rc" "$wall" "$mb" "$verdict"
}

echo "| command | exit | wall | peak memory | verdict |"
echo "|---|---:|---:|---:|---|"
for spec in "${specs[@]}"; do
  # GPUs and types of the inline form type:AxB+CxD,...: nodes of A GPUs, B of them.
  gpus=$(tr ',+' '\n\n' <<<"$spec" | sed 's/.*://' | awk -Fx '{n += $1 * $2} END {print n}')
  types=$(tr ',' '\n' <<<"$spec" | wc -l)
  for model in "${models[@]}"; do
    for planner in greedy arachne; do
      run "plan $gpus GPUs ($types types) $model --planner $planner" \
        "$cli" plan --cluster "$spec" --model "$model" --planner "$planner" --budget-s 5 --seed 1 --out "$tmp/p.plan.json"
      if [ -s "$tmp/p.plan.json" ]; then
        run "  evaluate that plan" "$cli" evaluate --cluster "$spec" --model "$model" --plan "$tmp/p.plan.json"
        run "  export it as a rank map" "$cli" export --plan "$tmp/p.plan.json" --format rankmap --out "$tmp/rankmap"
        rm -rf "$tmp/p.plan.json" "$tmp/rankmap"
      fi
    done
  done
done
exit $failed
