#!/usr/bin/python3
"""The autodiff benchmark: a 2-block Pre-LN character GPT trained in rlab (autodiff_gpt.rlab,
value_and_grad + adamw) and the same model in PyTorch eager, side by side in one run.

Model: d 64, 4 heads, context 64, batch 16, MLP 4d with GELU (tanh), float64, AdamW (lr 1e-3,
betas 0.9/0.999, eps 1e-8, weight decay 0.01), the Vim user manual (usr_*.txt) as characters.
Both sides run the same number of steps; the first two are warm-up and the medians of the
rest are compared. llmlab runs in a child process, PyTorch in this one, each at --threads
threads (OpenBLAS's pool included: PyTorch multiplies through OpenBLAS, which
torch.set_num_threads does not reach). --repeats N runs the pair N times, alternating, and
reports the median ratio: on a shared machine the speed drifts between runs, and alternating
puts both sides under the same drift. The peak resident memory of each process is reported too
(for llmlab: the interpreter, the tape at its largest and the model).

    /usr/bin/python3 bench/autodiff_gpt_torch.py [--steps 20] [--threads 1] [--repeats 3]
        [--bin build/release/llmlab]
"""
import argparse
import os
import pathlib
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from openblas_kernels import (kernel_environment, restart_with_kernels_named,  # noqa: E402
                             thread_environment)


def parse_arguments():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--bin", default="build/release/llmlab")
    parser.add_argument("--threads", type=int, default=1,
                        help="BLAS/OpenMP/torch threads on both sides (default 1)")
    parser.add_argument("--repeats", type=int, default=1,
                        help="runs of the pair, alternating; the median ratio is reported")
    return parser.parse_args()


ARGUMENTS = parse_arguments()  # before the imports below: the thread count is set at exec
restart_with_kernels_named(ARGUMENTS.threads)

import numpy as np  # noqa: E402
import torch  # noqa: E402

CORPUS = pathlib.Path("/usr/share/vim/vim90/doc")
D, HEADS, T, B, LAYERS = 64, 4, 64, 16, 2


def corpus_ids():
    text = "".join(p.read_text(errors="replace") for p in sorted(CORPUS.glob("usr_*.txt")))
    chars = sorted(set(text))
    index = {c: i + 1 for i, c in enumerate(chars)}
    return np.array([index[c] for c in text], dtype=np.float64), len(chars)


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1 = torch.nn.LayerNorm(D, dtype=torch.float64)
        self.qkv = torch.nn.Linear(D, 3 * D, dtype=torch.float64)
        self.proj = torch.nn.Linear(D, D, dtype=torch.float64)
        self.ln2 = torch.nn.LayerNorm(D, dtype=torch.float64)
        self.fc1 = torch.nn.Linear(D, 4 * D, dtype=torch.float64)
        self.fc2 = torch.nn.Linear(4 * D, D, dtype=torch.float64)

    def forward(self, h, mask):
        batch, length, _ = h.shape
        q, k, v = self.qkv(self.ln1(h)).split(D, dim=2)
        shape = (batch, length, HEADS, D // HEADS)
        q, k, v = (x.view(shape).transpose(1, 2) for x in (q, k, v))
        scores = q @ k.transpose(-2, -1) / (D // HEADS) ** 0.5 + mask
        att = (torch.softmax(scores, dim=-1) @ v).transpose(1, 2).reshape(batch, length, D)
        h = h + self.proj(att)
        return h + self.fc2(torch.nn.functional.gelu(self.fc1(self.ln2(h)), approximate="tanh"))


class Gpt(torch.nn.Module):
    def __init__(self, vocabulary):
        super().__init__()
        self.wte = torch.nn.Embedding(vocabulary, D, dtype=torch.float64)
        self.wpe = torch.nn.Embedding(T, D, dtype=torch.float64)
        self.blocks = torch.nn.ModuleList(Block() for _ in range(LAYERS))
        self.lnf = torch.nn.LayerNorm(D, dtype=torch.float64)
        self.head = torch.nn.Linear(D, vocabulary, bias=False, dtype=torch.float64)
        self.register_buffer("mask", torch.triu(torch.full((T, T), -1e9, dtype=torch.float64), 1))

    def forward(self, x, y):
        h = self.wte(x) + self.wpe(torch.arange(T))
        for block in self.blocks:
            h = block(h, self.mask)
        logits = self.head(self.lnf(h))
        return torch.nn.functional.cross_entropy(logits.view(-1, logits.shape[-1]), y.view(-1))


def torch_run(ids, vocabulary, steps):
    torch.manual_seed(1)
    model = Gpt(vocabulary)
    optimiser = torch.optim.AdamW(model.parameters(), lr=1e-3, betas=(0.9, 0.999), eps=1e-8,
                                  weight_decay=0.01)
    tokens = torch.tensor(ids, dtype=torch.long) - 1
    generator = np.random.default_rng(1)
    forward_times, step_times = [], []
    for _ in range(steps):
        starts = generator.integers(0, len(tokens) - T - 1, size=B)
        x = torch.stack([tokens[s:s + T] for s in starts])
        y = torch.stack([tokens[s + 1:s + T + 1] for s in starts])
        with torch.no_grad():
            begin = time.perf_counter()
            model(x, y)
            forward_times.append(time.perf_counter() - begin)
        begin = time.perf_counter()
        optimiser.zero_grad(set_to_none=True)
        loss = model(x, y)
        loss.backward()
        optimiser.step()
        step_times.append(time.perf_counter() - begin)
    return statistics.median(forward_times[2:]), statistics.median(step_times[2:]), loss.item()


def run_with_peak(command, cwd, env):
    """Runs command, polling its VmHWM (peak resident set) from /proc; returns (MiB, CPU
    seconds, result). getrusage's children figure would include the forking Python process's
    own pages; wait4 gives this one child's CPU time."""
    # Files rather than pipes: the output is read after the child is reaped (wait4).
    out, err = tempfile.TemporaryFile("w+"), tempfile.TemporaryFile("w+")
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=out, stderr=err, text=True)
    peak = 0
    status = pathlib.Path(f"/proc/{process.pid}/status")
    cpu = 0.0
    while True:
        pid, status_code, usage = os.wait4(process.pid, os.WNOHANG)
        if pid == process.pid:
            process.returncode = os.waitstatus_to_exitcode(status_code)
            cpu = usage.ru_utime + usage.ru_stime
            break
        try:
            for line in status.read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak = max(peak, int(line.split()[1]) // 1024)
        except (FileNotFoundError, ProcessLookupError, ValueError):
            pass
        time.sleep(0.05)
    out.seek(0)
    err.seek(0)
    stdout, stderr = out.read(), err.read()
    out.close()
    err.close()
    return peak, cpu, subprocess.CompletedProcess(command, process.returncode, stdout, stderr)


def run_llmlab(binary, ids, steps, threads):
    """One llmlab run in a fresh directory: (step ms, peak MiB, CPU s, the run's summary lines)."""
    here = pathlib.Path(__file__).resolve().parent
    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp)
        np.save(work / "tokens.npy", ids)
        np.save(work / "settings.npy", np.array([steps, 1.0]))
        shutil.copy(here / "autodiff_gpt.rlab", work / "autodiff_gpt.rlab")
        env = {"PATH": "/usr/bin:/bin", **thread_environment(threads), **kernel_environment()}
        peak, cpu, run = run_with_peak([str(pathlib.Path(binary).resolve()), "run",
                                        "autodiff_gpt.rlab"], work, env)
    if run.returncode != 0:
        raise RuntimeError(f"llmlab failed:\n{run.stdout}\n{run.stderr}")
    summary = run.stdout.strip().splitlines()
    return float(summary[-1].split()[2]), peak, cpu, summary


def run_pair(args, ids, vocabulary):
    """llmlab, then PyTorch; prints both and returns the step-time ratio."""
    llmlab_step, llmlab_peak, llmlab_cpu, summary = run_llmlab(args.bin, ids, args.steps,
                                                               args.threads)
    print(summary[-4])  # the last step's loss
    print(summary[-3])  # the tape's size
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    cpu_begin = time.process_time()
    forward, step, loss = torch_run(ids, vocabulary, args.steps)
    torch_cpu = time.process_time() - cpu_begin
    torch_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(summary[-2])
    print(f"torch  forward (no_grad) {1000 * forward:.2f} ms, step (forward, backward, AdamW) "
          f"{1000 * step:.2f} ms, last loss {loss:.6f}")
    ratio = llmlab_step / (1000 * step)
    print(f"step time ratio llmlab / torch: {ratio:.2f} ({llmlab_step:.2f} / {1000 * step:.2f} ms)")
    # On a shared machine the wall-clock medians include waiting for a core; CPU time does not.
    # Per iteration: the untaped forward plus the training step, over the whole run.
    print(f"CPU time per iteration: llmlab {1000 * llmlab_cpu / args.steps:.2f} ms (process, "
          f"start-up included), torch {1000 * torch_cpu / args.steps:.2f} ms; ratio "
          f"{llmlab_cpu / torch_cpu:.2f}")
    print(f"peak resident memory: llmlab process {llmlab_peak:.0f} MiB, torch process "
          f"{torch_peak:.0f} MiB ({before:.0f} MiB before the model)")
    return ratio


def main() -> int:
    args = ARGUMENTS
    ids, vocabulary = corpus_ids()
    torch.set_num_threads(args.threads)
    print(f"threads {args.threads} (torch {torch.get_num_threads()}, OpenBLAS "
          f"{os.environ['OPENBLAS_NUM_THREADS']}), {args.steps} steps, {args.repeats} run(s)")
    try:
        ratios = [run_pair(args, ids, vocabulary) for _ in range(args.repeats)]
    except RuntimeError as failure:
        print(failure)
        return 1
    if args.repeats > 1:
        print(f"median step time ratio over {args.repeats} alternating runs: "
              f"{statistics.median(ratios):.2f} (each: {', '.join(f'{r:.2f}' for r in ratios)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
