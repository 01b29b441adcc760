#!/usr/bin/env python3
"""tools/octave_conformance.py keeps `%!shared` variables as Octave's test runner does: a
%!test or %!assert that completes hands its values on, an %!error block and a failing block do
not, a new %!shared drops the old names, and a block rerun after its file's script died sees
the values the blocks before it left; a %!function's default parameter value (Octave-only
syntax) is translated to MATLAB's nargin test. The same made-up test file runs through llmlab and,
when it is installed, through Octave itself: both must pass every block.

Usage: octave_conformance_test.py --bin build/release/llmlab"""
import argparse
import pathlib
import shutil
import sys
import tempfile

TOOL = pathlib.Path(__file__).resolve().parents[2] / "tools" / "octave_conformance.py"
sys.path.insert(0, str(TOOL.parent))
import octave_conformance  # noqa: E402

# Every block passes only when the shared values flow as Octave's runner makes them flow.
TESTS = """\
%!test assert (~exist ('a', 'var'))
%!shared a
%!test assert (isempty (a))
%!test a = 3;
%!assert (a, 3)
%!error a = 5; error ('an error block does not hand a on');
%!test a = 7; error ('neither does a failing block');
%!test assert (a, 3)
%!test exit (0);
%!test assert (a, 3); a = 4;
%!assert (a, 4)
%!shared b, c
%! b = 2;
%!test assert (~exist ('a', 'var'))
%!test assert (b, 2); assert (isempty (c)); c = b + 1;
%!assert ([b, c], [2, 3])
%!function r = scaled (x, factor = 2)  # Octave's default parameter value
%!  r = factor * x;
%!endfunction
%!assert (scaled (3), 6)
%!assert (scaled (3, 5), 15)
"""
# The blocks meant to fail: the failing %!test, and the one that ends the script (rerun alone,
# it ends its own process too).
EXPECTED_FAILURES = {"m/shared.m#7", "m/shared.m#9"}


def outcomes_with(command: list[str]) -> dict[str, bool]:
    with tempfile.TemporaryDirectory() as scratch:
        root = pathlib.Path(scratch)
        path = root / "m" / "shared.m"
        path.parent.mkdir()
        path.write_text(TESTS)
        blocks = octave_conformance.read_blocks(root, path)
        octave_conformance.prepare(blocks)
        results = octave_conformance.run_blocks(command, blocks, 1, 30)
        return {b.id: octave_conformance.passed(b, results[b.id]) for b in blocks}


def check(name: str, command: list[str]) -> list[str]:
    problems = []
    outcomes = outcomes_with(command)
    if len(outcomes) != 15:
        problems.append(f"{name}: {len(outcomes)} blocks read, expected 15")
    for block_id, ok in sorted(outcomes.items()):
        if ok == (block_id in EXPECTED_FAILURES):
            problems.append(f"{name}: {block_id} {'passed' if ok else 'failed'}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    problems = check("llmlab", [args.bin, "run", "-q", "--dialect", "matlab"])
    if shutil.which("octave"):
        problems += check("octave", ["octave", "--no-gui", "--no-window-system", "-q", "-W"])
    for problem in problems:
        print(problem)
    print("octave_conformance_test:", "FAILED" if problems else "ok")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
