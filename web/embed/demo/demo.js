// demo.js: writes the events of the demo page's boards into the log (as text only).
const log = document.getElementById('log');
function write(line) {
  log.textContent = `${line}\n${log.textContent}`.slice(0, 20000);
}
for (const name of ['move', 'gameover', 'eval']) {
  document.addEventListener(name, (e) => {
    const id = e.target && e.target.id ? e.target.id : 'board';
    const d = e.detail || {};
    if (name === 'eval') write(`${id} eval: depth ${d.depth} ${d.scoreMate != null ? `#${d.scoreMate}` : d.scoreCp} ${(d.san || []).slice(0, 4).join(' ')}`);
    else if (name === 'move') write(`${id} move: ${d.san} by ${d.by}`);
    else write(`${id} gameover: ${d.result} (${d.reason})`);
  });
}
