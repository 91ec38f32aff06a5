// The menu's geometry in CSS pixels: the rules `menuctl` draws with in character cells
// (Sources/MenuLayout, docs/protocol.md "Layout"), carried over to a pointer and a window.
// Pure functions only: the view measures text and passes numbers in, so every rule can be
// unit-tested in the browser without a menu on the screen (Tests/Browser/unit).

/** Every constant of the pixel geometry. A row reads, left to right:
 *
 *   pad | badge gap | icon gap | title … (at least titleGap) | status gap | detail | gap key | gap › | pad
 *
 * Columns that some row of the menu has are given to every row, so titles line up and the
 * detail column ends at the same x in all rows. */
export const METRICS = Object.freeze({
  border: 1,
  // Inside the rounded box, around the list of rows.
  boxPaddingY: 6,
  boxPaddingX: 6,
  // Inside a row, left and right of its content (the seed's 12 pt insets).
  rowPaddingX: 12,
  rowHeight: 36,
  separatorHeight: 9,
  headerHeight: 26,
  // The menu's title line (the file, the selection or the folder it is for).
  titleHeight: 28,
  badgeSize: 24,
  badgeGap: 12,
  iconSize: 16,
  iconGap: 10,
  // Between the title and whatever follows it on the right.
  titleGap: 24,
  // Between the status and the detail column.
  columnGap: 12,
  keyGap: 16,
  keyWidth: 20,
  submenuGap: 8,
  submenuWidth: 10,
  // The narrowest a title gets: its first letter and the ellipsis.
  minimumTitleWidth: 24,
  // Kept free between the menu and every edge of the window.
  edgeMargin: 8,
  // Between the source row and the menu below or above it.
  sourceGap: 4,
  defaultAutoMinWidth: 260,
  defaultMaxWidth: 420,
  // The lowest box drawn when it has to scroll: the padding and one row.
  minimumScrollingRows: 1,
});

/** Horizontal pixels of a box that are not row content: border, box padding, row padding. */
export function horizontalChrome(m = METRICS) {
  return 2 * (m.border + m.boxPaddingX + m.rowPaddingX);
}

/**
 * Flattens a menu's items (the protocol's Item objects) into rows, like LayoutRow.rows(from:):
 * a plain item is one row; an item with children that is not inline is one row that opens a
 * submenu; an inline item with children is a group (a header when it has a title, then its
 * children, flattened again) set apart by separators, never two in a row, never first or last.
 * A disabled inline item disables its children.
 * @returns {{kind: 'item'|'separator'|'header', item?: object, title?: string, disabled?: boolean, hasSubmenu?: boolean}[]}
 */
export function flattenItems(items) {
  const rows = [];
  const state = { needsSeparator: false };
  appendRows(items || [], false, rows, state);
  return rows;
}

function appendRows(items, inheritedDisabled, rows, state) {
  for (const item of items) {
    const disabled = inheritedDisabled || item.disabled === true;
    const children = Array.isArray(item.children) ? item.children : null;
    if (item.inline === true) {
      if (!children || children.length === 0) continue;
      if (rows.length > 0) state.needsSeparator = true;
      if (state.needsSeparator) {
        rows.push({ kind: 'separator' });
        state.needsSeparator = false;
      }
      if (item.title) rows.push({ kind: 'header', title: item.title });
      appendRows(children, disabled, rows, state);
      state.needsSeparator = true;
    } else {
      if (state.needsSeparator) {
        rows.push({ kind: 'separator' });
        state.needsSeparator = false;
      }
      rows.push({ kind: 'item', item, disabled, hasSubmenu: !!children });
    }
  }
}

/** Whether the focus can rest on a row: every item, enabled or not (a disabled item is read out
 * with its reason, as WAI-ARIA's menu pattern asks, but cannot be chosen). */
export function isFocusable(row) {
  return row.kind === 'item';
}

/** Whether choosing a row does something: an enabled item (a submenu row opens its submenu). */
export function isChoosable(row) {
  return row.kind === 'item' && !row.disabled;
}

/** The index of the next focusable row after `from` in `direction` (+1 or -1), wrapping; -1
 * when there is none. `from` may be -1 (start before the first row). */
export function nextFocusable(rows, from, direction) {
  const count = rows.length;
  if (count === 0) return -1;
  let index = from < 0 ? (direction > 0 ? -1 : count) : from;
  for (let step = 0; step < count; step += 1) {
    index = (((index + direction) % count) + count) % count;
    if (isFocusable(rows[index])) return index;
  }
  return -1;
}

/** The first row to focus when a menu opens: the first enabled item, else the first item. */
export function initialFocus(rows) {
  const enabled = rows.findIndex(isChoosable);
  return enabled >= 0 ? enabled : rows.findIndex(isFocusable);
}

/** The row whose shortcut key is `key` (keys are unique within a menu; an exact match first,
 * then one ignoring case), or -1. */
export function rowForKey(rows, key) {
  if (typeof key !== 'string' || key.length === 0) return -1;
  const exact = rows.findIndex((row) => row.kind === 'item' && row.item.key === key);
  if (exact >= 0) return exact;
  const lower = key.toLowerCase();
  return rows.findIndex((row) => row.kind === 'item' && typeof row.item.key === 'string' && row.item.key.toLowerCase() === lower);
}

/**
 * The columns shared by all rows, from the rows and their measured text.
 * `measured[i]` is `{title, status, detail}` in pixels for row i (0 for what a row lacks).
 * @returns {{badge: number, icon: number, detail: number, key: number, submenu: number}}
 */
export function columnsFor(rows, measured, m = METRICS) {
  let badge = 0; let icon = 0; let detail = 0; let key = 0; let submenu = 0;
  rows.forEach((row, index) => {
    if (row.kind !== 'item') return;
    if (row.item.badge) badge = m.badgeSize;
    if (row.item.icon) icon = m.iconSize;
    if (row.item.key) key = m.keyWidth;
    if (row.hasSubmenu) submenu = m.submenuWidth;
    detail = Math.max(detail, measured[index]?.detail || 0);
  });
  return { badge, icon, detail: Math.ceil(detail), key, submenu };
}

/** Pixels before a title: the badge and icon columns with their gaps. */
export function leadingWidth(columns, m = METRICS) {
  return (columns.badge ? columns.badge + m.badgeGap : 0) + (columns.icon ? columns.icon + m.iconGap : 0);
}

/** Pixels right of a row's title gap: status, detail column, key column, submenu column and
 * the gaps between them. */
export function trailingWidth(statusWidth, columns, m = METRICS) {
  let width = statusWidth > 0 ? statusWidth : 0;
  if (columns.detail > 0) width += (width > 0 ? m.columnGap : 0) + columns.detail;
  if (columns.key > 0) width += (width > 0 ? m.keyGap : 0) + columns.key;
  if (columns.submenu > 0) width += (width > 0 ? m.submenuGap : 0) + columns.submenu;
  return width;
}

function rowContentWidth(row, measure, columns, titleWidth, m) {
  if (row.kind === 'separator') return 0;
  if (row.kind === 'header') return titleWidth;
  const trailing = trailingWidth(measure?.status || 0, columns, m);
  return leadingWidth(columns, m) + titleWidth + (trailing > 0 ? m.titleGap + trailing : 0);
}

/** Content pixels a row needs to be shown whole. */
export function naturalWidth(row, measure, columns, m = METRICS) {
  return rowContentWidth(row, measure, columns, measure?.title || 0, m);
}

/** Content pixels a row needs with its title cut to its first letter and `…`: below this the
 * status or the detail would be cut too. */
export function requiredWidth(row, measure, columns, m = METRICS) {
  const title = Math.min(measure?.title || 0, m.minimumTitleWidth);
  return rowContentWidth(row, measure, columns, title, m);
}

/**
 * The box width. `mode` is `{auto: {min}}` or `{fixed: n}`.
 * Auto: the widest row plus chrome, clamped to [min, maxWidth] (min wins when larger), then
 * widened to what every row needs with its title cut. Fixed: as given. Either way then limited
 * to the viewport less both edge margins, and never narrower than the chrome and one title.
 */
export function menuWidth({ rows, measured, columns, mode, maxWidth = METRICS.defaultMaxWidth, viewportWidth }, m = METRICS) {
  const chrome = horizontalChrome(m);
  let width;
  if (mode && mode.fixed !== undefined) {
    width = mode.fixed;
  } else {
    const minimum = mode?.auto?.min ?? m.defaultAutoMinWidth;
    const natural = Math.max(0, ...rows.map((row, i) => naturalWidth(row, measured[i], columns, m))) + chrome;
    const required = Math.max(0, ...rows.map((row, i) => requiredWidth(row, measured[i], columns, m))) + chrome;
    width = Math.max(Math.min(natural, maxWidth), minimum);
    width = Math.max(width, required);
  }
  width = Math.min(width, viewportWidth - 2 * m.edgeMargin);
  return Math.max(Math.ceil(width), chrome + m.minimumTitleWidth);
}

/** Pixels of each row kind. */
export function rowHeight(row, m = METRICS) {
  if (row.kind === 'separator') return m.separatorHeight;
  if (row.kind === 'header') return m.headerHeight;
  return m.rowHeight;
}

/** The box's full height: border, padding, title line (when it has one) and every row. */
export function menuHeight(rows, hasTitle, m = METRICS) {
  const content = rows.reduce((sum, row) => sum + rowHeight(row, m), 0);
  return 2 * m.border + 2 * m.boxPaddingY + (hasTitle ? m.titleHeight : 0) + content;
}

/** The lowest a scrolling box may be: its chrome, its title and one row. */
export function minimumHeight(hasTitle, m = METRICS) {
  return 2 * m.border + 2 * m.boxPaddingY + (hasTitle ? m.titleHeight : 0) + m.rowHeight * m.minimumScrollingRows;
}
