#!/usr/bin/env python3
"""The table of docs/paper-results.md, "The two preset assumptions": Figure 1's llama3-8b cells
under the default presets and the three alternatives (a global batch of 8,192, the A6000 nodes at
25 GB/s, both), from the CSV files of `arachne-cli paper --csv-dir` (one directory per setting).
Standard library only.

    python3 tools/paper_assumptions_table.py bench/paper-run-600   # reads default/, gb8192/, net25/, both/

A missing directory or cell prints as '-'. The paper's five baselines are every planner but
arachne and hetauto; "uses an A6000" reads the plan text the command stores.
"""
import argparse
import csv
import os
import re

SETTINGS = [("default", "512, 3.125 GB/s (default)"), ("net25", "512, 25 GB/s"),
            ("gb8192", "8,192, 3.125 GB/s"), ("both", "8,192, 25 GB/s")]
FIVE = ["metis", "sailor", "amp", "hexiscale", "espresso"]


def read(path):
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return [r for r in csv.DictReader(f) if r["model"] == "llama3-8b" and r["variant"] == ""]


def seq(r):
    return float(r["seq_per_s"]) if r and r["found"] == "1" else None


def types(plan):
    order = []
    for t in re.findall(r"([a-z0-9][a-z0-9-]*) TP\d+", plan):
        if t not in order:
            order.append(t)
    return "+".join(sorted(order))


def lead(a, b):
    return "-" if a is None or not b else f"{(a / b - 1) * 100:+.1f} %".replace("-", "−")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("run_dir", help="the directory holding default/, gb8192/, net25/ and both/")
    args = ap.parse_args()
    cells = {}
    clusters = []
    for key, _ in SETTINGS:
        for r in read(os.path.join(args.run_dir, key, "paper-fig1.csv")):
            cells[(key, r["cluster"], r["planner"])] = r
            if r["cluster"] not in clusters:
                clusters.append(r["cluster"])
    print("| cluster | setting | arachne seq/s | arachne's GPUs (types) | best baseline | lead | best of the five, lead | plans that use an A6000 |")
    print("|---|---|---:|---|---|---:|---|---|")
    for c in clusters:
        for i, (key, label) in enumerate(SETTINGS):
            a = cells.get((key, c, "arachne"))
            if not a:
                print(f"| {'`' + c + '`' if i == 0 else ''} | {label} | - | - | - | - | - | - |")
                continue
            mine = seq(a)
            base = [(p, seq(cells.get((key, c, p)))) for p in FIVE + ["hetauto"]]
            base = [(p, v) for p, v in base if v is not None]
            best = max(base, key=lambda x: x[1]) if base else None
            five = [(p, v) for p, v in base if p in FIVE]
            best5 = max(five, key=lambda x: x[1]) if five else None
            users = [p for p in ["arachne"] + FIVE + ["hetauto"]
                     if cells.get((key, c, p)) and seq(cells[(key, c, p)]) is not None
                     and "a6000" in cells[(key, c, p)]["plan"]]
            users = ", ".join(f"**{p}**" if p == "arachne" else p for p in users) or "none"
            print(f"| {'`' + c + '`' if i == 0 else ''} | {label} | {mine:.2f} | {a['gpus_used']} ({types(a['plan'])}) | "
                  f"{best[0] + f' {best[1]:.2f}' if best else '-'} | {lead(mine, best[1] if best else None)} | "
                  f"{best5[0] + ' ' + lead(mine, best5[1]) if best5 else '-'} | {users} |")


if __name__ == "__main__":
    main()
