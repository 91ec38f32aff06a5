"""The real daemon for the browser tests: menud (or menud-fixture) from the debug build, on a
temporary folder, with a socket of its own, and a plain client of that socket for the tests'
own checks. Where the page comes from is decided by `serve_page` (one place to change)."""

import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time

from dev_bridge import DevBridge

REPOSITORY = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
WEB_FOLDER = os.path.join(REPOSITORY, "clients", "web")
UNIT_FOLDER = os.path.join(os.path.dirname(os.path.realpath(__file__)), "unit")

# "daemon" (the default): menud serves the page itself, started with --web, and the browser
# opens the URL with the secret from $XDG_RUNTIME_DIR/menud/web-token. "bridge": the test
# fixture dev_bridge.py serves the page and carries its WebSocket to the daemon's Unix socket
# (it records every frame, which some tests check in addition when it is there).
PAGE_SERVER = os.environ.get("MENUD_WEB_SERVER", "daemon")


def binary(name="menud"):
    folder = os.environ.get("MENUD_BIN_DIR")
    if not folder:
        folder = subprocess.run(["swift", "build", "--show-bin-path"], cwd=REPOSITORY, check=True,
                                capture_output=True, text=True).stdout.strip()
    path = os.path.join(folder, name)
    if not os.access(path, os.X_OK):
        raise RuntimeError(f"{path} is missing: build first (swift build, or make test)")
    return path


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class DaemonClient:
    """A line-per-message JSON-RPC client of the daemon's socket."""

    def __init__(self, socket_path):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.settimeout(30)
        try:
            self.socket.connect(socket_path)
        except OSError:
            self.socket.close()
            raise
        self.buffer = b""
        self.next_id = 1

    def call(self, method, params=None):
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        self.next_id += 1
        if params is not None:
            request["params"] = params
        self.socket.sendall(json.dumps(request).encode() + b"\n")
        while True:
            while b"\n" not in self.buffer:
                chunk = self.socket.recv(1 << 20)
                if not chunk:
                    raise RuntimeError("menud closed the connection")
                self.buffer += chunk
            line, self.buffer = self.buffer.split(b"\n", 1)
            message = json.loads(line)
            if message.get("id") == request["id"]:
                if "error" in message:
                    raise RuntimeError(message["error"]["message"])
                return message["result"]

    def close(self):
        self.socket.close()


class Daemon:
    """menud on a temporary root. `root` is the watched folder; `log()` its stderr so far."""

    def __init__(self, settle="400ms", config=None, program="menud", environment=None, base=None, root_name="root"):
        self.home = tempfile.mkdtemp(prefix="menud-web-", dir=base)
        self.root = os.path.join(self.home, root_name)
        os.mkdir(self.root)
        self.runtime = os.path.join(self.home, "run")
        os.mkdir(self.runtime, 0o700)
        self.socket_path = os.path.join(self.runtime, "s.sock")
        self.log_path = os.path.join(self.home, "menud.log")
        self.arguments = [binary(program), "--root", self.root, "--socket", self.socket_path,
                          "--settle", settle, "--log-level", "debug"]
        if config is not None:
            config_path = os.path.join(self.home, "config.json5")
            with open(config_path, "w") as handle:
                json.dump(config, handle)
            self.arguments += ["--config", config_path]
        self.environment = dict(os.environ, XDG_RUNTIME_DIR=self.runtime, XDG_CONFIG_HOME=self.home, **(environment or {}))
        self.web_port = None
        self.process = None

    def start(self, timeout=60):
        arguments = list(self.arguments)
        if PAGE_SERVER == "daemon":
            self.web_port = free_port()
            arguments += ["--web", f"127.0.0.1:{self.web_port}"]
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(arguments, stdout=log, stderr=log, env=self.environment)
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"menud exited with {self.process.returncode}:\n{self.log()}")
            try:
                client = DaemonClient(self.socket_path)
                status = client.call("daemon.status")
                client.close()
                if not status["crawling"]:
                    return self
            except OSError:
                pass
            time.sleep(0.05)
        log = self.log()
        self.process.kill()
        self.process.wait()
        raise RuntimeError(f"menud did not finish its first crawl within {timeout} s:\n{log[-4000:]}")

    def client(self):
        return DaemonClient(self.socket_path)

    def log(self):
        with open(self.log_path, errors="replace") as handle:
            return handle.read()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        # A tree of 100,000 files is removed in one go almost always; try again if not.
        for _ in range(3):
            shutil.rmtree(self.home, ignore_errors=True)
            if not os.path.exists(self.home):
                break
            time.sleep(0.2)

    def path(self, *parts):
        return os.path.join(self.root, *parts)

    def write(self, relative, data=b"", age_seconds=None):
        """Writes a file under the root; with `age_seconds`, back-dates it so it is ready at once."""
        full = self.path(relative)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as handle:
            handle.write(data)
        if age_seconds is not None:
            when = time.time() - age_seconds
            os.utime(full, (when, when))
        return full


class PageServer:
    """Where the browser finds the page for `daemon`: `url` to open, and `frames()` the frames
    the page sent (None when the daemon serves the page and nothing records them)."""

    def __init__(self, daemon):
        self.daemon = daemon
        self.bridge = None
        if PAGE_SERVER == "daemon":
            with open(os.path.join(daemon.runtime, "menud", "web-token")) as handle:
                token = handle.read().strip()
            self.url = f"http://127.0.0.1:{daemon.web_port}/?token={token}"
        else:
            self.bridge = DevBridge(daemon.socket_path, {"/": WEB_FOLDER, "/unit/": UNIT_FOLDER})
            self.url = self.bridge.start()

    def frames(self):
        return self.bridge.sent_by_page() if self.bridge else None

    def stop(self):
        if self.bridge:
            self.bridge.stop()


def serve_page(daemon):
    return PageServer(daemon)


def static_server():
    """The page's folder and the unit tests' folder over HTTP, no daemon (for the unit tests)."""
    bridge = DevBridge("/nonexistent", {"/": WEB_FOLDER, "/unit/": UNIT_FOLDER})
    return bridge, bridge.start()
