"""Headless Chromium from Debian driven by selenium: one browser for the whole run (starting
one costs about a second), a viewport of an exact size and a chosen colour scheme through the
DevTools protocol, and waits that give up with a clear message."""

import atexit
import os
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
# Generous: the machine is shared; a wait only fails when the page never gets there.
WAIT_SECONDS = float(os.environ.get("MENUD_WEB_WAIT", "20"))

_driver = None


def driver():
    global _driver
    if _driver is None:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--window-size=1000,700", "--force-device-scale-factor=1",
                         "--disable-background-timer-throttling", "--disable-renderer-backgrounding"):
            options.add_argument(argument)
        _driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        _driver.set_script_timeout(WAIT_SECONDS)
        atexit.register(_driver.quit)
    return _driver


def set_viewport(width, height):
    """The page's viewport exactly `width` x `height` CSS pixels (fires a resize)."""
    driver().execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                             {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def set_color_scheme(scheme):
    """`light` or `dark` for prefers-color-scheme."""
    driver().execute_cdp_cmd("Emulation.setEmulatedMedia",
                             {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def wait_for(condition, message, timeout=WAIT_SECONDS):
    """Polls `condition()` until it returns something true, and returns it."""
    deadline = time.time() + timeout
    last_error = None
    while time.time() < deadline:
        try:
            value = condition()
            if value:
                return value
        except Exception as error:  # a stale element while the list redraws: try again
            last_error = error
        time.sleep(0.05)
    raise AssertionError(f"{message} (waited {timeout:.0f} s{'; last error: ' + str(last_error) if last_error else ''})")


def js(script, *arguments):
    return driver().execute_script(script, *arguments)


def open_page(url, rows_at_least=0):
    """Loads the page and waits until it is connected and shows `rows_at_least` loaded rows."""
    browser = driver()
    browser.get(url)
    wait_for(lambda: js("return document.body.dataset.ready === 'true'"), "the page never connected to menud")
    if rows_at_least:
        wait_for(lambda: js("return document.querySelectorAll('.row[data-path]').length") >= rows_at_least,
                 f"the list never showed {rows_at_least} rows")
    return browser


def row(path):
    """The row element of `path`."""
    return driver().find_element(By.CSS_SELECTOR, f'.row[data-path="{path}"]')


def rect(element):
    return js("const r = arguments[0].getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height};", element)


def menu_state():
    return js("return document.body.dataset.menu")


def wait_menu_open():
    wait_for(lambda: js("return document.querySelector('.menu[role=menu]') !== null && document.body.dataset.menu === 'open'"),
             "no menu opened")
    # The opening animation ends before geometry is read.
    wait_for(lambda: js("return document.getAnimations().every(a => a.playState !== 'running')"), "the menu kept animating")
    return driver().find_element(By.CSS_SELECTOR, ".menu[role=menu]")


def wait_menu_gone():
    wait_for(lambda: js("return document.querySelector('.menu-layer') === null"), "the menu stayed on the screen")


def items():
    """The open menu's items as dicts: label, title, disabled, status."""
    return js("""return [...document.querySelectorAll('.menu [role=menuitem]')].map(e => ({
        label: e.getAttribute('aria-label'), title: e.querySelector('.mi-title').textContent,
        disabled: e.getAttribute('aria-disabled') === 'true',
        status: e.querySelector('.mi-status') ? e.querySelector('.mi-status').textContent : null}));""")


def item(title):
    return driver().find_element(By.XPATH, f"//*[@role='menuitem'][.//span[@class='mi-title' and text()='{title}']]")


RECORD_SENDS = """
if (!window.__sent) {
  window.__sent = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    let method = null;
    try { method = JSON.parse(data).method; } catch (e) {}
    window.__sent.push({method, menuInDom: document.querySelector('[role=menu]') !== null,
                        layerInDom: document.querySelector('.menu-layer') !== null, at: performance.now()});
    return send.call(this, data);
  };
}
window.__sent.length = 0;
"""


def record_sends():
    """From now on, remember each message the page sends and whether a menu was in the DOM then."""
    js(RECORD_SENDS)


def sends():
    return js("return window.__sent || []")
