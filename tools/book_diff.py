#!/usr/bin/env python3
"""Fail if a freshly rendered book differs from the committed one beyond rounding.

Usage: tools/book_diff.py COMMITTED FRESH

Both trees must hold the same files. Files must be equal byte for byte, except text files
(.md, .html, .svg) whose differing lines may differ in their numbers alone, each within a
relative 1e-9 (the project's compatibility tolerance): LAPACK and BLAS results move in the last
digits with the kernels OpenBLAS picks for the processor (and OPENBLAS_CORETYPE), so a book
rendered on one machine must still check on another. A rendered block's id is a hash of its
HTML, so it changes with any digit of its output; ids (`b-` and eight hex digits) are compared
as placeholders. In a Jupyter notebook (.ipynb) a figure's PNG is one line of base64: its pixels
may move with those digits, so two PNG lines agree when both are PNGs of the same size.
"""
import base64
import binascii
import math
import pathlib
import re
import sys

TEXT_SUFFIXES = {".md", ".html", ".svg", ".ipynb"}
RELATIVE_TOLERANCE = 1e-9
BLOCK_ID = re.compile(r"\bb-[0-9a-f]{8}\b")
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def close(a: str, b: str) -> bool:
    x, y = float(a), float(b)
    if x == y:
        return True
    if math.isnan(x) or math.isnan(y) or math.isinf(x) or math.isinf(y):
        return False
    return abs(x - y) <= RELATIVE_TOLERANCE * max(abs(x), abs(y))


PNG_LINE = re.compile(r'^\s*"image/png": "([A-Za-z0-9+/=]*)",?$')


def png_size(line: str):
    """(width, height) of the PNG a notebook line holds in base64, else None."""
    match = PNG_LINE.match(line)
    if not match:
        return None
    try:
        data = base64.b64decode(match.group(1), validate=True)
    except binascii.Error:
        return None
    if not data.startswith(b"\x89PNG") or len(data) < 24:
        return None
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def lines_agree(old: str, new: str) -> bool:
    old, new = BLOCK_ID.sub("b-ID", old), BLOCK_ID.sub("b-ID", new)
    if old == new:
        return True
    old_png = png_size(old)
    if old_png is not None:
        return old_png == png_size(new)
    if NUMBER.split(old) != NUMBER.split(new):
        return False
    old_numbers, new_numbers = NUMBER.findall(old), NUMBER.findall(new)
    return len(old_numbers) == len(new_numbers) and all(
        close(a, b) for a, b in zip(old_numbers, new_numbers))


def compare(old: pathlib.Path, new: pathlib.Path, name: str) -> list[str]:
    old_bytes, new_bytes = old.read_bytes(), new.read_bytes()
    if old_bytes == new_bytes:
        return []
    if old.suffix not in TEXT_SUFFIXES:
        return [f"{name}: differs (binary)"]
    old_lines = old_bytes.decode("utf-8").splitlines()
    new_lines = new_bytes.decode("utf-8").splitlines()
    if len(old_lines) != len(new_lines):
        return [f"{name}: {len(old_lines)} lines committed, {len(new_lines)} rendered"]
    problems = []
    for number, (a, b) in enumerate(zip(old_lines, new_lines), 1):
        if not lines_agree(a, b):
            problems.append(f"{name}:{number}:\n  committed: {a[:200]}\n  rendered:  {b[:200]}")
    return problems


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    committed, fresh = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    old_files = {p.relative_to(committed) for p in committed.rglob("*") if p.is_file()}
    new_files = {p.relative_to(fresh) for p in fresh.rglob("*") if p.is_file()}
    problems = [f"{name}: only in {committed}" for name in sorted(old_files - new_files)]
    problems += [f"{name}: only in {fresh}" for name in sorted(new_files - old_files)]
    for name in sorted(old_files & new_files):
        problems += compare(committed / name, fresh / name, str(name))
    for problem in problems:
        print(problem)
    if problems:
        print(f"{committed} is out of date with notebooks/ ({len(problems)} differences); "
              "run make book")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
