// A small test runner for the page's pure modules, run in the real browser: every test
// registered with `test(name, fn)` runs once; the results go to `window.unitResults` (read by
// Tests/Browser/test_web_unit.py) and to the page.
const tests = [];

export function test(name, body) {
  tests.push({ name, body });
}

export function equal(actual, expected, what = '') {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what ? `${what}: ` : ''}expected ${e}, got ${a}`);
}

export function ok(value, what) {
  if (!value) throw new Error(what || 'expected true');
}

export function near(actual, expected, tolerance, what = '') {
  if (!(Math.abs(actual - expected) <= tolerance)) throw new Error(`${what ? `${what}: ` : ''}expected ${expected} ± ${tolerance}, got ${actual}`);
}

export function runAll() {
  const failures = [];
  for (const { name, body } of tests) {
    try {
      body();
    } catch (error) {
      failures.push({ name, message: error.message });
    }
  }
  const results = { total: tests.length, passed: tests.length - failures.length, failures };
  window.unitResults = results;
  document.getElementById('results').textContent = failures.length
    ? `${results.passed} passed, ${failures.length} failed\n${failures.map((f) => `${f.name}: ${f.message}`).join('\n')}`
    : `${results.passed} passed, 0 failed`;
}

// A module runs once however many files import it; `load` comes after every module script of
// the page has run, so by then every test file has registered its tests.
window.addEventListener('load', runAll);
