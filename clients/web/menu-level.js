// One box of an open menu (the menu itself or one of its submenus): its rows in the DOM, laid
// out by menu-layout.js from text measured in the same fonts, placed by menu-placement.js.
import { METRICS, columnsFor, flattenItems, initialFocus, isChoosable, menuHeight, menuWidth, minimumHeight, nextFocusable, rowForKey, rowHeight } from './menu-layout.js';
import { placeMenu, placeSubmenu } from './menu-placement.js';
import { badgeElement, validColor } from './badge.js';
import { iconElement } from './icons.js';

let levelCounter = 0;

export class MenuLevel {
  /** @param {{items: object[], title: string, widthMode: object, maxWidth: number, parentRow?: number}} options */
  constructor({ items, title, widthMode, maxWidth, parentRow = -1 }) {
    levelCounter += 1;
    this.key = `menu-${levelCounter}`;
    this.rows = flattenItems(items);
    this.title = title || '';
    this.widthMode = widthMode;
    this.maxWidth = maxWidth;
    this.parentRow = parentRow;
    this.focused = -1;
    this.rowElements = [];
    this.element = document.createElement('div');
    this.element.className = 'menu';
    this.element.id = this.key;
    this.element.setAttribute('role', 'menu');
    this.element.tabIndex = -1;
    this.element.setAttribute('aria-label', this.title || 'Menu');
    this.element.style.visibility = 'hidden';
    this.element.style.borderWidth = `${METRICS.border}px`;
    this.element.style.padding = `${METRICS.boxPaddingY}px ${METRICS.boxPaddingX}px`;
  }

  /** Measures this menu's text in place (the element must be in the document) and builds its rows. */
  build() {
    const measured = this.measure();
    this.columns = columnsFor(this.rows, measured);
    this.measured = measured;
    if (this.title) {
      const title = document.createElement('div');
      title.className = 'menu-title';
      title.textContent = this.title;
      title.style.height = `${METRICS.titleHeight}px`;
      title.setAttribute('aria-hidden', 'true');
      this.element.append(title);
    }
    this.list = document.createElement('div');
    this.list.className = 'menu-items';
    this.rows.forEach((row, index) => {
      const element = this.rowElement(row, index);
      this.rowElements.push(element);
      this.list.append(element);
    });
    this.element.append(this.list);
  }

  /** Pixel widths of each row's title, status and detail, in the fonts the rows use. */
  measure() {
    const probe = document.createElement('div');
    probe.className = 'menu-measure';
    const spans = this.rows.map((row) => {
      const texts = {};
      if (row.kind === 'header') texts.title = ['mh-title', row.title];
      if (row.kind === 'item') {
        texts.title = ['mi-title', row.item.title || ''];
        if (row.item.status?.text) texts.status = ['mi-status', row.item.status.text];
        if (row.item.detail?.text) texts.detail = ['mi-detail', row.item.detail.text];
      }
      const made = {};
      for (const [part, [className, text]] of Object.entries(texts)) {
        const span = document.createElement('span');
        span.className = className;
        span.textContent = text;
        probe.append(span);
        made[part] = span;
      }
      return made;
    });
    this.element.append(probe);
    const measured = spans.map((made) => {
      const widths = { title: 0, status: 0, detail: 0 };
      for (const [part, span] of Object.entries(made)) widths[part] = Math.ceil(span.getBoundingClientRect().width);
      return widths;
    });
    probe.remove();
    return measured;
  }

  rowElement(row, index) {
    const element = document.createElement('div');
    element.dataset.row = String(index);
    element.style.height = `${rowHeight(row)}px`;
    if (row.kind === 'separator') {
      element.className = 'menu-separator';
      element.setAttribute('role', 'separator');
      return element;
    }
    if (row.kind === 'header') {
      element.className = 'menu-header';
      element.setAttribute('role', 'presentation');
      const title = document.createElement('span');
      title.className = 'mh-title';
      title.textContent = row.title;
      element.append(title);
      return element;
    }
    const { item } = row;
    const columns = this.columns;
    element.className = 'mi';
    element.id = `${this.key}-${item.id}`;
    element.setAttribute('role', 'menuitem');
    element.tabIndex = -1;
    element.setAttribute('aria-label', item.accessibilityLabel || item.title || '');
    element.style.paddingLeft = `${METRICS.rowPaddingX}px`;
    element.style.paddingRight = `${METRICS.rowPaddingX}px`;
    if (row.disabled) element.setAttribute('aria-disabled', 'true');
    if (item.destructive) element.classList.add('destructive');
    if (row.hasSubmenu) {
      element.setAttribute('aria-haspopup', 'menu');
      element.setAttribute('aria-expanded', 'false');
    }
    if (item.key) element.setAttribute('aria-keyshortcuts', item.key);
    // The seed's row has no room for a second line: the subtitle is the item's tooltip.
    if (item.subtitle) element.title = item.subtitle;
    if (columns.badge) {
      const badge = item.badge ? badgeElement(item.badge.kind, item.badge.color) : slot('badge-slot');
      badge.style.width = `${METRICS.badgeSize}px`;
      badge.style.height = `${METRICS.badgeSize}px`;
      badge.style.marginRight = `${METRICS.badgeGap}px`;
      element.append(badge);
    }
    if (columns.icon) {
      const icon = iconElement(item.icon, 'icon mi-icon');
      icon.style.width = `${METRICS.iconSize}px`;
      icon.style.height = `${METRICS.iconSize}px`;
      icon.style.marginRight = `${METRICS.iconGap}px`;
      element.append(icon);
    }
    const title = document.createElement('span');
    title.className = 'mi-title';
    title.textContent = item.title || '';
    element.append(title);
    const trailing = [];
    if (item.status?.text) {
      const status = document.createElement('span');
      status.className = 'mi-status';
      status.textContent = item.status.text;
      const color = validColor(item.status.color);
      if (color) status.style.setProperty('--status-color', color);
      trailing.push([status, 0]);
    }
    if (columns.detail) {
      const detail = document.createElement('span');
      detail.className = 'mi-detail';
      detail.textContent = item.detail?.text || '';
      detail.style.width = `${columns.detail}px`;
      const color = validColor(item.detail?.color);
      if (color) detail.style.color = color;
      trailing.push([detail, METRICS.columnGap]);
    }
    if (columns.key) {
      const key = document.createElement('kbd');
      key.className = 'mi-key';
      key.textContent = item.key ? item.key.toUpperCase() : '';
      key.style.width = `${columns.key}px`;
      trailing.push([key, METRICS.keyGap]);
    }
    if (columns.submenu) {
      const chevron = slot('mi-chevron');
      chevron.textContent = row.hasSubmenu ? '›' : '';
      chevron.style.width = `${columns.submenu}px`;
      trailing.push([chevron, METRICS.submenuGap]);
    }
    trailing.forEach(([part, gap], position) => {
      part.style.marginLeft = `${position === 0 ? METRICS.titleGap : gap}px`;
      element.append(part);
    });
    return element;
  }

  /** Sizes and places a top-level menu under (or over) `source`. */
  placeAt(source, viewport) {
    const { width, fullHeight } = this.size(viewport);
    this.apply(placeMenu({ source, viewport, width, fullHeight, minHeight: minimumHeight(!!this.title) }));
  }

  /** Sizes and places a submenu beside row `row` of `parent`. */
  placeBeside(parent, row, viewport) {
    const { width, fullHeight } = this.size(viewport);
    const parentRect = parent.element.getBoundingClientRect();
    const anchorY = parent.rowElements[row].getBoundingClientRect().top;
    const firstRowOffset = METRICS.border + METRICS.boxPaddingY + (this.title ? METRICS.titleHeight : 0);
    this.apply(placeSubmenu({ parent: rectOf(parentRect), anchorY, viewport, width, fullHeight, firstRowOffset }));
  }

  size(viewport) {
    const width = menuWidth({ rows: this.rows, measured: this.measured, columns: this.columns, mode: this.widthMode, maxWidth: this.maxWidth, viewportWidth: viewport.width });
    return { width, fullHeight: menuHeight(this.rows, !!this.title) };
  }

  apply(place) {
    this.place = place;
    const style = this.element.style;
    style.left = `${place.x}px`;
    style.top = `${place.y}px`;
    style.width = `${place.width}px`;
    style.height = `${place.height}px`;
    const chrome = 2 * METRICS.border + 2 * METRICS.boxPaddingY + (this.title ? METRICS.titleHeight : 0);
    this.list.style.height = `${Math.max(place.height - chrome, 0)}px`;
    this.element.dataset.placement = place.placement;
    this.element.classList.toggle('scrolls', place.scrolls);
    style.visibility = '';
  }

  /** Moves the focus to row `index` (an item), scrolling it into view. */
  focusRow(index) {
    if (index < 0 || !this.rowElements[index]) return;
    if (this.focused >= 0) this.rowElements[this.focused].classList.remove('focused');
    this.focused = index;
    const element = this.rowElements[index];
    element.classList.add('focused');
    element.focus({ preventScroll: true });
    const top = element.offsetTop - this.list.offsetTop;
    if (top < this.list.scrollTop) this.list.scrollTop = top;
    else if (top + element.offsetHeight > this.list.scrollTop + this.list.clientHeight) this.list.scrollTop = top + element.offsetHeight - this.list.clientHeight;
  }

  focusFirst() { this.focusRow(initialFocus(this.rows)); }
  move(direction) { this.focusRow(nextFocusable(this.rows, this.focused, direction)); }
  rowForKey(key) { return rowForKey(this.rows, key); }
  isChoosable(index) { return index >= 0 && isChoosable(this.rows[index]); }

  /** The row index of a DOM node inside this menu, or -1. */
  rowOf(node) {
    const element = node instanceof Element ? node.closest('.mi') : null;
    return element && this.element.contains(element) ? Number(element.dataset.row) : -1;
  }
}

function slot(className) {
  const span = document.createElement('span');
  span.className = className;
  span.setAttribute('aria-hidden', 'true');
  return span;
}

function rectOf(rect) {
  return { x: rect.left, y: rect.top, width: rect.width, height: rect.height };
}
