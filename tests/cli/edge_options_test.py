#!/usr/bin/env python3
"""Edge cases of the command line and its files (issue #31): each gives MATLAB's answer or a
clear error naming the argument. An unsigned option (the seeds) refuses -1 and numbers past
2^64 - 1 instead of wrapping; `train --min-lr` above `--lr` is refused; a checkpoint holding
NaN weights is refused by `sample` and loads with a warning in gpt_load; a sweep file with a
table given twice is an error with the line.
Usage: edge_options_test.py --bin LLMLAB
"""
import argparse
import json
import pathlib
import shutil
import struct
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
SMALL = ["--layers", "1", "--d-model", "8", "--heads", "1", "--context", "8", "--batch", "2",
         "--eval-interval", "10", "--eval-batches", "1", "--quiet", "--corpus", "corpus.txt"]
FAILURES = []


def expect(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        FAILURES.append(message)


def run(binary, *args, cwd):
    return subprocess.run([binary, *map(str, args)], capture_output=True, text=True, cwd=cwd,
                          timeout=300)


def poison(path):
    """The first float32 tensor of a safetensors file gets a NaN and an Inf."""
    data = bytearray(path.read_bytes())
    header_size = struct.unpack("<Q", data[:8])[0]
    header = json.loads(data[8:8 + header_size])
    name, info = next((k, v) for k, v in header.items()
                      if k != "__metadata__" and v["dtype"] == "F32")
    start = 8 + header_size + info["data_offsets"][0]
    data[start:start + 8] = struct.pack("<ff", float("nan"), float("inf"))
    path.write_bytes(bytes(data))
    return name


def case_unsigned_options(binary, work):
    for args in (["sample", "m.safetensors", "--seed", "-1"], ["train", "--seed", "-1"],
                 ["sample", "m.safetensors", "--seed", "18446744073709551616"],
                 ["train", "--seed", "1e3"]):
        proc = run(binary, *args, cwd=work)
        expect(proc.returncode == 2 and "--seed" in proc.stderr and
               "must be a whole number from 0 to 18446744073709551615" in proc.stderr,
               f"{' '.join(args)}: usage error naming --seed ({proc.returncode}, "
               f"{proc.stderr.strip()!r})")


def case_min_lr_above_lr(binary, work):
    proc = run(binary, "train", *SMALL, "--steps", "1", "--lr", "0.01", "--min-lr", "0.1",
               cwd=work)
    expect(proc.returncode == 1 and "min_lr (0.1) must not be above lr (0.01)" in proc.stderr,
           f"--min-lr above --lr is refused ({proc.returncode}, {proc.stderr.strip()!r})")


def case_non_finite_checkpoint(binary, work):
    proc = run(binary, "train", *SMALL, "--steps", "2", "--save", "m.safetensors", cwd=work)
    expect(proc.returncode == 0, f"a tiny model trains ({proc.stderr.strip()!r})")
    proc = run(binary, "sample", "m.safetensors", "-n", "5", "--seed", "18446744073709551615",
               cwd=work)
    expect(proc.returncode == 0, f"the largest seed is accepted ({proc.stderr.strip()!r})")
    poison(work / "m.safetensors")
    proc = run(binary, "sample", "m.safetensors", "-n", "5", cwd=work)
    expect(proc.returncode == 1 and "m.safetensors: 2 of" in proc.stderr and
           "weights are NaN or Inf" in proc.stderr and proc.stdout == "",
           f"sample refuses NaN weights ({proc.returncode}, {proc.stderr.strip()!r})")
    (work / "load.rlab").write_text('m = gpt_load("m.safetensors");\ndisp("loaded")\n')
    proc = run(binary, "run", "load.rlab", cwd=work)
    expect(proc.returncode == 0 and "loaded" in proc.stdout and
           "warning: gpt_load: m.safetensors: 2 of" in proc.stderr,
           f"gpt_load warns of NaN weights ({proc.returncode}, {proc.stderr.strip()!r})")


def case_sweep_table_twice(binary, work):
    (work / "twice.toml").write_text("seeds = [0]\n\n[base]\nsteps = 1\n\n[base]\nlr = 0.1\n")
    proc = run(binary, "sweep", "run", "twice.toml", "-o", "out", cwd=work)
    expect(proc.returncode != 0 and "twice.toml:6:1" in proc.stderr and
           "table [base] is defined twice" in proc.stderr,
           f"[base] twice: an error with its line ({proc.returncode}, {proc.stderr.strip()!r})")
    expect(not (work / "out" / "runs").exists(), "nothing ran")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    binary = str(pathlib.Path(parser.parse_args().bin).resolve())
    with tempfile.TemporaryDirectory() as scratch:
        work = pathlib.Path(scratch)
        shutil.copy(ROOT / "tests" / "data" / "train" / "tiny_corpus.txt", work / "corpus.txt")
        for case in (case_unsigned_options, case_min_lr_above_lr, case_non_finite_checkpoint,
                     case_sweep_table_twice):
            case(binary, work)
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
