#!/usr/bin/env python3
"""Figure-saving time against the number of points on one line: llmlab's savefig to PNG and SVG
beside matplotlib's Agg (and its SVG backend) on the same data shape and canvas (900×500 px),
noisy (uniform random y) and smooth (a sine), 1e3 to 1e6 points. A benchmark, not a test.

  /usr/bin/python3 bench/plot_points.py --bin build/release/llmlab [--repeats 3]

Each time is the median over the repeats of the savefig call alone (the data and the plot call
are made first, in both tools); matplotlib's path simplification is on, as by default.
Debian's python3-matplotlib is needed for the comparison column (make deps installs it).
"""
import argparse
import pathlib
import statistics
import subprocess
import tempfile
import time

COUNTS = [1_000, 10_000, 100_000, 1_000_000]
SHAPES = {
    "noisy": ("rand(1, {n})", lambda np, n: np.random.rand(n)),
    "smooth": ("sin(linspace(0, 20 * pi, {n}))", lambda np, n: np.sin(np.linspace(0, 20 * np.pi, n))),
}

RLAB = """\
x = 1:{n};
y = {y};
plot(x, y)
for r = 1:{repeats}
  tic; savefig("{folder}/f.png"); printf("png %.6f\\n", toc);
  tic; savefig("{folder}/f.svg"); printf("svg %.6f\\n", toc);
end
"""


def llmlab_times(binary, folder, n, shape, repeats):
    script = pathlib.Path(folder) / "points.rlab"
    script.write_text(RLAB.format(n=n, y=SHAPES[shape][0].format(n=n), repeats=repeats,
                                  folder=folder))
    out = subprocess.run([binary, "run", "-q", str(script)], capture_output=True, text=True,
                         check=True).stdout
    times = {"png": [], "svg": []}
    for line in out.splitlines():
        kind, seconds = line.split()
        times[kind].append(float(seconds))
    sizes = {kind: (pathlib.Path(folder) / f"f.{kind}").stat().st_size for kind in times}
    return {kind: statistics.median(values) for kind, values in times.items()}, sizes


def matplotlib_times(folder, n, shape, repeats):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        import numpy as np
    except ImportError:
        return None, None
    figure, axes = plt.subplots(figsize=(9, 5), dpi=100)
    axes.plot(np.arange(1, n + 1), SHAPES[shape][1](np, n))
    times = {"png": [], "svg": []}
    for _ in range(repeats):
        for kind in times:
            start = time.perf_counter()
            figure.savefig(f"{folder}/m.{kind}")
            times[kind].append(time.perf_counter() - start)
    plt.close(figure)
    sizes = {kind: (pathlib.Path(folder) / f"m.{kind}").stat().st_size for kind in times}
    return {kind: statistics.median(values) for kind, values in times.items()}, sizes


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default="build/release/llmlab")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"{'shape':7} {'points':>9} | {'llmlab png':>10} {'svg':>8} {'svg KiB':>8} | "
          f"{'mpl png':>8} {'svg':>8} {'svg KiB':>8}")
    with tempfile.TemporaryDirectory() as folder:
        for shape in SHAPES:
            for n in COUNTS:
                ours, our_sizes = llmlab_times(args.bin, folder, n, shape, args.repeats)
                theirs, their_sizes = matplotlib_times(folder, n, shape, args.repeats)
                row = (f"{shape:7} {n:>9,} | {ours['png']:>9.3f}s {ours['svg']:>7.3f}s "
                       f"{our_sizes['svg'] / 1024:>8.0f} | ")
                if theirs:
                    row += (f"{theirs['png']:>7.3f}s {theirs['svg']:>7.3f}s "
                            f"{their_sizes['svg'] / 1024:>8.0f}")
                else:
                    row += "matplotlib not installed"
                print(row, flush=True)


if __name__ == "__main__":
    main()
