#!/usr/bin/python3
"""A transformer block's loss and every parameter gradient: llmlab's grad against PyTorch.

--batch B draws B sequences; the model file then computes the whole batch at once
(batched_transformer_block.rlab: T×d×B arrays, pagemtimes and attention, issue #27).

The parameters are drawn here (NumPy, fixed seed), written into the rlab script as exact
decimal literals (%.17g round-trips a double), and the block of transformer_block.rlab is run
through `llmlab run`; the same block in PyTorch float64 (torch.autograd) gives the reference.
Passes when the loss and every gradient entry agree to 1e-12 relative (|a - b| <= 1e-12 ·
max(|b|, the tensor's largest magnitude)), and prints the worst figure per tensor. The key bias
bk has an exact gradient of zero (a softmax row does not change when one constant is added to
all its scores), so both sides hold rounding noise there; a tensor whose entries are all below
1e-14 is compared in absolute terms, to 1e-15.
Needs Debian's python3-torch: run with /usr/bin/python3.
"""
import argparse
import pathlib
import subprocess
import sys
import tempfile

import numpy as np
import torch

V, T, D, HEADS = 11, 8, 16, 2
TOLERANCE = 1e-12


def parameters(rng):
    def normal(*shape, scale=0.3):
        return rng.normal(0.0, scale, size=shape)

    return {
        "wte": normal(V, D), "wpe": normal(T, D),
        "ln1_g": 1.0 + normal(1, D, scale=0.1), "ln1_b": normal(1, D, scale=0.1),
        "Wq": normal(D, D), "bq": normal(1, D, scale=0.1),
        "Wk": normal(D, D), "bk": normal(1, D, scale=0.1),
        "Wv": normal(D, D), "bv": normal(1, D, scale=0.1),
        "Wo": normal(D, D), "bo": normal(1, D, scale=0.1),
        "ln2_g": 1.0 + normal(1, D, scale=0.1), "ln2_b": normal(1, D, scale=0.1),
        "W1": normal(D, 4 * D), "b1": normal(1, 4 * D, scale=0.1),
        "W2": normal(4 * D, D), "b2": normal(1, D, scale=0.1),
        "lnf_g": 1.0 + normal(1, D, scale=0.1), "lnf_b": normal(1, D, scale=0.1),
        "Wlm": normal(D, V),
    }


# Appended to the model file: the loss and every gradient, row-major, at full precision.
PRINT_GRADIENTS = """
[loss, g] = value_and_grad(@(p) block_loss(p, ids, targets, heads), p);
printf("loss %.17g\\n", loss);
names = fieldnames(g);
for n = 1:numel(names)
  values = g.(names(n));
  printf("grad %s", names(n));
  printf(" %.17g", reshape(values', 1, []));
  printf("\\n");
end
"""


def rlab_matrix(values):
    rows = ["  ".join(f"{x:.17g}" for x in row) for row in values]
    return "[" + "; ".join(rows) + "]"


def torch_reference(params, ids, targets):
    p = {name: torch.tensor(value, dtype=torch.float64, requires_grad=True)
         for name, value in params.items()}
    ids_t = torch.tensor(ids) - 1          # (B, T)
    targets_t = torch.tensor(targets) - 1
    dh = D // HEADS
    h = p["wte"][ids_t] + p["wpe"][:T]      # (B, T, D)
    a = torch.nn.functional.layer_norm(h, (D,), p["ln1_g"][0], p["ln1_b"][0], 1e-5)
    q, k, v = a @ p["Wq"] + p["bq"], a @ p["Wk"] + p["bk"], a @ p["Wv"] + p["bv"]
    mask = torch.triu(torch.full((T, T), -1e9, dtype=torch.float64), diagonal=1)
    heads = []
    for j in range(HEADS):
        cols = slice(j * dh, (j + 1) * dh)
        scores = q[..., cols] @ k[..., cols].transpose(-1, -2) / dh ** 0.5 + mask
        heads.append(torch.softmax(scores, dim=-1) @ v[..., cols])
    h = h + torch.cat(heads, dim=-1) @ p["Wo"] + p["bo"]
    m = torch.nn.functional.layer_norm(h, (D,), p["ln2_g"][0], p["ln2_b"][0], 1e-5)
    h = h + torch.nn.functional.gelu(m @ p["W1"] + p["b1"], approximate="tanh") @ p["W2"] + p["b2"]
    f = torch.nn.functional.layer_norm(h, (D,), p["lnf_g"][0], p["lnf_b"][0], 1e-5)
    loss = torch.nn.functional.cross_entropy((f @ p["Wlm"]).reshape(-1, V), targets_t.reshape(-1))
    loss.backward()
    return loss.item(), {name: tensor.grad.numpy() for name, tensor in p.items()}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--model", required=True)
    parser.add_argument("--batch", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.default_rng(13)
    params = parameters(rng)
    ids = rng.integers(1, V + 1, size=(args.batch, T)).tolist()
    targets = rng.integers(1, V + 1, size=(args.batch, T)).tolist()
    lines = [f"p.{name} = {rlab_matrix(value)};" for name, value in params.items()]
    lines.append(f"ids = {rlab_matrix(ids)};")
    lines.append(f"targets = {rlab_matrix(targets)};")
    lines.append(f"heads = {HEADS};")
    model = pathlib.Path(args.model).read_text()
    with tempfile.TemporaryDirectory() as tmp:
        script = pathlib.Path(tmp) / "block.rlab"
        script.write_text("\n".join(lines) + "\n" + model + PRINT_GRADIENTS)
        run = subprocess.run([args.bin, "run", str(script)], capture_output=True, text=True,
                             timeout=300)
    if run.returncode != 0:
        print(run.stdout, run.stderr, sep="\n")
        return 1
    ours_loss, ours = None, {}
    for line in run.stdout.splitlines():
        fields = line.split()
        if fields[0] == "loss":
            ours_loss = float(fields[1])
        elif fields[0] == "grad":
            ours[fields[1]] = np.array([float(x) for x in fields[2:]])
    loss, reference = torch_reference(params, ids, targets)
    failures = []
    loss_error = abs(ours_loss - loss) / abs(loss)
    print(f"loss llmlab {ours_loss:.17g} torch {loss:.17g} relative {loss_error:.2e}")
    if loss_error > TOLERANCE:
        failures.append("loss")
    worst_overall = 0.0
    for name, expected in reference.items():
        got = ours.get(name)
        flat = expected.reshape(-1)
        if got is None or got.shape != flat.shape:
            failures.append(f"{name}: missing or wrong size")
            continue
        largest = np.abs(flat).max()
        if largest < 1e-14:
            absolute = float(np.max(np.abs(got - flat)))
            print(f"grad {name:6s} {flat.size:5d} entries, zero up to rounding: "
                  f"max |difference| {absolute:.2e}")
            if absolute > 1e-15:
                failures.append(name)
            continue
        worst = float(np.max(np.abs(got - flat) / np.maximum(np.abs(flat), largest)))
        worst_overall = max(worst_overall, worst)
        print(f"grad {name:6s} {flat.size:5d} entries, max relative difference {worst:.2e}")
        if worst > TOLERANCE:
            failures.append(name)
    print(f"worst gradient difference {worst_overall:.2e} (tolerance {TOLERANCE:g})")
    if failures:
        print("FAILED: " + ", ".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
