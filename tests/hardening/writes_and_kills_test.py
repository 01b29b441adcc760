#!/usr/bin/env python3
"""Issue #25 through the real binary: nothing is lost on a full disk, a kill or a full stdout.

- Output that cannot be written (stdout on /dev/full) fails the command, with a message, for
  run, train, sample and sweep status.
- The writers refuse devices and fifos, write through a symlink to a regular file (the link
  kept), never follow a link planted at a temporary name, and leave the old file whole when the
  write fails part-way (a file size limit stands in for a full disk).
- A checkpoint's model and optimiser state commit as one unit: `llmlab train --save-every 1`
  is killed (SIGKILL) 50 times at random moments, and after each kill the checkpoint on disk
  loads with `sample` and resumes with `train --resume`.
- A sweep record holding 1e999 makes `sweep report` fail cleanly, naming the file and field.
- A read error (/proc/self/mem) in fileread and load is a clean error.
- Under a memory limit, growing [s s], containers.Map inserts and dynamic fields end in the
  clean "out of memory" error, as a builtin's allocation does, and a page
  whose block prints for seconds renders, cut at --max-output.
Usage: writes_and_kills_test.py --bin LLMLAB"""
import argparse
import json
import os
import pathlib
import random
import resource
import signal
import struct
import subprocess
import sys
import tempfile
import time

FAILURES = []
TESTS = pathlib.Path(__file__).resolve().parent.parent
CORPUS = TESTS / "data" / "train" / "tiny_corpus.txt"
TINY_MODEL = ["--layers", "1", "--d-model", "16", "--heads", "2", "--context", "16",
              "--batch", "2", "--eval-interval", "1000000", "--eval-batches", "1",
              "--corpus", str(CORPUS), "--quiet"]


def expect(condition, message):
    if not condition:
        FAILURES.append(message)
    return condition


def run(binary, *args, cwd=None, stdout=subprocess.PIPE, preexec_fn=None, timeout=300):
    return subprocess.run([str(binary), *map(str, args)], stdout=stdout, stderr=subprocess.PIPE,
                          text=True, cwd=cwd, preexec_fn=preexec_fn, timeout=timeout)


def clean_error(result, what):
    """A non-zero exit with a message, and no abort or uncaught exception."""
    expect(result.returncode not in (0, -6, 134) and result.returncode > 0,
           f"{what}: exit {result.returncode}, want a clean failure; stderr: {result.stderr}")
    expect("terminate called" not in result.stderr and "Aborted" not in result.stderr,
           f"{what}: aborted: {result.stderr}")


def lost_output_fails(binary, tmp):
    script = tmp / "print.rlab"
    script.write_text('for k = 1:2000\n  disp("a line of output that goes nowhere")\nend\n')
    short = tmp / "short.rlab"
    short.write_text('disp("one line")\n')
    model = tmp / "lost.safetensors"
    trained = run(binary, "train", *TINY_MODEL, "--steps", "2", "--save", model)
    expect(trained.returncode == 0, f"tiny train: {trained.stderr}")
    commands = {
        "run (much output)": ["run", script],
        "run (one line)": ["run", short],
        "train": ["train", *TINY_MODEL, "--steps", "1"],
        "sample": ["sample", model, "-n", "20"],
        "sweep status": ["sweep", "status", tmp / "no-such-sweep"],
    }
    for what, args in commands.items():
        with open("/dev/full", "w") as full:
            result = run(binary, *args, stdout=full)
        if what == "sweep status":
            # Fails anyway (no sweep there); the point is a clean error, not an abort.
            clean_error(result, f"{what} > /dev/full")
            continue
        clean_error(result, f"{what} > /dev/full")
        expect("standard output" in result.stderr or "writing output" in result.stderr,
               f"{what} > /dev/full: no message on stderr: {result.stderr!r}")


def limit_file_size():
    """In the child: a 4 KiB file size limit, SIGXFSZ ignored, so writes fail with EFBIG."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, resource.RLIM_INFINITY))


def writers_are_safe(binary, tmp):
    folder = tmp / "writers"
    folder.mkdir()
    (folder / "target.npy").write_bytes(b"old")
    (folder / "link.npy").symlink_to("target.npy")
    os.mkfifo(folder / "pipe.csv")
    victim = folder / "victim.txt"
    victim.write_text("precious")
    script = folder / "writes.rlab"
    script.write_text('save("link.npy", [1 2 3]);\n'
                      'x = load("link.npy"); disp(sum(x));\n')
    result = run(binary, "run", script, cwd=folder)
    expect(result.returncode == 0 and "6" in result.stdout,
           f"save through a link: {result.returncode} {result.stdout} {result.stderr}")
    expect((folder / "link.npy").is_symlink(), "save() replaced the symlink instead of its target")
    expect((folder / "target.npy").read_bytes() != b"old", "save() did not write the link's target")
    for target in ("/dev/null", "pipe.csv"):
        bad = folder / "bad.rlab"
        bad.write_text(f'save("{target}", [1 2 3]);\n')
        result = run(binary, "run", bad, cwd=folder, timeout=30)
        clean_error(result, f"save to {target}")
        expect("not a regular file" in result.stderr, f"save to {target}: {result.stderr}")
    expect(pathlib.Path("/dev/null").is_char_device(), "/dev/null is no longer a device")
    # A link planted where an old saver put its temporary is not followed.
    model = folder / "m.safetensors"
    (folder / "m.safetensors.tmp").symlink_to(victim)
    result = run(binary, "train", *TINY_MODEL, "--steps", "2", "--save", model)
    expect(result.returncode == 0, f"train --save: {result.stderr}")
    expect(victim.read_text() == "precious", "the saver wrote through a planted link")
    result = run(binary, "train", *TINY_MODEL, "--steps", "2", "--save", "/dev/null")
    clean_error(result, "train --save /dev/null")
    expect(pathlib.Path("/dev/null").is_char_device(), "train --save replaced /dev/null")
    # A write cut short by a full disk leaves the old checkpoint whole.
    before = model.read_bytes()
    result = run(binary, "train", *TINY_MODEL, "--steps", "3", "--save", model,
                 preexec_fn=limit_file_size)
    clean_error(result, "train --save on a full disk")
    expect(model.read_bytes() == before, "a failed --save changed the old checkpoint")
    loaded = run(binary, "sample", model, "-n", "5")
    expect(loaded.returncode == 0, f"the old checkpoint no longer loads: {loaded.stderr}")
    leftovers = [p.name for p in folder.iterdir() if ".tmp-" in p.name]
    expect(not leftovers, f"temporaries left behind: {leftovers}")


def steps_of(path):
    """__metadata__ steps of a safetensors file, or None when it cannot be read whole."""
    try:
        data = path.read_bytes()
        size = struct.unpack("<Q", data[:8])[0]
        return int(json.loads(data[8:8 + size])["__metadata__"]["steps"])
    except (OSError, ValueError, KeyError, struct.error):
        return None


def start_training(binary, model):
    return subprocess.Popen([str(binary), "train", *TINY_MODEL, "--steps", "100000",
                             "--save-every", "1", "--save", str(model)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def seconds_to_first_checkpoint(binary, model):
    """How long a run takes to write its first checkpoint here (a sanitizer build is slower)."""
    started = time.monotonic()
    child = start_training(binary, model)
    while not model.exists() and child.poll() is None and time.monotonic() - started < 120:
        time.sleep(0.01)
    elapsed = time.monotonic() - started
    child.send_signal(signal.SIGKILL)
    child.wait()
    return elapsed if model.exists() else None


def checkpoints_survive_kills(binary, tmp, kills=50):
    folder = tmp / "kills"
    folder.mkdir()
    model = folder / "m.safetensors"
    first = seconds_to_first_checkpoint(binary, model)
    if not expect(first is not None, "no checkpoint within 120 s of starting to train"):
        return
    rng = random.Random(25)
    for attempt in range(kills):
        model.unlink(missing_ok=True)
        child = start_training(binary, model)
        # Even attempts kill at a random time scaled to this build's speed, before, during or
        # after the first write; odd ones wait for the first checkpoint and then kill while later
        # ones are written, so at least half the kills land on an overwrite however loaded the
        # machine is (a fixed delay alone let a slow machine kill before every first write).
        after_first_write = attempt % 2 == 1
        if after_first_write:
            waited = time.monotonic()
            while not model.exists() and child.poll() is None and time.monotonic() - waited < 120:
                time.sleep(0.01)
            time.sleep(rng.uniform(0.0, 2.0) * first)
        else:
            time.sleep(rng.uniform(0.3, 3.0) * first)
        child.send_signal(signal.SIGKILL)
        child.wait()
        if after_first_write and not expect(model.exists(),
                                            f"kill {attempt}: a kill after the first checkpoint "
                                            "left none"):
            break
        if not model.exists():
            continue
        sample = run(binary, "sample", model, "-n", "5")
        if not expect(sample.returncode == 0,
                      f"kill {attempt}: the checkpoint does not load: {sample.stderr}"):
            break
        steps = steps_of(model)
        resumed = run(binary, "train", *TINY_MODEL, "--resume", model,
                      "--steps", (steps or 0) + 1)
        if not expect(resumed.returncode == 0,
                      f"kill {attempt}: the checkpoint does not resume: {resumed.stderr}"):
            break


def overflowing_record_is_a_clean_error(binary, tmp):
    sweep = tmp / "report.toml"
    sweep.write_text(f"""seeds = [0]

[base]
layers = 1
d_model = 16
heads = 2
context = 16
batch = 2
steps = 2
eval_interval = 2
eval_batches = 1
corpus = "{CORPUS}"
""")
    folder = tmp / "report"
    result = run(binary, "sweep", "run", sweep, "-o", folder, "--jobs", "1")
    expect(result.returncode == 0, f"tiny sweep: {result.stderr}")
    records = list(folder.glob("runs/*/seed-0.json"))
    if not expect(len(records) == 1, f"tiny sweep: records {records}"):
        return
    text = records[0].read_text()
    records[0].write_text(text.replace('"steps_done": ', '"steps_done": 1e999, "was": ', 1))
    result = run(binary, "sweep", "report", folder)
    clean_error(result, "sweep report of a record with 1e999")
    expect(str(records[0]) in result.stderr and "steps_done" in result.stderr,
           f"the error does not name the file and field: {result.stderr}")
    records[0].write_text(text.replace('"exit_code": ', '"exit_code": 1e300, "was": ', 1))
    result = run(binary, "sweep", "report", folder)
    clean_error(result, "sweep report of a record with exit_code 1e300")
    expect("exit_code" in result.stderr, f"exit_code 1e300: {result.stderr}")


def read_errors_are_clean(binary, tmp):
    for line in ('x = fileread("/proc/self/mem");', 'x = load("/proc/self/mem");'):
        script = tmp / "read_error.rlab"
        script.write_text(line + "\n")
        result = run(binary, "run", script, timeout=60)
        clean_error(result, line)
        expect("error:" in result.stderr, f"{line}: {result.stderr}")


def sanitized(binary):
    """True for an AddressSanitizer build (GCC links its runtime, so only the hooks are inside)."""
    return b"__asan_init" in pathlib.Path(binary).read_bytes()


def allocation_failures_are_clean(binary, tmp):
    """Under a memory limit, growth outside any builtin ends in the clean "out of memory"."""
    growth = {
        "[s s]": 's = "ab";\nwhile true\n  s = [s s];\nend\n',
        "containers.Map insert": 'm = containers.Map();\nk = 0;\nwhile true\n  k = k + 1;\n'
                                 '  m(sprintf("%d", k)) = ones(1, 1e6);\nend\n',
        "dynamic field": 's = struct();\nk = 0;\nwhile true\n  k = k + 1;\n'
                         '  s.(sprintf("f%d", k)) = ones(1, 1e6);\nend\n',
    }
    if sanitized(binary):
        # ASan's shadow memory needs terabytes of address space, so no RLIMIT_AS, and its
        # throwing operator new aborts instead of throwing bad_alloc even with
        # allocator_may_return_null: these cases can only be checked on the release build.
        print("allocation failures: not checkable under AddressSanitizer (the release run checks them)")
        return

    def limit_memory():
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, resource.RLIM_INFINITY))

    for what, text in growth.items():
        script = tmp / "grow.rlab"
        script.write_text(text)
        result = subprocess.run([str(binary), "run", "-q", str(script)], capture_output=True,
                                text=True, preexec_fn=limit_memory, timeout=300)
        expect(result.returncode == 1 and "out of memory" in result.stderr,
               f"{what} under a memory limit: exit {result.returncode} (an abort is -6/134): "
               f"{result.stderr[-400:]}")
    loud_page_renders_under_a_memory_limit(binary, tmp, limit_memory)


def loud_page_renders_under_a_memory_limit(binary, tmp, limit_memory):
    """A block that prints for seconds is cut at --max-output, so the page renders in 1 GiB."""
    (tmp / "loud.md").write_text(
        "# Loud\n\n```rlab\ntic;\nwhile toc < 3\n  disp(repmat(\"x\", 1, 200))\nend\n```\n\n"
        "```rlab\ndisp(\"after the loud block\")\n```\n")
    result = subprocess.run([str(binary), "notebook", "render", "loud.md", "-o", "loud.html"],
                            capture_output=True, text=True, cwd=tmp, preexec_fn=limit_memory,
                            timeout=300)
    page = (tmp / "loud.html").read_text() if (tmp / "loud.html").exists() else ""
    expect(result.returncode == 0 and "after the loud block" in page and "output cut" in page
           and len(page) < 4 * 1024 * 1024,
           f"a loud page under a memory limit: exit {result.returncode}, {len(page)} bytes: "
           f"{result.stderr[-400:]}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    binary = pathlib.Path(parser.parse_args().bin).resolve()
    with tempfile.TemporaryDirectory(prefix="llmlab-writes-") as name:
        tmp = pathlib.Path(name)
        lost_output_fails(binary, tmp)
        writers_are_safe(binary, tmp)
        overflowing_record_is_a_clean_error(binary, tmp)
        read_errors_are_clean(binary, tmp)
        allocation_failures_are_clean(binary, tmp)
        checkpoints_survive_kills(binary, tmp)
    for failure in FAILURES:
        print(f"FAIL: {failure}")
    print(f"writes_and_kills_test: {'FAILED' if FAILURES else 'ok'} ({len(FAILURES)} failure(s))")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
