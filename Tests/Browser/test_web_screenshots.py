"""Screenshots of the page with a menu open, light and dark. They go to docs/ (the README shows
one) when MENUD_WEB_SCREENSHOTS=docs, else to a temporary folder, so `make test` leaves the
work tree as it was. Each picture is checked to be what it claims: the colour scheme the page
used, the menu open, the pending file's reason in its row."""

import os
import tempfile
import unittest

import browser
import harness
from webcase import WebTestCase

HOUR = 3600
FILES = [
    ("downloads/intro.mp4", 2_400_000, HOUR), ("downloads/notes.txt", 2_000, HOUR),
    ("downloads/video-2.mp4.part", 800_000, None), ("reports/q3.csv", 18, HOUR),
    ("reports/summary.pdf", 312_000, HOUR), ("photos/beach.jpg", 4_800_000, HOUR),
]


def destination():
    if os.environ.get("MENUD_WEB_SCREENSHOTS") == "docs":
        return os.path.join(harness.REPOSITORY, "docs")
    return tempfile.mkdtemp(prefix="menud-web-shots-")


class ScreenshotTests(WebTestCase):
    viewport = (900, 560)
    root_name = "Downloads"

    @classmethod
    def populate(cls, daemon):
        for path, size, age in FILES:
            daemon.write(path, b"x" * size, age_seconds=age)

    def shoot(self, scheme, folder, which):
        self.load(scheme=scheme, rows=len(FILES))
        self.assertEqual(browser.js("return matchMedia('(prefers-color-scheme: dark)').matches"), scheme == "dark")
        if which == "folder":
            browser.driver().find_element("id", "folder-menu").click()
            browser.wait_menu_open()
            self.assertEqual(browser.js("return document.querySelectorAll('.menu .badge').length"), len(FILES))
        else:
            self.open_row_menu("downloads/intro.mp4", x=520)
            self.assertEqual(browser.js("return document.querySelectorAll('.menu .mi .icon[data-icon]').length"), 5)
        path = os.path.join(folder, f"web-{which}-{scheme}.png")
        browser.driver().save_screenshot(path)
        self.key("Escape", key_code=27)
        browser.wait_menu_gone()
        self.assertGreater(os.path.getsize(path), 10_000)
        return path

    def test_light_and_dark_with_a_menu_open(self):
        folder = destination()
        for which in ("folder", "file"):
            light = self.shoot("light", folder, which)
            dark = self.shoot("dark", folder, which)
            with open(light, "rb") as one, open(dark, "rb") as other:
                self.assertNotEqual(one.read(), other.read())
        self.load(scheme="dark", rows=len(FILES))
        background = browser.js("return getComputedStyle(document.body).backgroundColor")
        self.assertEqual(background, "rgb(28, 28, 30)", "the dark scheme's background")
        browser.set_color_scheme("light")


if __name__ == "__main__":
    unittest.main()
