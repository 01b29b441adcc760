#!/usr/bin/env python3
"""End-to-end test of `llmlab sweep --executor slurm` on a real one-node Slurm cluster that this
test starts on localhost (slurm_cluster.py: munged, slurmctld, slurmd, as root) and stops by PID.
The tiny sweep run as a job array must give the same records as the local executor; a sweep
with one bad corpus path shows that run as failed in `sweep status`, with its logs, and the
other run done; --no-wait returns at once and `status` follows the queue; Ctrl-C while the
sweep waits cancels the array. When the cluster
cannot start, the test fails with the daemons' logs.
Usage: sweep_slurm_test.py --bin LLMLAB"""
import argparse
import json
import pathlib
import re
import signal
import subprocess
import sys
import tempfile
import time

from slurm_cluster import ClusterError, SlurmCluster
from sweep_common import FAILING_SWEEP, TINY_SWEEP, Failures, records, run, \
    summary_without_wall_time


def same_as_local(binary, tmp, cluster, f):
    sweep = tmp / "tiny.toml"
    sweep.write_text(TINY_SWEEP)
    local = run(binary, "sweep", "run", sweep, "-o", tmp / "local", "--jobs", "2")
    f.expect(local.returncode == 0, f"local sweep: {local.stderr}")
    slurm = run(binary, "sweep", "run", sweep, "-o", tmp / "slurm", "--executor", "slurm",
                "--poll", "0.5", "--time", "00:10:00", "--mem", "500M", "--max-parallel", "4",
                env=cluster.env)
    f.expect(slurm.returncode == 0, f"slurm sweep: {slurm.stderr}")
    f.expect("submitted job array" in slurm.stderr, f"slurm sweep output: {slurm.stderr}")
    script = (tmp / "slurm" / "sweep.sbatch").read_text()
    for line in ("#SBATCH --array=0-7%4", "#SBATCH --cpus-per-task=1", "#SBATCH --time=00:10:00",
                 "#SBATCH --mem=500M"):
        f.expect(line in script, f"sweep.sbatch lacks '{line}':\n{script}")
    # The log folder is on sbatch's command line, not in the script (issue #25).
    f.expect("#SBATCH --output" not in script, f"sweep.sbatch names its log folder:\n{script}")
    got = records(tmp / "slurm")
    f.expect(len(got) == 8, f"slurm sweep: {len(got)} records, expected 8:\n{slurm.stderr}")
    f.expect(got == records(tmp / "local"), "the Slurm records differ from the local ones")
    raw = [json.loads(p.read_text()) for p in (tmp / "slurm").glob("runs/*/seed-*.json")]
    f.expect(raw and all(r["sweep"].get("executor") == "slurm" for r in raw),
             "each Slurm run's record names its executor")
    if (tmp / "slurm" / "summary.csv").exists():
        f.expect(summary_without_wall_time(tmp / "slurm") ==
                 summary_without_wall_time(tmp / "local"),
                 "the Slurm summary.csv differs from the local one")
    else:
        f.expect(False, "the Slurm sweep wrote no summary.csv")
    logs = list((tmp / "slurm" / "slurm").glob("*_*.out"))
    f.expect(len(logs) == 8, f"one Slurm log per task, got {len(logs)}")
    status = run(binary, "sweep", "status", tmp / "slurm", env=cluster.env)
    f.expect("done 8, diverged 0, failed 0, running 0, pending 0" in status.stdout,
             f"status: {status.stdout}")


def failure_shows_in_status(binary, tmp, cluster, f):
    sweep = tmp / "failing.toml"
    sweep.write_text(FAILING_SWEEP)
    out = run(binary, "sweep", "run", sweep, "-o", tmp / "failing", "--executor", "slurm",
              "--no-wait", env=cluster.env)
    f.expect(out.returncode == 0, f"--no-wait submission: {out.stderr}")
    f.expect("not waiting" in out.stderr, f"--no-wait says so: {out.stderr}")
    deadline = time.time() + 300
    status = None
    while time.time() < deadline:
        status = run(binary, "sweep", "status", tmp / "failing", env=cluster.env)
        if "running 0, pending 0" in status.stdout:
            break
        time.sleep(0.5)
    f.expect(status is not None and "done 1, diverged 0, failed 1, running 0, pending 0"
             in status.stdout, f"status after the array: {status.stdout if status else ''}")
    text = status.stdout if status else ""
    f.expect("failed  corpus-llmlab-missing-corpus" in text, f"the failed run is named: {text}")
    slurm_logs = [line.split("slurm log ", 1)[1].strip() for line in text.splitlines()
                  if "slurm log " in line]
    f.expect(len(slurm_logs) == 1, f"status gives the failed task's Slurm log: {text}")
    for log in slurm_logs:
        content = pathlib.Path(log).read_text() if pathlib.Path(log).exists() else ""
        f.expect("llmlab-missing-corpus" in content and "failed" in content,
                 f"the failed task's log {log} says why:\n{content}")
    report = run(binary, "sweep", "report", tmp / "failing")
    f.expect(report.returncode == 0 and "| 1/1 |" in report.stdout,
             f"the report counts the failure: {report.stdout}{report.stderr}")


def ctrl_c_cancels_the_array(binary, tmp, cluster, f):
    """SIGINT to the waiting `sweep run` cancels its job array (scancel), then it exits 130."""
    sweep = tmp / "long.toml"
    sweep.write_text(TINY_SWEEP.replace("steps = 5", "steps = 1000000"))
    log = tmp / "long.stderr"
    with open(log, "w") as err:
        process = subprocess.Popen([str(binary), "sweep", "run", str(sweep), "-o",
                                    str(tmp / "long"), "--executor", "slurm", "--poll", "0.5"],
                                   stdout=subprocess.DEVNULL, stderr=err, env=cluster.env)
    job = None
    deadline = time.time() + 120
    while time.time() < deadline and job is None and process.poll() is None:
        found = re.search(r"submitted job array (\d+)", log.read_text())
        job = found.group(1) if found else None
        time.sleep(0.2)
    f.expect(job is not None, f"the long sweep submitted its array: {log.read_text()}")
    if job is None:
        process.kill()
        return
    # Wait until a task runs, so the cancel ends running tasks, not only pending ones.
    while time.time() < deadline:
        queue = subprocess.run(["squeue", "-h", "-r", "-j", job, "-o", "%T"], env=cluster.env,
                               capture_output=True, text=True).stdout
        if "RUNNING" in queue:
            break
        time.sleep(0.3)
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    text = log.read_text()
    f.expect(process.returncode == 130, f"Ctrl-C while waiting: exit {process.returncode}:\n{text}")
    f.expect(f"job array {job} cancelled (scancel {job})" in text,
             f"the interrupted sweep says it cancelled the array:\n{text}")
    left = None
    deadline = time.time() + 60
    while time.time() < deadline:
        left = subprocess.run(["squeue", "-h", "-r", "-j", job, "-o", "%i %T"],
                              env=cluster.env, capture_output=True, text=True).stdout.strip()
        if not left:
            break
        time.sleep(0.5)
    f.expect(not left, f"squeue shows no task of the cancelled array (left: {left!r})")
    shown = subprocess.run(["scontrol", "show", "job", job], env=cluster.env,
                           capture_output=True, text=True).stdout
    states = set(re.findall(r"JobState=(\w+)", shown))
    f.expect(states == {"CANCELLED"},
             f"scontrol shows every task of array {job} CANCELLED (got {states}):\n{shown}")
    f.expect(not records(tmp / "long"), "the cancelled runs left no record")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    binary = pathlib.Path(args.bin).resolve()
    f = Failures()
    with tempfile.TemporaryDirectory(prefix="llmlab-sweep-slurm-") as tmp:
        tmp = pathlib.Path(tmp)
        try:
            with SlurmCluster() as cluster:
                same_as_local(binary, tmp, cluster, f)
                failure_shows_in_status(binary, tmp, cluster, f)
                ctrl_c_cancels_the_array(binary, tmp, cluster, f)
                if f.items:
                    print(cluster.logs())
        except ClusterError as error:
            print(f"the one-node Slurm cluster did not start:\n{error}")
            return 1
    return f.report("sweep slurm")


if __name__ == "__main__":
    sys.exit(main())
