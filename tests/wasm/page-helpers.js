// Page-side helpers for the wasm browser tests, imported inside
// page.evaluate: a worker wrapper that records every message with its arrival
// time and lets a test wait for the first message matching a predicate.

/** open starts the engine worker at url and records what it posts. */
export function open(url) {
  const w = new Worker(url);
  const log = [];
  const waiters = [];
  const onData = (data) => {
    const rec = { t: performance.now(), data };
    log.push(rec);
    for (const wt of waiters.slice()) {
      if (wt.from <= log.length - 1 && wt.pred(data)) {
        waiters.splice(waiters.indexOf(wt), 1);
        clearTimeout(wt.timer);
        wt.resolve(rec);
      }
    }
  };
  w.onmessage = (e) => onData(e.data);
  w.onerror = (e) => onData({ workerError: e.message || 'error' });
  return {
    w,
    log,
    created: performance.now(),
    /** send posts m and returns the time it was posted. */
    send(m) { const t = performance.now(); w.postMessage(m); return t; },
    /** wait resolves with the first record (from index `from` on) that matches pred. */
    wait(pred, ms = 20000, from = 0) {
      for (let i = from; i < log.length; i++) if (pred(log[i].data)) return Promise.resolve(log[i]);
      return new Promise((resolve, reject) => {
        const wt = { pred, resolve, from };
        wt.timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(wt), 1);
          reject(new Error('timed out after ' + ms + ' ms; last messages: ' + JSON.stringify(log.slice(-5).map((r) => r.data))));
        }, ms);
        waiters.push(wt);
      });
    },
    mark() { return log.length; },
  };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const isLine = (prefix) => (d) => typeof d === 'string' && (d === prefix || d.startsWith(prefix + ' '));
