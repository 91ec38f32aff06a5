"""The page's pure modules (layout, placement, virtual window) tested inside Chromium."""

import unittest

import browser
import harness


class PureModuleTests(unittest.TestCase):
    def test_every_unit_test_of_the_page_passes_in_chromium(self):
        server, url = harness.static_server()
        try:
            browser.driver().get(url + "unit/")
            results = browser.wait_for(lambda: browser.js("return window.unitResults || null"),
                                       "the unit test page never finished")
        finally:
            server.stop()
        self.assertGreaterEqual(results["total"], 20, "the unit test files did not all load")
        failures = "\n".join(f"{one['name']}: {one['message']}" for one in results["failures"])
        self.assertEqual(results["failures"], [], failures)


if __name__ == "__main__":
    unittest.main()
