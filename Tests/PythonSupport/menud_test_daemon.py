"""The real menud for the tests driven from Python (the browser tests and the web transport's):
the binary from the build, started on a temporary folder with a socket, runtime folder, config
and home of its own, optionally serving the web page (`--web` on a free loopback port), and a
line-per-message client of its socket for the tests' own checks."""

import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time

REPOSITORY = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))


def binary(name="menud"):
    """The executable `name` from $MENUD_BIN_DIR, else from the folder `swift build` builds into."""
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


class LineClient:
    """A line-per-message JSON-RPC client of the daemon's Unix socket. `call` returns the whole
    answer (as the WebSocket client's does, so the two transports' answers compare); `result`
    returns its result, or raises RuntimeError with the error's message."""

    def __init__(self, path, timeout=30):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.settimeout(timeout)
        try:
            self.socket.connect(path)
        except OSError:
            self.socket.close()
            raise
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

    def result(self, method, params=None):
        answer = self.call(method, params)
        if "error" in answer:
            raise RuntimeError(answer["error"]["message"])
        return answer["result"]

    def close(self):
        self.socket.close()


class TestDaemon:
    """menud (or `program`, such as menud-fixture) on a temporary root. `root` is the watched
    folder, `log()` its output so far; with `web`, `port` is where it serves the page and
    `token()` the page's secret."""

    def __init__(self, settle="400ms", config=None, program="menud", environment=None, base=None,
                 root_name="root", web=False, extra=()):
        self.home = tempfile.mkdtemp(prefix="menud-test-", dir=base)
        self.root = os.path.join(self.home, root_name)
        os.mkdir(self.root)
        self.runtime = os.path.join(self.home, "run")
        os.mkdir(self.runtime, 0o700)
        self.socket_path = os.path.join(self.runtime, "s.sock")
        self.token_path = os.path.join(self.runtime, "menud", "web-token")
        self.log_path = os.path.join(self.home, "menud.log")
        self.config_path = os.path.join(self.home, "config.json5")
        self.port = free_port() if web else None
        self.arguments = [binary(program), "--root", self.root, "--socket", self.socket_path,
                          "--settle", settle, "--log-level", "debug"]
        if web:
            self.arguments += ["--web", f"127.0.0.1:{self.port}"]
        if config is not None:
            self.write_config(config)
            self.arguments += ["--config", self.config_path]
        self.arguments += list(extra)
        # Its own home too: whatever an action writes there (the Trash) stays in the test's folder.
        self.environment = dict(os.environ, XDG_RUNTIME_DIR=self.runtime, XDG_CONFIG_HOME=self.home, HOME=self.home)
        self.environment.update(environment or {})
        self.process = None

    def write_config(self, config):
        with open(self.config_path, "w") as handle:
            json.dump(config, handle)

    def run_to_exit(self, timeout=20):
        """Starts the daemon expecting it to refuse to start: (exit code, log)."""
        with open(self.log_path, "ab") as log:
            result = subprocess.run(self.arguments, stdout=log, stderr=log, env=self.environment, timeout=timeout)
        return result.returncode, self.log()

    def start(self, timeout=60):
        """Starts the daemon and returns once its first crawl is done."""
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(self.arguments, stdout=log, stderr=log, env=self.environment)
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"menud exited with {self.process.returncode}:\n{self.log()}")
            try:
                client = LineClient(self.socket_path)
                status = client.result("daemon.status")
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
        return LineClient(self.socket_path)

    def token(self):
        with open(self.token_path) as handle:
            return handle.read().strip()

    def cookie(self):
        return f"menud_token={self.token()}"

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

    def stop(self):
        """SIGTERM, and SIGKILL after 15 s; the exit code (None if it was not running or killed)."""
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
        """Stops the daemon and removes its folder."""
        TestDaemon.stop(self)  # not a subclass's stop, which may remove the folder itself
        # A tree of 100,000 files is removed in one go almost always; try again if not.
        for _ in range(3):
            shutil.rmtree(self.home, ignore_errors=True)
            if not os.path.exists(self.home):
                break
            time.sleep(0.2)
