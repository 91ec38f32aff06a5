"""The other connection of the scale benchmark: a process of its own (so that the benchmark's
own Python work never delays it) that connects as soon as the server's socket accepts and asks
one cheap question every 2 ms (menud: daemon.status; Watchman: version) until its stdin closes,
writing when it sent each question and when the answer came to a file:

    R <t>   started          C <t>   connected
    S <t>   question sent    A <t>   answer read      X <t>   the server closed the connection

Times are time.monotonic() (CLOCK_MONOTONIC, the same clock in every process), so the benchmark
can tell which of its steps each wait fell in.

    python3 probe.py SOCKET menud|watchman OUTFILE [INTERVAL_S]
"""
import os
import socket
import sys
import threading
import time


class Probe:
    """Starts the probe process and, once stopped, says how long each question waited."""

    def __init__(self, socket_path, kind, out_path, interval=0.002):
        import subprocess
        self.out_path = out_path
        self.proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), socket_path, kind, out_path,
                                      str(interval)], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                     stderr=open(out_path + ".err", "wb"))
        self.stopped_at = None

    def wait_ready(self, timeout=10):
        """Returns once the probe process runs and tries to connect (so that it connects the
        moment the socket accepts)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with open(self.out_path) as f:
                    if f.readline().startswith("R "):
                        return
            except FileNotFoundError:
                pass
            time.sleep(0.002)
        raise RuntimeError(f"the probe did not start within {timeout} s")

    def stop(self):
        """Ends the probe (stdin closed; killed if it is stuck waiting for an answer)."""
        import subprocess
        if self.stopped_at is not None:
            return
        self.stopped_at = time.monotonic()
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=3)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def waits(self):
        """[(sent, waited s, answered)] for every question; one still unanswered when the probe
        stopped counts as waiting until then."""
        waits, sent = [], None
        if not os.path.exists(self.out_path):
            return waits
        with open(self.out_path) as f:
            for line in f:
                kind, _, value = line.strip().partition(" ")
                if not value:
                    continue
                t = float(value)
                if kind == "S":
                    sent = t
                elif kind == "A" and sent is not None:
                    waits.append((sent, t - sent, True))
                    sent = None
                elif kind == "X" and sent is not None:
                    # The server closed the connection: this question is not a wait.
                    sent = None
        if sent is not None:
            waits.append((sent, self.stopped_at - sent, False))
        return waits

    def connected_at(self):
        try:
            with open(self.out_path) as f:
                for line in f:
                    if line.startswith("C "):
                        return float(line.split()[1])
        except FileNotFoundError:
            pass  # the probe has not started yet
        return None


def run(socket_path, kind, out_path, interval):
    question = (b'{"jsonrpc":"2.0","id":1,"method":"daemon.status"}\n' if kind == "menud"
                else b'["version"]\n')
    done = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.buffer.read(), done.set()), daemon=True).start()
    out = open(out_path, "w", buffering=1)
    out.write(f"R {time.monotonic():.6f}\n")
    sock = None
    while not done.is_set():
        try:
            sock = socket.socket(socket.AF_UNIX)
            sock.connect(socket_path)
            break
        except OSError:
            sock.close()
            sock = None
            time.sleep(0.001)
    if sock is None:
        return
    out.write(f"C {time.monotonic():.6f}\n")
    buffered = b""
    while not done.is_set():
        sent = time.monotonic()
        out.write(f"S {sent:.6f}\n")
        sock.sendall(question)
        while b"\n" not in buffered:
            chunk = sock.recv(65536)
            if not chunk:
                out.write(f"X {time.monotonic():.6f}\n")
                return
            buffered += chunk
        out.write(f"A {time.monotonic():.6f}\n")
        buffered = buffered.split(b"\n", 1)[1]
        pause = sent + interval - time.monotonic()
        if pause > 0:
            done.wait(pause)


if __name__ == "__main__":
    run(sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]) if len(sys.argv) > 4 else 0.002)
