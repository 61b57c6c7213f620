// The wasm module the page ships (www/pkg as scripts/build-web.sh leaves it: optimised by
// wasm-opt), loaded directly in Node: it must give the golden files' answers, so an optimiser
// bug shows here, game by game, and not only as a page that misbehaves.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { root, golden } from './harness.js';

let wasm;
before(async () => {
  wasm = await import(join(root, 'www', 'pkg', 'arcade.js'));
  wasm.initSync({ module: readFileSync(join(root, 'www', 'pkg', 'arcade_bg.wasm')) });
});

test('the module lists every game', () => {
  assert.deepEqual(wasm.games().map((g) => g.id).sort(),
    ['lines', 'square-remover', 'strip2048', 'territory', 'tiles-matching']);
});

test('inputs are the golden generators\' inputs', () => {
  assert.equal(wasm.inputText('square-remover', '3', null), golden('square-remover', '3.in'));
  assert.equal(wasm.inputText('strip2048', '7', null), golden('strip2048', 'seed7.in'));
});

test('every game scores its golden output as the official tester does', () => {
  for (const [game, seed, file, score] of [
    ['square-remover', '3', '3-patterned.out', 5],
    ['strip2048', '7', 'seed7-exact.out', 2996],
    ['territory', '3', 'seed3-judge.out', 69875],
    ['lines', '5', 'seed5-greedy.out', 3916],
    ['tiles-matching', '4', 'seed4-eval.out', 19134],
  ]) {
    // The moves played, counted by a session that loads the same output.
    const play = new wasm.Play(game, seed, null);
    assert.equal(play.loadOutput(golden(game, file)), null);
    const moves = play.moves();
    play.free();
    assert.deepEqual(wasm.score(game, seed, null, golden(game, file)), { score, moves, turn: null, error: null, move: null, line: null, reason: null }, `${game} ${file}`);
  }
});

test('a bad output is an error naming the move, and a session seeks', () => {
  const bad = wasm.score('square-remover', '3', null, '0\n0\n0\n');
  assert.equal(bad.turn, 0);
  assert.match(bad.error, /leaves the board/);
  assert.deepEqual([bad.move, bad.line], [1, 1]);
  const play = new wasm.Play('square-remover', '3', null);
  assert.equal(play.loadOutput(golden('square-remover', '3-patterned.out')), null);
  play.seek(4321);
  assert.equal(play.frame().turn, 4321);
  play.seek(10000);
  assert.equal(play.frame().score, 5);
  play.free();
});

test('scripts/bench-solvers-wasm.mjs solves seeds on worker threads and writes `arcade bench --tsv`\'s columns', () => {
  const dir = mkdtempSync(join(tmpdir(), 'arcade-wasm-bench-'));
  try {
    const tsv = join(dir, 'lines.tsv');
    // Greedy is deterministic: the same scores as natively, whatever the machine's speed.
    execFileSync(process.execPath, [join(root, 'scripts', 'bench-solvers-wasm.mjs'), 'lines', '--seeds', '5..6',
      '--solver', 'greedy', '--budget-ms', '60000', '--jobs', '2', '--tsv', tsv], { encoding: 'utf8' });
    const [header, ...rows] = readFileSync(tsv, 'utf8').trim().split('\n').map((line) => line.split('\t'));
    assert.deepEqual(header, ['seed', 'N', 'C', 'score', 'moves', 'ms', 'full', 'solver', 'budget_ms', 'runtime']);
    // As `arcade bench lines --seeds 5..6 --solver greedy` natively: a full game of 5,722
    // points (3 colours on 8 x 8: rows of 6-8 built), and a death after 48 moves. The ms column is the machine's.
    const withoutMs = rows.map((r) => [...r.slice(0, 5), ...r.slice(6)]).sort();
    assert.deepEqual(withoutMs, [
      ['5', '8', '3', '5722', '1000', '1', 'greedy', '60000', 'wasm'],
      ['6', '8', '8', '124', '48', '0', 'greedy', '60000', 'wasm'],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
