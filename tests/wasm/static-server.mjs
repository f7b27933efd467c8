// A minimal static file server for the wasm tests: it serves the built dist/
// directory under a path prefix (to prove sub-path hosting) with no special
// headers beyond the strict CSP the player ships with (no COOP/COEP, so the
// page is not cross-origin isolated, as on a plain static host).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.bin': 'application/octet-stream',
};

// A page with no script of its own: tests drive it through page.evaluate.
const BLANK = '<!doctype html><meta charset="utf-8"><title>azurite wasm test</title><p>test page</p>\n';

/**
 * serve starts a server on 127.0.0.1 (free port).
 * @param {object} o
 * @param {Record<string,string>} o.mounts  URL prefix -> directory, e.g. {'/sub/app/': 'dist'}
 * @param {string} [o.wasmType]             Content-Type for .wasm files (default application/wasm)
 * @param {Record<string,string>} [o.headers] extra headers on every response
 * @returns {Promise<{url: string, close: () => Promise<void>, requests: string[]}>}
 */
export async function serve({ mounts, wasmType, headers = {} }) {
  const requests = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    requests.push(url.pathname + url.search);
    const base = { 'content-security-policy': CSP, 'cache-control': 'no-cache', ...headers };
    if (url.pathname === '/' || url.pathname.endsWith('/blank.html')) {
      res.writeHead(200, { ...base, 'content-type': TYPES['.html'] });
      res.end(BLANK);
      return;
    }
    for (const [prefix, dir] of Object.entries(mounts)) {
      if (!url.pathname.startsWith(prefix)) continue;
      const rel = decodeURIComponent(url.pathname.slice(prefix.length));
      const file = path.resolve(dir, rel);
      if (!file.startsWith(path.resolve(dir) + path.sep)) break;
      let st;
      try { st = fs.statSync(file); } catch { break; }
      if (!st.isFile()) break;
      const ext = path.extname(file);
      let type = TYPES[ext] || 'application/octet-stream';
      if (ext === '.wasm' && wasmType) type = wasmType;
      res.writeHead(200, { ...base, 'content-type': type, 'content-length': st.size });
      fs.createReadStream(file).pipe(res);
      return;
    }
    res.writeHead(404, { ...base, 'content-type': 'text/plain' });
    res.end('not found\n');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(() => r()); }),
  };
}
