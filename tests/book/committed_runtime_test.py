#!/usr/bin/env python3
"""The runnable book's committed WebAssembly session is the one this tree builds (issue #29).

book/ is the runnable book as committed: its assets/llmlab/llmlab-book.js and .wasm are what a
reader's browser runs. Fails, naming each file that differs and saying how to refresh them, when
they are not byte for byte the build's (BUILT, build/wasm). The wasm build is reproducible (the
same bytes from two clean builds, wherever the checkout lies, with or without ccache:
cmake/wasm.cmake), so a difference means the committed session is stale, or was built from
other sources.
Usage: committed_runtime_test.py --built build/wasm --book book
"""
import argparse
import hashlib
import pathlib
import sys

FILES = ["llmlab-book.wasm", "llmlab-book.js"]


def digest(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def differences(built: pathlib.Path, committed: pathlib.Path) -> list:
    """One line per file of FILES that is missing on either side or differs."""
    found = []
    for name in FILES:
        ours, theirs = built / name, committed / name
        if not ours.is_file():
            found.append(f"{ours} is missing: build the wasm preset first")
        elif not theirs.is_file():
            found.append(f"{theirs} is missing")
        elif ours.read_bytes() != theirs.read_bytes():
            found.append(f"{theirs} ({theirs.stat().st_size} bytes, sha256 {digest(theirs)}) is not "
                         f"{ours} ({ours.stat().st_size} bytes, sha256 {digest(ours)})")
    return found


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--built", required=True, help="the wasm build folder (build/wasm)")
    parser.add_argument("--book", required=True, help="the committed book folder (book)")
    args = parser.parse_args()
    built = pathlib.Path(args.built)
    committed = pathlib.Path(args.book) / "assets" / "llmlab"
    found = differences(built, committed)
    if found:
        for line in found:
            print(f"FAIL {line}")
        print(f"The committed runnable book's session is not what this tree builds: run "
              f"`bash tools/book_runtime.sh {args.book} {args.built}` (or `make book`) after "
              f"the wasm build and commit {committed}.")
        return 1
    print(f"ok: {', '.join(FILES)} in {committed} are {built}'s, byte for byte")
    return 0


if __name__ == "__main__":
    sys.exit(main())
