#!/usr/bin/env python3
"""The REPL in tmux, read from what the terminal shows (issue #30's test): tmux emulates the
screen, so `capture-pane` is what a user sees, not the bytes the REPL wrote. `linsp<Tab>` shows
`linspace`, `cfg.lear<Tab>` shows the field's full name, `clc` leaves only the prompt on the
screen, `cd runs_fo<Tab>` completes the folder and `cd ../..` returns, `help format` shows
format's help, and `plot` then `xlabel`, `ylabel` and `grid on`
leave one figure's files (one SVG, one PNG) in the REPL's figure folder.
Skips (77) without tmux.
Usage: python3 repl_tmux_test.py --bin LLMLAB
"""
import argparse
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

failures = []


def check(condition, what, screen=""):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)
        print("     the screen showed:\n" + screen)


class Tmux:
    """One REPL in a detached tmux session on a private server socket."""

    def __init__(self, socket, command, folder):
        self.base = ["tmux", "-S", str(socket)]
        subprocess.run(self.base + ["-f", "/dev/null", "new-session", "-d", "-x", "100", "-y",
                                    "40", "-c", str(folder), command], check=True, timeout=30)

    def keys(self, text, *named):
        """Types `text` as it is (-l), then keys by name. tmux reads an argument's final `;` as
        the end of its command, even with -l, unless it is escaped."""
        if text.endswith(";"):
            text = text[:-1] + "\\;"
        subprocess.run(self.base + ["send-keys", "-l", text], check=True, timeout=30)
        if named:
            subprocess.run(self.base + ["send-keys", *named], check=True, timeout=30)

    def screen(self):
        return subprocess.run(self.base + ["capture-pane", "-p"], capture_output=True, text=True,
                              timeout=30).stdout

    def wait_for(self, predicate, seconds=20):
        """The screen once `predicate(screen)` holds, else the last screen seen."""
        end = time.monotonic() + seconds
        while True:
            shown = self.screen()
            if predicate(shown) or time.monotonic() > end:
                return shown
            time.sleep(0.1)

    def close(self):
        subprocess.run(self.base + ["kill-server"], capture_output=True, timeout=30)


def last_line(screen):
    lines = [line for line in screen.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def prompt_back(screen):
    return last_line(screen).rstrip() == ">>"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    binary = str(pathlib.Path(parser.parse_args().bin).resolve())
    if shutil.which("tmux") is None:
        print("SKIP: tmux is not installed")
        return 77
    with tempfile.TemporaryDirectory(prefix="llmlab-tmux-") as scratch:
        root = pathlib.Path(scratch)
        figures_parent = root / "tmp"
        figures_parent.mkdir()
        command = f"env -u XDG_RUNTIME_DIR HOME={root} TMPDIR={figures_parent} {binary}"
        (root / "runs_for_tab" / "a").mkdir(parents=True)
        term = Tmux(root / "socket", command, root)
        try:
            shown = term.wait_for(prompt_back)
            check(prompt_back(shown), "the REPL shows its prompt", shown)

            term.keys("x = linsp", "Tab")
            shown = term.wait_for(lambda s: "x = linspace" in s)
            check("x = linspace" in shown, "linsp<Tab> shows linspace", shown)
            term.keys("(0, 1, 3)", "Enter")
            shown = term.wait_for(lambda s: "0.500000" in s and prompt_back(s))
            check("0.500000" in shown, "the completed call runs", shown)

            term.keys('cfg = struct("learning_rate", 0.25, "layers", 2);', "Enter")
            shown = term.wait_for(lambda s: "2);" in s and prompt_back(s))
            check("2);" in shown and "cfg = struct" not in shown.split("2);")[-1],
                  "a line ending in ; is typed whole and echoes nothing", shown)
            term.keys("y = cfg.lear", "Tab")
            shown = term.wait_for(lambda s: "y = cfg.learning_rate" in s)
            check("y = cfg.learning_rate" in shown, "cfg.lear<Tab> shows the field", shown)
            term.keys("", "Enter")
            shown = term.wait_for(lambda s: "y = 0.25" in s and prompt_back(s))
            check("y = 0.25" in shown, "the completed field reads", shown)

            term.keys("cd runs_fo", "Tab")
            shown = term.wait_for(lambda s: "cd runs_for_tab/" in s)
            check("cd runs_for_tab/" in shown, "cd runs_fo<Tab> completes the folder", shown)
            term.keys("a", "Enter")
            term.keys("pwd", "Enter")
            shown = term.wait_for(lambda s: "runs_for_tab/a\n" in s and prompt_back(s))
            check("runs_for_tab/a\n" in shown, "cd runs_for_tab/a in command syntax", shown)
            term.keys("cd ../..", "Enter")

            term.keys("clc", "Enter")
            shown = term.wait_for(lambda s: s.strip() == ">>")
            check(shown.strip() == ">>", "clc leaves only the prompt on the screen", shown)

            term.keys("help format", "Enter")
            shown = term.wait_for(lambda s: "format" in s and prompt_back(s))
            check("format MODE" in shown and "error" not in shown,
                  "help format in command syntax shows format's help", shown)

            term.keys("clc", "Enter")
            for line in ("plot(1:3)", 'xlabel("x")', 'ylabel("y")', "grid on"):
                term.keys(line, "Enter")
            shown = term.wait_for(lambda s: "grid on" in s and prompt_back(s))
            check(prompt_back(shown) and "error" not in shown,
                  "plot and three decorations run", shown)
            files = sorted(figures_parent.rglob("*.*"))
            check([f.suffix for f in files] == [".png", ".svg"] and
                  len({f.stem for f in files}) == 1,
                  f"one figure's files, one SVG and one PNG: {[str(f) for f in files]}", shown)
            svg = [f for f in files if f.suffix == ".svg"]
            check(bool(svg) and ">x</text>" in svg[0].read_text() and
                  ">y</text>" in svg[0].read_text(),
                  "the one SVG holds both labels (updated in place)", shown)
            term.keys("exit", "Enter")
        finally:
            term.close()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
