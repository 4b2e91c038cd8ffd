#!/usr/bin/env python3
"""Times two shell commands side by side: A and B alternate, N runs each, and the medians of
their wall times and the median of the per-pair ratios A/B are printed (with the ratios' range).
Alternating, not one after the other, keeps a change in the machine's load from landing on one
command only. Output goes to /dev/null; a command that fails stops the run.

    tools/paired_time.py -n 5 --a "OLD/arachne-cli plan ..." --b "NEW/arachne-cli plan ..."
"""
import argparse
import statistics
import subprocess
import sys
import time


def run(cmd):
    start = time.perf_counter()
    done = subprocess.run(cmd, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"paired_time: exit code {done.returncode} from: {cmd}")
    return wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=5, help="runs of each command (default 5)")
    ap.add_argument("--a", required=True, help="the first command (e.g. the old build)")
    ap.add_argument("--b", required=True, help="the second command (e.g. the new build)")
    args = ap.parse_args()
    if args.n < 1:
        sys.exit("paired_time: -n must be at least 1")
    a, b = [], []
    for _ in range(args.n):
        a.append(run(args.a))
        b.append(run(args.b))
    ratios = sorted(x / y for x, y in zip(a, b))
    print(f"A median {statistics.median(a):.3f} s   B median {statistics.median(b):.3f} s   "
          f"A/B median {statistics.median(ratios):.3f} ({ratios[0]:.3f}-{ratios[-1]:.3f}), {args.n} pairs")


if __name__ == "__main__":
    main()
