"""Starting the servers the benchmarks compare: menud (its own socket, config and home), the
floor, the memory floor, and a private Watchman server (its own socket, state and log)."""
import json
import os
import subprocess
import tempfile
import time

from .clients import TOOLS, JSONLineClient
from .processes import Server, anonymous_rss_mb, rss_mb


class Servers:
    """A work directory for one benchmark run and the servers started in it."""

    def __init__(self, bin_dir, prefix="menud-bench-"):
        # Trees live on tmpfs when there is one: making 100,000 files on a slow disk takes a
        # minute, and the disk's noise is not what these figures are about.
        base = os.environ.get("MENUD_BENCH_DIR") or ("/dev/shm" if os.access("/dev/shm", os.W_OK) else None)
        self.work = tempfile.mkdtemp(prefix=prefix, dir=base)
        self.bin = bin_dir
        self.counter = 0

    def fresh(self, name):
        self.counter += 1
        path = os.path.join(self.work, f"{name}-{self.counter}")
        os.makedirs(path)
        return path

    def menud(self, root, settle="2s", config=None, extra=(), cpu=None, before_start=None):
        """Starts menud on `root` (not waiting for its socket). `config`: the text of a JSON5
        config file for it. `before_start(socket_path)` runs just before the process starts."""
        home = self.fresh("menud")
        sock = os.path.join(home, "menud.sock")
        argv = [os.path.join(self.bin, "menud"), "--root", root, "--socket", sock, "--settle", settle,
                "--log-level", "info"]
        if config is not None:
            config_path = os.path.join(home, "config.json5")
            with open(config_path, "w") as f:
                f.write(config)
            argv += ["--config", config_path]
        argv += list(extra)
        # XDG_RUNTIME_DIR too: with --web, the token goes to home/menud/web-token.
        env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(home, "config"), HOME=home,
                   XDG_DATA_HOME=os.path.join(home, "data"), XDG_RUNTIME_DIR=home)
        os.chmod(home, 0o700)
        if before_start is not None:
            before_start(sock)
        return Server(argv, os.path.join(home, "menud.log"), sock, env=env, cpu=cpu)

    def floor(self, cpu=None, handoff=False):
        """The floor server; with `handoff`, menu.dismissed lines are answered from a thread of
        their own (bench/floor/floor.c)."""
        home = self.fresh("floor-handoff" if handoff else "floor")
        sock = os.path.join(home, "floor.sock")
        argv = [os.path.join(TOOLS, "floor")] + (["--handoff"] if handoff else []) + [sock]
        server = Server(argv, os.path.join(home, "floor.log"), sock, cpu=cpu)
        server.wait_for_socket()
        return server

    def memory_floor_rss(self):
        """The memory floor's RSS and anonymous RSS in MB, once per run of the bench, measured
        as menud's are: 1.5 s after start, then stopped (bench/floor/memory-floor.swift)."""
        if getattr(self, "memory_floor_figures", None) is None:
            figures = {"rss": [], "anon": []}
            for _ in range(self.runs):
                home = self.fresh("memory-floor")
                floor = Server([os.path.join(TOOLS, "memory-floor")], os.path.join(home, "memory-floor.log"), None)
                time.sleep(1.5)
                if floor.proc.poll() is not None:
                    raise RuntimeError(f"the memory floor exited with {floor.proc.returncode}:\n{floor.tail()}")
                figures["rss"].append(rss_mb(floor.pid))
                figures["anon"].append(anonymous_rss_mb(floor.pid))
                took, killed = floor.stop()
                if killed:
                    raise RuntimeError("the memory floor did not stop on SIGTERM")
            self.memory_floor_figures = figures
        return self.memory_floor_figures

    def watchman(self):
        """A private Watchman server (its own socket, state and log), in the foreground."""
        home = self.fresh("watchman")
        sock = os.path.join(home, "watchman.sock")
        argv = ["watchman", "--foreground", f"--sockname={sock}", f"--logfile={home}/log",
                f"--pidfile={home}/pid", f"--statefile={home}/state", "--no-save-state"]
        server = Server(argv, os.path.join(home, "stdout.log"), sock)
        server.wait_for_socket()
        # The way a client finds the socket; with --sockname it must name ours.
        named = json.loads(subprocess.run(["watchman", f"--sockname={sock}", "--no-spawn", "--no-pretty",
                                           "get-sockname"], capture_output=True, text=True, check=True,
                                          timeout=30).stdout)
        if named.get("sockname") != sock:
            raise RuntimeError(f"watchman get-sockname answered {named}, expected {sock}")
        return server

    @staticmethod
    def wait_crawled(server, expect_total=None, timeout=120, interval=0.002):
        """Polls daemon.status until the crawl is over (and `expect_total` files are tracked)."""
        client = JSONLineClient(server.socket, timeout=timeout)
        try:
            deadline = time.monotonic() + timeout
            status = None
            while time.monotonic() < deadline:
                status = client.call("daemon.status")
                if not status["crawling"] and (expect_total is None or status["files"]["total"] == expect_total):
                    return status
                time.sleep(interval)
            raise RuntimeError(f"menud did not finish crawling within {timeout} s: {status}")
        finally:
            client.close()
