// Where a menu goes in the window: the placement rules of Sources/MenuLayout (centred on the
// source, kept inside the edges, flipped above, scrolling when it fits neither way) in pixels.
// Pure functions only, unit-tested in the browser (Tests/Browser/unit).
import { METRICS } from './menu-layout.js';

/**
 * Where a top-level menu goes. `source` is the rectangle it belongs to in viewport pixels
 * (`{x, y, width, height}`: the row, narrowed to the pointer's x when a pointer opened it);
 * `viewport` is `{width, height}`; `width` and `fullHeight` are the box's.
 *
 * Horizontally centred on the source, then kept `edgeMargin` inside both edges. Vertically:
 * below the source (a `sourceGap` apart) when it ends `edgeMargin` above the bottom; else above
 * it when it starts `edgeMargin` below the top; else on the side with more room (below on a
 * tie), as tall as that room, and the list scrolls. If even that room is lower than one row,
 * the box is as tall as fits in the window and is moved to overlap the source.
 * @returns {{x: number, y: number, width: number, height: number, placement: 'below'|'above', scrolls: boolean}}
 */
export function placeMenu({ source, viewport, width, fullHeight, minHeight }, m = METRICS) {
  const x = clampX(source.x + (source.width - width) / 2, width, viewport.width, m);
  const sourceBottom = source.y + Math.max(source.height, 0);
  const top = m.edgeMargin;
  const bottom = viewport.height - m.edgeMargin;
  const roomBelow = Math.max(bottom - (sourceBottom + m.sourceGap), 0);
  const roomAbove = Math.max(source.y - m.sourceGap - top, 0);
  const lowest = minHeight ?? 0;

  if (fullHeight <= roomBelow) {
    return { x, y: sourceBottom + m.sourceGap, width, height: fullHeight, placement: 'below', scrolls: false };
  }
  if (fullHeight <= roomAbove) {
    return { x, y: source.y - m.sourceGap - fullHeight, width, height: fullHeight, placement: 'above', scrolls: false };
  }
  const below = roomBelow >= roomAbove;
  const room = below ? roomBelow : roomAbove;
  if (room >= lowest) {
    const y = below ? sourceBottom + m.sourceGap : source.y - m.sourceGap - room;
    return { x, y, width, height: room, placement: below ? 'below' : 'above', scrolls: true };
  }
  const height = Math.min(fullHeight, Math.max(bottom - top, 0));
  const y = below ? Math.min(sourceBottom + m.sourceGap, bottom - height) : Math.max(source.y - m.sourceGap - height, top);
  return { x, y, width, height, placement: below ? 'below' : 'above', scrolls: height < fullHeight };
}

/**
 * Where a submenu goes, beside its parent box `parent` (`{x, y, width, height}`), its first row
 * level with the parent's row whose top is `anchorY`. Right of the parent when it ends
 * `edgeMargin` inside the right edge; else left of it when it starts that far inside the left
 * edge; else on the side with more room, clamped into the margins (overlapping the parent).
 * Vertically moved up as far as needed to end inside the bottom margin; taller than the window,
 * it fills it and scrolls.
 */
export function placeSubmenu({ parent, anchorY, viewport, width, fullHeight, firstRowOffset }, m = METRICS) {
  const rightX = parent.x + parent.width;
  const leftX = parent.x - width;
  let x; let placement;
  if (rightX + width <= viewport.width - m.edgeMargin) {
    x = rightX; placement = 'right';
  } else if (leftX >= m.edgeMargin) {
    x = leftX; placement = 'left';
  } else {
    const roomRight = viewport.width - m.edgeMargin - rightX;
    const roomLeft = parent.x - m.edgeMargin;
    placement = roomRight >= roomLeft ? 'right' : 'left';
    x = clampX(placement === 'right' ? rightX : leftX, width, viewport.width, m);
  }
  const available = Math.max(viewport.height - 2 * m.edgeMargin, 0);
  const height = Math.min(fullHeight, available);
  const wanted = anchorY - (firstRowOffset ?? (m.border + m.boxPaddingY));
  const y = Math.min(Math.max(wanted, m.edgeMargin), viewport.height - m.edgeMargin - height);
  return { x, y, width, height, placement, scrolls: height < fullHeight };
}

/** `x` moved into [edgeMargin, viewportWidth - edgeMargin - width] (the left margin wins when
 * the box is wider than the room). */
export function clampX(x, width, viewportWidth, m = METRICS) {
  const lowest = m.edgeMargin;
  const highest = Math.max(viewportWidth - m.edgeMargin - width, lowest);
  return Math.round(Math.min(Math.max(x, lowest), highest));
}

/** The source rectangle for a menu opened on a row: the row's band, narrowed to the pointer's
 * x when a pointer opened it (so the menu is centred under the press, as the seed's is), or to
 * `anchor` (the name cell) when the keyboard did. */
export function sourceRect(rowRect, pointerX, anchorRect) {
  if (typeof pointerX === 'number') {
    return { x: pointerX, y: rowRect.y, width: 0, height: rowRect.height };
  }
  const base = anchorRect || rowRect;
  return { x: base.x, y: rowRect.y, width: base.width, height: rowRect.height };
}
