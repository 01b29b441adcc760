#!/usr/bin/python3
"""torch_reference.py -- reference values for llmlab's trainer (tests/unit/train/reference_test.cpp),
in the spirit of llm.c's test_gpt2.c: a tiny GPT built by bench/train_prepost.py's own GPT class
(so the model, tied embedding, exact GELU and LayerNorm are PyTorch's), random weights, one batch,
then the loss, every parameter gradient, and the losses of three AdamW steps on that batch.

Run with Debian's interpreter (python3-torch): /usr/bin/python3 tools/torch_reference.py
It writes tests/data/train/reference_tiny_{pre,post}.bin. CI does not need torch: the files are
committed.

File format (little-endian): the 8 bytes "LLMLABR1", a u32 entry count, then per entry a u32 name
length, the name (ASCII), a u32 value count and that many float32 values. Entries:
  config            vocab, layers, d_model, heads, context, batch, placement (0 pre, 1 post),
                    adamw lr, weight decay, adamw steps
  tokens, targets   (batch, context) token ids as floats
  param/<name>      initial weights, PyTorch names (wte.weight, blocks.0.qkv.weight, ...)
  loss              the mean cross-entropy at the initial weights
  grad/<name>       its gradient
  adamw_losses      the loss before each of the AdamW steps, then after the last
"""
import os
import struct
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, "/work/shared/bench")
from train_prepost import GPT  # noqa: E402  (the baseline's exact model)

VOCAB, LAYERS, D_MODEL, HEADS, CONTEXT, BATCH = 11, 2, 16, 2, 8, 2
LR, WEIGHT_DECAY, ADAMW_STEPS = 1e-2, 0.01, 3


def write(path, entries):
    with open(path, "wb") as f:
        f.write(b"LLMLABR1")
        f.write(struct.pack("<I", len(entries)))
        for name, values in entries:
            data = [float(v) for v in values]
            raw = name.encode("ascii")
            f.write(struct.pack("<I", len(raw)))
            f.write(raw)
            f.write(struct.pack("<I", len(data)))
            f.write(struct.pack("<%df" % len(data), *data))


def reference(placement):
    torch.manual_seed(7)
    model = GPT(VOCAB, D_MODEL, LAYERS, HEADS, CONTEXT, placement)
    # Weights far from the initialisation's symmetries (norm gains 1, biases 0), so every
    # parameter's gradient path is exercised with values of order one.
    with torch.no_grad():
        for name, p in model.named_parameters():
            if name.endswith("ln1.weight") or name.endswith("ln2.weight") or name == "ln_f.weight":
                p.copy_(1.0 + 0.2 * torch.randn_like(p))
            else:
                p.copy_(0.3 * torch.randn_like(p))
    tokens = torch.randint(VOCAB, (BATCH, CONTEXT))
    targets = torch.randint(VOCAB, (BATCH, CONTEXT))
    entries = [("config", [VOCAB, LAYERS, D_MODEL, HEADS, CONTEXT, BATCH,
                           0 if placement == "pre" else 1, LR, WEIGHT_DECAY, ADAMW_STEPS]),
               ("tokens", tokens.flatten().tolist()), ("targets", targets.flatten().tolist())]
    named = list(model.named_parameters())
    entries += [("param/" + n, p.detach().flatten().tolist()) for n, p in named]
    _, loss = model(tokens, targets)
    loss.backward()
    entries.append(("loss", [loss.item()]))
    entries += [("grad/" + n, p.grad.flatten().tolist()) for n, p in named]
    opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=WEIGHT_DECAY)
    losses = []
    for _ in range(ADAMW_STEPS):
        opt.zero_grad(set_to_none=True)
        _, loss = model(tokens, targets)
        losses.append(loss.item())
        loss.backward()
        opt.step()
    with torch.no_grad():
        losses.append(model(tokens, targets)[1].item())
    entries.append(("adamw_losses", losses))
    return entries


def main():
    out_dir = os.path.join(HERE, "..", "tests", "data", "train")
    os.makedirs(out_dir, exist_ok=True)
    for placement in ("pre", "post"):
        path = os.path.join(out_dir, "reference_tiny_%s.bin" % placement)
        entries = reference(placement)
        write(path, entries)
        path = os.path.normpath(path)
        print("%s: %d entries, loss %.6f -> %s" % (path, len(entries), entries[-1][1][0],
                                                    entries[-1][1][-1]))


if __name__ == "__main__":
    main()
