// server.mjs: a static server for the pwa tests. It serves a dist/ folder under a
// prefix (e.g. /sub/, as on https://user.github.io/repo/) and the test fixtures under
// /fixtures/, with the production CSP and Cache-Control: no-cache like build.go serve,
// answers conditional requests with 304, counts the bytes it sends, can switch to
// another build (an "update") and can go down (every request fails) to prove that
// an offline page is served by the service worker alone.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.bin': 'application/octet-stream',
  '.pgn': 'application/x-chess-pgn',
  '.map': 'application/json',
};

/** startServer({root, prefix, fixtures}) resolves with {url, origin, stats, setRoot, setDown, close}. */
export async function startServer({ root, prefix = '/sub/', fixtures = null }) {
  let dist = root;
  let down = false;
  const stats = { bytes: 0, requests: [] };
  const server = http.createServer((req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    const u = new URL(req.url, 'http://x');
    let base = null;
    let rel = null;
    if (u.pathname.startsWith(prefix)) {
      base = dist;
      rel = u.pathname.slice(prefix.length);
    } else if (fixtures && u.pathname.startsWith('/fixtures/')) {
      base = fixtures;
      rel = u.pathname.slice('/fixtures/'.length);
    }
    if (base === null) return send(res, req, 404, 'not found\n', 'text/plain');
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    const file = path.resolve(base, decodeURIComponent(rel));
    if (!file.startsWith(path.resolve(base) + path.sep)) return send(res, req, 403, 'forbidden\n', 'text/plain');
    let data;
    try {
      data = fs.readFileSync(file);
    } catch {
      return send(res, req, 404, 'not found\n', 'text/plain');
    }
    const etag = `"${crypto.createHash('sha1').update(data).digest('hex').slice(0, 16)}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers({ ETag: etag }));
      stats.requests.push({ path: u.pathname, status: 304, bytes: 0 });
      return res.end();
    }
    return send(res, req, 200, data, MIME[path.extname(file)] || 'application/octet-stream', { ETag: etag });
  });
  function headers(extra = {}) {
    return { 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache', ...extra };
  }
  function send(res, req, status, body, type, extra = {}) {
    const buf = Buffer.isBuffer(body) ? body : Buffer.from(body);
    res.writeHead(status, headers({ 'Content-Type': type, 'Content-Length': buf.length, ...extra }));
    const sent = req.method === 'HEAD' ? 0 : buf.length;
    stats.bytes += sent;
    stats.requests.push({ path: new URL(req.url, 'http://x').pathname, status, bytes: sent });
    res.end(req.method === 'HEAD' ? undefined : buf);
  }
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  // localhost, not 127.0.0.1: both are secure contexts, and localhost is what people use.
  const origin = `http://localhost:${server.address().port}`;
  return {
    origin,
    url: origin + prefix,
    stats,
    resetStats() {
      stats.bytes = 0;
      stats.requests = [];
    },
    setRoot(dir) {
      dist = dir;
    },
    setDown(v) {
      down = v;
    },
    close: () => new Promise((r) => {
      server.closeAllConnections();
      server.close(r);
    }),
  };
}
