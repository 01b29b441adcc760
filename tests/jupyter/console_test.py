#!/usr/bin/env python3
"""`jupyter console` itself (Debian's jupyter-console 6.4) on the llmlab kernel, as a user types
into it: lines piped to `--simple-prompt` run in one session, an assignment echoes as in the
REPL, printed text, a struct's missing field as a located error, and the session going on after
it. The other kernel tests drive jupyter_client directly; this one is the front end the README
names.
Usage: /usr/bin/python3 console_test.py --bin LLMLAB
"""
import argparse
import re
import subprocess
import sys
import time

import jupyter_env
from checks import check, failures

TYPED = """x = 6 * 7
fprintf("%d words\\n", x + 1)
s = struct("layers", 2); s.blocks(1)
disp(x)
"""


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    jupyter_env.setup(parser.parse_args().bin)
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyter_console", "--kernel", jupyter_env.KERNEL_NAME,
         "--simple-prompt"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)
    # jupyter_console 6.4 sends its first cell as soon as kernel_info is answered and then waits
    # for that cell's `idle` status on IOPub; when its IOPub subscription is not in place yet
    # (ZeroMQ's slow joiner, seen about one run in three under ASan) the status is lost and the
    # console waits forever. A user types later than that; so does this test.
    time.sleep(3)
    stdout, stderr = proc.communicate(TYPED, timeout=120)
    # The console writes a cell's error to its stderr, coloured.
    shown = re.sub(r"\x1b\[[0-9;]*m", "", stdout + stderr)
    check("x = 42" in shown, "an assignment echoes as in the REPL")
    check("43 words" in shown, "printed text reaches the console")
    check(re.search(r"cell:1:\d+: error: struct has no field 'blocks'", shown) is not None,
          "a missing field is a located error naming the field")
    check(re.search(r"In \[4\]: 42\b", shown) is not None,
          "the session goes on after the error, with its variables")
    if failures:
        print(f"the console showed (exit {proc.returncode}):\n{shown}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
