#!/usr/bin/env python3
"""The REPL's figure files under a real terminal (a pty), issue #31 and #30:
- they go to a folder of the REPL's own, made with mkdtemp (mode 0700, an unpredictable name)
  under $XDG_RUNTIME_DIR, else $TMPDIR: another user who prepares the old predictable
  $TMPDIR/llmlab-<pid>/ with links to a victim's file changes nothing;
- one figure is one file pair, updated in place: plot, xlabel, ylabel and grid on write the
  same two files, print their paths once and one braille preview;
- Ctrl-C while a million markers render to those files stops the render, and the REPL goes on.
Usage: python3 repl_figures_test.py --bin LLMLAB
"""
import argparse
import os
import pathlib
import re
import select
import signal
import stat
import subprocess
import sys
import tempfile
import time

failures = []
PROMPT = ">> "


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


class Repl:
    """The REPL on a pty; `enter` types a line and returns what it printed up to the next
    prompt."""

    def __init__(self, binary, env, cwd):
        master, slave = os.openpty()
        self.master = master
        self.child = subprocess.Popen([binary], stdin=slave, stdout=slave, stderr=slave, env=env,
                                      cwd=cwd, close_fds=True, start_new_session=True)
        os.close(slave)
        self.read_until_prompt()

    def read_until_prompt(self, timeout=60):
        text = b""
        deadline = time.monotonic() + timeout
        while not text.endswith(PROMPT.encode()) and time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                text += chunk
        return text.decode("utf-8", "replace")

    def enter(self, line):
        os.write(self.master, (line + "\n").encode())
        return self.read_until_prompt()

    def close(self):
        os.write(self.master, b"\x04")  # Ctrl-D
        try:
            self.child.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.child.kill()
            self.child.wait()
        os.close(self.master)


def braille(text):
    return any(0x2800 <= ord(c) <= 0x28FF for c in text)


def saved_paths(text):
    return re.findall(r"saved (\S+)", text)


def plant_links(folder, victim):
    """What the attacker prepares: the folder the REPL used to write to, world-writable, with
    links under every name the REPL might write."""
    folder.mkdir()
    folder.chmod(0o777)
    for stem in ["figure", "figure0", "figure1", "figure1-1", "figure2-1"]:
        for extension in ("svg", "png"):
            (folder / f"{stem}.{extension}").symlink_to(victim)
            (folder / f".{stem}.{extension}.part").symlink_to(victim)


def session(binary, work, env, victim, parent):
    repl = Repl(binary, env, work)
    plant_links(parent / f"llmlab-{repl.child.pid}", victim)
    outputs = [repl.enter(line) for line in ['plot(1:3)', 'xlabel("x")', 'ylabel("y")', 'grid on']]
    repl.close()
    return outputs


def check_session(outputs, victim, parent, where):
    paths = [pathlib.Path(p) for text in outputs for p in saved_paths(text)]
    check(victim.read_text() == "the victim's data\n",
          f"{where}: the victim file behind the planted links is unchanged")
    check(len(paths) == 2 and {p.suffix for p in paths} == {".svg", ".png"} and
          saved_paths(outputs[0]) == [str(p) for p in paths],
          f"{where}: one file pair, its paths printed once, by the plot ({outputs!r:.600})")
    check([braille(text) for text in outputs] == [True, False, False, False],
          f"{where}: one braille preview, for the plot; decorations print none")
    if len(paths) != 2:
        return
    folder = paths[0].parent
    mode = stat.S_IMODE(folder.stat().st_mode)
    check(folder.parent == parent and folder.name.startswith("llmlab-") and mode == 0o700,
          f"{where}: the folder is a private one under {parent} ({folder}, mode {oct(mode)})")
    check(all(p.is_file() and not p.is_symlink() for p in paths),
          f"{where}: the figure files are plain files")
    svg = paths[0].read_text() if paths[0].suffix == ".svg" else paths[1].read_text()
    check(">x</text>" in svg and ">y</text>" in svg,
          f"{where}: the one SVG was updated in place with both labels")
    check(sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in paths),
          f"{where}: nothing else is left in the folder ({sorted(folder.iterdir())})")


def interrupted_render(binary, work, env):
    """Ctrl-C (the SIGINT a terminal sends its foreground process) while a million markers
    render to the figure files stops the render, says so, and gives the prompt back."""
    repl = Repl(binary, env, work)
    os.write(repl.master, b'plot(rand(1, 1e6), rand(1, 1e6), "o")\n')
    shown = b""
    deadline = time.monotonic() + 60
    while "\u28f8".encode() not in shown and time.monotonic() < deadline:  # the preview's corner
        if select.select([repl.master], [], [], 0.5)[0]:
            shown += os.read(repl.master, 65536)
    time.sleep(0.5)  # the preview is out: the SVG of a million markers is rendering
    os.kill(repl.child.pid, signal.SIGINT)
    sent = time.monotonic()
    text = repl.read_until_prompt()
    waited = time.monotonic() - sent
    check("figure files not updated: interrupted" in text and waited < 5,
          f"Ctrl-C during the figure render stops it within 5 s (took {waited:.1f} s: "
          f"{text[-200:]!r})")
    check(re.search(r"\b2\r?\n", repl.enter("disp(1 + 1)")) is not None,
          "the REPL goes on after the interrupted render")
    repl.close()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    binary = os.path.abspath(parser.parse_args().bin)
    with tempfile.TemporaryDirectory(prefix="llmlab-repl-figures-") as scratch:
        root = pathlib.Path(scratch)
        victim = root / "victim.txt"
        victim.write_text("the victim's data\n")
        tmpdir = root / "tmp"
        runtime_dir = root / "run"
        for folder in (tmpdir, runtime_dir):
            folder.mkdir()
        env = {k: v for k, v in os.environ.items() if k != "XDG_RUNTIME_DIR"}
        env.update(TMPDIR=str(tmpdir), HOME=str(root), TERM="xterm", COLUMNS="100")
        check_session(session(binary, root, env, victim, tmpdir), victim, tmpdir, "TMPDIR")
        env["XDG_RUNTIME_DIR"] = str(runtime_dir)
        check_session(session(binary, root, env, victim, runtime_dir), victim, runtime_dir,
                      "XDG_RUNTIME_DIR")
        interrupted_render(binary, root, env)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
