// Comparing two runs seed by seed. The contests' relative scores themselves come from the
// wasm module (`relativeScores`, src/standings.rs), the same rules `arcade compare` uses.

/** Wins, ties and losses of run `a` against run `b` (null = invalid, below any score). */
export function winsTiesLosses(a, b) {
  const result = { wins: 0, ties: 0, losses: 0 };
  a.forEach((x, t) => {
    const y = b[t];
    const cmp = x === y ? 0 : x === null ? -1 : y === null ? 1 : Math.sign(x - y);
    result[cmp > 0 ? 'wins' : cmp < 0 ? 'losses' : 'ties'] += 1;
  });
  return result;
}

/**
 * How far apart two results are, as a fraction of the larger: 1 when one is invalid or zero
 * and the other is not, 0 when equal. Orders the "seeds that differ most".
 */
export function gap(x, y) {
  if (x === y) return 0;
  if (x === null || y === null) return 1;
  return Math.abs(x - y) / Math.max(Math.abs(x), Math.abs(y));
}
