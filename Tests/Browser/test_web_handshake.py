"""Choosing an item: the menu is off the screen (animation done, element gone) before the daemon
is told, and the daemon is told `menu.select` then `menu.dismissed`; a prompt comes after the
menu is gone; progress and outcomes show; disabled items do nothing; invalidation closes."""

import json
import os
import unittest

import browser
from webcase import WebTestCase

HOUR = 3600

# Times (performance.now()) at which the menu layer left the DOM and at which a row for `path`
# entered it, recorded by a MutationObserver in the page.
WATCH_DOM = """
window.__dom = {menuGone: null, rowCame: null, progressSeen: false};
const path = arguments[0];
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.removedNodes) if (node.classList && node.classList.contains('menu-layer') && window.__dom.menuGone === null) window.__dom.menuGone = performance.now();
    for (const node of record.addedNodes) {
      if (!(node instanceof Element)) continue;
      if (node.matches('progress, .notice-progress') || node.querySelector('progress')) window.__dom.progressSeen = true;
    }
  }
  if (window.__dom.rowCame === null && document.querySelector(`.row[data-path="${path}"]`)) window.__dom.rowCame = performance.now();
}).observe(document.body, {childList: true, subtree: true, attributes: true, attributeFilter: ['data-path']});
"""


class HandshakeTests(WebTestCase):
    config = {"plugins": {"checksum": {"settings": {"progressThresholdBytes": 1}}}}

    @classmethod
    def populate(cls, daemon):
        daemon.write("notes.txt", b"hello", age_seconds=HOUR)
        daemon.write("rename-me.txt", b"name", age_seconds=HOUR)
        daemon.write("touch-me.txt", b"touch", age_seconds=HOUR)
        daemon.write("big.bin", os.urandom(1 << 20) * 48, age_seconds=HOUR)
        daemon.write("video-2.mp4.part", b"x" * 8000, age_seconds=HOUR)

    def sent_methods(self):
        return [one["method"] for one in browser.sends() if one["method"]]

    def test_choosing_an_item_removes_the_menu_before_the_daemon_is_told(self):
        self.load(rows=5)
        browser.record_sends()
        browser.js(WATCH_DOM, "notes copy.txt")
        self.open_row_menu("notes.txt", x=300)
        browser.item("Duplicate").click()
        self.wait_for_file("notes copy.txt")
        browser.wait_for(lambda: browser.js("return window.__dom.rowCame !== null"), "the copy never showed in the list")
        sends = [one for one in browser.sends() if one["method"] in ("menu.select", "menu.dismissed")]
        self.assertEqual([one["method"] for one in sends], ["menu.select", "menu.dismissed"])
        for one in sends:
            self.assertFalse(one["menuInDom"] or one["layerInDom"], f"{one['method']} was sent with the menu still in the DOM")
        dom = browser.js("return window.__dom")
        self.assertLess(dom["menuGone"], sends[0]["at"], "the menu left the DOM before menu.select was sent")
        self.assertLess(dom["menuGone"], dom["rowCame"], "the menu was gone before the action's effect appeared")
        frames = self.page.frames()
        if frames is not None:
            told = [json.loads(f.text) for f in frames if '"menu.select"' in f.text or '"menu.dismissed"' in f.text]
            self.assertEqual([one["method"] for one in told][-2:], ["menu.select", "menu.dismissed"])
            self.assertEqual(told[-1]["params"]["menu"], told[-2]["params"]["menu"])
        browser.wait_for(lambda: browser.js("return [...document.querySelectorAll('.notice-outcome h2')].some(h => h.textContent === 'Duplicate')"),
                         "no notice of the outcome")
        self.assertEqual(browser.js("return document.activeElement.dataset.path"), "notes.txt", "focus back on the row")

    def test_an_item_asking_for_text_prompts_after_the_menu_is_gone(self):
        self.load(rows=5)
        browser.record_sends()
        self.open_row_menu("rename-me.txt", x=300)
        browser.item("Rename…").click()
        browser.wait_for(lambda: browser.js("return document.querySelector('dialog.prompt[open]') !== null"), "no prompt")
        self.assertIsNone(browser.js("return document.querySelector('.menu-layer')"), "the menu is gone while the prompt shows")
        self.assertEqual(self.sent_methods()[-1], "menu.select", "menu.dismissed waits for the text")
        self.assertEqual(browser.js("return document.querySelector('dialog.prompt input').value"), "rename-me.txt")
        field = browser.driver().find_element("css selector", "dialog.prompt input")
        field.clear()
        field.send_keys("renamed.txt\n")
        self.wait_for_file("renamed.txt")
        self.wait_for_file("rename-me.txt", exists=False)
        dismissed = [one for one in browser.sends() if one["method"] == "menu.dismissed"]
        self.assertEqual(len(dismissed), 1)
        browser.wait_for(lambda: browser.js("return document.querySelector('.row[data-path=\"renamed.txt\"]') !== null"),
                         "the renamed file never showed")

    def test_cancelling_the_prompt_cancels_the_menu_and_runs_nothing(self):
        self.load(rows=5)
        browser.record_sends()
        self.open_row_menu("notes.txt", x=300)
        browser.item("Rename…").click()
        browser.wait_for(lambda: browser.js("return document.querySelector('dialog.prompt[open]') !== null"), "no prompt")
        self.key("Escape", key_code=27)
        browser.wait_for(lambda: "menu.cancel" in self.sent_methods(), "the menu was not cancelled")
        self.assertNotIn("menu.dismissed", self.sent_methods())
        self.assertIsNone(browser.js("return document.querySelector('dialog.prompt')"))
        self.assertTrue(os.path.exists(self.daemon.path("notes.txt")))
        self.assertEqual(browser.js("return document.activeElement.dataset.path"), "notes.txt", "focus back on the row")

    def test_a_running_action_shows_a_progress_bar_then_its_outcome(self):
        self.load(rows=5)
        browser.js(WATCH_DOM, "nothing")
        self.open_row_menu("big.bin", x=300)
        browser.item("SHA-256").click()
        browser.wait_for(lambda: browser.js("return [...document.querySelectorAll('.notice-outcome h2')].some(h => h.textContent === 'SHA-256')"),
                         "no outcome notice for SHA-256")
        self.assertTrue(browser.js("return window.__dom.progressSeen"), "action.progress never showed a bar")
        digest = browser.js("return [...document.querySelectorAll('.notice-outcome')].find(n => n.querySelector('h2').textContent === 'SHA-256').querySelector('pre').textContent")
        self.assertRegex(digest, r"[0-9a-f]{64}")
        self.assertIsNone(browser.js("return document.querySelector('.notice-progress')"), "the bar goes when the action ends")

    def test_a_pending_rows_actions_are_disabled_with_the_reason(self):
        self.load(rows=5)
        browser.record_sends()
        self.open_row_menu("video-2.mp4.part", x=300)
        items = {one["title"]: one for one in browser.items()}
        for title in ("Duplicate", "Rename…", "SHA-256"):
            self.assertTrue(items[title]["disabled"], f"{title} is disabled")
            self.assertEqual(items[title]["status"], "not while pending")
            self.assertEqual(items[title]["label"], f"{title}, not while pending")
        browser.item("Duplicate").click()
        self.key("d", text="d")
        self.assertEqual(browser.menu_state(), "open", "a disabled item does not close the menu")
        self.assertNotIn("menu.select", self.sent_methods())
        self.key("Escape", key_code=27)
        browser.wait_menu_gone()
        browser.wait_for(lambda: "menu.dismissed" in self.sent_methods(), "closing the menu was not told")

    def test_invalidation_closes_the_open_menu_with_a_note(self):
        self.load(rows=5)
        self.open_row_menu("touch-me.txt", x=300)
        with open(self.daemon.path("touch-me.txt"), "ab") as handle:
            handle.write(b" again")
        browser.wait_menu_gone()
        note = browser.wait_for(lambda: browser.js("return [...document.querySelectorAll('.notice-note')].map(n => n.textContent).join(' ')"),
                                "no note said why the menu closed")
        self.assertIn("Menu closed", note)

    def test_a_failed_action_shows_its_error(self):
        self.load(rows=5)
        self.open_row_menu("notes.txt", x=300)
        browser.item("Rename…").click()
        browser.wait_for(lambda: browser.js("return document.querySelector('dialog.prompt[open]') !== null"), "no prompt")
        field = browser.driver().find_element("css selector", "dialog.prompt input")
        field.clear()
        field.send_keys("no/slashes\n")
        error = browser.wait_for(lambda: browser.js("return document.querySelector('.notice-error') && document.querySelector('.notice-error').textContent"),
                                 "no error notice")
        self.assertIn("Rename", error)
        self.assertTrue(os.path.exists(self.daemon.path("notes.txt")))


if __name__ == "__main__":
    unittest.main()
