#!/usr/bin/env python3
"""menud benchmarks: every workload of bench/README.md, each run several times, against the
reference measured in the same run (the libuv floor server, or Watchman).

Called by bench/run.sh, which installs what is needed and builds menud (release), the floor
and the load client first. Prints one table and writes the figures as JSON under
bench/results/ (bench-<time>.json and latest.json).

    python3 bench/run.py --bin DIR [--runs N] [--only 2,3] [--keep]
"""
import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.join(HERE, "build")
NOISE_LIMIT = 0.20
CLOCK_TICK = os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------------------------------------
# Processes


class Server:
    """A server process started for the run; stopped (SIGTERM, then SIGKILL) at the end."""

    live = []
    # With --pin: the CPU every server runs on (the clients run on the others).
    cpu = None

    def __init__(self, argv, log_path, socket_path, env=None):
        self.socket = socket_path
        self.log_path = log_path
        self.log = open(log_path, "wb")
        cpu = Server.cpu
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

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
        if self in Server.live:
            Server.live.remove(self)

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


# ---------------------------------------------------------------------------------------------
# Clients


class JSONLineClient:
    """A blocking client for a line-delimited JSON socket (menud, Watchman's JSON protocol)."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(path)
        self.reader = self.sock.makefile("rb", buffering=1 << 20)
        self.next_id = 1

    def send(self, obj):
        self.sock.sendall(json.dumps(obj, separators=(",", ":")).encode() + b"\n")

    def read(self):
        line = self.reader.readline()
        if not line:
            raise RuntimeError("the server closed the connection")
        return json.loads(line)

    def call(self, method, params=None):
        """A menud request; returns the result, raises on an error answer."""
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        self.next_id += 1
        if params is not None:
            request["params"] = params
        self.send(request)
        while True:
            answer = self.read()
            if "id" not in answer:
                continue  # a notification
            if "error" in answer:
                raise RuntimeError(f"{method}: {answer['error']}")
            return answer["result"]

    def raw(self, obj):
        """Sends one request and returns the next line unparsed (for timing: parsing a large
        answer in Python would take longer than the server took to send it). Only for
        connections that get no notifications."""
        self.send(obj)
        line = self.reader.readline()
        if not line.endswith(b"\n"):
            raise RuntimeError("the server closed the connection in the middle of an answer")
        return line

    def command(self, *args):
        """A Watchman command; returns the answer, raises on an error answer."""
        self.send(list(args))
        while True:
            answer = self.read()
            if answer.get("unilateral"):
                continue
            if "error" in answer:
                raise RuntimeError(f"watchman {args[0]}: {answer['error']}")
            return answer

    def close(self):
        self.reader.close()
        self.sock.close()


def load(socket_path, *, requests=None, mode="line", connections=1, duration=1.5, warmup=0.3,
         path=None, item_title=None):
    argv = [os.path.join(TOOLS, "load"), "--socket", socket_path, "--mode", mode,
            "--connections", str(connections), "--duration", str(duration), "--warmup", str(warmup)]
    for request in requests or []:
        argv += ["--request", request]
    if path:
        argv += ["--path", path]
    if item_title:
        argv += ["--item-title", item_title]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=duration + warmup + 60)
    if done.returncode != 0 or not done.stdout.strip():
        raise RuntimeError(f"load failed ({done.returncode}): {done.stderr.strip()}")
    result = json.loads(done.stdout)
    if result["errors"]:
        raise RuntimeError(f"load got {result['errors']} error answers: {done.stderr.strip()}")
    return result


# ---------------------------------------------------------------------------------------------
# Servers


class Bench:
    def __init__(self, args):
        self.args = args
        self.runs = args.runs
        # Trees live on tmpfs when there is one: making 100,000 files on a slow disk takes a
        # minute, and the disk's noise is not what these figures are about.
        base = os.environ.get("MENUD_BENCH_DIR") or ("/dev/shm" if os.access("/dev/shm", os.W_OK) else None)
        self.work = tempfile.mkdtemp(prefix="menud-bench-", dir=base)
        self.bin = args.bin
        self.results = []
        self.notes = []
        self.counter = 0

    def fresh(self, name):
        self.counter += 1
        path = os.path.join(self.work, f"{name}-{self.counter}")
        os.makedirs(path)
        return path

    def menud(self, root, settle="2s", config=None, extra=()):
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
        env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(home, "config"), HOME=home,
                   XDG_DATA_HOME=os.path.join(home, "data"))
        os.chmod(home, 0o700)
        return Server(argv, os.path.join(home, "menud.log"), sock, env=env)

    def floor(self):
        home = self.fresh("floor")
        sock = os.path.join(home, "floor.sock")
        server = Server([os.path.join(TOOLS, "floor"), sock], os.path.join(home, "floor.log"), sock)
        server.wait_for_socket()
        return server

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
                                           "get-sockname"], capture_output=True, text=True, check=True).stdout)
        if named.get("sockname") != sock:
            raise RuntimeError(f"watchman get-sockname answered {named}, expected {sock}")
        return server

    @staticmethod
    def wait_crawled(server, expect_total=None, timeout=120):
        client = JSONLineClient(server.socket)
        try:
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                status = client.call("daemon.status")
                if not status["crawling"] and (expect_total is None or status["files"]["total"] == expect_total):
                    return status
                time.sleep(0.002)
            raise RuntimeError(f"menud did not finish crawling within {timeout} s: {status}")
        finally:
            client.close()

    # -----------------------------------------------------------------------------------------
    # Figures

    def record(self, workload, metric, unit, values, reference=None, reference_name=None,
               target=None, better="lower", target_text=None, info=None):
        """Stores one figure: every run's value for menud and for the reference, the target
        (a bound on the ratio menud/reference, or on the value when there is no reference)."""
        entry = {"workload": workload, "metric": metric, "unit": unit, "values": values,
                 "median": statistics.median(values), "spread": spread(values)}
        if reference:
            entry.update(reference=reference_name, referenceValues=reference,
                         referenceMedian=statistics.median(reference), referenceSpread=spread(reference))
            entry["ratio"] = entry["median"] / entry["referenceMedian"] if entry["referenceMedian"] else None
        if target is not None:
            measured = entry.get("ratio", entry["median"]) if reference else entry["median"]
            entry["target"] = target
            entry["better"] = better
            entry["targetText"] = target_text
            entry["met"] = measured is not None and (measured <= target if better == "lower" else measured >= target)
        noisy = entry["spread"] > NOISE_LIMIT or (reference and entry["referenceSpread"] > NOISE_LIMIT)
        entry["noisy"] = bool(noisy)
        if info:
            entry["info"] = info
        self.results.append(entry)
        print("   ", format_row(entry), flush=True)
        return entry

    def skip(self, workload, why):
        self.results.append({"workload": workload, "skipped": why})
        print(f"    skipped: {why}", flush=True)

    # -----------------------------------------------------------------------------------------
    # Workloads

    def menu_methods_available(self, server):
        client = JSONLineClient(server.socket)
        try:
            client.send({"jsonrpc": "2.0", "id": 1, "method": "menu.open", "params": {"target": {"path": "bench.txt"}}})
            answer = client.read()
            return not ("error" in answer and answer["error"]["code"] == -32601)
        finally:
            client.close()

    def handshake(self, workload, mode, steps, ratio_p50, ratio_p99):
        root = self.fresh("menu-root")
        with open(os.path.join(root, "bench.txt"), "w") as f:
            f.write("menud benchmark target\n")
        old = time.time() - 3600
        os.utime(os.path.join(root, "bench.txt"), (old, old))
        menud = self.menud(root)
        menud.wait_for_socket()
        self.wait_crawled(menud, 1)
        if not self.menu_methods_available(menud):
            menud.stop()
            self.skip(workload, "this build has no menu methods (menu.open answers -32601)")
            return
        floor = self.floor()
        ours, theirs = [], []
        for _ in range(self.runs):
            theirs.append(load(floor.socket, mode=mode, path="bench.txt", item_title="Inspect", duration=1.5))
            ours.append(load(menud.socket, mode=mode, path="bench.txt", item_title="Inspect", duration=1.5))
        info = {"stepsPerIteration": steps, "menudIterationsPerSecond": [r["iterations_per_s"] for r in ours]}
        self.record(workload, "p50 per handshake", "us", [r["latency_us"]["p50"] for r in ours],
                    [r["latency_us"]["p50"] for r in theirs], "floor", ratio_p50,
                    target_text=f"<= {ratio_p50}x floor", info=info)
        if ratio_p99 is not None:
            self.record(workload, "p99 per handshake", "us", [r["latency_us"]["p99"] for r in ours],
                        [r["latency_us"]["p99"] for r in theirs], "floor", ratio_p99,
                        target_text=f"<= {ratio_p99}x floor")
        else:
            self.record(workload, "p99 per handshake", "us", [r["latency_us"]["p99"] for r in ours],
                        [r["latency_us"]["p99"] for r in theirs], "floor")
        floor.stop()
        menud.stop()

    def workload_1(self):
        """menu.open then menu.cancel, one connection, sequential."""
        self.handshake("1 open+cancel", "open-cancel", 2, 1.5, 2.0)

    def workload_7(self):
        """A closure action through the whole handshake: open, select, dismissed."""
        self.handshake("7 open+select+dismissed", "open-select-dismiss", 3, 3.0, None)

    def workload_2(self):
        """daemon.status with 1, 16 and 64 connections (closed loop: one request in flight each)."""
        root = self.fresh("status-root")
        menud = self.menud(root)
        menud.wait_for_socket()
        self.wait_crawled(menud)
        floor = self.floor()
        request = '{"jsonrpc":"2.0","id":1,"method":"daemon.status"}'
        for connections in (1, 16, 64):
            ours, theirs = [], []
            for _ in range(self.runs):
                theirs.append(load(floor.socket, requests=[request], connections=connections))
                ours.append(load(menud.socket, requests=[request], connections=connections))
            label = f"2 daemon.status x{connections}"
            self.record(label, "requests/s", "req/s", [r["requests_per_s"] for r in ours],
                        [r["requests_per_s"] for r in theirs], "floor",
                        0.7 if connections == 64 else None, better="higher",
                        target_text=">= 0.7x floor" if connections == 64 else None)
            self.record(label, "p99 latency", "us", [r["latency_us"]["p99"] for r in ours],
                        [r["latency_us"]["p99"] for r in theirs], "floor")
        floor.stop()
        menud.stop()

    def make_tree(self, files, per_folder):
        root = self.fresh(f"tree-{files}")
        folders = files // per_folder
        created = 0
        for d in range(folders):
            folder = os.path.join(root, f"d{d:04}")
            os.mkdir(folder)
            for i in range(per_folder):
                fd = os.open(os.path.join(folder, f"file-{i:03}.dat"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                os.write(fd, b"x" * ((d * 131 + i * 17) % 4096))
                os.close(fd)
                created += 1
        old = time.time() - 3600
        os.utime(root, (old, old))
        return root

    def workload_3(self):
        """files.list of a 10,000-file tree against Watchman's query for name and size."""
        root = self.make_tree(10_000, 100)
        self.tree_10k = root
        menud = self.menud(root)
        menud.wait_for_socket()
        self.wait_crawled(menud, 10_000)
        watchman = self.watchman()
        wm = JSONLineClient(watchman.socket)
        wm.command("watch-project", root)
        query = ["query", root, {"fields": ["name", "size"], "expression": ["type", "f"]}]
        first = wm.command(*query)
        if len(first["files"]) != 10_000:
            raise RuntimeError(f"watchman listed {len(first['files'])} files, expected 10000")
        client = JSONLineClient(menud.socket)
        listed = client.call("files.list")
        if listed["total"] != 10_000 or len(listed["files"]) != 10_000:
            raise RuntimeError(f"menud listed {listed['total']} files, expected 10000")
        client.close()
        wm.close()
        self.rss_10k = (rss_mb(menud.pid), rss_mb(watchman.pid))
        # The same fields as Watchman's query (name and size), through files.list's `fields`;
        # the full File objects (every member, about 4.4 times the bytes) for information.
        same_fields = '{"jsonrpc":"2.0","id":1,"method":"files.list","params":{"fields":["path","size"]}}'
        every_field = '{"jsonrpc":"2.0","id":1,"method":"files.list"}'
        client = JSONLineClient(menud.socket)
        narrow = client.raw({"jsonrpc": "2.0", "id": 1, "method": "files.list", "params": {"fields": ["path", "size"]}})
        client.close()
        watchman_request = json.dumps(query, separators=(",", ":"))
        ours, full, theirs = [], [], []
        for _ in range(self.runs):
            theirs.append(load(watchman.socket, requests=[watchman_request], duration=2, warmup=0.3))
            ours.append(load(menud.socket, requests=[same_fields], duration=2, warmup=0.3))
            full.append(load(menud.socket, requests=[every_field], duration=2, warmup=0.3))
        self.record("3 list 10k files", "p50 per query (path, size)", "ms", [r["latency_us"]["p50"] / 1000 for r in ours],
                    [r["latency_us"]["p50"] / 1000 for r in theirs], "watchman", 1.0,
                    target_text="< watchman",
                    info={"menudReplyBytes": len(narrow),
                          "watchmanReplyBytes": len(json.dumps(first, separators=(",", ":")))})
        self.record("3 list 10k files", "p99 per query (path, size)", "ms", [r["latency_us"]["p99"] / 1000 for r in ours],
                    [r["latency_us"]["p99"] / 1000 for r in theirs], "watchman")
        self.record("3 list 10k files", "p50 per query (every field)", "ms", [r["latency_us"]["p50"] / 1000 for r in full],
                    [r["latency_us"]["p50"] / 1000 for r in theirs], "watchman",
                    info={"menudReplyBytes": len(json.dumps(listed, separators=(",", ":")))})
        watchman.stop()
        menud.stop()

    def workload_4(self):
        """A 100,000-file tree: time until listed, RSS at 10,000 and 100,000 files."""
        started = time.monotonic()
        root = self.make_tree(100_000, 100)
        print(f"    (made the 100,000-file tree in {time.monotonic() - started:.1f} s)", flush=True)
        if not hasattr(self, "tree_10k"):
            self.tree_10k = self.make_tree(10_000, 100)
        # A 100,000-file answer is about 26 MB: more than the default maxOutputBytesPerClient.
        config = "{ maxOutputBytesPerClient: 268435456 }"
        figures = {key: [] for key in ("listed", "wm_listed", "crawled_rss", "rss", "peak", "anon", "wm_rss",
                                       "rss_10k", "wm_rss_10k")}

        def menud_run(tree, total):
            t0 = time.monotonic()
            menud = self.menud(tree, config=config)
            menud.wait_for_socket()
            self.wait_crawled(menud, total)
            crawled = rss_mb(menud.pid)
            client = JSONLineClient(menud.socket)
            line = client.raw({"jsonrpc": "2.0", "id": 1, "method": "files.list"})
            elapsed = (time.monotonic() - t0) * 1000
            listed = json.loads(line)["result"]
            del line
            if listed["total"] != total or len(listed["files"]) != total:
                raise RuntimeError(f"menud listed {listed['total']} files, expected {total}")
            del listed
            client.close()
            # Resident memory once the answer is sent and the daemon has settled: it hands a
            # large answer's heap back to the system 1 s after the last one.
            time.sleep(1.5)
            status = proc_status(menud.pid)
            result = {"ms": elapsed, "crawled": crawled, "rss": rss_mb(menud.pid), "peak": peak_rss_mb(menud.pid),
                      "anon": int(status["RssAnon"].split()[0]) * 1024 / 1e6}
            menud.stop()
            return result

        def watchman_run(tree, total):
            watchman = self.watchman()
            wm = JSONLineClient(watchman.socket)
            t0 = time.monotonic()
            wm.command("watch-project", tree)
            line = wm.raw(["query", tree, {"fields": ["name", "size"], "expression": ["type", "f"]}])
            elapsed = (time.monotonic() - t0) * 1000
            answer = json.loads(line)
            del line
            if len(answer["files"]) != total:
                raise RuntimeError(f"watchman listed {len(answer['files'])} files, expected {total}")
            del answer
            wm.close()
            time.sleep(1.5)  # the same settling time as menud's figure
            result = {"ms": elapsed, "rss": rss_mb(watchman.pid)}
            watchman.stop()
            return result

        for run in range(self.runs):
            # Alternate who goes first, so neither always finds the caches warmed by the other.
            if run % 2 == 0:
                ours, theirs = menud_run(root, 100_000), watchman_run(root, 100_000)
            else:
                theirs, ours = watchman_run(root, 100_000), menud_run(root, 100_000)
            figures["listed"].append(ours["ms"])
            figures["crawled_rss"].append(ours["crawled"])
            figures["rss"].append(ours["rss"])
            figures["peak"].append(ours["peak"])
            figures["anon"].append(ours["anon"])
            figures["wm_listed"].append(theirs["ms"])
            figures["wm_rss"].append(theirs["rss"])
            figures["rss_10k"].append(menud_run(self.tree_10k, 10_000)["rss"])
            figures["wm_rss_10k"].append(watchman_run(self.tree_10k, 10_000)["rss"])
        self.record("4 tree 100k files", "time until listed", "ms", figures["listed"], figures["wm_listed"],
                    "watchman 1st query", 1.0, target_text="< watchman 1st query",
                    info={"menud": "from exec to the whole files.list answer read",
                          "watchman": "from watch-project (server running) to the first query's answer read"})
        self.record("4 tree 100k files", "RSS, crawled", "MB", figures["crawled_rss"], figures["wm_rss"],
                    "watchman", 1.0, target_text="< watchman")
        self.record("4 tree 100k files", "RSS, crawled", "MB", figures["crawled_rss"], target=40,
                    target_text="< 40 MB")
        self.record("4 tree 100k files", "RSS, after a full list", "MB", figures["rss"], figures["wm_rss"],
                    "watchman", 1.0, target_text="< watchman",
                    info={"menudPeakMB": figures["peak"], "menudAnonymousMB": figures["anon"]})
        self.record("4 tree 100k files", "RSS, after a full list", "MB", figures["rss"], target=40,
                    target_text="< 40 MB")
        self.record("4 tree 10k files", "RSS, after a full list", "MB", figures["rss_10k"], figures["wm_rss_10k"],
                    "watchman", 1.0, target_text="< watchman")
        shutil.rmtree(root, ignore_errors=True)

    def burst_and_idle(self):
        """5: 10,000 files written while watched; 6: then 10 s idle."""
        settle_s = 2.0
        files, folders = 10_000, 20
        lags, lost_counts, wrong_sizes, daemon_lags, write_s = [], [], [], [], []
        switches, cpu, idle_threads = [], [], []
        for run in range(self.runs):
            root = self.fresh("burst-root")
            # A partial download: pending for good, so it has no readiness deadline.
            with open(os.path.join(root, "movie.mp4.part"), "wb") as f:
                f.write(b"partial")
            menud = self.menud(root, settle=f"{int(settle_s * 1000)}ms")
            menud.wait_for_socket()
            self.wait_crawled(menud, 1)
            expected = {}
            t0 = time.monotonic()
            for i in range(files):
                folder = f"burst{i % folders:02}"
                if i < folders:
                    os.mkdir(os.path.join(root, folder))
                rel = f"{folder}/f{i:05}.bin"
                size = (i * 37) % 9000 + 1
                with open(os.path.join(root, rel), "wb") as f:
                    f.write(b"b" * size)
                expected[rel] = size
            last_write = time.monotonic()
            last_write_wall_ms = time.time() * 1000
            write_s.append(last_write - t0)
            client = JSONLineClient(menud.socket)
            deadline = last_write + settle_s + 30
            ready_at = None
            while time.monotonic() < deadline:
                status = client.call("daemon.status")
                if status["files"]["ready"] == files and status["files"]["total"] == files + 1:
                    ready_at = time.monotonic()
                    break
                time.sleep(0.01)
            listed = client.call("files.list")
            by_path = {f["path"]: f for f in listed["files"]}
            lost = [p for p in expected if p not in by_path]
            wrong = [p for p, size in expected.items() if p in by_path and
                     (by_path[p]["size"] != size or by_path[p]["state"] != "ready")]
            lost_counts.append(len(lost))
            wrong_sizes.append(len(wrong))
            if ready_at is None:
                lags.append(float("inf"))
                self.notes.append(f"burst run {run + 1}: not all ready within settle + 30 s "
                                  f"({len(lost)} missing, {len(wrong)} wrong size or state)")
            else:
                lags.append((ready_at - last_write) * 1000)
            ready_ms = [f.get("readyAtMs", 0) for f in listed["files"] if f["path"] in expected]
            daemon_lags.append(max(ready_ms) - last_write_wall_ms if ready_ms else float("inf"))
            client.close()
            # 6: idle, nothing changing, one idle client connected.
            idle_client = JSONLineClient(menud.socket)
            idle_client.call("daemon.status")
            time.sleep(1.0)
            before_switches, before_cpu = thread_switches(menud.pid), cpu_ms(menud.pid)
            time.sleep(10.0)
            woke, exited, started = wakeups_between(before_switches, thread_switches(menud.pid))
            switches.append(woke)
            cpu.append(cpu_ms(menud.pid) - before_cpu)
            idle_threads.append({"exited": exited, "started": started})
            idle_client.close()
            menud.stop()
            shutil.rmtree(root, ignore_errors=True)
        allowed = settle_s * 1000 + 1000
        self.record("5 burst 10k files", "last ready after last write", "ms", lags, target=allowed,
                    target_text=f"<= settle + 1 s ({allowed:.0f} ms)",
                    info={"daemonReportedLagMs": daemon_lags, "writeSeconds": write_s})
        self.record("5 burst 10k files", "lost or wrong size", "files",
                    [a + b for a, b in zip(lost_counts, wrong_sizes)], target=0, target_text="0")
        self.record("6 idle 10 s", "context switches", "count", switches, target=0,
                    target_text="0 (no deadline due)", info={"threads": idle_threads})
        self.record("6 idle 10 s", "CPU time", "ms", cpu, target=0, target_text="0")

    def workload_5(self):
        """A burst of 10,000 files written while watched, then 10 s idle (workloads 5 and 6)."""
        self.burst_and_idle()


def spread(values):
    """The largest deviation of a run from the median, as a fraction of the median."""
    median = statistics.median(values)
    if median == 0:
        return 0.0 if all(v == 0 for v in values) else float("inf")
    return max(abs(v - median) for v in values) / abs(median)


def finite(value):
    """JSON has no infinity: a figure that never happened is written as null."""
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        return None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [finite(v) for v in value]
    return value


def fmt(value, unit):
    if value is None:
        return "-"
    if value == float("inf"):
        return "never"
    if unit in ("req/s",):
        return f"{value / 1000:.1f}k"
    if unit in ("count", "files"):
        return f"{value:.0f}"
    if abs(value) >= 100:
        return f"{value:.0f}"
    return f"{value:.2f}" if abs(value) < 10 else f"{value:.1f}"


def format_row(entry):
    if "skipped" in entry:
        return f"{entry['workload']:<26} skipped: {entry['skipped']}"
    unit = entry["unit"]
    ref = fmt(entry.get("referenceMedian"), unit) + (f" {entry['reference']}" if "reference" in entry else "")
    ratio = f"{entry['ratio']:.2f}x" if entry.get("ratio") is not None else "-"
    target = entry.get("targetText") or "-"
    verdict = "" if "met" not in entry else ("met" if entry["met"] else "MISSED")
    noise = " (noisy)" if entry["noisy"] else ""
    return (f"{entry['workload']:<26} {entry['metric']:<28} {fmt(entry['median'], unit):>8} {unit:<5} "
            f"±{min(entry['spread'], 9.99) * 100:>3.0f}% {ref:<28} {ratio:>7}  {target:<22} {verdict}{noise}")


def table(results):
    header = (f"{'workload':<26} {'metric':<28} {'median':>8} {'unit':<5} {'spread':<5} "
              f"{'reference (median)':<28} {'ratio':>7}  {'target':<22} verdict")
    lines = [header, "-" * len(header)]
    lines += [format_row(entry) for entry in results]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True, help="directory holding the release menud")
    parser.add_argument("--runs", type=int, default=int(os.environ.get("MENUD_BENCH_RUNS", "5")))
    parser.add_argument("--only", default="", help="comma-separated workload numbers (default: all)")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    parser.add_argument("--pin", action="store_true",
                        help="pin servers to the last CPU and clients to the others (for a quiet machine)")
    parser.add_argument("--results", default=os.path.join(HERE, "results"))
    args = parser.parse_args()
    cpus = sorted(os.sched_getaffinity(0))
    if args.pin and len(cpus) >= 2:
        # Servers on one CPU, clients (this script, the load client) on the rest: every request
        # then crosses CPUs the same way for every server, instead of the scheduler sometimes
        # putting client and server on one CPU (much faster wake-ups) and sometimes not, which
        # can make the floor's round trip swing between runs by a factor of three. On a shared
        # machine it is worse: whatever else runs on the servers' CPU preempts them.
        Server.cpu = cpus[-1]
        os.sched_setaffinity(0, set(cpus[:-1]))
    bench = Bench(args)
    chosen = []
    for number in [w.strip() for w in args.only.split(",") if w.strip()] or ["2", "3", "4", "5", "1", "7"]:
        number = "5" if number == "6" else number  # 6 is measured on workload 5's daemon
        if number not in chosen:
            chosen.append(number)
    started = time.monotonic()
    machine = {"cpus": os.cpu_count(), "load1": os.getloadavg()[0], "kernel": os.uname().release,
               "serverCpu": Server.cpu}
    try:
        for number in chosen:
            method = getattr(bench, f"workload_{number}")
            print(f"workload {number}: {method.__doc__.strip().splitlines()[0]}", flush=True)
            t = time.monotonic()
            method()
            print(f"    ({time.monotonic() - t:.0f} s)", flush=True)
    finally:
        Server.stop_all()
        if not args.keep:
            shutil.rmtree(bench.work, ignore_errors=True)
    elapsed = time.monotonic() - started
    print()
    print(f"menud benchmarks: {args.runs} runs each, median and spread (largest deviation from the median); "
          f"ratio = menud / reference; {elapsed:.0f} s")
    print(table(bench.results))
    noisy = [e for e in bench.results if e.get("noisy")]
    if noisy:
        print(f"\n{len(noisy)} figure(s) marked (noisy): some run was more than {NOISE_LIMIT:.0%} away from the "
              "median; the machine was too busy to trust them. Re-run on a quiet machine.")
    for note in bench.notes:
        print("note:", note)
    missed = [e for e in bench.results if e.get("met") is False]
    print(f"\ntargets: {sum(1 for e in bench.results if e.get('met'))} met, {len(missed)} missed")
    os.makedirs(args.results, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    document = {"time": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "runs": args.runs, "seconds": round(elapsed, 1),
                "machine": machine, "noiseLimit": NOISE_LIMIT, "results": bench.results, "notes": bench.notes}
    for name in (f"bench-{stamp}.json", "latest.json"):
        with open(os.path.join(args.results, name), "w") as f:
            json.dump(finite(document), f, indent=1)
            f.write("\n")
    print(f"figures written to {os.path.join(args.results, f'bench-{stamp}.json')} and latest.json")


if __name__ == "__main__":
    main()
