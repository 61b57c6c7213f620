// Share links: a versioned query string with every option, and the moves (the contest output
// text, redo tail included, deflated and base64url-encoded) in the fragment.
//
//   ?v=1&game=lines&seed=42&N=9&solver=beam&budget=5000&speed=50&t=120#moves=...
//
// Seeds stay decimal strings end to end (no float rounding). The address bar always holds
// this form of what the page shows, so a reload shows the same game and turn.

export const LINK_VERSION = '1';
export const SPEEDS = [2, 10, 50, 250, 1000];
export const BUDGET_MS = { min: 1000, max: 30000 };
// Keys the batch view reads; the player ignores them.
const BATCH_KEYS = ['view', 'seeds'];

/** Builds the link for a page state. `moves` is the output text (may be empty). */
export async function encodeLink(base, state) {
  const q = new URLSearchParams();
  q.set('v', LINK_VERSION);
  q.set('game', state.game);
  q.set('seed', state.seed);
  for (const [name, value] of Object.entries(state.params ?? {})) q.set(name, String(value));
  if (state.solver) q.set('solver', state.solver);
  if (state.budget) q.set('budget', String(state.budget));
  if (state.speed) q.set('speed', String(state.speed));
  if (state.t !== undefined && state.t !== null) q.set('t', String(state.t));
  let url = `${base}?${q}`;
  if (state.moves) url += `#moves=${await deflate(state.moves)}`;
  return url;
}

const WHOLE = /^\d+$/;
const SIGNED = /^-?\d+$/;

/** Whether decimal `text` lies in [min, max] (exact for any length: BigInt). */
function inRange(text, min, max) {
  const v = BigInt(text);
  return v >= BigInt(min) && v <= BigInt(max);
}

/**
 * Reads a link. Returns `{state, errors}`: every part that could be read, and for each part
 * that could not a message naming the part, the value and what it must be (the page shows
 * them and keeps the defaults for those parts only). `infoOf(game)` gives a game's info
 * (params with ranges, agents, seed range), or null for an unknown game.
 */
export async function decodeLink(search, hash, infoOf) {
  const q = new URLSearchParams(search);
  const errors = [];
  const state = { params: {} };
  if (![...q.keys()].length && !hash) return { state: null, errors };
  const v = q.get('v');
  if (v !== null && v !== LINK_VERSION) {
    errors.push(`this link is version ${v}; this page reads version ${LINK_VERSION} links`);
  }
  const game = q.get('game');
  const info = game === null ? null : infoOf(game);
  if (game !== null && info === null) errors.push(`game: there is no game '${game}'`);
  else if (game !== null) state.game = game;
  if (q.has('seed')) {
    const seed = q.get('seed').trim();
    if (!WHOLE.test(seed)) errors.push(`seed: '${seed}' is not a whole number`);
    else if (info && !inRange(seed, info.min_seed, info.max_seed)) errors.push(`seed: ${seed} is out of range (${info.min_seed} to ${info.max_seed})`);
    else state.seed = seed.replace(/^0+(?=\d)/, '');
  }
  const known = ['v', 'game', 'seed', 'solver', 'budget', 't', 'speed', ...BATCH_KEYS];
  for (const [key, value] of q) {
    if (known.includes(key)) continue;
    const spec = info?.params.find((p) => p.name === key);
    if (spec) {
      if (!SIGNED.test(value)) errors.push(`${key}: '${value}' is not a whole number`);
      else if (!inRange(value, spec.min, spec.max)) errors.push(`${key}: ${value} is out of range (${spec.min} to ${spec.max})`);
      else state.params[key] = Number(value);
    } else if (info) {
      errors.push(`'${key}' is not an option of ${game} (its parameters: ${info.params.map((p) => p.name).join(', ') || 'none'})`);
    }
  }
  if (q.has('solver')) {
    const solver = q.get('solver');
    if (info && !info.agents.includes(solver)) errors.push(`solver: '${solver}' is not a solver of ${game} (${info.agents.join(', ')})`);
    else state.solver = solver;
  }
  if (q.has('budget')) {
    const budget = q.get('budget');
    if (!WHOLE.test(budget) || !inRange(budget, BUDGET_MS.min, BUDGET_MS.max)) errors.push(`budget: '${budget}' must be milliseconds from ${BUDGET_MS.min} to ${BUDGET_MS.max}`);
    else state.budget = Number(budget);
  }
  if (q.has('speed')) {
    const speed = q.get('speed');
    if (!SPEEDS.map(String).includes(speed)) errors.push(`speed: '${speed}' must be one of ${SPEEDS.join(', ')} moves a second`);
    else state.speed = Number(speed);
  }
  if (q.has('t')) {
    const t = q.get('t');
    if (!WHOLE.test(t) || t.length > 9) errors.push(`t: '${t}' is not a move number`);
    else state.t = Number(t);
  }
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  if (fragment.has('moves')) {
    try {
      state.moves = await inflate(fragment.get('moves'));
    } catch {
      errors.push('moves: the moves in this link are damaged and were not loaded');
    }
  }
  return { state, errors };
}

export async function deflate(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function inflate(encoded) {
  const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return await new Response(stream).text();
}
