// JSON-RPC 2.0 over a WebSocket: the same messages as the Unix socket (docs/protocol.md), one
// message per text frame. Answers are matched by id, since they may come out of order (an
// action's answer comes when it ends).

/** An error answer from the daemon: `code`, `message` (a sentence a person can act on), `data`. */
export class RpcError extends Error {
  constructor({ code, message, data }) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    this.data = data;
  }
}

/** The WebSocket address of the page's own daemon: the page's origin, path `/rpc`. */
export function rpcURL(location) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/rpc`;
}

export class RpcConnection {
  /** @param {string} url */
  constructor(url) {
    this.url = url;
    this.socket = null;
    this.nextId = 1;
    this.pending = new Map();
    this.handlers = new Map();
    this.closeHandlers = [];
  }

  /** Opens the connection; resolves when it is open, rejects when it cannot be. */
  open() {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.url);
      this.socket = socket;
      let opened = false;
      socket.addEventListener('open', () => { opened = true; resolve(); });
      socket.addEventListener('message', (event) => this.receive(event.data));
      socket.addEventListener('close', (event) => {
        const failure = new RpcError({ code: 0, message: `The connection to menud closed (${event.code || 'no code'}${event.reason ? `: ${event.reason}` : ''}).` });
        for (const { reject: fail } of this.pending.values()) fail(failure);
        this.pending.clear();
        if (!opened) reject(failure);
        else for (const handler of this.closeHandlers) handler(event);
      });
    });
  }

  get isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  close() {
    if (this.socket) this.socket.close(1000, 'page closed');
  }

  /** Sends a request; resolves with its result, rejects with an RpcError. */
  call(method, params) {
    if (!this.isOpen) return Promise.reject(new RpcError({ code: 0, message: 'Not connected to menud.' }));
    const id = this.nextId;
    this.nextId += 1;
    const message = { jsonrpc: '2.0', id, method };
    if (params !== undefined) message.params = params;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify(message));
    });
  }

  /** Calls `handler(params)` for each notification named `method`. */
  on(method, handler) {
    if (!this.handlers.has(method)) this.handlers.set(method, []);
    this.handlers.get(method).push(handler);
  }

  /** Calls `handler(closeEvent)` when an open connection closes. */
  onClose(handler) {
    this.closeHandlers.push(handler);
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      console.warn('menud sent a frame that is not JSON', text);
      return;
    }
    const messages = Array.isArray(message) ? message : [message];
    for (const one of messages) this.dispatch(one);
  }

  dispatch(message) {
    if (message === null || typeof message !== 'object') return;
    if (message.id !== undefined && message.id !== null && !message.method) {
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.error) waiter.reject(new RpcError(message.error));
      else waiter.resolve(message.result);
      return;
    }
    if (message.id === null && message.error) {
      console.warn('menud refused a message:', message.error.message);
      return;
    }
    for (const handler of this.handlers.get(message.method) || []) {
      try {
        handler(message.params || {});
      } catch (error) {
        console.error(`handling ${message.method} failed`, error);
      }
    }
  }
}
