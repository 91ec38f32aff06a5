"""Submenus and titled groups, from the fixture daemon's "showcase" plugin (the shipped plugins
offer neither): a submenu opens beside its row, by pointer or keyboard, nests, closes with ←
or Escape, and its items run through the same handshake."""

import unittest

import browser
from webcase import WebTestCase

HOUR = 3600
EDGE = 8


class SubmenuTests(WebTestCase):
    program = "menud-fixture"
    environment = {"MENUD_FIXTURE_SHOWCASE": "1"}
    config = {"plugins": {"faulty": {"enabled": False}, "sluggish": {"enabled": False}, "hello": {"enabled": False}}}

    @classmethod
    def populate(cls, daemon):
        daemon.write("clip.mp4", b"x" * 1000, age_seconds=HOUR)

    def menus(self):
        return browser.js("return [...document.querySelectorAll('.menu[role=menu]')].map(m => { const r = m.getBoundingClientRect(); return {label: m.getAttribute('aria-label'), left: r.left, right: r.right, top: r.top, bottom: r.bottom}; })")

    def open_showcase_menu(self, x=300):
        self.load(rows=1)
        self.open_row_menu("clip.mp4", x=x)

    def test_a_titled_group_has_its_header_and_a_submenu_row_its_mark(self):
        self.open_showcase_menu()
        headers = browser.js("return [...document.querySelectorAll('.menu .menu-header')].map(h => h.textContent)")
        self.assertEqual(headers, ["Tags"])
        opener = browser.item("Open With")
        self.assertEqual(opener.get_attribute("aria-haspopup"), "menu")
        self.assertEqual(opener.get_attribute("aria-expanded"), "false")
        self.assertEqual(opener.find_element("css selector", ".mi-chevron").text, "›")
        self.key("Escape", key_code=27)
        browser.wait_menu_gone()

    def test_the_keyboard_opens_nested_submenus_beside_their_rows_and_closes_them(self):
        self.open_showcase_menu()
        for _ in range(10):
            if browser.js("return document.activeElement.getAttribute('aria-label')") == "Open With":
                break
            self.key("ArrowDown", key_code=40)
        parent_row = browser.rect(browser.item("Open With"))
        self.key("ArrowRight", key_code=39)
        browser.wait_for(lambda: len(self.menus()) == 2, "the submenu never opened")
        parent, child = self.menus()
        self.assertEqual(child["label"], "Open With")
        self.assertAlmostEqual(child["left"], parent["right"], delta=1, msg="right beside its parent")
        self.assertLess(abs(browser.rect(browser.js("return document.activeElement"))["top"] - parent_row["top"]), 2,
                        "its first row is level with the row that opened it")
        self.assertEqual(browser.js("return document.activeElement.getAttribute('aria-label')"), "Preview")
        self.assertEqual(browser.item("Open With").get_attribute("aria-expanded"), "true")
        self.key("End", key_code=35)
        self.key("Enter", key_code=13, text="\r")
        browser.wait_for(lambda: len(self.menus()) == 3, "the nested submenu never opened")
        self.key("ArrowLeft", key_code=37)
        browser.wait_for(lambda: len(self.menus()) == 2, "← did not close the nested submenu")
        self.assertEqual(browser.js("return document.activeElement.getAttribute('aria-label')"), "More")
        self.key("Escape", key_code=27)
        browser.wait_for(lambda: len(self.menus()) == 1, "Escape did not close the submenu first")
        self.key("Escape", key_code=27)
        browser.wait_menu_gone()

    def test_a_submenu_near_the_right_edge_opens_to_the_left(self):
        self.load(rows=1)
        width = browser.js("return document.documentElement.clientWidth")
        self.open_row_menu("clip.mp4", x=width - 10)
        browser.item("Open With").click()
        browser.wait_for(lambda: len(self.menus()) == 2, "the submenu never opened")
        parent, child = self.menus()
        self.assertAlmostEqual(child["right"], parent["left"], delta=1)
        self.assertGreaterEqual(child["left"], EDGE - 0.5)
        self.key("Escape", key_code=27)
        self.key("Escape", key_code=27)
        browser.wait_menu_gone()

    def test_an_item_of_a_submenu_runs_after_every_box_is_gone(self):
        self.open_showcase_menu()
        browser.record_sends()
        browser.item("Open With").click()
        browser.wait_for(lambda: len(self.menus()) == 2, "the submenu never opened")
        browser.item("Player").click()
        browser.wait_menu_gone()
        message = browser.wait_for(lambda: browser.js("const n = [...document.querySelectorAll('.notice-outcome')].find(n => n.querySelector('h2').textContent === 'Player'); return n && n.querySelector('p').textContent"),
                                   "the submenu item's outcome never showed")
        self.assertEqual(message, "opened clip.mp4 with Player")
        told = [one for one in browser.sends() if one["method"] in ("menu.select", "menu.dismissed")]
        self.assertEqual([one["method"] for one in told], ["menu.select", "menu.dismissed"])
        self.assertFalse(any(one["menuInDom"] for one in told))


if __name__ == "__main__":
    unittest.main()
