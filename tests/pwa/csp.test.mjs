// csp.test.mjs: every shipped page carries its Content-Security-Policy in a
// <meta http-equiv>, so a static host that sends no header at all still
// serves it under the policy (issue 22: dist/index.html and embed.html had
// none). The release build is served here by a bare server: files and MIME
// types, no security headers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { openBrowser, ROOT } from './browser.mjs';

const DIST = path.join(ROOT, 'dist');
const POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; base-uri 'none'; form-action 'self'";
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.png': 'image/png' };
let server;
let url;
let b;

before(async () => {
  server = http.createServer((req, res) => {
    const p = path.join(DIST, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (!p.startsWith(DIST) || !fs.existsSync(p) || fs.statSync(p).isDirectory()) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(p)] || 'application/octet-stream' });
    res.end(fs.readFileSync(p));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${server.address().port}/`;
  b = await openBrowser();
});

after(async () => {
  if (b) await b.close();
  if (server) await new Promise((r) => server.close(r));
});

for (const page of ['index.html', 'embed.html']) {
  test(`${page} enforces the policy from its <meta> with no header`, async () => {
    const p = b.page;
    const res = await p.goto(url + page);
    assert.equal(res.headers()['content-security-policy'], undefined, 'the bare server must send no policy');
    const r = await p.evaluate(async (policy) => {
      const meta = [...document.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')].map((m) => m.content);
      const violations = [];
      document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
      // An injected inline script and a <base> must both be refused.
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.head.append(s);
      const base = document.createElement('base');
      base.href = 'https://example.com/';
      document.head.append(base);
      const img = new Image();
      img.src = 'x.png';
      await new Promise((res) => setTimeout(res, 200));
      return { meta, inlineRan: window.__inlineRan === true, violations, resolved: img.src };
    }, POLICY);
    assert.deepEqual(r.meta, [POLICY]);
    assert.equal(r.inlineRan, false, 'an inline script ran');
    assert.ok(r.violations.includes('script-src-elem'), JSON.stringify(r.violations));
    assert.ok(r.violations.includes('base-uri'), JSON.stringify(r.violations));
    assert.ok(r.resolved.startsWith(url), `a <base> redirected relative URLs to ${r.resolved}`);
  });
}
