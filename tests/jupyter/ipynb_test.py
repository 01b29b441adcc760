#!/usr/bin/env python3
"""`llmlab notebook convert`: every notebook of the repository goes md → ipynb → md byte for
byte, the .ipynb is valid under nbformat's JSON schema, hidden blocks carry Jupyter's
source_hidden flag, `convert --execute` keeps a run's outputs and the rendered prose (its
source in metadata, so it converts back), every lesson ships so, a notebook written by Jupyter
converts to markdown, `notebook render` takes an .ipynb, and bad input is refused with a
message.
Usage: /usr/bin/python3 ipynb_test.py --bin LLMLAB --repo DIR
"""
import argparse
import json
import pathlib
import subprocess
import sys
import tempfile

import nbformat
from checks import check, failures


def convert(binary, source, to, output):
    return subprocess.run([binary, "notebook", "convert", str(source), "--to", to, "-o",
                           str(output)], capture_output=True, text=True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--repo", required=True)
    args = parser.parse_args()
    repo = pathlib.Path(args.repo)
    sources = sorted(repo.glob("notebooks/*.md")) + sorted(repo.glob("lessons/**/*.md"))
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        # Edge cases the repository's notebooks may not have.
        extra = {
            "edges.md": "no frontmatter\n\n\n```rustlab\n\n```\n<!-- hide -->\n```rlab  x\ny = 1\n"
                        "  ```  \n# heading right after\ntext\n\n\n",
            "open.md": "---\ntitle: t\n---\n```rustlab\nx = 1",
            "crlf.md": "# a\r\n\r\n```rustlab\r\nx = 1\r\n```\r\n",
        }
        for name, text in extra.items():
            (tmp / name).write_bytes(text.encode())
            sources.append(tmp / name)
        check(len(sources) >= 4, f"{len(sources)} notebooks to convert")
        for source in sources:
            ipynb = tmp / (source.stem + ".ipynb")
            back = tmp / (source.stem + ".back.md")
            proc = convert(args.bin, source, "ipynb", ipynb)
            check(proc.returncode == 0, f"{source.name} → ipynb ({proc.stderr.strip()})")
            if proc.returncode != 0:
                continue
            notebook = nbformat.read(str(ipynb), as_version=4)
            try:
                nbformat.validate(notebook)
                valid = ""
            except nbformat.ValidationError as error:
                valid = str(error)[:300]
            check(not valid, f"{source.name}: the .ipynb is valid nbformat {valid}")
            proc = convert(args.bin, ipynb, "md", back)
            check(proc.returncode == 0 and back.read_bytes() == source.read_bytes(),
                  f"{source.name}: md → ipynb → md gives the same bytes")

        edges = json.loads((tmp / "edges.ipynb").read_text())
        check(any(c["metadata"].get("jupyter", {}).get("source_hidden") and
                  c["metadata"]["llmlab"]["directives"] == ["<!-- hide -->"]
                  for c in edges["cells"]),
              "a <!-- hide --> block keeps its directive and carries jupyter.source_hidden")

        lesson = repo / "notebooks" / "12-layer-norm-and-residuals.md"
        notebook = json.loads(convert(args.bin, lesson, "ipynb", "-").stdout)
        check(notebook["metadata"]["kernelspec"]["name"] == "llmlab" and
              notebook["metadata"]["language_info"]["name"] == "rlab",
              "the notebook names the llmlab kernel and the rlab language")
        hidden = [c for c in notebook["cells"]
                  if "<!-- hide -->" in c["metadata"].get("llmlab", {}).get("directives", [])]
        check(all(c["metadata"].get("jupyter", {}).get("source_hidden") for c in hidden),
              f"{len(hidden)} hidden blocks carry jupyter.source_hidden")
        code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
        check(len(code) >= 10, f"the lesson has its code cells ({len(code)})")

        # --execute: the outputs of a run, and the prose rendered, its source in metadata.
        small = tmp / "small.md"
        small.write_text("```rustlab\nx = 2.5e-17;\ny = 3;\nprintf(\"%d\\n\", y)\n"
                         "plot([1, 4, 9]);\n```\n\nWith $x = ${x:%.1e}$, y is ${y}.\n")
        proc = subprocess.run([args.bin, "notebook", "convert", str(small), "--to", "ipynb",
                               "--execute", "-o", str(tmp / "small.ipynb")],
                              capture_output=True, text=True)
        run = json.loads((tmp / "small.ipynb").read_text()) if proc.returncode == 0 else None
        check(run is not None, f"convert --execute writes the notebook ({proc.stderr.strip()!r})")
        if run is not None:
            code, prose = run["cells"][0], run["cells"][1]
            nbformat.validate(nbformat.reads(json.dumps(run), as_version=4))
            check("".join(prose["source"]).endswith(
                      "With $x = 2.5\\times10^{-17}$, y is 3.") and
                  prose["metadata"]["llmlab"]["source"].endswith("y is ${y}."),
                  f"the markdown cell shows the values, its source in metadata: {prose!r}")
            kinds = [o["output_type"] for o in code["outputs"]]
            figure = code["outputs"][-1] if kinds else {}
            check(code["execution_count"] == 1 and kinds == ["stream", "display_data"] and
                  code["outputs"][0]["text"] == ["3\n"] and
                  set(figure["data"]) == {"image/png", "text/plain"} and
                  figure["metadata"]["image/png"]["width"] == 900,
                  f"the code cell holds its count, printed text and PNG figure: {kinds}")
            proc = convert(args.bin, tmp / "small.ipynb", "md", "-")
            check(proc.stdout == small.read_text(),
                  f"the executed notebook converts back to its source: {proc.stdout!r}")
        proc = subprocess.run([args.bin, "notebook", "convert", str(tmp / "small.ipynb"),
                               "--to", "md", "--execute"], capture_output=True, text=True)
        check(proc.returncode == 2 and "--execute" in proc.stderr,
              f"--execute of an .ipynb is refused: {proc.stderr.strip()!r}")

        # Every lesson ships executed: outputs and rendered prose, its source recoverable.
        for source in sorted((repo / "notebooks").glob("*.md")):
            shipped = source.with_suffix(".ipynb")
            check(shipped.exists(), f"{shipped.name} ships beside {source.name}")
            if not shipped.exists():
                continue
            executed = json.loads(shipped.read_text())
            text = "".join("".join(c["source"]) for c in executed["cells"]
                           if c["cell_type"] == "markdown")
            counted = [c for c in executed["cells"]
                       if c["cell_type"] == "code" and c["execution_count"]]
            check("${" not in text and counted and any(c["outputs"] for c in counted),
                  f"{shipped.name}: prose rendered, code cells run with outputs "
                  f"({len(counted)} run)")
            proc = convert(args.bin, shipped, "md", "-")
            check(proc.stdout == source.read_text(),
                  f"{shipped.name} converts back to {source.name} byte for byte")

        # A notebook as Jupyter writes it (no llmlab metadata) converts and renders.
        foreign = nbformat.v4.new_notebook()
        foreign.cells = [nbformat.v4.new_markdown_cell("# From Jupyter\n\nSome prose."),
                         nbformat.v4.new_code_cell("a = 6 * 7;\nprintf(\"%d\\n\", a)")]
        nbformat.write(foreign, str(tmp / "foreign.ipynb"))
        proc = convert(args.bin, tmp / "foreign.ipynb", "md", tmp / "foreign.md")
        text = (tmp / "foreign.md").read_text() if proc.returncode == 0 else ""
        check("# From Jupyter" in text and "```rustlab\na = 6 * 7;" in text,
              f"a Jupyter-written notebook converts to markdown: {text!r}")
        proc = subprocess.run([args.bin, "notebook", "render", str(tmp / "foreign.ipynb"), "-f",
                               "markdown", "-o", str(tmp / "rendered.md"), "--strict"],
                              capture_output=True, text=True)
        rendered = (tmp / "rendered.md").read_text() if proc.returncode == 0 else proc.stderr
        check(proc.returncode == 0 and "42" in rendered,
              f"notebook render takes an .ipynb and runs it: {rendered[-200:]!r}")

        # Bad input.
        (tmp / "bad.ipynb").write_text("{ nope")
        proc = convert(args.bin, tmp / "bad.ipynb", "md", tmp / "bad.md")
        check(proc.returncode == 1 and "not valid JSON" in proc.stderr,
              f"malformed .ipynb refused: {proc.stderr.strip()!r}")
        (tmp / "v3.ipynb").write_text(json.dumps({"nbformat": 3, "worksheets": []}))
        proc = convert(args.bin, tmp / "v3.ipynb", "md", tmp / "v3.md")
        check(proc.returncode == 1 and "nbformat 4" in proc.stderr,
              f"an nbformat 3 file refused: {proc.stderr.strip()!r}")
        proc = convert(args.bin, lesson, "md", tmp / "x.md")
        check(proc.returncode == 2 and "--to ipynb" in proc.stderr,
              f"md --to md refused: {proc.stderr.strip()!r}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
