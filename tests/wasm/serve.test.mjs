// Stopping the dev server frees its port: `make serve` and `go run build.go
// serve` each get one SIGTERM (to make, to the go command; not to the process
// group), and the server must stop. Regression: make serve ran the server
// under `go run`, which does not pass SIGTERM on, so the server kept serving
// with nobody left to stop it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './paths.mjs';

const site = fs.mkdtempSync(path.join(os.tmpdir(), 'azurite-serve-'));
fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>serve test</title>\n');

// start runs cmd in its own process group and resolves once it printed the
// URL it serves on.
function start(cmd, args) {
  const proc = spawn(cmd, args, {
    cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, AZURITE_ADDR: '127.0.0.1:0' },
  });
  let out = '';
  proc.stdout.on('data', (d) => { out += d; });
  proc.stderr.on('data', (d) => { out += d; });
  const exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  const url = new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no "serving" line in 180 s:\n${out}`)), 180000);
    proc.stdout.on('data', () => {
      const m = /serving (http:\/\/\S+\/)/.exec(out);
      if (m) { clearTimeout(t); resolve(m[1]); }
    });
    exited.then(({ code }) => { clearTimeout(t); reject(new Error(`exited ${code} before serving:\n${out}`)); });
  });
  return { proc, url, exited, output: () => out };
}

// answers reports whether anything still accepts connections at url.
async function answers(url) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

for (const tc of [
  { name: 'make serve', cmd: 'make', args: ['--no-print-directory', '-o', 'build-web', 'serve', `SERVE_DIR=${site}`], last: /server stopped\n/ },
  { name: 'go run build.go serve', cmd: 'go', args: ['run', 'build.go', 'serve', '-dir', site], last: /server stopped\n/ },
]) {
  test(`${tc.name}: one SIGTERM to it stops the server and frees the port`, async () => {
    const s = start(tc.cmd, tc.args);
    try {
      const url = await s.url;
      assert.equal((await fetch(url)).status, 200);
      process.kill(s.proc.pid, 'SIGTERM'); // this process only, as a terminal's kill or a supervisor would
      await s.exited;
      let open = true;
      for (let i = 0; i < 20 && open; i++) {
        open = await answers(url);
        if (open) await new Promise((r) => setTimeout(r, 250));
      }
      assert.equal(open, false, `${url} still answers 5 s after SIGTERM to ${tc.name}; output:\n${s.output()}`);
      // The server's own last line (under go run it outlives the go command briefly).
      for (let i = 0; i < 20 && !tc.last.test(s.output()); i++) await new Promise((r) => setTimeout(r, 250));
      assert.match(s.output(), tc.last);
    } finally {
      try { process.kill(-s.proc.pid, 'SIGKILL'); } catch { /* already gone */ }
    }
  });
}

test('cleanup', () => fs.rmSync(site, { recursive: true, force: true }));
