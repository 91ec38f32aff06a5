"""Discovers and runs the browser tests, then prints one closing line with the counts."""

import os
import sys
import unittest

pattern = os.environ.get("MENUD_WEB_TESTS", "test_web_*.py")
suite = unittest.defaultTestLoader.discover(os.path.dirname(os.path.abspath(__file__)), pattern=pattern)
result = unittest.TextTestRunner(verbosity=2).run(suite)
failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
passed = max(result.testsRun - failed - len(result.skipped), 0)
print(f"browser: {passed} passed, {failed} failed, {len(result.skipped)} skipped")
sys.exit(0 if result.wasSuccessful() and result.testsRun > 0 else 1)
