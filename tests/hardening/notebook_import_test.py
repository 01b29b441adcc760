#!/usr/bin/env python3
"""Opening a notebook, end to end through the real binary (issue #25): a hostile .ipynb is
refused with an error naming the cell, never an abort or a resource bomb; code hidden in a
cell's metadata never runs; a block that prints without end is cut at --max-output with a
marker, and the page is written.
Usage: notebook_import_test.py --bin LLMLAB
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys
import tempfile
import time

FAILURES = []


def expect(condition, message):
    if not condition:
        FAILURES.append(message)


def run(binary, *args, cwd, timeout=120):
    return subprocess.run([binary, *args], capture_output=True, text=True, cwd=cwd,
                          timeout=timeout)


def notebook(*cells, metadata=None):
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": metadata or {},
                       "cells": list(cells)})


def code_cell(source, llmlab=None):
    cell = {"cell_type": "code", "id": "c1", "source": source, "metadata": {},
            "outputs": [], "execution_count": None}
    if llmlab is not None:
        cell["metadata"]["llmlab"] = llmlab
    return cell


def case_counts_are_bounded(binary, tmp):
    """250 bytes asking for 200 million blank lines: refused at once, nothing written."""
    path = tmp / "bomb.ipynb"
    path.write_text(notebook(code_cell("x = 1;", {"blank_lines_before": 200000000})))
    expect(path.stat().st_size < 250, f"the bomb is small ({path.stat().st_size} bytes)")
    for args, output in ((["notebook", "convert", "bomb.ipynb", "--to", "md", "-o", "bomb.md"], "bomb.md"),
                         (["notebook", "render", "bomb.ipynb"], "bomb.html")):
        started = time.monotonic()
        proc = run(binary, *args, cwd=tmp)
        seconds = time.monotonic() - started
        expect(proc.returncode == 1 and "cell 1 (id \"c1\")" in proc.stderr and
               "blank_lines_before must be a whole number from 0 to 1000" in proc.stderr,
               f"{args[1]}: exit 1 naming the cell and the bound "
               f"(got {proc.returncode}, {proc.stderr.strip()!r})")
        expect(seconds < 10, f"{args[1]}: refused in {seconds:.1f} s")
        expect(not (tmp / output).exists(), f"{args[1]}: wrote nothing ({output})")


def case_wrong_types_name_the_cell(binary, tmp):
    cases = [({"blank_lines_before": -1}, "blank_lines_before must be a whole number"),
             (["not", "an", "object"], "\"llmlab\" must be an object"),
             ({"directives": "<!-- hide -->"}, "directives must be a list of strings")]
    for llmlab, message in cases:
        (tmp / "typed.ipynb").write_text(notebook(code_cell("x = 1;", llmlab)))
        for command in ("convert", "render"):
            extra = ["--to", "md", "-o", "typed.md"] if command == "convert" else []
            proc = run(binary, "notebook", command, "typed.ipynb", *extra, cwd=tmp)
            expect(proc.returncode == 1 and "cell 1" in proc.stderr and message in proc.stderr,
                   f"{command} with llmlab metadata {llmlab!r}: exit 1 with {message!r} "
                   f"(got {proc.returncode}, {proc.stderr.strip()!r})")


def case_hidden_code_never_runs(binary, tmp):
    """Jupyter shows only the cell's source; code in its metadata must not run on render."""
    hidden = 'save("PWNED.csv", 1);'
    attacks = [{"directives": ["```rlab", hidden, "```"]},
               {"directives": ["<!-- hide -->\n```rlab\n" + hidden + "\n```"]},
               {"fence": "```rlab\n" + hidden},
               {"closing_fence": "```\n```rlab\n" + hidden + "\n```"},
               {"unclosed": True}]
    for llmlab in attacks:
        cells = [code_cell("shown = 1;", llmlab),
                 {"cell_type": "markdown", "id": "m1", "metadata": {}, "source": hidden}]
        (tmp / "hidden.ipynb").write_text(notebook(*cells))
        proc = run(binary, "notebook", "render", "hidden.ipynb", cwd=tmp)
        expect(proc.returncode == 1 and "metadata.llmlab." in proc.stderr,
               f"hidden code {llmlab!r}: refused naming the field ({proc.stderr.strip()!r})")
        expect(not (tmp / "PWNED.csv").exists(), f"hidden code {llmlab!r} ran on render")
    meta = {"llmlab": {"frontmatter": "---\ntitle: t\n---\n```rlab\n" + hidden + "\n```\n"}}
    (tmp / "front.ipynb").write_text(notebook(code_cell("x = 1;"), metadata=meta))
    proc = run(binary, "notebook", "render", "front.ipynb", cwd=tmp)
    expect(proc.returncode == 1 and not (tmp / "PWNED.csv").exists(),
           f"code after the frontmatter is refused ({proc.stderr.strip()!r})")
    # The directives a notebook may carry still work: hidden source, output shown.
    (tmp / "fine.ipynb").write_text(
        notebook(code_cell("disp(6 * 7)", {"directives": ["<!-- hide -->"]})))
    proc = run(binary, "notebook", "render", "fine.ipynb", cwd=tmp)
    page = (tmp / "fine.html").read_text() if (tmp / "fine.html").exists() else ""
    # The source is shown nowhere; only the runnable page's manifest (a JSON script element,
    # never displayed) carries it, so that the browser session can run the block too.
    shown = re.sub(r'<script type="application/json" id="llmlab-page">.*?</script>', "", page,
                   flags=re.S)
    expect(proc.returncode == 0 and "42" in shown and "disp(6 * 7)" not in shown,
           f"a hide directive still hides the source ({proc.stderr.strip()!r})")


def markdown_cell(shown, template):
    return {"cell_type": "markdown", "id": "m1", "source": shown,
            "metadata": {"llmlab": {"source": template}}}


def case_prose_template_only_reads(binary, tmp):
    """An executed notebook shows prose with ${…} replaced and keeps the template in metadata:
    the template comes back on import only while it matches the prose shown and only reads."""
    (tmp / "values.md").write_text(
        "# Values\n\n```rlab\nx = [3 4];\n```\n\n"
        "The norm is ${sqrt(sum(x .^ 2)):%.1f} and x(2) is ${x(end)}; cost \\${free}.\n")
    proc = run(binary, "notebook", "convert", "values.md", "--to", "ipynb", "--execute",
               "-o", "values.ipynb", cwd=tmp)
    expect(proc.returncode == 0, f"execute to ipynb ({proc.stderr.strip()!r})")
    executed = json.loads((tmp / "values.ipynb").read_text())
    prose = next(c for c in executed["cells"] if c["cell_type"] == "markdown" and
                 "norm" in "".join(c["source"]))
    expect("The norm is 5.0 and x(2) is 4" in "".join(prose["source"]),
           f"Jupyter shows the values ({prose['source']!r})")
    proc = run(binary, "notebook", "convert", "values.ipynb", "--to", "md", "-o", "back.md",
               cwd=tmp)
    back = (tmp / "back.md").read_text() if (tmp / "back.md").exists() else ""
    expect(proc.returncode == 0 and "${sqrt(sum(x .^ 2)):%.1f}" in back and "${x(end)}" in back,
           f"a reading template comes back ({proc.stderr.strip()!r}, {back!r})")

    # A template that matches the prose shown but would act: refused, naming the cell and the
    # builtin, and nothing runs.
    attacks = {'${save("PWNED.csv", 1)}': "save", '${feval(@save, "PWNED.csv", 1)}': "feval",
               '${cellfun("save", {"PWNED.csv"})}': "cellfun", '${x; save("PWNED.csv")}':
               "one expression", '${@() save("PWNED.csv")}': "anonymous",
               '${max(@save)}': "handle"}
    for hidden, named in attacks.items():
        cells = [code_cell("x = 1;"), markdown_cell("Result: 1.", f"Result: {hidden}.")]
        (tmp / "template.ipynb").write_text(notebook(*cells))
        proc = run(binary, "notebook", "render", "template.ipynb", cwd=tmp)
        expect(proc.returncode == 1 and "cell 2 (id \"m1\")" in proc.stderr and
               named in proc.stderr,
               f"template {hidden!r}: refused naming the cell and {named!r} "
               f"(got {proc.returncode}, {proc.stderr.strip()!r})")
        expect(not (tmp / "PWNED.csv").exists(), f"template {hidden!r} ran on render")

    # Edited in Jupyter: the shown prose no longer matches the template, and what the reader
    # wrote is what comes back.
    cells = [code_cell("x = 1;"), markdown_cell("Rewritten by hand.", "Result: ${x}.")]
    (tmp / "edited.ipynb").write_text(notebook(*cells))
    proc = run(binary, "notebook", "convert", "edited.ipynb", "--to", "md", "-o", "edited.md",
               cwd=tmp)
    edited = (tmp / "edited.md").read_text() if (tmp / "edited.md").exists() else ""
    expect(proc.returncode == 0 and "Rewritten by hand." in edited and "${x}" not in edited,
           f"a stale template gives way to the shown prose ({proc.stderr.strip()!r}, {edited!r})")


def case_output_is_capped(binary, tmp):
    """A block that prints 8 MB keeps the first --max-output bytes and says what was cut."""
    (tmp / "loud.md").write_text(
        "# Loud\n\n```rlab\nfor k = 1:200000\n  disp(\"0123456789012345678901234567890123456789\")\n"
        "end\n```\n\n```rlab\ndisp(\"after\")\n```\n")
    proc = run(binary, "notebook", "render", "loud.md", "-f", "markdown", "-o", "loud.out.md",
               cwd=tmp, timeout=300)
    page = (tmp / "loud.out.md").read_text() if (tmp / "loud.out.md").exists() else ""
    expect(proc.returncode == 0, f"the loud page renders ({proc.stderr.strip()!r})")
    expect(len(page) < 2 * 1024 * 1024, f"the page holds at most about 1 MiB ({len(page)} bytes)")
    cut = 200000 * 41 - (1 << 20)
    expect(f"[output cut: {cut} more bytes past the 1048576-byte limit (--max-output)]" in page,
           "the marker says how much was cut")
    expect("after" in page, "the block after the loud one still runs")
    proc = run(binary, "notebook", "render", "loud.md", "-f", "markdown", "-o", "small.md",
               "--max-output", "1000", cwd=tmp, timeout=300)
    page = (tmp / "small.md").read_text() if (tmp / "small.md").exists() else ""
    expect(proc.returncode == 0 and "past the 1000-byte limit" in page and len(page) < 10000,
           f"--max-output 1000 keeps 1000 bytes ({len(page)} bytes, {proc.stderr.strip()!r})")
    proc = run(binary, "notebook", "render", "loud.md", "--max-output", "-5", cwd=tmp)
    expect(proc.returncode == 2 and "--max-output" in proc.stderr,
           f"--max-output -5 is a usage error ({proc.returncode}, {proc.stderr.strip()!r})")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    binary = str(pathlib.Path(parser.parse_args().bin).resolve())
    for case in (case_counts_are_bounded, case_wrong_types_name_the_cell,
                 case_hidden_code_never_runs, case_prose_template_only_reads,
                 case_output_is_capped):
        with tempfile.TemporaryDirectory() as folder:
            case(binary, pathlib.Path(folder))
    for failure in FAILURES:
        print(f"FAIL: {failure}")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
