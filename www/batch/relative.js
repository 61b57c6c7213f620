// The contests' relative scores: how each contest turned several competitors' raw scores on
// the same tests into standings. `scores[r][t]` is run r's raw score on test t, or null when
// the output was invalid (the tester's "invalid return"). Every game here is maximisation.
//
//   square-remover  TCO14 MR1: 1,000,000 × YOUR / BEST per test; invalid → 0; averaged.
//   lines           Topcoder Lines: YOUR / MAX per test, MAX the largest positive raw score;
//                   a negative raw score (invalid → −1) gives 0; the sum normalised to 100.
//   tiles-matching  MM53: per test 1 point per competitor beaten, 0.5 per tie (invalid → raw
//                   0); the sum divided by (competitors − 1).
//   territory       AHC061: round(1e9 × YOUR / MAX) per test, summed; an invalid output
//                   scores 0 and is left out of MAX.
//   strip2048       not a contest rule (IPSC judged each answer right or wrong): the
//                   Topcoder-style 1,000,000 × YOUR / BEST per test, averaged.
//
// A test whose best raw score is 0 gives everyone 0 under the ratio rules (the statements do
// not say; 0/0 has no value).

const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const sum = (values) => values.reduce((a, b) => a + b, 0);

/** Per test: scale × YOUR / BEST over the valid results, invalid → 0. */
const ratio = (scale, round = (x) => x) => (scores) => {
  const valid = scores.filter((s) => s !== null);
  const best = valid.length ? Math.max(...valid) : 0;
  return scores.map((s) => (s !== null && s > 0 && best > 0 ? round((scale * s) / best) : 0));
};

/** Per test: 1 point per other run beaten, 0.5 per tie. */
const rankPoints = (invalidAs) => (scores) => {
  const raw = scores.map((s) => s ?? invalidAs);
  return raw.map((s, i) => sum(raw.map((o, j) => (j === i ? 0 : s > o ? 1 : s === o ? 0.5 : 0))));
};

const topcoderRatio = {
  title: 'Topcoder relative score',
  formula: '1,000,000 × YOUR / BEST per test, averaged',
  perTest: ratio(1e6),
  total: (points) => mean(points),
};

export const RULES = {
  'square-remover': topcoderRatio,
  lines: {
    title: 'Topcoder relative score',
    formula: 'YOUR / MAX per test (0 if negative), the sum normalised to 100',
    perTest: ratio(1),
    total: (points) => 100 * mean(points),
  },
  'tiles-matching': {
    title: 'rank points (MM53)',
    formula: '1 per competitor beaten and 0.5 per tie on each test, the sum divided by (competitors − 1)',
    perTest: rankPoints(0),
    total: (points, runs) => sum(points) / Math.max(1, runs - 1),
  },
  territory: {
    title: 'AtCoder relative score',
    formula: 'round(1e9 × YOUR / MAX) per test, summed',
    perTest: ratio(1e9, Math.round),
    total: (points) => sum(points),
  },
  strip2048: {
    ...topcoderRatio,
    title: 'Topcoder-style relative score (not IPSC’s: IPSC judged answers right or wrong)',
  },
};

/**
 * The relative score of each run: `{rule, perTest: number[run][test], totals: number[run]}`.
 * Every run must have a result (or null) for every test.
 */
export function relativeScores(game, scores) {
  const rule = RULES[game];
  if (!rule) throw new Error(`no relative score is known for ${game}`);
  const tests = scores[0]?.length ?? 0;
  if (scores.some((run) => run.length !== tests)) throw new Error('every run needs a result for every test');
  const perTest = scores.map(() => []);
  for (let t = 0; t < tests; t++) {
    const points = rule.perTest(scores.map((run) => run[t]));
    points.forEach((p, r) => perTest[r].push(p));
  }
  return { rule, perTest, totals: perTest.map((points) => rule.total(points, scores.length)) };
}

/** A's wins, ties and losses against B by raw score; an invalid result loses to any valid one. */
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
