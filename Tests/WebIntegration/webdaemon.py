"""The real menud with --web on a temporary folder, and the clients the web transport tests
use: the Unix socket (one message per line), the blocking WebSocket client of
clients/python/menud_websocket.py (RFC 6455 by hand, so a test can send binary or oversized
frames, leave out headers, or stop reading), and plain HTTP."""

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clients", "python"))

from menud_websocket import Refused, WebSocket  # noqa: E402,F401 (the tests import both from here)

BIN_DIR = os.environ["MENUD_BIN_DIR"]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class SocketClient:
    """A line-per-message JSON-RPC client of the daemon's Unix socket."""

    def __init__(self, path):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.settimeout(20)
        self.socket.connect(path)
        self.buffer = b""
        self.next_id = 1

    def receive_json(self):
        while b"\n" not in self.buffer:
            chunk = self.socket.recv(1 << 20)
            if not chunk:
                raise ConnectionError("menud closed the connection")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def call(self, method, params=None):
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        self.next_id += 1
        if params is not None:
            request["params"] = params
        self.socket.sendall(json.dumps(request).encode() + b"\n")
        while True:
            message = self.receive_json()
            if message.get("id") == request["id"]:
                return message

    def close(self):
        self.socket.close()


class WebDaemon:
    """menud --web 127.0.0.1:PORT on a temporary root, its runtime folder private to the test."""

    def __init__(self, config=None, web=True, extra=()):
        self.home = tempfile.mkdtemp(prefix="menud-webit-")
        self.root = os.path.join(self.home, "root")
        os.mkdir(self.root)
        self.runtime = os.path.join(self.home, "run")
        os.mkdir(self.runtime, 0o700)
        self.socket_path = os.path.join(self.runtime, "s.sock")
        self.token_path = os.path.join(self.runtime, "menud", "web-token")
        self.log_path = os.path.join(self.home, "menud.log")
        self.config_path = os.path.join(self.home, "config.json5")
        self.port = free_port() if web else None
        self.arguments = [os.path.join(BIN_DIR, "menud"), "--root", self.root, "--socket", self.socket_path,
                          "--settle", "300ms", "--log-level", "debug"]
        if web:
            self.arguments += ["--web", f"127.0.0.1:{self.port}"]
        if config is not None:
            self.write_config(config)
            self.arguments += ["--config", self.config_path]
        self.arguments += list(extra)
        self.environment = dict(os.environ, XDG_RUNTIME_DIR=self.runtime, XDG_CONFIG_HOME=self.home, HOME=self.home)
        self.process = None

    def write_config(self, config):
        with open(self.config_path, "w") as handle:
            json.dump(config, handle)

    def run_to_exit(self, timeout=20):
        """Starts the daemon expecting it to refuse to start: (exit code, log)."""
        with open(self.log_path, "ab") as log:
            result = subprocess.run(self.arguments, stdout=log, stderr=log, env=self.environment, timeout=timeout)
        return result.returncode, self.log()

    def start(self, timeout=30):
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(self.arguments, stdout=log, stderr=log, env=self.environment)
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"menud exited with {self.process.returncode}:\n{self.log()}")
            try:
                client = SocketClient(self.socket_path)
                status = client.call("daemon.status")["result"]
                client.close()
                if not status["crawling"]:
                    return self
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"menud did not start:\n{self.log()}")

    def token(self):
        with open(self.token_path) as handle:
            return handle.read().strip()

    def cookie(self):
        return f"menud_token={self.token()}"

    def websocket(self, **options):
        options.setdefault("cookie", self.cookie())
        return WebSocket(self.port, **options)

    def client(self):
        return SocketClient(self.socket_path)

    def http(self, path, headers=None, host=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        try:
            connection.request("GET", path, headers={"Host": host or f"127.0.0.1:{self.port}", **(headers or {})})
            response = connection.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            connection.close()

    def log(self):
        with open(self.log_path, errors="replace") as handle:
            return handle.read()

    def wait_for_log(self, text, timeout=20):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if text in self.log():
                return
            time.sleep(0.05)
        raise AssertionError(f"the log never said {text!r}:\n{self.log()[-3000:]}")

    def write(self, relative, data=b"", age_seconds=3600):
        full = os.path.join(self.root, relative)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as handle:
            handle.write(data)
        if age_seconds is not None:
            when = time.time() - age_seconds
            os.utime(full, (when, when))
        return full

    def stop(self):
        code = None
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                code = self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return code

    def remove(self):
        self.stop()
        shutil.rmtree(self.home, ignore_errors=True)
