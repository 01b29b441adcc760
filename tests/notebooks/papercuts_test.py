#!/usr/bin/env python3
"""The notebook papercuts of issue #16, end to end through the real binary.

A folder as `-o` for one input, write errors that name the path and the system's reason, no
partial output after a failed render, ```matlab and ```octave fences that run, `check` notes on
fences that do not, escaped `${}` errors in markdown, a syntax error that keeps the output of
the statements before it, and `notebook --help` pointing at docs/notebooks.md.
Usage: papercuts_test.py --bin LLMLAB
"""
import pathlib
import sys

from notebook_cases import expect, main, run, write


def case_folder_output_for_one_notebook(binary, tmp):
    src = write(tmp / "mine.md", "# Mine\n\n```rlab\ndisp(6 * 7)\n```\n")
    (tmp / "html").mkdir()
    proc = run(binary, "notebook", "render", str(src), "-o", str(tmp / "html"))
    expect(proc.returncode == 0, f"render into a folder failed: {proc.stderr}")
    page = tmp / "html" / "mine.html"
    expect(page.is_file() and "42" in page.read_text(), "html/mine.html not written")
    # A trailing slash names a folder that does not exist yet.
    proc = run(binary, "notebook", "render", str(src), "-o", str(tmp / "fresh") + "/")
    expect(proc.returncode == 0 and (tmp / "fresh" / "mine.html").is_file(),
           f"-o fresh/ should create fresh/mine.html: {proc.stderr}")


def case_write_errors_name_path_and_reason(binary, tmp):
    src = write(tmp / "page.md", "```rlab\ndisp(1)\n```\n")
    blocked = tmp / "a_file"
    blocked.write_text("x")
    target = blocked / "out.html"
    proc = run(binary, "notebook", "render", str(src), "-o", str(target))
    expect(proc.returncode == 1, f"an unwritable output must exit 1, got {proc.returncode}")
    expect(str(blocked) in proc.stderr, f"the error must name the path: {proc.stderr!r}")
    expect("Success" not in proc.stderr, f"the reason must not be 'Success': {proc.stderr!r}")
    expect(any(reason in proc.stderr for reason in ("Not a directory", "File exists")),
           f"the error must give the system's reason: {proc.stderr!r}")


def case_failed_render_leaves_no_partial_output(binary, tmp):
    src = write(tmp / "figs.md", "```rlab\nfigure(); plot(1:3);\n```\n")
    out = tmp / "out"
    out.mkdir()
    # The figure folder's place is taken by a file: the page must not be written either.
    write(out / "plots", "in the way")
    proc = run(binary, "notebook", "render", str(src), "-f", "markdown", "-o", str(out / "figs.md"))
    expect(proc.returncode == 1, f"the render should fail: {proc.returncode} {proc.stderr}")
    expect(not (out / "figs.md").exists(), "a failed render left its page behind")
    leftovers = [p.name for p in out.rglob("*") if ".tmp-" in p.name]
    expect(not leftovers, f"temporary files left behind: {leftovers}")


def case_matlab_and_octave_fences_run(binary, tmp):
    src = write(tmp / "m.md", "```matlab\ndisp(1 + 1)\n```\n\n```octave\ndisp(3 * 3)\n```\n\n"
                "```python\nprint('not run')\n```\n")
    out = tmp / "m.out.md"
    proc = run(binary, "notebook", "render", str(src), "-f", "markdown", "-o", str(out))
    expect(proc.returncode == 0, f"render failed: {proc.stderr}")
    text = out.read_text()
    expect("```text\n2\n```" in text and "```text\n9\n```" in text,
           "matlab/octave fences did not run:\n" + text)
    check = run(binary, "notebook", "check", str(src))
    expect("N001" in check.stdout and "```python fence is shown, not run" in check.stdout,
           f"check must note the python fence: {check.stdout}")
    expect(check.returncode == 0, f"a note must not fail the check: {check.returncode}")


def case_interpolation_errors_are_text(binary, tmp):
    src = write(tmp / "i.md", "Value: ${nope_var}\n")
    out = tmp / "i.out.md"
    proc = run(binary, "notebook", "render", str(src), "-f", "markdown", "-o", str(out))
    expect(proc.returncode == 0, f"render failed: {proc.stderr}")
    text = out.read_text()
    expect("&lt;ERROR: line 1: undefined variable 'nope_var'&gt;" in text,
           "the error must be escaped text:\n" + text)
    expect("<ERROR" not in text, "a raw <ERROR…> tag in markdown:\n" + text)


def case_syntax_error_keeps_earlier_output(binary, tmp):
    src = write(tmp / "s.md", "```rlab\ndisp(\"first\")\ndisp(\"second\")\nx = 3 $ 4\n"
                "disp(\"never\")\n```\n")
    out = tmp / "s.out.md"
    proc = run(binary, "notebook", "render", str(src), "-f", "markdown", "-o", str(out))
    expect(proc.returncode == 0, f"render failed: {proc.stderr}")
    text = out.read_text()
    expect("first\nsecond" in text, "the statements before the lex error must show:\n" + text)
    expect("never" not in text.split("```rustlab")[-1].split("```", 1)[1],
           "statements after the error must not run:\n" + text)
    expect("error: lex error at line 3: unexpected character: '$'" in text,
           "the lex error must be reported:\n" + text)
    expect("    x = 3 $ 4\n          ^" in text, "the error needs its caret:\n" + text)


def case_help_points_to_docs(binary, tmp):
    proc = run(binary, "notebook", "--help")
    expect(proc.returncode == 0, f"notebook --help failed: {proc.stderr}")
    for needle in ("docs/notebooks.md", "${expr}", "```matlab", "<!-- hide -->"):
        expect(needle in proc.stdout, f"notebook --help must mention {needle}:\n{proc.stdout}")
    docs = pathlib.Path(__file__).resolve().parents[2] / "docs" / "notebooks.md"
    expect(docs.is_file(), "docs/notebooks.md is missing")


if __name__ == "__main__":
    sys.exit(main([
        case_folder_output_for_one_notebook,
        case_write_errors_name_path_and_reason,
        case_failed_render_leaves_no_partial_output,
        case_matlab_and_octave_fences_run,
        case_interpolation_errors_are_text,
        case_syntax_error_keeps_earlier_output,
        case_help_points_to_docs,
    ]))
