#!/usr/bin/env python3
"""Run one .rlab script test through the real binary and check its inline expectations.

Expectations live in comments, in order:
  disp(1 + 1)          % expect: 2
  % expect: second line of output
  bad(1)               % expect error: undefined function 'bad'
Every `% expect:` line is one line of stdout, compared exactly (trailing spaces ignored).
`% expect error: TEXT` means the run must exit with status 1 and print TEXT on stderr; it
must be the last expectation, since a script stops at its first error. The error report
quotes the failing source line (with its `% expect error:` comment) under a caret; those
quoted lines are removed before TEXT is looked for, so only the message itself can match. `% expect-file: NAME`
asserts that the run left a file NAME in the working directory. Tests run in a fresh
temporary directory that holds a copy of the script's folder.
"""
import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

EXPECT = re.compile(r"%\s*expect:\s?(.*)$")
EXPECT_ERROR = re.compile(r"%\s*expect error:\s?(.*)$")
EXPECT_FILE = re.compile(r"%\s*expect-file:\s?(.*)$")


def without_quoted_source(stderr: str, source: str) -> str:
    """stderr without the lines that quote the script's source and the caret lines under them."""
    source_lines = {line.strip() for line in source.splitlines() if line.strip()}
    kept = [line for line in stderr.splitlines()
            if line.strip() not in source_lines and not re.fullmatch(r"\s*[\^~]+\s*", line)]
    return "\n".join(kept)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("script")
    args = parser.parse_args()
    script = pathlib.Path(args.script).resolve()
    expected, error, files = [], None, []
    source = script.read_text(encoding="utf-8")
    for line in source.splitlines():
        if m := EXPECT_ERROR.search(line):
            error = m.group(1).rstrip()
        elif m := EXPECT_FILE.search(line):
            files.append(m.group(1).strip())
        elif m := EXPECT.search(line):
            expected.append(m.group(1).rstrip())
    if not expected and error is None and not files:
        print(f"{script}: no expectations (a test must assert something)")
        return 1

    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp) / "work"
        shutil.copytree(script.parent, work)
        env = dict(os.environ, LLMLAB_NO_COLOR="1")
        proc = subprocess.run([str(pathlib.Path(args.bin).resolve()), "run", script.name], cwd=work, env=env,
                              stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
        stdout = proc.stdout.decode("utf-8", "replace")
        stderr = proc.stderr.decode("utf-8", "replace")
        got = [line.rstrip() for line in stdout.splitlines()]
        failures = []
        if got != expected:
            for i in range(max(len(got), len(expected))):
                want = expected[i] if i < len(expected) else "<nothing>"
                have = got[i] if i < len(got) else "<nothing>"
                if want != have:
                    failures.append(f"stdout line {i + 1}: expected {want!r}, got {have!r}")
                    break
            if len(got) != len(expected):
                failures.append(f"expected {len(expected)} lines, got {len(got)}")
        if error is None and proc.returncode != 0:
            failures.append(f"exit status {proc.returncode}; stderr:\n{stderr}")
        if error is not None:
            if proc.returncode != 1:
                failures.append(f"expected exit status 1, got {proc.returncode}")
            if error not in without_quoted_source(stderr, source):
                failures.append(f"expected error {error!r} on stderr, got:\n{stderr}")
        for name in files:
            if not (work / name).is_file():
                failures.append(f"expected file {name} to be written")
        if failures:
            print(f"FAIL {script}")
            for failure in failures:
                print("  " + failure)
            return 1
    print(f"ok {script.name}: {len(expected)} line(s)" + (", error" if error else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
