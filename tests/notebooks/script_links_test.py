#!/usr/bin/env python3
"""Every script a lesson's prose names is a link to that script (issue #30, the book): in each
notebooks/*.md, outside fenced code, a `name.rlab` sits inside a markdown link whose target is
that file and exists, so the book's reader can open what the text points at. A link to another
lesson reaches a lesson that exists, and one whose text says "Lesson N" reaches lesson N (lesson
12's "What comes next" once promised lesson 13 and linked lesson 15).
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
LESSON_NUMBER = re.compile(r"\b[Ll]esson (\d+)\b")


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


def lesson_link_problems(notebook, number, text, target):
    """A link to a lesson (NN-topic.md beside this one) must reach it, and reach the lesson its
    text names."""
    if "/" in target or not target.split("#")[0].endswith(".md"):
        return []
    file = target.split("#")[0]
    where = f"{notebook.name}:{number}"
    if not (notebook.parent / file).is_file():
        return [f"{where}: link to missing lesson {file}"]
    named = LESSON_NUMBER.search(text)
    if named and not file.startswith(f"{int(named.group(1)):02d}-"):
        return [f"{where}: '{text}' links {file}"]
    return []


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
        for link in LINK.finditer(line):
            problems += lesson_link_problems(notebook, number, link.group(1), link.group(2))
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
