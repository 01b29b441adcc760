#!/usr/bin/env python3
"""Figures in the kernel are bounded in time and stoppable (issue #31): a noisy 6e4-point line,
which froze the kernel for a minute when every figure's PNG stroked the raw zigzag, answers
within a few seconds with its PNG, as does a million-point one; and the stop button ends the
render of a million markers, after which the kernel goes on.
Usage: /usr/bin/python3 figures_test.py --bin LLMLAB
"""
import argparse
import base64
import queue
import sys
import time

import jupyter_env
from checks import check, failures

# Measured on 2 loaded cores: about 1 s; 66 s before simplification.
NOISY_LINE_SECONDS = 10
MILLION_POINT_SECONDS = 20


def run(client, code, timeout=120):
    outputs = []
    reply = client.execute_interactive(
        code, timeout=timeout,
        output_hook=lambda msg: outputs.append((msg["msg_type"], msg["content"])))
    return reply["content"], outputs


def wait_for_input_echo(client, msg_id):
    deadline = time.time() + 30
    while time.time() < deadline:
        msg = client.get_iopub_msg(timeout=30)
        if msg["parent_header"].get("msg_id") == msg_id and msg["msg_type"] == "execute_input":
            return


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    jupyter_env.setup(args.bin)
    with jupyter_env.running_kernel() as (manager, client):
        start = time.monotonic()
        reply, outputs = run(client, "plot(1:6e4, rand(1, 6e4))")
        seconds = time.monotonic() - start
        figures = [content["data"] for kind, content in outputs if kind == "display_data"]
        check(reply["status"] == "ok" and len(figures) == 1,
              f"the 6e4-point plot replies ok with one figure ({reply.get('evalue')!r})")
        check(seconds < NOISY_LINE_SECONDS,
              f"... within {NOISY_LINE_SECONDS} s (took {seconds:.1f} s)")
        if figures:
            png = base64.b64decode(figures[0].get("image/png", ""))
            check(png.startswith(b"\x89PNG") and len(png) > 10000,
                  f"... and its PNG is a real picture ({len(png)} bytes)")
            check(sorted(figures[0]) == ["image/png", "text/plain"],
                  f"... shown as a PNG with a text label ({sorted(figures[0])})")

        # A million points on one line: simplified before stroking, still seconds.
        start = time.monotonic()
        reply, outputs = run(client, "plot(1:1e6, rand(1, 1e6))")
        seconds = time.monotonic() - start
        figures = [content["data"] for kind, content in outputs if kind == "display_data"]
        png = base64.b64decode(figures[0].get("image/png", "")) if figures else b""
        check(reply["status"] == "ok" and len(figures) == 1 and png.startswith(b"\x89PNG") and
              len(png) > 10000 and seconds < MILLION_POINT_SECONDS,
              f"the 1e6-point plot replies ok with one PNG within {MILLION_POINT_SECONDS} s "
              f"(took {seconds:.1f} s, {len(png)} bytes, {reply.get('evalue')!r})")

        # A million circle markers: seconds of fills, one batch at a time. The stop button
        # during the render ends the cell as interrupted, soon.
        msg_id = client.execute('plot(rand(1, 1e6), rand(1, 1e6), "o")')
        wait_for_input_echo(client, msg_id)
        time.sleep(1.0)
        reply = None
        manager.interrupt_kernel()
        pressed = time.monotonic()
        try:
            while reply is None:
                msg = client.get_shell_msg(timeout=60)
                if msg["parent_header"].get("msg_id") == msg_id:
                    reply = msg["content"]
        except queue.Empty:
            pass
        waited = time.monotonic() - pressed
        check(reply is not None and reply["status"] == "error" and
              reply.get("evalue") == "interrupted",
              f"the stop button ends the million-marker render as interrupted (got {reply!r:.200})")
        check(waited < 5, f"... within 5 s of the press (took {waited:.1f} s)")
        reply, outputs = run(client, "disp(1 + 1)")
        check(reply["status"] == "ok" and any(
            kind == "stream" and content["text"].strip() == "2" for kind, content in outputs),
              "the kernel goes on after the interrupted render")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
