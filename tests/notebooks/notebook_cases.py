"""What the end-to-end notebook tests share: running the binary, writing inputs, collecting
failures, and a main that runs each case in its own temporary folder.

A test file defines `case_*(binary, tmp)` functions that call `expect`, and ends with
`sys.exit(notebook_cases.main([case_a, case_b, ...]))`.
"""
import argparse
import pathlib
import subprocess
import tempfile

FAILURES = []


def expect(condition, message):
    if not condition:
        FAILURES.append(message)


def run(binary, *args, cwd=None):
    return subprocess.run([binary, *args], capture_output=True, text=True, cwd=cwd, timeout=120)


def write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


def main(cases) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    binary = str(pathlib.Path(args.bin).resolve())
    for case in cases:
        with tempfile.TemporaryDirectory() as tmp:
            before = len(FAILURES)
            case(binary, pathlib.Path(tmp))
            print(("ok   " if len(FAILURES) == before else "FAIL ") + case.__name__)
    for failure in FAILURES:
        print("  " + failure)
    return 1 if FAILURES else 0
