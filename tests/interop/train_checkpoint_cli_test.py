#!/usr/bin/env python3
"""The command line's checkpoints: `llmlab train --save` after 20 steps writes the same bytes as 10
steps saved, then `--resume`d to 20 (AdamW state and batch sequence continue exactly, same
thread count), also with --save-every on; `llmlab sample` prints
the prompt and n characters, the same ones for the same seed; a bad checkpoint is an error
naming the file.

Usage: train_checkpoint_cli_test.py --bin LLMLAB
"""
import argparse
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
SMALL = ["--layers", "2", "--d-model", "16", "--heads", "2", "--context", "16", "--batch", "4",
         "--eval-interval", "10", "--eval-batches", "1", "--quiet"]


def run(args, work, expect=0):
    env = dict(os.environ, OMP_NUM_THREADS="1")
    result = subprocess.run(args, cwd=work, capture_output=True, text=True, timeout=300, env=env)
    if result.returncode != expect:
        raise SystemExit("%s exited %d, expected %d:\n%s%s" % (" ".join(args), result.returncode,
                                                              expect, result.stdout,
                                                              result.stderr))
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    binary = str(pathlib.Path(parser.parse_args().bin).resolve())
    failures = []

    def check(condition, what):
        print(("ok   " if condition else "FAIL ") + what)
        if not condition:
            failures.append(what)

    with tempfile.TemporaryDirectory() as scratch:
        work = pathlib.Path(scratch)
        shutil.copy(ROOT / "tests" / "data" / "train" / "tiny_corpus.txt", work / "corpus.txt")
        base = [binary, "train"] + SMALL + ["--corpus", "corpus.txt"]
        run(base + ["--steps", "20", "--save", "whole.safetensors", "--save-every", "15"], work)
        run(base + ["--steps", "10", "--save", "half.safetensors"], work)
        check((work / "half.optim.safetensors").exists(), "--save writes the AdamW state beside")
        resumed = run([binary, "train", "--resume", "half.safetensors", "--steps", "20", "--quiet",
                       "--save", "resumed.safetensors"], work)
        check("at step 20" in resumed.stdout, "the resumed run reports step 20")
        check((work / "whole.safetensors").read_bytes() ==
              (work / "resumed.safetensors").read_bytes(),
              "10 steps + resume to 20 == 20 steps, byte for byte (weights)")
        check((work / "whole.optim.safetensors").read_bytes() ==
              (work / "resumed.optim.safetensors").read_bytes(),
              "... and AdamW state")

        sample = [binary, "sample", "whole.safetensors", "--prompt", "the ", "-n", "50", "--seed",
                  "3"]
        first = run(sample, work).stdout
        check(first.startswith("the ") and len(first.rstrip("\n")) == 54,
              "sample prints the prompt and 50 characters")
        check(run(sample, work).stdout == first, "the same seed samples the same text")
        greedy = run(sample[:-2] + ["--temperature", "0"], work).stdout
        check(len(greedy.rstrip("\n")) == 54, "greedy sampling")

        (work / "bad.safetensors").write_bytes(b"\x10\x00\x00\x00\x00\x00\x00\x00{}")
        bad = run([binary, "sample", "bad.safetensors"], work, expect=1)
        check("bad.safetensors" in bad.stderr, "a bad checkpoint names the file: " +
              bad.stderr.strip().splitlines()[0])
        bad = run([binary, "train", "--resume", "missing.safetensors"], work, expect=1)
        check(f"cannot read '{work / 'missing.safetensors'}'" in bad.stderr,
              "a missing checkpoint is named by its full path: " + bad.stderr.strip())
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
