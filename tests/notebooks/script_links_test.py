#!/usr/bin/env python3
"""Every script a lesson's prose names is a link to that script (issue #30, the book): in each
notebooks/*.md, outside fenced code, a `name.rlab` sits inside a markdown link whose target is
that file and exists, so the book's reader can open what the text points at.
Usage: python3 script_links_test.py --repo ROOT
"""
import argparse
import pathlib
import re
import sys

FENCE = re.compile(r"^\s*(```|~~~)")
# [text](target): the text may hold the script's name in backticks.
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")
SCRIPT = re.compile(r"[\w./-]*\w\.rlab\b")


def prose_lines(text):
    """(line number, line) for each line outside fenced code blocks."""
    fence = None
    for number, line in enumerate(text.splitlines(), 1):
        opened = FENCE.match(line)
        if fence is None and opened:
            fence = opened.group(1)
        elif fence is not None and line.strip().startswith(fence):
            fence = None
        elif fence is None:
            yield number, line


def unlinked_scripts(notebook: pathlib.Path) -> list:
    """What is wrong with the script names of one notebook's prose, one line per problem."""
    problems = []
    for number, line in prose_lines(notebook.read_text(encoding="utf-8")):
        linked = []
        for link in LINK.finditer(line):
            target = link.group(2)
            if target.endswith(".rlab"):
                linked.append((link.start(), link.end(), pathlib.PurePosixPath(target).name))
                if not (notebook.parent / target).is_file():
                    problems.append(f"{notebook.name}:{number}: link to missing {target}")
        for name in SCRIPT.finditer(line):
            inside = [entry for entry in linked if entry[0] <= name.start() < entry[1]]
            if not inside:
                problems.append(f"{notebook.name}:{number}: {name.group(0)} is named, not linked")
            elif pathlib.PurePosixPath(name.group(0)).name != inside[0][2]:
                problems.append(f"{notebook.name}:{number}: {name.group(0)} links {inside[0][2]}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repo", required=True)
    notebooks = sorted((pathlib.Path(parser.parse_args().repo) / "notebooks").glob("*.md"))
    problems = [problem for notebook in notebooks for problem in unlinked_scripts(notebook)]
    if not notebooks:
        problems.append("no notebooks/*.md found")
    for problem in problems:
        print("FAIL " + problem)
    if not problems:
        print(f"ok: every script named in the prose of {len(notebooks)} lessons is linked")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
