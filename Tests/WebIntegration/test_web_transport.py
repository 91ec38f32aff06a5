"""JSON-RPC over the daemon's WebSocket (issue 13): the same methods, errors, limits and
notifications as the Unix socket, one text message per JSON-RPC message; and what the web
server refuses. Each test starts the real menud with --web (MENUD_BIN_DIR names the build)."""

import http.client
import json
import os
import signal
import socket
import stat
import subprocess
import time
import unittest

from webdaemon import Refused, WebDaemon, WebSocket, free_port, BIN_DIR


def leaf(items, title):
    for item in items:
        if item.get("title") == title and not item.get("children"):
            return item
        found = leaf(item.get("children") or [], title)
        if found:
            return found
    return None


class DaemonTestCase(unittest.TestCase):
    config = None

    def setUp(self):
        self.daemon = WebDaemon(config=self.config)
        self.addCleanup(self.daemon.remove)


class SameProtocolTests(DaemonTestCase):
    def setUp(self):
        super().setUp()
        self.daemon.write("notes.txt", b"hello")
        self.daemon.write("videos/intro.mp4", b"x" * 100)
        self.daemon.start()

    def test_answers_are_the_sockets_answers(self):
        web, unix = self.daemon.websocket(), self.daemon.client()
        for method, params in [("files.list", None), ("files.get", {"path": "notes.txt"}),
                               ("files.list", {"glob": "*.mp4", "fields": ["path", "size"]})]:
            self.assertEqual(web.call(method, params), unix.call(method, params), method)
        status = web.call("daemon.status")["result"]
        self.assertEqual(status["web"]["listen"], f"127.0.0.1:{self.daemon.port}")
        self.assertEqual(status["web"]["url"], f"http://127.0.0.1:{self.daemon.port}/")
        self.assertEqual(status["web"]["tokenFile"], self.daemon.token_path)
        self.assertEqual(status["socket"], self.daemon.socket_path, "the existing members are unchanged")
        self.assertEqual(status["connections"], 2, "both transports' clients count")

    def test_a_streamed_listing_is_one_message_the_sockets_answer(self):
        # More files than one streamed piece (1,024): the answer is built in pieces and goes
        # out as one text message, byte for byte the socket's.
        for index in range(2500):
            self.daemon.write(f"many/f{index:04}.dat", b"")
        web, unix = self.daemon.websocket(), self.daemon.client()
        deadline = time.monotonic() + 60
        while True:
            files = unix.call("daemon.status")["result"]["files"]
            if files["total"] == 2502 and files["pending"] == 0:
                break
            self.assertLess(time.monotonic(), deadline, f"the new files did not settle: {files}")
            time.sleep(0.1)
        # Every field but `reason`, whose "ready for 3.8 s" moves between the two answers.
        params = {"fields": ["path", "size", "sizeText", "state", "mtimeMs", "readyAtMs", "expiresAtMs", "clock"]}
        answer = web.call("files.list", params)["result"]
        self.assertEqual(len(answer["files"]), 2502)
        self.assertEqual(answer, unix.call("files.list", params)["result"])

    def test_the_same_errors_and_the_connection_stays_open(self):
        web = self.daemon.websocket()
        self.assertEqual(web.call("no.such")["error"]["code"], -32601)
        self.assertEqual(web.call("files.get", {"path": "missing.txt"})["error"]["code"], -32010)
        self.assertEqual(web.call("files.list", {"stat": "ready"})["error"]["code"], -32602)
        web.send_text("this is not json")
        self.assertEqual(web.receive_json()["error"]["code"], -32700)
        web.send_frame(0x2, b'{"jsonrpc":"2.0","id":9,"method":"daemon.status"}')
        answer = web.receive_json()
        self.assertEqual((answer["id"], answer["error"]["code"]), (None, -32700), "a binary message is not read")
        web.send_text(b'"caf\xe9"')
        self.assertEqual(web.receive_json()["error"]["code"], -32700, "bytes that are not UTF-8")
        web.send_text(json.dumps([{"jsonrpc": "2.0", "id": 1, "method": "files.get", "params": {"path": "notes.txt"}},
                                  {"jsonrpc": "2.0", "id": 2, "method": "no.such"}]))
        batch = web.receive_json()
        self.assertEqual([one["id"] for one in batch], [1, 2], "a batch is one message and one answer")
        self.assertEqual(web.call("files.get", {"path": "notes.txt"})["result"]["size"], 5, "still open")
        request = json.dumps({"jsonrpc": "2.0", "id": 77, "method": "files.get", "params": {"path": "notes.txt"}}).encode()
        web.send_frame(0x1, request[:20], fin=False)
        web.send_frame(0x0, request[20:])
        self.assertEqual(web.receive_json()["id"], 77, "a message in fragments is one message")

    def test_notifications_reach_the_websocket(self):
        web = self.daemon.websocket()
        self.assertEqual(web.call("subscribe", {"events": ["files"]})["result"]["subscribed"], ["files"])
        self.daemon.write("arrived.txt", b"new", age_seconds=None)
        changed = web.notification("files.changed")
        self.assertIn("arrived.txt", [one["path"] for one in changed["params"]["files"]])
        os.remove(os.path.join(self.daemon.root, "arrived.txt"))
        removed = web.notification("files.removed")
        self.assertEqual(removed["params"]["paths"], ["arrived.txt"])

    def test_the_menu_handshake_runs_the_action_after_the_dismissal(self):
        web = self.daemon.websocket()
        menu = web.call("menu.open", {"target": {"path": "notes.txt"}})["result"]["menu"]
        inspect = leaf(menu["items"], "Inspect")
        self.assertIsNotNone(inspect, menu)
        self.assertEqual(web.call("menu.select", {"menu": menu["id"], "item": inspect["id"]})["result"], {"dismiss": True})
        done = web.call("menu.dismissed", {"menu": menu["id"]})["result"]
        self.assertTrue(done["ran"])
        self.assertIn("5 bytes", json.dumps(done["outcome"]))
        self.assertIsNone(web.call("menu.open", {"target": {"row": 99}})["result"]["menu"], "no menu past the last row")

    def test_a_menu_of_one_transport_is_not_the_others(self):
        web, unix = self.daemon.websocket(), self.daemon.client()
        menu = web.call("menu.open", {"target": {"path": "notes.txt"}})["result"]["menu"]
        self.assertEqual(unix.call("menu.cancel", {"menu": menu["id"]})["error"]["code"], -32020)
        self.assertEqual(web.call("menu.cancel", {"menu": menu["id"]})["result"], {"closed": True})

    def test_a_closed_websocket_is_forgotten(self):
        web = self.daemon.websocket()
        web.call("menu.open", {"target": {"path": "notes.txt"}})
        unix = self.daemon.client()
        self.assertEqual(unix.call("daemon.status")["result"]["connections"], 2)
        web.close()
        deadline = time.time() + 10
        while unix.call("daemon.status")["result"]["connections"] != 1 and time.time() < deadline:
            time.sleep(0.05)
        self.assertEqual(unix.call("daemon.status")["result"]["connections"], 1, "the WebSocket client is forgotten")


class LimitTests(DaemonTestCase):
    config = {"maxFrameBytes": 4096, "maxConnections": 2, "maxOutputBytesPerClient": 65536}

    def setUp(self):
        super().setUp()
        for number in range(300):
            self.daemon.write(f"file-{number:04}-with-a-longish-name.txt", b"x")
        self.daemon.start()

    def test_a_message_over_max_frame_bytes_gets_32600_then_1009(self):
        web = self.daemon.websocket()
        web.send_text(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "files.list", "params": {"glob": "x" * 5000}}))
        answer = web.receive_json()
        self.assertEqual((answer["id"], answer["error"]["code"]), (None, -32600))
        self.assertIn("maxFrameBytes (4096 bytes)", answer["error"]["message"])
        with self.assertRaises(ConnectionError):
            web.receive()
        self.assertEqual(web.close_code, 1009)

    def test_one_connection_limit_for_both_transports(self):
        first, second = self.daemon.client(), self.daemon.websocket()
        self.assertIn("result", second.call("daemon.status"))
        third = self.daemon.websocket()
        refusal = third.receive_json()
        self.assertEqual(refusal["error"]["code"], -32040)
        self.assertEqual(refusal["error"]["data"]["limit"], "maxConnections")
        with self.assertRaises(ConnectionError):
            third.receive()
        fourth = self.daemon.client()
        self.assertEqual(fourth.receive_json()["error"]["code"], -32040, "the socket counts the WebSocket's clients")
        second.close()
        deadline = time.time() + 10
        while first.call("daemon.status")["result"]["connections"] != 1 and time.time() < deadline:
            time.sleep(0.05)
        self.assertIn("result", self.daemon.websocket().call("daemon.status"), "room again once one left")

    def test_a_client_that_stops_reading_is_dropped(self):
        web = self.daemon.websocket()
        web.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        request = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "files.list"})
        try:
            for _ in range(2000):
                web.send_text(request)
        except OSError:
            pass  # the daemon hung up while we were still writing
        self.daemon.wait_for_log("stopped reading")
        self.assertIn("result", self.daemon.client().call("daemon.status"), "the daemon serves the others")


class ReloadTests(DaemonTestCase):
    config = {"maxFrameBytes": 1048576, "web": {"listen": "127.0.0.1:0"}}

    def setUp(self):
        super().setUp()
        self.daemon.write("a.txt", b"a")
        self.daemon.start()

    def test_a_new_address_needs_a_restart_and_the_frame_limit_applies_at_once(self):
        token = self.daemon.token()
        self.daemon.write_config({"maxFrameBytes": 2048, "web": {"listen": f"127.0.0.1:{free_port()}"}})
        self.daemon.process.send_signal(signal.SIGHUP)
        self.daemon.wait_for_log("web changes take effect after a restart")
        self.assertIn(f"the web server keeps listening on 127.0.0.1:{self.daemon.port}", self.daemon.log())
        web = self.daemon.websocket()
        self.assertEqual(self.daemon.token(), token, "a reload keeps the secret")
        self.assertEqual(web.call("daemon.status")["result"]["web"]["listen"], f"127.0.0.1:{self.daemon.port}")
        web.send_text(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "files.list", "params": {"glob": "x" * 3000}}))
        self.assertIn("maxFrameBytes (2048 bytes)", web.receive_json()["error"]["message"])


class SecurityTests(DaemonTestCase):
    def setUp(self):
        super().setUp()
        self.daemon.write("secret-name.txt", b"x")
        self.daemon.start()

    def assert_refused(self, answer):
        status, _, body = answer
        self.assertEqual(status, 403)
        self.assertEqual(body, b"", "nothing served with the 403")

    def test_no_token_a_wrong_host_or_a_foreign_origin_get_403(self):
        token = self.daemon.token()
        self.assert_refused(self.daemon.http("/"))
        self.assert_refused(self.daemon.http("/app.js"))
        self.assert_refused(self.daemon.http("/?token=" + "A" * len(token)))
        self.assert_refused(self.daemon.http(f"/?token={token}", host=f"rebound.example:{self.daemon.port}"))
        self.assert_refused(self.daemon.http("/app.js?token=" + token), )
        for options in [dict(cookie=None), dict(origin="http://evil.example"), dict(origin=None),
                        dict(host=f"rebound.example:{self.daemon.port}"), dict(path="/other")]:
            with self.assertRaises(Refused) as refused:
                self.daemon.websocket(**options)
            self.assertEqual((refused.exception.status, refused.exception.body), (403, b""), options)
        self.daemon.wait_for_log("web: refused")
        self.assertEqual(self.daemon.log().count("web: refused"), 1, "refusals are logged once a minute")

    def test_the_token_becomes_an_httponly_strict_cookie(self):
        status, headers, body = self.daemon.http(f"/?token={self.daemon.token()}")
        self.assertEqual(status, 200)
        self.assertIn(b"<script", body)
        cookie = headers["set-cookie"]
        self.assertIn("HttpOnly", cookie)
        self.assertIn("SameSite=Strict", cookie)
        name_value = cookie.split(";", 1)[0]
        status, headers, _ = self.daemon.http("/app.js", {"Cookie": name_value})
        self.assertEqual(status, 200)
        self.assertNotIn("set-cookie", headers)
        self.assertIn("result", self.daemon.websocket(cookie=name_value).call("files.list"))

    def test_the_token_file_is_private_new_at_each_start_and_removed_at_the_end(self):
        folder = os.path.dirname(self.daemon.token_path)
        self.assertEqual(stat.S_IMODE(os.lstat(folder).st_mode), 0o700)
        info = os.lstat(self.daemon.token_path)
        self.assertTrue(stat.S_ISREG(info.st_mode))
        self.assertEqual(stat.S_IMODE(info.st_mode), 0o600)
        self.assertEqual(info.st_uid, os.getuid())
        first = self.daemon.token()
        self.assertRegex(first, r"^[A-Za-z0-9_-]{43}$")
        self.assertEqual(self.daemon.stop(), 0)
        self.assertFalse(os.path.exists(self.daemon.token_path), "the secret goes with the daemon")
        self.daemon.start()
        self.assertNotEqual(self.daemon.token(), first)


class StartupTests(unittest.TestCase):
    def daemon(self, **options):
        daemon = WebDaemon(**options)
        self.addCleanup(daemon.remove)
        return daemon

    def test_off_unless_configured(self):
        daemon = self.daemon(web=False).start()
        self.assertIsNone(daemon.client().call("daemon.status")["result"]["web"])
        self.assertFalse(os.path.exists(daemon.token_path))

    def test_a_symlinked_token_folder_is_refused(self):
        daemon = self.daemon()
        elsewhere = os.path.join(daemon.home, "elsewhere")
        os.mkdir(elsewhere, 0o700)
        os.symlink(elsewhere, os.path.join(daemon.runtime, "menud"))
        code, log = daemon.run_to_exit()
        self.assertEqual(code, 1)
        self.assertIn("is a symbolic link", log)
        self.assertEqual(os.listdir(elsewhere), [], "nothing written through the link")

    @unittest.skipUnless(os.getuid() == 0, "giving a folder to another user needs root")
    def test_a_token_folder_of_another_user_is_refused(self):
        daemon = self.daemon()
        folder = os.path.join(daemon.runtime, "menud")
        os.mkdir(folder, 0o700)
        os.chown(folder, 65534, 65534)
        code, log = daemon.run_to_exit()
        self.assertEqual(code, 1)
        self.assertIn("belongs to uid 65534", log)

    def test_addresses_beyond_loopback_need_the_configs_word(self):
        daemon = self.daemon(web=False, extra=["--web", "192.0.2.1:7780"])
        code, log = daemon.run_to_exit()
        self.assertEqual(code, 1)
        self.assertIn("not a loopback address", log)
        self.assertIn("web.allowNonLoopback", log)
        configured = self.daemon(web=False, config={"web": {"listen": "0.0.0.0:7780", "allowNonLoopback": True}})
        code, log = configured.run_to_exit()
        self.assertEqual(code, 1)
        self.assertIn("every interface", log)
        allowed = self.daemon(web=False, config={"web": {"listen": "192.0.2.1:7780", "allowNonLoopback": True}})
        code, log = allowed.run_to_exit()
        self.assertEqual(code, 1, "allowed, but no interface here has that address")
        self.assertIn("no interface of this machine has that address", log)

    def test_a_port_in_use_stops_the_start_with_a_clear_message_and_leaves_nothing(self):
        daemon = self.daemon()
        with socket.socket() as holder:
            holder.bind(("127.0.0.1", daemon.port))
            holder.listen(1)
            code, log = daemon.run_to_exit()
        self.assertEqual(code, 1)
        self.assertIn(f"cannot serve the web page: cannot listen on 127.0.0.1:{daemon.port}: the address is already in use", log)
        self.assertFalse(os.path.exists(daemon.socket_path), "the socket is removed again")
        self.assertFalse(os.path.exists(daemon.token_path), "no secret is left behind")

    def test_make_run_prints_the_url_of_the_page(self):
        home = self.daemon(web=False).home
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "run-demo.sh")
        environment = dict(os.environ, MENUD_DEMO_DIR=os.path.join(home, "demo"), MENUD_SOCKET=os.path.join(home, "run", "demo.sock"),
                           MENUD_WEB="127.0.0.1:0", XDG_RUNTIME_DIR=os.path.join(home, "run"))
        demo = subprocess.Popen([script, BIN_DIR], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=environment,
                                start_new_session=True, text=True)
        try:
            url = None
            deadline = time.time() + 30
            while url is None and time.time() < deadline:
                line = demo.stdout.readline()
                if not line:
                    break
                if "?token=" in line:
                    url = line.strip()
            self.assertIsNotNone(url, "make run never printed the page's URL")
            self.assertRegex(url, r"^http://127\.0\.0\.1:[0-9]+/\?token=[A-Za-z0-9_-]{43}$")
            port = int(url.split(":")[2].split("/")[0])
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
            connection.request("GET", url[len(f"http://127.0.0.1:{port}"):])
            response = connection.getresponse()
            self.assertEqual(response.status, 200)
            self.assertIn(b"<script", response.read())
            connection.close()
        finally:
            os.killpg(demo.pid, signal.SIGTERM)
            demo.wait(20)
            demo.stdout.close()

    def test_menuctl_web_prints_the_url_with_the_token(self):
        daemon = self.daemon().start()
        menuctl = os.path.join(BIN_DIR, "menuctl")
        result = subprocess.run([menuctl, "--socket", daemon.socket_path, "web"], capture_output=True, text=True, timeout=20)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, f"http://127.0.0.1:{daemon.port}/?token={daemon.token()}\n")
        off = self.daemon(web=False).start()
        result = subprocess.run([menuctl, "--socket", off.socket_path, "web"], capture_output=True, text=True, timeout=20)
        self.assertEqual(result.returncode, 1)
        self.assertIn("--web 127.0.0.1:7780", result.stderr)


if __name__ == "__main__":
    unittest.main()
