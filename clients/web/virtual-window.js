// Which rows of a long list are on the screen, for a list that keeps only those rows in the
// DOM (a million-file folder would otherwise be a million elements). Pure functions only,
// unit-tested in the browser (Tests/Browser/unit).
//
// Browsers cap an element's height (Chromium near 16.7 million pixels), below a million rows
// of 32 px. Past `maxScrollHeight` the scroller is that tall and its scroll range is mapped
// linearly onto the list's: the first and last rows are reached at the ends, and a row moves
// by its own height for a scroll of a little less.

/** The tallest scroller made, in pixels, safely under every browser's limit. */
export const MAX_SCROLL_HEIGHT = 8_000_000;

function geometry({ viewportHeight, rowHeight, total, maxScrollHeight = MAX_SCROLL_HEIGHT }) {
  const naturalHeight = Math.max(total, 0) * rowHeight;
  const scrollHeight = Math.min(naturalHeight, maxScrollHeight);
  const naturalRange = Math.max(naturalHeight - viewportHeight, 0);
  const scrollRange = Math.max(scrollHeight - viewportHeight, 0);
  // List pixels per scroller pixel: 1 unless the list is taller than the scroller.
  const ratio = scrollRange > 0 ? naturalRange / scrollRange : 1;
  return { naturalHeight, scrollHeight, naturalRange, scrollRange, ratio };
}

/**
 * The rows to draw for a scroll position: `{first, last, scrollHeight, virtualTop, rowTop}` where
 * rows `first..<last` (with `overscan` rows each side) are drawn, the scroller's content is
 * `scrollHeight` tall, `virtualTop` is the list pixel at the viewport's top, and `rowTop(i)` is
 * where row i goes inside the scroller's content.
 */
export function virtualWindow({ scrollTop, viewportHeight, rowHeight, total, overscan = 6, maxScrollHeight = MAX_SCROLL_HEIGHT }) {
  const g = geometry({ viewportHeight, rowHeight, total, maxScrollHeight });
  const clampedScroll = Math.min(Math.max(scrollTop, 0), g.scrollRange);
  const virtualTop = Math.min(clampedScroll * g.ratio, g.naturalRange);
  const firstVisible = Math.floor(virtualTop / rowHeight);
  const lastVisible = Math.ceil((virtualTop + viewportHeight) / rowHeight);
  const first = Math.max(firstVisible - overscan, 0);
  const last = Math.min(lastVisible + overscan, Math.max(total, 0));
  const offset = clampedScroll - virtualTop;
  return {
    first,
    last: Math.max(last, first),
    scrollHeight: g.scrollHeight,
    virtualTop,
    rowTop: (index) => index * rowHeight + offset,
  };
}

/** The row under a point `y` pixels below the viewport's top; may be `total` or more (empty
 * space below the last row). */
export function indexAt({ y, scrollTop, viewportHeight, rowHeight, total, maxScrollHeight = MAX_SCROLL_HEIGHT }) {
  const { virtualTop } = virtualWindow({ scrollTop, viewportHeight, rowHeight, total, overscan: 0, maxScrollHeight });
  return Math.floor((virtualTop + y) / rowHeight);
}

/** The scroll position that shows row `index` whole, moving as little as possible from
 * `scrollTop` (unchanged when it is already in view). */
export function scrollTopToShow({ index, scrollTop, viewportHeight, rowHeight, total, maxScrollHeight = MAX_SCROLL_HEIGHT }) {
  const g = geometry({ viewportHeight, rowHeight, total, maxScrollHeight });
  const { virtualTop } = virtualWindow({ scrollTop, viewportHeight, rowHeight, total, overscan: 0, maxScrollHeight });
  const rowStart = index * rowHeight;
  const rowEnd = rowStart + rowHeight;
  let wanted = virtualTop;
  if (rowStart < virtualTop) wanted = rowStart;
  else if (rowEnd > virtualTop + viewportHeight) wanted = rowEnd - viewportHeight;
  if (wanted === virtualTop) return scrollTop;
  const clamped = Math.min(Math.max(wanted, 0), g.naturalRange);
  // Back from list pixels to scroller pixels.
  return g.ratio === 1 ? clamped : Math.min(clamped / g.ratio, g.scrollRange);
}

/** The pages of `pageSize` rows that hold rows `first..<last`. */
export function pagesFor(first, last, pageSize) {
  const pages = [];
  if (last <= first) return pages;
  for (let page = Math.floor(first / pageSize); page <= Math.floor((last - 1) / pageSize); page += 1) pages.push(page);
  return pages;
}
