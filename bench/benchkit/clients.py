"""Clients: a blocking JSON-lines client (menud, Watchman's JSON protocol) and the C load client."""
import json
import os
import socket
import subprocess

TOOLS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build")


class JSONLineClient:
    """A blocking client for a line-delimited JSON socket (menud, Watchman's JSON protocol)."""

    def __init__(self, path, timeout=None):
        """`timeout`: seconds any one send or read may take (socket.timeout past it; the client
        is then unusable). None waits for ever."""
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.settimeout(timeout)
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
         path=None, item_title=None, pipeline=1, server=None, cpu=None):
    """Runs bench/build/load against `socket_path` and returns its JSON. `server` (a Server):
    the answer carries `server_cpu`, that process's CPU time over the measured window. `cpu`:
    the CPU the load client runs on (default: wherever this process may run)."""
    argv = [os.path.join(TOOLS, "load"), "--socket", socket_path, "--mode", mode,
            "--connections", str(connections), "--duration", str(duration), "--warmup", str(warmup),
            "--pipeline", str(pipeline)]
    for request in requests or []:
        argv += ["--request", request]
    if path:
        argv += ["--path", path]
    if item_title:
        argv += ["--item-title", item_title]
    if server is not None:
        argv += ["--server-pid", str(server.pid)]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=duration + warmup + 60,
                          preexec_fn=(lambda: os.sched_setaffinity(0, {cpu})) if cpu is not None else None)
    if done.returncode != 0 or not done.stdout.strip():
        raise RuntimeError(f"load failed ({done.returncode}): {done.stderr.strip()}")
    result = json.loads(done.stdout)
    if result["errors"]:
        raise RuntimeError(f"load got {result['errors']} error answers: {done.stderr.strip()}")
    if server is not None and "server_cpu" not in result:
        raise RuntimeError(f"load could not read the CPU time of process {server.pid}")
    return result
