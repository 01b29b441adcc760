#!/usr/bin/env python3
"""Jupyter kernel latency, llmlab against IPython's kernel (ipykernel), the one most Jupyter
users run: the median round trip of an execute_request (sent → execute_reply received) over
N requests of `x = 1;` (llmlab) and `x = 1` (ipykernel), and the start-up time from launching
the kernel process to its first kernel_info_reply. Both kernels run in isolated Jupyter
directories; llmlab's kernelspec is installed into a temporary prefix.
Usage: /usr/bin/python3 bench/kernel_latency.py --bin build/release/llmlab [--requests 1000]
       [--starts 10]
"""
import argparse
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(tempfile.mkdtemp(prefix="llmlab-kernel-bench-"))
for name, sub in (("JUPYTER_DATA_DIR", "data"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                  ("JUPYTER_CONFIG_DIR", "config"), ("IPYTHONDIR", "ipython")):
    (ROOT / sub).mkdir()
    os.environ[name] = str(ROOT / sub)
os.environ["JUPYTER_PATH"] = str(ROOT / "prefix" / "share" / "jupyter")

from jupyter_client.manager import KernelManager  # noqa: E402

KERNELS = {"llmlab": ("llmlab", "x = 1;"), "ipykernel": ("python3", "x = 1")}


def start(kernel_name):
    """A started kernel, its client, and the seconds from launch to the kernel_info_reply."""
    manager = KernelManager(kernel_name=kernel_name)
    began = time.perf_counter()
    manager.start_kernel(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    client = manager.client()
    client.start_channels()
    # wait_for_ready sends kernel_info_request until a reply comes.
    client.wait_for_ready(timeout=60)
    return manager, client, time.perf_counter() - began


def round_trips(client, code, requests):
    times = []
    for _ in range(requests):
        began = time.perf_counter()
        msg_id = client.execute(code, store_history=False)
        while True:
            reply = client.get_shell_msg(timeout=30)
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        times.append(time.perf_counter() - began)
        assert reply["content"]["status"] == "ok", reply["content"]
    return times


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--starts", type=int, default=10)
    args = parser.parse_args()
    subprocess.run([str(pathlib.Path(args.bin).resolve()), "kernel", "install", "--prefix",
                    str(ROOT / "prefix")], check=True, capture_output=True)
    startup = {tool: [] for tool in KERNELS}
    latency = {}
    try:
        # Start-ups alternate between the kernels so machine noise hits both alike.
        for _ in range(args.starts):
            for tool, (kernel_name, _) in KERNELS.items():
                manager, client, seconds = start(kernel_name)
                startup[tool].append(seconds)
                client.stop_channels()
                manager.shutdown_kernel(now=True)
        for tool, (kernel_name, code) in KERNELS.items():
            manager, client, _ = start(kernel_name)
            round_trips(client, code, 50)  # warm-up
            latency[tool] = round_trips(client, code, args.requests)
            client.stop_channels()
            manager.shutdown_kernel(now=True)
    finally:
        shutil.rmtree(ROOT, ignore_errors=True)
    print(f"execute_request round trip, median of {args.requests} (ms):")
    for tool, times in latency.items():
        print(f"  {tool:10s} {statistics.median(times) * 1e3:8.3f}  "
              f"(p10 {statistics.quantiles(times, n=10)[0] * 1e3:.3f}, "
              f"p90 {statistics.quantiles(times, n=10)[-1] * 1e3:.3f})")
    print(f"start-up to kernel_info_reply, median of {args.starts} (ms):")
    for tool, times in startup.items():
        print(f"  {tool:10s} {statistics.median(times) * 1e3:8.1f}")
    ratio_latency = statistics.median(latency["llmlab"]) / statistics.median(latency["ipykernel"])
    ratio_startup = statistics.median(startup["llmlab"]) / statistics.median(startup["ipykernel"])
    print(f"llmlab / ipykernel: round trip {ratio_latency:.2f}x, start-up {ratio_startup:.2f}x "
          "(goal: at most 0.5x each)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
