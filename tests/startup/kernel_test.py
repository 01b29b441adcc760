#!/usr/bin/env python3
"""The Jupyter kernel as its own executable (issue #18, start-up), through the real binaries.

- `llmlab run` of a one-line script maps none of the kernel's libraries (xeus, ZeroMQ,
  libsodium, pgm, norm, Kerberos, libcrypto): the dynamic loader's log, LD_DEBUG=files, lists
  every object it opens;
- llmlab-kernel sits beside llmlab; its own command line gives usage errors (exit 2) as
  `llmlab kernel` does;
- llmlab copied alone into a temporary folder: `llmlab kernel -f` and `llmlab kernel install`
  fail with one line naming the missing llmlab-kernel (exit 1, no kernelspec written), a kernel
  file that cannot be run is named with the reason, and with the real kernel copied beside it
  `llmlab kernel -f` hands over to it (the kernel's own error for a bad connection file).
The Jupyter tests (tests/jupyter/) drive the kernel itself through `llmlab kernel -f`.
Usage: kernel_test.py --bin LLMLAB
"""
import pathlib
import re
import shutil
import subprocess
import sys

from loader_checks import environment, expect, loaded_objects, main

KERNEL = "llmlab-kernel"
# libcrypto, not libcrypt (glibc's password hashing, which other programs may load).
KERNEL_LIBRARIES = re.compile(
    r"^lib(xeus|zmq|sodium|pgm|norm|krb5|k5crypto|gssapi_krb5|crypto)[.-]")


def run(command, cwd=None, **env):
    return subprocess.run([str(part) for part in command], capture_output=True, text=True,
                          cwd=cwd, env=environment(**env), timeout=60)


def check_quiet_start(binary, folder):
    (folder / "one_line.rlab").write_text("x = 1; printf(\"%d\\n\", x + 1);\n")
    result = run([binary, "run", "-q", "one_line.rlab"], cwd=folder, LD_DEBUG="files")
    expect(result.returncode == 0 and result.stdout.split() == ["2"],
           f"the one-line script: exit {result.returncode}, stdout {result.stdout!r}, "
           f"stderr {result.stderr[-2000:]!r}")
    objects = loaded_objects(result.stderr)
    expect(any(o.startswith("libc.so") for o in objects),
           f"LD_DEBUG=files did not list libc, so its list cannot be trusted: {sorted(objects)}")
    loaded = sorted(o for o in objects if KERNEL_LIBRARIES.search(o))
    expect(not loaded, f"`llmlab run` loaded the Jupyter kernel's libraries {loaded}")


def check_arguments(binary):
    kernel = binary.parent / KERNEL
    for command, wanted in (([kernel], "give -f CONNECTION_FILE"),
                            ([kernel, "--bogus"], "--bogus"),
                            ([kernel, "-f"], "--connection-file"),
                            ([binary, "kernel"], "give -f CONNECTION_FILE")):
        result = run(command)
        expect(result.returncode == 2 and wanted in result.stderr,
               f"{[pathlib.Path(command[0]).name] + command[1:]}: exit {result.returncode} "
               f"(want 2), stderr {result.stderr!r} (want {wanted!r})")
    result = run([kernel, "--version"])
    expect(result.returncode == 0 and result.stdout.startswith("llmlab-kernel "),
           f"llmlab-kernel --version: exit {result.returncode}, stdout {result.stdout!r}")


def expect_one_line_error(result, what, *parts):
    lines = result.stderr.strip().splitlines()
    expect(result.returncode == 1 and len(lines) == 1 and all(p in result.stderr for p in parts),
           f"{what}: exit {result.returncode} (want 1), stderr {result.stderr!r} "
           f"(want one line with {parts})")


def check_missing_kernel(binary, folder):
    lone = folder / "lone"
    lone.mkdir()
    copy = lone / "llmlab"
    shutil.copy2(binary, copy)
    kernel = lone / KERNEL
    connection = lone / "connection.json"
    connection.write_text("{}\n")
    data = lone / "jupyter"

    result = run([copy, "kernel", "-f", connection], JUPYTER_DATA_DIR=data)
    expect_one_line_error(result, "kernel -f without llmlab-kernel",
                          "cannot start the Jupyter kernel", f"'{kernel}'")
    result = run([copy, "kernel", "install"], JUPYTER_DATA_DIR=data)
    expect_one_line_error(result, "kernel install without llmlab-kernel",
                          "the kernel executable is missing", f"'{kernel}'")
    expect(not data.exists(), "kernel install without llmlab-kernel wrote a kernelspec")

    # A kernel file that is not executable: exec fails, and the error says where and why.
    kernel.write_text("not a program\n")
    kernel.chmod(0o644)
    result = run([copy, "kernel", "-f", connection])
    expect_one_line_error(result, "kernel -f with a kernel that cannot run",
                          f"cannot run the Jupyter kernel '{kernel}'", "Permission denied")
    kernel.unlink()

    # The real kernel beside the copy: `llmlab kernel -f` becomes it, and the connection file's
    # error is the kernel's own (exit 2, worded by llmlab-kernel).
    shutil.copy2(binary.parent / KERNEL, kernel)
    result = run([copy, "kernel", "-f", connection])
    expect(result.returncode == 2 and "llmlab-kernel: connection file" in result.stderr
           and "shell_port: missing" in result.stderr,
           f"kernel -f through the copied kernel: exit {result.returncode}, "
           f"stderr {result.stderr!r}")


def check_kernel_beside(binary, folder):
    if not (binary.parent / KERNEL).is_file():
        expect(False, f"{KERNEL} is not beside {binary}")
        return
    check_arguments(binary)
    check_missing_kernel(binary, folder)


if __name__ == "__main__":
    sys.exit(main("kernel executable", check_quiet_start, check_kernel_beside))
