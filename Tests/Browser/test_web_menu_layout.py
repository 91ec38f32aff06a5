"""The menu as the seed places and sizes it, measured in the real browser: under the row near
the top, flipped above near the bottom, 8 px inside the right edge, scrolling in a short
window; one detail column whose text ends at the same x in every row; the automatic width
within its bounds."""

import os
import unittest

import browser
from webcase import WebTestCase

HOUR = 3600
EDGE = 8
GAP = 4  # METRICS.sourceGap
MIN_WIDTH, MAX_WIDTH = 260, 420
LONG_NAME = "a-file-name-long-enough-to-need-more-than-the-widest-menu-allowed-" + "x" * 60 + ".txt"


def menu_items_box():
    return browser.js("const e = document.querySelector('.menu .menu-items'); return {scroll: e.scrollHeight, client: e.clientHeight, top: e.getBoundingClientRect().top, bottom: e.getBoundingClientRect().bottom};")


class MenuPlacementTests(WebTestCase):
    @classmethod
    def populate(cls, daemon):
        for index in range(40):
            daemon.write(f"file-{index:02}.txt", b"x" * (index * 997), age_seconds=HOUR)

    def close_menu(self):
        self.key("Escape", key_code=27)
        browser.wait_menu_gone()

    def test_under_a_row_near_the_top_centred_on_the_pointer(self):
        self.load()
        row, menu = self.open_row_menu("file-01.txt", x=400)
        self.assertEqual(browser.js("return document.querySelector('.menu').dataset.placement"), "below")
        self.assertAlmostEqual(menu["top"], row["bottom"] + GAP, delta=1)
        self.assertAlmostEqual(menu["left"] + menu["width"] / 2, 400, delta=1)
        self.close_menu()

    def test_flipped_above_a_row_near_the_bottom(self):
        self.load()
        bottom_row = browser.js("""const height = document.documentElement.clientHeight;
            return [...document.querySelectorAll('.row[data-path]')].filter(r => r.getBoundingClientRect().bottom <= height)
                .sort((a, b) => b.dataset.index - a.dataset.index)[0].dataset.path;""")
        row, menu = self.open_row_menu(bottom_row, x=400)
        self.assertEqual(browser.js("return document.querySelector('.menu').dataset.placement"), "above")
        self.assertAlmostEqual(menu["bottom"], row["top"] - GAP, delta=1)
        self.assertGreaterEqual(menu["top"], EDGE - 0.5)
        self.close_menu()

    def test_kept_8_px_inside_the_right_edge_for_a_row_there(self):
        self.load()
        width = browser.js("return document.documentElement.clientWidth")
        _, menu = self.open_row_menu("file-02.txt", x=width - 20)
        self.assertAlmostEqual(menu["right"], width - EDGE, delta=0.5)
        self.close_menu()
        _, menu = self.open_row_menu("file-02.txt", x=3)
        self.assertAlmostEqual(menu["left"], EDGE, delta=0.5)
        self.close_menu()

    def test_scrolls_in_a_window_too_short_for_it_either_way(self):
        self.load(height=240)
        _, menu = self.open_row_menu("file-00.txt", x=400)
        height = browser.js("return document.documentElement.clientHeight")
        self.assertTrue(browser.js("return document.querySelector('.menu').classList.contains('scrolls')"))
        self.assertGreaterEqual(menu["top"], EDGE - 0.5)
        self.assertLessEqual(menu["bottom"], height - EDGE + 0.5)
        box = menu_items_box()
        self.assertGreater(box["scroll"], box["client"], "the list inside the menu is cut, so it must scroll")
        for _ in range(4):
            self.key("ArrowDown", key_code=40)
        focused = browser.rect(browser.js("return document.activeElement"))
        self.assertEqual(browser.js("return document.activeElement.getAttribute('aria-label')"), "SHA-256")
        box = menu_items_box()
        self.assertGreaterEqual(focused["top"], box["top"] - 0.5, "the focused item scrolled into view")
        self.assertLessEqual(focused["bottom"], box["bottom"] + 0.5, "the focused item scrolled into view")
        self.close_menu()

    def test_resizing_the_window_dismisses_the_menu(self):
        self.load()
        browser.record_sends()
        self.open_row_menu("file-03.txt", x=400)
        browser.set_viewport(900, 650)
        browser.wait_menu_gone()
        browser.wait_for(lambda: any(one["method"] == "menu.dismissed" for one in browser.sends()),
                         "the daemon was not told the menu was dismissed")


class MenuWidthTests(WebTestCase):
    @classmethod
    def populate(cls, daemon):
        for name, size in (("a.txt", 12), ("b.bin", 2_400_000), ("c.log", 18_000), ("d.iso", 5_370_000_000 // 1000)):
            daemon.write(name, b"x" * size, age_seconds=HOUR)

    def open_folder_menu(self):
        browser.driver().find_element("id", "folder-menu").click()
        return browser.rect(browser.wait_menu_open())

    def close_menu(self):
        self.key("Escape", key_code=27)
        browser.wait_menu_gone()

    def test_every_rows_detail_ends_at_the_same_x(self):
        self.load()
        self.open_folder_menu()
        edges = browser.js("""return [...document.querySelectorAll('.menu .mi-detail')].map(cell => {
            const range = document.createRange(); range.selectNodeContents(cell);
            return {cell: cell.getBoundingClientRect().right, start: cell.getBoundingClientRect().left, text: range.getBoundingClientRect().right, value: cell.textContent};});""")
        self.assertEqual(len(edges), 4)
        self.assertEqual(sorted(one["value"] for one in edges), sorted(["12 bytes", "2.4 MB", "18 KB", "5.4 MB"]))
        texts = [one["text"] for one in edges]
        self.assertLess(max(texts) - min(texts), 0.5, f"detail text ends: {texts}")
        cells = [one["cell"] for one in edges]
        self.assertLess(max(cells) - min(cells), 0.5, f"detail cells end: {cells}")
        starts = [one["start"] for one in edges]
        self.assertLess(max(starts) - min(starts), 0.5, f"one column, as wide as the widest detail: {starts}")
        self.close_menu()

    def test_auto_width_stays_within_its_bounds(self):
        self.load()
        menu = self.open_folder_menu()
        self.assertGreaterEqual(menu["width"], MIN_WIDTH - 0.5)
        self.assertLessEqual(menu["width"], MAX_WIDTH + 0.5)
        self.close_menu()
        self.daemon.write(LONG_NAME, b"long", age_seconds=HOUR)
        # Ready first: a file turning ready while the folder menu is open invalidates that menu.
        browser.wait_for(lambda: browser.js(f"return document.querySelector('.row[data-path=\"{LONG_NAME}\"][data-state=ready]') !== null"),
                         "the long name never showed as ready")
        menu = self.open_folder_menu()
        self.assertAlmostEqual(menu["width"], MAX_WIDTH, delta=0.5)
        cut = browser.js(f"""const item = [...document.querySelectorAll('.menu .mi-title')].find(e => e.textContent === '{LONG_NAME}');
            return item.scrollWidth > item.clientWidth;""")
        self.assertTrue(cut, "the long title is cut to fit, not the menu widened")
        self.close_menu()
        os.remove(self.daemon.path(LONG_NAME))
        browser.wait_for(lambda: browser.js("return document.querySelectorAll('.row[data-path]').length") == 4, "the long name stayed")
        self.load(width=320, height=600)
        menu = self.open_folder_menu()
        self.assertLessEqual(menu["width"], 320 - 2 * EDGE + 0.5)
        self.assertGreaterEqual(menu["left"], EDGE - 0.5)
        self.assertLessEqual(menu["right"], 320 - EDGE + 0.5)
        self.close_menu()

    def test_a_short_menu_is_as_wide_as_the_minimum(self):
        self.load(rows=4)
        self.open_row_menu("a.txt", x=300)
        self.assertAlmostEqual(browser.rect(browser.js("return document.querySelector('.menu')"))["width"], MIN_WIDTH, delta=0.5)
        self.close_menu()

    def test_a_fixed_width(self):
        self.load(query="menuWidth=333")
        self.assertAlmostEqual(self.open_folder_menu()["width"], 333, delta=0.5)
        self.close_menu()


if __name__ == "__main__":
    unittest.main()
