"""The request workloads of `make bench` (1, 2, 7, 8, 9, 10, 11): menud against the floor in
the same run, on a tree of one file. Every one reports the server's CPU time per request (or per
handshake) from /proc/PID/stat over the measured window, beside latency and throughput."""
import os
import time

from .clients import JSONLineClient, load
from .function_order import stale_order_note
from .processes import rss_mb

STATUS = '{"jsonrpc":"2.0","id":1,"method":"daemon.status"}'
GET = '{"jsonrpc":"2.0","id":1,"method":"files.get","params":{"path":"bench.txt"}}'
TARGET_TEXT = "menud benchmark target\n"
PIPELINE = 32


class RequestWorkloads:
    """Mixed into run.py's Bench (which brings Servers and Figures)."""

    def menu_root(self):
        root = self.fresh("menu-root")
        with open(os.path.join(root, "bench.txt"), "w") as f:
            f.write(TARGET_TEXT)
        old = time.time() - 3600
        os.utime(os.path.join(root, "bench.txt"), (old, old))
        return root

    def request_daemon(self, cpu=None):
        """menud on a tree of one file (bench.txt, ready), crawled, its answers checked."""
        menud = self.menud(self.menu_root(), cpu=cpu)
        menud.wait_for_socket()
        self.wait_crawled(menud, 1)
        client = JSONLineClient(menud.socket, timeout=30)
        try:
            got = client.call("files.get", {"path": "bench.txt"})
            if got.get("path") != "bench.txt" or got.get("size") != len(TARGET_TEXT) or got.get("state") != "ready":
                raise RuntimeError(f"files.get bench.txt answered {got}")
        finally:
            client.close()
        return menud

    def menu_methods_available(self, server):
        client = JSONLineClient(server.socket, timeout=30)
        try:
            client.send({"jsonrpc": "2.0", "id": 1, "method": "menu.open", "params": {"target": {"path": "bench.txt"}}})
            answer = client.read()
            return not ("error" in answer and answer["error"]["code"] == -32601)
        finally:
            client.close()

    def side_by_side(self, menud, floor, client_cpu=None, **load_args):
        """`runs` load runs against each, alternating (the floor first in each pair)."""
        ours, theirs = [], []
        for _ in range(self.runs):
            theirs.append(load(floor.socket, server=floor, cpu=client_cpu, **load_args))
            ours.append(load(menud.socket, server=menud, cpu=client_cpu, **load_args))
        return ours, theirs

    def record_cpu(self, workload, ours, theirs, per="request", target=None):
        """Server CPU time per request (or per handshake: every line of one iteration)."""
        key = "us_per_request" if per == "request" else "us_per_iteration"
        text = None if target is None else f"<= {target}x floor"
        return self.record(workload, f"server CPU per {per}", "us", [r["server_cpu"][key] for r in ours],
                           [r["server_cpu"][key] for r in theirs], "floor", target, target_text=text,
                           info={"menudBusy": [r["server_cpu"]["busy"] for r in ours],
                                 "floorBusy": [r["server_cpu"]["busy"] for r in theirs],
                                 "menudRequestsInWindow": [r["server_cpu"]["requests"] for r in ours]})

    def handshake(self, workload, mode, steps, ratio_p50, ratio_p99, ratio_cpu, handoff=False):
        menud = self.request_daemon()
        if not self.menu_methods_available(menud):
            menud.stop()
            self.skip(workload, "this build has no menu methods (menu.open answers -32601)")
            return
        floor = self.floor()
        ours, theirs = self.side_by_side(menud, floor, mode=mode, path="bench.txt", item_title="Inspect")
        info = {"stepsPerIteration": steps, "menudIterationsPerSecond": [r["iterations_per_s"] for r in ours]}
        self.record(workload, "p50 per handshake", "us", [r["latency_us"]["p50"] for r in ours],
                    [r["latency_us"]["p50"] for r in theirs], "floor", ratio_p50,
                    target_text=f"<= {ratio_p50}x floor", info=info)
        self.record(workload, "p99 per handshake", "us", [r["latency_us"]["p99"] for r in ours],
                    [r["latency_us"]["p99"] for r in theirs], "floor", ratio_p99,
                    target_text=None if ratio_p99 is None else f"<= {ratio_p99}x floor")
        self.record_cpu(workload, ours, theirs, per="handshake", target=ratio_cpu)
        floor.stop()
        if handoff:
            # Beside it, no target: the floor that answers menu.dismissed from a thread of its
            # own, as menud runs the action on one: the part of the ratio that is that thread.
            threaded = self.floor(handoff=True)
            ours, theirs = self.side_by_side(menud, threaded, mode=mode, path="bench.txt", item_title="Inspect")
            self.record(workload, "server CPU per handshake", "us", [r["server_cpu"]["us_per_iteration"] for r in ours],
                        [r["server_cpu"]["us_per_iteration"] for r in theirs], "floor+thread")
            threaded.stop()
        menud.stop()

    def workload_1(self):
        """menu.open then menu.cancel, one connection, sequential."""
        self.handshake("1 open+cancel", "open-cancel", 2, 1.5, 2.0, 3.0)

    def workload_7(self):
        """A closure action through the whole handshake: open, select, dismissed."""
        self.handshake("7 open+select+dismissed", "open-select-dismiss", 3, 3.0, None, 3.0, handoff=True)

    def workload_2(self):
        """daemon.status with 1, 16 and 64 connections (closed loop: one request in flight each)."""
        menud = self.request_daemon()
        floor = self.floor()
        for connections in (1, 16, 64):
            ours, theirs = self.side_by_side(menud, floor, requests=[STATUS], connections=connections)
            label = f"2 daemon.status x{connections}"
            self.record(label, "requests/s", "req/s", [r["requests_per_s"] for r in ours],
                        [r["requests_per_s"] for r in theirs], "floor",
                        0.7 if connections == 64 else None, better="higher",
                        target_text=">= 0.7x floor" if connections == 64 else None)
            self.record(label, "p99 latency", "us", [r["latency_us"]["p99"] for r in ours],
                        [r["latency_us"]["p99"] for r in theirs], "floor")
            self.record_cpu(label, ours, theirs, target=1.5 if connections == 64 else None)
        floor.stop()
        menud.stop()

    def workload_8(self):
        """files.get with 64 connections, one request in flight each."""
        menud = self.request_daemon()
        floor = self.floor()
        ours, theirs = self.side_by_side(menud, floor, requests=[GET], connections=64)
        label = "8 files.get x64"
        self.record(label, "requests/s", "req/s", [r["requests_per_s"] for r in ours],
                    [r["requests_per_s"] for r in theirs], "floor", better="higher")
        self.record(label, "p99 latency", "us", [r["latency_us"]["p99"] for r in ours],
                    [r["latency_us"]["p99"] for r in theirs], "floor")
        self.record_cpu(label, ours, theirs, target=1.5)
        floor.stop()
        menud.stop()

    def workload_9(self):
        """Pipelined 32 deep, one connection: daemon.status, files.get, menu.open + menu.cancel."""
        menud = self.request_daemon()
        floor = self.floor()
        cases = [("9 daemon.status pipelined", {"requests": [STATUS]}, "request", 4.0),
                 ("9 files.get pipelined", {"requests": [GET]}, "request", 4.0)]
        if self.menu_methods_available(menud):
            cases.append(("9 open+cancel pipelined", {"mode": "open-cancel", "path": "bench.txt"}, "handshake", None))
        else:
            self.skip("9 open+cancel pipelined", "this build has no menu methods (menu.open answers -32601)")
        for label, load_args, per, target in cases:
            ours, theirs = self.side_by_side(menud, floor, pipeline=PIPELINE, **load_args)
            self.record(label, "requests/s", "req/s", [r["requests_per_s"] for r in ours],
                        [r["requests_per_s"] for r in theirs], "floor", better="higher",
                        info={"pipeline": PIPELINE, "connections": 1})
            self.record_cpu(label, ours, theirs, per=per, target=target)
        floor.stop()
        menud.stop()

    def workload_10(self):
        """daemon.status, 64 connections, the load client on a CPU of its own (servers on another)."""
        cpus = sorted(os.sched_getaffinity(0))
        if len(cpus) < 2:
            self.skip("10 daemon.status x64 pinned", "one CPU: the client cannot have a core of its own")
            return
        server_cpu, client_cpu = cpus[-1], cpus[0]
        menud = self.request_daemon(cpu=server_cpu)
        floor = self.floor(cpu=server_cpu)
        ours, theirs = self.side_by_side(menud, floor, client_cpu=client_cpu, requests=[STATUS], connections=64)
        label = "10 daemon.status x64 pinned"
        self.record(label, "requests/s", "req/s", [r["requests_per_s"] for r in ours],
                    [r["requests_per_s"] for r in theirs], "floor", better="higher",
                    info={"serverCpu": server_cpu, "clientCpu": client_cpu})
        self.record(label, "server busy", "%", [r["server_cpu"]["busy"] * 100 for r in ours],
                    [r["server_cpu"]["busy"] * 100 for r in theirs], "floor")
        self.record_cpu(label, ours, theirs)
        # What one core could serve if the server had it all: the load client has one core on
        # two and is often the ceiling even so (the server's busy share then stays under 100 %).
        self.record(label, "one-core capacity (1/CPU per req)", "req/s",
                    [1e6 / r["server_cpu"]["us_per_request"] for r in ours],
                    [1e6 / r["server_cpu"]["us_per_request"] for r in theirs], "floor", better="higher")
        floor.stop()
        menud.stop()

    def workload_11(self):
        """menud idle: resident memory once started on an empty directory and settled."""
        values = []
        for _ in range(self.runs):
            menud = self.menud(self.fresh("idle-root"))
            menud.wait_for_socket()
            self.wait_crawled(menud, 0)
            time.sleep(1.5)
            values.append(rss_mb(menud.pid))
            menud.stop()
        self.record("11 idle", "RSS", "MB", values, target=12, target_text="<= 12 MB")
        # Beside it, no target: what a Swift program loading the same libraries holds, which no
        # change to the daemon's code takes away.
        self.record("11 idle", "RSS", "MB", values, self.memory_floor_rss()["rss"], "memory floor")
        note = stale_order_note(os.path.join(self.bin, "menud"))
        if note:
            self.notes.append(note)
            print("   ", note)
