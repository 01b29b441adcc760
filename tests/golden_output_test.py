#!/usr/bin/env python3
"""Run one .rlab program and compare its standard output with the golden file beside it.

The golden file is the program's name with .out in place of .rlab. Set LLMLAB_UPDATE_GOLDENS=1
to rewrite it after an intended display change, then review the diff.
Usage: golden_output_test.py --bin LLMLAB PROGRAM.rlab
"""
import argparse
import difflib
import os
import pathlib
import subprocess
import sys


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("program")
    args = parser.parse_args()
    program = pathlib.Path(args.program).resolve()
    golden = program.with_suffix(".out")
    proc = subprocess.run([args.bin, "run", "--quiet", str(program)], capture_output=True,
                          text=True, env=dict(os.environ, LLMLAB_NO_COLOR="1"), timeout=120)
    if proc.returncode != 0:
        print(f"FAIL: {program.name} exited {proc.returncode}:\n{proc.stderr}")
        return 1
    if os.environ.get("LLMLAB_UPDATE_GOLDENS") == "1":
        golden.write_text(proc.stdout, encoding="utf-8")
        print(f"updated {golden}")
        return 0
    if not golden.exists():
        print(f"FAIL: no golden file {golden} (run with LLMLAB_UPDATE_GOLDENS=1)")
        return 1
    expected = golden.read_text(encoding="utf-8")
    if proc.stdout == expected:
        print(f"ok: {program.name} matches {golden.name}")
        return 0
    sys.stdout.writelines(difflib.unified_diff(expected.splitlines(True),
                                               proc.stdout.splitlines(True),
                                               str(golden.name), "output"))
    return 1


if __name__ == "__main__":
    sys.exit(main())
