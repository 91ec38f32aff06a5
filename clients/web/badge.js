// The seed's badge: a rounded square in the state's colour with a white mark, the same in the
// file list and in the menu.

/** The protocol's colours for each state (docs/protocol.md, "Items"). */
export const STATE_COLORS = Object.freeze({ ready: '#2B7847', pending: '#8C2424', expired: '#9A6700' });

/** The status word for each state, as the daemon's directory menu writes it. */
export const STATE_WORDS = Object.freeze({ ready: 'Ready', pending: 'Pending', expired: 'Expired' });

const MARKS = new Set(['ready', 'pending', 'expired']);

/** A badge for `kind` (`ready`, `pending`, `expired`) in `color` (the state's own by default). */
export function badgeElement(kind, color) {
  const badge = document.createElement('span');
  badge.className = `badge badge-${MARKS.has(kind) ? kind : 'other'}`;
  badge.setAttribute('aria-hidden', 'true');
  const fill = validColor(color) || STATE_COLORS[kind];
  if (fill) badge.style.backgroundColor = fill;
  const mark = document.createElement('span');
  mark.className = 'badge-mark';
  if (MARKS.has(kind)) {
    mark.style.maskImage = `url("icons/badge-${kind}.svg")`;
    mark.style.webkitMaskImage = mark.style.maskImage;
  }
  badge.append(mark);
  return badge;
}

/** `color` when it is a `#RRGGBB` colour, else null: nothing else from the wire reaches a style. */
export function validColor(color) {
  return typeof color === 'string' && /^#[0-9A-Fa-f]{6}$/.test(color) ? color : null;
}
