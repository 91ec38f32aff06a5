"""A TEST FIXTURE, not part of menud: serves a folder over HTTP and bridges a WebSocket at /rpc
to a running daemon's Unix socket, one text frame for one line. The daemon serves the page
itself (menud --web), and the tests use that; this stays for what the daemon cannot do: serve
the page's unit tests (Tests/Browser/unit), drop a page's connection on demand (the reconnect
test), and, with MENUD_WEB_SERVER=bridge, record every frame it carries so a test can check
the order in which the daemon was told things.

It checks nothing a real server must check (token, Host, Origin): it listens on 127.0.0.1 for
the length of one test run only.
"""

import asyncio
import http
import mimetypes
import os
import threading
import time

import websockets
import websockets.server

RPC_PATH = "/rpc"
LINE_LIMIT = 64 * 1024 * 1024
# The policy the page is written for (clients/web/README.md): the tests run under it, so an
# inline script or style, or a request to anywhere else, would break them.
CONTENT_SECURITY_POLICY = "default-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}


class Frame:
    """One message the bridge carried: `direction` is "page" (page to daemon) or "daemon"."""

    def __init__(self, direction, text):
        self.time = time.time()
        self.direction = direction
        self.text = text

    def __repr__(self):
        return f"Frame({self.direction}, {self.text[:120]!r})"


class DevBridge:
    """Serves `folders` (URL prefix -> directory; "/" is the page) and bridges /rpc to
    `socket_path`. `start()` returns the base URL."""

    def __init__(self, socket_path, folders):
        self.socket_path = socket_path
        self.folders = folders
        self.frames = []
        self.lock = threading.Lock()
        self.loop = None
        self.thread = None
        self.server = None
        self.port = None
        self.live = set()

    def start(self):
        ready = threading.Event()
        self.thread = threading.Thread(target=self.run, args=(ready,), name="dev-bridge", daemon=True)
        self.thread.start()
        if not ready.wait(10):
            raise RuntimeError("the development bridge did not start within 10 s")
        return f"http://127.0.0.1:{self.port}/"

    def run(self, ready):
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)

        async def main():
            self.server = await websockets.server.serve(
                self.bridge, "127.0.0.1", 0, process_request=self.http, max_size=16 * 1024 * 1024,
                compression=None)
            self.port = self.server.sockets[0].getsockname()[1]
            ready.set()
            await self.server.wait_closed()

        try:
            self.loop.run_until_complete(main())
        finally:
            self.loop.close()

    def stop(self):
        if self.loop and self.server:
            self.loop.call_soon_threadsafe(self.server.close)
            self.thread.join(10)

    def drop_connections(self):
        """Closes every page connection from the server's side, as a daemon restart would."""
        for websocket in list(self.live):
            asyncio.run_coroutine_threadsafe(websocket.close(1001, "going away"), self.loop).result(10)

    def record(self, direction, text):
        with self.lock:
            self.frames.append(Frame(direction, text))

    def sent_by_page(self):
        """The frames the page sent, oldest first."""
        with self.lock:
            return [frame for frame in self.frames if frame.direction == "page"]

    async def http(self, path, headers):
        """Static files for anything but the WebSocket path (None lets the upgrade proceed)."""
        path = path.split("?", 1)[0]
        if path == RPC_PATH:
            return None
        for prefix, folder in sorted(self.folders.items(), key=lambda item: -len(item[0])):
            if not path.startswith(prefix):
                continue
            relative = path[len(prefix):] or "index.html"
            if relative.endswith("/"):
                relative += "index.html"
            full = os.path.realpath(os.path.join(folder, relative))
            if not full.startswith(os.path.realpath(folder) + os.sep) or not os.path.isfile(full):
                break
            with open(full, "rb") as handle:
                body = handle.read()
            extension = os.path.splitext(full)[1]
            kind = CONTENT_TYPES.get(extension) or mimetypes.guess_type(full)[0] or "application/octet-stream"
            return http.HTTPStatus.OK, [("Content-Type", kind), ("Cache-Control", "no-store"),
                                        ("Content-Security-Policy", CONTENT_SECURITY_POLICY)], body
        return http.HTTPStatus.NOT_FOUND, [("Content-Type", "text/plain")], b"not found\n"

    async def bridge(self, websocket, *_):
        reader, writer = await asyncio.open_unix_connection(self.socket_path, limit=LINE_LIMIT)
        self.live.add(websocket)

        async def page_to_daemon():
            async for message in websocket:
                text = message if isinstance(message, str) else message.decode("utf-8", "replace")
                self.record("page", text)
                writer.write(text.encode("utf-8") + b"\n")
                await writer.drain()

        async def daemon_to_page():
            while True:
                line = await reader.readline()
                if not line:
                    break
                text = line.decode("utf-8", "replace").rstrip("\r\n")
                self.record("daemon", text)
                await websocket.send(text)

        tasks = [asyncio.ensure_future(page_to_daemon()), asyncio.ensure_future(daemon_to_page())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        except websockets.ConnectionClosed:
            pass
        finally:
            self.live.discard(websocket)
            for task in tasks:
                task.cancel()
            writer.close()
            await websocket.close()
