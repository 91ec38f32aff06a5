// A menu from `menu.open` to the action's outcome, keeping the handshake of docs/protocol.md:
// the menu is taken off the screen first (its closing animation done, its elements gone), then
// `menu.select` is sent, then the prompt is asked when the item wants text, then
// `menu.dismissed` lets the action run. A menu closed without a choice is dismissed without
// one (`{ran: false}`); a menu the daemon invalidated is closed with a short note.
import { MenuLayer } from './menu-layer.js';
import { askForText } from './prompt.js';

// Close a menu this long before the daemon forgets it (menuExpire), so a late choice never
// meets an expired menu.
const EXPIRY_MARGIN_MS = 1000;

export class MenuController {
  /** @param {{rpc: import('./rpc.js').RpcConnection, notices: import('./notices.js').Notices, widthMode: object, maxWidth: number}} options */
  constructor({ rpc, notices, widthMode, maxWidth }) {
    this.rpc = rpc;
    this.notices = notices;
    this.widthMode = widthMode;
    this.maxWidth = maxWidth;
    this.layer = null;
    this.opening = false;
    this.answers = 0;
    this.progress = new Map();
    rpc.on('menu.invalidated', (params) => this.invalidated(params));
    rpc.on('action.progress', (params) => this.progressed(params));
    // The seed dismisses its menu when the device rotates: the source row may have moved.
    window.addEventListener('resize', () => { if (this.layer) this.layer.dismiss('resize', false); });
  }

  /** Whether a menu is on the screen or on its way. */
  get busy() {
    return this.opening || this.layer !== null;
  }

  /**
   * Opens the menu for `target` (a `menu.open` target) at `source` (viewport pixels).
   * `returnFocus()` puts the focus back where the menu was opened from. Resolves when the
   * menu and whatever it started are over; with `'empty'` when the daemon had no menu.
   */
  async open({ target, source, returnFocus = () => {} }) {
    if (this.busy) return 'busy';
    this.opening = true;
    let answer;
    try {
      answer = await this.rpc.call('menu.open', { target });
    } catch (error) {
      this.notices.show({ kind: 'error', title: 'No menu', message: error.message });
      return 'error';
    } finally {
      this.opening = false;
    }
    // What the last menu.open answered, for tests and for anyone reading the DOM.
    this.answers += 1;
    document.body.dataset.lastMenuAnswer = `${this.answers}:${answer && answer.menu ? 'menu' : 'empty'}`;
    if (!answer || !answer.menu) return 'empty';
    const menu = answer.menu;
    const layer = new MenuLayer({ menu, source, widthMode: this.widthMode, maxWidth: this.maxWidth });
    this.layer = layer;
    const left = Number(menu.expiresAtMs) - Date.now() - EXPIRY_MARGIN_MS;
    const expiry = Number.isFinite(left) && left > 0 ? setTimeout(() => layer.dismiss('expired'), left) : null;
    const outcome = await layer.run();
    clearTimeout(expiry);
    this.layer = null;
    returnFocus();
    if (outcome.kind === 'choose') {
      await this.perform(menu, outcome.item, returnFocus);
    } else if (outcome.kind === 'cancel' || outcome.reason === 'resize' || outcome.reason === 'disconnected') {
      this.tell('menu.dismissed', { menu: menu.id });
    } else if (outcome.reason === 'expired') {
      this.notices.show({ kind: 'note', title: 'Menu closed', message: 'The menu was open too long; open it again.' });
      this.tell('menu.cancel', { menu: menu.id });
    }
    return outcome.kind;
  }

  /** Sends a request whose answer does not matter (the menu is closed either way). */
  tell(method, params) {
    if (this.rpc.isOpen) this.rpc.call(method, params).catch(() => {});
  }

  async perform(menu, item, returnFocus) {
    try {
      await this.rpc.call('menu.select', { menu: menu.id, item: item.id });
    } catch (error) {
      this.notices.show({ kind: 'error', title: `${item.title} did not run`, message: error.message });
      return;
    }
    const params = { menu: menu.id };
    if (item.input) {
      const text = await askForText(item.input, item.title);
      returnFocus();
      if (text === null) {
        this.tell('menu.cancel', { menu: menu.id });
        return;
      }
      params.input = text;
    }
    const progress = this.notices.progress(item.title);
    this.progress.set(menu.id, progress);
    try {
      const result = await this.rpc.call('menu.dismissed', params);
      if (result && result.ran) {
        const outcome = result.outcome || {};
        this.notices.show({ kind: 'outcome', title: item.title, message: outcome.message || 'Done.', output: outcome.output });
      }
    } catch (error) {
      this.notices.show({ kind: 'error', title: failureTitle(item, error), message: error.message, output: failureOutput(error) });
    } finally {
      progress.done();
      this.progress.delete(menu.id);
    }
  }

  invalidated({ menu, reason }) {
    if (!this.layer || this.layer.menu.id !== menu) return;
    this.notices.show({ kind: 'note', title: 'Menu closed', message: reason || 'Its files changed.' });
    this.layer.dismiss('invalidated');
  }

  progressed({ menu, fraction, message }) {
    const progress = this.progress.get(menu);
    if (progress) progress.update(fraction, message);
  }

  /** The connection is gone: the daemon has closed the menu already. */
  disconnected() {
    if (this.layer) this.layer.dismiss('disconnected', false);
  }
}

function failureTitle(item, error) {
  if (error.code === -32023 || (error.code === -32031 && error.data?.started === false)) return `${item.title} did not run`;
  if (error.code === -32031) return `${item.title} took too long`;
  return `${item.title} failed`;
}

function failureOutput(error) {
  const data = error.data || {};
  const lines = [];
  if (typeof data.message === 'string' && data.message !== error.message) lines.push(data.message);
  if (typeof data.exitCode === 'number') lines.push(`exit code ${data.exitCode}`);
  if (typeof data.stderr === 'string' && data.stderr) lines.push(data.stderr);
  return lines.length ? lines.join('\n') : undefined;
}
