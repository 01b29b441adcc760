"""Isolated Jupyter directories for the kernel tests: the llmlab kernelspec is installed into
a temporary prefix that JUPYTER_PATH names, so nothing is written into the machine's own
Jupyter directories and no other installed kernel is picked up by mistake.

Import this module before jupyter_client: it sets the environment at import time.
Reads LLMLAB_BIN (set by setup() or the caller).
"""
import atexit
import contextlib
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(tempfile.mkdtemp(prefix="llmlab-jupyter-"))
atexit.register(shutil.rmtree, ROOT, ignore_errors=True)
for name, sub in (("JUPYTER_DATA_DIR", "data"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                  ("JUPYTER_CONFIG_DIR", "config"), ("IPYTHONDIR", "ipython")):
    (ROOT / sub).mkdir()
    os.environ[name] = str(ROOT / sub)
os.environ["JUPYTER_PATH"] = str(ROOT / "prefix" / "share" / "jupyter")
os.environ["JUPYTER_PLATFORM_DIRS"] = "0"

KERNEL_NAME = "llmlab"
MATLAB_KERNEL_NAME = "llmlab-matlab"


def setup(binary: str) -> None:
    """Installs the kernelspec of `binary` into the temporary prefix; exits 1 on failure."""
    os.environ["LLMLAB_BIN"] = str(pathlib.Path(binary).resolve())
    proc = subprocess.run([os.environ["LLMLAB_BIN"], "kernel", "install", "--prefix",
                           str(ROOT / "prefix")], capture_output=True, text=True)
    if proc.returncode != 0:
        print(f"FAIL: llmlab kernel install exited {proc.returncode}\n{proc.stdout}{proc.stderr}")
        sys.exit(1)


def start_kernel(timeout: float = 30, kernel_name: str = KERNEL_NAME):
    """A started kernel and a client with its channels open. A kernel that does not come up
    fails the test with the kernel's own log (its stderr)."""
    from jupyter_client.manager import KernelManager
    log = open(ROOT / f"kernel-{len(list(ROOT.glob('kernel-*.log')))}.log", "w+")
    manager = KernelManager(kernel_name=kernel_name)
    manager.start_kernel(stderr=log, stdout=log)
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=timeout)
    except RuntimeError:
        log.seek(0)
        print("FAIL: the kernel did not become ready; its log:\n" + log.read())
        manager.shutdown_kernel(now=True)
        sys.exit(1)
    manager.llmlab_log = log
    return manager, client


def kernel_log(manager) -> str:
    manager.llmlab_log.flush()
    manager.llmlab_log.seek(0)
    return manager.llmlab_log.read()


@contextlib.contextmanager
def running_kernel(log_tail: int = 4000, kernel_name: str = KERNEL_NAME):
    """start_kernel() for a `with` block: the channels close and the kernel shuts down when the
    block ends, and when a check failed or the block raised (a client timeout) the end of the
    kernel's log is printed."""
    from checks import failures
    manager, client = start_kernel(kernel_name=kernel_name)
    raised = False
    try:
        yield manager, client
    except BaseException:
        raised = True
        raise
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=False)
        if failures or raised:
            print("kernel log:\n" + kernel_log(manager)[-log_tail:])
