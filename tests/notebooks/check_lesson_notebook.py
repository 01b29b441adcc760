#!/usr/bin/env python3
"""Render the lesson-12 notebook to markdown and check its numbers against the seed.

Every code block that does what one of the seed's examples does opens with the comment
`% standalone: NAME.rlab`, naming the lesson script that does the same; such a block must show
the seed's printed output, tests/data/lesson12/NAME.expected (acceptance tolerance,
compare_output.py). Each of those examples must be found; the interpolated prose value after
the first must read $0.00$ (the seed's 0.00e+00 typeset as math: a zero exponent is dropped); no
block may fail; every figure reference must exist.
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

# The seed's printing examples, by the lesson script that does the same (and names the
# expected file); a notebook block declares which one it is on its first line.
EXAMPLES = {"ln_by_hand", "per_row_ln", "residual_magnitude", "pre_vs_post_ln",
            "ln_score_variance", "jacobian_product", "ln_jacobian", "residual_inversion"}
STANDALONE = re.compile(r"^%\s*standalone:\s*(\w+)\.rlab\b")
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
            declared = STANDALONE.match(source.splitlines()[0].strip())
            name = declared.group(1) if declared else None
            if name not in EXAMPLES:
                continue
            if name in seen:
                failures.append(f"{name}: more than one block claims this example")
            seen.add(name)
            outputs = re.findall(r"```text\n(.*?)\n```", region, re.S)
            got = outputs[0] if outputs else ""
            expected = (pathlib.Path(args.expected_dir) / f"{name}.expected").read_text(encoding="utf-8")
            reason = compare(expected, got)
            if reason:
                failures.append(f"{name}: {reason}")
        missing = EXAMPLES - seen
        if missing:
            failures.append(f"examples not found in the notebook: {sorted(missing)}")
        if "agree to $0.00$" not in text:
            failures.append("the interpolated max diff does not read $0.00$ (0.00e+00 in math)")
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
