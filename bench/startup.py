#!/usr/bin/env python3
"""Start-up of `llmlab run` on a one-line script (`x = 1;`): wall time and CPU time per run, and
the shared objects the dynamic loader opens (LD_DEBUG=files), for one binary or several
alternating run by run (e.g. the build before and after a change). A benchmark, not a test.

  python3 bench/startup.py [--runs 100] BINARY [BINARY...]

CPU time (user + system, from the children's rusage) is the steadier figure on a shared host:
wall time includes waiting for a core.
"""
import argparse
import os
import pathlib
import re
import resource
import statistics
import subprocess
import tempfile
import time

GRAPHICS = re.compile(r"lib(cairo|pango|glib|gobject|fontconfig|freetype|harfbuzz|X11|xcb)")


def loaded_objects(binary, script):
    env = dict(os.environ, LD_DEBUG="files")
    result = subprocess.run([binary, "run", "-q", script], capture_output=True, text=True,
                            env=env, check=True)
    return sorted({pathlib.Path(n).name for n in re.findall(r"file=(\S+)", result.stderr)})


def one_run(binary, script):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([binary, "run", "-q", script], stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--runs", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        script = str(pathlib.Path(folder) / "one_line.rlab")
        pathlib.Path(script).write_text("x = 1;\n")
        walls = {b: [] for b in args.binaries}
        cpus = {b: [] for b in args.binaries}
        for binary in args.binaries:
            one_run(binary, script)  # warm the page cache
        for _ in range(args.runs):
            for binary in args.binaries:
                wall, cpu = one_run(binary, script)
                walls[binary].append(wall)
                cpus[binary].append(cpu)
        for binary in args.binaries:
            objects = loaded_objects(binary, script)
            graphics = [o for o in objects if GRAPHICS.search(o)]
            print(f"{binary}: {len(objects)} shared objects opened "
                  f"({len(graphics)} of cairo/pango/glib/X11)")
            print(f"  wall ms: min {1e3 * min(walls[binary]):.1f}, "
                  f"median {1e3 * statistics.median(walls[binary]):.1f}; "
                  f"cpu ms: min {1e3 * min(cpus[binary]):.1f}, "
                  f"median {1e3 * statistics.median(cpus[binary]):.1f} ({args.runs} runs)")


if __name__ == "__main__":
    main()
