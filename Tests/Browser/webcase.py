"""The base of the browser test classes: one daemon per class on a folder the class fills, the
page served for it (harness.serve_page), and input through the DevTools protocol at exact
viewport coordinates (a right-click, a long press, the Menu key)."""

import os
import time
import unittest

import browser
import harness


class WebTestCase(unittest.TestCase):
    settle = "400ms"
    config = None
    program = "menud"
    environment = None
    # Where the temporary folder goes (None: the system's temporary directory).
    base = None
    root_name = "root"
    viewport = (1000, 700)

    @classmethod
    def populate(cls, daemon):
        """Files the daemon finds when it starts."""

    @classmethod
    def setUpClass(cls):
        cls.daemon = harness.Daemon(settle=cls.settle, config=cls.config, program=cls.program, environment=cls.environment, base=cls.base,
                                    root_name=cls.root_name)
        try:
            cls.populate(cls.daemon)
            cls.daemon.start()
            cls.page = harness.serve_page(cls.daemon)
        except Exception:
            cls.daemon.stop()
            raise

    @classmethod
    def tearDownClass(cls):
        cls.page.stop()
        cls.daemon.stop()

    def load(self, width=None, height=None, scheme="light", rows=1, query="", url=None):
        browser.set_color_scheme(scheme)
        browser.set_viewport(width or self.viewport[0], height or self.viewport[1])
        url = url or self.page.url
        if query:
            url += ("&" if "?" in url else "?") + query
        return browser.open_page(url, rows_at_least=rows)

    # Input at viewport coordinates, as a person's mouse and keyboard would give it.

    def mouse(self, kind, x, y, button="left", modifiers=0, clicks=1):
        browser.driver().execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": kind, "x": x, "y": y, "button": button, "clickCount": clicks, "modifiers": modifiers,
            "buttons": {"left": 1, "right": 2}.get(button, 0) if kind == "mousePressed" else 0})

    def right_click(self, x, y):
        self.mouse("mouseMoved", x, y, button="none")
        self.mouse("mousePressed", x, y, button="right")
        self.mouse("mouseReleased", x, y, button="right")

    def click(self, x, y, modifiers=0):
        self.mouse("mouseMoved", x, y, button="none")
        self.mouse("mousePressed", x, y, modifiers=modifiers)
        self.mouse("mouseReleased", x, y, modifiers=modifiers)

    def long_press(self, x, y, seconds=0.8):
        self.mouse("mouseMoved", x, y, button="none")
        self.mouse("mousePressed", x, y)
        time.sleep(seconds)  # holding the button, as a person would (not a timing check)
        self.mouse("mouseReleased", x, y)

    def key(self, key, code=None, key_code=0, modifiers=0, text=None):
        for kind in ("keyDown", "keyUp"):
            event = {"type": kind if text is None or kind == "keyUp" else "keyDown", "key": key, "code": code or key,
                     "windowsVirtualKeyCode": key_code, "nativeVirtualKeyCode": key_code, "modifiers": modifiers}
            if text is not None and kind == "keyDown":
                event["text"] = text
            browser.driver().execute_cdp_cmd("Input.dispatchKeyEvent", event)

    def right_click_row(self, path, x=None):
        box = browser.rect(browser.row(path))
        point_x = x if x is not None else box["left"] + box["width"] / 2
        self.right_click(point_x, box["top"] + box["height"] / 2)
        return box

    def open_row_menu(self, path, x=None):
        box = self.right_click_row(path, x)
        return box, browser.rect(browser.wait_menu_open())

    def wait_for_file(self, relative, exists=True):
        full = self.daemon.path(relative)
        browser.wait_for(lambda: os.path.exists(full) == exists,
                         f"{relative} was {'never made' if exists else 'never removed'} on disk")
