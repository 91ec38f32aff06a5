// The folder's files as the page knows them: pages of `files.list` fetched for the rows on the
// screen (never the whole list), kept current by `files.changed` and `files.removed`.
//
// A change to a file the page holds updates its row in place. Anything that can move rows (a
// file the page does not hold, which may be new; a removal) refetches the pages on the screen
// a moment later, gathering a burst of changes into one refetch; the rows shown stay until
// their fresh copy arrives, so nothing flickers.
import { pagesFor } from './virtual-window.js';

const FIELDS = ['path', 'size', 'sizeText', 'state', 'reason'];

/** The key a file is known by: its exact bytes when its name is not UTF-8, else its path. */
export function fileKey(file) {
  return file.pathBase64 ? `b64:${file.pathBase64}` : `p:${file.path}`;
}

export class FileListModel {
  /**
   * @param {import('./rpc.js').RpcConnection} rpc
   * @param {{pageSize?: number, keepPages?: number, refreshDelayMs?: number, onUpdate: () => void}} options
   */
  constructor(rpc, { pageSize = 200, keepPages = 30, refreshDelayMs = 80, onUpdate }) {
    this.rpc = rpc;
    this.pageSize = pageSize;
    this.keepPages = keepPages;
    this.refreshDelayMs = refreshDelayMs;
    this.onUpdate = onUpdate;
    this.total = 0;
    this.loaded = false;
    this.pages = new Map();
    this.inFlight = new Map();
    this.generation = 0;
    this.window = { first: 0, last: 0 };
    this.refreshTimer = null;
    this.onStructureChange = null;
  }

  /** The file at row `index`, or undefined while its page is on its way. */
  fileAt(index) {
    const page = this.pages.get(Math.floor(index / this.pageSize));
    return page ? page[index % this.pageSize] : undefined;
  }

  /** The row of the file with `key` among the pages held, or -1. */
  indexOf(key) {
    for (const [page, files] of this.pages) {
      const offset = files.findIndex((file) => fileKey(file) === key);
      if (offset >= 0) return page * this.pageSize + offset;
    }
    return -1;
  }

  /** Starts over: forgets every page and fetches the first. */
  async reset() {
    this.generation += 1;
    this.pages.clear();
    this.inFlight.clear();
    await this.fetchPage(0, this.generation);
    this.loaded = true;
    this.onUpdate();
  }

  /** Makes sure the pages of rows `first..<last` are held or on their way, and lets go of
   * pages far from them. */
  ensure(first, last) {
    this.window = { first, last };
    for (const page of pagesFor(first, Math.min(last, Math.max(this.total, 1)), this.pageSize)) {
      if (!this.pages.has(page) && !this.inFlight.has(page)) this.fetchPage(page, this.generation);
    }
    this.evict();
  }

  async fetchPage(page, generation) {
    const request = this.rpc.call('files.list', { offset: page * this.pageSize, limit: this.pageSize, fields: FIELDS });
    this.inFlight.set(page, generation);
    try {
      const result = await request;
      if (generation !== this.generation) return;
      this.pages.set(page, result.files);
      if (result.total !== this.total) {
        this.total = result.total;
        this.dropPagesPast(this.total);
      }
      this.onUpdate();
    } catch (error) {
      if (generation === this.generation) console.warn(`files.list for page ${page} failed: ${error.message}`);
    } finally {
      if (this.inFlight.get(page) === generation) this.inFlight.delete(page);
    }
  }

  dropPagesPast(total) {
    for (const page of [...this.pages.keys()]) {
      if (page * this.pageSize >= Math.max(total, 1)) this.pages.delete(page);
    }
  }

  evict() {
    if (this.pages.size <= this.keepPages) return;
    const center = Math.floor((this.window.first + this.window.last) / 2 / this.pageSize);
    const byDistance = [...this.pages.keys()].sort((a, b) => Math.abs(b - center) - Math.abs(a - center));
    while (this.pages.size > this.keepPages && byDistance.length) this.pages.delete(byDistance.shift());
  }

  /** `files.changed`: rows held are updated at once; others may be new rows. */
  applyChanged(files) {
    let moved = false;
    let updated = false;
    for (const file of files) {
      const index = this.indexOf(fileKey(file));
      if (index < 0) {
        moved = true;
        continue;
      }
      const page = this.pages.get(Math.floor(index / this.pageSize));
      page[index % this.pageSize] = { ...page[index % this.pageSize], ...file };
      updated = true;
    }
    if (updated) this.onUpdate();
    if (moved) this.scheduleRefresh();
  }

  /** `files.removed`: rows after a removed one move up, so the screen is refetched. */
  applyRemoved() {
    this.scheduleRefresh();
  }

  scheduleRefresh() {
    if (this.onStructureChange) this.onStructureChange();
    if (this.refreshTimer !== null) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      this.refresh();
    }, this.refreshDelayMs);
  }

  /** Refetches the pages on the screen, keeping the ones shown until their fresh copies come. */
  refresh() {
    this.generation += 1;
    const generation = this.generation;
    const wanted = new Set(pagesFor(this.window.first, Math.max(this.window.last, 1), this.pageSize));
    if (wanted.size === 0) wanted.add(0);
    for (const page of [...this.pages.keys()]) if (!wanted.has(page)) this.pages.delete(page);
    this.inFlight.clear();
    for (const page of wanted) this.fetchPage(page, generation);
  }

  /** The files of rows `first..last` (inclusive), fetched when not held; at most `limit`. */
  async filesBetween(first, last, limit) {
    const low = Math.min(first, last);
    const high = Math.max(first, last);
    if (high - low + 1 > limit) throw new Error(`Select at most ${limit.toLocaleString()} files at once.`);
    const result = await this.rpc.call('files.list', { offset: low, limit: high - low + 1, fields: ['path'] });
    return result.files;
  }
}
