#!/usr/bin/env python3
"""Run one lesson script in a fresh directory and check it.

The script must exit 0. If tests/data/<lesson>/<script>.expected exists, its output must match
the seed's printed text under the acceptance tolerance (compare_output.py). A script that draws
(calls figure()) must leave its figures in the --figures directory in each of --figure-formats
(default svg,png; a build without cairo writes svg alone).
Usage: run_lesson_script.py --bin LLMLAB --expected-dir DIR [--figure-formats svg,png] SCRIPT
"""
import argparse
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from compare_output import compare  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--expected-dir", required=True)
    parser.add_argument("--figure-formats", default="svg,png")
    parser.add_argument("script")
    args = parser.parse_args()
    script = pathlib.Path(args.script).resolve()
    with tempfile.TemporaryDirectory() as work:
        figures = pathlib.Path(work) / "figures"
        proc = subprocess.run([args.bin, "run", "--figures", str(figures), str(script)], cwd=work,
                              capture_output=True, stdin=subprocess.DEVNULL, timeout=300)
        stdout = proc.stdout.decode("utf-8", "replace")
        if proc.returncode != 0:
            print(f"FAIL {script.name}: exit {proc.returncode}\n{proc.stderr.decode()}")
            return 1
        expected = pathlib.Path(args.expected_dir) / (script.stem + ".expected")
        if expected.exists():
            reason = compare(expected.read_text(encoding="utf-8"), stdout)
            if reason:
                print(f"FAIL {script.name}: output differs from the seed's\n{reason}")
                return 1
        draws = "figure(" in script.read_text(encoding="utf-8")
        if not expected.exists() and not stdout.strip() and not draws:
            print(f"FAIL {script.name}: printed nothing and drew nothing")
            return 1
        if draws:
            for suffix in ("." + name for name in args.figure_formats.split(",")):
                written = [p for p in figures.glob(f"{script.stem}-*{suffix}") if p.stat().st_size > 100]
                if not written:
                    print(f"FAIL {script.name}: no {suffix} figure written by --figures")
                    return 1
    print(f"ok {script.name}" + (" (matches the seed)" if expected.exists() else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
