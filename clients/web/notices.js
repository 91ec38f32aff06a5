// Notices in the corner of the page: an action's outcome or error, a short note (a menu closed
// because its files changed), and the progress bar of a running action. Read out by screen
// readers through a live region (errors as alerts).

const NOTE_MS = 4000;
const OUTCOME_MS = 8000;

export class Notices {
  constructor(container) {
    this.container = container;
  }

  /**
   * Shows a notice. `kind` is `outcome`, `error` or `note`; `output` (an action's text, such as
   * Inspect's details or a digest) is shown as is and keeps the notice until it is closed.
   */
  show({ kind, title, message, output }) {
    const notice = document.createElement('section');
    notice.className = `notice notice-${kind}`;
    notice.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    if (title) {
      const heading = document.createElement('h2');
      heading.textContent = title;
      notice.append(heading);
    }
    if (message) {
      const text = document.createElement('p');
      text.textContent = message;
      notice.append(text);
    }
    if (output) {
      const pre = document.createElement('pre');
      pre.textContent = output;
      notice.append(pre);
    }
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'notice-close';
    close.setAttribute('aria-label', 'Close notice');
    close.textContent = '×';
    close.addEventListener('click', () => notice.remove());
    notice.append(close);
    this.container.append(notice);
    if (!output && kind !== 'error') setTimeout(() => notice.remove(), kind === 'note' ? NOTE_MS : OUTCOME_MS);
    return notice;
  }

  /** A progress bar for a running action titled `title`; `update(fraction, message)` moves it,
   * `done()` removes it. */
  progress(title) {
    const notice = document.createElement('section');
    notice.className = 'notice notice-progress';
    notice.setAttribute('role', 'status');
    const heading = document.createElement('h2');
    heading.textContent = title;
    const bar = document.createElement('progress');
    bar.max = 1;
    bar.setAttribute('aria-label', `${title}: progress`);
    const message = document.createElement('p');
    message.className = 'progress-message';
    notice.append(heading, bar, message);
    let shown = false;
    return {
      element: notice,
      update: (fraction, text) => {
        if (!shown) {
          this.container.append(notice);
          shown = true;
        }
        if (typeof fraction === 'number' && Number.isFinite(fraction)) bar.value = Math.min(Math.max(fraction, 0), 1);
        message.textContent = typeof text === 'string' ? text : '';
      },
      done: () => notice.remove(),
    };
  }
}
