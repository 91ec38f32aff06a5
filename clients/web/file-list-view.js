// The folder as the seed's data list: one row per file (badge, name, coloured status, size),
// drawn as a virtual list: only the rows in view (and a few around them) are in the DOM, and the
// scroller's height comes from `total`, so a million-file folder costs a screenful of elements.
import { virtualWindow, indexAt, scrollTopToShow } from './virtual-window.js';
import { badgeElement, STATE_WORDS } from './badge.js';
import { fileKey } from './file-list-model.js';

export const ROW_HEIGHT = 32;

export class FileListView {
  /**
   * @param {{scroller: HTMLElement, model: import('./file-list-model.js').FileListModel, empty: HTMLElement}} options
   */
  constructor({ scroller, model, empty }) {
    this.scroller = scroller;
    this.model = model;
    this.empty = empty;
    this.content = document.createElement('div');
    this.content.className = 'list-content';
    this.scroller.append(this.content);
    this.elements = new Map();
    this.focusedIndex = 0;
    this.selection = new Map();
    this.anchor = 0;
    this.frame = 0;
    this.scroller.addEventListener('scroll', () => this.schedule());
    new ResizeObserver(() => this.schedule()).observe(this.scroller);
  }

  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  geometry() {
    return { scrollTop: this.scroller.scrollTop, viewportHeight: this.scroller.clientHeight, rowHeight: ROW_HEIGHT, total: this.model.total };
  }

  render() {
    this.followFocusedFile();
    const total = this.model.total;
    const win = virtualWindow(this.geometry());
    this.content.style.height = `${win.scrollHeight}px`;
    this.model.ensure(win.first, win.last);
    this.empty.hidden = !(this.model.loaded && total === 0);
    this.scroller.setAttribute('aria-rowcount', String(total));
    for (const [index, element] of this.elements) {
      if (index >= win.first && index < win.last) continue;
      if (element.contains(document.activeElement)) this.scroller.focus({ preventScroll: true });
      element.remove();
      this.elements.delete(index);
    }
    for (let index = win.first; index < win.last; index += 1) {
      let element = this.elements.get(index);
      if (!element) {
        element = this.createRow(index);
        this.elements.set(index, element);
        this.content.append(element);
      }
      element.style.transform = `translateY(${win.rowTop(index)}px)`;
      this.fill(element, index, total);
    }
    const focused = this.elements.get(this.focusedIndex);
    if (focused && document.activeElement === this.scroller && this.wantsFocus) focused.focus({ preventScroll: true });
  }

  /** Keeps the focus on the same file when rows above it come or go. */
  followFocusedFile() {
    if (!this.focusedKey) return;
    const file = this.model.fileAt(this.focusedIndex);
    if (file && fileKey(file) === this.focusedKey) return;
    const moved = this.model.indexOf(this.focusedKey);
    if (moved < 0) return;
    const hadFocus = this.scroller.contains(document.activeElement);
    this.focusedIndex = moved;
    if (hadFocus) {
      this.wantsFocus = true;
      this.scroller.focus({ preventScroll: true });
    }
  }

  createRow(index) {
    const row = document.createElement('div');
    row.className = 'row';
    row.setAttribute('role', 'option');
    row.id = `row-${index}`;
    row.dataset.index = String(index);
    row.tabIndex = -1;
    const name = document.createElement('span');
    name.className = 'name';
    const folder = document.createElement('span');
    folder.className = 'folder';
    const base = document.createElement('span');
    base.className = 'base';
    name.append(folder, base);
    const status = document.createElement('span');
    status.className = 'status';
    const size = document.createElement('span');
    size.className = 'size';
    row.append(badgeElement('other'), name, status, size);
    return row;
  }

  fill(row, index, total) {
    const file = this.model.fileAt(index);
    const selected = !!file && this.selection.has(fileKey(file));
    row.tabIndex = index === this.focusedIndex ? 0 : -1;
    row.setAttribute('aria-posinset', String(index + 1));
    row.setAttribute('aria-setsize', String(total));
    row.setAttribute('aria-selected', selected ? 'true' : 'false');
    row.classList.toggle('selected', selected);
    const signature = file ? `${fileKey(file)}|${file.state}|${file.sizeText}|${file.reason}` : '';
    if (row.dataset.signature === signature && row.dataset.loaded === String(!!file)) return;
    row.dataset.signature = signature;
    row.dataset.loaded = String(!!file);
    const [badge, name, status, size] = row.children;
    if (!file) {
      row.dataset.state = 'loading';
      row.removeAttribute('data-path');
      name.children[0].textContent = '';
      name.children[1].textContent = '…';
      status.textContent = '';
      size.textContent = '';
      row.setAttribute('aria-label', 'Loading');
      return;
    }
    const slash = file.path.lastIndexOf('/');
    row.dataset.state = file.state;
    row.dataset.path = file.path;
    row.replaceChild(badgeElement(file.state), badge);
    name.children[0].textContent = slash >= 0 ? file.path.slice(0, slash + 1) : '';
    name.children[1].textContent = slash >= 0 ? file.path.slice(slash + 1) : file.path;
    name.title = file.path;
    status.textContent = STATE_WORDS[file.state] || file.state;
    status.title = file.reason || '';
    size.textContent = file.sizeText || '';
    row.setAttribute('aria-label', [file.path, STATE_WORDS[file.state] || file.state, file.sizeText].filter(Boolean).join(', '));
  }

  /** The row index under a viewport y, possibly past the last row. */
  indexAtClientY(clientY) {
    const top = this.scroller.getBoundingClientRect().top;
    return indexAt({ ...this.geometry(), y: clientY - top });
  }

  rowElement(index) {
    return this.elements.get(index) || null;
  }

  /** Scrolls row `index` into view, draws it, and focuses it. */
  focusRow(index) {
    const total = this.model.total;
    if (total === 0) return;
    this.focusedIndex = Math.min(Math.max(index, 0), total - 1);
    const file = this.model.fileAt(this.focusedIndex);
    this.focusedKey = file ? fileKey(file) : null;
    this.scroller.scrollTop = scrollTopToShow({ ...this.geometry(), index: this.focusedIndex });
    this.wantsFocus = true;
    this.render();
    const element = this.elements.get(this.focusedIndex);
    if (element) element.focus({ preventScroll: true });
    else this.scroller.focus({ preventScroll: true });
  }

  /** The files selected, in no particular order. */
  selectedFiles() {
    return [...this.selection.values()];
  }

  selectOnly(file, index) {
    this.selection.clear();
    if (file) this.selection.set(fileKey(file), file);
    this.anchor = index;
    this.render();
  }

  toggle(file, index) {
    const key = fileKey(file);
    if (this.selection.has(key)) this.selection.delete(key);
    else this.selection.set(key, file);
    this.anchor = index;
    this.render();
  }

  /** Selects rows from the anchor to `index`, fetching the ones not held. */
  async selectRange(index, limit) {
    const files = await this.model.filesBetween(this.anchor, index, limit);
    this.selection.clear();
    for (const file of files) this.selection.set(fileKey(file), file);
    this.render();
  }

  /** Drops selected files that are gone (after a refresh the model no longer holds them). */
  forget(keys) {
    let changed = false;
    for (const key of keys) changed = this.selection.delete(key) || changed;
    if (changed) this.render();
  }
}
