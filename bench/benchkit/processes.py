"""The processes a benchmark starts (servers, stopped at the end) and what /proc says about them."""
import os
import signal
import socket
import subprocess
import time

CLOCK_TICK = os.sysconf("SC_CLK_TCK")


class Server:
    """A server process started for the run; stopped (SIGTERM, then SIGKILL) at the end."""

    live = []
    # With --pin: the CPU every server runs on (the clients run on the others).
    cpu = None

    def __init__(self, argv, log_path, socket_path, env=None, cpu=None):
        """`cpu`: the CPU this server runs on (all its threads), else `Server.cpu`, else any."""
        self.socket = socket_path
        self.log_path = log_path
        self.log = open(log_path, "wb")
        cpu = Server.cpu if cpu is None else cpu
        self.started = time.monotonic()
        self.proc = subprocess.Popen(argv, stdout=self.log, stderr=subprocess.STDOUT, env=env,
                                     start_new_session=True,
                                     preexec_fn=(lambda: os.sched_setaffinity(0, {cpu})) if cpu is not None else None)
        Server.live.append(self)

    @property
    def pid(self):
        return self.proc.pid

    def wait_for_socket(self, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.proc.args[0]} exited with {self.proc.returncode}:\n{self.tail()}")
            try:
                s = socket.socket(socket.AF_UNIX)
                s.connect(self.socket)
                s.close()
                return
            except OSError:
                time.sleep(0.002)
        raise RuntimeError(f"{self.proc.args[0]} did not listen on {self.socket} within {timeout} s:\n{self.tail()}")

    def tail(self):
        try:
            with open(self.log_path, "rb") as f:
                return f.read()[-3000:].decode("utf-8", "replace")
        except OSError:
            return ""

    def stop(self, grace=10):
        """SIGTERM, then SIGKILL after `grace` seconds. Returns (seconds until it exited after
        SIGTERM, whether it had to be killed); (0, False) when it had already exited."""
        took, killed = 0.0, False
        if self.proc.poll() is None:
            t0 = time.monotonic()
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                killed = True
                self.proc.kill()
                self.proc.wait()
            took = time.monotonic() - t0
        self.log.close()
        if self in Server.live:
            Server.live.remove(self)
        return took, killed

    @staticmethod
    def stop_all():
        for server in list(Server.live):
            server.stop()


def proc_status(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return fields


def rss_mb(pid):
    """Resident set size (VmRSS) in MB (10^6 bytes)."""
    return int(proc_status(pid)["VmRSS"].split()[0]) * 1024 / 1e6


def anonymous_rss_mb(pid):
    """The anonymous part of the resident set (RssAnon: heap, stacks) in MB (10^6 bytes)."""
    return int(proc_status(pid)["RssAnon"].split()[0]) * 1024 / 1e6


def peak_rss_mb(pid):
    return int(proc_status(pid)["VmHWM"].split()[0]) * 1024 / 1e6


def thread_switches(pid):
    """Voluntary + involuntary context switches of each thread of the process, by thread id."""
    counts = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            status = proc_status(f"{pid}/task/{task}")
        except OSError:
            continue
        counts[task] = (int(status["voluntary_ctxt_switches"]) + int(status["nonvoluntary_ctxt_switches"]),
                        status.get("Name", "?"))
    return counts


def wakeups_between(before, after):
    """Context switches between two `thread_switches` snapshots. A thread that exited in between
    counts as one (it woke up at least to exit); one that started counts in full."""
    total, exited, started = 0, [], []
    for tid, (count, name) in after.items():
        if tid in before:
            total += count - before[tid][0]
        else:
            total += count
            started.append(name)
    for tid, (_, name) in before.items():
        if tid not in after:
            total += 1
            exited.append(name)
    return total, exited, started


def cpu_ms(pid):
    """User + system CPU time of the whole process (every thread), in ms."""
    with open(f"/proc/{pid}/stat") as f:
        after_name = f.read().rsplit(")", 1)[1].split()
    # Fields 14 and 15 of stat (utime, stime); after_name starts at field 3.
    return (int(after_name[11]) + int(after_name[12])) * 1000 / CLOCK_TICK
