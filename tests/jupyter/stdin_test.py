#!/usr/bin/env python3
"""input() in the kernel goes through the Jupyter stdin channel: the front end gets an
input_request with the prompt, and what it answers comes back into the cell (evaluated as an
expression in the cell's workspace, or as text with "s"). A request that does not allow stdin
gets a clear error, and an interrupt while the user is asked stops the cell.
Usage: /usr/bin/python3 stdin_test.py --bin LLMLAB
"""
import argparse
import queue
import sys
import time

import jupyter_env
from checks import check, failures


def run(client, code, answers=(), allow_stdin=True, timeout=60):
    """Runs `code`, answering each input_request in turn from `answers`. Returns the reply's
    content, the cell's text output and the prompts asked."""
    prompts = []
    pending = list(answers)
    text = []

    def on_input(msg):
        prompts.append(msg["content"]["prompt"])
        client.input(pending.pop(0) if pending else "")

    def on_output(msg):
        if msg["msg_type"] == "stream":
            text.append(msg["content"]["text"])
        elif msg["msg_type"] == "execute_result":
            text.append(msg["content"]["data"].get("text/plain", ""))

    reply = client.execute_interactive(code, timeout=timeout, allow_stdin=allow_stdin,
                                       stdin_hook=on_input, output_hook=on_output)
    return reply["content"], "".join(text), prompts


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    jupyter_env.setup(args.bin)
    with jupyter_env.running_kernel() as (manager, client):
        run(client, "base = 40;")
        reply, text, prompts = run(client, 'n = input("how many? ");\nprintf("%d\\n", n)',
                                   answers=["base + 2"])
        check(prompts == ["how many? "], f"the front end is asked with the prompt ({prompts})")
        check(reply["status"] == "ok" and text.strip() == "42",
              f"the answer is evaluated in the cell's workspace: base + 2 is 42 (got {text!r}, "
              f"{reply.get('evalue')})")

        reply, text, prompts = run(client, 'name = input("name: ", "s");\nprintf("[%s]\\n", name)',
                                   answers=["x + 1, as typed"])
        check(reply["status"] == "ok" and text.strip() == "[x + 1, as typed]",
              f'input(prompt, "s") returns the text as typed (got {text!r})')

        # A bad answer is reported and asked again, as MATLAB does.
        reply, text, prompts = run(client, 'v = input("v? ");\nprintf("%d\\n", v)',
                                   answers=["no_such_name", "7"])
        check(len(prompts) == 2 and reply["status"] == "ok" and text.strip().endswith("7"),
              f"an answer that fails is reported and asked again (prompts {prompts}, {text!r})")
        check("no_such_name" in text, f"the failed answer's error is shown ({text!r})")

        reply, text, prompts = run(client, 'q = input("never asked ");', allow_stdin=False)
        check(reply["status"] == "error" and "allow_stdin" in reply.get("evalue", "") and
              not prompts,
              f"with allow_stdin false, input is a clear error and nothing is asked "
              f"({reply.get('evalue')!r}, prompts {prompts})")

        # An interrupt while the front end asks the user stops the cell; the kernel lives on.
        msg_id = client.execute('r = input("waiting ");', allow_stdin=True)
        asked = False
        deadline = time.time() + 30
        while time.time() < deadline and not asked:
            try:
                msg = client.get_stdin_msg(timeout=1)
                asked = msg["msg_type"] == "input_request"
            except queue.Empty:
                pass
        check(asked, "the cell waiting on input sent its input_request")
        manager.interrupt_kernel()
        reply = None
        deadline = time.time() + 30
        while reply is None and time.time() < deadline:
            try:
                msg = client.get_shell_msg(timeout=5)
                if msg["parent_header"].get("msg_id") == msg_id:
                    reply = msg["content"]
            except queue.Empty:
                pass
        check(reply is not None and reply["status"] == "error" and
              reply.get("evalue") == "interrupted",
              f"an interrupt while waiting for input stops the cell "
              f"({reply and reply.get('evalue')!r})")
        reply, text, _ = run(client, 'printf("%d\\n", base)')
        check(reply["status"] == "ok" and text.strip() == "40",
              f"the session survives the interrupted input (got {text!r})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
