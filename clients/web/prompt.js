// The line of text an item asks for (`input: {prompt, default}`), asked in a modal dialog once
// the menu is off the screen.

/** Asks for one line; resolves with the text, or null when the person cancels. */
export function askForText({ prompt, default: initial }, title) {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.className = 'prompt';
    const form = document.createElement('form');
    form.method = 'dialog';
    const heading = document.createElement('h2');
    heading.textContent = title || prompt || 'Input';
    const label = document.createElement('label');
    label.textContent = prompt || 'Text';
    const input = document.createElement('input');
    input.type = 'text';
    input.name = 'text';
    input.autocomplete = 'off';
    input.spellcheck = false;
    input.value = typeof initial === 'string' ? initial : '';
    label.append(input);
    const buttons = document.createElement('div');
    buttons.className = 'prompt-buttons';
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = 'Cancel';
    const ok = document.createElement('button');
    ok.type = 'submit';
    ok.value = 'ok';
    ok.textContent = 'OK';
    ok.className = 'default';
    buttons.append(cancel, ok);
    form.append(heading, label, buttons);
    dialog.append(form);
    document.body.append(dialog);

    let answer = null;
    form.addEventListener('submit', () => { answer = input.value; });
    cancel.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(answer);
    });
    dialog.showModal();
    input.focus();
    // A file name is selected up to its extension, as file managers do when renaming.
    const dot = input.value.lastIndexOf('.');
    input.setSelectionRange(0, dot > 0 ? dot : input.value.length);
  });
}
