"""A 100,000-file folder: the first rows show, rows far down show after scrolling, and the DOM
only ever holds a window of rows (the scroller's height comes from `total`). No timing is
asserted; the waits only give up when the rows never come."""

import os
import unittest

import browser
from webcase import WebTestCase

FILES = 100_000
PER_FOLDER = 100
MOST_ROWS_IN_DOM = 120


def name(index):
    return f"d{index // PER_FOLDER:04}/f{index:06}.dat"


class LargeFolderTests(WebTestCase):
    # A memory file system when there is one: making 100,000 files there is several times quicker.
    base = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None

    @classmethod
    def populate(cls, daemon):
        for folder in range(FILES // PER_FOLDER):
            os.mkdir(daemon.path(f"d{folder:04}"))
        for index in range(FILES):
            os.close(os.open(daemon.path(name(index)), os.O_CREAT | os.O_WRONLY, 0o644))

    def rows_in_dom(self):
        return browser.js("return document.querySelectorAll('#file-list .row').length")

    def wait_for_row(self, index):
        return browser.wait_for(
            lambda: browser.js(f"const r = document.querySelector('.row[aria-posinset=\"{index + 1}\"][data-path]'); return r && r.dataset.path"),
            f"row {index} never showed")

    def test_a_hundred_thousand_files_scroll_through_a_window_of_rows(self):
        self.load(rows=10)
        self.assertEqual(self.wait_for_row(0), name(0))
        self.assertEqual(browser.js("return document.querySelector('.row').getAttribute('aria-setsize')"), str(FILES))
        self.assertLess(self.rows_in_dom(), MOST_ROWS_IN_DOM)
        height = browser.js("return document.querySelector('.list-content').getBoundingClientRect().height")
        self.assertGreaterEqual(height, FILES * 32 * 0.99, "the scroller is as tall as every row")

        browser.js("const list = document.getElementById('file-list'); list.scrollTop = list.scrollHeight;")
        self.assertEqual(self.wait_for_row(FILES - 1), name(FILES - 1))
        self.assertLess(self.rows_in_dom(), MOST_ROWS_IN_DOM)

        browser.js("const list = document.getElementById('file-list'); list.scrollTop = list.scrollHeight / 2;")
        middle = browser.wait_for(lambda: browser.js(
            "const rows = [...document.querySelectorAll('.row[data-path]')].map(r => Number(r.dataset.index)); return rows.length && Math.min(...rows) > 40000 && Math.max(...rows) < 60000 && rows.length"),
            "rows from the middle never showed")
        self.assertLess(middle, MOST_ROWS_IN_DOM)
        requested = self.page.frames()
        if requested is not None:
            listed = sum(1 for frame in requested if '"files.list"' in frame.text)
            self.assertLess(listed, 20, "scrolling fetched only the pages it showed, not every row")

    def test_a_row_far_down_opens_its_menu(self):
        self.load(rows=10)
        browser.js("const list = document.getElementById('file-list'); list.scrollTop = list.scrollHeight;")
        path = self.wait_for_row(FILES - 1)
        _, menu = self.open_row_menu(path, x=300)
        self.assertEqual(browser.js("return document.querySelector('.menu').getAttribute('aria-label')"), path)
        self.key("Escape", key_code=27)
        browser.wait_menu_gone()


if __name__ == "__main__":
    unittest.main()
