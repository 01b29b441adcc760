#!/usr/bin/env python3
"""What a runnable book page loads to run code (issue #29): the WebAssembly session, its loader,
the worker, the page script and the editor, raw and compressed as a static server would send
them (gzip -9, brotli quality 11). Goal: at most 3 MB compressed. The playground loads the same
and its page and script (playground.html, beside assets/, and playground.js), listed after.
Usage: /usr/bin/python3 bench/book_transfer.py [book/assets/llmlab]
"""
import gzip
import pathlib
import sys

import brotli  # Debian's python3-brotli

FILES = ["llmlab-book.wasm", "llmlab-book.js", "worker.js", "page.js", "editor.js"]
PLAYGROUND = ["../../playground.html", "playground.js"]


def table(folder: pathlib.Path, names: list, total: str) -> None:
    totals = [0, 0, 0]
    for name in names:
        data = (folder / name).read_bytes()
        sizes = [len(data), len(gzip.compress(data, 9)), len(brotli.compress(data, quality=11))]
        totals = [t + s for t, s in zip(totals, sizes)]
        print(f"{pathlib.Path(name).name:20} {sizes[0]:>10} {sizes[1]:>10} {sizes[2]:>10}")
    print(f"{total:20} {totals[0]:>10} {totals[1]:>10} {totals[2]:>10}")


def main() -> int:
    folder = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "book/assets/llmlab")
    print(f"{'file':20} {'bytes':>10} {'gzip':>10} {'brotli':>10}")
    table(folder, FILES, "total")
    if (folder / "playground.js").exists():
        table(folder, PLAYGROUND, "playground adds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
