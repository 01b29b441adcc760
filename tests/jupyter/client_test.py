#!/usr/bin/env python3
"""The kernel driven by jupyter_client as a front end drives it: interrupting a running
infinite loop leaves the kernel and its variables alive, a failing cell leaves earlier
variables intact, a cell echoes what `llmlab run` prints for the same lines, and a restart
gives a fresh session.
Usage: /usr/bin/python3 client_test.py --bin LLMLAB
"""
import argparse
import json
import os
import pathlib
import queue
import re
import shutil
import subprocess
import sys
import time

import jupyter_env
from checks import check, failures


def run(client, code, timeout=90, **options):
    """The reply's content and the cell's output messages as (type, content) pairs."""
    outputs = []
    reply = client.execute_interactive(
        code, timeout=timeout, **options,
        output_hook=lambda msg: outputs.append((msg["msg_type"], msg["content"])))
    return reply["content"], outputs


def text_of(outputs):
    parts = []
    for kind, content in outputs:
        if kind == "stream":
            parts.append(content["text"])
        elif kind in ("execute_result", "display_data"):
            parts.append(content["data"].get("text/plain", ""))
    return "".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    jupyter_env.setup(args.bin)
    # The command users type (Debian: jupyter-core's `jupyter`, jupyter-client's subcommand).
    jupyter = shutil.which("jupyter")
    check(jupyter is not None, "the jupyter command is installed (make deps: jupyter-client)")
    listing = subprocess.run([jupyter or "jupyter", "kernelspec", "list"],
                             capture_output=True, text=True) if jupyter else None
    shown = listing.stdout if listing else ""
    check(listing is not None and listing.returncode == 0 and
          any(line.split()[:1] == ["llmlab"] for line in shown.splitlines()),
          f"jupyter kernelspec list shows the installed kernel ({shown.strip()!r}"
          f"{listing.stderr.strip()[-300:] if listing else ''})")
    spec = json.loads((pathlib.Path(os.environ["JUPYTER_PATH"]) / "kernels" / "llmlab" /
                       "kernel.json").read_text())
    check(spec["argv"][0] == os.environ["LLMLAB_BIN"] and spec["display_name"] == "llmlab (rlab)",
          "kernel.json names this binary by its absolute path, as \"llmlab (rlab)\"")
    for size in (32, 64):
        logo = (pathlib.Path(os.environ["JUPYTER_PATH"]) / "kernels" / "llmlab" /
                f"logo-{size}x{size}.png").read_bytes()
        width, height = int.from_bytes(logo[16:20], "big"), int.from_bytes(logo[20:24], "big")
        check(logo.startswith(b"\x89PNG") and (width, height) == (size, size),
              f"the {size}x{size} logo is a {size}x{size} PNG (got {width}x{height})")
    with jupyter_env.running_kernel() as (manager, client):
        reply, _ = run(client, "y = 5;")
        check(reply["status"] == "ok", "y = 5; runs")

        # An infinite loop, interrupted from outside as a front end's stop button does: once the
        # cell has started (its execute_input is out), and again every few seconds, as a user
        # would press again, should the first signal come before the loop on a loaded machine.
        msg_id = client.execute("k = 0;\nwhile true\n  k = k + 1;\nend")
        deadline = time.time() + 30
        while time.time() < deadline:
            msg = client.get_iopub_msg(timeout=30)
            if (msg["parent_header"].get("msg_id") == msg_id and
                    msg["msg_type"] == "execute_input"):
                break
        time.sleep(0.5)
        reply = None
        presses = 0
        while reply is None and presses < 5:
            manager.interrupt_kernel()
            presses += 1
            try:
                while True:
                    msg = client.get_shell_msg(timeout=8)
                    if msg["parent_header"].get("msg_id") == msg_id:
                        reply = msg["content"]
                        break
            except queue.Empty:
                pass
        check(reply is not None, "the interrupted cell replied")
        if reply is not None:
            check(reply["status"] == "error" and reply["evalue"] == "interrupted",
                  f"the loop ended with an 'interrupted' error (got {reply.get('evalue')!r})")
        check(manager.is_alive(), "the kernel survived the interrupt")

        reply, outputs = run(client, "x = 1 + 1", user_expressions={"x": "x"})
        got = reply.get("user_expressions", {}).get("x", {}).get("data", {}).get("text/plain")
        check(reply["status"] == "ok" and got == "2",
              f"x = 1 + 1 gives 2 after the interrupt (got {got!r})")
        reply, outputs = run(client, "k > 0")
        check(reply["status"] == "ok" and text_of(outputs).strip() == "true",
              f"the loop's counter k survived and advanced (got {text_of(outputs)!r})")

        # An error leaves the session's variables as they were.
        reply, outputs = run(client, "z = 7;\nundefined_function_here(3)")
        check(reply["status"] == "error", "a failing cell replies with an error")
        check(any(line.find("cell:2:1") >= 0 for line in reply.get("traceback", [])),
              f"its traceback names cell:2:1 (got {reply.get('traceback')})")
        check(any(kind == "error" for kind, _ in outputs), "the error is published on iopub")
        reply, outputs = run(client, 'printf("%d %d %d\\n", x, y, z)')
        check(reply["status"] == "ok" and text_of(outputs).split() == ["2", "5", "7"],
              f"x, y, z intact after the error (got {text_of(outputs)!r})")

        # "Run All" stopping at the first error: the execute requests queued behind a failing
        # one (stop_on_error, the default) are answered "aborted", each between a busy and an
        # idle status on iopub as ipykernel does, and do not run; the next request does.
        failing = client.execute("t = 0;\nfor k = 1:10000000\n  t = t + k;\nend\n"
                                 "error(\"stop here\")")
        queued = [client.execute(f"q{n} = {n};") for n in (1, 2)]
        replies = {}
        try:
            while len(replies) < 3:
                msg = client.get_shell_msg(timeout=120)
                replies[msg["parent_header"].get("msg_id")] = msg["content"]
        except queue.Empty:
            pass
        check(replies.get(failing, {}).get("status") == "error",
              f"the failing cell replies with an error (got {replies.get(failing)!r})")
        check(all(replies.get(m, {}).get("status") == "aborted" for m in queued),
              f"the two cells queued behind it are aborted (got "
              f"{[replies.get(m) for m in queued]!r})")
        states = {m: [] for m in [failing, *queued]}
        try:
            while any(state[-1:] != ["idle"] for state in states.values()):
                msg = client.get_iopub_msg(timeout=30)
                parent = msg["parent_header"].get("msg_id")
                if msg["msg_type"] == "status" and parent in states:
                    states[parent].append(msg["content"]["execution_state"])
        except queue.Empty:
            pass
        check(all(states[m] == ["busy", "idle"] for m in queued),
              f"each aborted request has busy then idle on iopub (got {states!r})")
        reply, outputs = run(client, 'printf("%d %d\\n", exist("q1"), exist("q2"))')
        check(reply["status"] == "ok" and text_of(outputs).split() == ["0", "0"],
              f"the aborted cells did not run, and the next one does (got {text_of(outputs)!r})")

        # `exit` in a cell asks the front end to shut the kernel down (IPython's ask_exit
        # payload); the kernel itself stays up until the front end does so.
        reply, _ = run(client, "exit")
        check(reply["status"] == "ok" and
              any(p.get("source") == "ask_exit" for p in reply.get("payload", [])),
              f"exit replies ok with an ask_exit payload (got {reply!r})")
        check(manager.is_alive(), "the kernel is alive after exit until the front end acts")
        reply, _ = run(client, "w = 3;", user_expressions={"e": "exit"})
        got = reply.get("user_expressions", {}).get("e", {})
        check(reply["status"] == "ok" and got.get("status") == "error",
              f"exit as a user expression is that expression's error (got {got!r})")

        # store_history=false leaves the count alone (the protocol: "the global kernel counter
        # that increases by one with each request that stores history").
        before, _ = run(client, "w = 1;")
        quiet, quiet_outputs = run(client, "w = 2;", store_history=False)
        inputs = [content for kind, content in quiet_outputs if kind == "execute_input"]
        after, _ = run(client, "w = 3;")
        check(quiet["execution_count"] == before["execution_count"],
              f"a store_history=false request reports the counter as it was "
              f"({before['execution_count']} then {quiet['execution_count']})")
        check(after["execution_count"] == before["execution_count"] + 1,
              f"the next stored cell counts one more than the one before the unstored one "
              f"({before['execution_count']} then {after['execution_count']})")
        check(all(content["execution_count"] == before["execution_count"] for content in inputs),
              f"the unstored request's execute_input carries the same count ({inputs})")
        history = client.history(hist_access_type="tail", n=3, reply=True, timeout=30)["content"]
        lines = [entry[1] for entry in history.get("history", [])]
        check(lines[-2:] == [before["execution_count"], after["execution_count"]],
              f"history holds the stored cells under their counts, not the unstored one "
              f"(lines {lines})")

        # Echo is the REPL's and `llmlab run`'s (one rule for every front end): an unsuppressed
        # assignment shows `name = value` on stdout, a suppressed one nothing, a bare expression
        # its value; the text is the script's, byte for byte.
        echo_code = 'A = [1, 2.5; -3, 4]\ns.name = "x"\nB = 7;\nA(2, 1)\n'
        reply, outputs = run(client, echo_code)
        script = jupyter_env.ROOT / "echo.rlab"
        script.write_text(echo_code)
        by_script = subprocess.run([os.environ["LLMLAB_BIN"], "run", str(script)],
                                   capture_output=True, text=True)
        shown = text_of(outputs)
        check(reply["status"] == "ok" and "A =" in shown and "B =" not in shown,
              f"A = [...] without a semicolon shows A in the cell, B = 7; does not (got {shown!r})")
        check(by_script.returncode == 0 and shown.strip() == by_script.stdout.strip(),
              f"the cell shows what `llmlab run` prints for the same lines (cell {shown!r}, "
              f"script {by_script.stdout!r}{by_script.stderr[-300:]})")
        reply, outputs = run(client, "A = rand(3)")
        shown = text_of(outputs)
        numbers = re.findall(r"\b0\.\d+", shown)
        check(reply["status"] == "ok" and shown.startswith("A =") and len(numbers) >= 3,
              f"A = rand(3) without a semicolon shows A and its values (got {shown!r})")

        # A lesson's library import, written relative to notebooks/, resolves though the kernel
        # started elsewhere (the kernel puts the source tree's notebooks/ on the import path).
        started_in = pathlib.Path.cwd()
        reply, outputs = run(client, 'import "../lessons/12-layer-norm-and-residuals/lib/'
                                     'lesson12.rlab"\nprintf("%d\\n", exist("random_stack") > 0)')
        check(not (started_in.parent / "lessons").exists() and reply["status"] == "ok" and
              text_of(outputs).strip() == "1",
              f"lesson 12's library imports from a kernel started in {started_in} "
              f"(got {reply.get('evalue')!r} {text_of(outputs)!r})")

        # A restart: a new process, a fresh session.
        manager.restart_kernel(now=False)
        client.wait_for_ready(timeout=30)
        reply, _ = run(client, "y")
        check(reply["status"] == "error", "after a restart, y is gone")
        reply, outputs = run(client, "x = 1 + 1;\nx")
        check(reply["status"] == "ok" and text_of(outputs).strip() == "2",
              f"after a restart, x = 1 + 1; then x shows 2 (got {text_of(outputs)!r})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
