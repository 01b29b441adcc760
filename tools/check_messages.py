#!/usr/bin/env python3
"""Lists the user-facing messages written in place instead of taken from the message table
(src/base/messages/, issue #24): a throw site whose message argument holds a string literal and
names no `messages::` row. A throw site is a call of `fail`, `fail_at`, `fail_unclosed`...,
`Error` or `runtime_error`. The literal may be the message itself, fmt::format's format string or
a piece joined with `+`; a literal passed as a field of a table row ("dim") is the row's subject
and is fine.

  check_messages.py SRC [--require DIR ...] [--list]

prints the count of such sites per folder (with --list, each site) and exits 1 when a folder
named by --require (relative to SRC) has any: the folders already moved to the table stay moved.
It also exits 1 when a chapter of SRC/base/messages/ is missing from all.hpp's rows, which the
table's unit test walks.
"""
import argparse
import collections
import pathlib
import re
import sys

THROW_SITE = re.compile(r"\b(?:fail\w*|Error|runtime_error)\s*\(")


def strip_comments(text):
    """`text` with // and /* */ comments blanked (newlines kept), string literals intact."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def argument_text(text, open_paren):
    """The text between the parenthesis at `open_paren` and its partner."""
    depth, i = 0, open_paren
    while i < len(text):
        c = text[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < len(text) and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            i = j
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return text[open_paren + 1:i]
        i += 1
    return text[open_paren + 1:]


def literal_sites(path):
    """(line, excerpt) of each throw site in `path` whose message is written in place."""
    text = strip_comments(path.read_text(encoding="utf-8"))
    for match in THROW_SITE.finditer(text):
        arguments = argument_text(text, match.end() - 1)
        if '"' in arguments and "messages::" not in arguments:
            line = text.count("\n", 0, match.start()) + 1
            yield line, " ".join((match.group(0) + arguments + ")").split())[:100]


def chapters_left_out(src):
    """The row macros of base/messages/ chapters that all.hpp does not list."""
    folder = src / "base" / "messages"
    if not folder.is_dir():
        return []
    listed = (folder / "all.hpp").read_text(encoding="utf-8")
    missing = []
    for chapter in sorted(folder.glob("*.hpp")):
        for macro in re.findall(r"#define (LLMLAB_\w+_MESSAGES)\(M\)", chapter.read_text("utf-8")):
            if f"{macro}(LLMLAB_MESSAGE_ROW)" not in listed:
                missing.append(f"{chapter.name}: {macro}")
    return missing


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("src", type=pathlib.Path)
    parser.add_argument("--require", nargs="*", default=[], metavar="DIR")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args(argv)
    per_folder = collections.Counter()
    sites = []
    for path in sorted(args.src.rglob("*")):
        if path.suffix not in (".cpp", ".hpp") or "messages" in path.relative_to(args.src).parts:
            continue
        for line, excerpt in literal_sites(path):
            folder = path.parent.relative_to(args.src).as_posix()
            per_folder[folder] += 1
            sites.append(f"{path.relative_to(args.src).as_posix()}:{line}: {excerpt}")
    if args.list:
        print("\n".join(sites))
    for folder, count in sorted(per_folder.items()):
        print(f"{count:5d}  {folder}")
    print(f"{sum(per_folder.values()):5d}  messages written in place")
    required = [pathlib.PurePosixPath(d).as_posix().rstrip("/") for d in args.require]
    offending = [f for f in per_folder if any(f == r or f.startswith(r + "/") for r in required)]
    for folder in offending:
        print(f"error: {folder} must take its messages from src/base/messages/", file=sys.stderr)
    missing = chapters_left_out(args.src)
    for chapter in missing:
        print(f"error: base/messages/all.hpp does not list {chapter}", file=sys.stderr)
    return 1 if offending or missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
