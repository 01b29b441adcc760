"""Shared by the sweep end-to-end tests: the tiny 2 × 2 × 2-seed sweep, running llmlab, and
comparing records and summaries without the fields that measure time."""
import csv
import io
import json
import pathlib
import subprocess

TESTS = pathlib.Path(__file__).resolve().parent.parent
CORPUS = TESTS / "data" / "train" / "tiny_corpus.txt"

# 5-step tiny models: norm × lr, two seeds, one thread per run.
TINY_SWEEP = f"""# The sweep tests' tiny grid.
seeds = [0, 1]

[base]
layers = 2
d_model = 16
heads = 2
context = 16
batch = 4
steps = 5
log_interval = 1
eval_interval = 5
eval_batches = 2
corpus = "{CORPUS}"

[grid]
norm = ["pre", "post"]
lr = [1e-3, 3e-3]

[run]
threads = 1
"""

# One configuration whose corpus does not exist: its run fails, the other completes.
FAILING_SWEEP = f"""seeds = [0]

[base]
layers = 2
d_model = 16
heads = 2
context = 16
batch = 4
steps = 5
eval_interval = 5
eval_batches = 2

[grid]
corpus = ["{CORPUS}", "/nonexistent/llmlab-missing-corpus.txt"]
"""

# What measures time or says how a run was run (its results do not depend on them).
TIMING_FIELDS = {"wall_s", "train_s", "tokens_per_s", "log", "executor_log", "threads",
                 "executor"}


class Failures:
    def __init__(self):
        self.items = []

    def expect(self, condition, message):
        if not condition:
            self.items.append(message)
        return condition

    def report(self, name):
        for item in self.items:
            print(f"FAIL: {item}")
        print(f"{name}: {'FAILED' if self.items else 'ok'} ({len(self.items)} failure(s))")
        return 1 if self.items else 0


def run(binary, *args, env=None, timeout=600, cwd=None):
    return subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True,
                          env=env, timeout=timeout, cwd=cwd)


def records(sweep_dir):
    """config-id/seed-N.json → the record with the timing fields removed."""
    out = {}
    for path in sorted(pathlib.Path(sweep_dir, "runs").glob("*/seed-*.json")):
        data = json.loads(path.read_text())
        for key in TIMING_FIELDS:
            data.pop(key, None)
            data.get("sweep", {}).pop(key, None)
        out[f"{path.parent.name}/{path.name}"] = data
    return out


def summary_without_wall_time(sweep_dir):
    rows = list(csv.reader(io.StringIO(pathlib.Path(sweep_dir, "summary.csv").read_text())))
    assert rows[0][-1] == "wall_s", rows[0]
    return [row[:-1] for row in rows]
