// The playground page: picks a game and seed, draws it, plays it by hand, replays outputs,
// runs solvers in a worker and shares everything as a link. All game logic is in wasm.
import init, { games, Play, randomSeed } from './pkg/arcade.js';
import { SolverRunner } from './solver.js';
import { encodeLink, decodeLink } from './link.js';
import { renderers } from './games/index.js';

const $ = (id) => document.getElementById(id);

const app = {
  infos: [],
  info: null, // the current game's info
  seed: '1',
  params: {},
  play: null, // wasm Play: the game being shown
  renderer: null,
  playing: false,
  runner: null,
  solveTicker: 0, // the interval that shows a running solve's time
};

// ---------- messages ----------

function showMessage(text, { kind = 'error', action = null } = {}) {
  const box = $('message');
  box.textContent = text;
  box.className = kind === 'error' ? '' : 'info';
  if (action) {
    const button = document.createElement('button');
    button.textContent = action.label;
    button.style.marginLeft = '10px';
    button.onclick = action.run;
    box.append(button);
  }
  box.hidden = false;
}

function clearMessage() {
  $('message').hidden = true;
}

const errorText = (error) => String(error?.message ?? error);

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
    input.value = app.params[p.name] ?? '';
    label.append(input);
    params.append(label);
  }
  const solver = $('solver');
  const previous = solver.value;
  solver.replaceChildren(...info.agents.map((a) => new Option(a, a)));
  if (info.agents.includes(previous)) solver.value = previous;
  const caveat = $('caveat');
  caveat.hidden = !info.caveat;
  caveat.textContent = info.caveat ? `Note: ${info.caveat}` : '';
  $('seed').value = app.seed;
}

function readParams() {
  const params = {};
  for (const input of $('params').querySelectorAll('input')) {
    const text = input.value.trim();
    if (text === '') continue;
    if (!/^-?\d+$/.test(text)) throw new Error(`parameter ${input.dataset.param} must be a whole number, got '${text}'`);
    params[input.dataset.param] = Number(text);
  }
  return params;
}

/** Switches to a new game; on a bad seed or parameter nothing is lost and the reason shown. */
function newGame(gameId, seed, params) {
  let play;
  try {
    play = new Play(gameId, String(seed).trim(), params);
  } catch (error) {
    showMessage(errorText(error));
    return false;
  }
  stopPlayback();
  app.runner?.cancel();
  setSolving(false);
  app.play?.free();
  app.play = play;
  app.seed = String(seed).trim();
  app.params = params;
  if (app.info?.id !== gameId || !app.renderer) {
    app.renderer?.destroy();
    app.info = infoOf(gameId);
    fillGameControls(app.info);
    const controls = $('game-controls');
    controls.replaceChildren();
    app.renderer = renderers[gameId].create($('board'), hooks);
    app.renderer.controls?.(controls);
    $('play-hint').textContent = app.renderer.hint ?? '';
  } else {
    $('seed').value = app.seed;
  }
  syncAddress();
  render();
  return true;
}

const hooks = {
  play(action) {
    try {
      app.play.play(action);
    } catch (error) {
      showMessage(errorText(error));
      render();
      return false;
    }
    stopPlayback();
    clearMessage();
    render({ animated: true });
    return true;
  },
  tooltip(text, event) {
    const tip = $('tooltip');
    if (!text) {
      tip.hidden = true;
      return;
    }
    const area = $('board-area').getBoundingClientRect();
    tip.textContent = text;
    tip.style.left = `${event.clientX - area.left + 14}px`;
    tip.style.top = `${event.clientY - area.top + 14}px`;
    tip.hidden = false;
  },
  message: (text) => showMessage(text, { kind: 'info' }),
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
  $('score').textContent = frame.view.score_text ?? frame.score.toLocaleString('en-US');
  $('turn').textContent = `${frame.turn} / ${frame.moves}`;
  $('status').textContent = frame.over ? 'Game over' : '';
  const slider = $('slider');
  slider.max = String(frame.moves);
  slider.value = String(frame.turn);
  $('undo').disabled = frame.turn === 0;
  $('redo').disabled = frame.turn === frame.moves;
}

// ---------- replay ----------

function seek(turn) {
  app.play.seek(Math.max(0, Math.min(turn, app.play.moves())));
  render();
}

function stopPlayback() {
  app.playing = false;
  $('play').textContent = '▶';
}

function startPlayback() {
  if (app.play.cursor() >= app.play.moves()) app.play.seek(0);
  app.playing = true;
  $('play').textContent = '■';
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
    }
    if (app.play.cursor() >= app.play.moves()) stopPlayback();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

// ---------- outputs ----------

/**
 * Loads a contest output. An output the official tester would reject (an illegal move, or
 * one that ends too early) keeps the current game; its valid moves can still be replayed.
 */
function loadOutput(text, source) {
  const candidate = new Play(app.info.id, app.seed, app.params);
  const error = candidate.loadOutput(text) ?? candidate.incomplete();
  if (error) {
    const message = `${source} is not a valid output — move ${error.turn}: ${error.reason}. The official tester would reject it; your current game is unchanged.`;
    const valid = candidate.moves();
    showMessage(message, valid > 0 ? {
      action: { label: `Replay its ${valid} valid moves`, run: () => { adopt(candidate); clearMessage(); } },
    } : {});
    if (valid === 0) candidate.free();
    return false;
  }
  adopt(candidate);
  showMessage(`${source}: score ${app.play.frame().score.toLocaleString('en-US')} after ${app.play.moves()} moves. Press |◀ then ▶ to replay it.`, { kind: 'info' });
  return true;
}

function adopt(play) {
  stopPlayback();
  app.play?.free();
  app.play = play;
  render();
}

function fullOutput() {
  const turn = app.play.cursor();
  app.play.seek(app.play.moves());
  const text = app.play.outputText();
  app.play.seek(turn);
  return text;
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
  const job = { game: app.info.id, seed: app.seed, params: app.params, solver: $('solver').value, budgetMs: budget };
  const status = $('solve-status');
  const started = performance.now();
  let best = null;
  app.solveTicker = setInterval(() => {
    const elapsed = ((performance.now() - started) / 1000).toFixed(1);
    status.textContent = `running ${job.solver}: ${elapsed} s / ${budget / 1000} s` + (best ? ` · best so far ${best.score.toLocaleString('en-US')} (move ${best.turn})` : '');
  }, 100);
  setSolving(true);
  const done = () => setSolving(false);
  app.runner.start(job, {
    onProgress: (p) => { best = p; },
    onDone: (result) => {
      done();
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      status.textContent = `${job.solver}: score ${result.score.toLocaleString('en-US')} in ${seconds} s`;
      if (job.game !== app.info.id || job.seed !== app.seed) return;
      if (loadOutput(result.output, `The ${job.solver} solver's output`)) {
        app.play.seek(0);
        render();
        startPlayback();
      }
    },
    onError: (message) => {
      done();
      status.textContent = '';
      showMessage(`Solve failed: ${message}`);
    },
  });
}

// ---------- links ----------

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

function syncAddress() {
  const q = new URLSearchParams({ v: '1', game: app.info.id, seed: app.seed });
  for (const [k, v] of Object.entries(app.params)) q.set(k, String(v));
  history.replaceState(null, '', `${baseUrl()}?${q}`);
}

async function openFromLink() {
  const names = (id) => infoOf(id)?.params.map((p) => p.name) ?? null;
  const { state, errors } = await decodeLink(location.search, location.hash, names);
  const info = infoOf(state?.game) ?? app.infos[0];
  let ok = newGame(info.id, state?.seed ?? info.min_seed, state?.params ?? {});
  if (!ok) {
    errors.unshift($('message').textContent);
    newGame(info.id, info.min_seed, {});
  }
  if (state?.solver && info.agents.includes(state.solver)) $('solver').value = state.solver;
  if (state?.budget) $('budget').value = String(Math.min(30, Math.max(1, state.budget / 1000)));
  if (state?.speed && [...$('speed').options].some((o) => o.value === String(state.speed))) $('speed').value = String(state.speed);
  if (ok && state?.moves) {
    const error = app.play.loadOutput(state.moves);
    if (error) errors.push(`the moves in this link stop being valid at move ${error.turn}: ${error.reason}; the valid part is loaded`);
    app.play.seek(state.t ?? app.play.moves());
    render();
  }
  if (errors.length) showMessage(`This link could not be read entirely: ${errors.join('; ')}.`);
}

// ---------- wiring ----------

function wire() {
  $('game').onchange = () => {
    app.params = {};
    const info = infoOf($('game').value);
    newGame(info.id, info.min_seed, {});
  };
  const restart = () => {
    let params;
    try {
      params = readParams();
    } catch (error) {
      showMessage(errorText(error));
      return;
    }
    if (newGame(app.info.id, $('seed').value, params)) clearMessage();
  };
  $('new-game').onclick = restart;
  $('seed').onkeydown = (e) => { if (e.key === 'Enter') restart(); };
  $('random-seed').onclick = () => {
    $('seed').value = randomSeed(app.info.id);
    restart();
  };
  $('undo').onclick = () => { app.play.undo(); stopPlayback(); render(); };
  $('redo').onclick = () => { app.play.redo(); stopPlayback(); render({ animated: true }); };
  $('first').onclick = () => { stopPlayback(); seek(0); };
  $('last').onclick = () => { stopPlayback(); seek(app.play.moves()); };
  $('prev').onclick = () => { stopPlayback(); seek(app.play.cursor() - 1); };
  $('next').onclick = () => { stopPlayback(); app.play.seek(app.play.cursor() + 1); render({ animated: true }); };
  $('play').onclick = () => (app.playing ? stopPlayback() : startPlayback());
  $('slider').oninput = () => { stopPlayback(); seek(Number($('slider').value)); };
  $('solve').onclick = solve;
  $('cancel').onclick = () => {
    app.runner.cancel();
    setSolving(false);
    $('solve-status').textContent = 'cancelled';
  };
  $('load-output').onclick = () => {
    const text = $('output').value;
    if (!text.trim()) return showMessage('Paste an output first.');
    loadOutput(text, 'The pasted output');
  };
  $('upload').onchange = async () => {
    const file = $('upload').files[0];
    if (!file) return;
    const text = await file.text();
    $('output').value = text.length < 2_000_000 ? text : '';
    loadOutput(text, `The file ${file.name}`);
    $('upload').value = '';
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
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, textarea, select')) return;
    if (app.renderer?.onKey?.(e)) return e.preventDefault();
    const step = e.shiftKey ? 100 : 1;
    const keys = {
      ' ': () => (app.playing ? stopPlayback() : startPlayback()),
      ArrowLeft: () => { stopPlayback(); seek(app.play.cursor() - step); },
      ArrowRight: () => { stopPlayback(); seek(app.play.cursor() + step); },
      Home: () => { stopPlayback(); seek(0); },
      End: () => { stopPlayback(); seek(app.play.moves()); },
    };
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') return $('undo').click(), e.preventDefault();
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'y') return $('redo').click(), e.preventDefault();
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
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
  if (view !== 'batch') return syncAddress();
  if (!app.batch) {
    const { createBatchView } = await import('./batch/batch.js');
    app.batch = createBatchView($('batch-view'), {
      infos: app.infos,
      module,
      workerUrl: new URL('./worker.js', import.meta.url),
      link,
      openInPlayer: ({ game, seed, params, output }) => {
        showView('player');
        if (newGame(game, seed, params) && output) loadOutput(output, `The batch's output for seed ${seed}`);
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
  app.runner = new SolverRunner(new URL('./worker.js', import.meta.url), { module });
  wire();
  const link = location.search; // read before newGame rewrites the address
  const batch = new URLSearchParams(link).get('view') === 'batch';
  if (batch) newGame(app.infos[0].id, app.infos[0].min_seed, {});
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
    geometry: () => app.renderer.geometry(),
    output: () => fullOutput(),
  };
  document.body.dataset.ready = 'true';
}

window.addEventListener('unhandledrejection', (e) => showMessage(`Unexpected error: ${errorText(e.reason)}`));
window.addEventListener('error', (e) => showMessage(`Unexpected error: ${e.message}`));
main();
