#!/usr/bin/env python3
"""Charts of `arachne-cli paper`: bar charts per figure and the curves of Figure 11, drawn as SVG
from the CSV files of `arachne-cli paper --csv-dir DIR` and converted to PNG with rsvg-convert
(Debian package librsvg2-bin). Standard library only.

    python3 tools/paper_charts.py --csv-dir DIR --out docs/images/paper

Writes <out>/fig<N>-<panel>.svg and .png. A bar missing its planner's plan is drawn as an "x"
on the axis; a bar whose planner stopped at its budget carries a "*".
"""
import argparse
import csv
import math
import os
import shutil
import subprocess
import sys

COLORS = {
    "arachne": "#d62728", "arachne-untrained": "#d62728", "arachne without tiling": "#ff9896",
    "metis": "#1f77b4", "sailor": "#2ca02c", "amp": "#9467bd", "hexiscale": "#8c564b",
    "espresso": "#e377c2", "hetauto": "#7f7f7f", "flat-rl": "#ff7f0e", "random": "#17becf",
}
BASELINES = ["metis", "sailor", "amp", "hexiscale", "espresso", "hetauto"]
W, H = 900, 420
ML, MR, MT, MB = 70, 20, 50, 95


def color(name):
    base = name.split(" (")[0]
    return COLORS.get(base, "#bcbd22")


def esc(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def read(path):
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def nice_max(v):
    if v <= 0:
        return 1.0
    e = 10 ** math.floor(math.log10(v))
    for m in (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10):
        if m * e >= v * 1.05:
            return m * e
    return 10 * e


def text(x, y, s, size=12, anchor="middle", rotate=None, weight="normal", fill="#222"):
    t = f' transform="rotate({rotate} {x:.1f} {y:.1f})"' if rotate is not None else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-family="DejaVu Sans, sans-serif" font-size="{size}" '
            f'text-anchor="{anchor}" font-weight="{weight}" fill="{fill}"{t}>{esc(s)}</text>')


def legend(names, y):
    out, x = [], ML
    for n in names:
        out.append(f'<rect x="{x}" y="{y - 10}" width="12" height="12" fill="{color(n)}"'
                   + (' fill-opacity="0.45" stroke="#444" stroke-dasharray="2,1"' if "re-tiled" in n else "") + "/>")
        out.append(text(x + 16, y, n, 11, "start"))
        x += 26 + 7.5 * len(n)
        if x > W - 120:
            x, y = ML, y + 16
    return out


def scale(values, log):
    """(fraction of the plot height for a value, [(tick value, fraction)]). The log scale spans whole
    decades from the smallest positive value (at least 0.001) to the largest, so planning times of
    milliseconds and of the 600 s budget both show; a value under the first decade draws no bar."""
    vals = [v for row in values for v in row if v is not None]
    if not log:
        top = nice_max(max(vals + [0]))
        return (lambda v: v / top), [(top * i / 5, i / 5) for i in range(6)]
    lo = 10 ** math.floor(math.log10(max(min([v for v in vals if v > 0] + [1.0]), 1e-3)))
    decades = max(1, math.ceil(math.log10(max(vals + [lo * 10]) / lo) - 1e-9))
    return (lambda v: max(0.0, math.log10(max(v, lo) / lo) / decades)), \
        [(lo * 10 ** i, i / decades) for i in range(decades + 1)]


def bars(title, ylabel, groups, series, values, marks, path, log=False):
    """groups: labels; series: names; values[g][s]: number or None; marks[g][s]: bool (budget)."""
    frac, ticks = scale(values, log)
    pw, ph = W - ML - MR, H - MT - MB
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">',
           f'<rect width="{W}" height="{H}" fill="white"/>', text(W / 2, 22, title, 15, weight="bold")]
    for v, f in ticks:
        y = MT + ph - ph * f
        out.append(f'<line x1="{ML}" y1="{y:.1f}" x2="{W - MR}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(text(ML - 6, y + 4, f"{v:g}", 11, "end"))
    out.append(text(18, MT + ph / 2, ylabel, 12, rotate=-90))
    gw = pw / max(1, len(groups))
    bw = gw * 0.8 / max(1, len(series))
    for g, label in enumerate(groups):
        x0 = ML + g * gw + gw * 0.1
        for s, name in enumerate(series):
            v = values[g][s]
            x = x0 + s * bw
            if v is None:
                out.append(text(x + bw / 2, MT + ph - 3, "x", 11, fill="#555"))
                continue
            h = ph * frac(v)
            style = ' fill-opacity="0.45" stroke="#444" stroke-dasharray="2,1"' if "re-tiled" in name else ""
            out.append(f'<rect x="{x:.1f}" y="{MT + ph - h:.1f}" width="{bw * 0.92:.1f}" height="{h:.1f}" '
                       f'fill="{color(name)}"{style}/>')
            if marks[g][s]:
                out.append(text(x + bw / 2, MT + ph - h - 2, "*", 12))
        out.append(text(ML + g * gw + gw / 2, MT + ph + 16, label, 11))
    out.append(f'<line x1="{ML}" y1="{MT + ph}" x2="{W - MR}" y2="{MT + ph}" stroke="#444"/>')
    out += legend(series, H - 40)
    out.append(text(W - MR, H - 6, "* stopped at its budget   x no plan", 10, "end", fill="#555"))
    out.append("</svg>")
    write(path, out)


def curves(title, series, path, xmax):
    """series: (name, [(evals, value)], last evaluation) step curves on a log x axis."""
    ymax = nice_max(max([v for _, pts, _ in series for _, v in pts] + [0]))
    pw, ph = W - ML - MR, H - MT - MB
    lx = lambda e: ML + pw * math.log10(max(e, 1)) / math.log10(max(xmax, 10))
    ly = lambda v: MT + ph - ph * v / ymax
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">',
           f'<rect width="{W}" height="{H}" fill="white"/>', text(W / 2, 22, title, 15, weight="bold")]
    for i in range(6):
        v = ymax * i / 5
        out.append(f'<line x1="{ML}" y1="{ly(v):.1f}" x2="{W - MR}" y2="{ly(v):.1f}" stroke="#ddd"/>')
        out.append(text(ML - 6, ly(v) + 4, f"{v:.3g}", 11, "end"))
    e = 1
    while e <= xmax:
        out.append(f'<line x1="{lx(e):.1f}" y1="{MT}" x2="{lx(e):.1f}" y2="{MT + ph}" stroke="#eee"/>')
        out.append(text(lx(e), MT + ph + 16, f"{e:,}", 11))
        e *= 10
    out.append(text(18, MT + ph / 2, "best-so-far iterations/s", 12, rotate=-90))
    out.append(text(ML + pw / 2, MT + ph + 34, "plan evaluations (log scale)", 12))
    for name, pts, end in series:
        if not pts:
            continue
        d, prev = [], None
        for ev, v in pts:
            if prev is not None:
                d.append(f"L{lx(ev):.1f},{ly(prev):.1f}")
            d.append(("M" if prev is None else "L") + f"{lx(ev):.1f},{ly(v):.1f}")
            prev = v
        d.append(f"L{lx(end):.1f},{ly(prev):.1f}")
        out.append(f'<path d="{" ".join(d)}" fill="none" stroke="{color(name)}" stroke-width="2"/>')
    out.append(f'<line x1="{ML}" y1="{MT + ph}" x2="{W - MR}" y2="{MT + ph}" stroke="#444"/>')
    out += legend([n for n, _, _ in series], H - 30)
    out.append("</svg>")
    write(path, out)


def write(path, lines):
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    png = path[:-4] + ".png"
    if shutil.which("rsvg-convert"):
        subprocess.run(["rsvg-convert", "-o", png, path], check=True)
    print(png if os.path.exists(png) else path)


def cell(rows, planner, cluster, model, variant=""):
    for r in rows:
        if r["planner"] == planner and r["cluster"] == cluster and r["model"] == model and r["variant"] == variant:
            return r
    return None


def seq(r, column="seq_per_s"):
    return float(r[column]) if r and r["found"] == "1" else None


def ordered(values, key):
    seen = []
    for r in values:
        if r[key] not in seen:
            seen.append(r[key])
    return seen


def short(cluster):
    return {"a100-40:4x16,h100:4x16": "2t-128", "a100-40:4x32,h100:4x32": "2t-256"}.get(
        cluster, cluster.replace("paper-", ""))


def dense(rows, fig, out, arachne, groups):
    """groups: (file suffix, title, which clusters)."""
    for model in ordered(rows, "model"):
        for suffix, name, wanted in groups:
            clusters = [c for c in ordered(rows, "cluster") if wanted(c) and cell(rows, arachne, c, model)]
            if not clusters:
                continue
            planners = [arachne] + [b for b in BASELINES if any(cell(rows, b, c, model) for c in clusters)]
            vals = [[seq(cell(rows, p, c, model)) for p in planners] for c in clusters]
            marks = [[(cell(rows, p, c, model) or {}).get("at_budget") == "1" for p in planners] for c in clusters]
            bars(f"Figure {fig}{name}: {model}", "sequences/s", [short(c) for c in clusters], planners, vals, marks,
                 os.path.join(out, f"fig{fig}{suffix}-{model}.svg"))
            if fig == 1:
                times = [[float(cell(rows, p, c, model)["planning_s"]) for p in planners] for c in clusters]
                bars(f"Figure 1 (planning time): {model}", "planning time (s, log scale)", [short(c) for c in clusters],
                     planners, times, marks, os.path.join(out, f"fig1-time-{model}.svg"), log=True)


def moe(rows, out, arachne):
    for model in ordered(rows, "model"):
        clusters = [c for c in ordered(rows, "cluster") if cell(rows, arachne, c, model)]
        series = [arachne, "arachne without tiling"]
        for b in BASELINES:
            if any(cell(rows, b, c, model, "no-expert") for c in clusters):
                series += [b, b + " (re-tiled)"]
        vals, marks = [], []
        for c in clusters:
            row, mk = [seq(cell(rows, arachne, c, model)), seq(cell(rows, arachne, c, model, "no-expert"))], [False, False]
            for b in BASELINES:
                r = cell(rows, b, c, model, "no-expert")
                if r is None:
                    continue
                row += [seq(r), seq(r, "retiled_seq_per_s")]
                mk += [r["at_budget"] == "1", False]
            vals.append(row)
            marks.append(mk)
        bars(f"Figure 9: {model}", "sequences/s", [short(c) for c in clusters], series, vals, marks,
             os.path.join(out, f"fig9-{model}.svg"))


def median(v):
    v = sorted(v)
    n = len(v)
    return None if n == 0 else (v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2)


def curve_of(r):
    pts = []
    for p in r["curve"].split():
        e, v = p.split(":")
        pts.append((int(float(e)), float(v)))
    return pts


def best_at(pts, e):
    best = None
    for ev, v in pts:
        if ev <= e:
            best = v if best is None else max(best, v)
    return best


def search(rows, out, arachne):
    for model in ordered(rows, "model"):
        mine = [r for r in rows if r["model"] == model]
        gb = float(mine[0]["global_batch"])
        series, xmax = [], max(int(r["evaluations"]) for r in mine)
        for planner in [arachne, "flat-rl", "random", "hetauto"]:
            runs = [curve_of(r) for r in mine if r["planner"] == planner]
            if not runs:
                continue
            # The curve runs to the evaluations the run spent (a run stopped early ends there).
            budget = max(int(r["evaluations"]) for r in mine if r["planner"] == planner)
            if len(runs) == 1:
                pts = [(e, v / gb) for e, v in runs[0]]
            else:  # the median over seeds at every evaluation where some run improved
                events = sorted({e for run in runs for e, _ in run})
                pts = []
                for e in events:
                    vals = [best_at(run, e) for run in runs]
                    if all(v is None for v in vals):
                        continue
                    m = median([v or 0 for v in vals])
                    if not pts or m != pts[-1][1]:
                        pts.append((e, m / gb))
            label = planner if len(runs) == 1 else f"{planner} (median of {len(runs)})"
            series.append((label, pts, budget))
        curves(f"Figure 11: {model} on paper-3t-256", series, os.path.join(out, f"fig11-{model}.svg"), xmax)


def growth(rows, out):
    planners = ordered(rows, "planner")
    steps = ordered(rows, "step")
    gpus = {r["step"]: r["gpus"] for r in rows}
    vals = [[next((float(r["after_seq_per_s"]) or None for r in rows if r["planner"] == p and r["step"] == s), None)
             for p in planners] for s in steps]
    marks = [[False] * len(planners) for _ in steps]
    bars("Figure 8: paper-growth (llama3-8b), throughput after each join", "sequences/s",
         [gpus[s] + " GPUs" for s in steps], planners, vals, marks, os.path.join(out, "fig8-growth.svg"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv-dir", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--arachne", default="arachne", help="the planner in the arachne rows")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    f = lambda n: read(os.path.join(a.csv_dir, f"paper-fig{n}.csv"))
    if f(1):
        dense(f(1), 1, a.out, a.arachne, [("", "", lambda c: True)])
    if f(7):
        dense(f(7), 7, a.out, a.arachne, [("-uniform", " (uniform)", lambda c: "-ls" not in c),
                                          ("-ls", " (LS1-LS5)", lambda c: "-ls" in c)])
    if f(10):
        dense(f(10), 10, a.out, a.arachne, [("a", "(a)", lambda c: "-4t-" in c), ("b", "(b)", lambda c: "-64b-" in c)])
    if f(9):
        moe(f(9), a.out, a.arachne)
    if f(11):
        search(f(11), a.out, a.arachne)
    if f(8):
        growth(f(8), a.out)
    if not shutil.which("rsvg-convert"):
        print("rsvg-convert not found (apt-get install librsvg2-bin): wrote SVG only", file=sys.stderr)


if __name__ == "__main__":
    main()
