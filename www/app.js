// The playground page. One state object (`state`) holds everything the page shows; events
// change it through the actions below, and after each change `commit` writes what follows
// from it: the DOM, browser storage and the address bar (and a history entry when the view or
// the game changes). Nothing is read back from those as state. All game logic is in wasm;
// the board's drawing, pointers and keyboard cursor are the board shell's (www/games/).
import init, { games, Play } from './pkg/arcade.js';
import './wasm-file.js';
import { SolverRunner } from './solver.js';
import { encodeLink, decodeLink, deflate, SPEEDS, BUDGET_MS, TEXT_LIMIT } from './link.js';
import { Store, sameGame } from './store.js';
import { gameIds, loadRenderer, openingSeed as namedOpeningSeed } from './games/index.js';
import { group, plural, sizeText, errorText, problemText, sourceText } from './words.js';

const $ = (id) => document.getElementById(id);

// Text longer than this is never put into the output box (a textarea holding megabytes
// freezes the page); it is held aside and loaded from there.
const BOX_CHARS = 100_000;
const ANNOUNCE_MS = 900;
const SOLVE_ANNOUNCE_MS = 5000;
// A replay changes the shown move up to 1,000 times a second: the address and storage follow
// it at most this often (moves themselves are written at once).
const TURN_SAVE_MS = 250;
const THEMES = ['auto', 'dark', 'light'];

// ---------- the one state ----------

const state = {
  view: 'player', // 'player' | 'batch' | 'compare'
  theme: 'auto', // 'auto' follows prefers-color-scheme
  game: null, // game id
  seed: '1',
  params: {},
  play: null, // the wasm session: the moves, the redo tail and the shown move
  source: { kind: 'hand' }, // where the shown game came from (words.js sourceText)
  solver: '',
  budgetMs: 5000,
  speed: 50,
  playing: false,
  solving: null, // {job, started, best, fromHere} while a solve runs
  pending: null, // {text, source}: an output too long for the box, held aside
  message: null, // {text, kind, actions}
  shared: '', // the Share box's note on the link just copied (cleared by the next move)
  compare: null, // the compare view's (compare/compare.js)
};

/** Not state: caches of what follows from it, and handles of things the page owns. */
const page = {
  infos: [],
  renderer: null,
  rendererGame: null,
  modules: {}, // the renderer module of each game loaded so far (`ready`), by id
  runner: null,
  batch: null,
  batchLoading: null, // the batch view's first load (a promise), so it happens once
  pictures: null, // www/pictures/pictures.js once loaded
  compare: null,
  chart: null,
  timeline: false, // the chart is up to date with the moves
  module: null,
  store: null,
  text: null, // the shown game's full output text (null: not computed since the last move)
  packed: null, // the same text deflated, for the address and storage
  turnTimer: 0,
  solveTicker: 0,
  announceTimer: 0,
  announced: '',
  restoring: false, // applying the address (load, Back/Forward): no new history entry
  leavingY: null, // the scroll position of a view being left by a click (kept in its history entry)
  savedDirty: true, // Your games must be read again
};

const info = (id = state.game) => page.infos.find((g) => g.id === id) ?? null;

// ---------- deriving: DOM, storage, address ----------

/**
 * Writes everything that follows from the state. `moves`: the moves changed (storage and
 * address are written now, before the next frame); `push`: the view or game changed (a new
 * history entry); otherwise only the shown move or a setting changed (written soon).
 */
function commit({ moves = false, push = false, animated = false } = {}) {
  if (moves) {
    state.shared = '';
    page.text = null;
    page.packed = null;
    page.timeline = false;
  }
  render({ animated });
  if (moves || push) persist(push);
  else {
    clearTimeout(page.turnTimer);
    page.turnTimer = setTimeout(() => persist(false), TURN_SAVE_MS);
  }
}

/** Storage and the address bar, now. */
function persist(push = false) {
  clearTimeout(page.turnTimer);
  page.turnTimer = 0;
  if (!state.play) return;
  if (state.view === 'compare') return page.restoring || writeAddress(page.compare.link(), push);
  const text = fullOutput();
  if (text && page.packed === null) page.packed = deflate(text);
  store().setCurrent(state.game, currentEntry(), page.packed);
  store().setSetting('last', state.game);
  if (page.restoring) return;
  const url = state.view === 'batch' ? page.batch?.link() : playerLink();
  if (url) writeAddress(url, push);
}

/**
 * Each history entry keeps where its page was scrolled (`history.state.y`): the entry left
 * by a push keeps it for Back, a view opened by a click starts at its top, and Back/Forward
 * and a reload return to it (`restoreScroll`; the views build asynchronously, so the
 * browser's own restoration would land on a page not yet as tall).
 */
function writeAddress(url, push) {
  if (!push) return url === location.href || history.replaceState(history.state, '', url);
  const leaving = page.leavingY;
  page.leavingY = null;
  if (url === location.href) return;
  rememberScroll(leaving ?? scrollY);
  history.pushState(null, '', url);
  if (leaving !== null) scrollTo(0, 0);
}

/** The current history entry's scroll position, for Back/Forward and a reload. */
function rememberScroll(y) {
  history.replaceState({ ...history.state, y: Math.round(y) }, '');
}

function restoreScroll(y) {
  requestAnimationFrame(() => scrollTo(0, y ?? 0));
}

function currentEntry() {
  return { seed: state.seed, params: state.params, text: fullOutput(), turn: state.play.cursor(), source: state.source };
}

function playerLink() {
  return encodeLink(location.origin + location.pathname, {
    game: state.game,
    seed: state.seed,
    params: state.params,
    solver: state.solver,
    budget: state.budgetMs,
    speed: state.speed,
    t: state.play.cursor(),
    moves: state.play.moves() > 0 ? fullOutput() : '',
    packedMoves: page.packed ?? undefined,
  });
}

/** The full output text (redo tail included) of the shown game. */
function fullOutput() {
  if (page.text === null) {
    const turn = state.play.cursor();
    state.play.seek(state.play.moves());
    page.text = state.play.outputText();
    state.play.seek(turn);
  }
  return page.text;
}

function render({ animated = false } = {}) {
  renderView();
  if (state.view === 'compare') page.compare?.render({ animated });
  if (!state.play) return;
  const r = page.renderer;
  const frame = state.play.frame();
  r.draw(frame, { animated });
  $('score').textContent = frame.view.score_text ?? group(frame.score);
  $('turn').textContent = frame.moves > frame.turn ? `${group(frame.turn)} / ${group(frame.moves)}` : group(frame.turn);
  const end = frame.over ? r.endText?.(frame.view) : null;
  $('status').textContent = frame.over ? `Game over${end ? `: ${end}` : ''}` : '';
  $('source').textContent = sourceText(state.source);
  const slider = $('slider');
  slider.max = String(frame.moves);
  slider.value = String(frame.turn);
  $('undo').disabled = frame.turn === 0;
  $('redo').disabled = frame.turn === frame.moves;
  $('play').textContent = state.playing ? '■' : '▶';
  $('play').setAttribute('aria-label', state.playing ? 'pause' : 'play');
  showField($('seed'), String(state.seed));
  for (const input of $('params').querySelectorAll('input')) showField(input, String(state.params[input.dataset.param] ?? ''));
  showField($('solver'), state.solver);
  showField($('budget'), String(state.budgetMs / 1000));
  showField($('speed'), String(state.speed));
  $('solve').disabled = !!state.solving;
  $('cancel').disabled = !state.solving;
  $('share-note').textContent = state.shared;
  if ($('board-text').open) $('board-text-body').textContent = r.describe?.(frame) ?? state.play.inputText();
  if (page.savedDirty) renderSaved();
  // The timeline is a pass over the whole game: only for an open chart, once per change of moves.
  if (page.chart && $('chart-box').open) {
    if (!page.timeline) page.chart.show({ games: [{ timeline: state.play.timeline() }], turn: frame.turn });
    page.timeline = true;
    page.chart.setTurn(frame.turn);
  }
  document.body.dataset.game = state.game;
  announceLater();
}

/**
 * The value each form box last showed from the state. A box is written only when its state
 * value changes: a replay renders every frame, and rewriting the boxes each time undid what
 * the person was typing (a seed typed during a replay became the old seed on Enter).
 */
const shownFields = new WeakMap();
function showField(box, value) {
  if (shownFields.get(box) === value) return;
  shownFields.set(box, value);
  box.value = value;
}

/** A value the page refused: the box shows the state's value again at the next render. */
const resetField = (box) => shownFields.delete(box);

function renderView() {
  document.body.dataset.view = state.view;
  $('batch-view').hidden = state.view !== 'batch';
  $('compare-view').hidden = state.view !== 'compare';
  for (const a of document.querySelectorAll('#views a')) {
    if (a.dataset.view === state.view) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  const resolved = resolvedTheme();
  if (document.documentElement.dataset.theme !== resolved) document.documentElement.dataset.theme = resolved;
  const button = $('theme');
  const [icon, word] = { auto: ['◐', 'Auto'], dark: ['☾', 'Dark'], light: ['☀', 'Light'] }[state.theme];
  button.firstElementChild.textContent = icon;
  button.lastElementChild.textContent = ` ${word}`;
  button.setAttribute('aria-label', `colour theme: ${state.theme}${state.theme === 'auto' ? ` (${resolved} now)` : ''}; press to change`);
}

function resolvedTheme() {
  if (state.theme !== 'auto') return state.theme;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function renderMessage() {
  const box = $('message');
  const m = state.message;
  box.hidden = !m;
  if (!m) return;
  box.className = m.kind === 'error' ? '' : 'info';
  box.setAttribute('role', m.kind === 'error' ? 'alert' : 'status');
  $('message-text').textContent = m.text;
  $('message-actions').replaceChildren(...m.actions.map(({ label, run }) => {
    const button = document.createElement('button');
    button.textContent = label;
    button.onclick = () => { clearMessage(); run(); };
    return button;
  }));
}

function showMessage(text, { kind = 'error', actions = [] } = {}) {
  booted(); // a message is never hidden behind the start's blank
  state.message = { text, kind, actions };
  renderMessage();
  revealMessage();
}

/**
 * The message sits by the board (it never moves the board), so after a button further down
 * it can be out of sight: it is scrolled into view, its foot at the screen's foot so that the
 * board above it stays in sight as much as it can.
 */
function revealMessage() {
  const box = $('message');
  if (box.hidden || state.view !== 'player') return;
  const { top, bottom } = box.getBoundingClientRect();
  if (top >= 0 && bottom <= innerHeight) return;
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  box.scrollIntoView({ block: bottom - top > innerHeight ? 'start' : 'end', behavior: still ? 'auto' : 'smooth' });
  // The focused control (Score & replay, say) is now out of sight: focus follows the
  // message, to its first action if it offers one.
  const target = box.querySelector('#message-actions button') ?? box;
  target.focus({ preventScroll: true });
}

/** The board takes the focus where the control that had it is gone (without scrolling to it). */
const focusBoard = () => $('board').focus({ preventScroll: true });

function clearMessage() {
  // A control inside the message (its ×, an action) is about to disappear: the board
  // takes the focus rather than the page.
  const inside = $('message').contains(document.activeElement);
  state.message = null;
  renderMessage();
  if (inside) focusBoard();
}

/** Your games: read from storage when something was kept or forgotten, or the game changed. */
function renderSaved() {
  page.savedDirty = false;
  const list = store().saved(state.game);
  $('saved').replaceChildren(...list.map((entry) => {
    const li = document.createElement('li');
    const text = document.createElement('span');
    const params = Object.entries(entry.params ?? {}).map(([k, v]) => ` ${k}=${v}`).join('');
    text.textContent = `${sourceText(entry.source ?? { kind: 'hand' })} · seed ${entry.seed}${params} · ${plural(entry.count ?? 0, 'move')} · score ${entry.score}`;
    const open = document.createElement('button');
    open.textContent = 'Show';
    open.setAttribute('aria-label', `show ${text.textContent}`);
    open.onclick = () => restoreEntry(entry);
    const drop = document.createElement('button');
    drop.textContent = '✕';
    drop.title = 'forget this game';
    drop.setAttribute('aria-label', `forget ${text.textContent}`);
    drop.onclick = () => {
      // Focus moves to the next entry's ✕ (or the one before, or the board), not the page.
      const buttons = [...$('saved').querySelectorAll('li button:last-child')];
      const at = buttons.indexOf(drop);
      store().forget(state.game, entry);
      renderSaved();
      const left = [...$('saved').querySelectorAll('li button:last-child')];
      if (left.length) left[Math.min(at, left.length - 1)].focus();
      else focusBoard();
    };
    li.append(text, open, drop);
    return li;
  }));
}

/** Says the move and score to screen readers once they settle (not on every frame). */
function announceLater() {
  clearTimeout(page.announceTimer);
  page.announceTimer = setTimeout(() => {
    if (!state.play) return;
    const frame = state.play.frame();
    const word = page.renderer.moveWord ?? 'Move';
    const text = `${word} ${group(frame.turn)}${frame.moves > frame.turn ? ` of ${group(frame.moves)}` : ''}, score ${$('score').textContent}${frame.over ? ', game over' : ''}.`;
    if (text !== page.announced) {
      page.announced = text;
      $('announce').textContent = text;
    }
  }, ANNOUNCE_MS);
}

// ---------- storage ----------

function store() {
  page.store ??= new Store((reason) => {
    const what = page.store?.db ? 'The shown game' : 'Your games';
    const text = `${what} cannot be kept in this browser (${reason}); the page works, but a reload will not bring ${what === 'Your games' ? 'them' : 'it'} back. A share link still holds the shown game.`;
    $('saved-note').textContent = text;
    showMessage(text, { kind: 'info' });
  });
  return page.store;
}

/** The shown game as kept under Your games. */
function snapshot() {
  const turn = state.play.cursor();
  const count = state.play.moves();
  state.play.seek(count);
  const frame = state.play.frame();
  state.play.seek(turn);
  return { ...currentEntry(), count, score: frame.view.score_text ?? group(frame.score) };
}

function keep(entry) {
  if (!entry.count) return;
  store().keep(state.game, entry);
  page.savedDirty = true;
}

// ---------- the game's setup: renderer, controls ----------

/**
 * Downloads the renderer of `gameId` unless it is here already. Everything that shows a game
 * of another id waits for this first, so `useGame` and the rest stay synchronous.
 */
async function ready(gameId) {
  page.modules[gameId] ??= await loadRenderer(gameId);
}

/** `ready`, or false with a message naming the game and why when its renderer cannot load. */
async function readyOrSay(gameId) {
  try {
    await ready(gameId);
    return true;
  } catch (error) {
    showMessage(`${info(gameId)?.title ?? gameId} could not be shown: its drawing code did not load (${errorText(error)}). The shown game is unchanged; try again.`);
    if (state.game) $('game').value = state.game;
    return false;
  }
}

/** Shows the renderer and controls of `gameId` (a new renderer when the game changes). */
function useGame(gameId) {
  if (page.rendererGame === gameId) return;
  const module = page.modules[gameId];
  if (!module) throw new Error(`the renderer of ${gameId} is not loaded (await ready() first)`);
  page.renderer?.destroy();
  const g = info(gameId);
  $('game').value = gameId;
  $('params').replaceChildren(...g.params.map((p) => {
    const label = document.createElement('label');
    label.title = `${p.help} (${p.min} to ${p.max}); empty = as the generator draws it`;
    label.append(`${p.name} `);
    const input = document.createElement('input');
    input.type = 'number';
    input.min = p.min;
    input.max = p.max;
    input.placeholder = 'auto';
    input.dataset.param = p.name;
    input.setAttribute('aria-label', `${p.name}: ${p.help}`);
    label.append(input);
    return label;
  }));
  $('solver').replaceChildren(...g.agents.map((a) => new Option(a, a)));
  resetField($('solver')); // new options: the state's choice is shown again
  $('caveat').hidden = !g.caveat;
  $('caveat').textContent = g.caveat ? `Note: ${g.caveat}` : '';
  const board = $('board');
  const r = module.create(board, hooks);
  page.renderer = r;
  page.rendererGame = gameId;
  board.className = r.touch ?? '';
  $('game-controls').replaceChildren();
  r.controls?.($('game-controls'));
  $('play-hint').textContent = r.hint ?? '';
  $('keys-hint').textContent = r.tap
    ? `Keyboard: focus the board (Tab), move with the arrow keys, Enter or Space to act${r.keys ? `; ${r.keys}` : ''}.`
    : (r.keys ?? '');
  $('turn-label').textContent = r.moveWord ?? 'Move';
  fillAbout(g, module.about);
  page.savedDirty = true;
}

function fillAbout(g, about) {
  const body = $('about-body');
  body.replaceChildren();
  if (!about) return;
  const add = (tag, text, parent = body) => {
    const el = document.createElement(tag);
    el.textContent = text;
    parent.append(el);
    return el;
  };
  add('p', about.goal);
  add('h3', 'Rules');
  const rules = add('ul', '');
  for (const r of about.rules) add('li', r, rules);
  add('h3', 'Scoring');
  add('p', about.scoring);
  add('h3', 'Keys');
  add('p', about.keys);
  // The header's parameter boxes are named by a letter; a touch screen shows no tooltip.
  if (g.params.length) {
    add('h3', 'Parameters');
    const list = add('ul', '');
    for (const p of g.params) add('li', `${p.name}: ${p.help} (${p.min} to ${p.max}); a box left on “auto” is drawn as the generator draws it.`, list);
  }
  add('h3', 'Where it comes from');
  const origin = add('p', `${about.contest}. `);
  const a = add('a', 'The original statement', origin);
  a.href = about.statement;
  a.rel = 'noopener';
  a.target = '_blank';
  if (g.caveat) add('p', `Where this page differs: ${g.caveat}`);
}

/** A session of `gameId` with `text` loaded: `{play, problem}` (problem: the first bad move). */
function session(gameId, seed, params, text) {
  const play = new Play(gameId, seed, params);
  const problem = text ? play.loadOutput(text) : null;
  return { play, problem };
}

/**
 * Makes `play` the shown game. The game it replaces is kept under Your games when it has
 * moves (unless `keepOld` is false), so nothing a player did is lost.
 */
function adopt(play, { game = state.game, seed, params, source, keepOld = true, push = false }) {
  if (keepOld && state.play && state.play.moves() > 0 && game === state.game) keep(snapshot());
  const old = state.play;
  state.playing = false;
  if (game !== state.game) {
    if (state.play) persist(); // the shown game stays the current game of its own id
    state.game = game;
    useGame(game);
    state.solver = info().agents.includes(state.solver) ? state.solver : info().agents[0];
  }
  state.play = play;
  state.seed = seed;
  state.params = params;
  state.source = source;
  old?.free();
  commit({ moves: true, push });
}

/** A new game; on a bad seed or parameter nothing changes and the reason is shown. */
function newGame(gameId, seed, params, options = {}) {
  let play;
  try {
    play = new Play(gameId, String(seed).trim(), params);
  } catch (error) {
    showMessage(errorText(error));
    return false;
  }
  cancelSolve();
  adopt(play, { game: gameId, seed: String(seed).trim(), params, source: { kind: 'hand' }, ...options });
  return true;
}

/** Switches to `gameId` as this browser last had it (or its opening game): a history entry. */
function openGame(gameId, { push = true } = {}) {
  const saved = store().current(gameId);
  if (saved) {
    try {
      const { play, problem } = session(gameId, saved.seed, saved.params ?? {}, saved.text);
      if (!problem) {
        play.seek(Math.min(saved.turn ?? 0, play.moves()));
        cancelSolve();
        adopt(play, { game: gameId, seed: saved.seed, params: saved.params ?? {}, source: saved.source ?? { kind: 'hand' }, keepOld: false, push });
        return;
      }
      play.free();
    } catch {
      // an unreadable saved game gives way to a fresh one
    }
  }
  newGame(gameId, openingSeed(gameId), {}, { keepOld: false, push });
}

/** The seed a game opens on: its first, or one www/games/index.js names (a strip with room). */
const openingSeed = (gameId) => namedOpeningSeed(gameId) ?? info(gameId).min_seed;

/** A short random seed within the game's range (people read and type seeds). */
function randomSeed(gameId) {
  const g = info(gameId);
  const lo = BigInt(g.min_seed);
  const span = BigInt(g.max_seed) - lo + 1n;
  const pick = BigInt(1 + Math.floor(Math.random() * 999_999));
  return String(lo + (pick % span));
}

/** Shows a kept game again; the shown one is kept in its place. */
function restoreEntry(entry) {
  const { play, problem } = session(state.game, entry.seed, entry.params ?? {}, entry.text);
  if (problem) {
    play.free();
    showMessage(`That kept game could not be restored: ${problemText(problem)}.`);
    return;
  }
  play.seek(Math.min(entry.turn ?? 0, play.moves()));
  const replaced = state.play.moves() > 0;
  adopt(play, { seed: entry.seed, params: entry.params ?? {}, source: entry.source ?? { kind: 'hand' } });
  // The list is far below the board on a phone: the board comes back into sight, and says so.
  scrollTo({ top: 0 });
  showMessage(`Your kept game of seed ${entry.seed} is shown (${plural(play.moves(), 'move')})${replaced ? '; the game you had is kept under Your games' : ''}.`, { kind: 'info' });
  focusBoard(); // the button pressed is gone with the list or message
}

// ---------- playing by hand ----------

const hooks = {
  play(action) {
    const cursor = state.play.cursor();
    const tail = state.play.moves() > cursor ? snapshot() : null;
    try {
      state.play.play(action);
    } catch (error) {
      // The module's error names the move and the reason ({move, reason}); a person counts from 1.
      // A refused move by hand is feedback, not a fault: said in the calm (info) style.
      showMessage(error.reason ? problemText(error) : errorText(error), { kind: error.reason ? 'info' : 'error' });
      render();
      return false;
    }
    state.playing = false;
    clearMessage();
    // A move played by hand makes the game the player's own.
    state.source = { kind: 'hand' };
    // A move over a replay keeps the moves it replaced: under Your games.
    if (tail) {
      page.text = null;
      if (fullOutput() !== tail.text) {
        const kept = { ...tail, source: { ...tail.source, replayedAt: cursor + 1 } };
        keep(kept);
        showMessage(`You played over the moves ${group(cursor + 1)}–${group(tail.count)}; the whole earlier game is kept under Your games.`, {
          kind: 'info',
          actions: [{ label: 'Back to it', run: () => restoreEntry(kept) }],
        });
      }
    }
    commit({ moves: true, animated: true });
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
      return state.play.preview(actionText);
    } catch {
      return null;
    }
  },
  /** The game's analysis of the shown position (null when it has none); may be slow. */
  analyze: () => state.play.analyze(),
};

function undo() {
  if (!state.play.undo()) return;
  state.playing = false;
  commit({ moves: true });
}

function redo() {
  if (!state.play.redo()) return;
  state.playing = false;
  commit({ moves: true, animated: true });
}

// ---------- replay ----------

function seek(turn, { animated = false } = {}) {
  state.play.seek(Math.max(0, Math.min(turn, state.play.moves())));
  commit({ animated });
}

function stopPlayback() {
  if (!state.playing) return;
  state.playing = false;
  commit();
}

function startPlayback() {
  if (state.play.cursor() >= state.play.moves()) state.play.seek(0);
  state.playing = true;
  commit();
  let last = performance.now();
  let carry = 0;
  const tick = (now) => {
    if (!state.playing) return;
    carry += ((now - last) * state.speed) / 1000;
    last = now;
    const steps = Math.floor(carry);
    if (steps > 0) {
      carry -= steps;
      state.play.seek(state.play.cursor() + steps);
      if (state.play.cursor() >= state.play.moves()) state.playing = false;
      commit({ animated: steps === 1 });
    }
    if (state.playing) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

// ---------- outputs ----------

/**
 * Loads a contest output. An output the official tester would reject (an illegal move, or
 * one that ends too early) keeps the current game; its valid moves can still be replayed.
 */
function loadOutput(text, source, { push = false, note = '' } = {}) {
  const name = `${sourceName(source)}${note}`;
  if (text.length > TEXT_LIMIT) {
    showMessage(`${name} is ${sizeText(text.length)}: larger than any output of these games (the limit is ${sizeText(TEXT_LIMIT)}). Nothing was loaded; your current game is unchanged.`);
    return false;
  }
  let candidate;
  let problem;
  try {
    ({ play: candidate, problem } = session(state.game, state.seed, state.params, text));
  } catch (e) {
    showMessage(`${name} could not be read: ${errorText(e)}. Your current game is unchanged.`);
    return false;
  }
  problem ??= candidate.incomplete();
  if (problem) {
    const message = `${name} is not a valid output — ${problemText(problem)}. The official tester would reject it; your current game is unchanged.`;
    const valid = candidate.moves();
    if (valid === 0) {
      candidate.free();
      showMessage(message);
      return false;
    }
    showMessage(message, {
      actions: [{ label: `Replay its ${plural(valid, 'valid move')}`, run: () => adopt(candidate, { seed: state.seed, params: state.params, source: { ...source, partial: true } }) }],
    });
    return false;
  }
  adopt(candidate, { seed: state.seed, params: state.params, source, push });
  showMessage(`${name}: score ${group(state.play.frame().score)} after ${plural(state.play.moves(), 'move')}. Press |◀ then ▶ to replay it.`, { kind: 'info' });
  return true;
}

const sourceName = (source) => ({ file: `The file ${source.name}`, paste: 'The pasted output', batch: `The batch's output for seed ${source.seed}` })[source.kind] ?? 'The output';

/**
 * Loads an uploaded or dropped file. With `seedFromName`, a name ending in a number
 * (`123.txt`, `name_0123.out`, as AtCoder's visualizer reads names) opens that seed first;
 * a name without one is loaded on the shown seed, and the message says so.
 */
async function loadFile(file, { seedFromName: fromName }) {
  const source = { kind: 'file', name: file.name };
  if (file.size > TEXT_LIMIT) {
    showMessage(`The file ${file.name} is ${sizeText(file.size)}: larger than any output of these games (the limit is ${sizeText(TEXT_LIMIT)}). Nothing was loaded.`);
    return;
  }
  const text = await file.text();
  let note = '';
  if (fromName) {
    const { seedFromName } = await import('./batch/seeds.js');
    const seed = seedFromName(file.name);
    const g = info();
    if (seed !== null && BigInt(seed) >= BigInt(g.min_seed) && BigInt(seed) <= BigInt(g.max_seed)) {
      if (seed !== state.seed && !newGame(state.game, seed, {})) return;
      note = ` (seed ${seed}, from the file's name)`;
    } else {
      note = ` (on the shown seed ${state.seed}: the file's name ends in no seed number)`;
    }
  }
  const box = $('output');
  if (text.length > BOX_CHARS) holdLongText(text, source);
  else box.value = text;
  loadOutput(text, source, { note });
}

/** The output to load: the box, or a long text held aside. */
function outputToLoad() {
  const box = $('output');
  if (box.value.trim()) return { text: box.value, source: { kind: 'paste' } };
  return state.pending;
}

/** Keeps a long text out of the output box (a textarea with megabytes freezes the page). */
function holdLongText(text, source) {
  const box = $('output');
  box.value = '';
  const name = sourceName(source);
  if (text.length > TEXT_LIMIT) {
    state.pending = null;
    box.placeholder = 'Paste an output in the contest format, or choose a file';
    showMessage(`${name} is ${sizeText(text.length)}: larger than any output of these games (the limit is ${sizeText(TEXT_LIMIT)}). It was not kept.`);
    return;
  }
  state.pending = { text, source };
  box.placeholder = `${name}: ${sizeText(text.length)}, ${group(text.split('\n').length)} lines, kept out of this box. Press Score & replay.`;
}

// ---------- solving ----------

function cancelSolve() {
  if (!state.solving) return;
  page.runner.cancel();
  endSolve();
}

function endSolve() {
  clearInterval(page.solveTicker);
  state.solving = null;
  const focused = document.activeElement === $('cancel');
  $('solve').disabled = false;
  $('cancel').disabled = true;
  if (focused) $('solve').focus();
}

function solve() {
  const budget = state.budgetMs;
  clearMessage();
  const fromHere = $('from-here').checked && state.play.cursor() > 0;
  const job = { game: state.game, seed: state.seed, params: state.params, solver: state.solver, budgetMs: budget, prefix: fromHere ? state.play.outputText() : '' };
  const startAt = fromHere ? state.play.cursor() : 0;
  const status = $('solve-status');
  const live = $('solve-live');
  const started = performance.now();
  const what = page.renderer.progress === 'best' ? 'best found' : "current game's score";
  let lastSpoken = 0;
  state.solving = { job, started, best: null };
  live.textContent = `Solving with ${job.solver} for up to ${budget / 1000} s.`;
  status.textContent = `running ${job.solver}: 0.0 s / ${budget / 1000} s`;
  page.solveTicker = setInterval(() => {
    const now = performance.now();
    const best = state.solving?.best;
    const part = best ? ` · ${what} ${group(best.score)} (move ${group(best.turn)})` : '';
    status.textContent = `running ${job.solver}: ${((now - started) / 1000).toFixed(1)} s / ${budget / 1000} s${part}`;
    if (now - lastSpoken >= SOLVE_ANNOUNCE_MS && now - started >= SOLVE_ANNOUNCE_MS) {
      lastSpoken = now;
      live.textContent = `Solving: ${Math.round((now - started) / 1000)} seconds${best ? `, ${what} ${group(best.score)}` : ''}.`;
    }
  }, 100);
  // Focus on a button that becomes disabled would drop to the page: it moves to Cancel.
  const focused = document.activeElement === $('solve');
  $('solve').disabled = true;
  $('cancel').disabled = false;
  if (focused) $('cancel').focus();
  page.runner.start(job, {
    onProgress: (p) => { if (state.solving) state.solving.best = p; },
    onDone: (result) => {
      endSolve();
      const seconds = (performance.now() - started) / 1000;
      if (job.game !== state.game || job.seed !== state.seed) {
        status.textContent = `${job.solver}: score ${group(result.score)} (another game is shown now)`;
        return;
      }
      const { play, problem } = session(job.game, job.seed, job.params, result.output);
      if (problem) {
        play.free();
        showMessage(`The ${job.solver} solver's output is invalid at ${problemText(problem)}.`);
        return;
      }
      const previous = state.play.moves() > 0 ? snapshot() : null;
      play.seek(play.moves());
      const frame = play.frame();
      play.seek(startAt);
      adopt(play, { seed: job.seed, params: job.params, source: { kind: 'solver', solver: job.solver, budgetMs: budget, from: startAt } });
      const end = frame.over ? page.renderer.endText?.(frame.view) : null;
      const early = seconds < 0.8 * (budget / 1000) && end ? ` It stopped after ${seconds.toFixed(2)} s of ${budget / 1000} s because the game ended at move ${group(frame.turn)}: ${end}.` : (end ? ` The game ended at move ${group(frame.turn)}: ${end}.` : '');
      status.textContent = `${job.solver}: score ${group(result.score)} in ${seconds.toFixed(2)} s.${early}`;
      live.textContent = status.textContent;
      const actions = previous ? [{ label: 'Back to my game', run: () => restoreEntry(previous) }] : [];
      showMessage(`The ${job.solver} solver scored ${group(result.score)}.${previous ? ' Your previous game is kept under Your games.' : ''}`, { kind: 'info', actions });
      // Focus follows the result: its first action, or the message itself.
      const target = $('message-actions').querySelector('button') ?? $('message-text');
      if (target === $('message-text')) target.tabIndex = -1;
      target.focus({ preventScroll: true });
      startPlayback();
    },
    onError: (message) => {
      endSolve();
      status.textContent = '';
      live.textContent = `Solve failed: ${message}`;
      showMessage(`Solve failed: ${message}. Your game is unchanged.`);
    },
  });
}

// ---------- the address: load, Back and Forward ----------

/**
 * Shows what the address says: the batch view, a player link, or (no link) the last game.
 * On a reload the browser's copy of that game wins, since it holds every move (the address
 * may be a moment behind the last one).
 */
async function applyAddress() {
  const scrolled = history.state?.y; // before the views rewrite the entry
  page.restoring = true;
  try {
    const q = new URLSearchParams(location.search);
    const view = q.get('view');
    if (view === 'batch' || view === 'compare') {
      if (!state.play) {
        await ready(lastGame());
        openGame(lastGame(), { push: false });
      }
      if (view === 'compare') state.compare = null; // as its link says
      await showView(view, { push: false });
      return;
    }
    const reload = performance.getEntriesByType('navigation')[0]?.type === 'reload' && !state.play;
    await ready(addressGame());
    if (!location.search && !location.hash) openGame(lastGame(), { push: false });
    else if (reload && store().current(q.get('game'))) openGame(q.get('game'), { push: false });
    else openLink();
    await showView('player', { push: false });
  } finally {
    page.restoring = false;
    restoreScroll(scrolled);
  }
  persist();
}

/** The game this browser showed last (or the first game). */
const lastGame = () => info(store().setting('last'))?.id ?? page.infos[0].id;

/** The game the address shows in the player (as `openLink` reads it). */
function addressGame() {
  if (!location.search && !location.hash) return lastGame();
  return info(new URLSearchParams(location.search).get('game'))?.id ?? lastGame();
}

function openLink() {
  const { state: link, errors } = decodeLink(location.search, location.hash, info);
  const g = info(link?.game) ?? info(lastGame());
  const before = store().current(g.id);
  let seed = link?.seed ?? openingSeed(g.id);
  if (!newGame(g.id, seed, link?.params ?? {}, { keepOld: false })) {
    // The seed and parameters together are refused (the message says why): keep the seed.
    errors.push(state.message.text);
    if (!newGame(g.id, seed, {}, { keepOld: false })) {
      seed = openingSeed(g.id);
      newGame(g.id, seed, {}, { keepOld: false });
    }
  }
  if (link?.solver) state.solver = link.solver;
  if (link?.budget) state.budgetMs = link.budget;
  if (link?.speed) state.speed = link.speed;
  if (link?.moves) {
    const problem = state.play.loadOutput(link.moves);
    if (problem) errors.push(`moves: the moves in this link stop being valid at ${problemText(problem)}; the valid part is loaded`);
    state.source = { kind: 'link' };
  }
  if (link?.t !== undefined && link.t > state.play.moves()) errors.push(`t: move ${link.t} is past the last move (${state.play.moves()}); the last move is shown`);
  state.play.seek(Math.min(link?.t ?? state.play.moves(), state.play.moves()));
  page.text = null;
  page.packed = null;
  const now = snapshot();
  // A link of the game this browser has (its own address, reopened) keeps that game's source;
  // a link showing another game keeps this browser's under Your games.
  if (before && sameGame(before, now)) state.source = before.source ?? state.source;
  else if (before?.text) {
    const { play } = session(g.id, before.seed, before.params ?? {}, before.text);
    keep({ ...before, count: play.moves(), score: group(play.frame().score) });
    play.free();
  }
  commit({ moves: true });
  if (errors.length) showMessage(`Parts of this link could not be used, the rest is shown: ${errors.join('; ')}.`);
}

/** A module loaded when first needed, with its styles (the player's first load has neither). */
async function withStyles(load, cssPath) {
  const css = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: new URL(cssPath, import.meta.url).href });
  const styled = new Promise((resolve) => { css.onload = css.onerror = resolve; });
  document.head.append(css);
  const [module] = await Promise.all([load(), styled]);
  return module;
}

/** A view's module `NAME/NAME.js` with its styles, loaded when first shown. */
function loadView(name) {
  return withStyles(() => import(`./${name}/${name}.js`), `./${name}/${name}.css`);
}

/**
 * Shows the player, the batch or the compare view. The batch view and its libraries load the first time
 * it is shown; it gets the compiled wasm module for its workers.
 */
async function showView(view, { push = true } = {}) {
  if (view === 'batch' && !page.batch) page.batch = await (page.batchLoading ??= loadBatchView());
  if (view === 'compare' && !page.compare) {
    const { createCompareView } = await loadView('compare');
    page.compare ??= createCompareView($('compare-view'), {
      infos: page.infos, module: page.module, workerUrl: new URL('./worker.js', import.meta.url),
      state, commit, loadRenderer,
      current: () => ({ game: state.game, seed: state.seed, params: state.params, text: fullOutput(), name: sourceText(state.source) }),
    });
  }
  if (view === 'compare' && !state.compare) page.compare.open();
  if (view !== state.view) {
    if (push) page.leavingY = scrollY;
    stopPlayback();
    if (state.view === 'compare') page.compare.hide();
    state.view = view;
  }
  commit({ push });
  if (view === 'batch') page.batch.show();
}

/** The batch view, its styles and its kept runs, loaded once (the first time it is shown). */
async function loadBatchView() {
  const link = location.search;
  // The view's styles come with it (the player never downloads them).
  const { createBatchView } = await loadView('batch');
  return createBatchView($('batch-view'), {
    infos: page.infos,
    module: page.module,
    workerUrl: new URL('./worker.js', import.meta.url),
    link: new URLSearchParams(link).get('view') === 'batch' ? link : '',
    openInPlayer: async ({ game, seed, params, output }) => {
      if (!(await readyOrSay(game))) return;
      page.leavingY = scrollY;
      // One history entry: Back returns to the batch.
      if (state.game !== game) openGame(game, { push: false });
      if (!newGame(game, seed, params, { push: false })) return;
      if (output) loadOutput(output, { kind: 'batch', seed });
      state.view = 'player';
      commit({ push: true });
      focusBoard(); // the row's button is gone with the batch view
    },
    openSideBySide: (games) => {
      state.compare = { ...games, turn: 0, playing: false };
      showView('compare');
    },
  });
}

// ---------- pictures (www/pictures/, with its styles, loaded on the first click) ----------

async function pictures(action) {
  stopPlayback();
  try {
    page.pictures ??= await withStyles(() => import('./pictures/pictures.js'), './pictures/pictures.css');
  } catch (error) {
    showMessage(`Pictures could not be loaded: ${errorText(error)}. Reload the page and try again.`);
    return;
  }
  page.pictures[action]({
    renderer: page.renderer,
    canvas: $('board'),
    play: state.play,
    game: state.game,
    title: info().title,
    seed: state.seed,
    params: state.params,
    output: fullOutput(),
    moveWord: page.renderer.moveWord,
    scoreText: (frame) => frame.view.score_text ?? group(frame.score),
    message: showMessage,
  });
}

// ---------- keyboard ----------

function onKeyDown(e) {
  if (state.view !== 'player') return;
  const t = e.target;
  if (t.closest?.('dialog')) return; // a dialog's keys are its own (Save animation's)
  const typing = t.closest?.('input, textarea, select, [contenteditable]');
  const plain = !e.ctrlKey && !e.metaKey && !e.altKey;
  if ((e.ctrlKey || e.metaKey) && !typing) {
    const k = e.key.toLowerCase();
    if (k === 'z') return undo(), e.preventDefault();
    if (k === 'y') return redo(), e.preventDefault();
  }
  if (t === $('board')) {
    if (page.renderer.key(e)) return e.preventDefault();
    if (e.key === 'Escape' && state.message) return clearMessage();
  } else if (typing || ((e.key === ' ' || e.key === 'Enter') && t.closest?.('button, a, summary, label'))) {
    return; // a focused control keeps its own keys: Space and Enter press a button
  } else if (page.renderer.onKey?.(e)) {
    return e.preventDefault();
  } else if (e.key === 'Escape' && state.message) {
    return clearMessage();
  }
  const step = e.shiftKey ? 100 : 1;
  const keys = {
    ' ': () => (state.playing ? stopPlayback() : startPlayback()),
    ArrowLeft: () => { state.playing = false; seek(state.play.cursor() - step); },
    ArrowRight: () => { state.playing = false; seek(state.play.cursor() + step, { animated: step === 1 }); },
    Home: () => { state.playing = false; seek(0); },
    End: () => { state.playing = false; seek(state.play.moves()); },
  };
  if (keys[e.key] && plain) {
    e.preventDefault();
    keys[e.key]();
  }
}

// ---------- wiring ----------

function readParams() {
  const params = {};
  for (const input of $('params').querySelectorAll('input')) {
    const text = input.value.trim();
    if (text === '') continue;
    const spec = info().params.find((p) => p.name === input.dataset.param);
    if (!/^-?\d+$/.test(text)) throw new Error(`${spec.name} must be a whole number, got '${text}'`);
    const value = Number(text);
    if (value < spec.min || value > spec.max) throw new Error(`${spec.name} must be from ${spec.min} to ${spec.max}, got ${text}`);
    params[spec.name] = value;
  }
  return params;
}

function wire() {
  // Arrow keys (and typed letters) on the closed menu switch game at each press: the games
  // passed by that way share one history entry, so Back returns to the game before them.
  $('game').onkeydown = () => { page.menuKeyAt = performance.now(); };
  $('game').onchange = async () => {
    const id = $('game').value;
    const now = performance.now();
    const byKey = now - (page.menuKeyAt ?? -Infinity) < 500;
    const push = !(byKey && now - (page.menuPassAt ?? -Infinity) < 2000);
    page.menuPassAt = byKey ? now : null;
    if (!(await readyOrSay(id))) return;
    // Another game chosen while this one downloaded: that choice wins.
    if ($('game').value === id) openGame(id, { push });
  };
  const restart = (seed = $('seed').value) => {
    let params;
    try {
      params = readParams();
    } catch (error) {
      showMessage(errorText(error));
      return;
    }
    if (newGame(state.game, seed, params)) clearMessage();
  };
  $('new-game').onclick = () => restart();
  $('seed').onkeydown = (e) => { if (e.key === 'Enter') restart(); };
  $('params').onkeydown = (e) => { if (e.key === 'Enter') restart(); };
  $('random-seed').onclick = () => restart(randomSeed(state.game));
  $('undo').onclick = undo;
  $('redo').onclick = redo;
  $('first').onclick = () => { state.playing = false; seek(0); };
  $('last').onclick = () => { state.playing = false; seek(state.play.moves()); };
  $('prev').onclick = () => { state.playing = false; seek(state.play.cursor() - 1); };
  $('next').onclick = () => { state.playing = false; seek(state.play.cursor() + 1, { animated: true }); };
  $('play').onclick = () => (state.playing ? stopPlayback() : startPlayback());
  $('slider').oninput = () => { state.playing = false; seek(Number($('slider').value)); };
  $('speed').onchange = () => { state.speed = Number($('speed').value); commit(); };
  $('solver').onchange = () => { state.solver = $('solver').value; commit(); };
  $('budget').onchange = () => {
    const seconds = Number($('budget').value);
    if (Number.isFinite(seconds) && seconds * 1000 >= BUDGET_MS.min && seconds * 1000 <= BUDGET_MS.max) state.budgetMs = Math.round(seconds * 1000);
    else {
      showMessage(`The budget must be from ${BUDGET_MS.min / 1000} to ${BUDGET_MS.max / 1000} seconds; it stays ${state.budgetMs / 1000} s.`);
      resetField($('budget'));
    }
    commit();
  };
  $('solve').onclick = solve;
  $('cancel').onclick = () => {
    cancelSolve();
    $('solve-status').textContent = 'cancelled';
    $('solve-live').textContent = 'Solve cancelled.';
  };
  $('theme').onclick = () => {
    state.theme = THEMES[(THEMES.indexOf(state.theme) + 1) % THEMES.length];
    store().setSetting('theme', state.theme);
    themeChanged();
  };
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', themeChanged);
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
    holdLongText(text, { kind: 'paste' });
  });
  box.addEventListener('input', () => {
    if (box.value.length > BOX_CHARS) holdLongText(box.value, { kind: 'paste' });
    else if (box.value) state.pending = null;
  });
  $('upload').onchange = async () => {
    const file = $('upload').files[0];
    $('upload').value = '';
    if (file) await loadFile(file, { seedFromName: false });
  };
  // A file dropped anywhere on the player loads as an upload does; its name may name the seed.
  addEventListener('dragover', (e) => {
    if (state.view !== 'player' || ![...(e.dataTransfer?.types ?? [])].includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  });
  addEventListener('drop', (e) => {
    if (state.view !== 'player' || !e.dataTransfer?.files.length) return;
    e.preventDefault();
    const files = [...e.dataTransfer.files];
    if (files.length > 1) showMessage(`${plural(files.length, 'file')} were dropped; the player shows one (${files[0].name}). The batch view scores many at once.`, { kind: 'info' });
    loadFile(files[0], { seedFromName: true });
  });
  const download = async (name, text) => (await import('./download.js')).download(name, text);
  $('download-output').onclick = () => download(`${state.game}-${state.seed}.out.txt`, fullOutput());
  $('download-input').onclick = () => download(`${state.game}-${state.seed}.in.txt`, state.play.inputText());
  $('share').onclick = async () => {
    persist();
    const link = playerLink();
    $('share-link').value = link;
    // The note goes beside the button, where the person is looking.
    try {
      await navigator.clipboard.writeText(link);
      state.shared = 'Copied.';
    } catch {
      $('share-link').select();
      state.shared = 'Copy it from the box below.';
    }
    render();
  };
  $('save-image').onclick = () => pictures('saveImage');
  $('save-animation').onclick = () => pictures('saveAnimation');
  $('message-close').onclick = clearMessage;
  $('board-text').addEventListener('toggle', () => { if ($('board-text').open) render(); });
  $('chart-box').addEventListener('toggle', async () => {
    if (!$('chart-box').open) return;
    if (!page.chart) {
      const { createScoreChart } = await import('./chart/score-chart.js');
      page.chart ??= await createScoreChart($('chart'), { onSeek: (turn) => { state.playing = false; seek(turn); } });
      page.timeline = false;
    }
    render();
  });
  document.addEventListener('keydown', onKeyDown);
  // Redraw at the new size when the layout changes (rotation, window resize), in a frame:
  // drawing inside the observer's callback would resize the board it observes.
  let size = '';
  let queued = 0;
  new ResizeObserver(([entry]) => {
    const next = `${Math.round(entry.contentRect.width)}x${Math.round(innerHeight)}`;
    if (next === size || !state.play) return;
    size = next;
    cancelAnimationFrame(queued);
    queued = requestAnimationFrame(() => page.renderer.redraw());
  }).observe($('board-area'));
  // The board's height budget (style.css) needs the height above <main>.
  // A new height budget is new room for the board: it is fitted again.
  const chrome = () => {
    const height = `${Math.ceil(document.querySelector('main').offsetTop)}px`;
    if (document.documentElement.style.getPropertyValue('--chrome-h') === height) return;
    document.documentElement.style.setProperty('--chrome-h', height);
    if (state.play && page.renderer) page.renderer.redraw();
  };
  new ResizeObserver(() => requestAnimationFrame(chrome)).observe(document.querySelector('header'));
  new ResizeObserver(() => requestAnimationFrame(chrome)).observe($('caveat'));
  chrome();
  for (const a of document.querySelectorAll('#views a')) {
    a.onclick = (event) => {
      event.preventDefault();
      showView(a.dataset.view);
    };
  }
  history.scrollRestoration = 'manual'; // restoreScroll, once the view is built
  addEventListener('popstate', () => applyAddress());
  // Whatever a throttled write still owes goes out as the page is left, with the scroll
  // position for a reload.
  addEventListener('pagehide', () => {
    persist();
    rememberScroll(scrollY);
  });
  document.addEventListener('visibilitychange', () => { if (document.hidden) persist(); });
}

function themeChanged() {
  renderView();
  for (const view of [page.chart, page.compare]) view?.redraw();
  if (state.play) page.renderer.redraw();
}

// The header's narrow layouts (style.css: phones, and phones held sideways).
const narrowHeader = matchMedia('(max-width: 720px), (orientation: landscape) and (max-height: 500px)');

/**
 * The game menu's names: on a narrow header the short ones ("Territory", not "Territory
 * (AHC061)"), which fit the menu's width; How to play names the contest.
 */
function nameGames() {
  for (const option of $('game').options) {
    const title = info(option.value).title;
    option.text = narrowHeader.matches ? title.replace(/ \(.*\)$/, '') : title;
  }
}

/**
 * The board and its panels are hidden (style.css) until the page can draw them as they will
 * stay, so nothing jumps into place on the first screen; a message shows them at once.
 */
function booted() {
  delete document.body.dataset.booting;
}

async function main() {
  state.theme = THEMES.includes(store().setting('theme')) ? store().setting('theme') : 'auto';
  // The view the address names shows from the first paint (not the player's, then it).
  const named = new URLSearchParams(location.search).get('view');
  if (named === 'batch' || named === 'compare') state.view = named;
  renderView();
  // The renderer the address will most likely show downloads beside the wasm module.
  const q = new URLSearchParams(location.search);
  const likely = [q.get('view') === 'batch' ? null : q.get('game'), store().setting('last')].find((id) => gameIds.includes(id)) ?? gameIds[0];
  loadRenderer(likely).catch(() => {}); // a failure is said when the game is shown
  // Your games come from the browser's database, read beside the wasm module's compiling.
  const database = store().useDatabase();
  try {
    // Compiled once: the page and every worker (the solver's, the batch's pool) share it.
    // The SIMD build where the browser has WebAssembly SIMD, else the baseline (wasm-file.js).
    page.wasmFile = globalThis.arcadeWasmFile();
    const url = new URL(`../${page.wasmFile}`, import.meta.url);
    page.module = await WebAssembly.compileStreaming(fetch(url))
      // compileStreaming needs the server to say application/wasm; compile the bytes if not.
      .catch(async () => WebAssembly.compile(await (await fetch(url)).arrayBuffer()));
    await init({ module_or_path: page.module });
  } catch (error) {
    showMessage(`WebAssembly could not be loaded: ${errorText(error)}. Build it with scripts/build-web.sh.`);
    return;
  }
  // Only games with a renderer are offered; the CLI has them all.
  page.infos = games().filter((g) => gameIds.includes(g.id));
  $('game').replaceChildren(...page.infos.map((g) => new Option(g.title, g.id)));
  nameGames();
  narrowHeader.addEventListener('change', nameGames);
  $('speed').replaceChildren(...SPEEDS.map((s) => new Option(`${s}/s`, String(s))));
  resetField($('speed'));
  page.runner = new SolverRunner(new URL('./worker.js', import.meta.url), { module: page.module });
  wire();
  const refused = await database;
  if (refused) $('saved-note').textContent = `Your games are kept in this browser's small storage: its database is not available (${refused}).`;
  await applyAddress();
  // For end-to-end tests and the curious: the current frame, board geometry and state.
  window.arcade = {
    frame: () => state.play.frame(),
    geometry: () => ({ ...page.renderer.geometry(), scale: page.renderer.scale }),
    output: () => fullOutput(),
    saved: () => store().saved(state.game),
    flush: () => persist(),
    wasm: () => page.wasmFile,
    state: () => ({ view: state.view, game: state.game, seed: state.seed, params: state.params, turn: state.play.cursor(), moves: state.play.moves(), source: state.source, theme: state.theme, budgetMs: state.budgetMs }),
  };
  booted();
  document.body.dataset.ready = 'true';
  performance.mark('arcade-ready'); // scripts/transfer.mjs reports it
  // The offline copy (sw.js), once the board is playable: it never delays the first load.
  // Without www/pkg/precache.js (no build) it fails to install, and the page works as before.
  navigator.serviceWorker?.register(new URL('../sw.js', import.meta.url), { updateViaCache: 'none' }).catch(() => {});
}

// Chromium reports a ResizeObserver that could not deliver every notice in one frame as an
// error event; it is harmless (the next frame delivers them), so it is never shown.
const harmless = (text) => /ResizeObserver loop/.test(text);
addEventListener('unhandledrejection', (e) => { if (!harmless(errorText(e.reason))) showMessage(`Unexpected error: ${errorText(e.reason)}`); });
addEventListener('error', (e) => { if (!harmless(e.message)) showMessage(`Unexpected error: ${e.message}`); });
main();
