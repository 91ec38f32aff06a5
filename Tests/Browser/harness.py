"""The real daemon for the browser tests: menud (or menud-fixture) from the debug build, on a
temporary folder, with a socket of its own, and a plain client of that socket for the tests'
own checks. Where the page comes from is decided by `serve_page` (one place to change)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "PythonSupport"))

from dev_bridge import DevBridge  # noqa: E402
from menud_test_daemon import REPOSITORY, TestDaemon, binary, free_port  # noqa: E402,F401

WEB_FOLDER = os.path.join(REPOSITORY, "clients", "web")
UNIT_FOLDER = os.path.join(os.path.dirname(os.path.realpath(__file__)), "unit")

# "daemon" (the default): menud serves the page itself, started with --web, and the browser
# opens the URL with the secret from $XDG_RUNTIME_DIR/menud/web-token. "bridge": the test
# fixture dev_bridge.py serves the page and carries its WebSocket to the daemon's Unix socket
# (it records every frame, which some tests check in addition when it is there).
PAGE_SERVER = os.environ.get("MENUD_WEB_SERVER", "daemon")


class Daemon(TestDaemon):
    """The daemon a browser test's page talks to: serving the page itself unless the page
    server is the bridge. `stop()` also removes its folder."""

    def __init__(self, **options):
        super().__init__(web=PAGE_SERVER == "daemon", **options)

    def stop(self):
        self.remove()


class PageServer:
    """Where the browser finds the page for `daemon`: `url` to open, and `frames()` the frames
    the page sent (None when the daemon serves the page and nothing records them)."""

    def __init__(self, daemon):
        self.daemon = daemon
        self.bridge = None
        if PAGE_SERVER == "daemon":
            self.url = f"http://127.0.0.1:{daemon.port}/?token={daemon.token()}"
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
