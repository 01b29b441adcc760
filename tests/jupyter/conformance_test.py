#!/usr/bin/env python3
"""The Jupyter project's kernel conformance suite (jupyter_kernel_test) against llmlab, with a
sample for every test the suite has: a test skipped for want of a sample fails this file.
Usage: /usr/bin/python3 conformance_test.py --bin LLMLAB
"""
import argparse
import sys
import unittest

import jupyter_env

import jupyter_kernel_test  # noqa: E402  (after jupyter_env set the directories)
from jupyter_client.manager import start_new_kernel  # noqa: E402

SETUP = 's = struct("alpha", 1, "beta", 2); gamma_value = 3;'


class LlmlabKernelTests(jupyter_kernel_test.KernelTests):
    kernel_name = jupyter_env.KERNEL_NAME
    language_name = "rlab"
    file_extension = ".rlab"

    @classmethod
    def setUpClass(cls):
        cls.km, cls.kc = start_new_kernel(kernel_name=cls.kernel_name)
        reply = cls.kc.execute_interactive(SETUP, timeout=15)
        assert reply["content"]["status"] == "ok", reply["content"]

    code_hello_world = 'disp("hello, world")'
    code_stderr = 'warning("this goes to stderr")'
    completion_samples = [
        {"text": "gamma_va", "matches": {"gamma_value"}},
        {"text": "s.al", "matches": {"alpha"}},
        {"text": "s.", "matches": {"alpha", "beta"}},
        {"text": "linsp", "matches": {"linspace"}},
        {"text": "otherw", "matches": {"otherwise"}},
    ]
    complete_code_samples = ["x = 1", "for i = 1:3\n  y = i;\nend", "a = [1, 2; 3, 4];"]
    incomplete_code_samples = ["for i = 1:3", "if x > 1\n  y = 2;", "function y = f(x)",
                               "a = [1, 2", "b = (1 + ..."]
    invalid_code_samples = ["x = )", "1 +* 2", "end end"]
    code_page_something = "zeros?"
    code_generate_error = 'error("something went wrong")'
    code_execute_result = [{"code": "6 * 7", "result": "42"},
                           {"code": "[1, 2] + 1", "mime": "text/plain"}]
    # PNG and text only: nbconvert 6.5 would pick an SVG and strip it (rlab_kernel.cpp).
    code_display_data = [{"code": "plot([1, 4, 9]);", "mime": "image/png"},
                         {"code": "plot([1, 4, 9]);", "mime": "text/plain"}]
    code_history_pattern = "6 ? 7"
    supported_history_operations = ("tail", "range", "search")
    code_inspect_sample = "zeros"
    code_clear_output = 'disp("soon gone"); clc'


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    jupyter_env.setup(args.bin)
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(LlmlabKernelTests)
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    if result.skipped:
        for test, reason in result.skipped:
            print(f"FAIL: skipped {test}: {reason or 'no sample'}")
        return 1
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
