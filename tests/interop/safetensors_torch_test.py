#!/usr/bin/python3
"""Interop: a llmlab checkpoint read by an independent safetensors reader gives PyTorch the model.

For a Pre-LN and a Post-LN model trained a few steps by `llmlab train --save`, this test reads the
checkpoint with the reader below (written from the safetensors format description: an 8-byte
little-endian header length, a JSON header of dtype/shape/data_offsets per tensor and a
__metadata__ map, then raw little-endian data; only json and NumPy), loads the tensors into
bench/train_prepost.py's PyTorch GPT (the architecture tools/torch_reference.py also uses), and
checks its logits on a text against llmlab's gpt_forward to 1e-5 relative, in float32.

Run with Debian's interpreter (python3-torch, python3-numpy):
  /usr/bin/python3 tests/interop/safetensors_torch_test.py --bin build/release/llmlab
"""
import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

import numpy as np
import torch

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The shared folder sits beside the checkout in CI and at /work/shared on the lab machines (as
# tools/torch_reference.py expects).
BENCH = [p for p in (ROOT.parent / "shared" / "bench", pathlib.Path("/work/shared/bench"))
         if (p / "train_prepost.py").exists()]
if not BENCH:
    raise SystemExit("train_prepost.py not found beside the checkout (../shared/bench) or in "
                     "/work/shared/bench")
sys.path.insert(0, str(BENCH[0]))
from train_prepost import GPT  # noqa: E402  (the baseline's PyTorch model)

DTYPES = {"F32": "<f4", "F64": "<f8", "F16": "<f2", "I32": "<i4", "I64": "<i8", "U8": "u1"}
TEXT = "the cat sat on"


def read_safetensors(path):
    """(tensors by name as NumPy arrays, metadata) of a safetensors file."""
    raw = pathlib.Path(path).read_bytes()
    header_length = int.from_bytes(raw[:8], "little")
    header = json.loads(raw[8:8 + header_length].decode("utf-8"))
    data = raw[8 + header_length:]
    metadata = header.pop("__metadata__", {})
    tensors = {}
    for name, entry in header.items():
        begin, end = entry["data_offsets"]
        array = np.frombuffer(data[begin:end], dtype=DTYPES[entry["dtype"]])
        tensors[name] = array.reshape(entry["shape"])
    return tensors, metadata


def torch_model(tensors, metadata):
    """bench/train_prepost.py's GPT with the checkpoint's weights (GPT-2 names and layouts)."""
    config = json.loads(metadata["config"])
    vocabulary = metadata["vocabulary"]
    layers, d_model = config["layers"], config["d_model"]
    assert config["norm_kind"] == "layernorm" and config["activation"] == "gelu"
    assert config["mlp_ratio"] == 4
    model = GPT(len(vocabulary), d_model, layers, config["heads"], config["context"],
                config["norm"])
    state = {"wte.weight": tensors["wte.weight"], "wpe.weight": tensors["wpe.weight"]}
    for l in range(layers):
        h, b = "h.%d." % l, "blocks.%d." % l
        # GPT-2's Conv1D weights are (in, out): nn.Linear's transposes.
        for ours, theirs, transpose in (
                ("ln1.weight", "ln_1.weight", False), ("ln1.bias", "ln_1.bias", False),
                ("qkv.weight", "attn.c_attn.weight", True), ("qkv.bias", "attn.c_attn.bias", False),
                ("proj.weight", "attn.c_proj.weight", True),
                ("proj.bias", "attn.c_proj.bias", False),
                ("ln2.weight", "ln_2.weight", False), ("ln2.bias", "ln_2.bias", False),
                ("fc.weight", "mlp.c_fc.weight", True), ("fc.bias", "mlp.c_fc.bias", False),
                ("fc_out.weight", "mlp.c_proj.weight", True),
                ("fc_out.bias", "mlp.c_proj.bias", False)):
            value = tensors[h + theirs]
            state[b + ours] = value.T if transpose else value
    if config["norm"] == "pre":
        state["ln_f.weight"] = tensors["ln_f.weight"]
        state["ln_f.bias"] = tensors["ln_f.bias"]
    state["head.weight"] = tensors["wte.weight"]
    used = {name for name in tensors}
    expected = {"wte.weight", "wpe.weight"} | {n for n in tensors if n.startswith("h.")}
    if config["norm"] == "pre":
        expected |= {"ln_f.weight", "ln_f.bias"}
    assert used == expected, "unexpected tensors: %s" % (used ^ expected)
    model.load_state_dict({k: torch.tensor(np.ascontiguousarray(v)) for k, v in state.items()})
    return model, vocabulary


def llmlab_logits(binary, work, checkpoint):
    script = work / ("logits_%s.rlab" % checkpoint.stem)
    script.write_text('out = gpt_forward(gpt_load("%s"), "%s");\nprintf("%%.9e\\n", out.logits\');\n'
                      % (checkpoint.name, TEXT))
    result = subprocess.run([binary, "run", "-q", script.name], cwd=work, capture_output=True,
                            text=True, timeout=120)
    if result.returncode != 0:
        raise SystemExit("llmlab run failed:\n" + result.stdout + result.stderr)
    return np.array([float(line) for line in result.stdout.split()], dtype=np.float64)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    binary = str(pathlib.Path(args.bin).resolve())
    failures = 0
    with tempfile.TemporaryDirectory() as scratch:
        work = pathlib.Path(scratch)
        corpus = work / "corpus.txt"
        shutil.copy(ROOT / "tests" / "data" / "train" / "tiny_corpus.txt", corpus)
        for norm in ("pre", "post"):
            checkpoint = work / ("%s.safetensors" % norm)
            train = [binary, "train", "--layers", "2", "--d-model", "16", "--heads", "2",
                     "--context", "16", "--batch", "4", "--steps", "30", "--lr", "1e-2",
                     "--eval-batches", "1", "--norm", norm, "--corpus", str(corpus), "--quiet",
                     "--save", str(checkpoint)]
            result = subprocess.run(train, capture_output=True, text=True, timeout=300,
                                    env=dict(os.environ, OMP_NUM_THREADS="1"))
            if result.returncode != 0:
                raise SystemExit("llmlab train failed:\n" + result.stdout + result.stderr)
            tensors, metadata = read_safetensors(checkpoint)
            assert all(t.dtype == np.float32 for t in tensors.values())
            model, vocabulary = torch_model(tensors, metadata)
            tokens = torch.tensor([[vocabulary.index(c) for c in TEXT]])
            with torch.no_grad():
                theirs = model(tokens)[0][0].double().numpy().ravel()
            ours = llmlab_logits(binary, work, checkpoint)
            relative = np.max(np.abs(ours - theirs)) / np.max(np.abs(theirs))
            ok = ours.shape == theirs.shape and relative <= 1e-5
            failures += 0 if ok else 1
            print("%s-LN: %d logits, max relative difference %.2e %s"
                  % (norm, theirs.size, relative, "ok" if ok else "FAIL (limit 1e-5)"))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
