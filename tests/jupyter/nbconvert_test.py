#!/usr/bin/env python3
"""`jupyter nbconvert --to notebook --execute` runs the shipped lesson .ipynb on the llmlab
kernel: no cell fails, the seed's example outputs come out with the seed's numbers (the
acceptance tolerance of tests/lessons/compare_output.py; the examples are found as
tests/notebooks/check_lesson_notebook.py finds them), and its figures come out as images.
Usage: /usr/bin/python3 nbconvert_test.py --bin LLMLAB --notebook X.ipynb --expected-dir DIR
"""
import argparse
import json
import pathlib
import subprocess
import sys

import jupyter_env

sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "lessons"))
sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "notebooks"))
from compare_output import compare  # noqa: E402
from check_lesson_notebook import EXAMPLES, STANDALONE  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--notebook", required=True)
    parser.add_argument("--expected-dir", required=True)
    args = parser.parse_args()
    jupyter_env.setup(args.bin)
    out = jupyter_env.ROOT / "executed.ipynb"
    # The notebook's own directory is the working directory, as for `notebook render`.
    proc = subprocess.run(
        [sys.executable, "-m", "nbconvert", "--to", "notebook", "--execute",
         "--ExecutePreprocessor.timeout=600", "--ExecutePreprocessor.kernel_name=llmlab",
         "--output", str(out), str(pathlib.Path(args.notebook).resolve())],
        capture_output=True, text=True, cwd=pathlib.Path(args.notebook).resolve().parent)
    if proc.returncode != 0:
        print(f"FAIL: nbconvert exited {proc.returncode}\n{proc.stdout}{proc.stderr}")
        return 1
    notebook = json.loads(out.read_text(encoding="utf-8"))
    failures = []
    seen = set()
    images = 0
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        text = ""
        for output in cell["outputs"]:
            if output["output_type"] == "error":
                failures.append(f"cell {source[:40]!r} failed: {output['evalue']}")
            elif output["output_type"] == "stream":
                text += "".join(output["text"])
            elif output["output_type"] in ("display_data", "execute_result"):
                data = output["data"]
                if "image/png" in data and "image/svg+xml" in data:
                    images += 1
                elif "text/plain" in data:
                    text += "".join(data["text/plain"]) + "\n"
        # A block doing one of the seed's examples names it on its first line.
        declared = STANDALONE.match(source.splitlines()[0].strip()) if source else None
        name = declared.group(1) if declared else None
        if name not in EXAMPLES:
            continue
        seen.add(name)
        expected = (pathlib.Path(args.expected_dir) / f"{name}.expected").read_text(encoding="utf-8")
        reason = compare(expected, text)
        if reason:
            failures.append(f"{name}: {reason}")
    missing = EXAMPLES - seen
    if missing:
        failures.append(f"examples not found in the notebook: {sorted(missing)}")
    if images < 4:
        failures.append(f"expected at least the seed's 4 figures as images, got {images}")
    for failure in failures:
        print("FAIL " + failure)
    if not failures:
        print(f"ok: {len(seen)} examples match the seed, {images} figures as SVG and PNG")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
