// A UCI engine process for tests: write lines, wait for output lines.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

export class UCIProcess {
  constructor(cmd, args, opts = {}) {
    this.proc = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'], ...opts });
    this.lines = [];      // {t, line}
    this.stderr = '';
    this.waiters = [];
    this.exited = new Promise((r) => this.proc.on('exit', (code, sig) => r({ code, sig })));
    this.proc.stderr.on('data', (d) => { this.stderr += d; });
    readline.createInterface({ input: this.proc.stdout }).on('line', (line) => {
      const rec = { t: performance.now(), line };
      this.lines.push(rec);
      for (const w of this.waiters.slice()) {
        if (this.lines.length - 1 >= w.from && w.pred(line)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          clearTimeout(w.timer);
          w.resolve(rec);
        }
      }
    });
  }

  /** send writes one line and returns the time it was written. */
  send(line) {
    const t = performance.now();
    this.proc.stdin.write(line + '\n');
    return t;
  }

  mark() { return this.lines.length; }

  /** wait resolves with the first line at index >= from matching pred (a RegExp or function). */
  wait(pred, ms = 30000, from = 0) {
    const f = pred instanceof RegExp ? (l) => pred.test(l) : pred;
    for (let i = from; i < this.lines.length; i++) if (f(this.lines[i].line)) return Promise.resolve(this.lines[i]);
    return new Promise((resolve, reject) => {
      const w = { pred: f, resolve, from };
      w.timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        reject(new Error(`timed out after ${ms} ms waiting for ${pred}; last lines: ${JSON.stringify(this.lines.slice(-5).map((r) => r.line))}; stderr: ${this.stderr.slice(-500)}`));
      }, ms);
      this.waiters.push(w);
    });
  }

  since(from) { return this.lines.slice(from).map((r) => r.line); }

  async quit() {
    if (this.proc.exitCode === null) this.send('quit');
    return this.exited;
  }

  kill() { this.proc.kill('SIGKILL'); }
}
