#!/bin/bash
# How often QtTest's watchdog thread is still alive when a test program's main() has returned,
# and how long the exit wait (tests/support/watchdog_exit.cpp) then takes: runs TEST (a built test
# program) RUNS times while BUSY shell busy loops load the machine, and counts the report lines
# that ARACHNE_WATCHDOG_EXIT_REPORT makes it print. docs/reliability.md ("Sanitizers") quotes it.
# Usage: tests/support/watchdog_probe.sh [TEST] [RUNS] [BUSY]
#        (defaults build/release/tests/app/tst_cli_args, 300, 8)
set -uo pipefail
test=${1:-build/release/tests/app/tst_cli_args}
runs=${2:-300}
busy=${3:-8}
[ -x "$test" ] || { echo "watchdog_probe.sh: $test is not built" >&2; exit 2; }
pids=()
for ((i = 0; i < busy; ++i)); do
  (while :; do :; done) &
  pids+=($!)
done
trap 'kill "${pids[@]}" 2>/dev/null' EXIT
out=$(mktemp)
for ((i = 0; i < runs; ++i)); do
  ARACHNE_WATCHDOG_EXIT_REPORT=1 QT_QPA_PLATFORM=offscreen "$test" -silent 2>&1 >/dev/null | grep "^watchdog at exit:" >>"$out"
done
alive=$(grep -c "at exit: alive" "$out")
after=$(grep -c "alive after" "$out")
longest=$(sed 's/.*waited \([0-9.]*\) ms.*/\1/' "$out" | sort -g | tail -1)
echo "$test, $runs runs, $busy busy loops: watchdog alive at exit in $alive, still alive after the wait in $after, longest wait ${longest:-0} ms ($(wc -l <"$out") reports)"
rm -f "$out"
