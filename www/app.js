// The playground page: picks a game and seed, draws it, plays it by hand (mouse, touch or
// keyboard), replays outputs, runs solvers in a worker and shares everything as a link.
// Nothing a player did is lost: the current game of every game id is kept in the browser and
// in the address bar, and whatever replaces a game with moves is kept under "Your games".
// All game logic is in wasm.
import init, { games, Play, randomSeed } from './pkg/arcade.js';
import { SolverRunner } from './solver.js';
import { encodeLink, decodeLink, SPEEDS } from './link.js';
import { Store, sameGame } from './store.js';
import { renderers } from './games/index.js';
import { group } from './games/common.js';

const $ = (id) => document.getElementById(id);

// Text longer than this is never put into the output box (a textarea holding megabytes
// freezes the page); above the limit it is refused: no game's output comes near it.
const BOX_CHARS = 100_000;
const PASTE_LIMIT = 4 * 1024 * 1024;
const SAVE_MS = 300;
const ANNOUNCE_MS = 900;
const SOLVE_ANNOUNCE_MS = 5000;

const app = {
  infos: [],
  info: null, // the current game's info
  seed: '1',
  params: {},
  play: null, // wasm Play: the game being shown
  label: 'your game', // where the shown game came from
  renderer: null,
  playing: false,
  runner: null,
  solveTicker: 0,
  pendingText: null, // a pasted or uploaded output too long for the box
  movesText: null, // cache of the full output text; null when the moves changed
  store: null,
};

// ---------- messages ----------

function showMessage(text, { kind = 'error', actions = [] } = {}) {
  const box = $('message');
  box.className = kind === 'error' ? '' : 'info';
  box.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  $('message-text').textContent = text;
  $('message-actions').replaceChildren(...actions.map(({ label, run }) => {
    const button = document.createElement('button');
    button.textContent = label;
    button.onclick = () => { clearMessage(); run(); };
    return button;
  }));
  box.hidden = false;
}

function clearMessage() {
  $('message').hidden = true;
}

const errorText = (error) => String(error?.message ?? error);
const plural = (n, word) => `${group(n)} ${word}${n === 1 ? '' : 's'}`;
const sizeText = (chars) => (chars >= 1e6 ? `${(chars / 1e6).toFixed(1)} MB` : `${Math.ceil(chars / 1000)} KB`);

/**
 * Where move `turn` (0-based) stands in an output text, for a person reading the file: the
 * move counted from 1 and its line. `unit` is how the game writes a move: 'line' (one line
 * each; blank and '#' lines skipped), 'ints3' (three integers), 'chars' (one letter).
 */
export function locateMove(text, turn, unit) {
  const name = `move ${turn + 1}`;
  if (!text) return name;
  const lines = text.split('\n');
  if (unit === 'line') {
    let k = 0;
    for (let i = 0; i < lines.length; i++) {
      const t = lines[i].trim();
      if (!t || t.startsWith('#')) continue;
      if (k++ === turn) return `${name} (line ${i + 1})`;
    }
    return `${name} (after the last line)`;
  }
  const per = unit === 'ints3' ? 3 : 1;
  const pattern = unit === 'ints3' ? /\S+/g : /\S/g;
  let k = 0;
  for (let i = 0; i < lines.length; i++) {
    for (const _ of lines[i].matchAll(pattern)) {
      if (k++ === turn * per) return `${name} (line ${i + 1})`;
    }
  }
  return `${name} (after the end of the file)`;
}

// ---------- game setup ----------

function infoOf(id) {
  return app.infos.find((g) => g.id === id) ?? null;
}

function fillGameControls(info) {
  $('game').value = info.id;
  const params = $('params');
  params.replaceChildren();
  for (const p of info.params) {
    const label = document.createElement('label');
    label.title = `${p.help} (${p.min}..${p.max}); empty = as the generator draws it`;
    label.append(`${p.name} `);
    const input = document.createElement('input');
    input.type = 'number';
    input.min = p.min;
    input.max = p.max;
    input.placeholder = 'auto';
    input.dataset.param = p.name;
    input.setAttribute('aria-label', `${p.name}: ${p.help}`);
    label.append(input);
    params.append(label);
  }
  const solver = $('solver');
  solver.replaceChildren(...info.agents.map((a) => new Option(a, a)));
  const caveat = $('caveat');
  caveat.hidden = !info.caveat;
  caveat.textContent = info.caveat ? `Note: ${info.caveat}` : '';
}

function showParams() {
  $('seed').value = app.seed;
  for (const input of $('params').querySelectorAll('input')) input.value = app.params[input.dataset.param] ?? '';
}

function readParams() {
  const params = {};
  for (const input of $('params').querySelectorAll('input')) {
    const text = input.value.trim();
    if (text === '') continue;
    const spec = app.info.params.find((p) => p.name === input.dataset.param);
    if (!/^-?\d+$/.test(text)) throw new Error(`${spec.name} must be a whole number, got '${text}'`);
    const value = Number(text);
    if (value < spec.min || value > spec.max) throw new Error(`${spec.name} must be from ${spec.min} to ${spec.max}, got ${text}`);
    params[spec.name] = value;
  }
  return params;
}

/** Shows the renderer of `gameId` (a new one when the game changes). */
function useRenderer(gameId) {
  if (app.info?.id === gameId && app.renderer) return;
  app.renderer?.destroy();
  app.info = infoOf(gameId);
  fillGameControls(app.info);
  const controls = $('game-controls');
  controls.replaceChildren();
  const board = $('board');
  app.renderer = renderers[gameId].create(board, hooks);
  board.className = app.renderer.touch ?? '';
  app.renderer.controls?.(controls);
  $('play-hint').textContent = app.renderer.hint ?? '';
  $('keys-hint').textContent = app.renderer.tap
    ? `Keyboard: focus the board (Tab), move with the arrow keys, Enter or Space to act${app.renderer.keys ? `; ${app.renderer.keys}` : ''}.`
    : (app.renderer.keys ?? '');
  $('turn-label').textContent = app.renderer.moveWord ?? 'Move';
  fillAbout(app.info, renderers[gameId].about);
  store().lastGame = gameId;
}

function fillAbout(info, about) {
  const body = $('about-body');
  body.replaceChildren();
  const add = (tag, text) => {
    const el = document.createElement(tag);
    el.textContent = text;
    body.append(el);
    return el;
  };
  if (!about) return;
  add('p', about.goal);
  add('h3', 'Rules');
  const rules = add('ul', '');
  for (const r of about.rules) {
    const li = document.createElement('li');
    li.textContent = r;
    rules.append(li);
  }
  add('h3', 'Scoring');
  add('p', about.scoring);
  add('h3', 'Keys');
  add('p', about.keys);
  add('h3', 'Where it comes from');
  const origin = add('p', `${about.contest}. `);
  const a = document.createElement('a');
  a.href = about.statement;
  a.textContent = 'The original statement';
  a.rel = 'noopener';
  a.target = '_blank';
  origin.append(a);
  if (info.caveat) add('p', `Where this page differs: ${info.caveat}`);
}

/**
 * Makes `play` the shown game. The game it replaces is kept under "Your games" when it has
 * moves (unless `keepOld` is false), so nothing a player did is lost.
 */
async function adopt(play, { seed, params, label, keepOld = true }) {
  if (keepOld) await keepCurrent();
  stopPlayback();
  const old = app.play;
  app.play = play;
  app.seed = seed;
  app.params = params;
  app.label = label;
  app.movesText = null;
  old?.free();
  showParams();
  render();
  changed();
}

/** A new game of `gameId`; on a bad seed or parameter nothing is lost and the reason shown. */
async function newGame(gameId, seed, params, options = {}) {
  let play;
  try {
    play = new Play(gameId, String(seed).trim(), params);
  } catch (error) {
    showMessage(errorText(error));
    return false;
  }
  app.runner?.cancel();
  setSolving(false);
  if (app.info?.id !== gameId) {
    // Another game: the shown one stays the current game of its own id.
    await saveNow();
    useRenderer(gameId);
    await adopt(play, { seed: String(seed).trim(), params, label: 'your game', keepOld: false, ...options });
  } else {
    await adopt(play, { seed: String(seed).trim(), params, label: 'your game', ...options });
  }
  return true;
}

/** A Play of the current game with `text` loaded; `{play, error}`. */
function playWith(gameId, seed, params, text) {
  const play = new Play(gameId, seed, params);
  const error = text ? play.loadOutput(text) : null;
  return { play, error };
}

const hooks = {
  play(action) {
    const cursor = app.play.cursor();
    const tail = app.play.moves() > cursor ? snapshot() : null;
    try {
      app.play.play(action);
    } catch (error) {
      // The rules count moves from 0; a person counts from 1.
      showMessage(errorText(error).replace(/^move (\d+):/, (_, k) => `move ${Number(k) + 1}:`));
      render();
      return false;
    }
    stopPlayback();
    clearMessage();
    app.movesText = null;
    // A move over a replay keeps the moves it replaced: under "Your games".
    if (tail && snapshot().text !== tail.text) {
      keep({ ...tail, label: `${tail.label} before move ${cursor + 1} was replayed` });
      showMessage(`You played over the loaded moves ${cursor + 1}–${tail.count}; the whole earlier game is kept under Your games.`, {
        kind: 'info',
        actions: [{ label: 'Back to it', run: () => restoreEntry(tail) }],
      });
    }
    render({ animated: true });
    changed();
    return true;
  },
  tooltip(text, event) {
    const tip = $('tooltip');
    if (!text || !event) {
      tip.hidden = true;
      return;
    }
    const area = $('board-area').getBoundingClientRect();
    tip.textContent = text;
    tip.hidden = false;
    const x = Math.min(event.clientX - area.left + 14, area.width - tip.offsetWidth - 4);
    tip.style.left = `${Math.max(0, x)}px`;
    tip.style.top = `${event.clientY - area.top + 14}px`;
  },
  message: (text) => showMessage(text, { kind: 'info' }),
  /** What the board's keyboard cursor is on, for screen readers. */
  announce: (text) => { $('announce').textContent = text; },
  /** The view after `actionText`, not played (null when the rules refuse it). */
  preview: (actionText) => {
    try {
      return app.play.preview(actionText);
    } catch {
      return null;
    }
  },
  /** The game's analysis of the shown position (null when it has none); may be slow. */
  analyze: () => app.play.analyze(),
};

// ---------- drawing ----------

function render({ animated = false } = {}) {
  const frame = app.play.frame();
  app.renderer.draw(frame, { animated });
  $('score').textContent = frame.view.score_text ?? group(frame.score);
  $('turn').textContent = frame.moves > frame.turn ? `${group(frame.turn)} / ${group(frame.moves)}` : group(frame.turn);
  const end = frame.over ? app.renderer.endText?.(frame.view) : null;
  $('status').textContent = frame.over ? `Game over${end ? `: ${end}` : ''}` : '';
  const slider = $('slider');
  slider.max = String(frame.moves);
  slider.value = String(frame.turn);
  $('undo').disabled = frame.turn === 0;
  $('redo').disabled = frame.turn === frame.moves;
  if ($('board-text').open) describeBoard();
  announceLater();
}

function describeBoard() {
  const frame = app.play.frame();
  $('board-text-body').textContent = app.renderer.describe?.(frame) ?? app.play.inputText();
}

let announceTimer = 0;
let announced = '';
/** Says the move and score to screen readers once they settle (not on every frame). */
function announceLater() {
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => {
    const frame = app.play.frame();
    const word = $('turn-label').textContent;
    const text = `${word} ${group(frame.turn)}${frame.moves > frame.turn ? ` of ${group(frame.moves)}` : ''}, score ${$('score').textContent}${frame.over ? ', game over' : ''}.`;
    if (text !== announced) {
      announced = text;
      $('announce').textContent = text;
    }
  }, ANNOUNCE_MS);
}

// ---------- replay ----------

function seek(turn) {
  app.play.seek(Math.max(0, Math.min(turn, app.play.moves())));
  render();
  changed();
}

function stopPlayback() {
  app.playing = false;
  $('play').textContent = '▶';
  $('play').setAttribute('aria-label', 'play');
}

function startPlayback() {
  if (app.play.cursor() >= app.play.moves()) app.play.seek(0);
  app.playing = true;
  $('play').textContent = '■';
  $('play').setAttribute('aria-label', 'pause');
  let last = performance.now();
  let carry = 0;
  const tick = (now) => {
    if (!app.playing) return;
    carry += ((now - last) * Number($('speed').value)) / 1000;
    last = now;
    const steps = Math.floor(carry);
    if (steps > 0) {
      carry -= steps;
      app.play.seek(app.play.cursor() + steps);
      render({ animated: steps === 1 });
      changed();
    }
    if (app.play.cursor() >= app.play.moves()) stopPlayback();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

// ---------- the game's memory: browser storage, the address bar, "Your games" ----------

function store() {
  app.store ??= new Store((reason) => {
    const text = `Your games cannot be kept in this browser (${reason}); the page works, but a reload will not bring them back. A share link still holds the shown game.`;
    $('saved-note').textContent = text;
    showMessage(text, { kind: 'info' });
  });
  return app.store;
}

/** The full output text (redo tail included) of the shown game. */
function fullOutput() {
  if (app.movesText === null) {
    const turn = app.play.cursor();
    app.play.seek(app.play.moves());
    app.movesText = app.play.outputText();
    app.play.seek(turn);
  }
  return app.movesText;
}

/** The shown game as kept: {seed, params, text, turn, count, score, label}. */
function snapshot() {
  const turn = app.play.cursor();
  const count = app.play.moves();
  app.play.seek(count);
  const score = app.play.frame().view.score_text ?? group(app.play.frame().score);
  app.play.seek(turn);
  return { seed: app.seed, params: { ...app.params }, text: fullOutput(), turn, count, score, label: app.label };
}

async function keep(entry) {
  if (!entry.count) return;
  await store().keep(app.info.id, entry);
  await showSaved();
}

async function keepCurrent() {
  if (app.play && app.play.moves() > 0) await keep(snapshot());
}

/** Shows a kept game again; the shown one is kept in its place. */
async function restoreEntry(entry) {
  const { play, error } = playWith(app.info.id, entry.seed, entry.params, entry.text);
  if (error) {
    play.free();
    showMessage(`That kept game could not be restored: ${locateMove(entry.text, error.turn, app.renderer.moveUnit)}: ${error.reason}.`);
    return;
  }
  play.seek(Math.min(entry.turn ?? 0, play.moves()));
  await adopt(play, { seed: entry.seed, params: entry.params ?? {}, label: entry.label });
}

async function showSaved() {
  const list = await store().saved(app.info.id);
  $('saved').replaceChildren(...list.map((entry) => {
    const li = document.createElement('li');
    const text = document.createElement('span');
    const params = Object.entries(entry.params ?? {}).map(([k, v]) => ` ${k}=${v}`).join('');
    text.textContent = `${entry.label} · seed ${entry.seed}${params} · ${plural(entry.count, 'move')} · score ${entry.score}`;
    const open = document.createElement('button');
    open.textContent = 'Show';
    open.setAttribute('aria-label', `show ${text.textContent}`);
    open.onclick = () => restoreEntry(entry);
    const drop = document.createElement('button');
    drop.textContent = '✕';
    drop.title = 'forget this game';
    drop.setAttribute('aria-label', `forget ${text.textContent}`);
    drop.onclick = async () => { await store().forget(app.info.id, entry); await showSaved(); };
    li.append(text, open, drop);
    return li;
  }));
}

let saveTimer = 0;
let saveFirstAt = 0;
/** Something about the shown game changed: save it and update the address bar soon. */
function changed() {
  const now = performance.now();
  if (!saveTimer) saveFirstAt = now;
  clearTimeout(saveTimer);
  // During a replay changes never stop: save at least every 2 s.
  saveTimer = setTimeout(saveNow, now - saveFirstAt > 2000 ? 0 : SAVE_MS);
}

let addressSeq = 0;
async function saveNow() {
  clearTimeout(saveTimer);
  saveTimer = 0;
  if (!app.play || !app.info) return;
  const entry = { seed: app.seed, params: app.params, text: fullOutput(), turn: app.play.cursor(), label: app.label };
  const game = app.info.id;
  const seq = ++addressSeq;
  const link = await shareLink();
  // The batch view owns the address while it is shown.
  if (seq === addressSeq && document.body.dataset.view !== 'batch') history.replaceState(null, '', link);
  await store().setCurrent(game, entry);
}

function baseUrl() {
  return location.origin + location.pathname;
}

async function shareLink() {
  return encodeLink(baseUrl(), {
    game: app.info.id,
    seed: app.seed,
    params: app.params,
    solver: $('solver').value,
    budget: Math.round(Number($('budget').value) * 1000) || undefined,
    speed: Number($('speed').value),
    t: app.play.cursor(),
    moves: app.play.moves() > 0 ? fullOutput() : '',
  });
}

/** Opens the game saved for `gameId` in this browser, or a fresh one. */
async function openSaved(gameId) {
  const info = infoOf(gameId);
  const saved = await store().current(gameId);
  if (saved) {
    try {
      const { play, error } = playWith(gameId, saved.seed, saved.params ?? {}, saved.text);
      if (!error) {
        play.seek(Math.min(saved.turn ?? 0, play.moves()));
        await saveNow();
        useRenderer(gameId);
        await adopt(play, { seed: saved.seed, params: saved.params ?? {}, label: saved.label ?? 'your game', keepOld: false });
        await showSaved();
        shown();
        return;
      }
      play.free();
    } catch {
      // an unreadable saved game falls through to a fresh one
    }
  }
  await newGame(gameId, info.min_seed, {});
  await showSaved();
  shown();
}

/** For tests: the game shown once switching has finished. */
function shown() {
  document.body.dataset.game = app.info.id;
}

async function openFromLink() {
  const { state, errors } = await decodeLink(location.search, location.hash, infoOf);
  const info = infoOf(state?.game) ?? infoOf(store().lastGame) ?? app.infos[0];
  // The game this browser had for that id is kept if the link shows another one.
  const before = await store().current(info.id);
  let seed = state?.seed ?? info.min_seed;
  let ok = await newGame(info.id, seed, state?.params ?? {}, { keepOld: false });
  if (!ok) {
    // The seed and parameters together are refused (the message says why): keep the seed.
    errors.push($('message-text').textContent);
    ok = await newGame(info.id, seed, {}, { keepOld: false });
    if (!ok) {
      seed = info.min_seed;
      await newGame(info.id, seed, {}, { keepOld: false });
    }
  }
  if (state?.solver) $('solver').value = state.solver;
  if (state?.budget) $('budget').value = String(state.budget / 1000);
  if (state?.speed) $('speed').value = String(state.speed);
  if (state?.moves) {
    const error = app.play.loadOutput(state.moves);
    if (error) errors.push(`moves: the moves in this link stop being valid at ${locateMove(state.moves, error.turn, app.renderer.moveUnit)}: ${error.reason}; the valid part is loaded`);
    app.label = 'shared game';
    app.movesText = null;
  }
  if (state?.t !== undefined && state.t > app.play.moves()) errors.push(`t: move ${state.t} is past the last move (${app.play.moves()}); the last move is shown`);
  app.play.seek(Math.min(state?.t ?? app.play.moves(), app.play.moves()));
  if (before && before.text && !sameGame(before, snapshot())) await store().keep(info.id, { ...before, count: countMoves(before), score: before.score ?? '?' });
  render();
  await saveNow();
  await showSaved();
  shown();
  if (errors.length) showMessage(`Parts of this link could not be used, the rest is shown: ${errors.join('; ')}.`);
}

/** The number of moves in a kept game's text (for its label). */
function countMoves(entry) {
  try {
    const { play } = playWith(app.info.id, entry.seed, entry.params ?? {}, entry.text);
    const n = play.moves();
    play.free();
    return n;
  } catch {
    return 0;
  }
}

// ---------- outputs ----------

/**
 * Loads a contest output. An output the official tester would reject (an illegal move, or
 * one that ends too early) keeps the current game; its valid moves can still be replayed.
 */
async function loadOutput(text, source) {
  if (text.length > PASTE_LIMIT) {
    showMessage(`${source} is ${sizeText(text.length)}: larger than any output of these games (the limit is ${sizeText(PASTE_LIMIT)}). Nothing was loaded; your current game is unchanged.`);
    return false;
  }
  let candidate;
  let error;
  try {
    ({ play: candidate, error } = playWith(app.info.id, app.seed, app.params, text));
  } catch (e) {
    showMessage(`${source} could not be read: ${errorText(e)}. Your current game is unchanged.`);
    return false;
  }
  error ??= candidate.incomplete();
  if (error) {
    const where = locateMove(text, error.turn, app.renderer.moveUnit);
    const message = `${source} is not a valid output — ${where}: ${error.reason}. The official tester would reject it; your current game is unchanged.`;
    const valid = candidate.moves();
    if (valid === 0) {
      candidate.free();
      showMessage(message);
      return false;
    }
    showMessage(message, {
      actions: [{ label: `Replay its ${plural(valid, 'valid move')}`, run: () => adopt(candidate, { seed: app.seed, params: app.params, label: `${source} (valid part)` }) }],
    });
    return false;
  }
  await adopt(candidate, { seed: app.seed, params: app.params, label: source });
  showMessage(`${source}: score ${group(app.play.frame().score)} after ${plural(app.play.moves(), 'move')}. Press |◀ then ▶ to replay it.`, { kind: 'info' });
  return true;
}

/** The output to load: the box, or a long text kept out of it. */
function outputToLoad() {
  const box = $('output');
  if (box.value.trim()) return { text: box.value, source: 'The pasted output' };
  if (app.pendingText) return app.pendingText;
  return null;
}

/** Keeps a long text out of the output box (a textarea with megabytes freezes the page). */
function holdLongText(text, source) {
  const box = $('output');
  box.value = '';
  if (text.length > PASTE_LIMIT) {
    app.pendingText = null;
    box.placeholder = 'Paste an output in the contest format, or choose a file';
    showMessage(`${source} is ${sizeText(text.length)}: larger than any output of these games (the limit is ${sizeText(PASTE_LIMIT)}). It was not kept.`);
    return;
  }
  app.pendingText = { text, source };
  const lines = text.split('\n').length;
  box.placeholder = `${source}: ${sizeText(text.length)}, ${group(lines)} lines, kept out of this box. Press Score & replay.`;
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ---------- solving ----------

function setSolving(on) {
  $('solve').disabled = on;
  $('cancel').disabled = !on;
  if (!on) clearInterval(app.solveTicker);
}

function budgetMs() {
  const seconds = Number($('budget').value);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 30) throw new Error('the budget must be from 1 to 30 seconds');
  return Math.round(seconds * 1000);
}

function solve() {
  let budget;
  try {
    budget = budgetMs();
  } catch (error) {
    showMessage(errorText(error));
    return;
  }
  clearMessage();
  const fromHere = $('from-here').checked && app.play.cursor() > 0;
  const prefix = fromHere ? app.play.outputText() : '';
  const job = { game: app.info.id, seed: app.seed, params: app.params, solver: $('solver').value, budgetMs: budget, prefix };
  const status = $('solve-status');
  const live = $('solve-live');
  const started = performance.now();
  const what = app.renderer.progress === 'best' ? 'best found' : "current game's score";
  let best = null;
  let lastSpoken = 0;
  live.textContent = `Solving with ${job.solver} for up to ${budget / 1000} s.`;
  status.textContent = `running ${job.solver}: 0.0 s / ${budget / 1000} s`;
  app.solveTicker = setInterval(() => {
    const now = performance.now();
    const elapsed = ((now - started) / 1000).toFixed(1);
    const part = best ? ` · ${what} ${group(best.score)} (move ${group(best.turn)})` : '';
    status.textContent = `running ${job.solver}: ${elapsed} s / ${budget / 1000} s${part}`;
    if (now - lastSpoken >= SOLVE_ANNOUNCE_MS && now - started >= SOLVE_ANNOUNCE_MS) {
      lastSpoken = now;
      live.textContent = `Solving: ${Math.round((now - started) / 1000)} seconds${best ? `, ${what} ${group(best.score)}` : ''}.`;
    }
  }, 100);
  setSolving(true);
  app.runner.start(job, {
    onProgress: (p) => { best = p; },
    onDone: async (result) => {
      setSolving(false);
      const seconds = (performance.now() - started) / 1000;
      if (job.game !== app.info.id || job.seed !== app.seed) {
        status.textContent = `${job.solver}: score ${group(result.score)} (another game is shown now)`;
        return;
      }
      const { play, error } = playWith(job.game, job.seed, job.params, result.output);
      if (error) {
        play.free();
        showMessage(`The ${job.solver} solver's output is invalid at ${locateMove(result.output, error.turn, app.renderer.moveUnit)}: ${error.reason}.`);
        return;
      }
      const previous = app.play.moves() > 0 ? snapshot() : null;
      const startAt = fromHere ? app.play.cursor() : 0;
      const label = `${job.solver} solver, ${budget / 1000} s${fromHere ? ` from move ${startAt + 1}` : ''}`;
      play.seek(play.moves());
      const frame = play.frame();
      play.seek(startAt);
      await adopt(play, { seed: job.seed, params: job.params, label });
      const end = frame.over ? app.renderer.endText?.(frame.view) : null;
      const early = seconds < 0.8 * (budget / 1000) && end ? ` It stopped after ${seconds.toFixed(2)} s of ${budget / 1000} s because the game ended at move ${group(frame.turn)}: ${end}.` : (end ? ` The game ended at move ${group(frame.turn)}: ${end}.` : '');
      status.textContent = `${job.solver}: score ${group(result.score)} in ${seconds.toFixed(2)} s.${early}`;
      live.textContent = status.textContent;
      const actions = previous ? [{ label: 'Back to my game', run: () => restoreEntry(previous) }] : [];
      showMessage(`The ${job.solver} solver scored ${group(result.score)}.${previous ? ' Your previous game is kept under Your games.' : ''}`, { kind: 'info', actions });
      startPlayback();
    },
    onError: (message) => {
      setSolving(false);
      status.textContent = '';
      live.textContent = `Solve failed: ${message}`;
      showMessage(`Solve failed: ${message}. Your game is unchanged.`);
    },
  });
}

// ---------- keyboard ----------

function onKeyDown(e) {
  const t = e.target;
  const typing = t.closest?.('input, textarea, select, [contenteditable]');
  if ((e.ctrlKey || e.metaKey) && !typing) {
    const k = e.key.toLowerCase();
    if (k === 'z') return $('undo').click(), e.preventDefault();
    if (k === 'y') return $('redo').click(), e.preventDefault();
  }
  if (e.key === 'Escape' && !$('message').hidden && !app.renderer.onKey?.(e)) return clearMessage();
  if (t === $('board')) {
    if (app.renderer.key(e)) return e.preventDefault();
  } else if (typing || ((e.key === ' ' || e.key === 'Enter') && t.closest?.('button, a, summary, label'))) {
    return; // a focused control keeps its own keys: Space and Enter press a button
  } else if (app.renderer?.onKey?.(e)) {
    return e.preventDefault();
  }
  const step = e.shiftKey ? 100 : 1;
  const keys = {
    ' ': () => (app.playing ? stopPlayback() : startPlayback()),
    ArrowLeft: () => { stopPlayback(); seek(app.play.cursor() - step); },
    ArrowRight: () => { stopPlayback(); seek(app.play.cursor() + step); },
    Home: () => { stopPlayback(); seek(0); },
    End: () => { stopPlayback(); seek(app.play.moves()); },
  };
  if (keys[e.key] && !e.ctrlKey && !e.metaKey && !e.altKey) {
    e.preventDefault();
    keys[e.key]();
  }
}

// ---------- wiring ----------

function wire() {
  $('game').onchange = () => openSaved($('game').value);
  const restart = async () => {
    let params;
    try {
      params = readParams();
    } catch (error) {
      showMessage(errorText(error));
      return;
    }
    if (await newGame(app.info.id, $('seed').value, params)) clearMessage();
  };
  $('new-game').onclick = restart;
  $('seed').onkeydown = (e) => { if (e.key === 'Enter') restart(); };
  $('params').onkeydown = (e) => { if (e.key === 'Enter') restart(); };
  $('random-seed').onclick = () => {
    $('seed').value = randomSeed(app.info.id);
    restart();
  };
  $('undo').onclick = () => { app.play.undo(); stopPlayback(); render(); changed(); };
  $('redo').onclick = () => { app.play.redo(); stopPlayback(); render({ animated: true }); changed(); };
  $('first').onclick = () => { stopPlayback(); seek(0); };
  $('last').onclick = () => { stopPlayback(); seek(app.play.moves()); };
  $('prev').onclick = () => { stopPlayback(); seek(app.play.cursor() - 1); };
  $('next').onclick = () => { stopPlayback(); app.play.seek(app.play.cursor() + 1); render({ animated: true }); changed(); };
  $('play').onclick = () => (app.playing ? stopPlayback() : startPlayback());
  $('slider').oninput = () => { stopPlayback(); seek(Number($('slider').value)); };
  $('speed').onchange = changed;
  $('solver').onchange = changed;
  $('budget').onchange = changed;
  $('solve').onclick = solve;
  $('cancel').onclick = () => {
    app.runner.cancel();
    setSolving(false);
    $('solve-status').textContent = 'cancelled';
    $('solve-live').textContent = 'Solve cancelled.';
  };
  $('load-output').onclick = () => {
    const output = outputToLoad();
    if (!output) return showMessage('Paste an output into the box first, or choose a file with Upload.');
    loadOutput(output.text, output.source);
  };
  const box = $('output');
  box.addEventListener('paste', (e) => {
    const text = e.clipboardData?.getData('text') ?? '';
    if (text.length <= BOX_CHARS) return;
    e.preventDefault();
    holdLongText(text, 'The pasted output');
  });
  box.addEventListener('input', () => {
    if (box.value.length > BOX_CHARS) holdLongText(box.value, 'The pasted output');
    else if (box.value) app.pendingText = null;
  });
  $('upload').onchange = async () => {
    const file = $('upload').files[0];
    $('upload').value = '';
    if (!file) return;
    const source = `The file ${file.name}`;
    if (file.size > PASTE_LIMIT) {
      showMessage(`${source} is ${sizeText(file.size)}: larger than any output of these games (the limit is ${sizeText(PASTE_LIMIT)}). Nothing was loaded.`);
      return;
    }
    const text = await file.text();
    if (text.length > BOX_CHARS) holdLongText(text, source);
    else box.value = text;
    loadOutput(text, source);
  };
  $('download-output').onclick = () => download(`${app.info.id}-${app.seed}.out.txt`, fullOutput());
  $('download-input').onclick = () => download(`${app.info.id}-${app.seed}.in.txt`, app.play.inputText());
  $('share').onclick = async () => {
    const link = await shareLink();
    $('share-link').value = link;
    try {
      await navigator.clipboard.writeText(link);
      showMessage('Share link copied.', { kind: 'info' });
    } catch {
      $('share-link').select();
      showMessage('Copy the share link from the box below the button.', { kind: 'info' });
    }
  };
  $('message-close').onclick = clearMessage;
  $('board-text').addEventListener('toggle', () => { if ($('board-text').open) describeBoard(); });
  document.addEventListener('keydown', onKeyDown);
  // The board follows the window by itself; this catches its column changing alone. The
  // redraw waits for the next frame, out of the observer's callback.
  let width = 0;
  new ResizeObserver(([entry]) => {
    const w = Math.round(entry.contentRect.width);
    if (w !== width && app.play) {
      width = w;
      requestAnimationFrame(() => app.renderer.redraw());
    }
  }).observe($('board-area'));
  window.addEventListener('pagehide', () => { saveNow(); });
  document.addEventListener('visibilitychange', () => { if (document.hidden) saveNow(); });
}

/**
 * Shows the player or the batch view (`?view=batch`). The batch view and its libraries load
 * the first time it is shown; it gets the compiled wasm module for its workers.
 */
async function showView(view, { module, link } = {}) {
  document.body.dataset.view = view;
  $('batch-view').hidden = view !== 'batch';
  for (const a of document.querySelectorAll('#views a')) {
    if (a.dataset.view === view) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  if (view !== 'batch') return saveNow();
  if (!app.batch) {
    const { createBatchView } = await import('./batch/batch.js');
    app.batch = createBatchView($('batch-view'), {
      infos: app.infos,
      module,
      workerUrl: new URL('./worker.js', import.meta.url),
      link,
      openInPlayer: async ({ game, seed, params, output }) => {
        // The game first, then the view: the address then says the opened game at once.
        if (await newGame(game, seed, params) && output) await loadOutput(output, `The batch's output for seed ${seed}`);
        await showView('player');
      },
    });
  }
  app.batch.show();
}

async function main() {
  let module;
  try {
    // Compiled once: the page and every worker (the solver's, the batch's pool) share it.
    const url = new URL('./pkg/arcade_bg.wasm', import.meta.url);
    module = await WebAssembly.compileStreaming(fetch(url))
      // compileStreaming needs the server to say application/wasm; compile the bytes if not.
      .catch(async () => WebAssembly.compile(await (await fetch(url)).arrayBuffer()));
    await init({ module_or_path: module });
  } catch (error) {
    showMessage(`WebAssembly could not be loaded: ${errorText(error)}. Build it with scripts/build-web.sh.`);
    return;
  }
  // Only games with a renderer are offered; the CLI has them all.
  app.infos = games().filter((g) => renderers[g.id]);
  $('game').replaceChildren(...app.infos.map((g) => new Option(g.title, g.id)));
  $('speed').replaceChildren(...SPEEDS.map((s) => new Option(`${s}/s`, String(s))));
  $('speed').value = '50';
  app.runner = new SolverRunner(new URL('./worker.js', import.meta.url), { module });
  wire();
  const link = location.search; // read before the player writes its game into the address
  const batch = new URLSearchParams(link).get('view') === 'batch';
  if (batch) document.body.dataset.view = 'batch';
  if (batch || !(location.search || location.hash)) await openSaved(infoOf(store().lastGame)?.id ?? app.infos[0].id);
  else await openFromLink();
  await showView(batch ? 'batch' : 'player', { module, link: batch ? link : '' });
  for (const a of document.querySelectorAll('#views a')) {
    a.onclick = (event) => {
      event.preventDefault();
      showView(a.dataset.view, { module });
    };
  }
  // For end-to-end tests and the curious: the current frame and board geometry.
  window.arcade = {
    frame: () => app.play.frame(),
    geometry: () => ({ ...app.renderer.geometry(), scale: app.renderer.scale }),
    output: () => fullOutput(),
    saved: () => store().saved(app.info.id),
    flush: () => saveNow(),
  };
  document.body.dataset.ready = 'true';
}

window.addEventListener('unhandledrejection', (e) => showMessage(`Unexpected error: ${errorText(e.reason)}`));
window.addEventListener('error', (e) => showMessage(`Unexpected error: ${e.message}`));
main();
