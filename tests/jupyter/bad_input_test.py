#!/usr/bin/env python3
"""Bad input never crashes the kernel: a malformed connection file and a port in use are
refused with a clear message; a message signed with the wrong key is dropped and logged, never
executed; on shell and on control, a message with too few frames after <IDS|MSG> (no signature
needed) and a correctly signed request with a field of the wrong JSON type are dropped and
logged, and a normal execute still works after each; a 10 MB cell and a cell with invalid UTF-8
get a reply and the kernel goes on; a cell that prints 4 MB shows its first MiB and a marker.
Usage: /usr/bin/python3 bad_input_test.py --bin LLMLAB
"""
import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid

import jupyter_env
from checks import check, failures


def free_ports(count):
    sockets = [socket.socket() for _ in range(count)]
    for s in sockets:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports


def connection(ports, key="secret"):
    names = ["shell_port", "iopub_port", "stdin_port", "control_port", "hb_port"]
    info = dict(zip(names, ports))
    info.update(ip="127.0.0.1", transport="tcp", key=key, signature_scheme="hmac-sha256",
                kernel_name="llmlab")
    return info


def run_kernel(binary, text, timeout=20):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        f.write(text)
    try:
        return subprocess.run([binary, "kernel", "-f", f.name], capture_output=True, text=True,
                              timeout=timeout)
    finally:
        os.unlink(f.name)


def connection_file_checks(binary):
    cases = [
        ("{ not json", "not valid JSON"),
        ("[1, 2]", "expected a JSON object"),
        (json.dumps({k: v for k, v in connection(free_ports(5)).items() if k != "shell_port"}),
         "shell_port: missing"),
        (json.dumps(dict(connection(free_ports(5)), hb_port="eighty")), "hb_port: not a port"),
        (json.dumps(dict(connection(free_ports(5)), transport="ipc")), "only tcp"),
    ]
    for text, message in cases:
        proc = run_kernel(binary, text)
        check(proc.returncode == 2 and message in proc.stderr,
              f"connection file {text[:30]!r}: exit 2 with {message!r} "
              f"(got {proc.returncode}, {proc.stderr.strip()!r})")
    proc = subprocess.run([binary, "kernel", "-f", "/nonexistent/connection.json"],
                          capture_output=True, text=True, timeout=20)
    check(proc.returncode == 2 and "cannot read" in proc.stderr,
          f"a missing connection file is refused (got {proc.stderr.strip()!r})")


def port_in_use_check(binary):
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    ports = free_ports(4)
    info = connection([busy.getsockname()[1]] + ports)
    proc = run_kernel(binary, json.dumps(info))
    busy.close()
    check(proc.returncode == 1 and "shell port" in proc.stderr and "in use" in proc.stderr,
          f"a shell port in use: exit 1 naming it (got {proc.returncode}, {proc.stderr.strip()!r})")


def still_executes(manager, client, what):
    reply = client.execute_interactive("z = 6 * 7;", timeout=20)
    check(reply["content"]["status"] == "ok" and manager.is_alive(),
          f"after {what}, the kernel is alive and a normal execute works")


def signed_frames(session, header, content, parent=None, metadata=None):
    """<IDS|MSG>, the HMAC of the four JSON parts under the kernel's key, and the parts: what
    jupyter_client's Session sends, but with any JSON in any part."""
    parts = [json.dumps(part).encode() for part in
             (header, {} if parent is None else parent, {} if metadata is None else metadata,
              content)]
    return [b"<IDS|MSG>", session.sign(parts)] + parts


def header(msg_type):
    return {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": "bad-input-test",
            "username": "tester", "version": "5.3", "date": "2026-01-01T00:00:00.000000Z"}


def malformed_traffic_checks(manager, client):
    import zmq
    from jupyter_client.session import Session
    info = manager.get_connection_info()
    session = Session(key=info["key"], username="tester")
    context = zmq.Context.instance()
    for channel in ("shell", "control"):
        socket = context.socket(zmq.DEALER)
        socket.connect(f"tcp://{info['ip']}:{info[channel + '_port']}")
        # Too few frames after the delimiter, or none at all: no signature needed to send them.
        for frames in ([b"<IDS|MSG>"], [b"<IDS|MSG>", b"sig"], [b"<IDS|MSG>", b"", b"{}", b"{}"],
                       [b"hello"], [b""]):
            socket.send_multipart(frames)
            check(socket.poll(500) == 0, f"{channel}: no reply to the frames {frames}")
            still_executes(manager, client, f"{channel} frames {frames}")
        execute = header("execute_request")
        cases = [
            (execute, {"code": "ran_silent = 1;", "silent": "yes"},
             "content.silent must be true or false"),
            (execute, {"code": "ran_history = 1;", "store_history": 3},
             "content.store_history must be true or false"),
            (execute, {"code": "ran_stop = 1;", "stop_on_error": "no"},
             "content.stop_on_error must be true or false"),
            (execute, {"code": "ran_allow = 1;", "allow_stdin": 0},
             "content.allow_stdin must be true or false"),
            (execute, {"code": "ran_expr = 1;", "user_expressions": [1]},
             "content.user_expressions must be an object"),
            (execute, {"code": 12}, "content.code must be a string"),
            (execute, ["code", "x"], "the content must be an object"),
            ([1, 2], {"code": "ran_list = 1;"}, "the header must be an object"),
            (dict(execute, msg_type=7), {"code": "ran_numeric = 1;"},
             "header.msg_type must be a string"),
            (header("complete_request"), {"code": "li", "cursor_pos": "2"},
             "content.cursor_pos must be a whole number"),
            (header("inspect_request"), {"code": "li", "cursor_pos": 1, "detail_level": 1e40},
             "content.detail_level must be a whole number"),
            (header("history_request"), {"hist_access_type": 4},
             "content.hist_access_type must be a string"),
            (header("comm_open"), {"target_name": "x", "data": {}}, "content.comm_id is missing"),
            (header("shutdown_request"), {"restart": "yes"},
             "content.restart must be true or false"),
        ]
        for msg_header, content, problem in cases:
            socket.send_multipart(signed_frames(session, msg_header, content))
            check(socket.poll(500) == 0, f"{channel}: no reply to {content}")
            check(problem in jupyter_env.kernel_log(manager),
                  f"{channel}: the log says {problem!r}")
            still_executes(manager, client, f"{channel} {content}")
        # A parent header or metadata that is not an object.
        for parent, metadata in (([], {}), ({}, "meta")):
            socket.send_multipart(signed_frames(session, execute, {"code": "ran_parent = 1;"},
                                                parent, metadata))
            check(socket.poll(500) == 0, f"{channel}: no reply to parent {parent}, {metadata}")
            still_executes(manager, client, f"{channel} parent {parent!r}, metadata {metadata!r}")
        socket.close(linger=0)
    outputs = []
    reply = client.execute_interactive(
        "disp(exist(\"ran_silent\") + exist(\"ran_list\") + exist(\"ran_numeric\"))", timeout=20,
        output_hook=lambda m: outputs.append(m["content"].get("text", "")))
    check(reply["content"]["status"] == "ok" and "".join(outputs).strip() == "0",
          f"no dropped request ran (got {outputs})")


def kernel_checks():
    import zmq
    from jupyter_client.session import Session
    with jupyter_env.running_kernel() as (manager, client):
        malformed_traffic_checks(manager, client)

        # A request signed with another key: dropped and logged, never run.
        info = manager.get_connection_info()
        forger = Session(key=b"not-the-key", username="forger")
        context = zmq.Context.instance()
        shell = context.socket(zmq.DEALER)
        shell.connect(f"tcp://{info['ip']}:{info['shell_port']}")
        forger.send(shell, "execute_request",
                    {"code": "forged_ran = 1;", "silent": False, "store_history": True,
                     "user_expressions": {}, "allow_stdin": False, "stop_on_error": True})
        check(shell.poll(2000) == 0, "no reply to a message with a bad signature")
        shell.close(linger=0)
        outputs = []
        reply = client.execute_interactive(
            "exist(\"forged_ran\")", timeout=20,
            output_hook=lambda m: outputs.append(m["content"].get("data", {}).get("text/plain", "")))
        check(reply["content"]["status"] == "ok" and "0" in outputs,
              f"the forged cell never ran (exist says {outputs})")
        log = jupyter_env.kernel_log(manager)
        check("ignature" in log, "the bad signature is logged")

        # A 10 MB cell: parsed and run, the kernel answers.
        big = "x = 1;\n" * (10 * 1024 * 1024 // 7)
        started = time.time()
        reply = client.execute_interactive(big, timeout=300)
        check(reply["content"]["status"] == "ok",
              f"a 10 MB cell runs ({time.time() - started:.1f} s)")

        # Invalid UTF-8 in the cell (surrogate escapes travel as raw bytes): an error reply.
        outputs = []
        reply = client.execute_interactive(
            "s = 'caf\udce9';\ndisp(s)", timeout=20,
            output_hook=lambda m: outputs.append(m))
        shown = "".join(m["content"].get("text", "") for m in outputs)
        check(reply["content"]["status"] == "ok" and "caf\ufffd" in shown,
              f"a cell with invalid UTF-8 runs with U+FFFD in place of the bad byte ({shown!r})")
        check("not UTF-8" in jupyter_env.kernel_log(manager), "the repair is logged")
        reply = client.execute_interactive("y = 40 + 2", timeout=20)
        check(reply["content"]["status"] == "ok" and manager.is_alive(),
              "the kernel goes on after invalid UTF-8")

        # A cell that prints 4 MB keeps the first MiB and says how much was cut.
        texts = []
        reply = client.execute_interactive(
            "for k = 1:100000\n  disp(\"012345678901234567890123456789012345678\")\nend",
            timeout=120, output_hook=lambda m: texts.append(m["content"].get("text", "")))
        shown = "".join(texts)
        cut = 100000 * 40 - (1 << 20)
        check(reply["content"]["status"] == "ok" and len(shown) < (1 << 20) + 200 and
              f"[output cut: {cut} more bytes past the 1048576-byte limit" in shown,
              f"a cell's output is capped at 1 MiB with a marker ({len(shown)} bytes shown)")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    jupyter_env.setup(args.bin)
    binary = os.environ["LLMLAB_BIN"]
    connection_file_checks(binary)
    port_in_use_check(binary)
    kernel_checks()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
