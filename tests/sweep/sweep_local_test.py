#!/usr/bin/env python3
"""End-to-end test of `llmlab sweep` with the local executor: the tiny 2 × 2 × 2-seed sweep run
straight through, and the same sweep interrupted with Ctrl-C (SIGINT) mid-way and run again,
must give the same summary.csv (its wall-time column aside) and the same records; finished runs
are not rerun; a failing run is recorded as failed and not retried; bad files are rejected
before any run; sweep_load reads the records from a script.
Usage: sweep_local_test.py --bin LLMLAB"""
import argparse
import json
import pathlib
import signal
import socket
import subprocess
import sys
import tempfile
import time

from sweep_common import FAILING_SWEEP, TINY_SWEEP, Failures, records, run, \
    summary_without_wall_time


def trainer_processes(sweep_dir):
    """Processes whose command line names `sweep_dir` (the sweep's `llmlab train` children)."""
    found = []
    for entry in pathlib.Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"train" in argv and any(str(sweep_dir).encode() in arg for arg in argv):
            found.append(int(entry.name))
    return found


def straight_and_interrupted(binary, tmp, f):
    sweep = tmp / "tiny.toml"
    sweep.write_text(TINY_SWEEP)
    straight = run(binary, "sweep", "run", sweep, "-o", tmp / "straight", "--jobs", "2")
    f.expect(straight.returncode == 0, f"straight sweep failed: {straight.stderr}")
    if straight.returncode != 0:
        return
    f.expect(len(records(tmp / "straight")) == 8, "straight sweep: expected 8 records")
    table = straight.stdout
    f.expect(table.count("\n| ") + table.startswith("| ") >= 4,
             f"the report table on stdout has a row per configuration:\n{table}")

    # Interrupt after two records, with one run at a time so runs are still pending.
    resumed = tmp / "resumed"
    process = subprocess.Popen([str(binary), "sweep", "run", str(sweep), "-o", str(resumed),
                                "--jobs", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    deadline = time.time() + 300
    while time.time() < deadline and process.poll() is None:
        if len(list(resumed.glob("runs/*/seed-*.json"))) >= 2:
            break
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    f.expect(process.returncode == 130, f"interrupted sweep: exit {process.returncode}: {err}")
    f.expect("interrupted" in err, f"the interrupted sweep says so: {err}")
    trainers = [pid for pid in trainer_processes(resumed)]
    f.expect(not trainers, f"the interrupted sweep stopped its trainers (still running: {trainers})")
    done_before = len(list(resumed.glob("runs/*/seed-*.json")))
    f.expect(2 <= done_before < 8, f"interrupted mid-sweep, but {done_before} records exist")
    leftovers = [p.name for p in resumed.glob("runs/*/*") if ".partial." in p.name or
                 ".tmp." in p.name]
    f.expect(not leftovers, f"an interrupted sweep leaves no partial records: {leftovers}")
    f.expect(not (resumed / "summary.csv").exists(), "no report after an interruption")
    before = {p: p.stat().st_mtime_ns for p in resumed.glob("runs/*/seed-*.json")}

    again = run(binary, "sweep", "run", sweep, "-o", resumed, "--jobs", "2")
    f.expect(again.returncode == 0, f"the resumed sweep failed: {again.stderr}")
    f.expect(f"{done_before} finished before, {8 - done_before} to run" in again.stderr,
             f"the resumed sweep skips finished runs: {again.stderr}")
    for path, mtime in before.items():
        f.expect(path.stat().st_mtime_ns == mtime, f"{path} was rewritten by the rerun")
    f.expect(summary_without_wall_time(tmp / "straight") == summary_without_wall_time(resumed),
             "summary.csv of the interrupted and resumed sweep differs from the straight one")
    f.expect(records(tmp / "straight") == records(resumed),
             "records of the interrupted and resumed sweep differ from the straight one")

    # The report's files.
    for name in ("summary.csv", "report.md", "sweep.toml", "figures/val_curves.svg",
                 "figures/val_curves.png", "figures/final_val.svg", "figures/final_val.png"):
        f.expect((resumed / name).exists(), f"missing {name}")
    report = (resumed / "report.md").read_text()
    f.expect("95% CI" in report and "Wilson" in report, f"report.md has the intervals:\n{report}")
    rows = [line for line in report.splitlines() if line.startswith("| p")]
    f.expect(len(rows) == 4, f"report.md has one row per configuration:\n{report}")
    f.expect(all(" | 2 | " in row for row in rows), f"n = 2 seeds per row:\n{report}")
    status = run(binary, "sweep", "status", resumed)
    f.expect("done 8, diverged 0, failed 0" in status.stdout, f"status: {status.stdout}")

    # A third run of a finished sweep runs nothing; `sweep report` rewrites the same summary.
    third = run(binary, "sweep", "run", sweep, "-o", resumed)
    f.expect("8 finished before, 0 to run" in third.stderr, f"third run: {third.stderr}")
    report_again = run(binary, "sweep", "report", resumed)
    f.expect(report_again.returncode == 0, f"sweep report: {report_again.stderr}")
    f.expect(summary_without_wall_time(tmp / "straight") == summary_without_wall_time(resumed),
             "sweep report wrote another summary")

    # sweep_load from a script.
    script = tmp / "load.rlab"
    script.write_text(
        f'runs = sweep_load("{resumed}");\n'
        'printf("%d runs\\n", numel(runs));\n'
        'printf("%s %d %s\\n", runs(1).status, runs(1).seed, runs(1).options.norm);\n'
        'printf("%d val points, final %.6f\\n", numel(runs(1).val_loss), runs(1).final_val_loss);\n'
        'printf("%d steps logged\\n", numel(runs(2).loss_mean));\n'
        'printf("threads %d\\n", runs(1).threads);\n')
    loaded = run(binary, "run", script)
    f.expect(loaded.returncode == 0, f"sweep_load script failed: {loaded.stderr}")
    f.expect("8 runs" in loaded.stdout, f"sweep_load: {loaded.stdout}")
    f.expect("done 0 " in loaded.stdout, f"sweep_load's first run: {loaded.stdout}")
    f.expect("2 val points" in loaded.stdout and "5 steps logged" in loaded.stdout,
             f"sweep_load's series: {loaded.stdout}")
    f.expect("threads 1" in loaded.stdout, f"sweep_load gives each run's threads: {loaded.stdout}")
    # Another thread count is another run (other rounding, other speed): nothing is shared with
    # the one-thread records, and the table says how many threads each run had.
    threaded = run(binary, "sweep", "run", sweep, "-o", resumed, "--threads", "2", "--jobs", "2")
    f.expect(threaded.returncode == 0 and "16 runs" not in threaded.stderr and
             "0 finished before, 8 to run" in threaded.stderr,
             f"--threads 2 reuses none of the one-thread records: {threaded.stderr}")
    ids_1 = {p.parent.name for p in (tmp / "straight").glob("runs/*/seed-*.json")}
    ids_2 = {line.split(",")[0] for line in (resumed / "summary.csv").read_text().splitlines()[1:]}
    f.expect(ids_1.isdisjoint(ids_2), f"the two thread counts share config ids: {ids_1 & ids_2}")
    header = (resumed / "summary.csv").read_text().splitlines()[0].split(",")
    f.expect("threads" in header and all(
        line.split(",")[header.index("threads")] == "2"
        for line in (resumed / "summary.csv").read_text().splitlines()[1:]),
        f"summary.csv records threads = 2 for every run:\n{(resumed / 'summary.csv').read_text()}")
    f.expect("host" in header and all(
        line.split(",")[header.index("host")] == socket.gethostname()
        for line in (resumed / "summary.csv").read_text().splitlines()[1:]),
        "summary.csv records the host each run ran on")
    record = json.loads(next((resumed / "runs").glob("*/seed-0.json")).read_text())
    f.expect(record["sweep"].get("executor") == "local" and
             record["sweep"].get("host") == socket.gethostname(),
             f"a local run's record names its executor and host: {record['sweep']}")

    missing = tmp / "missing.rlab"
    missing.write_text(f'runs = sweep_load("{tmp}/nowhere");\n')
    bad = run(binary, "run", missing)
    f.expect(bad.returncode != 0 and "not a sweep folder" in bad.stderr,
             f"sweep_load of a missing folder: {bad.stderr}")


def failures_are_recorded(binary, tmp, f):
    sweep = tmp / "failing.toml"
    sweep.write_text(FAILING_SWEEP)
    out = run(binary, "sweep", "run", sweep, "-o", tmp / "failing")
    f.expect(out.returncode == 0, f"a sweep with a failing run still completes: {out.stderr}")
    f.expect("2 runs finished (1 failed)" in out.stderr, f"failing sweep: {out.stderr}")
    status = run(binary, "sweep", "status", tmp / "failing")
    f.expect("done 1, diverged 0, failed 1" in status.stdout, f"status: {status.stdout}")
    f.expect("llmlab-missing-corpus" in status.stdout and "log " in status.stdout,
             f"status names the failed run and its log: {status.stdout}")
    failed = list((tmp / "failing").glob("runs/corpus-llmlab-missing-corpus*/seed-0.json"))
    f.expect(len(failed) == 1, "the failed run has a record")
    if failed:
        mtime = failed[0].stat().st_mtime_ns
        again = run(binary, "sweep", "run", sweep, "-o", tmp / "failing")
        f.expect("2 finished before, 0 to run" in again.stderr,
                 f"a failed run is not retried silently: {again.stderr}")
        f.expect(failed[0].stat().st_mtime_ns == mtime, "the failed record was rewritten")
    summary = (tmp / "failing" / "summary.csv").read_text()
    f.expect(",failed," in summary, f"summary.csv marks the failed run: {summary}")


def bad_files_are_rejected(binary, tmp, f):
    bad = tmp / "bad.toml"
    bad.write_text("seeds = [0]\n[grid]\nlr = [1e-3]\nwarmpu = [0, 50]\n")
    out = run(binary, "sweep", "run", bad, "-o", tmp / "bad")
    f.expect(out.returncode == 1, f"bad file: exit {out.returncode}")
    f.expect("bad.toml:4:1: error: sweep: unknown option 'warmpu'" in out.stderr,
             f"bad file message: {out.stderr}")
    f.expect(not (tmp / "bad").exists(), "a bad file starts nothing")
    missing = run(binary, "sweep", "status", tmp / "nowhere")
    f.expect(missing.returncode == 1 and "not a sweep folder" in missing.stderr,
             f"status of a missing folder: {missing.stderr}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    binary = pathlib.Path(args.bin).resolve()
    f = Failures()
    with tempfile.TemporaryDirectory(prefix="llmlab-sweep-") as tmp:
        tmp = pathlib.Path(tmp)
        bad_files_are_rejected(binary, tmp, f)
        straight_and_interrupted(binary, tmp, f)
        failures_are_recorded(binary, tmp, f)
    return f.report("sweep local")


if __name__ == "__main__":
    sys.exit(main())
