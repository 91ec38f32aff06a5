// Unit tests of virtual-window.js: which rows of a long list are drawn, and where.
import { test, equal, ok, near } from './runner.js';
import { MAX_SCROLL_HEIGHT, indexAt, pagesFor, scrollTopToShow, virtualWindow } from '/virtual-window.js';

const base = { viewportHeight: 320, rowHeight: 32 };

test('window: the rows in view and a few around them; rows at their natural place', () => {
  const win = virtualWindow({ ...base, scrollTop: 320, total: 1000, overscan: 2 });
  equal([win.first, win.last, win.scrollHeight], [8, 22, 32000]);
  equal(win.rowTop(10), 320);
});

test('window: a short list draws every row, and no more', () => {
  const win = virtualWindow({ ...base, scrollTop: 0, total: 3 });
  equal([win.first, win.last, win.scrollHeight], [0, 3, 96]);
  equal([virtualWindow({ ...base, scrollTop: 0, total: 0 }).last, virtualWindow({ ...base, scrollTop: 0, total: 0 }).scrollHeight], [0, 0]);
});

test('window: a million rows fit a scroller of bounded height, first and last rows reachable', () => {
  const total = 1_000_000;
  const top = virtualWindow({ ...base, scrollTop: 0, total, overscan: 0 });
  equal([top.first, top.scrollHeight], [0, MAX_SCROLL_HEIGHT]);
  const range = MAX_SCROLL_HEIGHT - base.viewportHeight;
  const bottom = virtualWindow({ ...base, scrollTop: range, total, overscan: 0 });
  equal(bottom.last, total);
  near(bottom.rowTop(total - 1) + base.rowHeight, MAX_SCROLL_HEIGHT, 0.001, 'the last row ends where the scroller does');
  ok(bottom.last - bottom.first <= 12, `only a screenful drawn: ${bottom.first}..${bottom.last}`);
});

test('window: in a scaled list, consecutive rows still sit a row height apart', () => {
  const win = virtualWindow({ ...base, scrollTop: 1_234_567, total: 1_000_000, overscan: 0 });
  near(win.rowTop(win.first + 1) - win.rowTop(win.first), 32, 1e-6);
  ok(win.rowTop(win.first) <= 1_234_567 && win.rowTop(win.first) + 32 > 1_234_567, 'the first drawn row covers the top of the view');
});

test('index at a point: the row under it, or past the end in empty space', () => {
  equal(indexAt({ ...base, y: 40, scrollTop: 0, total: 5 }), 1);
  ok(indexAt({ ...base, y: 300, scrollTop: 0, total: 5 }) >= 5, 'empty space below the last row');
});

test('scroll to show: unchanged when in view, else the least move', () => {
  equal(scrollTopToShow({ ...base, index: 3, scrollTop: 0, total: 100 }), 0);
  equal(scrollTopToShow({ ...base, index: 20, scrollTop: 0, total: 100 }), 21 * 32 - 320);
  equal(scrollTopToShow({ ...base, index: 2, scrollTop: 640, total: 100 }), 64);
});

test('scroll to show: in a million rows, the row asked for is drawn inside the view', () => {
  for (const index of [0, 1, 499_999, 999_998, 999_999]) {
    const scrollTop = scrollTopToShow({ ...base, index, scrollTop: 0, total: 1_000_000 });
    const win = virtualWindow({ ...base, scrollTop, total: 1_000_000, overscan: 0 });
    ok(index >= win.first && index < win.last, `${index} drawn (${win.first}..${win.last})`);
    const top = win.rowTop(index) - scrollTop;
    ok(top >= -0.01 && top + 32 <= base.viewportHeight + 0.01, `${index} whole in view (top ${top})`);
  }
});

test('pages: the pages holding a range of rows', () => {
  equal(pagesFor(0, 10, 200), [0]);
  equal(pagesFor(190, 410, 200), [0, 1, 2]);
  equal(pagesFor(5, 5, 200), []);
});
