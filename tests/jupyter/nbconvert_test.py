#!/usr/bin/env python3
"""`jupyter nbconvert --to notebook --execute` runs the shipped lesson .ipynb on the llmlab
kernel: no cell fails, the seed's example outputs come out with the seed's numbers (the
acceptance tolerance of tests/lessons/compare_output.py; the examples are found as
tests/notebooks/check_lesson_notebook.py finds them), and its figures come out as PNG images
no wider than a Notebook cell. Then `jupyter nbconvert --to html` of the executed notebook
(Debian's nbconvert 6.5, which strips SVG) shows each figure as a non-empty image.
Usage: /usr/bin/python3 nbconvert_test.py --bin LLMLAB --notebook X.ipynb [--expected-dir DIR]
  [--min-figures N]
"""
import argparse
import base64
import html.parser
import json
import pathlib
import subprocess
import sys

import jupyter_env

sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "lessons"))
sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "notebooks"))
from compare_output import compare  # noqa: E402
from check_lesson_notebook import EXAMPLES, STANDALONE  # noqa: E402


# One panel's canvas (plot/layout.hpp kCellWidth), about the width of a Notebook 6 cell.
CELL_WIDTH = 900


def png_size(data: bytes):
    """(width, height) from a PNG's IHDR, or None for bytes that are no PNG."""
    if not data.startswith(b"\x89PNG") or len(data) < 24:
        return None
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


class Images(html.parser.HTMLParser):
    """The <img> tags of a page as attribute dicts."""

    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.found.append(dict(attrs))


def html_figure_failures(executed: pathlib.Path, figures: int) -> list:
    """Converts the executed notebook to HTML as a user would and checks its figures."""
    page = executed.with_suffix(".html")
    proc = subprocess.run([sys.executable, "-m", "nbconvert", "--to", "html", "--output",
                           str(page), str(executed)], capture_output=True, text=True)
    if proc.returncode != 0:
        return [f"nbconvert --to html exited {proc.returncode}\n{proc.stdout}{proc.stderr}"]
    parser = Images()
    parser.feed(page.read_text(encoding="utf-8"))
    failures = []
    shown = 0
    for attrs in parser.found:
        source = attrs.get("src") or ""
        if not source.startswith("data:image/png;base64,"):
            continue
        size = png_size(base64.b64decode(source.split(",", 1)[1]))
        width = attrs.get("width")
        if not size or min(size) < 100:
            failures.append(f"an HTML figure is not a real image (PNG size {size})")
        elif width is None or not 0 < float(width) <= CELL_WIDTH:
            failures.append(f"an HTML figure has width {width!r}, not one up to {CELL_WIDTH}")
        else:
            shown += 1
    if shown != figures:
        failures.append(f"the HTML shows {shown} figures as images, the notebook has {figures}")
    return failures


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--notebook", required=True)
    parser.add_argument("--expected-dir",
                        help="lesson 12's expected example outputs (the seed's numbers)")
    parser.add_argument("--min-figures", type=int, default=4,
                        help="figures the notebook draws at least (lesson 12: the seed's 4)")
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
                if "image/png" in data:
                    images += 1
                    width = output.get("metadata", {}).get("image/png", {}).get("width")
                    if width is None or not 0 < width <= CELL_WIDTH:
                        failures.append(f"a figure's width metadata is {width!r}, "
                                        f"not one up to {CELL_WIDTH}")
                elif "text/plain" in data:
                    text += "".join(data["text/plain"]) + "\n"
        # A block doing one of the seed's examples names it on its first line.
        declared = STANDALONE.match(source.splitlines()[0].strip()) if source else None
        name = declared.group(1) if declared else None
        if name not in EXAMPLES or not args.expected_dir:
            continue
        seen.add(name)
        expected = (pathlib.Path(args.expected_dir) / f"{name}.expected").read_text(encoding="utf-8")
        reason = compare(expected, text)
        if reason:
            failures.append(f"{name}: {reason}")
    missing = EXAMPLES - seen if args.expected_dir else set()
    if missing:
        failures.append(f"examples not found in the notebook: {sorted(missing)}")
    if images < args.min_figures:
        failures.append(f"expected at least {args.min_figures} figures as images, got {images}")
    failures += html_figure_failures(out, images)
    for failure in failures:
        print("FAIL " + failure)
    if not failures:
        print(f"ok: {len(seen)} examples match the seed, {images} figures as PNG, in the HTML too")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
