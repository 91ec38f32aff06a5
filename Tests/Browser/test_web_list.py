"""The folder as the seed's data list, live: rows appear, change state and disappear as files
do on disk, without a reload; how menus are reached from the list."""

import json
import os
import unittest

import browser
import harness
from dev_bridge import DevBridge
from webcase import WebTestCase

HOUR = 3600


class ListTests(WebTestCase):
    @classmethod
    def populate(cls, daemon):
        daemon.write("videos/intro.mp4", b"x" * 2_400_000, age_seconds=HOUR)
        daemon.write("notes.txt", b"hello", age_seconds=HOUR)
        daemon.write("video-2.mp4.part", b"x" * 800_000, age_seconds=HOUR)
        daemon.write("reports/q3.csv", b"a,b\n", age_seconds=HOUR)

    def test_each_row_shows_badge_name_coloured_status_and_size(self):
        self.load(rows=4)
        cells = browser.js("""const row = document.querySelector('.row[data-path="videos/intro.mp4"]');
            return {state: row.dataset.state, name: row.querySelector('.name').textContent,
                    status: row.querySelector('.status').textContent, size: row.querySelector('.size').textContent,
                    badge: getComputedStyle(row.querySelector('.badge')).backgroundColor,
                    statusColor: getComputedStyle(row.querySelector('.status')).color,
                    label: row.getAttribute('aria-label')};""")
        self.assertEqual(cells["name"], "videos/intro.mp4")
        self.assertEqual((cells["state"], cells["status"], cells["size"]), ("ready", "Ready", "2.4 MB"))
        self.assertEqual(cells["badge"], "rgb(43, 120, 71)")
        self.assertEqual(cells["statusColor"], "rgb(43, 120, 71)")
        self.assertEqual(cells["label"], "videos/intro.mp4, Ready, 2.4 MB")
        pending = browser.js("""const row = document.querySelector('.row[data-path="video-2.mp4.part"]');
            return [row.querySelector('.status').textContent, getComputedStyle(row.querySelector('.badge')).backgroundColor];""")
        self.assertEqual(pending, ["Pending", "rgb(140, 36, 36)"])
        order = browser.js("return [...document.querySelectorAll('.row[data-path]')].sort((a, b) => a.dataset.index - b.dataset.index).map(r => r.dataset.path)")
        self.assertEqual(order, ["notes.txt", "reports/q3.csv", "video-2.mp4.part", "videos/intro.mp4"])

    def test_rows_appear_change_state_and_disappear_without_a_reload(self):
        self.load(rows=4)
        browser.js("window.__sameDocument = true")
        self.daemon.write("live/fresh.txt", b"new")
        browser.wait_for(lambda: browser.js("""const r = document.querySelector('.row[data-path="live/fresh.txt"]');
            return r && r.dataset.state;"""), "the new file's row never appeared")
        browser.wait_for(lambda: browser.js("""const r = document.querySelector('.row[data-path="live/fresh.txt"]');
            return r && r.dataset.state === 'ready' && r.querySelector('.status').textContent === 'Ready';"""),
            "the new file never turned ready on the page")
        with open(self.daemon.path("live/fresh.txt"), "ab") as handle:
            handle.write(b"more bytes")
        browser.wait_for(lambda: browser.js("""const r = document.querySelector('.row[data-path="live/fresh.txt"]');
            return r && r.dataset.state === 'pending';"""), "a rewritten file never showed as pending")
        os.remove(self.daemon.path("live/fresh.txt"))
        browser.wait_for(lambda: browser.js("return document.querySelector('.row[data-path=\"live/fresh.txt\"]') === null"),
                         "the removed file's row stayed")
        self.assertTrue(browser.js("return window.__sameDocument === true"), "the page reloaded")
        self.assertEqual(browser.js("return document.querySelectorAll('.row[data-path]').length"), 4)

    def test_right_click_on_empty_space_opens_nothing(self):
        self.load(rows=4)
        before = browser.js("return document.body.dataset.lastMenuAnswer || ''")
        last = browser.rect(browser.js("return document.querySelector('.row[data-index=\"3\"]')"))
        self.right_click(300, last["bottom"] + 100)
        answer = browser.wait_for(lambda: (lambda now: now if now != before else None)(browser.js("return document.body.dataset.lastMenuAnswer || ''")),
                                  "the page never asked for a menu")
        self.assertTrue(answer.endswith(":empty"), answer)
        self.assertIsNone(browser.js("return document.querySelector('.menu-layer')"))
        frames = self.page.frames()
        if frames is not None:
            opened = [json.loads(f.text) for f in frames if '"menu.open"' in f.text]
            self.assertGreaterEqual(opened[-1]["params"]["target"]["row"], 4, "empty space is a row past the last (3)")

    def test_ctrl_click_selects_rows_and_opens_the_selections_menu(self):
        self.load(rows=4)
        first = browser.rect(browser.row("notes.txt"))
        second = browser.rect(browser.row("reports/q3.csv"))
        self.click(first["left"] + 200, first["top"] + 10)
        self.click(second["left"] + 200, second["top"] + 10, modifiers=2)  # Ctrl
        browser.wait_for(lambda: browser.js("return document.querySelectorAll('.row[aria-selected=true]').length") == 2,
                         "Ctrl-click did not select a second row")
        self.right_click(second["left"] + 200, second["top"] + 10)
        menu = browser.wait_menu_open()
        self.assertEqual(menu.get_attribute("aria-label"), "2 files")
        titles = [one["title"] for one in browser.items()]
        self.assertIn("Duplicate 2 Files", titles)
        self.key("Escape", key_code=27)
        browser.wait_menu_gone()

    def test_shift_click_selects_a_range(self):
        self.load(rows=4)
        first = browser.rect(browser.row("notes.txt"))
        third = browser.rect(browser.row("video-2.mp4.part"))
        self.click(first["left"] + 200, first["top"] + 10)
        self.click(third["left"] + 200, third["top"] + 10, modifiers=8)  # Shift
        browser.wait_for(lambda: browser.js("return document.querySelectorAll('.row[aria-selected=true]').length") == 3,
                         "Shift-click did not select the three rows")

    def test_a_long_press_opens_the_rows_menu(self):
        self.load(rows=4)
        box = browser.rect(browser.row("notes.txt"))
        self.long_press(box["left"] + 300, box["top"] + 16)
        menu = browser.wait_menu_open()
        self.assertEqual(menu.get_attribute("aria-label"), "notes.txt")
        self.key("Escape", key_code=27)
        browser.wait_menu_gone()

    def test_the_folder_menu_opens_from_the_header(self):
        self.load(rows=4)
        browser.driver().find_element("id", "folder-menu").click()
        menu = browser.wait_menu_open()
        self.assertEqual(menu.get_attribute("aria-label"), "root")
        rows = {one["title"]: one for one in browser.items()}
        self.assertEqual(rows["videos/intro.mp4"]["label"], "videos/intro.mp4, Ready, 2.4 MB")
        self.assertTrue(rows["video-2.mp4.part"]["disabled"], "a pending file's row is disabled")
        self.assertEqual(browser.js("return document.querySelectorAll('.menu .badge').length"), 4)
        self.key("Escape", key_code=27)
        browser.wait_menu_gone()
        self.assertEqual(browser.js("return document.activeElement.id"), "folder-menu")


    def test_the_page_reconnects_and_is_live_again_after_the_connection_drops(self):
        # The daemon cannot be told to drop a page's connection: the bridge fixture, in front of
        # the same daemon's socket, can.
        bridge = self.page.bridge
        if bridge is None:
            bridge = DevBridge(self.daemon.socket_path, {"/": harness.WEB_FOLDER})
            self.addCleanup(bridge.stop)
            self.load(rows=4, url=bridge.start())
        else:
            self.load(rows=4)
        self.open_row_menu("notes.txt", x=300)
        bridge.drop_connections()
        browser.wait_menu_gone()
        browser.wait_for(lambda: browser.js("return document.body.dataset.connection === 'online' && document.body.dataset.ready === 'true'")
                         and len(bridge.live) == 1, "the page never reconnected")
        self.daemon.write("after-reconnect.txt", b"new")
        browser.wait_for(lambda: browser.js("return document.querySelector('.row[data-path=\"after-reconnect.txt\"]') !== null"),
                         "the list is not live after reconnecting")
        os.remove(self.daemon.path("after-reconnect.txt"))
        browser.wait_for(lambda: browser.js("return document.querySelectorAll('.row[data-path]').length") == 4, "the row stayed")


    def test_a_name_that_is_not_utf8_opens_its_own_menu_by_its_bytes(self):
        raw = os.path.join(os.fsencode(self.daemon.root), b"caf\xe9.txt")
        with open(raw, "wb") as handle:
            handle.write(b"latin-1 name")
        try:
            self.load(rows=5)
            shown = "caf\ufffd.txt"
            browser.wait_for(lambda: browser.js(f"return document.querySelector('.row[data-path=\"{shown}\"][data-state=ready]') !== null"),
                             "the file never showed as ready")
            browser.record_sends()
            self.open_row_menu(shown, x=300)
            browser.item("Inspect").click()
            output = browser.wait_for(lambda: browser.js("const n = [...document.querySelectorAll('.notice-outcome')].find(n => n.querySelector('h2').textContent === 'Inspect'); return n && n.querySelector('pre').textContent"),
                                      "Inspect's outcome never showed")
            self.assertIn("12 bytes", output)
            frames = self.page.frames()
            if frames is not None:
                opened = [json.loads(f.text) for f in frames if '"menu.open"' in f.text][-1]
                self.assertEqual(opened["params"]["target"], {"pathBase64": "Y2Fm6S50eHQ="})
        finally:
            os.remove(raw)
            browser.wait_for(lambda: browser.js("return document.querySelectorAll('.row[data-path]').length") == 4, "the row stayed")
            browser.js("document.querySelectorAll('.notice').forEach(n => n.remove())")


if __name__ == "__main__":
    unittest.main()
