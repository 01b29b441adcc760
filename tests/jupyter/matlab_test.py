#!/usr/bin/env python3
"""The "llmlab (MATLAB)" kernel (issue #26: a second kernelspec, language `matlab`): `llmlab
kernel install` writes it beside "llmlab (rlab)", Jupyter starts it, and its cells run with
MATLAB's meaning where the rlab kernel keeps rlab's: `rand(3)` is 3-by-3, `sqrt(-4)` is
complex, `3i` is a literal, a `%{ ... %}` block comment is comment, and is_complete asks for
more lines inside one.
Usage: /usr/bin/python3 matlab_test.py --bin LLMLAB
"""
import argparse
import json
import os
import pathlib
import sys

import jupyter_env
from checks import check, failures


def run(client, code, timeout=60):
    """The reply's status and the cell's text (streams and results, in order)."""
    parts = []

    def keep(msg):
        content = msg["content"]
        if msg["msg_type"] == "stream":
            parts.append(content["text"])
        elif msg["msg_type"] in ("execute_result", "display_data"):
            parts.append(content["data"].get("text/plain", ""))
        elif msg["msg_type"] == "error":
            parts.append("\n".join(content.get("traceback", [])))

    reply = client.execute_interactive(code, timeout=timeout, output_hook=keep)
    return reply["content"]["status"], "".join(parts)


def is_complete(client, code):
    client.is_complete(code)
    return client.get_shell_msg(timeout=30)["content"]["status"]


def check_kernelspecs():
    kernels = pathlib.Path(os.environ["JUPYTER_PATH"]) / "kernels"
    rlab = json.loads((kernels / "llmlab" / "kernel.json").read_text())
    matlab = json.loads((kernels / "llmlab-matlab" / "kernel.json").read_text())
    check(rlab["display_name"] == "llmlab (rlab)" and rlab["language"] == "rlab" and
          rlab["argv"][-2:] == ["--dialect", "rlab"], f"the rlab kernelspec ({rlab})")
    check(matlab["display_name"] == "llmlab (MATLAB)" and matlab["language"] == "matlab" and
          matlab["argv"][-2:] == ["--dialect", "matlab"] and
          matlab["argv"][0] == os.environ["LLMLAB_BIN"], f"the MATLAB kernelspec ({matlab})")


def check_matlab_kernel():
    with jupyter_env.running_kernel(kernel_name=jupyter_env.MATLAB_KERNEL_NAME) as (_, client):
        client.kernel_info()
        info = client.get_shell_msg(timeout=30)["content"]
        language = info.get("language_info", {})
        check(language.get("name") == "matlab" and language.get("file_extension") == ".m",
              f"kernel_info names the matlab language ({language})")
        status, text = run(client, "A = rand(3); size(A)")
        check(status == "ok" and "3   3" in text, f"rand(3) is 3-by-3 ({text!r})")
        status, text = run(client, "z = sqrt(-4)")
        check(status == "ok" and "z = 0 + 2i" in text, f"sqrt(-4) is complex ({text!r})")
        status, text = run(client, "%{\nno_such_name\n%}\nw = 2 + 3i")
        check(status == "ok" and "w = 2 + 3i" in text and "no_such_name" not in text,
              f"a block comment is comment, 3i a literal ({text!r})")
        check(is_complete(client, "%{\nnotes") == "incomplete",
              "is_complete asks for more lines inside a block comment")
        check(is_complete(client, "w = 3i") == "complete", "is_complete reads matlab")


def check_rlab_kernel_unchanged():
    with jupyter_env.running_kernel() as (_, client):
        status, text = run(client, "x = rand(3); size(x)")
        check(status == "ok" and "[1×2]" in text and "1.000000  3.000000" in text,
              f"the rlab kernel keeps rand(3) a vector ({text!r})")
        check(is_complete(client, "w = 3i") == "invalid", "the rlab kernel reads 3i as an error")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    jupyter_env.setup(parser.parse_args().bin)
    check_kernelspecs()
    check_matlab_kernel()
    check_rlab_kernel_unchanged()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
