"""The list and the menu from the keyboard, and what a screen reader is told: arrows, the Menu
key and Shift+F10, Enter, Escape, type-ahead by shortcut key; roles `menu`/`menuitem`, each
item's accessibilityLabel as its name, the focus back on the row."""

import unittest

import browser
from webcase import WebTestCase

HOUR = 3600
SHIFT = 8


class KeyboardTests(WebTestCase):
    @classmethod
    def populate(cls, daemon):
        for name in ("alpha.txt", "beta.txt", "gamma.txt"):
            daemon.write(name, name.encode(), age_seconds=HOUR)

    def focused(self):
        return browser.js("const e = document.activeElement; return {role: e.getAttribute('role'), label: e.getAttribute('aria-label'), path: e.dataset.path || null};")

    def focus_first_row(self):
        box = browser.rect(browser.row("alpha.txt"))
        self.click(box["left"] + 200, box["top"] + 10)
        browser.wait_for(lambda: self.focused()["path"] == "alpha.txt", "clicking a row did not focus it")

    def test_arrows_move_along_the_list_and_shift_f10_opens_the_focused_rows_menu(self):
        self.load(rows=3)
        self.focus_first_row()
        self.key("ArrowDown", key_code=40)
        self.assertEqual(self.focused()["path"], "beta.txt")
        self.key("F10", key_code=121, modifiers=SHIFT)
        menu = browser.wait_menu_open()
        self.assertEqual(menu.get_attribute("role"), "menu")
        self.assertEqual(menu.get_attribute("aria-label"), "beta.txt")
        self.assertEqual(self.focused(), {"role": "menuitem", "label": "Inspect", "path": None})
        self.key("ArrowDown", key_code=40)
        self.assertEqual(self.focused()["label"], "Duplicate")
        self.key("ArrowUp", key_code=38)
        self.key("ArrowUp", key_code=38)
        self.assertEqual(self.focused()["label"], "SHA-256", "the arrows wrap around")
        self.key("Home", key_code=36)
        self.assertEqual(self.focused()["label"], "Inspect")
        self.key("Escape", key_code=27)
        browser.wait_menu_gone()
        self.assertEqual(self.focused()["path"], "beta.txt", "the focus is back on the row")

    def test_the_menu_key_opens_the_menu_and_enter_chooses(self):
        self.load(rows=3)
        self.focus_first_row()
        self.key("ContextMenu", code="ContextMenu", key_code=93)
        browser.wait_menu_open()
        self.key("Enter", key_code=13, text="\r")
        browser.wait_menu_gone()
        output = browser.wait_for(lambda: browser.js("const n = document.querySelector('.notice-outcome pre'); return n && n.textContent"),
                                  "Inspect's outcome never showed")
        self.assertIn("Path: alpha.txt", output)
        browser.js("document.querySelectorAll('.notice').forEach(n => n.remove())")

    def test_a_shortcut_key_chooses_its_item(self):
        self.load(rows=3)
        self.focus_first_row()
        self.key("ArrowDown", key_code=40)
        self.key("ArrowDown", key_code=40)
        self.key("F10", key_code=121, modifiers=SHIFT)
        browser.wait_menu_open()
        browser.record_sends()
        self.key("h", code="KeyH", key_code=72, text="h")
        browser.wait_menu_gone()
        digest = browser.wait_for(lambda: browser.js("const n = [...document.querySelectorAll('.notice-outcome')].find(n => n.querySelector('h2').textContent === 'SHA-256'); return n && n.querySelector('pre').textContent"),
                                  "the SHA-256 outcome never showed")
        self.assertRegex(digest, r"^[0-9a-f]{64}")
        self.assertEqual([one["method"] for one in browser.sends()], ["menu.select", "menu.dismissed"])
        browser.js("document.querySelectorAll('.notice').forEach(n => n.remove())")

    def test_each_item_is_named_by_its_accessibility_label(self):
        self.load(rows=3)
        client = self.daemon.client()
        try:
            menu = client.result("menu.open", {"target": {"path": "gamma.txt"}})["menu"]
            client.result("menu.cancel", {"menu": menu["id"]})
        finally:
            client.close()

        def labels(items):
            for one in items:
                if one.get("inline") or one.get("children"):
                    yield from labels(one.get("children", []))
                else:
                    yield one["accessibilityLabel"]

        self.open_row_menu("gamma.txt", x=300)
        shown = browser.js("return [...document.querySelectorAll('.menu [role=menuitem]')].map(e => e.getAttribute('aria-label'))")
        self.assertEqual(shown, list(labels(menu["items"])))
        self.assertEqual(browser.js("return document.querySelectorAll('.menu [role=separator]').length"), 2)
        self.key("Escape", key_code=27)
        browser.wait_menu_gone()


if __name__ == "__main__":
    unittest.main()
