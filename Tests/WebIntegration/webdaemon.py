"""The real menud with --web on a temporary folder, and the clients the web transport tests
use: the Unix socket (one message per line), a small blocking WebSocket client (RFC 6455 by
hand, so a test can send binary or oversized frames, leave out headers, or stop reading), and
plain HTTP."""

import base64
import http.client
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import time

BIN_DIR = os.environ["MENUD_BIN_DIR"]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Refused(Exception):
    """The upgrade was answered with something other than 101."""

    def __init__(self, status, body):
        super().__init__(f"HTTP {status}")
        self.status = status
        self.body = body


class WebSocket:
    """One blocking WebSocket client. `receive()` returns a text message's text, or raises
    ConnectionError with the close code once the server closes."""

    def __init__(self, port, cookie=None, origin="default", host=None, path="/rpc", timeout=20):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        host = host or f"127.0.0.1:{port}"
        lines = [f"GET {path} HTTP/1.1", f"Host: {host}", "Upgrade: websocket", "Connection: Upgrade",
                 f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        if origin == "default":
            origin = f"http://{host}"
        if origin is not None:
            lines.append(f"Origin: {origin}")
        if cookie is not None:
            lines.append(f"Cookie: {cookie}")
        self.socket.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.socket.recv(65536)
            if not chunk:
                raise Refused(0, b"")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        status = int(head.split(b" ")[1])
        if status != 101:
            self.socket.close()
            raise Refused(status, self.buffer)
        self.close_code = None
        self.next_id = 1

    def send_frame(self, opcode, payload, fin=True):
        header = bytes([(0x80 if fin else 0) | opcode])
        length = len(payload)
        if length < 126:
            header += bytes([0x80 | length])
        elif length < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", length)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", length)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload)) if length < 65536 else _mask_large(payload, mask)
        self.socket.sendall(header + mask + masked)

    def send_text(self, text):
        self.send_frame(0x1, text.encode() if isinstance(text, str) else text)

    def send_json(self, message):
        self.send_text(json.dumps(message))

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.socket.recv(1 << 20)
            if not chunk:
                raise ConnectionError("closed without a close frame")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def receive(self):
        while True:
            first, second = self._read(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(length)
            opcode = first & 0x0F
            if opcode == 0x1:
                return payload.decode()
            if opcode == 0x9:
                self.send_frame(0xA, payload)
            elif opcode == 0x8:
                self.close_code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None
                try:
                    self.send_frame(0x8, payload[:2])
                except OSError:
                    pass
                raise ConnectionError(f"closed with {self.close_code}")

    def receive_json(self):
        return json.loads(self.receive())

    def call(self, method, params=None):
        """Sends a request and returns its answer (notifications on the way are skipped)."""
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        self.next_id += 1
        if params is not None:
            request["params"] = params
        self.send_json(request)
        while True:
            message = self.receive_json()
            if message.get("id") == request["id"]:
                return message

    def notification(self, method):
        while True:
            message = self.receive_json()
            if message.get("method") == method and "id" not in message:
                return message

    def close(self):
        try:
            self.send_frame(0x8, struct.pack(">H", 1000))
        except OSError:
            pass
        self.socket.close()


def _mask_large(payload, mask):
    """XOR with the mask a word at a time: a byte loop is too slow for a megabyte."""
    repeated = (mask * (len(payload) // 4 + 1))[:len(payload)]
    return (int.from_bytes(payload, "little") ^ int.from_bytes(repeated, "little")).to_bytes(len(payload), "little")


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
