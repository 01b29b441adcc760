#!/usr/bin/env python3
"""`make lesson-12` installs what building llmlab and running the lessons needs and no more
(issue #30): read from `make -n` (a dry run: nothing is installed or built), the packages it
would install hold the build's libraries and none of the test-only front ends (Jupyter,
Chromium, PyTorch, Slurm, Octave), the fuzzer's clang or the WebAssembly build's emscripten;
`make test` would install those front ends, `make fuzz` clang, `make wasm` emscripten.
Usage: python3 lesson_deps_test.py --repo ROOT
"""
import argparse
import re
import subprocess
import sys

# install_missing's loop in the Makefile: `for p in PACKAGES; do`.
PACKAGE_LOOP = re.compile(r"for p in ([^;]*); do")

NEEDED_BY_LESSONS = {"cmake", "libeigen3-dev", "libopenblas-dev", "libcairo2-dev", "vim-runtime"}
ONLY_FOR_TESTS = {"python3-torch", "chromium", "chromium-driver", "slurm-wlm", "jupyter-notebook",
                  "jupyter-console", "python3-nbconvert", "python3-selenium", "octave",
                  "clang-format"}
ONLY_FOR_FUZZ = {"clang", "libclang-rt-14-dev"}
ONLY_FOR_WASM = {"emscripten"}

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def packages(repo, target):
    """Every package `make TARGET` would install where missing."""
    proc = subprocess.run(["make", "-n", "-C", repo, target], capture_output=True, text=True,
                          timeout=60)
    if proc.returncode != 0:
        failures.append(f"make -n {target} exited {proc.returncode}: {proc.stderr}")
        return set()
    return {name for loop in PACKAGE_LOOP.findall(proc.stdout) for name in loop.split()}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repo", required=True)
    repo = parser.parse_args().repo
    lesson = packages(repo, "lesson-12")
    check(NEEDED_BY_LESSONS <= lesson,
          f"make lesson-12 installs the build's libraries (missing {NEEDED_BY_LESSONS - lesson})")
    extra = lesson & (ONLY_FOR_TESTS | ONLY_FOR_FUZZ | ONLY_FOR_WASM)
    check(not extra, f"make lesson-12 installs nothing only tests, fuzz or wasm use ({extra})")
    tests = packages(repo, "test")
    check(ONLY_FOR_TESTS <= tests,
          f"make test installs the test front ends (missing {ONLY_FOR_TESTS - tests})")
    check(ONLY_FOR_FUZZ <= packages(repo, "fuzz"), "make fuzz installs clang")
    check(ONLY_FOR_WASM <= packages(repo, "wasm"), "make wasm installs emscripten")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
