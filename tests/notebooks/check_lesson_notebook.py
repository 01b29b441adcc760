#!/usr/bin/env python3
"""Render the lesson-12 notebook to markdown and check its numbers against the seed.

Every code block whose source is one of the seed's examples must show the seed's printed
output (acceptance tolerance, compare_output.py); the interpolated prose value after the first
example must read $0.00e+00$; no block may fail; every figure reference must exist.
Usage: check_lesson_notebook.py --bin LLMLAB --notebook NOTEBOOK.md --expected-dir DIR
"""
import argparse
import pathlib
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "lessons"))
from compare_output import compare  # noqa: E402

# The first line of each seed example's code, and the expected file that goes with it.
EXAMPLES = {
    "v = [1.0, 2.0, 3.0, 4.0, 5.0];": "ln_by_hand",
    "seed(12);": "per_row_ln",
    "seed(13);": "residual_magnitude",
    "seed(21);": "pre_vs_post_ln",
    "seed(8);": "ln_score_variance",
    "P_plain = eye(d_res);   P_res = eye(d_res);": "jacobian_product",
    "d_ln = 6;": "ln_jacobian",
    "seed(5);": "residual_inversion",
}
BLOCK = re.compile(r"```rustlab\n(.*?)\n```\n\n(?:<!-- llmlab:output-start -->\n(.*?)<!-- llmlab:output-end -->)?",
                   re.S)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--notebook", required=True)
    parser.add_argument("--expected-dir", required=True)
    args = parser.parse_args()
    failures = []
    with tempfile.TemporaryDirectory() as out:
        target = pathlib.Path(out) / "lesson.md"
        proc = subprocess.run([args.bin, "notebook", "render", args.notebook, "-f", "markdown",
                               "-o", str(target), "--strict"], capture_output=True)
        if proc.returncode != 0:
            print(f"FAIL: render exited {proc.returncode}\n{proc.stdout.decode()}{proc.stderr.decode()}")
            return 1
        text = target.read_text(encoding="utf-8")
        seen = set()
        for match in BLOCK.finditer(text):
            source, region = match.group(1), match.group(2) or ""
            name = EXAMPLES.get(source.splitlines()[0].strip())
            if not name:
                continue
            seen.add(name)
            outputs = re.findall(r"```text\n(.*?)\n```", region, re.S)
            got = outputs[0] if outputs else ""
            expected = (pathlib.Path(args.expected_dir) / f"{name}.expected").read_text(encoding="utf-8")
            reason = compare(expected, got)
            if reason:
                failures.append(f"{name}: {reason}")
        missing = set(EXAMPLES.values()) - seen
        if missing:
            failures.append(f"examples not found in the notebook: {sorted(missing)}")
        if "agree to $0.00e+00$" not in text:
            failures.append("the interpolated max diff does not read $0.00e+00$")
        for marker in ("<ERROR", "&lt;ERROR"):
            if marker in text:
                failures.append("an interpolation failed: " + text[text.index(marker):][:120])
        for reference in re.findall(r"\]\((plots/[^)]+)\)", text):
            if not (pathlib.Path(out) / reference).is_file():
                failures.append(f"figure {reference} missing")
        figures = len(re.findall(r"!\[plot \d+\]", text))
        if figures < 4:
            failures.append(f"expected at least the seed's 4 figures, got {figures}")
    for failure in failures:
        print("FAIL " + failure)
    if not failures:
        print(f"ok: {len(seen)} examples match the seed, {figures} figures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
