// The batch view's pure parts in Node: seed lists, seeds from file names, the contests'
// relative scores. (The view itself: tests/e2e/batch.test.js.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSeeds, seedFromName, pickOutputs, MAX_SEEDS } from '../../www/batch/seeds.js';
import { relativeScores, winsTiesLosses, gap } from '../../www/batch/relative.js';

const U64_MAX = '18446744073709551615';

test('seed lists: ranges and single seeds, in the order written, without repeats', () => {
  assert.deepEqual(parseSeeds('1..3, 7 5,2', '1', '100'), ['1', '2', '3', '7', '5']);
  assert.deepEqual(parseSeeds(' 0..1 ', '0', U64_MAX), ['0', '1']);
  assert.deepEqual(parseSeeds(`${U64_MAX}`, '0', U64_MAX), [U64_MAX], 'u64 seeds stay exact');
  assert.throws(() => parseSeeds('', '1', '9'), /give some seeds/);
  assert.throws(() => parseSeeds('5..2', '1', '9'), /the range 5\.\.2 is empty: it must go up, as in 2\.\.5/);
  assert.throws(() => parseSeeds('1..x', '1', '9'), /'1\.\.x' is not a seed or a range A\.\.B/);
  assert.throws(() => parseSeeds('-3', '1', '9'), /'-3' is not a seed/);
  assert.throws(() => parseSeeds('0..4', '1', '9'), /0\.\.4 is outside this game's seeds 1\.\.9/);
  assert.throws(() => parseSeeds(`1..${MAX_SEEDS + 1}`, '1', U64_MAX), /at most 10,000 seeds/);
  assert.throws(() => parseSeeds(`1..5000 6000..11000`, '1', U64_MAX), /at most 10,000 seeds/);
  assert.equal(parseSeeds(`1..${MAX_SEEDS}`, '1', U64_MAX).length, MAX_SEEDS);
});

test('the seed in a file name is the number that ends it, as AtCoder’s visualizer reads it', () => {
  const cases = {
    '123.txt': '123', '0123.txt': '123', 'name_123.txt': '123', '0000.txt': '0', 'out/0042.out': '42',
    'seed7.out.txt': '7', 123: '123', [`${U64_MAX}.txt`]: U64_MAX, 'notes.md': null, 'v2_final.txt': null,
  };
  for (const [name, seed] of Object.entries(cases)) assert.equal(seedFromName(String(name)), seed, name);
});

test('one output per seed is picked, in seed order; every other file is named with its reason', () => {
  const files = ['10.txt', '2.txt', 'b/0002.txt', '.DS_Store', 'readme.md', '0.txt', '99.txt'].map((name) => ({ name }));
  const { picked, skipped } = pickOutputs(files, '1', '50');
  assert.deepEqual(picked.map((p) => [p.seed, p.file.name]), [['2', '2.txt'], ['10', '10.txt']]);
  assert.deepEqual(skipped, [
    { name: '.DS_Store', reason: 'a hidden file' },
    { name: '0.txt', reason: "seed 0 is outside this game's seeds 1..50" },
    { name: '99.txt', reason: "seed 99 is outside this game's seeds 1..50" },
    { name: 'b/0002.txt', reason: 'seed 2 again: 2.txt is used for it' },
    { name: 'readme.md', reason: 'no seed number at the end of its name (e.g. 123.txt, 0123.txt, name_123.txt)' },
  ]);
  // A folder's files carry their path inside it.
  const folder = pickOutputs([{ name: '3.txt', webkitRelativePath: 'runs/3.txt' }], '1', '9');
  assert.equal(folder.picked[0].seed, '3');
});

test('Topcoder (SquareRemover): 1,000,000 × YOUR / BEST per test, invalid 0, averaged', () => {
  const { perTest, totals, rule } = relativeScores('square-remover', [[100, 30, null, 0], [50, 60, 10, 0]]);
  assert.deepEqual(perTest, [[1e6, 5e5, 0, 0], [5e5, 1e6, 1e6, 0]]);
  assert.deepEqual(totals, [1.5e6 / 4, 2.5e6 / 4]);
  assert.match(rule.formula, /1,000,000 × YOUR \/ BEST/);
  assert.deepEqual(relativeScores('strip2048', [[8], [4]]).totals, [1e6, 5e5]);
});

test('Topcoder (Lines): YOUR / MAX, a negative raw score counts 0, the sum normalised to 100', () => {
  const { perTest, totals } = relativeScores('lines', [[100, -1, 40], [25, 10, null]]);
  assert.deepEqual(perTest, [[1, 0, 1], [0.25, 1, 0]]);
  const near = (x, y) => Math.abs(x - y) < 1e-9;
  assert.ok(near(totals[0], 200 / 3) && near(totals[1], 125 / 3), String(totals));
});

test('MM53 (TilesMatching): rank points, 1 per competitor beaten and 0.5 per tie, / (competitors − 1)', () => {
  // Three runs; an invalid output scores 0 and ties with a raw 0.
  const { perTest, totals } = relativeScores('tiles-matching', [[10, 5, null], [7, 5, 0], [3, 9, 4]]);
  assert.deepEqual(perTest, [[2, 0.5, 0.5], [1, 0.5, 0.5], [0, 2, 2]]);
  assert.deepEqual(totals, [1.5, 1, 2]);
  assert.deepEqual(relativeScores('tiles-matching', [[4, 4], [3, 4]]).totals, [1.5, 0.5]);
});

test('AtCoder (AHC061): round(1e9 × YOUR / MAX) summed; an invalid output scores 0 and is not in MAX', () => {
  const { perTest, totals } = relativeScores('territory', [[1, null, 200], [3, 5, 100]]);
  assert.deepEqual(perTest, [[333_333_333, 0, 1e9], [1e9, 1e9, 500_000_000]]);
  assert.deepEqual(totals, [1_333_333_333, 2_500_000_000]);
  // round(2/3 × 1e9) = 666,666,667: rounding, not truncation.
  assert.equal(relativeScores('territory', [[2], [3]]).totals[0], 666_666_667);
  assert.throws(() => relativeScores('chess', [[1]]), /no relative score is known for chess/);
  assert.throws(() => relativeScores('territory', [[1, 2], [1]]), /every run needs a result for every test/);
});

test('wins, ties and losses by raw score; an invalid output loses to any valid one', () => {
  assert.deepEqual(winsTiesLosses([5, 3, null, null, 0, 7], [4, 3, 0, null, null, 9]), { wins: 2, ties: 2, losses: 2 });
  assert.equal(gap(10, 10), 0);
  assert.equal(gap(null, 3), 1);
  assert.equal(gap(0, 3), 1);
  assert.equal(gap(100, 75), 0.25);
});
