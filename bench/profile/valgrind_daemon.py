"""The release menud under a valgrind tool, on a tree of its own: what bench/profile/callgrind.py
and bench/profile/order.py share. valgrind 3.19 does not know the openat2 system call, so the
daemon runs with profile/openat2.c preloaded (never use that outside a profiling run). Nor can it
read the toolchain's debug information ("Possibly corrupted debuginfo file", and it gives up), so
the daemon that runs is a copy with its debug sections stripped: the symbols and every address
stay as they are, which is all callgrind's names and order.py's symbol table need."""
import os
import shutil
import socket
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
LOAD = os.path.join(HERE, "..", "build", "load")
TARGET = "bench.txt"
GET = '{"jsonrpc":"2.0","id":1,"method":"files.get","params":{"path":"bench.txt"}}'


def ask(sock, line):
    """Sends one line on a new connection; the answer's line."""
    with socket.socket(socket.AF_UNIX) as s:
        s.connect(sock)
        s.sendall((line + "\n").encode())
        answer = b""
        while not answer.endswith(b"\n"):
            chunk = s.recv(65536)
            if not chunk:
                break
            answer += chunk
        return answer


class ValgrindDaemon:
    """menud from `bin_dir` under `valgrind TOOL_ARGS`, on a root holding bench.txt (written an
    hour ago, so it is ready once the settle time has passed) and the `extra` files (relative
    path: text). Started by `start()`, which returns once bench.txt is tracked and ready."""

    def __init__(self, bin_dir, tool_args, extra=None):
        self.work = tempfile.mkdtemp(prefix="menud-valgrind-", dir="/dev/shm" if os.access("/dev/shm", os.W_OK) else None)
        self.root, self.home = os.path.join(self.work, "root"), os.path.join(self.work, "home")
        self.sock = os.path.join(self.home, "menud.sock")
        self.bin_dir, self.tool_args = bin_dir, tool_args
        os.makedirs(self.root)
        os.makedirs(self.home, mode=0o700)
        old = time.time() - 3600
        for path, text in [(TARGET, "menud benchmark target\n"), *sorted((extra or {}).items())]:
            full = os.path.join(self.root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as f:
                f.write(text)
            os.utime(full, (old, old))
        self.process = None
        self.ready = False

    def stripped_copy(self):
        """menud and the plugin API library beside it, copied into the work directory, menud
        without its debug sections; the directory to run them from."""
        copy = os.path.join(self.work, "bin")
        os.makedirs(copy)
        for name in ("menud", "libMenudPluginAPI.so"):
            if os.path.exists(os.path.join(self.bin_dir, name)):
                shutil.copy2(os.path.join(self.bin_dir, name), copy)
        subprocess.run(["strip", "--strip-debug", os.path.join(copy, "menud")], check=True)
        return copy

    def start(self):
        shim = os.path.join(self.work, "openat2.so")
        subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", shim, os.path.join(HERE, "openat2.c"), "-ldl"], check=True)
        env = dict(os.environ, LD_PRELOAD=shim, HOME=self.home, XDG_CONFIG_HOME=os.path.join(self.home, "config"),
                   XDG_DATA_HOME=os.path.join(self.home, "data"), XDG_RUNTIME_DIR=self.home)
        with open(os.path.join(self.work, "menud.log"), "w") as log:
            self.process = subprocess.Popen(["valgrind", *self.tool_args, os.path.join(self.stripped_copy(), "menud"), "--root", self.root,
                                             "--socket", self.sock, "--settle", "2s"], env=env, stdout=log, stderr=log)
        for _ in range(600):
            if os.path.exists(self.sock):
                break
            if self.process.poll() is not None:
                raise SystemExit(f"menud under valgrind exited with {self.process.returncode}; see {self.work}/menud.log")
            time.sleep(0.1)
        else:
            raise SystemExit(f"menud under valgrind made no socket within 60 s; see {self.work}/menud.log")
        for _ in range(200):  # until bench.txt is tracked and ready
            try:
                if b'"ready"' in ask(self.sock, GET):
                    self.ready = True
                    return self
            except ConnectionRefusedError:  # the socket is bound, not listened on yet
                pass
            time.sleep(0.5)
        raise SystemExit(f"bench.txt never became ready; see {self.work}/menud.log")

    def load(self, args, duration):
        """Runs bench/build/load against the daemon for `duration` seconds; its JSON output."""
        command = [LOAD, "--socket", self.sock, *args, "--warmup", "0", "--duration", str(duration)]
        return subprocess.run(command, capture_output=True, text=True, check=True).stdout

    def control(self, *args):
        subprocess.run(["callgrind_control", *args, str(self.process.pid)], capture_output=True, check=True)

    def stop(self):
        """Stops the daemon; its work directory goes too, unless it never became ready (the
        error names its log there)."""
        if self.process is not None:
            self.process.terminate()
            self.process.wait()
        if self.ready:
            shutil.rmtree(self.work, ignore_errors=True)
