#!/usr/bin/env python3
"""A sample of a weights file's own training problems, written in the held-out set's format, so
`arachne-cli bench --section heldout --heldout FILE` measures the learned planner on problems it
was trained on (docs/learned-planner.md, "The same bench on problems it was trained on").
Standard library only.

    python3 tools/training_sample.py resources/policy/arachne.policy \
        --count 30 --seed 37 --out bench/heldout/training-sample-problems.json

It reads the training list from the weights file's metadata (`metadata.problems`, "cluster|model"
entries), keeps the distinct entries on analytic profiles whose model is dense (a MoE problem's
random-10x run would take many minutes), sorts them, and draws --count of them with Python's
random.Random(--seed).sample. The bench's disjointness check then fails by design: every problem
is in the training list.
"""
import argparse
import json
import random
import sys

DENSE = ("llama3-8b", "llama3-70b", "qwen3-32b", "qwen3-64b", "opt-350m", "gpt-neo-2.7b")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("weights")
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--seed", type=int, default=37)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    raw = open(a.weights, "rb").read()
    start = raw.find(b"{")
    if start < 0:
        sys.exit(f"training_sample: {a.weights}: no metadata")
    meta, _ = json.JSONDecoder().raw_decode(raw[start:].decode("latin-1"))
    listed = meta.get("metadata", {}).get("problems")
    if not isinstance(listed, list):
        sys.exit(f"training_sample: {a.weights}: field 'metadata.problems': no training list")
    keep = sorted({p for p in listed if "|" in p and "@" not in p and p.split("|", 1)[1] in DENSE})
    if len(keep) < a.count:
        sys.exit(f"training_sample: {a.weights}: only {len(keep)} dense analytic problems, asked for {a.count}")
    pick = random.Random(a.seed).sample(keep, a.count)
    doc = {
        "schema_version": 1,
        "kind": "arachne-heldout-set",
        "description": f"{a.count} dense problems drawn from the training list of {a.weights}: NOT held out; "
                       "for measuring the learned planner on problems it was trained on",
        "generated_by": {"tool": "tools/training_sample.py", "weights": a.weights, "count": a.count,
                         "seed": a.seed, "distinct_dense_analytic": len(keep)},
        "problems": [{"id": f"train-{i + 1:02d}", "cluster": p.split("|", 1)[0], "model": p.split("|", 1)[1],
                      "exhaustive": False, "origin": "the weights' training list"} for i, p in enumerate(pick)],
    }
    with open(a.out, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print(f"wrote {a.out}: {a.count} of {len(keep)} distinct dense analytic training problems")


if __name__ == "__main__":
    main()
