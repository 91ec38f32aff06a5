// An open menu on the screen: the dimmed backdrop, the menu's box and the submenus opened from
// it, with their pointer and keyboard handling and their open and close animations.
// `run()` resolves once the menu is off the screen (its closing animation done and its elements
// removed from the DOM), telling what the person did; only then may the daemon be told.
import { MenuLevel } from './menu-level.js';

const OPEN_MS = 160;
const CLOSE_MS = 120;
const SUBMENU_HOVER_MS = 220;
const EASING = 'cubic-bezier(0.2, 0.8, 0.2, 1)';

function reducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function animate(element, keyframes, duration) {
  if (typeof element.animate !== 'function') return Promise.resolve();
  const animation = element.animate(keyframes, { duration: reducedMotion() ? 1 : duration, easing: EASING, fill: 'both' });
  return animation.finished.then(() => undefined, () => undefined);
}

const ORIGINS = { below: 'top center', above: 'bottom center', right: 'left top', left: 'right top' };

export class MenuLayer {
  /**
   * @param {{menu: {id: string, title: string, items: object[]}, source: {x, y, width, height},
   *          widthMode: object, maxWidth: number}} options
   */
  constructor({ menu, source, widthMode, maxWidth }) {
    this.menu = menu;
    this.source = source;
    this.widthMode = widthMode;
    this.maxWidth = maxWidth;
    this.levels = [];
    this.finished = false;
    this.hoverTimer = null;
    this.element = document.createElement('div');
    this.element.className = 'menu-layer';
    this.backdrop = document.createElement('div');
    this.backdrop.className = 'menu-backdrop';
    this.element.append(this.backdrop);
    this.outcome = new Promise((resolve) => { this.resolve = resolve; });
  }

  viewport() {
    return { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight };
  }

  /** Shows the menu; resolves once it is gone from the screen with `{kind: 'choose', item}`,
   * `{kind: 'cancel'}` (the person closed it) or `{kind: 'closed', reason}` (`dismiss()`). */
  run() {
    document.body.append(this.element);
    document.body.dataset.menu = 'open';
    const root = new MenuLevel({ items: this.menu.items, title: this.menu.title, widthMode: this.widthMode, maxWidth: this.maxWidth });
    this.element.append(root.element);
    root.build();
    root.placeAt(this.source, this.viewport());
    root.element.dataset.menuId = this.menu.id;
    this.levels.push(root);
    root.element.style.transformOrigin = ORIGINS[root.place.placement];
    animate(this.backdrop, [{ opacity: 0 }, { opacity: 1 }], OPEN_MS);
    animate(root.element, [{ opacity: 0, transform: 'scale(0.96)' }, { opacity: 1, transform: 'none' }], OPEN_MS);
    root.focusFirst();
    this.listen();
    return this.outcome;
  }

  listen() {
    // On the document, so keys still reach the menu when a click left the focus on no item.
    this.keyHandler = (event) => this.onKey(event);
    document.addEventListener('keydown', this.keyHandler, true);
    this.element.addEventListener('click', (event) => this.onClick(event));
    this.element.addEventListener('pointermove', (event) => this.onHover(event));
    this.element.addEventListener('contextmenu', (event) => {
      event.preventDefault();
      if (event.target === this.backdrop) this.finish({ kind: 'cancel' });
    });
  }

  levelOf(node) {
    return this.levels.find((level) => level.element.contains(node)) || null;
  }

  get deepest() {
    return this.levels[this.levels.length - 1];
  }

  onClick(event) {
    if (event.target === this.backdrop) {
      this.finish({ kind: 'cancel' });
      return;
    }
    const level = this.levelOf(event.target);
    if (!level) return;
    const row = level.rowOf(event.target);
    if (row >= 0) this.activate(level, row, false);
  }

  onHover(event) {
    if (event.pointerType === 'touch') return;
    const level = this.levelOf(event.target);
    if (!level) return;
    const row = level.rowOf(event.target);
    if (row < 0 || row === level.focused) return;
    level.focusRow(row);
    clearTimeout(this.hoverTimer);
    this.hoverTimer = setTimeout(() => {
      if (this.finished || level.focused !== row) return;
      if (level.rows[row].hasSubmenu && level.isChoosable(row)) this.openSubmenu(level, row, false);
      else this.closeAfter(level);
    }, SUBMENU_HOVER_MS);
  }

  onKey(event) {
    const level = this.levels.find((one) => one.element.contains(document.activeElement)) || this.deepest;
    const key = event.key;
    const handled = () => { event.preventDefault(); event.stopPropagation(); };
    if (key === 'ArrowDown') { handled(); level.move(1); return; }
    if (key === 'ArrowUp') { handled(); level.move(-1); return; }
    if (key === 'Home') { handled(); level.focused = -1; level.move(1); return; }
    if (key === 'End') { handled(); level.focused = -1; level.move(-1); return; }
    if (key === 'Enter' || key === ' ') { handled(); this.activate(level, level.focused, true); return; }
    if (key === 'ArrowRight') {
      handled();
      if (level.focused >= 0 && level.rows[level.focused].hasSubmenu) this.activate(level, level.focused, true);
      return;
    }
    if (key === 'ArrowLeft' || key === 'Escape') {
      handled();
      const index = this.levels.indexOf(level);
      if (index > 0) {
        const parent = this.levels[index - 1];
        this.closeAfter(parent);
        parent.focusRow(parent.focused);
      } else if (key === 'Escape') {
        this.finish({ kind: 'cancel' });
      }
      return;
    }
    if (key === 'Tab') { handled(); this.finish({ kind: 'cancel' }); return; }
    if (key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const row = level.rowForKey(key);
      handled();
      if (row >= 0) {
        level.focusRow(row);
        this.activate(level, row, true);
      }
    }
  }

  /** Chooses row `row` of `level`: opens its submenu, or ends the menu with its item. A disabled
   * item does nothing (its status says why). */
  activate(level, row, fromKeyboard) {
    if (this.finished || !level.isChoosable(row)) return;
    const entry = level.rows[row];
    if (entry.hasSubmenu) {
      this.openSubmenu(level, row, fromKeyboard);
      return;
    }
    this.finish({ kind: 'choose', item: entry.item });
  }

  openSubmenu(level, row, focusIt) {
    const existing = this.levels[this.levels.indexOf(level) + 1];
    if (existing && existing.parentRow === row) {
      if (focusIt) existing.focusFirst();
      return;
    }
    this.closeAfter(level);
    const { item } = level.rows[row];
    const child = new MenuLevel({ items: item.children, title: '', widthMode: { auto: { min: 0 } }, maxWidth: this.maxWidth, parentRow: row });
    this.element.append(child.element);
    child.build();
    child.placeBeside(level, row, this.viewport());
    child.element.style.transformOrigin = ORIGINS[child.place.placement];
    child.element.setAttribute('aria-label', item.title || 'Submenu');
    level.rowElements[row].setAttribute('aria-expanded', 'true');
    level.rowElements[row].setAttribute('aria-controls', child.key);
    this.levels.push(child);
    animate(child.element, [{ opacity: 0, transform: 'scale(0.97)' }, { opacity: 1, transform: 'none' }], OPEN_MS);
    if (focusIt) child.focusFirst();
  }

  /** Removes the submenus opened from `level` and below it. */
  closeAfter(level) {
    const index = this.levels.indexOf(level);
    const removed = this.levels.splice(index + 1);
    removed.forEach((child, position) => {
      const parent = position === 0 ? level : removed[position - 1];
      const opener = parent.rowElements[child.parentRow];
      if (opener) opener.setAttribute('aria-expanded', 'false');
      child.element.remove();
    });
  }

  /** Closes the menu from outside (`menu.invalidated`, a resize): with its animation unless
   * `animated` is false. Resolves `run()` with `{kind: 'closed', reason}`. */
  dismiss(reason, animated = true) {
    return this.finish({ kind: 'closed', reason }, animated);
  }

  async finish(outcome, animated = true) {
    if (this.finished) return this.outcome;
    this.finished = true;
    clearTimeout(this.hoverTimer);
    document.removeEventListener('keydown', this.keyHandler, true);
    document.body.dataset.menu = 'closing';
    if (animated) {
      await Promise.all([
        animate(this.backdrop, [{ opacity: 1 }, { opacity: 0 }], CLOSE_MS),
        ...this.levels.map((level) => animate(level.element, [{ opacity: 1, transform: 'none' }, { opacity: 0, transform: 'scale(0.98)' }], CLOSE_MS)),
      ]);
    }
    this.element.remove();
    document.body.dataset.menu = 'closed';
    this.resolve(outcome);
    return this.outcome;
  }
}
