"""The real menud with --web on a temporary folder, and the clients the web transport tests
use: the daemon and its Unix-socket client of Tests/PythonSupport, the blocking WebSocket client of
clients/python/menud_websocket.py (RFC 6455 by hand, so a test can send binary or oversized
frames, leave out headers, or stop reading), and plain HTTP."""

import http.client
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clients", "python"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "PythonSupport"))

from menud_test_daemon import TestDaemon, free_port  # noqa: E402,F401 (the tests import these from here)
from menud_websocket import Refused, WebSocket  # noqa: E402,F401

BIN_DIR = os.environ["MENUD_BIN_DIR"]


class WebDaemon(TestDaemon):
    """menud --web 127.0.0.1:PORT on a temporary root, its runtime folder private to the test;
    files it writes are back-dated an hour unless told otherwise (ready at once)."""

    def __init__(self, config=None, web=True, extra=()):
        super().__init__(settle="300ms", config=config, web=web, extra=extra)

    def start(self, timeout=30):
        return super().start(timeout)

    def websocket(self, **options):
        options.setdefault("cookie", self.cookie())
        return WebSocket(self.port, **options)

    def http(self, path, headers=None, host=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        try:
            connection.request("GET", path, headers={"Host": host or f"127.0.0.1:{self.port}", **(headers or {})})
            response = connection.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            connection.close()

    def write(self, relative, data=b"", age_seconds=3600):
        return super().write(relative, data, age_seconds)
