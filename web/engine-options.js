// engine-options.js: the one owner of the engine's options. Every mode sets the
// options it searches with through it (the shell's setOptions), and it remembers what
// the engine was last given, so a mode sends only what differs from that, whoever
// sent the rest: no mode keeps, or resets, another's idea of the engine's options.
// An option never sent holds the default the engine advertised in its uci answer;
// after a watchdog restart the client gives the new worker every option again
// (engine-client.js), so what is remembered stays true.

/**
 * createEngineOptions returns the owner of engine's options ({setOption(name, value),
 * stop(), options: [{name}]} as engine-client.js's EngineClient):
 *   apply(opts)  sends each option of opts whose value differs from the one last sent,
 *                skipping names the engine does not advertise (a level keeps working
 *                with an engine that lacks, say, Book Variety); when any differs it
 *                stops the engine's search first. It resolves with the names sent. A
 *                refused option is reported with console.warn and not remembered; a
 *                watchdog restart (error.restarted) rejects.
 *   sent(name)   the value the engine has for name as a string: the one last sent,
 *                else its advertised default; undefined when neither is known
 */
export function createEngineOptions(engine) {
  const sent = new Map(); // lower-cased name -> String(value)
  const key = (name) => String(name).toLowerCase();
  const advertised = () => (Array.isArray(engine.options) ? engine.options : []);
  function current(name) {
    const k = key(name);
    if (sent.has(k)) return sent.get(k);
    const o = advertised().find((x) => key(x.name) === k);
    return o && o.default !== undefined ? String(o.default) : undefined;
  }
  return {
    async apply(opts) {
      const known = advertised().length ? new Set(advertised().map((o) => key(o.name))) : null;
      const todo = Object.entries(opts).filter(([k, v]) => (!known || known.has(key(k))) && current(k) !== String(v));
      if (!todo.length) return [];
      await engine.stop();
      const done = [];
      for (const [k, v] of todo) {
        try {
          await engine.setOption(k, v);
          sent.set(key(k), String(v));
          done.push(k);
        } catch (e) {
          if (e && e.restarted) throw e;
          sent.delete(key(k));
          console.warn(`setoption ${k}: ${e && e.message}`);
        }
      }
      return done;
    },
    sent: current,
  };
}
