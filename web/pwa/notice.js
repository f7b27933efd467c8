// notice.js: the small toast pwa.js uses ("A new version is ready. [Reload]"). It lives
// in a shadow root with an adopted stylesheet, so the page's CSS and this one never
// meet, and it uses no inline style (the strict CSP forbids them).

import css from './notice.css';

/**
 * createNotice returns {show(text, actionLabel, onAction, timeoutMs), hide()};
 * closeLabel() names the close button, in the page's language.
 */
export function createNotice({ closeLabel }) {
  let host = null;
  let root = null;
  let timer = 0;

  function ensure() {
    if (host) return;
    host = document.createElement('div');
    host.className = 'azurite-pwa-notice';
    root = host.attachShadow({ mode: 'open' });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet];
    document.body.append(host);
  }

  function hide() {
    clearTimeout(timer);
    if (root) root.replaceChildren();
  }

  function show(text, actionLabel, onAction, timeoutMs = 0) {
    ensure();
    hide();
    const box = document.createElement('div');
    box.className = 'toast';
    box.setAttribute('role', 'status');
    const msg = document.createElement('span');
    msg.textContent = text;
    box.append(msg);
    if (actionLabel) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'action';
      b.textContent = actionLabel;
      b.addEventListener('click', () => {
        b.disabled = true;
        onAction();
      });
      box.append(b);
    }
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'close';
    close.setAttribute('aria-label', closeLabel());
    close.textContent = '×';
    close.addEventListener('click', hide);
    box.append(close);
    root.append(box);
    if (timeoutMs) timer = setTimeout(hide, timeoutMs);
  }

  return { show, hide };
}
