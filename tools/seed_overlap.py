#!/usr/bin/env python3
"""How much of each lesson and notebook file is text taken over from the seed documents.

For every file under the given folders, the share of its words that lie in a run of at least
--min-run (12) consecutive words that also occurs, word for word, in one of the seed documents.
Facts and numbers may carry over from the seeds; their sentences and code may not, so the check
fails when any file is above --limit (15 %). Prints every file's share and its longest run.

Words are the maximal runs of letters, digits and underscores (Python's \\w, Unicode-aware),
compared case-insensitively: punctuation, spacing, operators and a change of case do not break
a run, so reformatting a copied line does not hide it. A word counts as shared when some window
of --min-run consecutive words around it occurs in a seed (the union of all shared windows).

Usage: seed_overlap.py --seeds DIR [--limit PERCENT] [--min-run N] PATH...
"""
import argparse
import pathlib
import re
import sys

WORD = re.compile(r"\w+")


def words(text: str) -> list[str]:
    return [match.group(0).casefold() for match in WORD.finditer(text)]


def windows(tokens: list[str], length: int) -> set[tuple[str, ...]]:
    return {tuple(tokens[i:i + length]) for i in range(len(tokens) - length + 1)}


def shared_mask(tokens: list[str], seed_windows: set, length: int) -> list[bool]:
    """True for each word covered by a window of `length` words that a seed also contains."""
    covered = [False] * len(tokens)
    for start in range(len(tokens) - length + 1):
        if tuple(tokens[start:start + length]) in seed_windows:
            covered[start:start + length] = [True] * length
    return covered


def longest_true_run(mask: list[bool]) -> int:
    best = current = 0
    for flag in mask:
        current = current + 1 if flag else 0
        best = max(best, current)
    return best


def measure(text: str, seed_windows: set, length: int) -> tuple[float, int, int]:
    """(share of shared words in percent, number of words, longest shared run)."""
    tokens = words(text)
    if not tokens:
        return 0.0, 0, 0
    mask = shared_mask(tokens, seed_windows, length)
    return 100.0 * sum(mask) / len(tokens), len(tokens), longest_true_run(mask)


def read_text(path: pathlib.Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None  # a binary file has no words to share


def files_under(paths: list[str]) -> list[pathlib.Path]:
    found = []
    for name in paths:
        path = pathlib.Path(name)
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.is_file()))
        elif path.is_file():
            found.append(path)
        else:
            raise SystemExit(f"seed_overlap: no such file or folder: {name}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", required=True, help="folder of seed documents")
    parser.add_argument("--limit", type=float, default=15.0, help="largest share allowed, in %%")
    parser.add_argument("--min-run", type=int, default=12, help="shortest run that counts")
    parser.add_argument("paths", nargs="+", help="files or folders to measure")
    args = parser.parse_args()
    if args.min_run < 1:
        raise SystemExit("seed_overlap: --min-run must be at least 1")

    seed_dir = pathlib.Path(args.seeds)
    seed_files = sorted(p for p in seed_dir.glob("*") if p.is_file()) if seed_dir.is_dir() else []
    if not seed_files:
        print(f"seed_overlap: no seed documents in {seed_dir}")
        return 1
    seed_windows = set()
    for seed in seed_files:
        seed_windows |= windows(words(read_text(seed) or ""), args.min_run)

    over = []
    for path in files_under(args.paths):
        text = read_text(path)
        if text is None:
            continue
        share, count, longest = measure(text, seed_windows, args.min_run)
        verdict = "OVER" if share > args.limit else "ok"
        print(f"{share:6.1f} %  {count:6d} words  longest run {longest:4d}  {verdict:4s}  {path}")
        if share > args.limit:
            over.append(path)
    if over:
        print(f"{len(over)} file(s) above {args.limit:g} % seed text "
              f"(runs of {args.min_run}+ words shared with {seed_dir})")
        return 1
    print(f"every file at or below {args.limit:g} % seed text")
    return 0


if __name__ == "__main__":
    sys.exit(main())
