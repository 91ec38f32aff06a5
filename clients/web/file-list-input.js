// How a person reaches a row's menu: a right-click, a long press (half a second, as in the
// seed), the Menu key or Shift+F10; selection with Shift- and Ctrl-click; keyboard navigation.
import { sourceRect } from './menu-placement.js';
import { fileKey } from './file-list-model.js';

const LONG_PRESS_MS = 500;
const MOVE_TOLERANCE_PX = 10;
// After a long press the browser still sends the click (and on touch a contextmenu) that ended
// it; neither must act again.
const AFTER_PRESS_MS = 800;
// The Menu key and Shift+F10 also make the browser send a contextmenu event.
const AFTER_KEY_MS = 600;
const SELECTION_LIMIT = 10000;

export function attachListInput({ view, model, menus, notices }) {
  const scroller = view.scroller;
  let press = null;
  let quietClickUntil = 0;
  let quietContextUntil = 0;

  const rowIndexOf = (node) => {
    const row = node instanceof Element ? node.closest('.row') : null;
    return row && scroller.contains(row) ? Number(row.dataset.index) : -1;
  };

  async function openFor(index, pointer) {
    const element = view.rowElement(index);
    const file = index < model.total ? model.fileAt(index) : undefined;
    let target;
    if (!file) {
      // Empty space below the last row (the daemon answers {menu: null}), or a row still loading.
      target = { row: index };
    } else if (view.selection.has(fileKey(file)) && view.selection.size > 1) {
      const files = view.selectedFiles();
      if (files.some((one) => one.pathBase64)) {
        notices.show({ kind: 'error', title: 'No menu', message: 'A selection cannot hold a file whose name is not UTF-8; open that file’s menu on its own.' });
        return;
      }
      target = { paths: files.map((one) => one.path) };
    } else {
      view.selectOnly(file, index);
      target = file.pathBase64 ? { pathBase64: file.pathBase64 } : { path: file.path };
    }
    let source;
    if (element) {
      const rect = element.getBoundingClientRect();
      const name = element.querySelector('.name').getBoundingClientRect();
      source = sourceRect({ x: rect.left, y: rect.top, width: rect.width, height: rect.height }, pointer?.x, { x: name.left, y: name.top, width: name.width, height: name.height });
    } else {
      source = { x: pointer?.x ?? 0, y: pointer?.y ?? 0, width: 0, height: 0 };
    }
    const focusIndex = Math.min(index, Math.max(model.total - 1, 0));
    const key = file ? fileKey(file) : null;
    // Back to the same file, wherever rows that came or went have moved it.
    const returnFocus = () => {
      const now = key ? model.indexOf(key) : -1;
      view.focusRow(now >= 0 ? now : focusIndex);
    };
    await menus.open({ target, source, returnFocus });
  }

  scroller.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 || menus.busy) return;
    const index = rowIndexOf(event.target);
    if (index < 0) return;
    const start = { x: event.clientX, y: event.clientY };
    press = {
      start,
      timer: setTimeout(() => {
        press = null;
        quietClickUntil = performance.now() + AFTER_PRESS_MS;
        quietContextUntil = quietClickUntil;
        openFor(index, start);
      }, LONG_PRESS_MS),
    };
  });
  const endPress = () => {
    if (press) clearTimeout(press.timer);
    press = null;
  };
  scroller.addEventListener('pointermove', (event) => {
    if (press && Math.hypot(event.clientX - press.start.x, event.clientY - press.start.y) > MOVE_TOLERANCE_PX) endPress();
  });
  for (const type of ['pointerup', 'pointercancel', 'pointerleave', 'scroll']) scroller.addEventListener(type, endPress);

  scroller.addEventListener('click', async (event) => {
    if (performance.now() < quietClickUntil) {
      event.preventDefault();
      return;
    }
    const index = rowIndexOf(event.target);
    const file = index >= 0 ? model.fileAt(index) : undefined;
    if (!file) {
      if (!event.shiftKey && !event.ctrlKey && !event.metaKey) view.selectOnly(null, view.anchor);
      return;
    }
    view.focusedIndex = index;
    if (event.shiftKey) {
      try {
        await view.selectRange(index, SELECTION_LIMIT);
      } catch (error) {
        notices.show({ kind: 'error', title: 'Selection', message: error.message });
      }
    } else if (event.ctrlKey || event.metaKey) {
      view.toggle(file, index);
    } else {
      view.selectOnly(file, index);
    }
    view.focusRow(index);
  });

  scroller.addEventListener('contextmenu', (event) => {
    event.preventDefault();
    if (menus.busy || performance.now() < quietContextUntil) return;
    endPress();
    let index = rowIndexOf(event.target);
    if (index < 0) index = Math.max(view.indexAtClientY(event.clientY), model.total);
    openFor(index, { x: event.clientX, y: event.clientY });
  });

  scroller.addEventListener('keydown', (event) => {
    if (menus.busy) return;
    const key = event.key;
    const focused = view.focusedIndex;
    const page = Math.max(Math.floor(scroller.clientHeight / 32) - 1, 1);
    const moves = { ArrowDown: focused + 1, ArrowUp: focused - 1, Home: 0, End: model.total - 1, PageDown: focused + page, PageUp: focused - page };
    if (key === 'ContextMenu' || (key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      quietContextUntil = performance.now() + AFTER_KEY_MS;
      if (model.total > 0) openFor(focused, undefined);
      return;
    }
    if (key in moves) {
      event.preventDefault();
      const target = Math.min(Math.max(moves[key], 0), Math.max(model.total - 1, 0));
      view.focusRow(target);
      if (event.shiftKey) view.selectRange(target, SELECTION_LIMIT).catch((error) => notices.show({ kind: 'error', title: 'Selection', message: error.message }));
      else if (!event.ctrlKey && !event.metaKey) view.selectOnly(model.fileAt(target), target);
      return;
    }
    if (key === ' ') {
      event.preventDefault();
      const file = model.fileAt(focused);
      if (file) view.toggle(file, focused);
    }
  });

  scroller.addEventListener('focus', (event) => {
    if (event.target !== scroller || scroller.contains(event.relatedTarget)) return;
    const row = view.rowElement(view.focusedIndex);
    if (row) row.focus({ preventScroll: true });
  });
}

/** The folder's own menu, from its header: its button (click, Menu key, Shift+F10) or a right-click on the header. */
export function attachFolderMenu({ header, button, menus }) {
  const open = (pointer) => {
    const rect = button.getBoundingClientRect();
    const source = pointer
      ? { x: pointer.x, y: rect.top, width: 0, height: rect.height }
      : { x: rect.left, y: rect.top, width: rect.width, height: rect.height };
    menus.open({ target: { background: true }, source, returnFocus: () => button.focus() });
  };
  button.addEventListener('click', () => { if (!menus.busy) open(null); });
  header.addEventListener('contextmenu', (event) => {
    event.preventDefault();
    if (!menus.busy) open({ x: event.clientX, y: event.clientY });
  });
  button.addEventListener('keydown', (event) => {
    if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      if (!menus.busy) open(null);
    }
  });
}
