#!/usr/bin/env python3
"""The two collections of Sailor's GH200 runs side by side (docs/cost-model.md §10.1, "The
artifact branch's collection"). Standard library only.

    python3 tools/sailor_collections.py \
        tests/data/sailor/Planner/simulations/validation/clariden \
        tests/data/sailor/sosp25_ae/Planner/simulations/validation/clariden

Sailor's repository holds the measured runs twice: on its main branch (commit cf2c8e3, the
files `validate` has priced since issue 2) and on its artifact-evaluation branch `sosp25_ae`
(commit 16eebd4, "add collected results"), which replaces the 15 OPT-350 files with other
figures for the same plans. For every run file present in both directories this prints the
measured iteration time (`real`) and peak memory (`max_mem`) of each and their relative
difference, then the mean absolute difference: how far two measurements of one plan on one
machine lie apart, the floor under any model's error on these runs.
"""
import json
import os
import sys


def run_files(root):
    found = {}
    for d, _, names in os.walk(root):
        for n in names:
            if n.startswith("plan_config_") and n.endswith(".json"):
                path = os.path.join(d, n)
                found[os.path.relpath(path, root)] = path
    return found


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    first, second = run_files(argv[1]), run_files(argv[2])
    common = sorted(set(first) & set(second))
    if not common:
        sys.stderr.write(f"no run file is in both {argv[1]} and {argv[2]}\n")
        return 2
    print("| run | real s (1st) | real s (2nd) | difference | max_mem GiB (1st) | max_mem GiB (2nd) | difference |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    dt, dm, same = [], [], 0
    for rel in common:
        a, b = (json.load(open(p)) for p in (first[rel], second[rel]))
        if a == b:
            same += 1
            continue
        t = b["real"] / a["real"] - 1
        m = b["max_mem"] / a["max_mem"] - 1
        dt.append(abs(t))
        dm.append(abs(m))
        name = rel.replace("/plan_config_", " ").replace(".json", "")
        print(f"| {name} | {a['real']:.3f} | {b['real']:.3f} | {100 * t:+.1f}% "
              f"| {a['max_mem'] / 2**30:.2f} | {b['max_mem'] / 2**30:.2f} | {100 * m:+.1f}% |")
    print()
    print(f"{len(common)} run files in both; {same} identical; {len(dt)} differ")
    if dt:
        print(f"mean absolute difference over the {len(dt)} that differ: "
              f"time {100 * sum(dt) / len(dt):.1f} %, memory {100 * sum(dm) / len(dm):.1f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
