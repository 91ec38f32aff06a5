"""Tests for menud_client against the real daemon.

The daemon binary is $MENUD_BIN, else the one `swift build --show-bin-path` names (run from
the repository). Each test starts its own daemon on a fresh temporary directory.

    python3 -m unittest -v test_menud_client      (in clients/python)
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import menud_client  # noqa: E402
from menud_client import Client, ItemNotFound, MenudError, MenuInvalidated, NoMenu  # noqa: E402

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SETTLE = "300ms"


def menud_binary():
    explicit = os.environ.get("MENUD_BIN")
    if explicit:
        return explicit
    try:
        bin_path = subprocess.run(
            ["swift", "build", "--show-bin-path"], cwd=REPOSITORY, check=True, capture_output=True, text=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError) as error:
        raise unittest.SkipTest("set MENUD_BIN to the menud binary (swift build --show-bin-path failed: %s)" % error)
    return os.path.join(bin_path, "menud")


class Daemon:
    """A menud process on a temporary root, stopped and cleaned up by `stop()`."""

    def __init__(self):
        self.base = tempfile.mkdtemp(prefix="menud-py-", dir="/tmp")
        self.root = os.path.join(self.base, "root")
        os.mkdir(self.root)
        self.socket = os.path.join(self.base, "run", "menud.sock")
        self.log_path = os.path.join(self.base, "stderr.log")
        self.process = None

    def write(self, relative, text, age=None):
        path = os.path.join(self.root, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as handle:
            handle.write(text)
        if age is not None:
            then = time.time() - age
            os.utime(path, (then, then))
        return path

    def start(self):
        env = dict(os.environ)
        env.update(
            HOME=self.base,
            XDG_CONFIG_HOME=os.path.join(self.base, "config"),
            XDG_DATA_HOME=os.path.join(self.base, "data"),
        )
        for key in ("LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES", "NOTIFY_SOCKET", "JOURNAL_STREAM"):
            env.pop(key, None)
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                [menud_binary(), "--root", self.root, "--socket", self.socket, "--settle", SETTLE, "--log-level", "debug"],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=log,
                env=env,
            )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError("menud exited with %s before listening:\n%s" % (self.process.returncode, self.log()))
            try:
                with Client(self.socket, timeout=5) as client:
                    while time.monotonic() < deadline:
                        if not client.call("daemon.status").get("crawling"):
                            return self
                        time.sleep(0.02)
            except ConnectionError:
                time.sleep(0.02)
        raise AssertionError("menud did not get ready within 20 s:\n" + self.log())

    def log(self):
        try:
            with open(self.log_path, encoding="utf-8", errors="replace") as handle:
                return handle.read()
        except OSError:
            return ""

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.base, ignore_errors=True)


class DaemonTestCase(unittest.TestCase):
    def setUp(self):
        self.daemon = Daemon()
        self.addCleanup(self.daemon.stop)
        self.daemon.write("a.txt", "alpha\n", age=60)
        self.daemon.write("videos/intro.mp4", "x" * 2400, age=60)
        self.daemon.start()
        self.client = Client(self.daemon.socket, timeout=10)
        self.addCleanup(self.client.close)

    def skip_unless_menus_are_served(self):
        try:
            self.client.call("menu.open", target={"row": 1_000_000})
        except MenudError as error:
            if error.code == menud_client.METHOD_NOT_FOUND:
                self.skipTest("this menud does not serve menus yet (menu methods answer -32601 method not found)")


class ScriptedPeer:
    """A stand-in for the daemon's side of one connection, for the parts of the client that
    the real daemon cannot be made to exercise on demand (out-of-order answers, progress,
    an invalidation at a chosen moment). `answer(request)` returns the messages to send back
    for each request, in order; every request received is kept in `requests`."""

    def __init__(self, answer):
        import json
        import socket
        import threading

        self._json = json
        self.answer = answer
        self.requests = []
        self.base = tempfile.mkdtemp(prefix="menud-peer-", dir="/tmp")
        self.path = os.path.join(self.base, "peer.sock")
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(self.path)
        self.listener.listen(1)
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        connection, _ = self.listener.accept()
        with connection:
            buffer = b""
            while True:
                chunk = connection.recv(65536)
                if not chunk:
                    return
                buffer += chunk
                while b"\n" in buffer:
                    line, buffer = buffer.split(b"\n", 1)
                    request = self._json.loads(line)
                    self.requests.append(request)
                    for message in self.answer(request):
                        message.setdefault("jsonrpc", "2.0")
                        connection.sendall(self._json.dumps(message).encode() + b"\n")

    def methods(self):
        return [request["method"] for request in self.requests]

    def close(self):
        self.listener.close()
        shutil.rmtree(self.base, ignore_errors=True)


MENU = {
    "id": "m-1",
    "title": "clip.mp4",
    "items": [
        {"id": "i1", "title": "Inspect", "accessibilityLabel": "Inspect"},
        {"id": "g1", "title": "Share", "accessibilityLabel": "Share", "children": [
            {"id": "i2", "title": "Upload", "accessibilityLabel": "Upload"},
            {"id": "i3", "title": "Rename…", "accessibilityLabel": "Rename…", "input": {"prompt": "New name", "default": "clip.mp4"}},
        ]},
    ],
}


class ClientLogicTests(unittest.TestCase):
    """The client's bookkeeping, against a scripted peer."""

    def connect(self, answer):
        peer = ScriptedPeer(answer)
        self.addCleanup(peer.close)
        client = Client(peer.path, timeout=10)
        self.addCleanup(client.close)
        return peer, client

    def test_pipeline_answers_out_of_order(self):
        held = []

        def answer(request):
            held.append({"id": request["id"], "result": {"n": request["params"]["n"]}})
            if len(held) < 5:
                return []
            released = list(reversed(held))
            held.clear()
            return released

        _, client = self.connect(answer)
        results = client.pipeline([("echo", {"n": n}) for n in range(5)])
        self.assertEqual([r["n"] for r in results], [0, 1, 2, 3, 4])

    def test_handshake_with_progress_and_input(self):
        def answer(request):
            method, rid = request["method"], request["id"]
            if method == "menu.open":
                return [{"id": rid, "result": {"menu": MENU}}]
            if method == "menu.select":
                return [{"id": rid, "result": {"dismiss": True}}]
            if method == "menu.dismissed":
                return [
                    {"method": "action.progress", "params": {"menu": "m-1", "fraction": 0.5, "message": "half"}},
                    {"method": "files.changed", "params": {"files": []}},
                    {"method": "action.progress", "params": {"menu": "m-other", "fraction": 0.1}},
                    {"method": "action.progress", "params": {"menu": "m-1", "fraction": 1.0}},
                    {"id": rid, "result": {"ran": True, "item": "i3", "outcome": {"message": "Renamed"}}},
                ]
            return [{"id": rid, "error": {"code": -32601, "message": "no such method"}}]

        peer, client = self.connect(answer)
        progress = []
        outcome = client.run_menu_action("clip.mp4", "Rename…", input="new.mp4", on_progress=lambda f, m: progress.append((f, m)))
        self.assertEqual(outcome, {"message": "Renamed"})
        self.assertEqual(progress, [(0.5, "half"), (1.0, None)])
        self.assertEqual(peer.methods(), ["menu.open", "menu.select", "menu.dismissed"])
        self.assertEqual(peer.requests[0]["params"], {"target": {"path": "clip.mp4"}})
        self.assertEqual(peer.requests[1]["params"], {"menu": "m-1", "item": "i3"})
        self.assertEqual(peer.requests[2]["params"], {"menu": "m-1", "input": "new.mp4"})
        kept = client.pending_notifications()
        self.assertEqual([n.method for n in kept], ["files.changed", "action.progress"])

    def test_invalidation_before_dismissal_cancels(self):
        def answer(request):
            method, rid = request["method"], request["id"]
            if method == "menu.open":
                return [{"id": rid, "result": {"menu": MENU}}]
            if method == "menu.select":
                return [
                    {"method": "menu.invalidated", "params": {"menu": "m-1", "reason": "clip.mp4 was removed"}},
                    {"id": rid, "result": {"dismiss": True}},
                ]
            if method == "menu.cancel":
                return [{"id": rid, "error": {"code": -32020, "message": "no such menu"}}]
            return [{"id": rid, "error": {"code": -32601, "message": "no such method"}}]

        peer, client = self.connect(answer)
        with self.assertRaises(MenuInvalidated) as caught:
            client.run_menu_action("clip.mp4", "Upload")
        self.assertEqual(caught.exception.reason, "clip.mp4 was removed")
        self.assertEqual(caught.exception.menu, "m-1")
        deadline = time.monotonic() + 10
        while "menu.cancel" not in peer.methods() and time.monotonic() < deadline:
            time.sleep(0.01)
        self.assertEqual(peer.methods(), ["menu.open", "menu.select", "menu.cancel"])
        # The abandoned answer to menu.cancel does not confuse the next call.
        self.assertEqual(client.call("menu.open", target={"path": "x"})["menu"]["id"], "m-1")

    def test_failed_action_raises_with_its_data(self):
        def answer(request):
            method, rid = request["method"], request["id"]
            if method == "menu.open":
                return [{"id": rid, "result": {"menu": MENU}}]
            if method == "menu.select":
                return [{"id": rid, "result": {"dismiss": True}}]
            return [{"id": rid, "error": {"code": -32030, "message": "Upload failed.", "data": {"exitCode": 3, "stderr": "no route"}}}]

        _, client = self.connect(answer)
        with self.assertRaises(MenudError) as caught:
            client.run_menu_action({"path": "clip.mp4"}, "i2")
        self.assertEqual(caught.exception.code, menud_client.ACTION_FAILED)
        self.assertEqual(caught.exception.data["exitCode"], 3)

    def test_missing_input_is_refused_before_selecting(self):
        def answer(request):
            method, rid = request["method"], request["id"]
            if method == "menu.open":
                return [{"id": rid, "result": {"menu": MENU}}]
            return [{"id": rid, "result": {"closed": True}}]

        peer, client = self.connect(answer)
        with self.assertRaises(ValueError) as caught:
            client.run_menu_action("clip.mp4", "Rename…")
        self.assertIn("New name", str(caught.exception))
        deadline = time.monotonic() + 10
        while len(peer.requests) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        self.assertEqual(peer.methods(), ["menu.open", "menu.cancel"])


class DefaultSocketPathTests(unittest.TestCase):
    def test_menud_socket_wins(self):
        env = {"MENUD_SOCKET": "/x/y.sock", "XDG_RUNTIME_DIR": "/run/user/7"}
        self.assertEqual(menud_client.default_socket_path(env), "/x/y.sock")

    def test_runtime_directory(self):
        self.assertEqual(menud_client.default_socket_path({"XDG_RUNTIME_DIR": "/run/user/7"}), "/run/user/7/menud/menud.sock")

    def test_tmp_fallback(self):
        self.assertEqual(menud_client.default_socket_path({}), "/tmp/menud-%d/menud.sock" % os.getuid())

    def test_connecting_to_nothing_says_what_to_do(self):
        with tempfile.TemporaryDirectory(dir="/tmp") as base:
            with self.assertRaises(ConnectionError) as caught:
                Client(os.path.join(base, "none.sock"))
        self.assertIn("MENUD_SOCKET", str(caught.exception))

    def test_find_item_prefers_ids_and_looks_in_children(self):
        items = [
            {"id": "i1", "title": "Inspect"},
            {"id": "g", "title": "More", "children": [{"id": "i2", "title": "Rename…"}, {"id": "Inspect", "title": "Other"}]},
        ]
        self.assertEqual(menud_client.find_item(items, "Rename…")["id"], "i2")
        self.assertEqual(menud_client.find_item(items, "Inspect")["title"], "Other")
        self.assertEqual(menud_client.find_item(items, "i1")["title"], "Inspect")
        self.assertIsNone(menud_client.find_item(items, "nothing"))


class CallTests(DaemonTestCase):
    def test_status_names_the_root(self):
        status = self.client.call("daemon.status")
        self.assertIn(status["root"], {self.daemon.root, os.path.realpath(self.daemon.root)})
        self.assertEqual(status["files"]["total"], 2)

    def test_list_and_get(self):
        listing = self.client.call("files.list")
        self.assertEqual([f["path"] for f in listing["files"]], ["a.txt", "videos/intro.mp4"])
        self.assertEqual(listing["total"], 2)
        ready = self.client.call("files.list", state="ready", glob="*.mp4")
        self.assertEqual([f["path"] for f in ready["files"]], ["videos/intro.mp4"])
        video = self.client.call("files.get", path="videos/intro.mp4")
        self.assertEqual(video["size"], 2400)
        self.assertEqual(video["sizeText"], "2 KB")
        self.assertEqual(video["state"], "ready")

    def test_unknown_path_is_not_found(self):
        with self.assertRaises(MenudError) as caught:
            self.client.call("files.get", path="missing.txt")
        self.assertEqual(caught.exception.code, menud_client.NOT_FOUND)
        self.assertTrue(caught.exception.message)

    def test_bad_parameter_is_named(self):
        with self.assertRaises(MenudError) as caught:
            self.client.call("files.list", stat="ready")
        self.assertEqual(caught.exception.code, menud_client.INVALID_PARAMS)
        self.assertEqual(caught.exception.data.get("param"), "stat")

    def test_connection_survives_errors(self):
        with self.assertRaises(MenudError):
            self.client.call("no.such.method")
        self.assertEqual(self.client.call("files.get", path="a.txt")["path"], "a.txt")


class PipelineTests(DaemonTestCase):
    def test_fifty_calls_answer_in_order_of_the_requests(self):
        paths = ["a.txt", "videos/intro.mp4"]
        calls = []
        for index in range(50):
            if index % 5 == 4:
                calls.append(("daemon.status", None))
            else:
                calls.append(("files.get", {"path": paths[index % 2]}))
        results = self.client.pipeline(calls)
        self.assertEqual(len(results), 50)
        for (method, params), result in zip(calls, results):
            if method == "daemon.status":
                self.assertEqual(result["files"]["total"], 2)
            else:
                self.assertEqual(result["path"], params["path"])

    def test_errors_in_a_pipeline(self):
        calls = [("files.get", {"path": "a.txt"}), ("files.get", {"path": "nope"}), ("daemon.status", None)]
        results = self.client.pipeline(calls, return_errors=True)
        self.assertEqual(results[0]["path"], "a.txt")
        self.assertIsInstance(results[1], MenudError)
        self.assertEqual(results[1].code, menud_client.NOT_FOUND)
        self.assertIn("root", results[2])
        with self.assertRaises(MenudError):
            self.client.pipeline(calls)
        # Every answer of the failed pipeline was read: the connection is still in step.
        self.assertEqual(self.client.call("files.get", path="a.txt")["path"], "a.txt")


class SubscribeTests(DaemonTestCase):
    def test_a_new_file_is_announced(self):
        notes = self.client.subscribe(["files"], timeout=10)
        self.daemon.write("new.txt", "fresh")
        states = []
        for note in notes:
            if note.method != "files.changed":
                continue
            for changed in note.params["files"]:
                if changed["path"] == "new.txt":
                    states.append(changed["state"])
            if "ready" in states:
                break
        self.assertTrue(states, "no files.changed mentioned new.txt within 10 s")
        self.assertEqual(states[-1], "ready", "no files.changed said new.txt became ready: %r" % states)
        self.assertNotIn("pending", states[states.index("ready"):], "pending after ready: %r" % states)

    def test_removal_is_announced(self):
        notes = self.client.subscribe(["files"], timeout=10)
        os.remove(os.path.join(self.daemon.root, "a.txt"))
        removed = next((n for n in notes if n.method == "files.removed"), None)
        self.assertIsNotNone(removed, "no files.removed within 10 s")
        self.assertIn("a.txt", removed.params["paths"])

    def test_notifications_between_answers_are_kept(self):
        self.client.subscribe(["files"])
        self.daemon.write("kept.txt", "k")
        deadline = time.monotonic() + 10
        seen = False
        while not seen and time.monotonic() < deadline:
            self.client.call("daemon.status")
            seen = any(
                n.method == "files.changed" and any(f["path"] == "kept.txt" for f in n.params["files"])
                for n in self.client.pending_notifications()
            )
        self.assertTrue(seen, "files.changed for kept.txt never arrived between answers")

    def test_iteration_ends_after_the_timeout(self):
        # Whatever the first crawl still announces arrives first; then nothing changes.
        list(self.client.subscribe(["files"], timeout=0.5))
        self.assertEqual(list(self.client.notifications(timeout=0.3)), [])
        self.assertIsNone(self.client.next_notification(timeout=0.1))


class MenuTests(DaemonTestCase):
    def setUp(self):
        super().setUp()
        self.skip_unless_menus_are_served()

    def test_inspect_runs_through_the_handshake(self):
        dismissed = []
        outcome = self.client.run_menu_action("a.txt", "Inspect", on_dismiss=lambda menu, item: dismissed.append(item["title"]))
        self.assertEqual(dismissed, ["Inspect"])
        self.assertIn("Path: a.txt", outcome.get("output", ""))
        self.assertIn("State: ready", outcome.get("output", ""))

    def test_pick_by_id(self):
        menu = self.client.open_menu("videos/intro.mp4")
        item = menud_client.find_item(menu["items"], "Inspect")
        self.assertIsNotNone(item, "no Inspect item in %r" % menu["items"])
        self.client.call("menu.cancel", menu=menu["id"])
        outcome = self.client.run_menu_action({"path": "videos/intro.mp4"}, item["id"])
        self.assertIn("Path: videos/intro.mp4", outcome.get("output", ""))

    def test_unknown_item_cancels_the_menu(self):
        with self.assertRaises(ItemNotFound) as caught:
            self.client.run_menu_action("a.txt", "Launch the rockets")
        self.assertIn("Inspect", str(caught.exception))
        self.assertEqual(self.client.call("files.get", path="a.txt")["path"], "a.txt")

    def test_no_menu_past_the_last_row(self):
        with self.assertRaises(NoMenu):
            self.client.open_menu(999)

    def test_removed_file_invalidates_the_menu(self):
        def remove_and_wait(menu, item):
            os.remove(os.path.join(self.daemon.root, "a.txt"))
            with Client(self.daemon.socket, timeout=10) as other:
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline:
                    try:
                        other.call("files.get", path="a.txt")
                    except MenudError as error:
                        if error.code == menud_client.NOT_FOUND:
                            return
                    time.sleep(0.02)

        with self.assertRaises(MenuInvalidated) as caught:
            self.client.run_menu_action("a.txt", "Inspect", on_dismiss=remove_and_wait)
        self.assertEqual(caught.exception.code, menud_client.MENU_INVALIDATED)
        self.assertEqual(self.client.call("daemon.status")["files"]["total"], 1)


if __name__ == "__main__":
    unittest.main()
