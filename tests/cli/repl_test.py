#!/usr/bin/env python3
"""The terminal REPL under a pseudo-terminal, as a user types into it (issue #30): Tab completes
a builtin (`linsp` -> `linspace`), a struct field (`cfg.lear` -> `cfg.learning_rate`) and a file
name inside a string; `clc` clears the screen; `help format` and `help for` work in command
syntax; `pwd`, `cd`, `ls` and `which` answer; `toc` prints MATLAB's sentence; bare `format`
after `format long` is short again. `llmlab --dialect matlab` (issue #26) reads its entries as
MATLAB code: n-by-n constructors, complex results, a `%{ ... %}` block comment gathered whole.
Usage: python3 repl_test.py --bin LLMLAB
"""
import argparse
import os
import pathlib
import pty
import re
import select
import signal
import sys
import tempfile
import time

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


class Terminal:
    """One llmlab REPL on a pseudo-terminal; `screen` is everything it wrote so far."""

    def __init__(self, binary, cwd, home, arguments=()):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(cwd)
            env = dict(os.environ, HOME=str(home), TERM="xterm", COLUMNS="80", LINES="24")
            os.execve(binary, [binary, *arguments], env)
        self.screen = ""

    def read_for(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    return
                if not data:
                    return
                self.screen += data.decode("utf-8", "replace")

    def wait_for(self, pattern, seconds=20):
        """True once `pattern` (a regex) appears after the current mark."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if re.search(pattern, self.screen[self.mark:]):
                return True
            self.read_for(0.1)
        return False

    def type(self, text):
        self.mark = len(self.screen)
        os.write(self.fd, text.encode())

    def run(self, line, expect, seconds=20):
        """Types `line` and Enter; True when `expect` shows and the prompt comes back."""
        self.type(line + "\r")
        return self.wait_for(expect, seconds) and self.wait_for(r">> $|>> \S*$", seconds)

    def close(self):
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    binary = str(pathlib.Path(parser.parse_args().bin).resolve())
    with tempfile.TemporaryDirectory(prefix="llmlab-repl-") as scratch:
        work = pathlib.Path(scratch) / "work"
        (work / "runs").mkdir(parents=True)
        (work / "notes_for_tab.txt").write_text("tab found me\n")
        term = Terminal(binary, work, scratch)
        term.mark = 0
        try:
            check(term.wait_for(r">> "), "the REPL shows its prompt")

            term.type("x = linsp\t")
            # libedit inserts what the word lacks (and may move the cursor with escapes first).
            check(term.wait_for(r"ace"), "linsp<Tab> completes to linspace")
            check(term.run("(0, 1, 3)", r"x = \[1×3\]\s+0\.000000\s+0\.500000\s+1\.000000"),
                  "the completed call runs")

            check(term.run('cfg = struct("learning_rate", 0.25, "layers", 2);', r""),
                  "a struct is made")
            term.type("y = cfg.lear\t")
            check(term.wait_for(r"ning_rate"), "cfg.lear<Tab> completes the field")
            check(term.run("", r"y = 0\.25"), "the completed field reads")

            term.type('t = fileread("notes_fo\t')
            check(term.wait_for(r"r_tab\.txt"), "a file name completes inside a string")
            check(term.run('"); disp(t)', r"tab found me"), "the completed file name is read")

            check(term.run("clc", r"\x1b\[2J"), "clc clears the screen (ANSI erase)")
            check(term.run("help format", r"format"), "help format in command syntax")
            check(term.run("help for", r"(?i)for"), "help for (a keyword) in command syntax")
            check(not re.search(r"parse error", term.screen), "no parse errors from command syntax")

            check(term.run("pwd", re.escape(str(work.resolve()))), "pwd prints the directory")
            check(term.run("ls", r"notes_for_tab\.txt\s+runs/"), "ls lists files and folders")
            check(term.run("cd runs", r""), "cd in command syntax")
            check(term.run("pwd", re.escape(str((work / "runs").resolve()))), "cd moved pwd")
            check(term.run("which linspace", r"'linspace' is a built-in function"), "which")
            check(term.run("disp(exist(\"cfg\"))", r"\r\n1\r\n"), "exist of a variable is 1")

            check(term.run("tic; toc", r"Elapsed time is \d+\.\d+ seconds\."), "toc prints")
            check(term.run("format long", r"format: long"), "format long")
            check(term.run("format", r"format: short"), "bare format restores short")

            term.type("exit\r")
            term.read_for(2)
        finally:
            term.close()
        matlab = check_matlab_prompt(binary, work, scratch)
    if failures:
        print(f"{len(failures)} failure(s); the terminals showed:\n{term.screen[-3000:]}\n"
              f"--- llmlab --dialect matlab:\n{matlab[-3000:]}")
    return 1 if failures else 0


def check_matlab_prompt(binary, work, home):
    """The prompt of `llmlab --dialect matlab`; returns what its terminal showed."""
    term = Terminal(binary, work, home, ["--dialect", "matlab"])
    term.mark = 0
    try:
        check(term.wait_for(r"matlab dialect.*\r?\n.*>> "), "the matlab prompt names its dialect")
        check(term.run("A = rand(3); size(A)", r"ans =\r\n\s+3\s+3"), "rand(3) is 3-by-3")
        term.type("%{\r")
        check(term.wait_for(r"\.\. $"), "%{ asks for more lines")
        term.type("no_such_name\r")
        check(term.wait_for(r"\.\. $"), "the block comment goes on")
        check(term.run("%}", r""), "%} closes it and the prompt comes back")
        check(term.run("z = sqrt(-4)", r"z = 0 \+ 2i"), "sqrt(-4) is complex")
        check("undefined" not in term.screen, "nothing in the block comment ran")
        term.type("exit\r")
        term.read_for(1)
    finally:
        term.close()
    return term.screen


if __name__ == "__main__":
    sys.exit(main())
