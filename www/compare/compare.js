// The compare view: two games of one seed side by side on one shared move slider and play
// button, each board drawn by the game's renderer, the move where they first differ, who
// leads at the shown move and by how much, and both scores over the game (www/chart/). The
// games come from files, pastes, the player's game, a solver run in a worker, or a batch
// comparison's row. Its state is the page's (`state.compare`: game, seed, params, the two
// games' texts and names, the shown move, playing); every change goes through `commit`, as
// the player's do. Loaded the first time it is shown.
import { Play } from '../pkg/arcade.js';
import { SolverRunner } from '../solver.js';
import { createScoreChart } from '../chart/score-chart.js';
import { group, plural, problemText, errorText } from '../words.js';
import { TEXT_LIMIT, decodeLink } from '../link.js';
import { encodeCompareLink } from './compare-link.js';

const SIDES = ['a', 'b'];
const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

/** The first move (from 1) where two sessions' games differ, or null: the same moves. */
export function firstDifference(a, b) {
  const [na, nb] = [a.moves(), b.moves()];
  const prefix = (play, k) => { play.seek(k); return play.outputText(); };
  // Equal prefixes are monotone in their length: the longest equal one by bisection.
  let [lo, hi] = [0, Math.min(na, nb)];
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (prefix(a, mid) === prefix(b, mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo === na && lo === nb ? null : lo + 1;
}

/** Who leads: `A leads by 5`, `B leads by 2`, `level`. */
export const leadText = (sa, sb) => (sa === sb ? 'level' : `${sa > sb ? 'A' : 'B'} leads by ${group(Math.abs(sa - sb))}`);

/**
 * `root`: the view's section. `state`, `commit`: the page's one state and its commit.
 * `loadRenderer(id)`: a game's renderer module. `current()`: the player's game as
 * `{game, seed, params, text, name}`. `infos`, `module`, `workerUrl`: as the batch view's.
 */
export function createCompareView(root, { state, commit, infos, loadRenderer, current, module, workerUrl }) {
  const info = (id) => infos.find((g) => g.id === id);
  const ui = {};
  let runner = null;
  let solving = null; // the side a solve runs for
  let chart = null;
  const built = { key: '', game: '', sides: {}, timelines: {}, first: null, problems: [] };
  const boards = {};
  let pastes = 0;
  // Hidden (compare.css) until its first draw: the chooser, boards and chart appear in place
  // instead of jumping there.
  root.dataset.drawing = '';

  // ----- the view's DOM (text only) -----
  ui.title = el('p', { id: 'compare-what' });
  ui.message = el('p', { id: 'compare-message', hidden: true, role: 'status' });
  const sideBox = (side) => {
    const name = side.toUpperCase();
    const box = {};
    box.name = el('span', { className: 'compare-name' });
    box.fromPlayer = el('button', { type: 'button', textContent: "The player's game" });
    box.fromPlayer.onclick = () => usePlayer(side);
    box.file = el('input', { type: 'file', accept: '.txt,.out,text/plain', id: `compare-file-${side}` });
    box.file.onchange = async () => {
      const file = box.file.files[0];
      box.file.value = '';
      if (!file) return;
      if (file.size > TEXT_LIMIT) return say(`${file.name} is larger than any output of these games; it was not loaded.`);
      setSide(side, { text: await file.text(), name: file.name });
    };
    box.solver = el('select', { id: `compare-solver-${side}`, 'aria-label': `solver for ${name}` });
    box.solve = el('button', { type: 'button', textContent: 'Solve' });
    // While its solve runs the button cancels it (and keeps the focus).
    box.solve.onclick = () => (solving === side ? cancelSolve() : solveSide(side));
    box.paste = el('textarea', { rows: 2, id: `compare-paste-${side}`, placeholder: `Paste game ${name}'s output`, 'aria-label': `game ${name}'s output` });
    box.usePaste = el('button', { type: 'button', textContent: 'Use pasted' });
    box.usePaste.onclick = () => {
      const text = box.paste.value;
      if (!text.trim()) return say(`Paste an output into ${name}'s box first.`);
      box.paste.value = '';
      pastes += 1;
      setSide(side, { text, name: `pasted #${pastes}` }); // two pastes are told apart
    };
    box.root = el('fieldset', { className: 'compare-side' },
      el('legend', {}, `Game ${name}: `, box.name),
      el('div', { className: 'row' }, box.fromPlayer,
        el('label', { className: 'file' }, 'Upload ', box.file),
        box.solver, box.solve),
      box.paste, el('div', { className: 'row' }, box.usePaste));
    return box;
  };
  ui.sides = { a: sideBox('a'), b: sideBox('b') };
  ui.first = el('p', { id: 'compare-first' });
  // Straight to the first difference (a 10,000-move pair is long to step through).
  ui.toFirst = el('button', { type: 'button', id: 'compare-to-first', className: 'link' });
  ui.toFirst.onclick = () => seek(built.first);
  ui.lead = el('p', { id: 'compare-lead', 'aria-live': 'polite' });
  const boardBox = (side) => {
    const canvas = el('canvas', { width: 400, height: 400, id: `compare-board-${side}` });
    canvas.setAttribute('role', 'img');
    const caption = el('figcaption', { id: `compare-caption-${side}` });
    const area = el('div', { className: 'compare-area' }, canvas);
    return { canvas, caption, area, root: el('figure', { className: 'compare-board' }, caption, area) };
  };
  ui.boards = { a: boardBox('a'), b: boardBox('b') };
  const button = (id, text, label, run) => {
    const b = el('button', { type: 'button', id, textContent: text });
    b.setAttribute('aria-label', label);
    b.onclick = run;
    return b;
  };
  ui.play = button('compare-play', '▶', 'play', () => (state.compare.playing ? stop() : start()));
  ui.slider = el('input', { type: 'range', id: 'compare-slider', min: 0, max: 0, value: 0 });
  ui.slider.setAttribute('aria-label', 'shown move of both games');
  ui.slider.oninput = () => seek(Number(ui.slider.value));
  ui.turn = el('strong', { id: 'compare-turn' });
  ui.chart = el('div', { id: 'compare-chart' });
  const controls = el('div', { className: 'row compare-controls' },
    button('compare-first-move', '|◀', 'first move', () => seek(0)),
    button('compare-prev', '◀◀', 'step back', () => seek(state.compare.turn - 1)),
    ui.play,
    button('compare-next', '▶▶', 'step forward', () => seek(state.compare.turn + 1)),
    button('compare-last', '▶|', 'last move', () => seek(length())),
    el('span', {}, 'Move ', ui.turn));
  // Choosing the games: folded when a link brings both, opened while one is missing.
  ui.inputs = el('details', { id: 'compare-inputs' },
    el('summary', { textContent: 'Choose games A and B' }),
    el('div', { className: 'compare-inputs' }, ui.sides.a.root, ui.sides.b.root));
  root.replaceChildren(
    el('h2', { textContent: 'Side by side' }), ui.title, ui.message, ui.inputs,
    el('div', { className: 'compare-bar' }, el('div', { className: 'compare-summary' }, ui.first, ui.lead), controls, ui.slider),
    el('div', { className: 'compare-boards' }, ui.boards.a.root, ui.boards.b.root),
    el('h3', { textContent: 'Score over the game' }), ui.chart);

  // ----- actions: each changes state.compare and commits -----

  function say(text) {
    ui.message.hidden = !text;
    ui.message.textContent = text ?? '';
  }

  function setSide(side, game) {
    stop(false);
    state.compare[side] = game;
    say('');
    commit({ moves: true });
  }

  /** The player's game as one side; another seed or game first makes the view that one's. */
  function usePlayer(side) {
    const p = current();
    if (!p.text) return say("The player's game has no moves yet.");
    const c = state.compare;
    const same = p.game === c.game && p.seed === c.seed && JSON.stringify(p.params) === JSON.stringify(c.params);
    if (!same) {
      const other = side === 'a' ? 'b' : 'a';
      if (c[other]) say(`The player shows ${p.game} seed ${p.seed}: game ${other.toUpperCase()} (of seed ${c.seed}) was put aside.`);
      Object.assign(c, { game: p.game, seed: p.seed, params: p.params, [other]: null, turn: 0 });
    }
    c[side] = { text: p.text, name: p.name };
    commit({ moves: true });
  }

  function solveSide(side) {
    const c = state.compare;
    const box = ui.sides[side];
    const solver = box.solver.value;
    const budgetMs = state.budgetMs;
    runner ??= new SolverRunner(workerUrl, { module, warm: false });
    solving = side;
    box.name.textContent = `running ${solver} for ${budgetMs / 1000} s…`;
    renderInputs();
    const job = { game: c.game, seed: c.seed, params: c.params, solver, budgetMs, prefix: '' };
    runner.start(job, {
      onDone: (result) => {
        solving = null;
        if (job.game !== state.compare.game || job.seed !== state.compare.seed) return renderInputs();
        setSide(side, { text: result.output, name: `${solver}, ${budgetMs / 1000} s` });
      },
      onError: (message) => {
        solving = null;
        say(`The ${solver} solver failed for ${side.toUpperCase()}: ${message}.`);
        renderInputs();
      },
    });
  }

  function cancelSolve() {
    const side = solving;
    runner?.cancel();
    solving = null;
    renderInputs();
    say(`The solve for ${side.toUpperCase()} was cancelled.`);
  }

  const length = () => Math.max(0, ...SIDES.map((s) => built.sides[s]?.moves() ?? 0));

  function seek(turn) {
    stop(false);
    state.compare.turn = Math.max(0, Math.min(turn, length()));
    commit();
  }

  function stop(render = true) {
    if (!state.compare.playing) return;
    state.compare.playing = false;
    if (render) commit();
  }

  function start() {
    const c = state.compare;
    if (c.turn >= length()) c.turn = 0;
    c.playing = true;
    commit();
    let last = performance.now();
    let carry = 0;
    const tick = (now) => {
      if (!c.playing || state.compare !== c || state.view !== 'compare') return;
      carry += ((now - last) * state.speed) / 1000;
      last = now;
      const steps = Math.floor(carry);
      if (steps > 0) {
        carry -= steps;
        c.turn = Math.min(c.turn + steps, length());
        if (c.turn >= length()) c.playing = false;
        commit({ animated: steps === 1 });
      }
      if (c.playing) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  // ----- deriving: sessions, boards, chart -----

  /** What is shown of an invalid output. */
  const validShown = (n) => (n === 0 ? 'it has no valid move' : n === 1 ? 'its 1 valid move is shown' : `its ${plural(n, 'valid move')} are shown`);

  /** The sessions of the two games, made again only when a game, seed or text changed. */
  async function build() {
    const c = state.compare;
    const key = JSON.stringify([c.game, c.seed, c.params, c.a?.text ?? null, c.b?.text ?? null]);
    if (key === built.key) return;
    built.key = key;
    built.changed = true;
    for (const s of SIDES) built.sides[s]?.free();
    built.sides = {};
    built.timelines = {};
    built.problems = [];
    for (const s of SIDES) {
      if (!c[s]) continue;
      try {
        const play = new Play(c.game, c.seed, c.params);
        const problem = play.loadOutput(c[s].text);
        const who = `${s.toUpperCase()} (${c[s].name})`;
        if (problem) built.problems.push(`${who} is not a valid output — ${problemText(problem)}; ${validShown(play.moves())}`);
        // A game still in progress (the player's, a short paste) is shown as far as it goes.
        else if (play.incomplete()) built.problems.push(`${who} stops after ${plural(play.moves(), 'move')}, before the game's end (the official tester would not score it)`);
        built.sides[s] = play;
        built.timelines[s] = play.timeline();
      } catch (error) {
        built.problems.push(`${s.toUpperCase()} could not be read: ${errorText(error)}`);
      }
    }
    built.first = built.sides.a && built.sides.b ? firstDifference(built.sides.a, built.sides.b) : undefined;
    if (built.game !== c.game) {
      built.game = c.game;
      const module = await loadRenderer(c.game);
      for (const s of SIDES) {
        boards[s]?.destroy();
        boards[s] = module.create(ui.boards[s].canvas, hooks);
        ui.boards[s].canvas.className = '';
      }
      const agents = info(c.game).agents;
      for (const s of SIDES) ui.sides[s].solver.replaceChildren(...agents.map((a) => new Option(a, a)));
    }
    chart ??= await createScoreChart(ui.chart, { onSeek: seek, label: 'scores of games A and B after each move' });
    chart.show({ games: SIDES.filter((s) => built.timelines[s]).map((s) => ({ name: s.toUpperCase(), timeline: built.timelines[s] })), turn: c.turn });
  }

  // The boards only show: a move is played in the player.
  const hooks = {
    replayOnly: true, // a board says nothing of picking and playing (it is not played here)
    play: () => { say('These boards replay two games; play a move in the player.'); return false; },
    tooltip: () => {},
    announce: () => {},
    message: (text) => say(text),
    preview: () => null,
    analyze: () => null,
  };

  function renderInputs() {
    for (const s of SIDES) {
      const box = ui.sides[s];
      if (solving !== s) box.name.textContent = state.compare[s]?.name ?? 'none yet';
      box.solve.disabled = solving !== null && solving !== s;
      box.solve.textContent = solving === s ? 'Cancel' : 'Solve';
      box.solve.setAttribute('aria-label', solving === s ? `cancel the solve for ${s.toUpperCase()}` : `solve for ${s.toUpperCase()}`);
    }
  }

  let queue = Promise.resolve();
  /** Draws the view from `state.compare` (after every commit while it is shown). */
  function render({ animated = false } = {}) {
    queue = queue.then(() => draw(animated)).catch((error) => say(`The view could not be drawn: ${errorText(error)}`))
      .finally(() => delete root.dataset.drawing);
    return queue;
  }

  async function draw(animated) {
    const c = state.compare;
    await build();
    const g = info(c.game);
    const params = Object.entries(c.params ?? {}).map(([k, v]) => ` ${k}=${v}`).join('');
    ui.title.textContent = `${g.title}, seed ${c.seed}${params}: two games on one move slider.`;
    renderInputs();
    const n = length();
    c.turn = Math.min(c.turn, n);
    ui.slider.max = String(n);
    ui.slider.value = String(c.turn);
    ui.turn.textContent = `${group(c.turn)} / ${group(n)}`;
    ui.play.textContent = c.playing ? '■' : '▶';
    ui.play.setAttribute('aria-label', c.playing ? 'pause' : 'play');
    const scores = {};
    for (const s of SIDES) {
      const play = built.sides[s];
      const box = ui.boards[s];
      box.root.hidden = !play;
      if (!play) continue;
      play.seek(Math.min(c.turn, play.moves()));
      const frame = play.frame();
      scores[s] = frame.score;
      boards[s].draw(frame, { animated });
      const ended = play.moves() < c.turn ? ` (ended at move ${group(play.moves())})` : '';
      box.caption.textContent = `${s.toUpperCase()}: ${c[s].name} · score ${frame.view.score_text ?? group(frame.score)}${ended}`;
      box.canvas.setAttribute('aria-label', `game ${s.toUpperCase()} at move ${group(frame.turn)}, score ${group(frame.score)}`);
    }
    const both = built.sides.a && built.sides.b;
    // The chooser is open while a game is missing, and closes when a new pair is complete, so
    // that the boards come into sight.
    if (!both) ui.inputs.open = true;
    else if (built.changed && ui.inputs.open) {
      // It closes around the control just used: focus goes to the replay's Play.
      const inside = ui.inputs.contains(document.activeElement) || document.activeElement === document.body;
      ui.inputs.open = false;
      if (inside) ui.play.focus({ preventScroll: true });
    }
    built.changed = false;
    if (!both) ui.first.textContent = 'Choose two games of this seed: files, pastes, the player\'s game or a solver.';
    else if (built.first === null) ui.first.textContent = 'The two games are the same, move for move.';
    else {
      ui.first.textContent = `They first differ at move ${group(built.first)}. `;
      ui.first.append(ui.toFirst);
      ui.toFirst.textContent = `Show move ${group(built.first)}`;
    }
    ui.lead.textContent = both ? `Move ${group(c.turn)}: A ${group(scores.a)} · B ${group(scores.b)}, ${leadText(scores.a, scores.b)}.` : '';
    if (built.problems.length) say(`${built.problems.join('; ')}.`);
    chart?.setTurn(c.turn);
    built.shown = c.turn;
  }

  // Space, arrows, Home and End drive the shared slider, as they drive the player's.
  document.addEventListener('keydown', (e) => {
    if (state.view !== 'compare' || e.ctrlKey || e.metaKey || e.altKey) return;
    // The view's own controls keep their keys (a button hidden with another view does not).
    if (e.target.closest?.('textarea, select') || (root.contains(e.target) && e.target.closest('input, button, a, summary'))) return;
    const step = e.shiftKey ? 100 : 1;
    const keys = {
      ' ': () => (state.compare.playing ? stop() : start()),
      ArrowLeft: () => seek(state.compare.turn - step),
      ArrowRight: () => seek(state.compare.turn + step),
      Home: () => seek(0),
      End: () => seek(length()),
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });

  /** The view's state from the address (a compare link), else the player's game as A. */
  function open() {
    const q = new URLSearchParams(location.search);
    const { state: link, errors } = q.get('view') === 'compare' ? decodeLink(location.search, location.hash, info) : { state: null, errors: [] };
    const side = (key) => (link?.[key] ? { text: link[key], name: q.get(`${key}n`) || `game ${key.toUpperCase()}` } : null);
    if (link?.game) {
      const seed = link.seed ?? info(link.game).min_seed;
      state.compare = { game: link.game, seed, params: link.params, a: side('a'), b: side('b'), turn: link.t ?? 0, playing: false };
    } else {
      const p = current();
      state.compare = { game: p.game, seed: p.seed, params: p.params, a: p.text ? { text: p.text, name: p.name } : null, b: null, turn: 0, playing: false };
    }
    say(errors.length ? `Parts of this link could not be used, the rest is shown: ${errors.join('; ')}.` : '');
  }

  const view = {
    open,
    /** The view's address (the page writes it into history). */
    link: () => encodeCompareLink(location.origin + location.pathname, state.compare),
    render,
    /** After a theme or size change. */
    redraw() {
      for (const s of SIDES) boards[s]?.redraw();
      chart?.redraw();
    },
    hide() {
      stop(false);
      if (solving) runner?.cancel();
      solving = null;
    },
    /** For tests: the move the boards show, their frames, the first difference. */
    inspect: () => ({
      turn: built.shown,
      moves: SIDES.map((s) => built.sides[s]?.moves() ?? null),
      frames: SIDES.map((s) => built.sides[s]?.frame() ?? null),
      first: built.first,
      lead: ui.lead.textContent,
    }),
  };
  // For end-to-end tests and the curious.
  window.arcadeCompare = view;
  return view;
}
