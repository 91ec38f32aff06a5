"""What the daemon's own web server refuses (issue 13, "Security"): no token, a wrong token, a
wrong Host, a foreign Origin on the upgrade get 403 and no data; the token becomes an HttpOnly,
SameSite=Strict cookie that later requests and the upgrade carry. Only when the daemon serves
the page (MENUD_WEB_SERVER=daemon): the development bridge checks nothing."""

import base64
import http.client
import os
import unittest
from urllib.parse import parse_qs, urlparse

import browser
import harness
from webcase import WebTestCase

HOUR = 3600


@unittest.skipUnless(harness.PAGE_SERVER == "daemon", "the development bridge serves the page and checks nothing; these need MENUD_WEB_SERVER=daemon (the default)")
class WebSecurityTests(WebTestCase):
    @classmethod
    def populate(cls, daemon):
        daemon.write("secret-name.txt", b"x", age_seconds=HOUR)

    def setUp(self):
        url = urlparse(self.page.url)
        self.host, self.port = url.hostname, url.port
        self.token = parse_qs(url.query)["token"][0]

    def request(self, path, headers=None):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=20)
        try:
            connection.request("GET", path, headers={"Host": f"{self.host}:{self.port}", **(headers or {})})
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            connection.close()

    def cookie(self):
        status, headers, _ = self.request(f"/?token={self.token}")
        self.assertEqual(status, 200)
        cookie = headers.get("Set-Cookie") or headers.get("set-cookie")
        self.assertIsNotNone(cookie, "the first visit sets a cookie")
        self.assertIn("HttpOnly", cookie)
        self.assertIn("SameSite=Strict", cookie)
        return cookie.split(";", 1)[0]

    def upgrade(self, headers):
        key = base64.b64encode(os.urandom(16)).decode()
        return self.request("/rpc", {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                                     "Sec-WebSocket-Key": key, **headers})

    def assert_refused(self, answer):
        status, _, body = answer
        self.assertEqual(status, 403)
        self.assertNotIn(b"secret-name", body)
        self.assertNotIn(b"<script", body)

    def test_no_token_or_a_wrong_one_gets_403_and_no_page(self):
        self.assert_refused(self.request("/"))
        self.assert_refused(self.request("/app.js"))
        self.assert_refused(self.request("/?token=" + "0" * len(self.token)))

    def test_a_wrong_host_gets_403_even_with_the_token(self):
        self.assert_refused(self.request(f"/?token={self.token}", {"Host": f"rebound.example:{self.port}"}))

    def test_the_cookie_opens_the_files_and_the_upgrade_from_the_pages_origin_only(self):
        cookie = self.cookie()
        status, headers, _ = self.request("/app.js", {"Cookie": cookie})
        self.assertEqual(status, 200)
        self.assertTrue(headers.get("Content-Type", headers.get("content-type", "")).startswith("text/javascript"))
        origin = f"http://{self.host}:{self.port}"
        self.assertEqual(self.upgrade({"Cookie": cookie, "Origin": origin})[0], 101)
        self.assert_refused(self.upgrade({"Cookie": cookie, "Origin": "http://evil.example"}))
        self.assert_refused(self.upgrade({"Origin": origin}))

    def test_a_browser_without_the_token_sees_no_files(self):
        browser.driver().delete_all_cookies()
        browser.driver().get(f"http://{self.host}:{self.port}/")
        self.assertNotIn("secret-name", browser.driver().page_source)


if __name__ == "__main__":
    unittest.main()
