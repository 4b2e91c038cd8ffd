#!/usr/bin/env python3
"""Readings of the pipeline p2p on Sailor's GH200 runs (docs/cost-model.md §10.1, "What the
DeepSpeed p2p term stands for"). Standard library only.

    build/release/app/cli/arachne-cli validate tests/data/sailor/Planner/simulations/validation/clariden \
        --profiles tests/data/sailor/Planner/simulations/profiles_tmp.json --json > v.json
    python3 tools/sailor_p2p_readings.py v.json

The cost model prices a DeepSpeed stage boundary as tp full copies of the boundary tensor over
the node's NICs (every TP rank sends the whole tensor). The engine Sailor ran (its modified
DeepSpeed pipe engine, deepspeed/pipe_engine.py in eth-easl/sailor) partitions the tensor over
the TP group instead: each rank sends 1/tp of it (activations also carry the causal attention
mask, seq x seq in half precision, unpartitioned), and the receiver rebuilds the whole tensor
(reconstruct_tensor: a zeroed host buffer of the full size copied to the GPU, then an
all-gather). This script re-prices each run's p2p under such readings from the parts validate
reports, and prints the time MAPE of each:

  copies       the model as shipped (tp full copies; the validate figure itself);
  partitioned  1/tp per rank plus the mask, no rebuild cost;
  rebuild B    partitioned plus, per received tensor, its full size at B GB/s (host zero + copy).

It is an estimate, not a second cost model: it takes the slowest stage to be a middle one (two
boundaries) where the pipeline has three or more stages, scales the reported transfer time by
the byte ratio (the runs' transfers are bandwidth-bound: 17-84 MB per flow), and leaves the
fill's other terms as priced.
"""
import json
import sys

HIDDEN = {"gpt-neo-2.7b": 2560, "opt-350m": 1024}
SEQ = 2048
TP = 4


def predicted(run, reading, host_gbps=None):
    t = run["time_parts_s"]
    pp = run["pp"]
    if pp == 1:
        return run["predicted_iteration_s"]
    m = run["micro_batches"]
    act = run["micro_batch"] * SEQ * HIDDEN[run["model"]] * 4  # fp32 boundary tensor
    mask = SEQ * SEQ * 2
    k = 4 if pp > 2 else 2  # transfers a stage sits through per micro-batch
    per = t["max_p2p"] / k  # one transfer as priced (tp full copies)
    if reading == "copies":
        return run["predicted_iteration_s"]
    act_t = per * (1 / TP + mask / act)
    grad_t = per / TP
    host = act / (host_gbps * 1e9) if reading == "rebuild" else 0.0
    new_p2p = k / 2 * (act_t + grad_t) + k / 2 * host
    # every boundary is crossed forward and back once per micro-batch; the fill pays each once
    old_fill = per * 2 * (pp - 1)
    new_fill = (act_t + grad_t + 2 * host) * (pp - 1)
    return run["predicted_iteration_s"] - (m - 1) * (t["max_p2p"] - new_p2p) - (old_fill - new_fill)


def mape(runs, reading, host_gbps=None):
    errs = [abs(predicted(r, reading, host_gbps) / r["measured_iteration_s"] - 1) for r in runs]
    return 100 * sum(errs) / len(errs)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: sailor_p2p_readings.py VALIDATE_JSON")
    with open(sys.argv[1]) as f:
        runs = [r for r in json.load(f)["runs"] if r.get("priced")]
    print(f"{len(runs)} priced runs; time MAPE by reading of the DeepSpeed p2p")
    print(f"  copies (shipped)        {mape(runs, 'copies'):5.2f} %")
    print(f"  partitioned             {mape(runs, 'partitioned'):5.2f} %")
    for b in (5, 10, 15, 20, 30, 50):
        print(f"  rebuild at {b:3d} GB/s     {mape(runs, 'rebuild', b):5.2f} %")


if __name__ == "__main__":
    main()
