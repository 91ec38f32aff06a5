#!/bin/sh
# Runs the web page's tests in headless Chromium against the real daemon:
#
#     Tests/Browser/run.sh [BINARY_DIRECTORY]      (make test runs it with the debug build)
#
# BINARY_DIRECTORY holds menud (default: `swift build --show-bin-path`). Environment:
#   MENUD_WEB_SERVER=bridge      open the page through the test fixture Tests/Browser/dev_bridge.py
#                                (which records every frame) instead of the page menud serves
#                                itself with --web (the default, "daemon")
#   MENUD_WEB_SCREENSHOTS=docs   write the screenshots into docs/ (else a temporary folder)
#   MENUD_WEB_TESTS=PATTERN      run only test files matching PATTERN (default test_web_*.py)
# Debian's python3 is used on purpose: it has selenium and websockets; another python3 on PATH
# (pyenv) may not.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repository=$(cd "$here/../.." && pwd)
bin_dir=${1:-$(cd "$repository" && swift build --show-bin-path)}

fail() {
    printf 'browser tests: %s\n' "$*" >&2
    exit 1
}
bin_dir=$(cd "$bin_dir" 2>/dev/null && pwd) || fail "binary directory ${1:-} does not exist; build first (swift build)"
[ -x /usr/bin/python3 ] || fail "/usr/bin/python3 is missing; run make deps"
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || fail "chromium is missing; run make deps (it installs chromium and chromium-driver)"
[ -x "${CHROMEDRIVER:-/usr/bin/chromedriver}" ] || fail "chromedriver is missing; run make deps (package chromium-driver)"
/usr/bin/python3 -c 'import selenium, websockets' 2>/dev/null || fail "python3-selenium or python3-websockets is missing; run make deps"
[ -x "$bin_dir/menud" ] || fail "$bin_dir/menud is missing; build first (swift build)"

cd "$here"
MENUD_BIN_DIR=$bin_dir PYTHONDONTWRITEBYTECODE=1 exec /usr/bin/python3 run_tests.py
