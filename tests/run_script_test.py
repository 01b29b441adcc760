#!/usr/bin/env python3
"""Run one .rlab script test through the real binary and check its inline expectations.

Expectations live in comments, in order:
  disp(1 + 1)          % expect: 2
  % expect: second line of output
  bad(1)               % expect error: undefined function 'bad'
Every `% expect:` line is one line of stdout, compared exactly (trailing spaces ignored).
`% expect error: TEXT` means the run must exit with status 1 and print TEXT on stderr; it
must be the last expectation, since a script stops at its first error. The error report
quotes the failing source line (with its `% expect error:` comment) under a caret; those
quoted lines are removed before TEXT is looked for, so only the message itself can match.
`% expect-file: NAME` asserts that the run left a file NAME in the working directory, and the
content checks read such a file (figures, mostly):
  % expect-in-file: NAME: TEXT        the file contains TEXT (e.g. an SVG's <text>…</text>)
  % expect-count: NAME: N × TEXT      TEXT occurs exactly N times in the file
  % expect-png: NAME: WxH #rrggbb …   a PNG of that size holding a pixel of each colour
Tests run in a fresh temporary directory that holds a copy of the script's folder.
"""
import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys
import struct
import tempfile
import zlib

EXPECT = re.compile(r"%\s*expect:\s?(.*)$")
EXPECT_ERROR = re.compile(r"%\s*expect error:\s?(.*)$")
EXPECT_FILE = re.compile(r"%\s*expect-file:\s?(.*)$")
EXPECT_IN_FILE = re.compile(r"%\s*expect-in-file:\s?([^:\s]+):\s?(.*)$")
EXPECT_COUNT = re.compile(r"%\s*expect-count:\s?([^:\s]+):\s?(\d+)\s*×\s?(.*)$")
EXPECT_PNG = re.compile(r"%\s*expect-png:\s?([^:\s]+):\s?(\d+)x(\d+)((?:\s+#[0-9a-fA-F]{6})*)\s*$")


def png_pixels(data: bytes):
    """(width, height, set of (r, g, b)) of an 8-bit RGB or RGBA PNG, scanline filters undone."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour = header[:4]
    if depth != 8 or colour not in (2, 6):
        raise ValueError(f"unsupported PNG (bit depth {depth}, colour type {colour})")
    channels = 4 if colour == 6 else 3
    raw, stride = zlib.decompress(idat), width * channels
    previous, colours, at = bytearray(stride), set(), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                guess = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + guess) & 0xFF
        colours.update(tuple(line[i:i + 3]) for i in range(0, stride, channels))
        previous = line
    return width, height, colours


def has_colour(colours, hex_colour: str) -> bool:
    """Whether some pixel is within 8 per channel of #rrggbb (antialiasing moves edges only)."""
    want = tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return any(all(abs(a - b) <= 8 for a, b in zip(pixel, want)) for pixel in colours)


def check_contents(work: pathlib.Path, checks) -> list:
    failures = []
    for kind, name, *rest in checks:
        path = work / name
        if not path.is_file():
            failures.append(f"expected file {name} to be written")
            continue
        data = path.read_bytes()
        if kind == "in":
            if rest[0].encode("utf-8") not in data:
                failures.append(f"expected {name} to contain {rest[0]!r}")
        elif kind == "count":
            found = data.count(rest[1].encode("utf-8"))
            if found != rest[0]:
                failures.append(f"expected {rest[0]} × {rest[1]!r} in {name}, found {found}")
        else:
            width, height, colours = png_pixels(data)
            if (width, height) != (rest[0], rest[1]):
                failures.append(f"expected {name} to be {rest[0]}x{rest[1]}, got {width}x{height}")
            for colour in rest[2]:
                if not has_colour(colours, colour):
                    failures.append(f"expected a {colour} pixel in {name}")
    return failures


def without_quoted_source(stderr: str, source: str) -> str:
    """stderr without the lines that quote the script's source and the caret lines under them."""
    source_lines = {line.strip() for line in source.splitlines() if line.strip()}
    kept = [line for line in stderr.splitlines()
            if line.strip() not in source_lines and not re.fullmatch(r"\s*[\^~]+\s*", line)]
    return "\n".join(kept)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("script")
    args = parser.parse_args()
    script = pathlib.Path(args.script).resolve()
    expected, error, files, contents = [], None, [], []
    source = script.read_text(encoding="utf-8")
    for line in source.splitlines():
        if m := EXPECT_IN_FILE.search(line):
            contents.append(("in", m.group(1), m.group(2).rstrip()))
        elif m := EXPECT_COUNT.search(line):
            contents.append(("count", m.group(1), int(m.group(2)), m.group(3).rstrip()))
        elif m := EXPECT_PNG.search(line):
            contents.append(("png", m.group(1), int(m.group(2)), int(m.group(3)),
                             m.group(4).split()))
        elif m := EXPECT_ERROR.search(line):
            error = m.group(1).rstrip()
        elif m := EXPECT_FILE.search(line):
            files.append(m.group(1).strip())
        elif m := EXPECT.search(line):
            expected.append(m.group(1).rstrip())
    if not expected and error is None and not files and not contents:
        print(f"{script}: no expectations (a test must assert something)")
        return 1

    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp) / "work"
        shutil.copytree(script.parent, work)
        env = dict(os.environ, LLMLAB_NO_COLOR="1")
        proc = subprocess.run([str(pathlib.Path(args.bin).resolve()), "run", script.name], cwd=work, env=env,
                              stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
        stdout = proc.stdout.decode("utf-8", "replace")
        stderr = proc.stderr.decode("utf-8", "replace")
        got = [line.rstrip() for line in stdout.splitlines()]
        failures = []
        if got != expected:
            for i in range(max(len(got), len(expected))):
                want = expected[i] if i < len(expected) else "<nothing>"
                have = got[i] if i < len(got) else "<nothing>"
                if want != have:
                    failures.append(f"stdout line {i + 1}: expected {want!r}, got {have!r}")
                    break
            if len(got) != len(expected):
                failures.append(f"expected {len(expected)} lines, got {len(got)}")
        if error is None and proc.returncode != 0:
            failures.append(f"exit status {proc.returncode}; stderr:\n{stderr}")
        if error is not None:
            if proc.returncode != 1:
                failures.append(f"expected exit status 1, got {proc.returncode}")
            if error not in without_quoted_source(stderr, source):
                failures.append(f"expected error {error!r} on stderr, got:\n{stderr}")
        for name in files:
            if not (work / name).is_file():
                failures.append(f"expected file {name} to be written")
        failures += check_contents(work, contents)
        if failures:
            print(f"FAIL {script}")
            for failure in failures:
                print("  " + failure)
            return 1
    print(f"ok {script.name}: {len(expected)} line(s)" + (", error" if error else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
