#!/bin/bash
# Runs every fuzz harness for a bounded time on its seed corpus and dictionary, two at a time,
# and prints one line per harness: executions, executions/s, corpus size, findings.
#   fuzz/run.sh [SECONDS_PER_HARNESS (default 60)] [NAME...]     bounded time
#   fuzz/run.sh --runs EXECUTIONS [--seed S] [NAME...]             a fixed number of executions
#                                                                  (CI: 100,000 with seed 1; the long local run: 10^6)
# With --seed two runs mutate much alike (not exactly: hash-order and address effects in the
# harnesses' code); a finding is replayed from its input in build/fuzz/findings/.
# Needs the harnesses: cmake --workflow --preset fuzz (docs/reliability.md).
# Exit 0 when no harness found anything; 1 otherwise (the input is in build/fuzz/findings/).
set -uo pipefail
cd "$(dirname "$0")/.."
limit=(-max_total_time=60)
if [[ "${1:-}" == --runs ]]; then
  limit=(-runs="${2:?--runs needs a number of executions}")
  shift 2
  if [[ "${1:-}" == --seed ]]; then
    limit+=(-seed="${2:?--seed needs a number}")
    shift 2
  fi
elif [[ $# -gt 0 ]]; then
  limit=(-max_total_time="$1")
  shift
fi
build=build/fuzz
bin=$build/fuzz
out=$build/fuzz-run
mkdir -p "$out" "$build/findings"

declare -A seeds
names=()
while read -r name dirs; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  seeds[$name]=$dirs
  names+=("$name")
done < fuzz/corpora.txt
[[ $# -gt 0 ]] && names=("$@")

run_one() {
  local name=$1
  local corpus=$build/corpus/$name
  mkdir -p "$corpus"
  # ASan and UBSan findings end the run (libFuzzer keeps the input as findings/NAME-crash-*).
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$bin/fuzz_$name" "${limit[@]}" -timeout=20 -rss_limit_mb=2048 \
      -dict="fuzz/dict/$name.dict" -artifact_prefix="$build/findings/$name-" -print_final_stats=1 \
      "$corpus" ${seeds[$name]} > "$out/$name.log" 2>&1
  echo $? > "$out/$name.rc"
}

for name in "${names[@]}"; do
  [[ -n "${seeds[$name]:-}" ]] || { echo "unknown harness '$name' (see fuzz/corpora.txt)"; exit 2; }
  [[ -x "$bin/fuzz_$name" ]] || { echo "missing $bin/fuzz_$name: build with cmake --workflow --preset fuzz"; exit 2; }
done

# Two at a time: the reference machine has two cores.
running=0
for name in "${names[@]}"; do
  run_one "$name" &
  running=$((running + 1))
  if [[ $running -ge 2 ]]; then
    wait -n
    running=$((running - 1))
  fi
done
wait

status=0
printf '%-16s %12s %10s %8s  %s\n' harness executions "exec/s" corpus result
for name in "${names[@]}"; do
  log=$out/$name.log
  rc=$(cat "$out/$name.rc")
  execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | tail -1 | grep -oE '[0-9]+$')
  rate=$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$log" | tail -1 | grep -oE '[0-9]+$')
  units=$(ls "$build/corpus/$name" | wc -l)
  if [[ "$rc" == 0 ]]; then
    result="no finding"
  else
    result="FINDING (exit $rc): see $log and $build/findings/$name-*"
    status=1
  fi
  printf '%-16s %12s %10s %8s  %s\n' "$name" "${execs:-?}" "${rate:-?}" "$units" "$result"
done
if [[ $status != 0 ]]; then
  for name in "${names[@]}"; do
    [[ "$(cat "$out/$name.rc")" == 0 ]] || { echo "---- $name"; tail -60 "$out/$name.log"; }
  done
fi
exit $status
