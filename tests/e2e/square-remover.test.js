// A person's paths through the page with SquareRemover.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, frame, messageText, clickCell, screenshot, golden, paste, shareLink, runawayWorkers } from './harness.js';

let site;
before(async () => { site = await start(); });
after(async () => { await site.close(); });

/** A swap on this board that completes a one-colour 2x2 square: [r, c, r2, c2]. */
function completingSwap(view) {
  const n = view.n;
  const at = (r, c) => view.board[r * n + c];
  const square = (b, r, c) => b[r * n + c] === b[r * n + c + 1] && b[r * n + c] === b[(r + 1) * n + c] && b[r * n + c] === b[(r + 1) * n + c + 1];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      for (const [dr, dc] of [[0, 1], [1, 0]]) {
        const r2 = r + dr, c2 = c + dc;
        if (r2 >= n || c2 >= n || at(r, c) === at(r2, c2)) continue;
        const b = view.board.slice();
        [b[r * n + c], b[r2 * n + c2]] = [b[r2 * n + c2], b[r * n + c]];
        for (let i = Math.max(0, Math.min(r, r2) - 1); i <= Math.min(n - 2, Math.max(r, r2)); i++) {
          for (let j = Math.max(0, Math.min(c, c2) - 1); j <= Math.min(n - 2, Math.max(c, c2)); j++) {
            if (square(b, i, j)) return [r, c, r2, c2];
          }
        }
      }
    }
  }
  return null;
}

test('a seed link opens the exact board of the official generator', async () => {
  // Seed 4's board has no initial square, so turn 0 shows it exactly as generated.
  const page = await site.open('?v=1&game=square-remover&seed=4');
  const f = await frame(page);
  assert.equal(f.score, 0);
  const lines = golden('square-remover', '4.in').trim().split('\n');
  assert.equal(f.view.colors, Number(lines[0]));
  assert.equal(f.view.n, Number(lines[1]));
  assert.equal(f.view.board.join(''), lines.slice(2, 2 + f.view.n).join(''));
  assert.equal(await page.inputValue('#seed'), '4');
  assert.equal(await page.inputValue('#game'), 'square-remover');
  await screenshot(page, 'square-remover-seed4');
  assert.deepEqual(page.errors, []);
});

test('a swap that completes a square raises the score; undo and redo', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=2');
  const before = await frame(page);
  const swap = completingSwap(before.view);
  assert.ok(swap, 'seed 2 has a completing swap');
  await clickCell(page, swap[0], swap[1]);
  await clickCell(page, swap[2], swap[3]);
  const afterSwap = await frame(page);
  assert.equal(afterSwap.turn, 1);
  assert.ok(afterSwap.score > before.score, `score ${before.score} -> ${afterSwap.score}`);
  assert.ok(afterSwap.view.removed.length >= 1);
  await screenshot(page, 'square-remover-after-swap');
  await page.click('#undo');
  assert.equal((await frame(page)).score, before.score);
  await page.click('#redo');
  assert.equal((await frame(page)).score, afterSwap.score);
  // A drag between two tiles that are not neighbours is not a move.
  await clickCell(page, 0, 0);
  await clickCell(page, 3, 3);
  assert.equal((await frame(page)).turn, 1);
  assert.deepEqual(page.errors, []);
});

/** Pastes text into the output box (as a paste would: one change of its value). */
test('a pasted output scores as the CLI and the official jar do, and replays', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=3');
  await paste(page, golden('square-remover', '3-patterned.out'));
  await page.click('#load-output');
  const f = await frame(page);
  assert.equal(f.score, 5);
  assert.equal(f.moves, 10000);
  assert.match(await messageText(page), /score 5 after 10,000 moves/);
  // Seek around the 10,000 moves (each seek replays at most 64 moves from a snapshot).
  for (const t of [9999, 17, 5000, 64, 9000, 1]) {
    await page.evaluate((t) => { const s = document.getElementById('slider'); s.value = t; s.dispatchEvent(new Event('input')); }, t);
    assert.equal((await frame(page)).turn, t);
  }
  await page.keyboard.press('End');
  assert.equal((await frame(page)).turn, 10000);
  await page.keyboard.press('Shift+ArrowLeft');
  assert.equal((await frame(page)).turn, 9900);
  await screenshot(page, 'square-remover-replay');
  assert.deepEqual(page.errors, []);
});

test('a bad paste shows the move and the reason and loses nothing', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=3');
  const swap = completingSwap((await frame(page)).view) ?? [0, 0, 0, 1];
  await clickCell(page, swap[0], swap[1]);
  await clickCell(page, swap[2], swap[3]);
  const played = await frame(page);
  assert.equal(played.turn, 1);
  await page.fill('#output', '0\n0\n1\n0\n0\n1\n');
  await page.click('#load-output');
  assert.match(await messageText(page), /move 3(?: \([^)]*\))?: expected exactly 30000 integers \(10000 moves of row, column, direction\), got 6/);
  await page.fill('#output', '0\n0\n1\n0\n0\n1\n7\n7\n1\n');
  await page.click('#load-output');
  assert.match(await messageText(page), /move 3(?: \([^)]*\))?: moving \(7, 7\) in direction 1 leaves the board/);
  await page.fill('#output', '0\n0\n1\n0\nx\n1\n');
  await page.click('#load-output');
  assert.match(await messageText(page), /move 2(?: \([^)]*\))?: line 5 is 'x', not one integer/);
  // The official jar reads one integer per line: a move on one line is unreadable.
  await page.fill('#output', '0 0 1\n');
  await page.click('#load-output');
  assert.match(await messageText(page), /move 1(?: \([^)]*\))?: line 1 is '0 0 1', not one integer/);
  const long = golden('square-remover', '3-patterned.out').replace(/^0\n0\n1\n/, '0\n0\n0\n');
  await paste(page, long);
  await page.click('#load-output');
  assert.match(await messageText(page), /move 1(?: \([^)]*\))?: moving \(0, 0\) in direction 0 leaves the board/);
  await screenshot(page, 'square-remover-bad-paste');
  const still = await frame(page);
  assert.equal(still.turn, played.turn);
  assert.equal(still.score, played.score);
  assert.deepEqual(page.errors, []);
});

test('a bad link shows a clear message and still opens a game', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=99999999999999999999');
  assert.match(await messageText(page), /seed: 99999999999999999999 is out of range \(1 to 9223372036854775807\)/);
  assert.equal((await frame(page)).view.n > 0, true);
  const other = await site.open('?v=7&game=nope&seed=5&colors=x#moves=%%%');
  const text = await messageText(other);
  assert.match(text, /version 7/);
  assert.match(text, /game: there is no game 'nope'/);
  assert.match(text, /damaged/);
  await screenshot(other, 'square-remover-bad-link');
  const out = await site.open('?v=1&game=square-remover&seed=3&colors=9');
  assert.match(await messageText(out), /colors: 9 is out of range \(4 to 6\)/);
  assert.equal(await out.inputValue("#seed"), "3", "the good seed is kept");
  assert.deepEqual(page.errors, []);
});

test('a share link carries the game, the moves and the turn', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=5&colors=4&n=9');
  for (const [r, c, r2, c2] of [[0, 0, 0, 1], [2, 2, 3, 2], [4, 4, 4, 5]]) {
    await clickCell(page, r, c);
    await clickCell(page, r2, c2);
  }
  await page.click('#undo');
  const f = await frame(page);
  assert.equal(f.turn, 2);
  const link = await shareLink(page);
  assert.match(link, /[?&]v=1&game=square-remover&seed=5&colors=4&n=9/);
  assert.match(link, /#moves=/);
  const other = await site.open(link);
  const g = await frame(other);
  assert.equal(g.turn, 2);
  assert.equal(g.moves, 3, 'the redo tail travels too');
  assert.deepEqual(g.view.board, f.view.board);
  assert.equal(g.view.n, 9);
  assert.deepEqual(page.errors, []);
});

test('the solver runs in a worker within budget plus grace, and its result replays', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=4');
  await page.fill('#budget', '1');
  await page.click('#solve');
  // The page answers while the worker runs.
  assert.equal((await frame(page)).turn, 0);
  // A score means the solver ended by itself: one the page stopped at budget + grace says so.
  await page.waitForFunction(() => /score [\d,]+ in/.test(document.getElementById('solve-status').textContent), null, { timeout: 10_000 });
  const f = await frame(page);
  assert.equal(f.moves, 10000);
  await page.waitForFunction(() => window.arcade.frame().turn > 0);
  await screenshot(page, 'square-remover-solved');
  assert.deepEqual(page.errors, []);
});

test('cancel stops a long solve at once and the next solve still works', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=7');
  await page.fill('#budget', '30');
  await page.click('#solve');
  await page.waitForTimeout(600);
  await page.click('#cancel');
  assert.equal(await page.textContent('#solve-status'), 'cancelled');
  assert.equal(await page.isDisabled('#solve'), false);
  assert.equal((await frame(page)).moves, 0);
  await page.fill('#budget', '1');
  await page.click('#solve');
  await page.waitForFunction(() => /score [\d,]+ in/.test(document.getElementById('solve-status').textContent), null, { timeout: 30_000 });
  assert.deepEqual(page.errors, []);
});

test('an uploaded output file is scored like a pasted one', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=3');
  await page.setInputFiles('#upload', {
    name: '3.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(golden('square-remover', '3-patterned.out')),
  });
  await page.waitForFunction(() => window.arcade.frame().moves === 10000);
  assert.equal((await frame(page)).score, 5);
  assert.match(await messageText(page), /The file 3\.txt: score 5 after 10,000 moves/);
  assert.deepEqual(page.errors, []);
});

test('the random-seed button starts a new game on a fresh seed', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=3');
  await page.click('#random-seed');
  const seed = await page.inputValue('#seed');
  assert.match(seed, /^\d+$/);
  assert.notEqual(seed, '3');
  assert.ok(Number(seed) >= 1 && Number(seed) < 2 ** 53);
  await page.waitForFunction((seed) => location.search.includes(`seed=${seed}&`), seed);
  assert.deepEqual(page.errors, []);
});

test('a solver that never answers is killed at budget plus grace; the page stays usable', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=3', { beforeLoad: runawayWorkers });
  await page.fill('#budget', '1');
  const t0 = Date.now();
  await page.click('#solve');
  await clickCell(page, 0, 0); // the page answers while the worker spins
  await clickCell(page, 0, 1);
  assert.equal((await frame(page)).turn, 1);
  await page.waitForFunction(() => /did not finish within its budget/.test(document.getElementById('message').textContent), null, { timeout: 10_000 });
  const elapsed = Date.now() - t0;
  // Never before budget + grace (a kill that never comes fails the wait above).
  assert.ok(elapsed >= 2500, `killed after ${elapsed} ms`);
  assert.equal(await page.isDisabled('#solve'), false);
  assert.equal(await page.isDisabled('#cancel'), true);
  assert.equal((await frame(page)).turn, 1, 'the game played meanwhile is kept');
  assert.deepEqual(page.errors, []);
});
