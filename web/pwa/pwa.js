// pwa.js: registers the service worker (sw.js beside the page, scope = the page's
// folder, so the app works from a sub-path) and tells the user when a new version is
// installed and waiting. Loaded by index.html next to the player; it touches nothing of
// the player's and draws its notice in its own shadow root. Its words are index.html's
// #pwa-text elements, which the player has translated by then (i18n.js), so this
// bundle carries no catalogue.
//
// State for tests and the console: <html data-pwa="registered|offline-ready|update-ready|
// unsupported|failed">.

import { createNotice } from './notice.js';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

// pageText returns the text of index.html's element id (in the page's language).
function pageText(id) {
  const el = document.getElementById(id);
  return el ? el.textContent : id;
}

function setState(s) {
  document.documentElement.dataset.pwa = s;
}

/**
 * register installs sw.js and wires the update flow. Returns the registration or null
 * where service workers are unavailable (plain http on a non-local host, or a browser
 * without them): the app then works online as an ordinary page.
 */
export async function register({ swUrl = 'sw.js', notice = createNotice({ closeLabel: () => pageText('pwa-dismiss') }) } = {}) {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) {
    setState('unsupported');
    return null;
  }
  let reg;
  try {
    // updateViaCache 'none': update checks bypass the HTTP cache for sw.js, so a host
    // that caches it anyway still cannot delay an update (docs/offline.md).
    reg = await navigator.serviceWorker.register(swUrl, { scope: './', updateViaCache: 'none' });
  } catch (e) {
    setState('failed');
    console.warn(`Offline mode is unavailable: the service worker did not register (${e.message}).`);
    return null;
  }
  setState('registered');
  const hadController = !!navigator.serviceWorker.controller;

  function offerUpdate(worker) {
    setState('update-ready');
    notice.show(pageText('pwa-update'), pageText('pwa-reload'), () => {
      let reloaded = false;
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        if (reloaded) return;
        reloaded = true;
        location.reload();
      });
      worker.postMessage({ type: 'skip-waiting' });
    });
  }

  function watch(worker) {
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'installed') return;
      // With a controller this is an update waiting for its turn; without one it is
      // the first install, and the page now works offline.
      // (No toast for the first install: it would only cover the board on a first visit.)
      if (navigator.serviceWorker.controller || hadController) offerUpdate(worker);
      else setState('offline-ready');
    });
  }

  if (reg.waiting && navigator.serviceWorker.controller) offerUpdate(reg.waiting);
  else if (reg.installing) watch(reg.installing);
  else if (reg.active && !reg.waiting) setState('offline-ready');
  reg.addEventListener('updatefound', () => {
    if (reg.installing) watch(reg.installing);
  });
  // Browsers check sw.js on navigation only now and then; ask on every start of a
  // controlled page (one small request, which fails quietly offline), and hourly.
  const check = () => reg.update().catch(() => {});
  if (hadController) check();
  setInterval(check, UPDATE_CHECK_MS);
  return reg;
}

register();
