#!/usr/bin/python3
"""PyTorch's side of bench_generate_throughput: the same checkpoint (written by
`bench_generate_throughput --save FILE`) in bench/train_prepost.py's GPT, generating 256 tokens at
batch 1 with its own KV-cached loop (keys and values appended per layer, one position per token,
the window restarting from its last context/2 tokens when full, as llmlab's), temperature 1.

Usage: /usr/bin/python3 bench/generate_torch.py FILE [--repeats N]
"""
import argparse
import json
import math
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from openblas_kernels import restart_with_kernels_named  # noqa: E402

restart_with_kernels_named()

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
BENCH = [p for p in (ROOT.parent / "shared" / "bench", pathlib.Path("/work/shared/bench"))
         if (p / "train_prepost.py").exists()]
sys.path.insert(0, str(BENCH[0]))
from train_prepost import GPT  # noqa: E402

TOKENS = 256


def load(path):
    raw = pathlib.Path(path).read_bytes()
    n = int.from_bytes(raw[:8], "little")
    header = json.loads(raw[8:8 + n])
    data = raw[8 + n:]
    meta = header.pop("__metadata__")
    tensors = {k: np.frombuffer(data[v["data_offsets"][0]:v["data_offsets"][1]], "<f4")
               .reshape(v["shape"]) for k, v in header.items()}
    config = json.loads(meta["config"])
    model = GPT(len(meta["vocabulary"]), config["d_model"], config["layers"], config["heads"],
                config["context"], config["norm"])
    state = {"wte.weight": tensors["wte.weight"], "wpe.weight": tensors["wpe.weight"],
             "head.weight": tensors["wte.weight"]}
    names = {"ln1": "ln_1", "ln2": "ln_2", "qkv": "attn.c_attn", "proj": "attn.c_proj",
             "fc": "mlp.c_fc", "fc_out": "mlp.c_proj"}
    for l in range(config["layers"]):
        for ours, theirs in names.items():
            w = tensors["h.%d.%s.weight" % (l, theirs)]
            state["blocks.%d.%s.weight" % (l, ours)] = w.T if w.ndim == 2 else w
            state["blocks.%d.%s.bias" % (l, ours)] = tensors["h.%d.%s.bias" % (l, theirs)]
    if config["norm"] == "pre":
        state["ln_f.weight"] = tensors["ln_f.weight"]
        state["ln_f.bias"] = tensors["ln_f.bias"]
    model.load_state_dict({k: torch.tensor(np.ascontiguousarray(v)) for k, v in state.items()})
    return model.eval(), config


class Cache:
    def __init__(self, model, context):
        self.model, self.context = model, context
        d = model.wte.weight.shape[1]
        self.k = [torch.zeros(context, d) for _ in model.blocks]
        self.v = [torch.zeros(context, d) for _ in model.blocks]
        self.pos = 0

    def step(self, token):
        m, p = self.model, self.pos
        x = m.wte.weight[token] + m.wpe.weight[p]
        for i, b in enumerate(m.blocks):
            pre = b.ln_kind == "pre"
            h = b.ln1(x) if pre else x
            q, k, v = b.qkv(h).split(x.shape[0])
            self.k[i][p] = k
            self.v[i][p] = v
            nh = b.n_head
            hs = x.shape[0] // nh
            K = self.k[i][:p + 1].view(p + 1, nh, hs).transpose(0, 1)
            V = self.v[i][:p + 1].view(p + 1, nh, hs).transpose(0, 1)
            att = torch.softmax((K @ q.view(nh, hs, 1)).squeeze(-1) / math.sqrt(hs), dim=-1)
            y = (att.unsqueeze(1) @ V).reshape(-1)
            if pre:
                x = x + b.proj(y)
                x = x + b.mlp(b.ln2(x))
            else:
                x = b.ln1(x + b.proj(y))
                x = b.ln2(x + b.mlp(x))
        self.pos += 1
        return m.head(m.ln_f(x))


def generate(model, context, generator):
    cache = Cache(model, context)
    sequence, start = [0], 0
    logits = cache.step(0)
    for i in range(TOKENS):
        token = int(torch.multinomial(torch.softmax(logits, -1), 1, generator=generator))
        sequence.append(token)
        if i + 1 == TOKENS:
            break
        if len(sequence) - start > context:
            start = len(sequence) - max(1, context // 2)
            cache.pos = 0
            for t in sequence[start:]:
                logits = cache.step(t)
        else:
            logits = cache.step(token)
    return sequence[1:]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("checkpoint")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    model, config = load(args.checkpoint)
    rates, cpu_rates = [], []
    with torch.no_grad():
        generate(model, config["context"], torch.Generator().manual_seed(0))
        for r in range(args.repeats):
            start, cpu_start = time.perf_counter(), time.process_time()
            tokens = generate(model, config["context"], torch.Generator().manual_seed(r))
            cpu_rates.append(len(tokens) / (time.process_time() - cpu_start))
            rates.append(len(tokens) / (time.perf_counter() - start))
    print("pytorch %s, %d threads: generation (batch 1, %d tokens, KV cache): median %.0f "
          "tokens/s wall (best %.0f), %.0f tokens per CPU second"
          % (torch.__version__, torch.get_num_threads(), TOKENS, statistics.median(rates),
             max(rates), statistics.median(cpu_rates)))


if __name__ == "__main__":
    main()
