// engine-client.js: the page-side client of the Azurite engine worker
// (worker.js + azurite.wasm). It speaks the worker's typed messages
// (docs/protocol.md) and offers a small promise API:
//
//   const engine = new EngineClient({ workerUrl: 'worker.js', watchdogMs: 4000 });
//   await engine.ready();                      // worker loaded, uci/uciok, isready/readyok
//   await engine.setOption('MultiPV', 3);      // followed by an isready barrier
//   await engine.newGame();
//   await engine.loadBook(arrayBuffer);        // -> { entries }
//   engine.position(null, ['e2e4']);           // null = start position
//   const { move, ponder } = await engine.go({ movetime: 1000 }, (info) => { … });
//   await engine.stop();                       // resolves after the pending bestmove
//   engine.on('info' | 'error' | 'restarted', fn);
//   engine.terminate();
//
// Ordering: commands run one after another in call order. go() and
// position() while a search runs first stop it; the old search's promise
// still resolves with its bestmove. A go still waiting in the queue when a
// later go or position is called is stopped as soon as it starts (it too
// resolves with a bestmove), and so is an infinite or pondering one when a
// later stop or newGame is: queued behind a stopping search, it would
// otherwise run for ever and hold up all that follows. A timed go queued
// before a stop() still runs to its limit, as it would have had it started.
// Errors the engine reports for a command (a bad FEN, an unknown option)
// reject that command's promise.
//
// Watchdog: while anything is outstanding the client pings the worker with
// isready (answered within milliseconds even mid-search). A worker that
// stays silent for watchdogMs is terminated and a new one is started with
// the same options, book and position; pending promises reject with an error
// whose `restarted` property is true, and a 'restarted' event is emitted.

const DEFAULTS = {
  workerUrl: 'worker.js',
  watchdogMs: 4000,     // silence that counts as a hung worker (0 disables)
  loadTimeoutMs: 30000, // time allowed for fetching and compiling the engine
  maxRestarts: 3,       // restarts allowed within restartWindowMs before giving up
  restartWindowMs: 60000,
  createWorker: null,   // (url) => Worker, for tests or custom hosting
  sharedStop: true,     // on cross-origin isolated pages, also stop through a SharedArrayBuffer flag
};

// goCount is how many searches a message starts as the engine numbers them
// for the shared stop flag (docs/protocol.md): one per {type:'go'}, one per
// "go" line of a string.
function goCount(msg) {
  if (typeof msg === 'string') return msg.split('\n').filter((l) => /^go( |$)/.test(l.trim())).length;
  return msg && typeof msg === 'object' && msg.type === 'go' ? 1 : 0;
}

/** EngineError is an error reported by the engine or the client. */
export class EngineError extends Error {
  constructor(message, { where, source, restarted = false } = {}) {
    super(message);
    this.name = 'EngineError';
    this.where = where;
    this.source = source;
    this.restarted = restarted;
  }
}

export class EngineClient {
  constructor(config = {}) {
    this.config = { ...DEFAULTS, ...config };
    this.id = {};            // {name, author} from the last uci
    this.options = [];       // option descriptions from the last uci
    this._handlers = new Map();
    this._settings = new Map(); // option name -> value, replayed after a restart
    this._book = null;          // book bytes, replayed after a restart
    this._position = { fen: null, moves: [] };
    this._chain = Promise.resolve();
    this._gen = 0;              // incremented by each restart
    this._restartError = null;
    this._dead = null;          // EngineError once the client gave up or was terminated
    this._restarts = [];
    this._replaced = 0;         // go and position calls: each makes a queued go moot
    this._stopped = 0;          // stop and newGame calls: each ends a queued endless go
    this._spawn();
  }

  // ---- events ------------------------------------------------------------

  /** on registers fn for 'info', 'error', 'restarted', 'bestmove' or 'message'. */
  on(name, fn) {
    if (!this._handlers.has(name)) this._handlers.set(name, new Set());
    this._handlers.get(name).add(fn);
    return () => this.off(name, fn);
  }

  off(name, fn) { this._handlers.get(name)?.delete(fn); }

  /** onInfo is on('info', fn). */
  onInfo(fn) { return this.on('info', fn); }

  _emit(name, value) {
    for (const fn of this._handlers.get(name) || []) {
      try { fn(value); } catch (err) { setTimeout(() => { throw err; }); }
    }
  }

  // ---- public API ----------------------------------------------------------

  /** ready resolves once the engine has loaded and answered uci and isready. */
  ready() { return this._readyPromise; }

  /** send posts a raw message (a UCI string or a typed object) unchanged. */
  send(msg) { this._post(msg); }

  /** setOption sets an engine option and waits for the engine to apply it. */
  setOption(name, value) {
    return this._enqueue(async () => {
      const msg = value === undefined ? { type: 'setoption', name } : { type: 'setoption', name, value };
      await this._command([msg]);
      if (value !== undefined) this._settings.set(name, value);
    });
  }

  /** newGame tells the engine a new game starts (clears its tables). */
  newGame() {
    this._stopped++;
    this._stopSearch();
    return this._handled(this._enqueue(() => this._command([{ type: 'newgame' }])));
  }

  /** loadBook hands a Polyglot book (ArrayBuffer or Uint8Array) to the engine. */
  loadBook(data) {
    return this._enqueue(async () => {
      const bytes = data instanceof Uint8Array ? data.slice() : new Uint8Array(data.slice(0));
      const res = await this._request({ type: 'book', data: bytes }, 'book');
      this._book = bytes;
      return { entries: res.entries };
    });
  }

  /**
   * position sets the position for the next go: fen null for the start
   * position, moves in UCI form. A running search is stopped first. The
   * promise rejects if the engine refuses the position (the previous one
   * stays); go() after a refused position rejects too.
   */
  position(fen, moves = []) {
    this._replaced++;
    this._stopSearch();
    const pos = { fen: fen || null, moves: [...moves] };
    return this._handled(this._enqueue(async () => {
      try {
        await this._command([this._positionMessage(pos)]);
        this._position = pos;
        this._positionError = null;
      } catch (err) {
        this._positionError = err;
        throw err;
      }
    }));
  }

  // _handled marks p's rejection as handled, for callers that do not await
  // it (the error also reaches on('error')); awaiting callers still see it.
  _handled(p) {
    p.catch(() => {});
    return p;
  }

  /**
   * go starts a search with UCI limits ({depth, movetime, wtime, …,
   * infinite}) and resolves with {move, ponder} at its bestmove, and stopped:
   * true when a stop was sent to it (by stop(), a later go, position or
   * newGame), so that it may have ended before its limit. onInfo gets every
   * typed info event of this search.
   */
  go(limits = {}, onInfo = null) {
    this._replaced++;
    this._stopSearch();
    const replaced = this._replaced;
    const stopped = this._stopped;
    const endless = !!(limits && (limits.infinite || limits.ponder));
    return this._enqueue(() => {
      if (this._positionError) {
        return Promise.reject(new EngineError('no valid position: ' + this._positionError.message, { where: 'position' }));
      }
      return new Promise((resolve, reject) => {
        this._search = { resolve, reject, onInfo, stopSent: false };
        this._post({ ...limits, type: 'go' });
        this._armWatchdog();
        // A call after this go was queued made it moot (see Ordering above).
        if (this._replaced !== replaced || (endless && this._stopped !== stopped)) this._stopSearch();
      });
    });
  }

  /** stop ends the running search; it resolves once its bestmove arrived. */
  stop() {
    this._stopped++;
    this._stopSearch();
    return this._enqueue(() => undefined);
  }

  /** ponderHit tells a pondering search that the expected move was played. */
  ponderHit() { this._post({ type: 'ponderhit' }); }

  /** isReady resolves when the engine has processed everything sent so far. */
  isReady() { return this._enqueue(() => this._command([])); }

  /** terminate ends the worker; pending promises reject. */
  terminate() {
    this._fail(new EngineError('engine terminated', { source: 'client' }), false);
  }

  // ---- worker lifecycle ---------------------------------------------------------

  _spawn() {
    const { createWorker, workerUrl } = this.config;
    this._search = null;
    this._barriers = [];     // pending isready waiters, FIFO: {resolve, reject, errors}
    this._waiting = null;    // {type, resolve, reject} for a typed reply (book)
    this._lastHeard = performance.now();
    this._loaded = false;
    this._pingAt = null;
    let resolveLoaded, rejectLoaded;
    this._loadedPromise = new Promise((res, rej) => { resolveLoaded = res; rejectLoaded = rej; });
    this._loadedPromise.catch(() => {});
    this._onLoaded = { resolve: resolveLoaded, reject: rejectLoaded };
    const worker = createWorker ? createWorker(workerUrl) : new Worker(workerUrl);
    this._worker = worker;
    worker.onmessage = (e) => { if (this._worker === worker) this._receive(e.data); };
    worker.onerror = (e) => {
      if (this._worker !== worker) return;
      e.preventDefault?.();
      this._fatal('worker error: ' + (e.message || 'failed to start ' + workerUrl));
    };
    // On a cross-origin isolated page the search also watches a shared flag,
    // so stop does not wait for the worker's event loop (docs/protocol.md).
    // The engine numbers the go messages it receives after the flag; to stop
    // search n the client stores n (so a stop stored before the worker has
    // reached that go still counts).
    this._flag = null;
    this._goCount = 0;
    if (this.config.sharedStop && globalThis.crossOriginIsolated && typeof SharedArrayBuffer === 'function') {
      this._flag = new Int32Array(new SharedArrayBuffer(4));
      worker.postMessage({ type: 'stopflag', buffer: this._flag.buffer });
    }
    this._startTimer();
    this._readyPromise = this._enqueue(() => this._handshake());
    this._readyPromise.catch(() => {});
  }

  async _handshake() {
    const options = [];
    const uciDone = new Promise((resolve, reject) => { this._uci = { resolve, reject, options }; });
    this._post({ type: 'uci' });
    await this._loadedPromise;
    await uciDone;
    this.options = options;
    for (const [name, value] of this._settings) {
      await this._command([{ type: 'setoption', name, value }]).catch((err) => this._emit('error', err));
    }
    if (this._book) {
      await this._request({ type: 'book', data: this._book }, 'book').catch((err) => this._emit('error', err));
    }
    if (this._position.fen || this._position.moves.length) {
      await this._command([this._positionMessage(this._position)]).catch((err) => this._emit('error', err));
    }
    await this._command([]);
  }

  _positionMessage(pos) {
    const m = { type: 'position', moves: pos.moves };
    if (pos.fen) m.fen = pos.fen;
    return m;
  }

  _post(msg) {
    if (this._dead) throw this._dead;
    this._worker.postMessage(msg);
    if (this._flag) this._goCount += goCount(msg);
  }

  // _enqueue runs step after every earlier command has finished.
  // Steps queued before a restart reject with the restart's error instead
  // of running against the new worker.
  _enqueue(step) {
    const gen = this._gen;
    const run = () => {
      if (this._dead) return Promise.reject(this._dead);
      if (gen !== this._gen) return Promise.reject(this._restartError);
      return step();
    };
    const p = this._chain.then(run, run);
    this._chain = p.catch(() => {});
    return p;
  }

  // _command posts msgs followed by isready and resolves at readyok; an
  // error event in between rejects it.
  _command(msgs) {
    return new Promise((resolve, reject) => {
      for (const m of msgs) this._post(m);
      this._barriers.push({ resolve, reject, errors: [] });
      this._post({ type: 'isready' });
      this._armWatchdog();
    });
  }

  // _request posts msg and resolves with the first event of type reply.
  _request(msg, reply) {
    return new Promise((resolve, reject) => {
      this._waiting = { type: reply, resolve, reject };
      this._post(msg);
      this._armWatchdog();
    });
  }

  // _stopSearch stops the running search, if any.
  _stopSearch() {
    const s = this._search;
    if (s && !s.stopSent && !this._dead) {
      s.stopSent = true;
      if (this._flag) Atomics.store(this._flag, 0, this._goCount);
      this._post({ type: 'stop' });
    }
  }

  _receive(d) {
    this._lastHeard = performance.now();
    this._pingAt = null;
    this._emit('message', d);
    if (typeof d === 'string' || !d || typeof d !== 'object') return; // a raw send()'s reply
    switch (d.type) {
      case 'loaded':
        this._loaded = true;
        this._onLoaded.resolve();
        break;
      case 'id':
        Object.assign(this.id, d.name !== undefined ? { name: d.name } : {}, d.author !== undefined ? { author: d.author } : {});
        break;
      case 'option':
        this._uci?.options.push(d);
        break;
      case 'uciok':
        // A worker that saw a raw string first posts no 'loaded': uciok implies it.
        this._loaded = true;
        this._onLoaded.resolve();
        if (this._uci) { this._uci.resolve(); this._uci = null; }
        break;
      case 'readyok': {
        const b = this._barriers.shift();
        if (!b) break; // a watchdog ping
        if (b.errors.length) b.reject(b.errors[0]); else b.resolve();
        break;
      }
      case 'info':
        this._search?.onInfo?.(d);
        this._emit('info', d);
        break;
      case 'bestmove': {
        const s = this._search;
        this._search = null;
        const res = { move: d.move };
        if (d.ponder) res.ponder = d.ponder;
        if (s?.stopSent) res.stopped = true;
        this._emit('bestmove', res);
        s?.resolve(res);
        break;
      }
      case 'book':
        if (this._waiting?.type === 'book') { this._waiting.resolve(d); this._waiting = null; }
        break;
      case 'error': {
        const err = new EngineError(d.message, { where: d.where, source: d.source });
        if (d.fatal) { this._fatal(d.message, d.source === 'load'); return; }
        if (this._waiting && d.where === 'book') {
          this._waiting.reject(err); this._waiting = null;
        } else if (this._barriers.length) {
          // The engine answers in order: an error belongs to the oldest command whose
          // readyok has not come (a watchdog ping posted after it waits behind it).
          this._barriers[0].errors.push(err);
        }
        this._emit('error', err);
        break;
      }
      default:
        break;
    }
  }

  // ---- watchdog and restarts ------------------------------------------------

  _armWatchdog() { this._lastHeard = Math.max(this._lastHeard, performance.now() - 1); }

  _outstanding() {
    return !this._loaded || this._uci || this._search || this._barriers.length > 0 || this._waiting;
  }

  // The timer may be throttled (background tabs run intervals once a
  // minute), so a restart needs a ping that went unanswered, not just a long
  // gap since the last tick.
  _startTimer() {
    clearInterval(this._timer);
    const ms = this.config.watchdogMs;
    if (!ms) return;
    this._timer = setInterval(() => {
      const now = performance.now();
      if (this._dead || !this._outstanding()) { this._lastHeard = now; this._pingAt = null; return; }
      const silent = now - this._lastHeard;
      if (!this._loaded) {
        if (silent > this.config.loadTimeoutMs) this._restart(`not loaded after ${Math.round(silent)} ms`);
        return;
      }
      if (this._pingAt == null) {
        if (silent > ms / 2) {
          this._pingAt = now;
          this._worker.postMessage({ type: 'isready' });
          this._barriers.push({ resolve() {}, reject() {}, errors: [] }); // its readyok
        }
      } else if (now - this._pingAt > ms / 2 && silent > ms) {
        this._restart(`no answer for ${Math.round(silent)} ms`);
      }
    }, Math.max(50, ms / 8));
  }

  // _fatal handles a worker that died (crash, out of memory) or never loaded.
  _fatal(message, isLoad) {
    if (isLoad || !this._loaded) {
      this._fail(new EngineError(message, { source: 'load' }), true);
    } else {
      this._restart(message);
    }
  }

  _restart(reason) {
    if (this._dead) return;
    const now = performance.now();
    this._restarts = this._restarts.filter((t) => now - t < this.config.restartWindowMs);
    if (this._restarts.length >= this.config.maxRestarts) {
      this._fail(new EngineError(`engine keeps failing (${reason}); giving up after ${this._restarts.length} restarts`, { source: 'engine' }), true);
      return;
    }
    this._restarts.push(now);
    const err = new EngineError('engine restarted: ' + reason, { source: 'engine', restarted: true });
    this._gen++;
    this._restartError = err;
    this._rejectPending(err);
    this._worker.terminate();
    this._spawn();
    this._readyPromise.then(() => this._emit('restarted', { reason }), (e) => this._emit('error', e));
  }

  _rejectPending(err) {
    const s = this._search;
    this._search = null;
    s?.reject(err);
    for (const b of this._barriers.splice(0)) b.reject(err);
    this._waiting?.reject(err);
    this._waiting = null;
    if (this._uci) { this._uci.reject(err); this._uci = null; }
    this._onLoaded.reject(err);
  }

  _fail(err, emit) {
    if (this._dead) return;
    this._dead = err;
    clearInterval(this._timer);
    this._rejectPending(err);
    this._worker.terminate();
    if (emit) this._emit('error', err);
  }
}
