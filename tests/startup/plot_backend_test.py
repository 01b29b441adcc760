#!/usr/bin/env python3
"""The plot backend module (issue #18, start-up) through the real binary.

- `llmlab run` of a script that draws nothing maps neither the module nor cairo, pango, glib,
  fontconfig, freetype, harfbuzz or X11 (the dynamic loader's own log, LD_DEBUG=files, lists
  every object it opens, dlopen'ed ones included);
- a script that saves a PNG and a PDF loads the module beside the binary and writes both files
  with the figure in them;
- the binary copied alone into a temporary folder still runs scripts, and a plot there fails
  with the error naming the module's path: no crash. So does a module that is not one.
- OpenBLAS (and libgfortran) likewise load with the first matrix product or LAPACK call, and a
  BLAS that cannot be loaded ($LLMLAB_BLAS) is a located script error.
Usage: plot_backend_test.py --bin LLMLAB
"""
import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from run_script_test import has_colour, png_pixels  # noqa: E402

MODULE = "libllmlab_cairo.so"
GRAPHICS = re.compile(r"lib(cairo|pango|glib|gobject|fontconfig|freetype|harfbuzz|X11|xcb)")
LOADED = re.compile(r"file=(\S+)")
FAILURES = []

PLOTTING = """x = linspace(0, 1, 30);
plot(x, x .^ 2, "r", "linewidth", 2);
title("backend check")
savefig("curve.png")
savefig("curve.pdf")
disp("saved")
"""


def expect(condition, message):
    if not condition:
        FAILURES.append(message)


def environment(**extra):
    env = {k: v for k, v in os.environ.items() if k not in ("LLMLAB_PLOT_BACKEND", "LD_DEBUG")}
    env.update(extra)
    return env


def run(binary, script, cwd, **env):
    return subprocess.run([str(binary), "run", "-q", script], capture_output=True, text=True,
                          cwd=cwd, env=environment(**env), timeout=120)


def loaded_objects(stderr):
    return {pathlib.Path(name).name for name in LOADED.findall(stderr)}


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
    for name, save in (("png", 'savefig("x.png")'), ("svg", 'savefig("x.svg")')):
        (lone / f"{name}.rlab").write_text(f"plot([1 2 3])\n{save}\n")
        result = run(copy, f"{name}.rlab", lone)
        expect(result.returncode == 1, f"{name} without the module: exit {result.returncode}, "
                                       f"stderr {result.stderr!r}")
        expect("cannot load the plot backend" in result.stderr
               and f"'{lone / MODULE}': no such file" in result.stderr,
               f"{name} without the module: the error does not name {lone / MODULE}: "
               f"{result.stderr!r}")
        expect(f"{name}.rlab:2:" in result.stderr, f"{name}: no script location in the error")
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
        expect(result.returncode == 1 and "has no llmlab_plot_backend_v1" in result.stderr,
               f"libm as the module: {result.returncode} {result.stderr!r}")


BLAS = re.compile(r"lib(openblas|gfortran|blas|lapack)")
SOLVING = """A = [4 1; 2 3];
disp(A * A)
x = A \\ [1; 2];
printf("%.12f %.12f\\n", x(1), x(2));
printf("%.12f\\n", max(svd(A)));
"""


def check_blas_on_first_use(binary, folder):
    """OpenBLAS (and libgfortran) load with the first product or LAPACK call, not at start."""
    (folder / "scalar.rlab").write_text("x = [1 2 3] * [4; 5; 6];\nprintf(\"%d\\n\", x);\n")
    result = run(binary, "scalar.rlab", folder, LD_DEBUG="files")
    expect(result.returncode == 0 and result.stdout.split() == ["32"],
           f"row-times-column script: {result.stdout!r} {result.stderr[-2000:]}")
    blas = sorted(o for o in loaded_objects(result.stderr) if BLAS.search(o))
    expect(not blas, f"a script without a matrix product or solve loaded {blas}")
    (folder / "solve.rlab").write_text(SOLVING)
    result = run(binary, "solve.rlab", folder, LD_DEBUG="files")
    expect(result.returncode == 0, f"solving script failed: {result.stderr[-2000:]}")
    expect(any(o.startswith("libopenblas") for o in loaded_objects(result.stderr)),
           "the first matrix product did not load OpenBLAS")
    # [18 7; 14 11]; the solve of [4 1; 2 3] x = [1; 2] is [0.1; 0.6]; the largest singular
    # value is sqrt(15 + sqrt(125)).
    printed = result.stdout.split()
    expect(printed[-3:] == ["0.100000000000", "0.600000000000", "5.116672736017"]
           and "[18.000000, 7.000000]" in result.stdout
           and "[14.000000, 11.000000]" in result.stdout,
           f"solving script printed {result.stdout!r}")


def check_blas_errors(binary, folder):
    """A BLAS that cannot be loaded, or is not OpenBLAS, is a located script error."""
    (folder / "product.rlab").write_text("disp(1)\nB = ones(3, 3) * ones(3, 3);\n")
    missing = folder / "no_such_blas.so.0"
    result = run(binary, "product.rlab", folder, LLMLAB_BLAS=str(missing))
    expect(result.returncode == 1 and "cannot load the BLAS library" in result.stderr
           and str(missing) in result.stderr and "product.rlab:2:" in result.stderr,
           f"a missing BLAS: {result.returncode} {result.stderr!r}")
    expect(result.stdout.split() == ["1"], f"a missing BLAS stopped the script early: "
                                           f"{result.stdout!r}")
    result = run(binary, "product.rlab", folder, LLMLAB_BLAS="libm.so.6")
    expect(result.returncode == 1 and "has no cblas_dgemm" in result.stderr,
           f"libm as the BLAS: {result.returncode} {result.stderr!r}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    binary = pathlib.Path(args.bin).resolve()
    expect((binary.parent / MODULE).is_file(), f"{MODULE} is not beside {binary}")
    with tempfile.TemporaryDirectory() as temporary:
        folder = pathlib.Path(temporary)
        check_quiet_start(binary, folder)
        check_plotting(binary, folder)
        check_missing_module(binary, folder)
        check_bad_modules(binary, folder)
        check_blas_on_first_use(binary, folder)
        check_blas_errors(binary, folder)
    for failure in FAILURES:
        print("FAIL:", failure)
    print(f"plot backend: {len(FAILURES)} failure(s)")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
