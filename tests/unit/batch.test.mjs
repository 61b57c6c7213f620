// The batch view's pure parts in Node: seed lists, seeds from file names, the contests'
// relative scores. (The view itself: tests/e2e/batch.test.js.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSeeds, seedFromName, pickOutputs, MAX_SEEDS } from '../../www/batch/seeds.js';
import { winsTiesLosses, gap } from '../../www/batch/relative.js';

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

// The relative scores themselves are the library's (src/standings.rs), tested there and,
// through the wasm export, in tests/wasm_common.

test('wins, ties and losses by raw score; an invalid output loses to any valid one', () => {
  assert.deepEqual(winsTiesLosses([5, 3, null, null, 0, 7], [4, 3, 0, null, null, 9]), { wins: 2, ties: 2, losses: 2 });
  assert.equal(gap(10, 10), 0);
  assert.equal(gap(null, 3), 1);
  assert.equal(gap(0, 3), 1);
  assert.equal(gap(100, 75), 0.25);
});
