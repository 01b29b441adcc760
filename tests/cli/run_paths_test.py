#!/usr/bin/env python3
"""`llmlab run` from another folder (issue #30): relative file names resolve against the current
directory, as in Octave and Python, while `import` keeps resolving against the importing file; a
file that cannot be read is named by its full path; a script that draws without --figures says
so in one line on stderr (not with --quiet); `notebook render -o NAME` without an extension
writes a folder NAME; `~` is the home directory and `cd ..` command syntax.
Usage: python3 run_paths_test.py --bin LLMLAB
"""
import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def run(binary, args, cwd):
    return subprocess.run([binary, *args], cwd=cwd, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=120)


SCRIPT = """\
import "lib/helpers.rlab"
save("written.csv", [1, 2, 3]);
disp(double_it(21))
disp(strtrim(fileread("input.txt")))
"""


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    binary = str(pathlib.Path(parser.parse_args().bin).resolve())
    with tempfile.TemporaryDirectory(prefix="llmlab-paths-") as scratch:
        root = pathlib.Path(scratch).resolve()
        sub = root / "sub"
        (sub / "lib").mkdir(parents=True)
        (sub / "lib" / "helpers.rlab").write_text("function y = double_it(x)\n  y = 2 * x;\nend\n")
        (sub / "s.rlab").write_text(SCRIPT)
        (root / "input.txt").write_text("read from the current directory\n")

        proc = run(binary, ["run", "sub/s.rlab"], root)
        check(proc.returncode == 0, f"run sub/s.rlab from its parent exits 0: {proc.stderr}")
        check("42" in proc.stdout, "import resolves against the importing file")
        check("read from the current directory" in proc.stdout,
              "fileread resolves against the current directory")
        check((root / "written.csv").exists() and not (sub / "written.csv").exists(),
              "save writes into the current directory, not the script's")

        (root / "input.txt").unlink()
        proc = run(binary, ["run", "sub/s.rlab"], root)
        check(proc.returncode == 1 and f"'{root / 'input.txt'}'" in proc.stderr,
              f"a missing file is named by its full path: {proc.stderr.strip()}")

        # An import that finds nothing names each full path it tried, here the file's folder
        # and the current directory (an empty folder name before) and a relative LLMLAB_PATH.
        (root / "imports.rlab").write_text('import "absent.rlab"\n')
        (sub / "imports.rlab").write_text('import "absent.rlab"\n')
        for script, tried in (("imports.rlab", [root / "absent.rlab"]),
                              ("sub/imports.rlab", [sub / "absent.rlab"])):
            proc = run(binary, ["run", script], root)
            check(proc.returncode == 1 and
                  f"file not found (searched {', '.join(map(str, tried))})" in proc.stderr,
                  f"import from {script} names the full path tried: {proc.stderr.strip()}")

        # `~` is the home directory for cd and every file builtin, as in Octave; `cd ..` and a
        # path with slashes are command syntax.
        (sub / "home.rlab").write_text('cd ~\ndisp(pwd())\ndisp(fileread("~/input.txt"))\n'
                                       'cd sub/lib\ncd ../..\ndisp(pwd())\n')
        (root / "input.txt").write_text("home file\n")
        proc = subprocess.run([binary, "run", "home.rlab"], cwd=sub, capture_output=True,
                              text=True, stdin=subprocess.DEVNULL, timeout=120,
                              env={**os.environ, "HOME": str(root)})
        check(proc.returncode == 0 and proc.stdout.split() == [str(root), "home", "file",
                                                                str(root)],
              f"cd ~, ~/ in a file name, cd sub/lib and cd ../..: {proc.stdout!r} {proc.stderr}")

        (root / "draw.rlab").write_text("figure();\nplot(1:3);\nfigure();\nplot(3:-1:1);\n")
        proc = run(binary, ["run", "draw.rlab"], root)
        lines = [line for line in proc.stderr.splitlines() if "--figures" in line]
        check(proc.returncode == 0 and len(lines) == 1 and
              re.search(r"draw\.rlab drew figures \d+, \d+ \(not saved", lines[0]) is not None,
              f"a script that drew says which figures and how to keep them: {proc.stderr}")
        quiet = run(binary, ["run", "--quiet", "draw.rlab"], root)
        check(quiet.returncode == 0 and quiet.stderr == "", f"--quiet says nothing: {quiet.stderr}")
        kept = run(binary, ["run", "--figures", "figs", "draw.rlab"], root)
        check(kept.returncode == 0 and "not saved" not in kept.stderr
              and (root / "figs" / "draw-1.svg").exists(), "--figures keeps them, no hint")
        (root / "quiet.rlab").write_text("x = 1;\n")
        plain = run(binary, ["run", "quiet.rlab"], root)
        check("--figures" not in plain.stderr, "no hint for a script that drew nothing")

        (root / "page.md").write_text("# Page\n\n```rustlab\ndisp(1)\n```\n")
        proc = run(binary, ["notebook", "render", "page.md", "-o", "mybook"], root)
        check(proc.returncode == 0 and (root / "mybook" / "page.html").is_file(),
              f"-o mybook (no extension) writes the folder mybook/: {proc.stderr}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
