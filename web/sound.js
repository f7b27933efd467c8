// sound.js: move sounds made with the Web Audio API (no sound files to ship or
// license). Each kind is a few short oscillator notes with a fast decay. The
// AudioContext is created on the first sound after a user gesture has happened
// (browsers refuse to start one earlier), and nothing plays while muted.

// NOTES gives each kind its notes: [frequency Hz, start s, length s, waveform].
const NOTES = {
  move: [[520, 0, 0.07, 'triangle']],
  capture: [[300, 0, 0.06, 'square'], [220, 0.05, 0.09, 'triangle']],
  check: [[660, 0, 0.08, 'triangle'], [880, 0.08, 0.12, 'triangle']],
  end: [[523, 0, 0.15, 'sine'], [659, 0.13, 0.15, 'sine'], [784, 0.26, 0.3, 'sine']],
  lowtime: [[990, 0, 0.09, 'square'], [990, 0.16, 0.09, 'square']],
};

/** SOUND_KINDS lists what play() accepts. */
export const SOUND_KINDS = Object.keys(NOTES);

const VOLUME = 0.12;

/**
 * createSound returns {play(kind), setEnabled(on), enabled, played}. played counts
 * the sounds requested while enabled, by kind (tests read it; headless browsers may
 * have no audio output, so the count is what can be checked).
 */
export function createSound({ enabled = true } = {}) {
  let ctx = null;
  let on = enabled;
  let gesture = false;
  const played = Object.fromEntries(SOUND_KINDS.map((k) => [k, 0]));
  const mark = () => {
    gesture = true;
  };
  for (const ev of ['pointerdown', 'keydown', 'touchstart']) addEventListener(ev, mark, { capture: true, passive: true });

  function context() {
    if (ctx) return ctx;
    const AC = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (!AC || !gesture) return null;
    try {
      ctx = new AC();
    } catch {
      ctx = null;
    }
    return ctx;
  }

  return {
    get enabled() {
      return on;
    },
    played,
    setEnabled(v) {
      on = !!v;
    },
    /** play sounds kind (one of SOUND_KINDS) unless muted; it never throws. */
    play(kind) {
      const notes = NOTES[kind];
      if (!on || !notes) return;
      played[kind]++;
      const ac = context();
      if (!ac) return;
      if (ac.state === 'suspended') ac.resume().catch(() => {});
      const t0 = ac.currentTime + 0.01;
      for (const [freq, start, len, type] of notes) {
        const osc = ac.createOscillator();
        const gain = ac.createGain();
        osc.type = type;
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(VOLUME, t0 + start);
        gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + len);
        osc.connect(gain).connect(ac.destination);
        osc.start(t0 + start);
        osc.stop(t0 + start + len + 0.02);
      }
    },
  };
}

/** soundFor names the sound of a move node: check beats capture beats move. */
export function soundFor(node) {
  if (!node || !node.san) return null;
  if (/[+#]$/.test(node.san)) return 'check';
  if (node.san.includes('x')) return 'capture';
  return 'move';
}
