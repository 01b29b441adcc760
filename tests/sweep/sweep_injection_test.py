#!/usr/bin/env python3
"""Sweep files and command lines cannot run commands through sweep.sbatch (issue #25).

The reproducers: a [slurm] string with a newline (`time = "00:10:00\\ntouch PWNED"`) and a sweep
folder named `out $(touch PWNED)`. Bad values end in a clean `file:line:column: error` naming
the key; a hostile but legal folder name gives a script that a stubbed `sbatch` on PATH runs
under bash: the run must complete inside the sweep folder, and nothing else may change.
Usage: sweep_injection_test.py --bin LLMLAB"""
import argparse
import os
import pathlib
import stat
import sys
import tempfile

from sweep_common import CORPUS, Failures, run

BASE = f"""seeds = [0]

[base]
layers = 2
d_model = 16
heads = 2
context = 16
batch = 4
steps = 2
eval_interval = 2
eval_batches = 1
corpus = "{CORPUS}"
"""

# sbatch stand-in: notes its arguments beside itself, then runs the script as one array task
# would (bash, the task id in the environment) and prints a job id as --parsable does.
STUB_SBATCH = """#!/bin/bash
here=$(dirname "$0")
printf '%s\\n' "$@" > "$here/sbatch.args"
script="${@: -1}"
SLURM_ARRAY_JOB_ID=77 SLURM_ARRAY_TASK_ID=0 bash "$script" > "$here/task.out" 2>&1
echo "77"
"""


def snapshot(root, skip):
    """Every path under root except those under `skip`: files with their size and mtime,
    folders by name (a folder's mtime changes when the sweep folder is made in it)."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        here = pathlib.Path(dirpath)
        dirnames[:] = [d for d in dirnames if (here / d) not in skip]
        for name in filenames + dirnames:
            p = here / name
            if p in skip:
                continue
            st = p.lstat()
            out[str(p)] = "folder" if p.is_dir() else (st.st_size, st.st_mtime_ns)
    return out


def pwned_anywhere(root):
    return [str(p) for p in pathlib.Path(root).rglob("PWNED")]


def bad_values_are_clean_errors(binary, tmp, f):
    cases = [
        ("[slurm]\ntime = \"00:10:00\\ntouch PWNED\"\n", "slurm.time", 15),
        ("[slurm]\nmem = \"2G; touch PWNED\"\n", "slurm.mem", 15),
        ("[slurm]\npartition = \"cpu\\n#SBATCH --uid=0\"\n", "slurm.partition", 15),
        ("[grid]\nnorm = [\"pre\", \"post\\ntouch PWNED\"]\n", "grid.norm", 15),
    ]
    for n, (extra, key, line) in enumerate(cases):
        sweep = tmp / f"bad{n}.toml"
        sweep.write_text(BASE + "\n" + extra)
        result = run(binary, "sweep", "run", sweep, "-o", tmp / f"bad{n}", "--executor", "slurm",
                     "--no-wait", env=cwd_env(tmp))
        f.expect(result.returncode == 1, f"{key}: exit {result.returncode}, want 1: {result.stderr}")
        f.expect(f"{sweep}:{line}:1: error:" in result.stderr and key in result.stderr,
                 f"{key}: the error does not name the file, line {line} and the key: "
                 f"{result.stderr}")
        f.expect("Traceback" not in result.stderr and "terminate" not in result.stderr,
                 f"{key}: not a clean error: {result.stderr}")
        f.expect(not (tmp / f"bad{n}" / "sweep.sbatch").exists(),
                 f"{key}: a script was written for a refused value")
    sweep = tmp / "good.toml"
    sweep.write_text(BASE)
    for option, value in (("--time", "1:00\ntouch PWNED"), ("--mem", "1G`touch PWNED`"),
                          ("--partition", "a b")):
        result = run(binary, "sweep", "run", sweep, "-o", tmp / "cli", "--executor", "slurm",
                     "--no-wait", option, value, env=cwd_env(tmp))
        f.expect(result.returncode == 1 and f"{option} must be" in result.stderr,
                 f"{option} {value!r}: exit {result.returncode}: {result.stderr}")
        f.expect(not (tmp / "cli" / "sweep.sbatch").exists(),
                 f"{option}: a script was written for a refused value")


def cwd_env(tmp):
    """The environment of every llmlab run here: the stubs first on PATH."""
    env = dict(os.environ)
    env["PATH"] = f"{tmp / 'stubs'}:{env['PATH']}"
    return env


def hostile_folder_name_stays_a_name(binary, tmp, f):
    work = tmp / "work"
    work.mkdir()
    sweep = work / "tiny.toml"
    sweep.write_text(BASE + "\n[slurm]\ntime = \"00:10:00\"\n")
    folder = work / "out $(touch PWNED) `touch PWNED` 'q' 50%"
    before = snapshot(tmp, {folder, tmp / "stubs"})
    result = run(binary, "sweep", "run", sweep, "-o", folder, "--executor", "slurm",
                 "--no-wait", env=cwd_env(tmp), cwd=work)
    f.expect(result.returncode == 0, f"hostile folder: exit {result.returncode}: {result.stderr}")
    f.expect(not pwned_anywhere(tmp) and not pathlib.Path("PWNED").exists(),
             f"a command ran: {pwned_anywhere(tmp)}")
    after = snapshot(tmp, {folder, tmp / "stubs"})
    changed = {p for p in set(before) | set(after) if before.get(p) != after.get(p)}
    f.expect(not changed, f"paths outside the sweep folder changed: {changed}")
    records = list(folder.glob("runs/*/seed-0.json"))
    task_out = tmp / "stubs" / "task.out"
    f.expect(len(records) == 1,
             f"the task did not run in the folder: {records}; task output: "
             f"{task_out.read_text() if task_out.exists() else '(none)'}")
    args = (tmp / "stubs" / "sbatch.args").read_text().split("\n")
    want = f"--output={folder.resolve()}/slurm/%A_%a.out".replace("50%", "50%%")
    f.expect(want in args, f"sbatch's --output: {args}, want {want}")
    script = (folder / "sweep.sbatch").read_text()
    f.expect("#SBATCH --time=00:10:00\n" in script, f"the script lacks its time:\n{script}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    binary = pathlib.Path(parser.parse_args().bin).resolve()
    f = Failures()
    with tempfile.TemporaryDirectory(prefix="llmlab-sweep-injection-") as name:
        tmp = pathlib.Path(name).resolve()
        stubs = tmp / "stubs"
        stubs.mkdir()
        (stubs / "sbatch").write_text(STUB_SBATCH)
        (stubs / "sbatch").chmod(0o755)
        bad_values_are_clean_errors(binary, tmp, f)
        hostile_folder_name_stays_a_name(binary, tmp, f)
    return f.report("sweep_injection_test")


if __name__ == "__main__":
    sys.exit(main())
