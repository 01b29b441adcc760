#!/usr/bin/env python3
"""input() in `llmlab run` and the piped REPL reads standard input: the typed expression is
evaluated where input was called (a function's own variables), "s" gives the text, an empty
line gives [], a bad line is reported and asked again, the end of input is a clear error at
the call, and Ctrl-C while waiting stops the run (status 130).
Usage: python3 input_test.py --bin LLMLAB
"""
import argparse
import os
import pathlib
import signal
import subprocess
import sys
import tempfile
import time

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


SCRIPT = """\
function r = scaled(k)
  r = input("factor? ") * k;
end
a = input("a? ");
printf("a=%g\\n", a)
printf("scaled=%g\\n", scaled(3))
s = input("text? ", "s");
printf("s=[%s] %d\\n", s, isequal(class(s), class("text")))
e = input("empty? ");
printf("empty=%d\\n", isempty(e))
b = input("b? ");
printf("b=%g\\n", b)
"""


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    binary = parser.parse_args().bin
    work = pathlib.Path(tempfile.mkdtemp(prefix="llmlab-input-"))
    script = work / "ask.rlab"
    script.write_text(SCRIPT)

    # `k` is the function's own variable: the answer "k + 1" is evaluated there (k = 3 → 4).
    answers = "6 * 7\nk + 1\n  spaces and 1 + 1 kept\n\nno_such_variable\n5\n"
    run = subprocess.run([binary, "run", "-q", str(script)], input=answers, text=True,
                         capture_output=True, timeout=60)
    out = run.stdout
    check(run.returncode == 0, f"the script ran (status {run.returncode}, {run.stderr!r})")
    check("a=42" in out, f"a numeric answer is evaluated: 6 * 7 is 42 ({out!r})")
    check("scaled=12" in out,
          f"inside a function the answer sees the function's variables: (k + 1) * k = 12 ({out!r})")
    check("s=[  spaces and 1 + 1 kept] 1" in out,
          f'"s" returns the line as typed, of the class a string literal has ({out!r})')
    check("empty=1" in out, f"an empty line gives [] ({out!r})")
    check("b=5" in out and out.count("b? ") == 2,
          f"a failing answer is asked again, then 5 is taken ({out!r})")
    check("no_such_variable" in run.stderr,
          f"the failing answer's error is reported on stderr ({run.stderr!r})")
    check(out.startswith("a? a=42"), f"the prompt is written before the answer is read ({out!r})")

    # Input ends before the script stops asking: an error at the call, status 1.
    short = subprocess.run([binary, "run", "-q", str(script)], input="1\n", text=True,
                           capture_output=True, timeout=60)
    check(short.returncode == 1 and
          "ask.rlab:2:7: error: input: end of input: standard input is closed" in short.stderr,
          f"the end of input is a clear error at the call (status {short.returncode}, "
          f"{short.stderr!r})")

    # The REPL fed through a pipe: the line after input() is its answer, as in Octave.
    repl = subprocess.run([binary], input='x = input("x? ");\n9 - 2\ndisp(x * 2)\n', text=True,
                          capture_output=True, timeout=60)
    check(repl.returncode == 0 and repl.stdout.strip().endswith("14"),
          f"the piped REPL answers input() from the next line ({repl.stdout!r}, {repl.stderr!r})")

    # Ctrl-C while input() waits on a terminal that types nothing: the run stops.
    waiting = subprocess.Popen([binary, "run", "-q", str(script)], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    prompt = waiting.stdout.read(3)  # "a? " is written before the wait
    check(prompt == "a? ", f"the prompt shows while it waits ({prompt!r})")
    time.sleep(0.3)
    waiting.send_signal(signal.SIGINT)
    try:
        waiting.wait(timeout=30)  # standard input stays open: nothing but the signal ends it
    except subprocess.TimeoutExpired:
        waiting.kill()
        waiting.wait()
    err = waiting.stderr.read()
    waiting.stdin.close()
    check(waiting.returncode == 130 and "interrupted" in err,
          f"Ctrl-C while waiting for input stops the run with status 130 "
          f"(status {waiting.returncode}, {err!r})")

    # A notebook has no one to ask: a clear error, not a hang.
    notebook = work / "ask.md"
    notebook.write_text("# Asks\n\n```rlab\nv = input(\"v? \")\n```\n")
    page = work / "ask.html"
    rendered = subprocess.run([binary, "notebook", "render", str(notebook), "-o", str(page)],
                              capture_output=True, text=True, timeout=60,
                              stdin=subprocess.DEVNULL)
    html = page.read_text(errors="replace") if page.exists() else ""
    check("input: no input available here" in html and "1 errors" in rendered.stdout,
          f"input() in a notebook render is a clear error in the page ({rendered.stdout!r})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
