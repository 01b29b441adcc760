"""What the start-up tests share: failures gathered with expect(), a child environment without
the variables that steer loading, and the shared objects the dynamic loader opened (its own log,
LD_DEBUG=files, lists every object, dlopen'ed ones included)."""
import argparse
import os
import pathlib
import re
import subprocess
import tempfile

LOADED = re.compile(r"file=(\S+)")
FAILURES = []


def expect(condition, message):
    if not condition:
        FAILURES.append(message)


def environment(**extra):
    """os.environ without the overrides a test must not inherit, plus `extra`."""
    steering = ("LLMLAB_PLOT_BACKEND", "LLMLAB_BLAS", "LD_DEBUG")
    env = {k: v for k, v in os.environ.items() if k not in steering}
    env.update({k: str(v) for k, v in extra.items()})
    return env


def run_script(binary, script, cwd, **env):
    """`llmlab run -q script` in `cwd`, output captured."""
    return subprocess.run([str(binary), "run", "-q", script], capture_output=True, text=True,
                          cwd=cwd, env=environment(**env), timeout=120)


def loaded_objects(stderr):
    """The file names of the objects a run under LD_DEBUG=files opened."""
    return {pathlib.Path(name).name for name in LOADED.findall(stderr)}


def main(what, *checks):
    """Runs each check(binary, folder) on `--bin` in one temporary folder; the exit status."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    binary = pathlib.Path(parser.parse_args().bin).resolve()
    with tempfile.TemporaryDirectory() as temporary:
        for check in checks:
            check(binary, pathlib.Path(temporary))
    return report(what)


def report(what):
    """Prints the failures and returns the exit status."""
    for failure in FAILURES:
        print("FAIL:", failure)
    print(f"{what}: {len(FAILURES)} failure(s)")
    return 1 if FAILURES else 0
