// Share links: a versioned query string with every option, and the moves (the contest output
// text up to the current turn, deflated and base64url-encoded) in the fragment.
//
//   ?v=1&game=lines&seed=42&N=9&solver=beam&budget=5000&t=120#moves=...
//
// Seeds stay decimal strings end to end (no float rounding).

export const LINK_VERSION = '1';

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

/**
 * Reads a link. Returns `{state, errors}`: whatever could be read, and a message for each
 * part that could not (the page shows them and falls back to defaults for those parts).
 * `paramNames(game)` lists the parameter names of a game, or null for an unknown game.
 */
export async function decodeLink(search, hash, paramNames) {
  const q = new URLSearchParams(search);
  const errors = [];
  const state = { params: {} };
  if (![...q.keys()].length && !hash) return { state: null, errors };
  const v = q.get('v');
  if (v !== null && v !== LINK_VERSION) {
    errors.push(`this link is version ${v}; this page reads version ${LINK_VERSION} links`);
  }
  const game = q.get('game');
  const names = game === null ? null : paramNames(game);
  if (game !== null && names === null) errors.push(`the link names an unknown game '${game}'`);
  else if (game !== null) state.game = game;
  if (q.has('seed')) state.seed = q.get('seed');
  for (const [key, value] of q) {
    if (['v', 'game', 'seed', 'solver', 'budget', 't', 'speed'].includes(key)) continue;
    if (names && names.includes(key)) {
      if (/^-?\d+$/.test(value)) state.params[key] = Number(value);
      else errors.push(`parameter ${key} must be a whole number, got '${value}'`);
    } else if (names) {
      errors.push(`the link has an unknown option '${key}'`);
    }
  }
  if (q.has('solver')) state.solver = q.get('solver');
  for (const key of ['budget', 't', 'speed']) {
    if (!q.has(key)) continue;
    const value = q.get(key);
    if (/^\d+$/.test(value)) state[key] = Number(value);
    else errors.push(`${key} must be a whole number, got '${value}'`);
  }
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  if (fragment.has('moves')) {
    try {
      state.moves = await inflate(fragment.get('moves'));
    } catch {
      errors.push('the moves in this link are damaged and were not loaded');
    }
  }
  return { state, errors };
}

async function deflate(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function inflate(encoded) {
  const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return await new Response(stream).text();
}
