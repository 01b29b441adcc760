"""The OpenBLAS kernel set every tool of a side-by-side run gets, so that their matrix products
are compared on the same kernels.

OpenBLAS 0.3.21 (Debian 12) takes an Intel model it does not know for a Prescott and runs SSE3
kernels several times slower than the CPU's own. llmlab names the kernel set the CPU's
instruction set supports before it loads OpenBLAS (src/num/blas_openblas.cpp); NumPy, PyTorch
and Octave load the same library at start-up and get whatever it detects. This module applies
llmlab's rule to the environment of the others: SkylakeX with AVX-512 F, CD, DQ, BW and VL,
Haswell with AVX2 and FMA, nothing otherwise. A value the user set is kept.
"""
import os
import pathlib
import sys


def cpu_flags():
    try:
        text = pathlib.Path("/proc/cpuinfo").read_text()
    except OSError:
        return set()
    for line in text.splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return set()


def kernel_environment():
    """{"OPENBLAS_CORETYPE": ...} as llmlab would choose it, or {} (keep OpenBLAS's choice)."""
    if "OPENBLAS_CORETYPE" in os.environ:
        return {"OPENBLAS_CORETYPE": os.environ["OPENBLAS_CORETYPE"]}
    flags = cpu_flags()
    if {"avx512f", "avx512cd", "avx512dq", "avx512bw", "avx512vl"} <= flags:
        return {"OPENBLAS_CORETYPE": "SkylakeX"}
    if {"avx2", "fma"} <= flags:
        return {"OPENBLAS_CORETYPE": "Haswell"}
    return {}


def thread_environment(threads):
    """The variables that hold OpenBLAS's and OpenMP's pools to `threads` threads. PyTorch calls
    OpenBLAS for its matrix products, and OpenBLAS sizes its own pool from these when it loads:
    torch.set_num_threads() does not reach it, so without them a "one thread" PyTorch run
    multiplies on every core."""
    value = str(threads)
    return {"OPENBLAS_NUM_THREADS": value, "OMP_NUM_THREADS": value, "MKL_NUM_THREADS": value}


def restart_with_kernels_named(threads=None):
    """For a script that loads OpenBLAS itself (import numpy/torch): OpenBLAS reads the kernel
    set and its thread count once, when it loads, so the process starts again with them set,
    before those imports. `threads` None keeps the thread count the environment has."""
    wanted = kernel_environment()
    if threads is not None:
        wanted.update(thread_environment(threads))
    if any(os.environ.get(name) != value for name, value in wanted.items()):
        os.environ.update(wanted)
        os.execv(sys.executable, [sys.executable] + sys.argv)
