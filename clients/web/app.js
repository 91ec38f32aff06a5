// The page: connects to menud over the WebSocket at /rpc on the page's own origin, shows the
// folder live, and opens the seed's menus. It reconnects when the connection drops.
import { RpcConnection, rpcURL } from './rpc.js';
import { FileListModel, fileKey } from './file-list-model.js';
import { FileListView } from './file-list-view.js';
import { attachFolderMenu, attachListInput } from './file-list-input.js';
import { MenuController } from './menu-session.js';
import { Notices } from './notices.js';
import { METRICS } from './menu-layout.js';

const RETRY_MS = [500, 1000, 2000, 5000, 10000];
const STATUS_DELAY_MS = 300;

/** The menu's width mode: automatic (the default), or `?menuWidth=N` for a fixed width. */
function widthModeFrom(search) {
  const fixed = Number(new URLSearchParams(search).get('menuWidth'));
  return Number.isInteger(fixed) && fixed > 0 ? { fixed } : { auto: { min: METRICS.defaultAutoMinWidth } };
}

// The secret from `menuctl web`'s URL has become a cookie with this response; keep it out of
// the address bar, the history and any link copied from it.
if (new URLSearchParams(location.search).has('token')) {
  const rest = new URLSearchParams(location.search);
  rest.delete('token');
  const query = rest.toString();
  history.replaceState(null, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
}

const elements = {
  folder: document.getElementById('folder-name'),
  counts: document.getElementById('folder-counts'),
  connection: document.getElementById('connection'),
  header: document.getElementById('folder-header'),
  folderButton: document.getElementById('folder-menu'),
  scroller: document.getElementById('file-list'),
  empty: document.getElementById('empty'),
  notices: document.getElementById('notices'),
};

const rpc = new RpcConnection(rpcURL(location));
const notices = new Notices(elements.notices);
const menus = new MenuController({ rpc, notices, widthMode: widthModeFrom(location.search), maxWidth: METRICS.defaultMaxWidth });
let view = null;
const model = new FileListModel(rpc, { onUpdate: () => view && view.schedule() });
view = new FileListView({ scroller: elements.scroller, model, empty: elements.empty });
attachListInput({ view, model, menus, notices });
attachFolderMenu({ header: elements.header, button: elements.folderButton, menus });

let statusTimer = null;
function scheduleStatus() {
  if (statusTimer !== null) return;
  statusTimer = setTimeout(() => {
    statusTimer = null;
    refreshStatus();
  }, STATUS_DELAY_MS);
}

async function refreshStatus() {
  try {
    const status = await rpc.call('daemon.status');
    const root = status.root || '';
    const name = root.replace(/\/+$/, '').split('/').pop() || root;
    elements.folder.textContent = name;
    elements.folder.title = root;
    document.title = `${name} — menud`;
    const files = status.files || {};
    const count = (n) => Number(n || 0).toLocaleString();
    elements.counts.textContent = `${count(files.total)} files · ${count(files.ready)} ready · ${count(files.pending)} pending · ${count(files.expired)} expired${status.crawling ? ' · scanning…' : ''}`;
    if (status.crawling) scheduleStatus();
  } catch (error) {
    console.warn(`daemon.status failed: ${error.message}`);
  }
}

rpc.on('files.changed', ({ files }) => {
  if (Array.isArray(files)) model.applyChanged(files);
  scheduleStatus();
});
rpc.on('files.removed', ({ paths, pathsBase64 }) => {
  const keys = (paths || []).map((path, i) => fileKey({ path, pathBase64: pathsBase64?.[i] || undefined }));
  view.forget(keys);
  model.applyRemoved();
  scheduleStatus();
});

function setConnection(state, text) {
  document.body.dataset.connection = state;
  elements.connection.textContent = text;
}

async function connect(attempt = 0) {
  setConnection('connecting', attempt === 0 ? 'Connecting…' : 'Reconnecting…');
  try {
    await rpc.open();
  } catch {
    setConnection('offline', 'menud is not answering; retrying…');
    setTimeout(() => connect(attempt + 1), RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
    return;
  }
  setConnection('online', '');
  try {
    await rpc.call('subscribe', { events: ['files', 'menus'] });
    await Promise.all([refreshStatus(), model.reset()]);
    view.render();
    document.body.dataset.ready = 'true';
  } catch (error) {
    notices.show({ kind: 'error', title: 'menud', message: error.message });
  }
}

rpc.onClose(() => {
  document.body.dataset.ready = 'false';
  menus.disconnected();
  connect(1);
});

connect();
