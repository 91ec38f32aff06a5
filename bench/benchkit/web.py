"""Workload 12 of `make bench`: `menu.open` round trips over the web page's WebSocket against
the same over the Unix socket, from one menud serving both, in the same run."""
import os
import socket
import statistics
import sys
import time

from .processes import cpu_ms

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clients", "python"))

from menud_websocket import WebSocket  # noqa: E402

ITERATIONS = 2000
WARM_UP = 200
OPEN = '{"jsonrpc":"2.0","id":%d,"method":"menu.open","params":{"target":{"path":"bench.txt"}}}'
CANCEL = '{"jsonrpc":"2.0","id":%d,"method":"menu.cancel","params":{"menu":"%s"}}'
MENU_ID = b'"menu":{"id":"'


class LineClient:
    """The Unix-socket counterpart of the WebSocket client: one line out, one line in, as lean."""

    def __init__(self, path, timeout=30):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.settimeout(timeout)
        self.sock.connect(path)
        self.buffer = b""

    def send_text(self, payload):
        self.sock.sendall(payload + b"\n")

    def receive_bytes(self):
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise RuntimeError("menud closed the connection")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line

    def close(self):
        self.sock.close()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def open_cancel_rounds(client, pid, count):
    """`count` menu.open + menu.cancel, sequential; each open's round trip in µs (the cancel,
    which keeps the open-menu limit away, is not timed), and the server's CPU per iteration."""
    times = []
    cpu_before = cpu_ms(pid)
    for number in range(count):
        request = (OPEN % (2 * number + 1)).encode()
        started = time.perf_counter_ns()
        client.send_text(request)
        answer = client.receive_bytes()
        times.append((time.perf_counter_ns() - started) / 1000)
        at = answer.find(MENU_ID)
        if at < 0:
            raise RuntimeError(f"menu.open answered {answer[:300]!r}")
        menu = answer[at + len(MENU_ID):answer.index(b'"', at + len(MENU_ID))].decode()
        client.send_text((CANCEL % (2 * number + 2, menu)).encode())
        if b'"closed":true' not in client.receive_bytes():
            raise RuntimeError("menu.cancel did not close the menu")
    return times, (cpu_ms(pid) - cpu_before) * 1000 / count


class WebWorkloads:
    """Mixed into run.py's Bench (which brings Servers, Figures and RequestWorkloads)."""

    def workload_12(self):
        """menu.open round trip over the WebSocket against the Unix socket, one menud, sequential."""
        port = free_port()
        menud = self.menud(self.menu_root(), extra=["--web", f"127.0.0.1:{port}"])
        menud.wait_for_socket()
        self.wait_crawled(menud, 1)
        with open(os.path.join(os.path.dirname(menud.socket), "menud", "web-token")) as f:
            token = f.read().strip()
        web_p50, unix_p50, web_p99, unix_p99, web_cpu, unix_cpu = [], [], [], [], [], []
        for _ in range(self.runs):
            for client, p50, p99, cpu in ((LineClient(menud.socket), unix_p50, unix_p99, unix_cpu),
                                          (WebSocket(port, cookie=f"menud_token={token}", timeout=30), web_p50, web_p99, web_cpu)):
                try:
                    open_cancel_rounds(client, menud.pid, WARM_UP)
                    times, per_iteration = open_cancel_rounds(client, menud.pid, ITERATIONS)
                finally:
                    client.close()
                times.sort()
                p50.append(statistics.median(times))
                p99.append(times[int(len(times) * 0.99)])
                cpu.append(per_iteration)
        label = "12 menu.open WebSocket"
        info = {"iterations": ITERATIONS, "client": "Python, one blocking client per transport"}
        self.record(label, "p50 round trip", "us", web_p50, unix_p50, "Unix socket", 2.0,
                    target_text="<= 2x socket", info=info)
        self.record(label, "p99 round trip", "us", web_p99, unix_p99, "Unix socket")
        self.record(label, "server CPU per open+cancel", "us", web_cpu, unix_cpu, "Unix socket")
        menud.stop()
