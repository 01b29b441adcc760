#!/usr/bin/env python3
"""The plot backend module (issue #18, start-up) through the real binary.

- `llmlab run` of a script that draws nothing maps neither the module nor cairo, pango, glib,
  fontconfig, freetype, harfbuzz or X11 (the dynamic loader's own log, LD_DEBUG=files, lists
  every object it opens, dlopen'ed ones included);
- a script that saves a PNG and a PDF loads the module beside the binary and writes both files
  with the figure in them;
- the binary copied alone into a temporary folder still runs scripts, and a plot there fails
  with the error naming the module's path: no crash. So does a module that is not one.
Usage: plot_backend_test.py --bin LLMLAB
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from run_script_test import has_colour, png_pixels  # noqa: E402
from loader_checks import environment, expect, loaded_objects, main  # noqa: E402
from loader_checks import run_script as run  # noqa: E402

MODULE = "libllmlab_cairo.so"
GRAPHICS = re.compile(r"lib(cairo|pango|glib|gobject|fontconfig|freetype|harfbuzz|X11|xcb)")

PLOTTING = """x = linspace(0, 1, 30);
plot(x, x .^ 2, "r", "linewidth", 2);
title("backend check")
savefig("curve.png")
savefig("curve.pdf")
disp("saved")
"""


def check_quiet_start(binary, folder):
    (folder / "plain.rlab").write_text("x = 1;\ny = x + 1;\nprintf(\"%d\\n\", y);\n")
    result = run(binary, "plain.rlab", folder, LD_DEBUG="files")
    expect(result.returncode == 0, f"plain script failed: {result.stderr[-2000:]}")
    expect("2" in result.stdout.split(), f"plain script printed {result.stdout!r}")
    objects = loaded_objects(result.stderr)
    expect(len(objects) > 3, f"LD_DEBUG=files listed too little to trust: {sorted(objects)}")
    graphics = sorted(o for o in objects if GRAPHICS.search(o) or o == MODULE)
    expect(not graphics, f"a script that draws nothing loaded {graphics}")


def check_plotting(binary, folder):
    (folder / "plot.rlab").write_text(PLOTTING)
    result = run(binary, "plot.rlab", folder, LD_DEBUG="files")
    expect(result.returncode == 0, f"plotting script failed: {result.stderr[-2000:]}")
    objects = loaded_objects(result.stderr)
    expect(MODULE in objects, f"the plotting script did not load {MODULE}: {sorted(objects)}")
    expect(any(o.startswith("libcairo.so") for o in objects), "the module did not bring cairo")
    png = folder / "curve.png"
    pdf = folder / "curve.pdf"
    expect(png.is_file() and pdf.is_file(), "curve.png or curve.pdf is missing")
    if png.is_file():
        width, height, colours = png_pixels(png.read_bytes())
        expect((width, height) == (900, 500), f"PNG is {width}x{height}, not 900x500")
        # The dark theme's background and the red series.
        expect(has_colour(colours, "#1e1e2e"), "PNG lacks the background colour")
        expect(has_colour(colours, "#d62728"), "PNG lacks the red series")
    if pdf.is_file():
        data = pdf.read_bytes()
        expect(data.startswith(b"%PDF-") and b"%%EOF" in data[-64:], "curve.pdf is not a PDF")
        expect(len(data) > 1000, f"curve.pdf holds only {len(data)} bytes")


def check_missing_module(binary, folder):
    lone = folder / "lone"
    lone.mkdir()
    copy = lone / "llmlab"
    shutil.copy2(binary, copy)
    (lone / "plain.rlab").write_text("disp(6 * 7)\n")
    result = run(copy, "plain.rlab", lone)
    expect(result.returncode == 0 and result.stdout.strip() == "42",
           f"the lone binary cannot run a plain script: {result.stdout!r} {result.stderr!r}")
    # SVG needs no module (text is measured from plot/text_metrics_table.cpp); PNG does.
    (lone / "svg.rlab").write_text('plot([1 2 3])\nsavefig("x.svg")\n')
    result = run(copy, "svg.rlab", lone)
    expect(result.returncode == 0 and (lone / "x.svg").read_text().startswith("<svg"),
           f"svg without the module: exit {result.returncode}, stderr {result.stderr!r}")
    (lone / "png.rlab").write_text('plot([1 2 3])\nsavefig("x.png")\n')
    result = run(copy, "png.rlab", lone)
    expect(result.returncode == 1, f"png without the module: exit {result.returncode}, "
                                   f"stderr {result.stderr!r}")
    expect("cannot load the plot backend" in result.stderr
           and f"'{lone / MODULE}': no such file" in result.stderr,
           f"png without the module: the error does not name {lone / MODULE}: {result.stderr!r}")
    expect("png.rlab:2:" in result.stderr, "png: no script location in the error")
    # `kernel install` first checks that llmlab-kernel is there (tests/startup/kernel_test.py);
    # beside the copy it is, and the logos are what fails.
    shutil.copy2(binary.parent / "llmlab-kernel", lone / "llmlab-kernel")
    kernel = subprocess.run([str(copy), "kernel", "install"], capture_output=True, text=True,
                            env=environment(JUPYTER_DATA_DIR=str(lone / "jupyter")), timeout=60)
    expect(kernel.returncode == 1 and "cannot load the plot backend" in kernel.stderr,
           f"kernel install without the module: {kernel.returncode} {kernel.stderr!r}")


def check_bad_modules(binary, folder):
    (folder / "bad.rlab").write_text("plot([1 2 3])\nsavefig(\"x.png\")\n")
    not_elf = folder / "not_a_module.so"
    not_elf.write_text("plain text\n")
    result = run(binary, "bad.rlab", folder, LLMLAB_PLOT_BACKEND=str(not_elf))
    expect(result.returncode == 1 and str(not_elf) in result.stderr,
           f"a text file as the module: {result.returncode} {result.stderr!r}")
    # A real shared library without the entry point: refused by name, not called.
    libm = next((p for p in ("/lib/x86_64-linux-gnu/libm.so.6", "/usr/lib64/libm.so.6")
                 if os.path.exists(p)), None)
    expect(libm is not None, "no libm.so.6 to use as a foreign library")
    if libm:
        result = run(binary, "bad.rlab", folder, LLMLAB_PLOT_BACKEND=libm)
        expect(result.returncode == 1 and "has no llmlab_plot_backend_v3" in result.stderr,
               f"libm as the module: {result.returncode} {result.stderr!r}")


def check_module_beside(binary, _folder):
    expect((binary.parent / MODULE).is_file(), f"{MODULE} is not beside {binary}")


if __name__ == "__main__":
    sys.exit(main("plot backend", check_module_beside, check_quiet_start, check_plotting,
                  check_missing_module, check_bad_modules))
