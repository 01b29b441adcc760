#!/usr/bin/env python3
"""The local sweep executor's two figures (issue #15), measured, not asserted:

1. Core use: a 16-run sweep (4-layer models, one thread each, --jobs = cores) against the ideal
   wall time, the sum of its runs' wall times ÷ cores. Goal: within 1.1×.
2. Per-run overhead (process start, corpus load, model set-up, record write): the wall time of
   1-step runs of the 24-layer lesson model, minus their one training step, against the wall time
   of a 150-step run of the same model. Goal: under 2 %.

On a shared machine both move with the load; the script prints the load average with them, and
--repeat K runs the one-step sweep K times (median of the K medians) and gives its CPU time per
run (user + system of every process the sweep started), which the load moves much less.
Usage: bench/sweep_bench.py --bin build/release/llmlab [--cores N] [--skip-150] [--repeat K]"""
import argparse
import json
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time

MODEL_24 = """layers = 24
d_model = 64
heads = 4
context = 64
batch = 16
"""


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def sweep(binary, tmp, name, text, jobs, cpu=None):
    path = tmp / f"{name}.toml"
    path.write_text(text)
    start = time.monotonic()
    cpu_before = children_cpu()
    out = subprocess.run([binary, "sweep", "run", path, "-o", tmp / name, "--jobs", str(jobs),
                          "--no-report"], capture_output=True, text=True)
    wall = time.monotonic() - start
    if cpu is not None:
        cpu.append(children_cpu() - cpu_before)
    if out.returncode != 0:
        sys.exit(f"{name}: sweep failed:\n{out.stderr}")
    records = [json.loads(p.read_text()) for p in (tmp / name).glob("runs/*/seed-*.json")]
    return wall, records


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--cores", type=int, default=os.cpu_count())
    parser.add_argument("--skip-150", action="store_true",
                        help="no 150-step reference run (give --reference-seconds instead)")
    parser.add_argument("--reference-seconds", type=float, default=None)
    parser.add_argument("--skip-core-use", action="store_true")
    parser.add_argument("--repeat", type=int, default=1,
                        help="one-step sweeps to run (the overhead is the median of their medians)")
    args = parser.parse_args()
    binary = str(pathlib.Path(args.bin).resolve())
    with tempfile.TemporaryDirectory(prefix="llmlab-sweep-bench-") as tmp:
        tmp = pathlib.Path(tmp)
        load = os.getloadavg()[0]
        wall, records = (0, []) if args.skip_core_use else sweep(binary, tmp, "use", f"""seeds = [0, 1, 2, 3]
[base]
layers = 4
steps = 60
eval_interval = 60
eval_batches = 4
[grid]
norm = ["pre", "post"]
lr = [1e-3, 3e-3]
[run]
threads = 1
""", args.cores)
        runs = [r["sweep"]["wall_s"] for r in records]
        if records:
            ideal = sum(runs) / args.cores
            print(f"core use: 16 runs, wall {wall:.2f} s, sum of run walls {sum(runs):.2f} s, "
                  f"÷ {args.cores} cores = {ideal:.2f} s: {wall / ideal:.3f}× the ideal "
                  f"(load average {load:.1f} → {os.getloadavg()[0]:.1f})")

        load = os.getloadavg()[0]
        medians, cpu, short = [], [], []
        for k in range(args.repeat):
            _, records = sweep(binary, tmp, f"overhead{k}", f"""seeds = [0, 1, 2, 3, 4, 5, 6, 7]
[base]
{MODEL_24}steps = 1
eval_interval = 1000
eval_batches = 1
[run]
threads = 1
""", args.cores, cpu)
            medians.append(statistics.median(r["sweep"]["wall_s"] - r["train_s"] for r in records))
            short += records
        overhead = statistics.median(medians)
        print(f"one-step runs: median wall {statistics.median(r['sweep']['wall_s'] for r in short):.3f} s,"
              f" of which training {statistics.median(r['train_s'] for r in short):.3f} s: "
              f"overhead {overhead:.3f} s per run (two 1-batch evaluations included; "
              f"medians of {args.repeat} sweeps: {', '.join(f'{m:.3f}' for m in medians)})")
        print(f"one-step runs: CPU time (user + system, sweep and trainers) per run: "
              f"{statistics.median(cpu) / 8:.3f} s (per sweep: "
              f"{', '.join(f'{c / 8:.3f}' for c in cpu)})")
        reference = args.reference_seconds
        if not args.skip_150:
            _, long = sweep(binary, tmp, "reference", f"""seeds = [0]
[base]
{MODEL_24}steps = 150
log_interval = 5
eval_interval = 50
[run]
threads = 1
""", 1)
            reference = long[0]["sweep"]["wall_s"]
            print(f"150-step 24-layer run: wall {reference:.2f} s "
                  f"(training {long[0]['train_s']:.2f} s)")
        if reference:
            print(f"per-run overhead: {overhead:.3f} s = {100 * overhead / reference:.2f} % of a "
                  f"150-step run (load average {load:.1f} → {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
