"""A one-node Slurm cluster on localhost for the sweep tests: munged, slurmctld and slurmd
started from a temporary directory with their own key, sockets, ports and state, and stopped
again by the PIDs this fixture started (never by name). Runs as root (SlurmUser=root).

Use as a context manager; `env` is the environment in which sbatch/squeue/scontrol talk to this
cluster. When a daemon cannot start, ClusterError carries every daemon's log."""

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time


class ClusterError(RuntimeError):
    pass


def _free_ports(count):
    sockets = []
    for _ in range(count):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        sockets.append(s)
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports


def _memory_mb():
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) // 1024
    return 1024


class SlurmCluster:
    def __init__(self, cpus=None):
        self.cpus = cpus or os.cpu_count() or 1
        self.dir = None
        self.processes = []  # (name, Popen, log path)
        self.env = None

    # --- files -------------------------------------------------------------------------
    def _write_config(self):
        d = self.dir
        ctld_port, slurmd_port = _free_ports(2)
        self.munge_socket = os.path.join(d, "munge.socket")
        for sub in ("state", "spool", "log"):
            os.makedirs(os.path.join(d, sub), exist_ok=True)
        # RealMemory below the machine's, so slurmd's own measurement never drains the node.
        memory = max(256, _memory_mb() // 2)
        lines = [
            "ClusterName=llmlabtest",
            "SlurmctldHost=localhost",
            f"SlurmctldPort={ctld_port}",
            f"SlurmdPort={slurmd_port}",
            "SlurmUser=root",
            "SlurmdUser=root",
            "AuthType=auth/munge",
            "CredType=cred/munge",
            f"AuthInfo=socket={self.munge_socket}",
            f"StateSaveLocation={d}/state",
            f"SlurmdSpoolDir={d}/spool",
            f"SlurmctldPidFile={d}/slurmctld.pid",
            f"SlurmdPidFile={d}/slurmd.pid",
            f"SlurmctldLogFile={d}/log/slurmctld.log",
            f"SlurmdLogFile={d}/log/slurmd.log",
            "SlurmctldDebug=info",
            "SlurmdDebug=info",
            "ProctrackType=proctrack/linuxproc",
            "TaskPlugin=task/none",
            "SwitchType=switch/none",
            "MpiDefault=none",
            "SchedulerType=sched/builtin",
            "SelectType=select/cons_tres",
            "SelectTypeParameters=CR_CPU",
            "JobAcctGatherType=jobacct_gather/none",
            "AccountingStorageType=accounting_storage/none",
            "JobCompType=jobcomp/none",
            "ReturnToService=2",
            "MaxArraySize=10001",
            "SlurmdTimeout=60",
            "InactiveLimit=0",
            "KillWait=5",
            "MinJobAge=300",
            f"PlugStackConfig={d}/plugstack.conf",
            "MailProg=/bin/true",
            f"NodeName=localhost NodeAddr=127.0.0.1 CPUs={self.cpus} RealMemory={memory} "
            "State=UNKNOWN",
            "PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP",
        ]
        self.conf = os.path.join(d, "slurm.conf")
        with open(self.conf, "w") as f:
            f.write("\n".join(lines) + "\n")
        with open(os.path.join(d, "plugstack.conf"), "w") as f:
            f.write("")

    def logs(self):
        out = []
        for name in ("munged.log", "log/slurmctld.log", "log/slurmd.log", "munged.out",
                     "slurmctld.out", "slurmd.out"):
            path = os.path.join(self.dir, name)
            if os.path.exists(path):
                with open(path, errors="replace") as f:
                    out.append(f"===== {name} =====\n{f.read()[-6000:]}")
        return "\n".join(out)

    # --- daemons -------------------------------------------------------------------------
    def _start(self, name, argv):
        log = open(os.path.join(self.dir, f"{name}.out"), "w")
        process = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, env=self.env,
                                   start_new_session=True)
        self.processes.append((name, process))
        return process

    def _wait_for(self, what, check, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for name, process in self.processes:
                if process.poll() is not None:
                    raise ClusterError(
                        f"{name} exited with status {process.returncode} while waiting for "
                        f"{what}\n{self.logs()}")
            if check():
                return
            time.sleep(0.2)
        raise ClusterError(f"timed out waiting for {what}\n{self.logs()}")

    def __enter__(self):
        self.dir = tempfile.mkdtemp(prefix="llmlab-slurm-")
        os.chmod(self.dir, 0o755)
        try:
            self._write_config()
            self.env = dict(os.environ, SLURM_CONF=self.conf)
            for key in list(self.env):
                # A job's own SLURM_* variables (when the tests run inside Slurm) would confuse
                # the client tools talking to this cluster.
                if key.startswith("SLURM_") and key != "SLURM_CONF":
                    del self.env[key]
            key = os.path.join(self.dir, "munge.key")
            with open(key, "wb") as f:
                f.write(os.urandom(1024))
            os.chmod(key, 0o400)
            for tool in ("munged", "slurmctld", "slurmd"):
                if shutil.which(tool) is None and not os.path.exists(f"/usr/sbin/{tool}"):
                    raise ClusterError(f"{tool} is not installed (make deps installs slurm-wlm "
                                       "and munge)")
            sbin = lambda t: shutil.which(t) or f"/usr/sbin/{t}"
            self._start("munged", [
                sbin("munged"), "--foreground", "--force", f"--key-file={key}",
                f"--socket={self.munge_socket}", f"--pid-file={self.dir}/munged.pid",
                f"--log-file={self.dir}/munged.log", f"--seed-file={self.dir}/munged.seed",
                "--num-threads=2"])
            self._wait_for("munged's socket", lambda: os.path.exists(self.munge_socket))
            self._start("slurmctld", [sbin("slurmctld"), "-D", "-i", "-f", self.conf])
            self._start("slurmd", [sbin("slurmd"), "-D", "-f", self.conf])
            self._wait_for("the node to be idle", self._node_idle, timeout=60)
        except BaseException:
            self._stop()
            raise
        return self

    def _node_idle(self):
        result = subprocess.run(["sinfo", "-h", "-o", "%t"], env=self.env, capture_output=True,
                                text=True)
        return result.returncode == 0 and result.stdout.strip() in ("idle", "mix", "alloc")

    def _stop(self):
        # Reverse order: slurmd, slurmctld, then munged; only the PIDs started here.
        for name, process in reversed(self.processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        self.processes = []

    def __exit__(self, *exc):
        self._stop()
        if os.environ.get("LLMLAB_KEEP_SLURM_DIR"):
            print(f"slurm cluster files kept in {self.dir}")
        else:
            shutil.rmtree(self.dir, ignore_errors=True)
        return False


if __name__ == "__main__":
    # Manual check: start the cluster, run one job, print its output.
    with SlurmCluster() as cluster:
        out = subprocess.run(["sbatch", "--parsable", "--wrap", "echo hello from slurm; hostname",
                              "-o", f"{cluster.dir}/hello.out"], env=cluster.env,
                             capture_output=True, text=True)
        print("sbatch:", out.returncode, out.stdout, out.stderr)
        for _ in range(100):
            q = subprocess.run(["squeue", "-h"], env=cluster.env, capture_output=True, text=True)
            if not q.stdout.strip():
                break
            time.sleep(0.3)
        print(open(f"{cluster.dir}/hello.out").read())
        print(subprocess.run(["scontrol", "show", "job", out.stdout.strip()], env=cluster.env,
                             capture_output=True, text=True).stdout)
