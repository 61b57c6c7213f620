// Pictures of the shown game, for every game at once through the board shell's paintInto:
// "Save image" (the shown move as a PNG at 2x or more, with the game, seed, move and score
// written under it) and "Save animation" (a range of moves as WebM through MediaRecorder, or
// as a GIF encoded in a worker by the vendored gifenc). app.js loads this module on the first
// click, so the player's cold load does not carry it.
import { Play, describe } from '../pkg/arcade.js';
import { readTheme } from '../board/shell.js';
import { FONT } from '../games/common.js';
import { download } from '../download.js';
import { group, plural, sizeText, errorText } from '../words.js';

const PAD = 12; // CSS px around the board and the caption
const TITLE_PX = 16;
const LINE_PX = 13;
const CAPTION_H = 48; // CSS px under the board: the title and one line of facts
/** More frames than this would take minutes and hundreds of MB: a range is refused. */
export const MAX_FRAMES = 2000;
const FPS = [2, 5, 10, 25];
const LIMITS_MB = [5, 20, 50];
const WEBM = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'];

/**
 * `g` (from app.js): {renderer, canvas (the board), play (the shown session), game, title,
 * seed, params, output (the full output text), moveWord, scoreText(frame), message(text, opts)}.
 */

/** The caption's two lines for `frame`. */
function captionOf(g, frame) {
  let params = '';
  try {
    params = describe(g.game, g.seed, g.params);
  } catch {
    // The shown game was made from these: describe cannot fail here; the caption goes without.
  }
  const word = (g.moveWord ?? 'Move').toLowerCase();
  return [
    g.title,
    `seed ${g.seed}${params ? ` (${params})` : ''} · ${word} ${group(frame.turn)} of ${group(frame.moves)} · score ${g.scoreText(frame)}`,
  ];
}

const font = (px, weight) => `${weight} ${px}px ${FONT}`;

/** The sheet's size in CSS px: the board and its caption, as wide as the longer of the two. */
function sheetSize(g, lines) {
  const board = g.renderer.size();
  const probe = document.createElement('canvas').getContext('2d');
  probe.font = font(TITLE_PX, 600);
  let text = probe.measureText(lines[0]).width;
  probe.font = font(LINE_PX, 400);
  text = Math.max(text, probe.measureText(lines[1]).width);
  return { board, w: Math.ceil(Math.max(board.w, text) + 2 * PAD), h: Math.ceil(board.h + CAPTION_H + 2 * PAD) };
}

/** Paints `frame` and its caption on `ctx` (a canvas of sheet x ratio px) in the page's theme. */
function paintSheet(ctx, g, frame, sheet, ratio) {
  const theme = readTheme(g.canvas);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.fillStyle = theme.bg;
  ctx.fillRect(0, 0, sheet.w, sheet.h);
  const x = (sheet.w - sheet.board.w) / 2;
  ctx.fillStyle = theme.panel;
  ctx.fillRect(x, PAD, sheet.board.w, sheet.board.h);
  g.renderer.paintInto(ctx, frame, { x: x * ratio, y: PAD * ratio, ratio });
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.strokeStyle = theme.line;
  ctx.lineWidth = 1;
  ctx.strokeRect(x - 0.5, PAD - 0.5, sheet.board.w + 1, sheet.board.h + 1);
  const [title, facts] = captionOf(g, frame);
  const top = PAD + sheet.board.h;
  const room = sheet.w - 2 * PAD;
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.fillStyle = theme.ink;
  ctx.font = font(TITLE_PX, 600);
  ctx.fillText(title, PAD, top + 22, room);
  ctx.fillStyle = theme.muted;
  ctx.font = font(LINE_PX, 400);
  ctx.fillText(facts, PAD, top + 41, room);
}

const toBlob = (canvas, type) => new Promise((resolve) => { canvas.toBlob(resolve, type); });

/** Saves the shown move as a PNG at max(2, devicePixelRatio) px per CSS px. */
export async function saveImage(g) {
  const frame = g.play.frame();
  const ratio = Math.max(2, window.devicePixelRatio || 1);
  const sheet = sheetSize(g, captionOf(g, frame));
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(sheet.w * ratio);
  canvas.height = Math.ceil(sheet.h * ratio);
  paintSheet(canvas.getContext('2d'), g, frame, sheet, ratio);
  const blob = await toBlob(canvas, 'image/png');
  if (!blob) {
    g.message(`Save image: the browser could not make a ${canvas.width}x${canvas.height} PNG.`);
    return;
  }
  const name = `${g.game}-${g.seed}-move-${frame.turn}.png`;
  download(name, blob);
  g.message(`Saved ${name} (${canvas.width}x${canvas.height} px, ${sizeText(blob.size)}).`, { kind: 'info' });
}

// ---------- animation ----------

class Stopped extends Error {}

/** The WebM type this browser records, or null (no MediaRecorder, or no WebM in it). */
export function webmType() {
  if (typeof MediaRecorder === 'undefined' || !HTMLCanvasElement.prototype.captureStream) return null;
  return WEBM.find((t) => MediaRecorder.isTypeSupported(t)) ?? null;
}

/**
 * WebM: the canvas's stream, one frame requested per move, held 1/fps s of real time (the
 * recorder stamps frames with the clock, so a recording takes as long as it plays).
 */
function webmSink(canvas, { fps, type }) {
  const stream = canvas.captureStream(0);
  const track = stream.getVideoTracks()[0];
  const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 4_000_000 });
  const chunks = [];
  let bytes = 0;
  let failed = null;
  recorder.ondataavailable = (e) => {
    if (e.data.size) {
      chunks.push(e.data);
      bytes += e.data.size;
    }
  };
  recorder.onerror = (e) => { failed = e.error ?? new Error('the recorder failed'); };
  const stopped = new Promise((resolve) => { recorder.onstop = resolve; });
  // Frames sent before the recorder has started are lost (an empty file under load).
  const started = new Promise((resolve) => { recorder.onstart = resolve; });
  recorder.start(200);
  let wake = null; // ends the wait between frames at once on Cancel
  const end = () => {
    if (recorder.state !== 'inactive') recorder.stop();
    track.stop();
  };
  return {
    get bytes() { return bytes; },
    async add() {
      await started;
      if (failed) throw failed;
      track.requestFrame();
      await new Promise((resolve, reject) => {
        wake = reject;
        setTimeout(resolve, 1000 / fps);
      });
    },
    async finish() {
      end();
      await stopped;
      if (failed) throw failed;
      return new Blob(chunks, { type: type.split(';')[0] });
    },
    cancel() {
      end();
      wake?.(new Stopped());
    },
  };
}

/** GIF: each frame's pixels go to a worker (gifenc: a palette per frame); it answers with the file's size so far. */
function gifSink(ctx, { fps }) {
  const { canvas } = ctx;
  const worker = new Worker(new URL('./gif-worker.js', import.meta.url), { type: 'module' });
  let bytes = 0;
  let pending = null; // the waiting call's reject: a cancel ends it at once
  const call = (message, transfer = []) => new Promise((resolve, reject) => {
    pending = reject;
    worker.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve(data));
    worker.onerror = (e) => { e.preventDefault(); reject(new Error(e.message || 'the GIF encoder could not start')); };
    worker.postMessage(message, transfer);
  });
  return {
    get bytes() { return bytes; },
    async add() {
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      ({ bytes } = await call({ type: 'frame', rgba: data.buffer, width: canvas.width, height: canvas.height, delay: Math.round(1000 / fps) }, [data.buffer]));
    },
    async finish() {
      const { gif } = await call({ type: 'finish' });
      worker.terminate();
      return new Blob([gif], { type: 'image/gif' });
    },
    cancel() {
      worker.terminate();
      pending?.(new Stopped());
    },
  };
}

/**
 * Draws moves `from`..`to` of the shown game from a second session (the player's shown move is
 * never touched) into `sink`, a frame at a time with a yield between (the sink's wait), and
 * reports `progress(done, total, bytes)`. Throws Stopped when `job.cancelled` or the size passes
 * `limit` bytes (`job.reason` says which).
 */
async function record(g, { from, to, ratio, limit, format, fps }, job, progress) {
  const play = new Play(g.game, g.seed, g.params);
  try {
    play.loadOutput(g.output);
    play.seek(to);
    // The sheet fits the last frame's caption; a wider one is squeezed into it (fillText's width).
    const sheet = sheetSize(g, captionOf(g, play.frame()));
    const canvas = document.createElement('canvas');
    // Video encoders want even sizes.
    canvas.width = 2 * Math.ceil((sheet.w * ratio) / 2);
    canvas.height = 2 * Math.ceil((sheet.h * ratio) / 2);
    const ctx = canvas.getContext('2d', { willReadFrequently: format === 'gif' });
    const sink = format === 'gif' ? gifSink(ctx, { fps }) : webmSink(canvas, { fps, type: format });
    job.cancel = () => sink.cancel();
    const total = to - from + 1;
    try {
      for (let t = from; t <= to; t++) {
        if (job.cancelled) throw new Stopped();
        play.seek(t);
        paintSheet(ctx, g, play.frame(), sheet, ratio);
        await sink.add();
        if (job.cancelled) throw new Stopped();
        if (sink.bytes > limit) {
          job.reason = `the file passed the size limit of ${sizeText(limit)} at move ${group(t)}`;
          throw new Stopped();
        }
        progress(t - from + 1, total, sink.bytes);
      }
      const blob = await sink.finish();
      if (blob.size > limit) {
        job.reason = `the file (${sizeText(blob.size)}) is over the size limit of ${sizeText(limit)}`;
        throw new Stopped();
      }
      return { blob, width: canvas.width, height: canvas.height };
    } catch (error) {
      sink.cancel();
      throw error;
    }
  } finally {
    play.free();
  }
}

let dialog = null;

/** The dialog's elements, made once (DOM calls and textContent only). */
function makeDialog() {
  const el = (tag, props = {}, ...children) => {
    const e = Object.assign(document.createElement(tag), props);
    e.append(...children);
    return e;
  };
  const field = (text, input) => el('label', {}, text, input);
  const choice = (id, values, word) => el('select', { id }, ...values.map((v) => new Option(word(v), String(v))));
  const d = {
    from: el('input', { id: 'anim-from', type: 'number', min: '0', step: '1' }),
    to: el('input', { id: 'anim-to', type: 'number', min: '0', step: '1' }),
    fps: choice('anim-fps', FPS, (v) => `${v} per second`),
    limit: choice('anim-limit', LIMITS_MB, (v) => `${v} MB`),
    format: el('select', { id: 'anim-format' }),
    bar: el('progress', { id: 'anim-progress', max: 1, value: 0 }),
    status: el('p', { id: 'anim-status', role: 'status' }),
    start: el('button', { id: 'anim-start', type: 'button', textContent: 'Save' }),
    close: el('button', { id: 'anim-close', type: 'button', textContent: 'Close' }),
    job: null,
  };
  d.fps.value = '10';
  d.limit.value = '20';
  d.root = el('dialog', { id: 'animation-dialog' },
    el('h2', { id: 'anim-title', textContent: 'Save animation' }),
    el('div', { className: 'anim-grid' },
      field('From move ', d.from), field('to move ', d.to),
      field('Frames ', d.fps), field('Format ', d.format), field('Size limit ', d.limit)),
    d.bar, d.status,
    el('div', { className: 'row' }, d.start, d.close));
  d.root.setAttribute('aria-labelledby', 'anim-title');
  d.bar.setAttribute('aria-label', 'progress');
  document.body.append(d.root);
  return d;
}

/** Cancel: the recording ends now, and the dialog says so at once. */
function stopJob(d) {
  if (!d.job) return;
  d.job.cancelled = true;
  d.job.cancel?.();
  d.job = null;
  d.start.disabled = false;
  d.close.textContent = 'Close';
  d.status.textContent = 'Cancelled; nothing was saved.';
}

/** Opens the Save animation dialog for the shown game. */
export function saveAnimation(g) {
  dialog ??= makeDialog();
  const d = dialog;
  const moves = g.play.moves();
  const webm = webmType();
  d.format.replaceChildren(...[webm && new Option('WebM video', webm), new Option('GIF image', 'gif')].filter(Boolean));
  for (const input of [d.from, d.to]) input.max = String(moves);
  const shown = g.play.cursor();
  d.from.value = String(shown < moves ? shown : Math.max(0, moves - 50));
  d.to.value = String(shown < moves ? Math.min(moves, shown + 50) : moves);
  d.bar.value = 0;
  d.status.textContent = moves
    ? `${g.title}, seed ${g.seed}: moves 0 to ${group(moves)}; each frame shows one move.`
    : 'This game has no moves yet: play or load some first.';
  d.start.disabled = moves === 0;
  d.close.textContent = 'Close';

  const done = (job, text) => {
    if (d.job !== job) return; // cancelled: the dialog already said so
    d.job = null;
    d.start.disabled = false;
    d.close.textContent = 'Close';
    d.status.textContent = text;
  };
  d.close.onclick = () => {
    if (d.job) stopJob(d);
    else d.root.close();
  };
  // Esc closes the dialog and stops a recording.
  d.root.onclose = () => stopJob(d);
  d.start.onclick = async () => {
    const from = Number(d.from.value);
    const to = Number(d.to.value);
    const whole = (n) => Number.isInteger(n) && n >= 0 && n <= moves;
    if (!whole(from) || !whole(to) || from >= to) {
      d.status.textContent = `Choose moves from 0 to ${group(moves)}, the first before the last (now ${d.from.value || 'empty'} to ${d.to.value || 'empty'}).`;
      return;
    }
    if (to - from + 1 > MAX_FRAMES) {
      d.status.textContent = `${plural(to - from + 1, 'frame')} is too many: at most ${group(MAX_FRAMES)} in one animation.`;
      return;
    }
    const format = d.format.value;
    const options = {
      from, to, format,
      fps: Number(d.fps.value),
      limit: Number(d.limit.value) * 1e6,
      ratio: Math.min(2, Math.max(1, window.devicePixelRatio || 1)),
    };
    const job = { cancelled: false, reason: '' };
    d.job = job;
    d.start.disabled = true;
    d.close.textContent = 'Cancel';
    d.close.focus(); // Save is disabled while it records: Cancel is the one thing to press
    d.bar.value = 0;
    d.status.textContent = 'Starting…';
    const ext = format === 'gif' ? 'gif' : 'webm';
    const name = `${g.game}-${g.seed}-moves-${from}-${to}.${ext}`;
    try {
      const { blob, width, height } = await record(g, options, job, (n, total, bytes) => {
        if (job.cancelled) return;
        d.bar.value = n / total;
        d.status.textContent = `Frame ${group(n)} of ${group(total)} (${sizeText(bytes)})`;
      });
      if (job.cancelled) throw new Stopped();
      download(name, blob);
      done(job, `Saved ${name} (${plural(to - from + 1, 'frame')}, ${width}x${height} px, ${sizeText(blob.size)}).`);
    } catch (error) {
      if (!(error instanceof Stopped)) done(job, `Save animation failed: ${errorText(error)}.`);
      else if (job.reason) done(job, `Stopped: ${job.reason}. Choose fewer moves, fewer frames per second or a larger limit.`);
      else done(job, 'Cancelled; nothing was saved.');
    }
  };
  d.root.showModal();
}
