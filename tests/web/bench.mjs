// bench.mjs (make bench-web): figures for the web player, printed, not asserted.
//  - time to interactive: navigation start -> app booted (board drawn, moves accepted)
//    and -> engine ready (worker loaded, uci/isready answered), medians of RUNS loads
//  - frame times on the main thread while the engine analyses for 5 s (rAF intervals)
import { startServer, openBrowser, gotoApp, waitEngine, loadText } from './harness.mjs';

const RUNS = Number(process.env.RUNS || 5);
const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
const pct = (a, p) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(s.length * p))]; };

const server = await startServer();
try {
  const boot = [];
  const engine = [];
  for (let i = 0; i < RUNS; i++) {
    const b = await openBrowser();
    await gotoApp(b.page, server.url);
    await waitEngine(b.page);
    const t = await b.page.evaluate(() => ({
      boot: performance.getEntriesByName('azurite-ready')[0]?.startTime,
      engine: performance.getEntriesByName('azurite-engine-ready')[0]?.startTime,
    }));
    boot.push(t.boot);
    engine.push(t.engine);
    await b.close();
  }
  console.log(`time to interactive (board usable): median ${median(boot).toFixed(0)} ms over ${RUNS} cold loads [${boot.map((x) => x.toFixed(0)).join(', ')}]`);
  console.log(`time to engine ready: median ${median(engine).toFixed(0)} ms [${engine.map((x) => x.toFixed(0)).join(', ')}]`);

  const b = await openBrowser();
  await gotoApp(b.page, server.url);
  await waitEngine(b.page);
  await loadText(b.page, 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3');
  // Same page, same 5 s, once idle and once while the engine analyses (MultiPV 3): the
  // idle run is the baseline this machine's load gives.
  const measure = (analyse) => b.page.evaluate(async (on) => {
    const out = [];
    const long = [];
    const obs = new PerformanceObserver((l) => { for (const e of l.getEntries()) long.push(e.duration); });
    obs.observe({ type: 'longtask' });
    if (on) document.getElementById('btn-engine').click();
    let last = performance.now();
    const end = last + 5000;
    await new Promise((resolve) => {
      const f = (t) => { out.push(t - last); last = t; if (t < end) requestAnimationFrame(f); else resolve(); };
      requestAnimationFrame(f);
    });
    if (on) document.getElementById('btn-engine').click();
    obs.disconnect();
    out.long = long;
    return { out, long };
  }, analyse);
  for (const [label, on] of [['idle', false], ['analysis', true], ['idle', false], ['analysis', true]]) {
    const { out: frames, long } = await measure(on);
    console.log(`frame intervals, 5 s ${label}: n=${frames.length} median ${median(frames).toFixed(1)} ms p95 ${pct(frames, 0.95).toFixed(1)} ms max ${Math.max(...frames).toFixed(1)} ms; main-thread long tasks (>50 ms): ${long.length}, ${long.reduce((a, x) => a + x, 0).toFixed(0)} ms`);
    await b.page.waitForTimeout(500);
  }
  await b.close();
} finally {
  server.stop();
}
