#!/usr/bin/env python3
"""OpenBLAS loaded on first use (issue #18, start-up), through the real binary.

- a script without a matrix product, solve or SVD maps neither OpenBLAS nor libgfortran (the
  dynamic loader's own log, LD_DEBUG=files);
- the first product loads it, and the product, a solve and an SVD give the right numbers;
- a BLAS that cannot be loaded ($LLMLAB_BLAS names a missing file), or that is not OpenBLAS
  (libm), is a script error at the product's line, after the lines before it ran.
Usage: blas_test.py --bin LLMLAB
"""
import re
import sys

from loader_checks import expect, loaded_objects, main, run_script as run

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


if __name__ == "__main__":
    sys.exit(main("BLAS on first use", check_blas_on_first_use, check_blas_errors))
