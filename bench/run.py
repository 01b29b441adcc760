#!/usr/bin/env python3
"""Run the anchor benchmarks side by side and print time ratios against llmlab.

Each case runs the same work in every tool that is installed (llmlab, GNU Octave, NumPy,
PyTorch, Lua), alternating the tools run by run so machine noise hits them alike, and
reports the median wall time of the whole process (start-up included) and the ratio
tool/llmlab. Usage: bench/run.py --bin build/release/llmlab --shared ../shared [--runs 5]
[--case NAME ...]
"""
import argparse
import pathlib
import shutil
import statistics
import subprocess
import sys
import os
import time

from openblas_kernels import kernel_environment

CASES = {
    "seed-lesson": {"llmlab": "seed_lesson.rlab", "octave": "seed_lesson.m",
                    "numpy": "seed_lesson.py"},
    "scalar-loops": {"llmlab": "scalar_loops.rlab", "octave": "scalar_loops.m",
                     "numpy": "scalar_loops.py", "lua": "scalar_loops.lua"},
    "jacobian-svd": {"llmlab": "jacobian_svd.rlab", "octave": "jacobian_svd.m",
                     "numpy": "jacobian_svd.py"},
    "layernorm-throughput": {"llmlab": "layernorm_throughput.rlab",
                             "octave": "layernorm_throughput.m",
                             "numpy": "layernorm_throughput.py",
                             "torch": "layernorm_throughput_torch.py"},
    "variance-growth": {"llmlab": "variance_growth.rlab", "octave": "variance_growth.m",
                        "numpy": "variance_growth.py", "torch": "variance_growth_torch.py"},
}


def command(tool, script, binary):
    if tool == "llmlab":
        return [binary, "run", str(script)]
    if tool == "octave":
        return ["octave-cli", "--no-gui", "-q", str(script)] if shutil.which("octave-cli") else None
    if tool in ("numpy", "torch"):
        return ["/usr/bin/python3", str(script)] if pathlib.Path("/usr/bin/python3").exists() else None
    if tool == "lua":
        return ["lua5.4", str(script)] if shutil.which("lua5.4") else None
    return None


def available(tool, cmd):
    if cmd is None:
        return False
    if tool in ("numpy", "torch"):
        module = "numpy" if tool == "numpy" else "torch"
        return subprocess.run([cmd[0], "-c", f"import {module}"],
                              capture_output=True).returncode == 0
    return True


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--shared", default="../shared")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--case", action="append")
    args = parser.parse_args()
    # Absolute: the tools run from inside the bench folder, so a relative path would break.
    bench = pathlib.Path(args.shared).resolve() / "bench"
    binary = str(pathlib.Path(args.bin).resolve())
    # Every tool's OpenBLAS runs the kernel set llmlab's does (bench/openblas_kernels.py).
    environment = {**os.environ, **kernel_environment()}
    for name, scripts in CASES.items():
        if args.case and name not in args.case:
            continue
        commands = {}
        for tool, script in scripts.items():
            cmd = command(tool, bench / script, binary)
            if available(tool, cmd):
                commands[tool] = cmd
        times = {tool: [] for tool in commands}
        for tool, cmd in commands.items():  # warm-up, and a correctness gate
            result = subprocess.run(cmd, capture_output=True, cwd=bench, env=environment)
            if result.returncode != 0:
                print(f"{name}: {tool} failed:\n{result.stderr.decode()[-2000:]}")
                times.pop(tool)
        for _ in range(args.runs):
            for tool in list(times):
                start = time.perf_counter()
                subprocess.run(commands[tool], capture_output=True, cwd=bench, env=environment)
                times[tool].append(time.perf_counter() - start)
        medians = {tool: statistics.median(t) for tool, t in times.items() if t}
        base = medians.get("llmlab")
        print(f"{name}:")
        for tool, median in medians.items():
            ratio = f"  {median / base:6.2f}x llmlab's time" if base and tool != "llmlab" else ""
            print(f"  {tool:8s} {median:8.3f} s{ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
