"""Every symbol name the plugins, the fixture plugins and the config's examples use has an SVG
shipped with the page, and every SVG the page lists exists (no browser needed)."""

import glob
import os
import re
import unittest

import harness

ICON_USE = re.compile(r'icon:\s*"([^"]+)"')


def used_icon_names():
    names = set()
    patterns = ["Plugins/**/*.swift", "Tests/Fixtures/**/*.swift", "config/*.json5"]
    for pattern in patterns:
        for path in glob.glob(os.path.join(harness.REPOSITORY, pattern), recursive=True):
            with open(path, encoding="utf-8") as handle:
                names.update(ICON_USE.findall(handle.read()))
    return names


def listed_icon_names():
    with open(os.path.join(harness.WEB_FOLDER, "icons.js"), encoding="utf-8") as handle:
        source = handle.read()
    block = source[source.index("new Set(["):source.index("]);")]
    return set(re.findall(r"'([^']+)'", block))


class IconTests(unittest.TestCase):
    def test_every_symbol_name_in_use_has_an_icon(self):
        used = used_icon_names()
        self.assertGreaterEqual(len(used), 6, f"the search for icon names found too few: {sorted(used)}")
        self.assertEqual(sorted(used - listed_icon_names()), [], "names without an icon in clients/web/icons.js")

    def test_every_listed_icon_has_its_svg(self):
        for name in sorted(listed_icon_names()):
            path = os.path.join(harness.WEB_FOLDER, "icons", f"{name}.svg")
            self.assertTrue(os.path.isfile(path), f"{path} is missing")
            with open(path, encoding="utf-8") as handle:
                self.assertIn("<svg", handle.read())


if __name__ == "__main__":
    unittest.main()
