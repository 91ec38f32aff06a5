// The symbol names the plugins and the config's examples use (grep `icon:` in Plugins/ and
// config/), each drawn by a small SVG of our own in icons/. A name not listed draws no icon:
// the column stays, so titles still line up.
export const ICON_NAMES = new Set([
  'info.circle',
  'plus.square.on.square',
  'pencil',
  'trash',
  'number',
  'play',
  'hand.wave',
  'folder',
  'doc',
  'square.and.arrow.down',
  'square.and.arrow.up',
  'tag',
]);

/** The URL of the SVG for `name`, or null when the page has none. */
export function iconURL(name) {
  return typeof name === 'string' && ICON_NAMES.has(name) ? `icons/${name}.svg` : null;
}

/** A span showing icon `name` in the current text colour (the SVG is used as a mask, so a
 * destructive item's icon is red like its title). */
export function iconElement(name, className = 'icon') {
  const span = document.createElement('span');
  span.className = className;
  span.setAttribute('aria-hidden', 'true');
  const url = iconURL(name);
  if (url) {
    span.style.maskImage = `url("${url}")`;
    span.style.webkitMaskImage = `url("${url}")`;
    span.dataset.icon = name;
  }
  return span;
}
