// Unit tests of menu-layout.js and menu-placement.js: the rules of Sources/MenuLayout in pixels.
import { test, equal, ok } from './runner.js';
import {
  METRICS, columnsFor, flattenItems, horizontalChrome, initialFocus, menuHeight, menuWidth,
  naturalWidth, nextFocusable, rowForKey,
} from '/menu-layout.js';
import { clampX, placeMenu, placeSubmenu, sourceRect } from '/menu-placement.js';

// The file menu the daemon sends for a ready file (files and checksum plugins), trimmed.
const fileMenu = [
  { id: 'i1', title: '', inline: true, children: [
    { id: 'i2', title: 'Inspect', key: 'i' },
    { id: 'i3', title: 'Duplicate', key: 'd' },
    { id: 'i5', title: '', inline: true, children: [{ id: 'i6', title: 'Move to Trash', key: 't', destructive: true }] },
  ] },
  { id: 'i7', title: '', inline: true, children: [{ id: 'i8', title: 'SHA-256', key: 'h' }] },
];

const kinds = (rows) => rows.map((row) => (row.kind === 'item' ? row.item.id : row.kind[0]));

test('flatten: groups are set apart by one separator, never first or last', () => {
  equal(kinds(flattenItems(fileMenu)), ['i2', 'i3', 's', 'i6', 's', 'i8']);
});

test('flatten: a titled group has a header; an empty group adds nothing', () => {
  const rows = flattenItems([{ id: 'a', title: 'A' }, { id: 'g', title: 'Share', inline: true, children: [{ id: 'b', title: 'B' }] }, { id: 'e', title: '', inline: true, children: [] }, { id: 'c', title: 'C' }]);
  equal(rows.map((row) => row.kind), ['item', 'separator', 'header', 'item', 'separator', 'item']);
  equal(rows[2].title, 'Share');
});

test('flatten: a disabled group disables its children; children that are not inline make a submenu row', () => {
  const rows = flattenItems([{ id: 'g', title: '', inline: true, disabled: true, children: [{ id: 'a', title: 'A' }] }, { id: 's', title: 'More', children: [{ id: 'b', title: 'B' }] }]);
  equal(rows.map((row) => [row.kind, !!row.disabled, !!row.hasSubmenu]), [['item', true, false], ['separator', false, false], ['item', false, true]]);
});

test('focus: arrows skip separators and wrap; disabled items can be focused, the first enabled one is focused first', () => {
  const rows = flattenItems([{ id: 'a', title: 'A', disabled: true }, { id: 'g', title: '', inline: true, children: [{ id: 'b', title: 'B' }] }]);
  equal(initialFocus(rows), 2);
  equal(nextFocusable(rows, 2, 1), 0);
  equal(nextFocusable(rows, 0, -1), 2);
  equal(nextFocusable(rows, -1, 1), 0);
  equal(nextFocusable(rows, -1, -1), 2);
  equal(nextFocusable([{ kind: 'separator' }], -1, 1), -1);
});

test('type-ahead: the exact key first, then ignoring case', () => {
  const rows = flattenItems([{ id: 'a', title: 'A', key: 'D' }, { id: 'b', title: 'B', key: 'd' }, { id: 'c', title: 'C', key: 'x' }]);
  equal(rowForKey(rows, 'd'), 1);
  equal(rowForKey(rows, 'X'), 2);
  equal(rowForKey(rows, 'q'), -1);
});

// Rows of the directory menu: badge, title, status, detail.
function directoryRows(titles) {
  return flattenItems(titles.map((title, i) => ({ id: `i${i}`, title, badge: { kind: 'ready' }, status: { text: 'Ready' }, detail: { text: `${i} KB` } })));
}
const measure = (rows, title, detail = 40) => rows.map(() => ({ title, status: 40, detail }));

test('columns: the detail column is as wide as the widest detail of any row', () => {
  const rows = directoryRows(['a', 'b']);
  const columns = columnsFor(rows, [{ title: 10, status: 40, detail: 30.2 }, { title: 10, status: 40, detail: 55.5 }]);
  equal(columns, { badge: METRICS.badgeSize, icon: 0, detail: 56, key: 0, submenu: 0 });
});

test('natural width: badge, gap, title, title gap, status, column gap, detail', () => {
  const rows = directoryRows(['a']);
  const columns = columnsFor(rows, measure(rows, 100));
  equal(naturalWidth(rows[0], { title: 100, status: 40, detail: 40 }, columns),
    METRICS.badgeSize + METRICS.badgeGap + 100 + METRICS.titleGap + 40 + METRICS.columnGap + 40);
});

test('auto width: the widest row plus chrome when within bounds', () => {
  const rows = directoryRows(['a', 'b']);
  const measured = [{ title: 150, status: 40, detail: 40 }, { title: 120, status: 40, detail: 40 }];
  const columns = columnsFor(rows, measured);
  const width = menuWidth({ rows, measured, columns, mode: { auto: { min: 100 } }, maxWidth: 600, viewportWidth: 1000 });
  equal(width, naturalWidth(rows[0], measured[0], columns) + horizontalChrome());
});

test('auto width: clamped up to the minimum and down to the maximum', () => {
  const rows = directoryRows(['a']);
  const short = measure(rows, 5);
  equal(menuWidth({ rows, measured: short, columns: columnsFor(rows, short), mode: { auto: { min: 260 } }, maxWidth: 420, viewportWidth: 1000 }), 260);
  const long = measure(rows, 2000);
  equal(menuWidth({ rows, measured: long, columns: columnsFor(rows, long), mode: { auto: { min: 260 } }, maxWidth: 420, viewportWidth: 1000 }), 420);
});

test('auto width: widened past the maximum when status and detail would not fit beside a cut title', () => {
  const rows = directoryRows(['a']);
  const measured = [{ title: 500, status: 300, detail: 200 }];
  const columns = columnsFor(rows, measured);
  const width = menuWidth({ rows, measured, columns, mode: { auto: { min: 100 } }, maxWidth: 300, viewportWidth: 2000 });
  equal(width, METRICS.badgeSize + METRICS.badgeGap + METRICS.minimumTitleWidth + METRICS.titleGap + 300 + METRICS.columnGap + 200 + horizontalChrome());
});

test('width: limited to the viewport less both margins, fixed or automatic', () => {
  const rows = directoryRows(['a']);
  const measured = measure(rows, 2000);
  const columns = columnsFor(rows, measured);
  equal(menuWidth({ rows, measured, columns, mode: { auto: { min: 260 } }, maxWidth: 420, viewportWidth: 300 }), 300 - 2 * METRICS.edgeMargin);
  equal(menuWidth({ rows, measured, columns, mode: { fixed: 350 }, maxWidth: 420, viewportWidth: 1000 }), 350);
  equal(menuWidth({ rows, measured, columns, mode: { fixed: 350 }, maxWidth: 420, viewportWidth: 200 }), 200 - 2 * METRICS.edgeMargin);
});

test('height: border, padding, title line and each row by its kind', () => {
  const rows = flattenItems(fileMenu);
  equal(menuHeight(rows, true), 2 * METRICS.border + 2 * METRICS.boxPaddingY + METRICS.titleHeight + 4 * METRICS.rowHeight + 2 * METRICS.separatorHeight);
});

const viewport = { width: 1000, height: 700 };
const row = (y) => ({ x: 0, y, width: 1000, height: 32 });

test('placement: below the source, centred on it', () => {
  const place = placeMenu({ source: { x: 400, y: 100, width: 0, height: 32 }, viewport, width: 300, fullHeight: 200 });
  equal(place, { x: 250, y: 132 + METRICS.sourceGap, width: 300, height: 200, placement: 'below', scrolls: false });
});

test('placement: kept 8 px inside the right and left edges', () => {
  equal(placeMenu({ source: { x: 990, y: 100, width: 0, height: 32 }, viewport, width: 300, fullHeight: 200 }).x, 1000 - 8 - 300);
  equal(placeMenu({ source: { x: 5, y: 100, width: 0, height: 32 }, viewport, width: 300, fullHeight: 200 }).x, 8);
  equal(clampX(-50, 2000, 1000), 8);
});

test('placement: flipped above when it does not fit below', () => {
  const place = placeMenu({ source: row(600), viewport, width: 300, fullHeight: 200 });
  equal([place.placement, place.y + place.height, place.scrolls], ['above', 600 - METRICS.sourceGap, false]);
});

test('placement: on the side with more room, scrolling, when it fits neither way', () => {
  const below = placeMenu({ source: row(200), viewport: { width: 1000, height: 500 }, width: 300, fullHeight: 400, minHeight: 50 });
  equal([below.placement, below.y, below.height, below.scrolls], ['below', 232 + METRICS.sourceGap, 500 - 8 - 232 - METRICS.sourceGap, true]);
  const above = placeMenu({ source: row(300), viewport: { width: 1000, height: 500 }, width: 300, fullHeight: 400, minHeight: 50 });
  equal([above.placement, above.y, above.height, above.scrolls], ['above', 8, 300 - METRICS.sourceGap - 8, true]);
});

test('placement: with no room for one row on either side, it covers the source and stays inside the window', () => {
  const place = placeMenu({ source: { x: 100, y: 40, width: 0, height: 40 }, viewport: { width: 400, height: 120 }, width: 200, fullHeight: 300, minHeight: 80 });
  ok(place.y >= 8 && place.y + place.height <= 112, `inside: ${JSON.stringify(place)}`);
  ok(place.scrolls, 'it scrolls');
});

test('submenu: right of the parent, its first row level with the parent row', () => {
  const parent = { x: 100, y: 50, width: 300, height: 300 };
  const place = placeSubmenu({ parent, anchorY: 120, viewport, width: 200, fullHeight: 150, firstRowOffset: 7 });
  equal([place.x, place.y, place.placement], [400, 113, 'right']);
});

test('submenu: left when the right has no room; else the side with more room, clamped', () => {
  equal(placeSubmenu({ parent: { x: 600, y: 50, width: 300, height: 300 }, anchorY: 100, viewport, width: 200, fullHeight: 100 }).x, 400);
  const squeezed = placeSubmenu({ parent: { x: 100, y: 50, width: 700, height: 300 }, anchorY: 100, viewport, width: 250, fullHeight: 100 });
  equal([squeezed.placement, squeezed.x], ['right', 1000 - 8 - 250]);
});

test('submenu: moved up to end inside the window; taller than it, it fills it and scrolls', () => {
  equal(placeSubmenu({ parent: { x: 0, y: 0, width: 100, height: 700 }, anchorY: 650, viewport, width: 100, fullHeight: 200 }).y, 700 - 8 - 200);
  const tall = placeSubmenu({ parent: { x: 0, y: 0, width: 100, height: 700 }, anchorY: 300, viewport, width: 100, fullHeight: 2000 });
  equal([tall.y, tall.height, tall.scrolls], [8, 700 - 16, true]);
});

test('source: the row narrowed to the pointer, or to the name cell for the keyboard', () => {
  equal(sourceRect({ x: 0, y: 64, width: 900, height: 32 }, 321), { x: 321, y: 64, width: 0, height: 32 });
  equal(sourceRect({ x: 0, y: 64, width: 900, height: 32 }, undefined, { x: 52, y: 70, width: 300, height: 20 }), { x: 52, y: 64, width: 300, height: 32 });
});
