// The compare view's link, in link.js's versioned form: one seed's two games, each deflated
// in the fragment as the player's moves are, their names and the shown move in the query:
//   ?v=1&game=lines&seed=1&t=12&view=compare&an=greedy&bn=mine.txt#a=...&b=...
// link.js's `decodeLink` reads it back (`state.a`, `state.b`; each bad part named and
// dropped alone, each text stopped at TEXT_LIMIT).
import { encodeLink, deflate } from '../link.js';

/** The link of the compare view's state `{game, seed, params, turn, a, b: {text, name}}`. */
export function encodeCompareLink(base, c) {
  const link = encodeLink(base, { game: c.game, seed: c.seed, params: c.params, t: c.turn });
  const q = new URLSearchParams(link.slice(link.indexOf('?') + 1));
  q.set('view', 'compare');
  const hash = new URLSearchParams();
  for (const side of ['a', 'b']) {
    if (c[side]?.name) q.set(`${side}n`, c[side].name);
    if (c[side]?.text) hash.set(side, deflate(c[side].text));
  }
  return `${base}?${q}${[...hash.keys()].length ? `#${hash}` : ''}`;
}
