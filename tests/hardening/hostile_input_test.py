#!/usr/bin/env python3
"""End-to-end tests of issue #19 through the real binary: hostile input ends in a clear error
(never a crash, abort, hang or silent wrong answer), notebooks cannot inject markup, and
Ctrl-C cannot be swallowed by a script.

Each case builds its input in a temporary directory, runs `llmlab`, and checks exit status and
output. Signals are real SIGINTs sent to the child process.
Usage: hostile_input_test.py --bin LLMLAB
"""
import argparse
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import tempfile
import time

FAILURES = []


def expect(condition, message):
    if not condition:
        FAILURES.append(message)


def run(binary, *args, cwd=None, timeout=120):
    # `llmlab run` resolves the script's file names against the current directory (issue #30):
    # the cases write their data beside the script, so a script runs from its own folder.
    scripts = [arg for arg in args if str(arg).endswith(".rlab")]
    if cwd is None and args and args[0] == "run" and scripts:
        cwd = pathlib.Path(scripts[-1]).parent
    return subprocess.run([binary, *args], capture_output=True, text=True, cwd=cwd,
                          timeout=timeout)


def write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


def wait_for(predicate, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def case_interrupt_is_not_catchable(binary, tmp):
    """The first SIGINT unwinds through `try` to the top: message, status 130."""
    script = write(tmp / "spin.rlab",
                   'save("started.csv", 1);\n'
                   "try\n  while true\n  end\ncatch e\n  disp(\"caught: \" + e.message)\nend\n"
                   'disp("carried on")\n')
    child = subprocess.Popen([binary, "run", "-q", str(script)], cwd=tmp, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    started = wait_for(lambda: (tmp / "started.csv").exists(), 60)
    expect(started, "the spinning script never started")
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    expect(child.returncode == 130, f"interrupt: exit {child.returncode}, want 130; {err}")
    expect("interrupted" in err, f"interrupt: no 'interrupted' report: {err}")
    expect("caught" not in out and "carried on" not in out,
           f"a script's catch swallowed the interrupt: {out}")


def case_interrupt_ends_pause(binary, tmp):
    """pause(Inf) polls the interrupt: the first SIGINT ends it, status 130."""
    script = write(tmp / "waiting.rlab", 'save("waiting.csv", 1);\npause(Inf)\ndisp("after")\n')
    child = subprocess.Popen([binary, "run", "-q", str(script)], cwd=tmp, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    expect(wait_for(lambda: (tmp / "waiting.csv").exists(), 60), "the pausing script never started")
    time.sleep(0.2)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    expect(child.returncode == 130 and "interrupted" in err and "waiting.rlab:2:" in err,
           f"pause(Inf) and one SIGINT: exit {child.returncode}, stderr {err!r}")
    expect("after" not in out, f"the script went on after the interrupted pause: {out!r}")


def case_second_interrupt_flushes_output(binary, tmp):
    """A program stuck in one builtin: the second SIGINT exits 130, printed lines kept."""
    script = write(tmp / "stuck.rlab",
                   "for k = 1:100\n  disp(k)\nend\n"
                   'save("printed.csv", 1);\n'
                   "sleep(60)\n")
    out_path = tmp / "stuck.out"
    with open(out_path, "w") as out:
        child = subprocess.Popen([binary, "run", "-q", str(script)], cwd=tmp, stdout=out,
                                 stderr=subprocess.PIPE, text=True)
        expect(wait_for(lambda: (tmp / "printed.csv").exists(), 60), "stuck script never started")
        time.sleep(0.3)
        child.send_signal(signal.SIGINT)
        time.sleep(0.3)
        if child.poll() is None:
            child.send_signal(signal.SIGINT)
        child.communicate(timeout=60)
    lines = out_path.read_text().split()
    expect(child.returncode == 130, f"second interrupt: exit {child.returncode}, want 130")
    expect(lines[:100] == [str(k) for k in range(1, 101)],
           f"output printed before the interrupt was lost: {len(lines)} lines")


def case_train_stops_cleanly_on_interrupt(binary, tmp):
    record = tmp / "run.json"
    child = subprocess.Popen(
        [binary, "train", "--layers", "1", "--d-model", "16", "--heads", "2", "--context", "16",
         "--batch", "2", "--steps", "1000000", "--log-interval", "1", "--eval-interval",
         "1000000", "--json", str(record)],
        cwd=tmp, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # The progress lines go to stderr once per step (not a terminal); wait for a few steps.
    lines = []

    def some_steps():
        line = child.stderr.readline()
        lines.append(line)
        return line.startswith("step") and "/1000000" in line and len(lines) > 3

    expect(wait_for(some_steps, 120), f"training never reported progress: {lines[-3:]}")
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=120)
    expect(child.returncode == 130, f"train interrupt: exit {child.returncode}, want 130")
    expect("interrupted after step" in out and "parameters" in out,
           f"train interrupt: no summary: {out}")
    # The only validation ran at step 0: the summary says so rather than pass it off as current.
    expect(re.search(r"val \S+ at step 0 \(unigram", out) is not None,
           f"train interrupt: the validation loss is not labelled with its step: {out}")
    if record.exists():
        data = json.loads(record.read_text())
        expect(data.get("interrupted") is True, f"record lacks interrupted: true: {data}")
        expect(0 < data.get("steps_done", 0) < 1000000, "record steps_done wrong")
    else:
        expect(False, "train interrupt: no JSON record written")


def case_train_rejects_bad_options_first(binary, tmp):
    proc = run(binary, "train", "--steps", "1", "--json", str(tmp / "no" / "such" / "dir.json"))
    expect(proc.returncode == 1 and "--json" in proc.stderr,
           f"train --json to a missing directory not refused up front: {proc.returncode} "
           f"{proc.stderr}")
    proc = run(binary, "train", "--steps", "1", "--seed", "-1")
    expect(proc.returncode != 0, "train --seed -1 accepted")
    for flag, value in [("--d-model", "1000000"), ("--layers", "1000000"),
                        ("--batch", "1000000000"), ("--mlp-ratio", "100000")]:
        proc = run(binary, "train", "--steps", "1", flag, value, "--heads", "1", timeout=60)
        expect(proc.returncode == 1 and "too large" in proc.stderr or "needs about" in
               proc.stderr, f"train {flag} {value}: {proc.returncode} {proc.stderr[-300:]}")


def case_block_timeout(binary, tmp):
    src = write(tmp / "spin.md", "# Spin\n\n```rustlab\nwhile true\nend\n```\n\n"
                "After.\n\n```rustlab\ndisp(\"next block ran\")\n```\n")
    out = tmp / "spin.out.md"
    proc = run(binary, "notebook", "render", str(src), "-f", "markdown", "-o", str(out),
               "--block-timeout", "1", timeout=60)
    expect(proc.returncode == 0, f"block timeout: render failed: {proc.stderr}")
    text = out.read_text() if out.exists() else ""
    expect("time limit exceeded" in text and "--block-timeout" in text,
           "block timeout: no error in the block:\n" + text)
    expect("next block ran" in text, "block timeout: the rest was not rendered")


def case_interrupt_stops_a_notebook_render(binary, tmp):
    """Ctrl-C in a `${…}` that loops forever (or in a block, or while the page's copies of a
    million-marker figure render after its block) stops the whole render: status 130,
    "interrupted" reported, no page written as if the notebook had rendered."""
    spin = ("```rlab\nfunction r = spin()\n  save(\"started.csv\", 1);\n  while true\n  end\n"
            "  r = 1;\nend\n```\n\n")
    markers = 'plot(rand(1, 1e6), rand(1, 1e6), "o")\nsave("started.csv", 1);\n'
    for name, body in [("prose", "The value is ${spin()}.\n"),
                       ("block", "```rlab\nspin()\n```\n"),
                       ("figure", f"```rlab\n{markers}```\n")]:
        src = write(tmp / f"{name}.md", f"# Spin\n\n{spin}{body}\nAfter.\n")
        page = tmp / f"{name}.html"
        started = tmp / "started.csv"
        if started.exists():
            started.unlink()
        child = subprocess.Popen([binary, "notebook", "render", str(src), "-o", str(page)],
                                 cwd=tmp, text=True, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE)
        expect(wait_for(started.exists, 60), f"notebook {name}: the spin never started")
        if name == "figure":
            time.sleep(1)  # the block has ended: its figure renders (a minute and more)
        child.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = child.communicate(timeout=60)
        expect(time.monotonic() - sent < 5, f"notebook {name}: the interrupt took over 5 s")
        expect(child.returncode == 130 and "interrupted" in err,
               f"notebook {name} and one SIGINT: exit {child.returncode}, stderr {err[-300:]!r}")
        expect(not page.exists() and "Rendered" not in out,
               f"notebook {name}: a page was written after the interrupt: {out!r}")


def case_interpolation_time_limit_is_an_error_marker(binary, tmp):
    """A `${…}` past --block-timeout fails alone, as a block does; the render carries on."""
    src = write(tmp / "slow.md", "# Slow\n\n```rlab\nfunction r = spin()\n  while true\n"
                "  end\n  r = 1;\nend\n```\n\nValue ${spin()}.\n\n```rlab\n"
                "disp(\"next block ran\")\n```\n")
    out = tmp / "slow.out.md"
    proc = run(binary, "notebook", "render", str(src), "-f", "markdown", "-o", str(out),
               "--block-timeout", "1", timeout=60)
    text = out.read_text() if out.exists() else ""
    expect(proc.returncode == 0 and "time limit exceeded" in text and "next block ran" in text,
           f"interpolation time limit: exit {proc.returncode} {proc.stderr[-300:]}\n{text}")


def case_interpolation_is_escaped(binary, tmp):
    src = write(tmp / "inject.md",
                "# Inject\n\n```rustlab\nx = \"</pre><script>alert(14)</script>\";\n```\n\n"
                "Value: ${x}\n\nBad: ${error(\"<b>no</b>\")}\n")
    for fmt, name in [("html", "inject.html"), ("markdown", "inject.out.md")]:
        out = tmp / name
        proc = run(binary, "notebook", "render", str(src), "-f", fmt, "-o", str(out))
        expect(proc.returncode == 0, f"interpolation {fmt}: {proc.stderr}")
        text = out.read_text()
        # The code block quotes the assignment (escaped in HTML, verbatim in markdown, where it
        # is code); the prose after it is what interpolation wrote.
        text = text[text.find("Value:"):]
        expect("<script>alert(14)" not in text, f"interpolation {fmt}: live script:\n{text}")
        expect("<b>no</b>" not in text, f"interpolation {fmt}: error text not escaped")
        expect("&lt;script&gt;alert(14)" in text, f"interpolation {fmt}: value lost:\n{text}")


def case_raw_html_is_sanitised(binary, tmp):
    src = write(tmp / "raw.md",
                "# Raw\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n"
                "[js](javascript:alert(3)) [vb](vbscript:msgbox) [data](data:text/html,hi)\n\n"
                "[fine](https://example.org)\n")
    out = tmp / "raw.html"
    proc = run(binary, "notebook", "render", str(src), "-o", str(out))
    expect(proc.returncode == 0, f"raw html: {proc.stderr}")
    text = out.read_text()
    body = text[text.find("<main>"):]
    for bad in ["<script>alert(1)", "onerror=", "javascript:", "vbscript:", "data:text/html"]:
        expect(bad not in body, f"raw html: {bad!r} passed through")
    expect('href="https://example.org"' in body, "raw html: a safe link was dropped")
    unsafe = tmp / "raw_unsafe.html"
    proc = run(binary, "notebook", "render", str(src), "-o", str(unsafe), "--unsafe-html")
    expect("<img src=x onerror=alert(2)>" in unsafe.read_text(),
           "--unsafe-html did not pass raw HTML through")


def case_file_names_are_encoded(binary, tmp):
    book = tmp / "book"
    book.mkdir()
    write(book / 'a"><script>alert(1)<!--.md', "# A\n\ntext\n")
    write(book / "c d%%20#?.md", "# C\n\ntext\n")
    out = tmp / "site"
    proc = run(binary, "notebook", "render", str(book), "-o", str(out))
    expect(proc.returncode == 0, f"file names: {proc.stderr}")
    index = (out / "index.html").read_text()
    expect("<script>alert(1)" not in index, "file names: markup injected into index.html")
    expect('href="c%20d%25%2520%23%3F.html"' in index, "file names: link not URL-encoded:\n" +
           index)
    page = (out / "c d%%20#?.html").read_text()
    expect("<script>alert(1)" not in page, "file names: markup injected into a nav link")


def case_dots_notebook_figures_stay_in_plots(binary, tmp):
    folder = tmp / "dots"
    folder.mkdir()
    src = write(folder / "...md", "# Dots\n\n```rustlab\nplot([1 2 3])\n```\n")
    proc = run(binary, "notebook", "render", str(src), "-f", "markdown", "-o",
               str(folder / "out.md"))
    expect(proc.returncode == 0, f"...md: {proc.stderr}")
    outside = [p for p in folder.glob("*.svg")]
    expect(not outside, f"...md wrote figures outside plots/: {outside}")
    expect(list((folder / "plots").rglob("*.svg")), "...md wrote no figure under plots/")


def case_stale_temporaries_are_removed(binary, tmp):
    src = write(tmp / "t.md", "# T\n\n```rustlab\nplot([1 2])\n```\n")
    out = tmp / "t.out.md"
    run(binary, "notebook", "render", str(src), "-f", "markdown", "-o", str(out))
    (tmp / "t.out.md.tmp-llmlab").write_text("stale")
    (tmp / "plots" / "t.out").mkdir(parents=True, exist_ok=True)
    (tmp / "plots" / "t.out" / "plot-9-dead.svg.tmp-llmlab").write_text("stale")
    run(binary, "notebook", "render", str(src), "-f", "markdown", "-o", str(out))
    left = list(tmp.rglob("*.tmp-llmlab"))
    expect(not left, f"stale temporaries left after a render: {left}")


def case_cli_minor(binary, tmp):
    proc = run(binary, "notebook", "check", str(tmp / "missing.md"))
    expect(proc.returncode == 2 and "No such file" in proc.stderr,
           f"check of a missing path: {proc.returncode} {proc.stdout} {proc.stderr}")
    proc = run(binary, "run", str(tmp))
    expect(proc.returncode == 2 and "Is a directory" in proc.stderr,
           f"run of a directory: {proc.returncode} {proc.stderr}")
    target = tmp / "existing_dir.html"
    target.mkdir()
    src = write(tmp / "one.md", "# One\n\ntext\n")
    # An existing directory as -o of one input is where its page goes (issue #16).
    proc = run(binary, "notebook", "render", str(src), "-o", str(target))
    expect(proc.returncode == 0 and (target / "one.html").is_file(),
           f"render -o DIR writes DIR/one.html: {proc.returncode} {proc.stderr}")
    # A write that fails names the path and the system's reason, never "Success".
    blocked = write(tmp / "plain_file", "x")
    proc = run(binary, "notebook", "render", str(src), "-o", str(blocked / "page.html"))
    expect(proc.returncode == 1 and "Success" not in proc.stderr and str(blocked) in proc.stderr
           and "Not a directory" in proc.stderr,
           f"render -o under a file: {proc.returncode} {proc.stderr}")


def case_error_lines_with_nul_and_huge_lines(binary, tmp):
    script = tmp / "nul.rlab"
    script.write_bytes(b'x = "a\x00b" + undefined_name\n')
    proc = run(binary, "run", "-q", str(script))
    expect(proc.returncode == 1 and "^" in proc.stderr, f"NUL line lost its caret: {proc.stderr!r}")
    big = tmp / "big.rlab"
    big.write_text("x = " + "1 + " * 2_500_000 + "undefined_name\n")
    proc = run(binary, "run", "-q", str(big))
    expect(proc.returncode == 1 and len(proc.stderr) < 10_000,
           f"10 MB line: exit {proc.returncode}, {len(proc.stderr)} bytes of report")


def case_deep_expressions(binary, tmp):
    for name, text in [("plus", "if 0\n  x = " + "1 + " * 300_000 + "1;\nend\n"),
                       ("and", "y = " + "1 && " * 300_000 + "1;\n"),
                       ("calls", "x = 1;\ny = x" + "(1)" * 100_000 + ";\n"),
                       ("fields", "s.a = 1;\ny = s" + ".a" * 100_000 + ";\n"),
                       ("quotes", "x = 1;\ny = x" + "'" * 100_000 + ";\n")]:
        script = write(tmp / f"deep_{name}.rlab", text)
        for extra in [[], ["--dump-ast"]]:
            proc = run(binary, "run", "-q", *extra, str(script))
            expect(proc.returncode == 1 and "expression too deep" in proc.stderr,
                   f"deep {name} {extra}: exit {proc.returncode} {proc.stderr[-200:]}")


def npy_file(shape_text, payload=b""):
    header = ("{'descr': '<f8', 'fortran_order': False, 'shape': %s, }" % shape_text).encode()
    header += b" " * ((64 - (10 + len(header) + 1) % 64) % 64) + b"\n"
    return b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header + payload


def case_npy_shapes_cannot_overflow(binary, tmp):
    for name, shape in [("a", "(4294967296, 4294967296)"), ("b", "(1099511627776, 1099511627776)")]:
        (tmp / f"{name}.npy").write_bytes(npy_file(shape, b"\0" * 64))
        script = write(tmp / f"{name}.rlab", f'x = load("{name}.npy");\nx(1) = 7;\ndisp(x)\n')
        proc = run(binary, "run", "-q", str(script))
        expect(proc.returncode == 1 and "larger than the file" in proc.stderr,
               f"npy shape {shape}: exit {proc.returncode} {proc.stderr[-300:]}")


def case_npz_crc_is_checked(binary, tmp):
    script = write(tmp / "w.rlab", 'save("v.npz", "x", [1 2 3 4 5 6 7 8]);\n')
    run(binary, "run", "-q", str(script))
    data = bytearray((tmp / "v.npz").read_bytes())
    # Corrupt one byte of the array data (the last element, just before the directory).
    start = data.find(b"\x93NUMPY")
    header_length = int.from_bytes(data[start + 8:start + 10], "little")
    data[start + 10 + header_length + 60] ^= 0x01
    (tmp / "v.npz").write_bytes(bytes(data))
    script = write(tmp / "r.rlab", 'x = load("v.npz");\ndisp(x.x)\n')
    proc = run(binary, "run", "-q", str(script))
    expect(proc.returncode == 1 and "CRC-32" in proc.stderr,
           f"npz corruption not detected: {proc.returncode} {proc.stdout} {proc.stderr}")


def case_toml_depth_is_bounded(binary, tmp):
    (tmp / "deep_array.toml").write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n")
    (tmp / "deep_table.toml").write_text("[" + ".".join(["a"] * 100_000) + "]\nx = 1\n")
    (tmp / "deep_inline.toml").write_text("a = " + "{b = " * 100_000 + "1" + "}" * 100_000 + "\n")
    for name in ["deep_array", "deep_table", "deep_inline"]:
        script = write(tmp / f"{name}.rlab", f'x = load("{name}.toml");\n')
        proc = run(binary, "run", "-q", str(script))
        expect(proc.returncode == 1 and "nested more than" in proc.stderr,
               f"toml {name}: exit {proc.returncode} {proc.stderr[-300:]}")


def case_allocations_fail_as_errors(binary, tmp):
    for call in ['repmat("abc", 1, 1e12)', "blanks(1e15)", 'pad("a", 1e15)',
                 "dec2bin(5, 1e15)"]:
        script = write(tmp / "alloc.rlab", f"x = {call};\n")
        proc = run(binary, "run", "-q", str(script))
        expect(proc.returncode == 1 and "error" in proc.stderr,
               f"{call}: exit {proc.returncode} (an abort is 134) {proc.stderr[-300:]}")


def case_save_reports_failures(binary, tmp):
    for ext in ["npy", "npz", "csv", "toml"]:
        # A file of each type that is the full device: every write to it fails.
        os.symlink("/dev/full", tmp / f"full.{ext}")
        arguments = {"npy": "[1 2 3]", "npz": '"x", [1 2 3]', "csv": "[1 2 3]", "toml": "s"}[ext]
        script = write(tmp / "full.rlab", f's.a = 1;\nsave("full.{ext}", {arguments});\n')
        proc = run(binary, "run", "-q", str(script))
        expect(proc.returncode == 1 and "cannot write" in proc.stderr,
               f"save to /dev/full ({ext}) reported success: {proc.stderr}")
    # A save goes through a temporary that is renamed over the old file, and leaves none.
    write(tmp / "keep.csv", "1,2,3\n")
    script = write(tmp / "ok.rlab", 'save("keep.csv", [4 5 6]);\n')
    proc = run(binary, "run", "-q", str(script))
    expect(proc.returncode == 0 and "4" in (tmp / "keep.csv").read_text(), "save did not replace")
    expect(not list(tmp.glob("*.tmp-*")), "save left a temporary file")


def case_complex_inputs_are_errors(binary, tmp):
    for call in ["svd([1+2*i, 3; 4, 5])", "softmax([1+i, 2])", "gelu([1+i, 2])"]:
        script = write(tmp / "c.rlab", f"x = {call};\n")
        proc = run(binary, "run", "-q", str(script))
        expect(proc.returncode == 1 and "complex" in proc.stderr,
               f"{call}: exit {proc.returncode} {proc.stdout[-200:]} {proc.stderr[-200:]}")


def case_plot_of_huge_values(binary, tmp):
    script = write(tmp / "p.rlab", 'plot([1e308 -1e308]);\nsavefig("p.svg");\n')
    proc = run(binary, "run", "-q", str(script))
    svg = (tmp / "p.svg").read_text() if (tmp / "p.svg").exists() else ""
    expect("nan" not in svg, "plot of ±1e308 wrote nan into the SVG")
    expect(proc.returncode == 1 and "span too wide" in proc.stderr,
           f"plot of ±1e308: exit {proc.returncode} {proc.stderr[-300:]}")


def case_train_gpt_raises_the_interrupt(binary, tmp):
    script = write(tmp / "t.rlab",
                   'save("started.csv", 1);\n'
                   "try\n  cfg.layers = 1; cfg.d_model = 16; cfg.heads = 2; cfg.context = 16;\n"
                   "  cfg.batch = 2; cfg.steps = 1000000; cfg.eval_interval = 1000000;\n"
                   "  r = train_gpt(cfg);\ncatch e\n  disp(\"caught\")\nend\n")
    child = subprocess.Popen([binary, "run", "-q", str(script)], cwd=tmp, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    expect(wait_for(lambda: (tmp / "started.csv").exists(), 60), "train_gpt script never started")
    time.sleep(3)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=120)
    expect(child.returncode == 130 and "interrupted" in err and "caught" not in out,
           f"train_gpt interrupt: exit {child.returncode} {out} {err[-300:]}")


def case_regexp_backtracking_ends(binary, tmp):
    """A backtracking pattern ends: one Ctrl-C stops it, and on its own it stops with an error."""
    script = write(tmp / "re.rlab", 'save("started.csv", 1);\n'
                   'try\n  regexp(repmat("a", 1, 30000), "(a|a)*b")\ncatch e\n'
                   '  disp(e.message)\nend\n')
    child = subprocess.Popen([binary, "run", "-q", str(script)], cwd=tmp, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    expect(wait_for(lambda: (tmp / "started.csv").exists(), 60), "regexp script never started")
    time.sleep(1)
    child.send_signal(signal.SIGINT)
    started = time.monotonic()
    out, err = child.communicate(timeout=60)
    expect(child.returncode == 130 and "interrupted" in err and time.monotonic() - started < 10,
           f"regexp and one Ctrl-C: exit {child.returncode} {err[-300:]}")
    (tmp / "started.csv").unlink()
    proc = run(binary, "run", "-q", str(script), cwd=tmp, timeout=120)
    expect(proc.returncode == 0 and "backtracks" in proc.stdout,
           f"regexp budget: exit {proc.returncode} {proc.stdout[-300:]} {proc.stderr[-300:]}")


def case_interrupt_ends_a_long_png_render(binary, tmp):
    """One SIGINT during savefig of a million markers to PNG stops the render between batches
    of primitives (status 130, the error at the savefig line, no file); a million-point noisy
    line, simplified before stroking, saves in seconds."""
    script = write(tmp / "big.rlab",
                   'plot(rand(1, 1e6), rand(1, 1e6), "o")\nsave("started.csv", 1);\n'
                   'savefig("big.png")\ndisp("after")\n')
    child = subprocess.Popen([binary, "run", "-q", str(script)], cwd=tmp, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    expect(wait_for(lambda: (tmp / "started.csv").exists(), 60), "the PNG script never started")
    time.sleep(1)
    child.send_signal(signal.SIGINT)
    sent = time.monotonic()
    out, err = child.communicate(timeout=60)
    waited = time.monotonic() - sent
    expect(child.returncode == 130 and "interrupted" in err and "big.rlab:3:" in err,
           f"savefig PNG and one SIGINT: exit {child.returncode}, stderr {err[-300:]!r}")
    expect(waited < 5 and "after" not in out and not (tmp / "big.png").exists(),
           f"the render stopped within {waited:.1f} s, went on ({out!r}) or wrote its file")
    line = write(tmp / "line.rlab", 'plot(1:1e6, rand(1, 1e6))\nsavefig("line.png")\n'
                 'savefig("line.svg")\n')
    started = time.monotonic()
    proc = run(binary, "run", "-q", str(line), cwd=tmp, timeout=120)
    seconds = time.monotonic() - started
    expect(proc.returncode == 0 and (tmp / "line.png").stat().st_size > 10000 and seconds < 20,
           f"a million-point line to PNG and SVG: exit {proc.returncode}, {seconds:.1f} s, "
           f"{proc.stderr[-300:]!r}")


def case_interrupt_ends_figures_writing(binary, tmp):
    """`run --figures` writes the figures after the script ended: a million-point noisy line is
    written as SVG and PNG in seconds, and one SIGINT while a million markers render ends the
    writing between primitives (status 130, said on stderr, no temporary left); a script that
    was itself interrupted still gets the figures it drew."""
    line = write(tmp / "line.rlab", 'plot(1:1e6, rand(1, 1e6))\n')
    started = time.monotonic()
    proc = run(binary, "run", "--figures", "lines", str(line), cwd=tmp)
    seconds = time.monotonic() - started
    png = tmp / "lines" / "line-1.png"
    expect(proc.returncode == 0 and png.exists() and png.stat().st_size > 10000 and
           (tmp / "lines" / "line-1.svg").exists() and seconds < 20,
           f"--figures with a million-point line: exit {proc.returncode}, {seconds:.1f} s, "
           f"{proc.stderr[-300:]!r}")
    markers = write(tmp / "markers.rlab",
                    'plot(rand(1, 1e6), rand(1, 1e6), "o")\nsave("started.csv", 1);\n')
    child = subprocess.Popen([binary, "run", "--figures", "marks", str(markers)], cwd=tmp,
                             text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    expect(wait_for(lambda: (tmp / "started.csv").exists(), 60), "the markers never plotted")
    time.sleep(1)  # the script has ended: its million markers are rendering to SVG
    child.send_signal(signal.SIGINT)
    sent = time.monotonic()
    out, err = child.communicate(timeout=60)
    waited = time.monotonic() - sent
    expect(child.returncode == 130 and "--figures: interrupted" in err and waited < 5,
           f"one SIGINT during --figures: exit {child.returncode} after {waited:.1f} s, "
           f"stderr {err[-300:]!r}")
    left = sorted(p.name for p in (tmp / "marks").iterdir()) if (tmp / "marks").exists() else []
    expect(not any(".tmp-" in name for name in left), f"--figures left temporaries: {left}")
    paused = write(tmp / "paused.rlab", 'plot(1:3)\nsave("started.csv", 1);\npause(60)\n')
    (tmp / "started.csv").unlink()
    child = subprocess.Popen([binary, "run", "--figures", "kept", str(paused)], cwd=tmp,
                             text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    expect(wait_for(lambda: (tmp / "started.csv").exists(), 60), "the paused script never ran")
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    expect(child.returncode == 130 and (tmp / "kept" / "paused-1.png").exists(),
           f"an interrupted script still writes its figures: exit {child.returncode}, "
           f"{err[-300:]!r}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--only", help="run only the case whose name contains this")
    args = parser.parse_args()
    binary = os.path.abspath(args.bin)
    cases = [value for name, value in sorted(globals().items()) if name.startswith("case_")]
    for case in cases:
        if args.only and args.only not in case.__name__:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            try:
                case(binary, pathlib.Path(tmp))
            except Exception as error:  # a crash of the test itself is a failure too
                FAILURES.append(f"{case.__name__}: {type(error).__name__}: {error}")
    for failure in FAILURES:
        print("FAIL:", failure)
    print(f"{len(cases)} cases, {len(FAILURES)} failures")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
