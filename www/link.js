// Share links: a versioned query string with every option, and the moves (the contest output
// text, redo tail included, deflated and base64url-encoded) in the fragment.
//
//   ?v=1&game=lines&seed=42&N=9&solver=beam&budget=5000&speed=50&t=120#moves=...
//
// Seeds stay decimal strings end to end (no float rounding). The address bar always holds
// this form of what the page shows, so a reload shows the same game and turn. Everything here
// is synchronous (fflate), so the address and storage can follow every move at once.
import { deflateSync, Inflate, strToU8, strFromU8 } from './vendor/fflate.js';

export const LINK_VERSION = '1';
export const SPEEDS = [2, 10, 50, 250, 1000];
export const BUDGET_MS = { min: 1000, max: 30000 };
/** The most text a link, a paste or a file may hold: no game's output comes near it. */
export const TEXT_LIMIT = 4 * 1024 * 1024;
// Keys the batch and compare views read; the player ignores them.
const VIEW_KEYS = ['view', 'seeds', 'an', 'bn'];

/** Builds the link for a page state. `moves` is the output text (may be empty). */
export function encodeLink(base, state) {
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
  if (state.moves) url += `#moves=${state.packedMoves ?? deflate(state.moves)}`;
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
export function decodeLink(search, hash, infoOf) {
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
  const known = ['v', 'game', 'seed', 'solver', 'budget', 't', 'speed', ...VIEW_KEYS];
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
  for (const key of ['moves', 'a', 'b']) {
    if (!fragment.has(key)) continue;
    try {
      state[key] = inflate(fragment.get(key));
    } catch (error) {
      errors.push(error instanceof TooLarge
        ? `${key}: ${error.message}; they were not loaded`
        : `${key}: the moves in this link are damaged and were not loaded`);
    }
  }
  return { state, errors };
}


/** Text deflated (raw DEFLATE) and base64url-encoded, as links and storage keep moves. */
export function deflate(text) {
  const bytes = deflateSync(strToU8(text), { level: 6 });
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Thrown when deflated text would inflate past TEXT_LIMIT. */
export class TooLarge extends Error {}

// Compressed bytes pushed at a time: DEFLATE expands at most ~1,032 times, so a slice never
// inflates to more than about 4 MB before the running total is checked.
const SLICE = 4096;

/**
 * The text of `encoded` (from `deflate`). Stops as soon as the text passes TEXT_LIMIT (a
 * 300 KB link can hold 200 MB of moves), so a hostile link never fills the tab's memory.
 */
export function inflate(encoded) {
  const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const chunks = [];
  let total = 0;
  let ended = false;
  const stream = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total > TEXT_LIMIT) throw new TooLarge(`the moves would be more than ${TEXT_LIMIT / 1024 / 1024} MB of text, more than any game's output`);
    chunks.push(chunk);
    ended ||= final;
  });
  for (let i = 0; i < bytes.length; i += SLICE) stream.push(bytes.subarray(i, i + SLICE), i + SLICE >= bytes.length);
  if (!bytes.length) stream.push(bytes, true);
  if (!ended) throw new Error('the deflated text ends early');
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return strFromU8(all);
}
