#!/usr/bin/env python3
"""Two runs of `arachne-cli paper` side by side, cell by cell: what another budget, build or
setting changed. Standard library only.

    python3 tools/paper_compare_runs.py OLD_CSV_DIR NEW_CSV_DIR [--planner NAME] [--all]

Cells of Figures 1, 7, 9, 10 and 11 (paper-fig<N>.csv) are matched on figure, planner, variant,
cluster, model, global batch, A6000 rate and seed, not on the budget, so a 20 s run and a 600 s
run pair up. Printed per planner: cells in both, how many plan higher, the same or lower (seq/s,
relative difference above 1e-6), the largest rise and fall, and how many stopped at their budget
in each run; then, with --all, every cell that changed. Figure 8 (paper-fig8.csv) is matched on
planner, scenario, model, global batch, seed and step, on its time-weighted throughput per
planner. Cells in only one run are counted and named.
"""
import argparse
import csv
import math
import os
import sys

KEY = ("figure", "planner", "variant", "cluster", "model", "global_batch", "a6000_gbps", "seed")
KEY8 = ("planner", "scenario", "model", "global_batch", "seed", "step")


def read(csv_dir, name):
    path = os.path.join(csv_dir, name)
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def number(row, field):
    try:
        v = float(row.get(field, "") or "nan")
    except ValueError:
        return math.nan
    return v


def cells(csv_dir):
    out = {}
    for fig in (1, 7, 9, 10, 11):
        for row in read(csv_dir, f"paper-fig{fig}.csv"):
            out[tuple(row.get(k, "") for k in KEY)] = row
    return out


def label(key):
    d = dict(zip(KEY, key))
    extra = []
    if d["variant"]:
        extra.append(d["variant"])
    if d["global_batch"] not in ("", "512"):
        extra.append(f"batch {d['global_batch']}")
    if d["a6000_gbps"] not in ("", "0"):
        extra.append(f"A6000 {d['a6000_gbps']} GB/s")
    tail = f" ({', '.join(extra)})" if extra else ""
    return f"fig {d['figure']} {d['planner']} {d['cluster']}/{d['model']}{tail}"


def compare(old, new, planner_filter, show_all):
    both = sorted(set(old) & set(new))
    only_old = sorted(set(old) - set(new))
    only_new = sorted(set(new) - set(old))
    planners = sorted({k[1] for k in both})
    if planner_filter:
        planners = [p for p in planners if p == planner_filter]
    print("| planner | cells | higher | same | lower | largest rise | largest fall | at budget old / new |")
    print("|---|---:|---:|---:|---:|---|---|---:|")
    changed = []
    for p in planners:
        keys = [k for k in both if k[1] == p]
        up = same = down = 0
        rise = (0.0, None)
        fall = (0.0, None)
        at_old = sum(old[k].get("at_budget") == "1" for k in keys)
        at_new = sum(new[k].get("at_budget") == "1" for k in keys)
        for k in keys:
            a, b = number(old[k], "seq_per_s"), number(new[k], "seq_per_s")
            if math.isnan(a) or math.isnan(b):
                continue
            if a <= 0 and b <= 0:
                same += 1
                continue
            rel = (b - a) / a if a > 0 else math.inf
            if abs(rel) <= 1e-6:
                same += 1
                continue
            changed.append((k, a, b, rel))
            if rel > 0:
                up += 1
                if rel > rise[0]:
                    rise = (rel, k)
            else:
                down += 1
                if rel < fall[0]:
                    fall = (rel, k)

        def fmt(r):
            if r[1] is None:
                return "-"
            pct = "new plan" if math.isinf(r[0]) else f"{100 * r[0]:+.1f} %"
            return f"{pct} ({label(r[1])})"

        print(f"| {p} | {len(keys)} | {up} | {same} | {down} | {fmt(rise)} | {fmt(fall)} | {at_old} / {at_new} |")
    if only_old or only_new:
        print(f"\ncells only in the old run: {len(only_old)}; only in the new run: {len(only_new)}")
        for k in only_old[:20]:
            print(f"- old only: {label(k)}")
        for k in only_new[:20]:
            print(f"- new only: {label(k)}")
    if show_all and changed:
        print("\n| cell | old seq/s | new seq/s | change |")
        print("|---|---:|---:|---:|")
        for k, a, b, rel in sorted(changed, key=lambda c: c[3]):
            if planner_filter and k[1] != planner_filter:
                continue
            pct = "new plan" if math.isinf(rel) else f"{100 * rel:+.2f} %"
            print(f"| {label(k)} | {a:.2f} | {b:.2f} | {pct} |")


def compare_growth(old_dir, new_dir):
    old, new = read(old_dir, "paper-fig8.csv"), read(new_dir, "paper-fig8.csv")
    if not old or not new:
        return
    def weighted(rows):
        out = {}
        for r in rows:
            out[(r["planner"], r["model"], r["global_batch"], r["seed"])] = number(r, "time_weighted_seq_per_s")
        return out
    a, b = weighted(old), weighted(new)
    print("\nFigure 8, time-weighted seq/s over the growth scenario:\n")
    print("| planner | old | new | change |")
    print("|---|---:|---:|---:|")
    for k in sorted(set(a) & set(b)):
        x, y = a[k], b[k]
        pct = f"{100 * (y - x) / x:+.2f} %" if x > 0 else "-"
        print(f"| {k[0]} | {x:.3f} | {y:.3f} | {pct} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--planner", help="only this planner")
    ap.add_argument("--all", action="store_true", help="list every cell that changed")
    args = ap.parse_args()
    for d in (args.old, args.new):
        if not os.path.isdir(d):
            sys.exit(f"paper_compare_runs: {d}: not a directory")
    old, new = cells(args.old), cells(args.new)
    if not old or not new:
        sys.exit("paper_compare_runs: no paper-fig<N>.csv in " + (args.old if not old else args.new))
    compare(old, new, args.planner, args.all)
    compare_growth(args.old, args.new)


if __name__ == "__main__":
    main()
