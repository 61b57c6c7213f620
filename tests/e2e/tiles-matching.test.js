// A person's paths through the page with TilesMatching.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { start, frame, messageText, clickCell, cellPoint, screenshot, golden, paste, shareLink } from './harness.js';

let site;
before(async () => { site = await start(); });
after(async () => { await site.close(); });

const GAME = '?v=1&game=tiles-matching';

/** Pastes text into the output box (as a paste would: one change of its value). */
const seekTo = (page, t) => page.evaluate((t) => {
  const s = document.getElementById('slider');
  s.value = t;
  s.dispatchEvent(new Event('input'));
}, t);

test('a seed link opens the statement example, with no caveat (the tile stream is official)', async () => {
  // Seed 1 is example 0: N = 6, S = 11, D = 3. The first tile is a wildcard, legal anywhere.
  const page = await site.open(`${GAME}&seed=1`);
  const f = await frame(page);
  assert.deepEqual([f.view.n, f.view.side, f.view.d], [6, 11, 3]);
  assert.equal(f.view.tile, 'W');
  assert.equal(f.view.legal.length, 121);
  assert.equal(f.score, 0);
  assert.equal(await page.textContent('#score'), '0');
  assert.equal(await page.inputValue('#game'), 'tiles-matching');
  assert.equal(await page.locator('#caveat').isVisible(), false);
  // The board is sized to S: 11 cells of the drawn size fit inside the canvas.
  const g = await page.evaluate(() => window.arcade.geometry());
  assert.equal(g.rows, 11);
  const box = await page.locator('#board').boundingBox();
  assert.ok((g.x0 + 11 * g.cell) * g.scale <= box.width && (g.y0 + 11 * g.cell) * g.scale <= box.height, JSON.stringify({ g, box }));
  assert.match(await page.getAttribute('#board', 'aria-label'), /tile in hand W; score 0; discards 0\/3/);
  await screenshot(page, 'tiles-matching-seed1');
  assert.deepEqual(page.errors, []);
});

test('clicks place tiles, an illegal click shows why and plays nothing, undo and redo', async () => {
  const page = await site.open(`${GAME}&seed=1`);
  await clickCell(page, 5, 5);
  let f = await frame(page);
  assert.equal(f.turn, 1);
  assert.equal(f.view.board[5 * 11 + 5], -2, 'the wildcard is on (5, 5)');
  assert.equal(f.view.tile, '52');
  assert.deepEqual(f.view.legal, [[4, 5], [5, 4], [5, 6], [6, 5]]);
  // Hovering a cell tells what is there and whether the tile in hand goes there.
  let p = await cellPoint(page, 5, 6);
  await page.mouse.move(p.x, p.y);
  assert.equal(await page.textContent('#tooltip'), '(5, 6) empty · 52 can go here');
  p = await cellPoint(page, 5, 5);
  await page.mouse.move(p.x, p.y);
  assert.equal(await page.textContent('#tooltip'), '(5, 5) W: wildcard');
  // Not beside any tile: refused with the rules' reason.
  await clickCell(page, 0, 0);
  assert.equal(await messageText(page), 'move 2: cell (0, 0) has no placed tile beside it');
  assert.equal((await frame(page)).turn, 1);
  // On the wildcard itself: occupied.
  await clickCell(page, 5, 5);
  assert.match(await messageText(page), /move 2(?: \([^)]*\))?: cell \(5, 5\) is occupied/);
  await clickCell(page, 5, 6);
  f = await frame(page);
  assert.equal(f.turn, 2);
  assert.equal(f.view.board[5 * 11 + 6], 52);
  assert.equal(f.score, 2);
  assert.equal(await messageText(page), '', 'a legal move clears the message');
  // The third tile, 41, fits neither beside 52 at (5, 7): the reason names both tiles.
  assert.equal(f.view.tile, '41');
  await clickCell(page, 5, 7);
  assert.match(await messageText(page), /move 3(?: \([^)]*\))?: tile 41 at \(5, 7\) matches neither the colour nor the shape of its neighbour 52 at \(5, 6\)/);
  assert.equal((await frame(page)).turn, 2);
  await page.mouse.move(0, 0);
  await screenshot(page, 'tiles-matching-illegal-click');
  await page.click('#undo');
  f = await frame(page);
  assert.equal(f.turn, 1);
  assert.equal(f.view.board[5 * 11 + 6], -1);
  assert.equal(f.score, 1);
  await page.click('#redo');
  f = await frame(page);
  assert.equal(f.turn, 2);
  assert.equal(f.view.board[5 * 11 + 6], 52);
  assert.deepEqual(page.errors, []);
});

test('discard by button and key D up to the limit D, then give up after confirming', async () => {
  // Seed 2: N = 10, S = 8, D = 2.
  const page = await site.open(`${GAME}&seed=2`);
  await clickCell(page, 3, 3);
  await page.click('#tiles-discard');
  assert.equal((await frame(page)).view.counter, 1);
  await page.locator('#board').focus();
  await page.keyboard.press('d');
  let f = await frame(page);
  assert.equal(f.view.counter, 2);
  assert.equal(f.view.can_discard, false);
  assert.equal(await page.textContent('#tiles-discard'), 'Discard (2/2)');
  const before = f;
  await page.keyboard.press('d');
  assert.match(await messageText(page), /move 4(?: \([^)]*\))?: tile \S+ cannot be discarded: the discard counter is already at its limit D = 2/);
  assert.equal((await frame(page)).turn, before.turn);
  await screenshot(page, 'tiles-matching-discard-limit');
  // Give up asks first; "Keep playing" changes nothing.
  await page.click('#tiles-give-up');
  assert.ok(await page.locator('#tiles-confirm').isVisible());
  await page.click('#tiles-give-up-no');
  assert.ok(await page.locator('#tiles-give-up').isVisible());
  assert.equal((await frame(page)).over, false);
  await page.click('#tiles-give-up');
  await page.click('#tiles-give-up-yes');
  f = await frame(page);
  assert.equal(f.over, true);
  // Which give-up it was depends on the tile in hand; both reasons start alike.
  assert.match(f.view.over_reason, /^gave up/);
  assert.equal(f.view.tile, null);
  assert.equal(f.score, 1);
  assert.equal(await page.textContent('#status'), `Game over: ${f.view.over_reason}`);
  assert.ok(await page.isDisabled('#tiles-discard'));
  // A click on the finished board says so and plays nothing.
  await clickCell(page, 3, 4);
  assert.match(await messageText(page), /The game is over \(gave up/);
  assert.equal((await frame(page)).turn, before.turn + 1);
  await screenshot(page, 'tiles-matching-gave-up');
  // Undo brings the game back.
  await page.click('#undo');
  assert.equal((await frame(page)).over, false);
  assert.equal(await page.isDisabled('#tiles-discard'), false);
  assert.deepEqual(page.errors, []);
});

test('the CLI output of a whole game scores as the CLI did, replays and seeks smoothly', async () => {
  // seed4-eval.out: `arcade solve tiles-matching --seed 4 --solver eval`, 10,000 replies,
  // scored 19134 by the CLI (and by the native and wasm tests).
  const page = await site.open(`${GAME}&seed=4`);
  await paste(page, golden('tiles-matching', 'seed4-eval.out'));
  await page.click('#load-output');
  let f = await frame(page);
  assert.equal(f.score, 19134);
  assert.equal(f.moves, 10000);
  assert.equal(f.view.over_reason, 'all 10,000 moves played');
  assert.match(await messageText(page), /score 19,134 after 10,000 moves/);
  assert.equal(await page.textContent('#score'), '19,134');
  // Seeking anywhere lands exactly there (its speed is measured, not tested: see the report).
  for (const t of [9999, 17, 5000, 64, 9000, 1, 10000]) {
    await seekTo(page, t);
    assert.equal((await frame(page)).turn, t);
  }
  await page.keyboard.press('Shift+ArrowLeft');
  assert.equal((await frame(page)).turn, 9900);
  await screenshot(page, 'tiles-matching-replay');
  // A step onto a move that clears lines flashes the cleared cells.
  const turn = await page.evaluate(() => {
    const s = document.getElementById('slider');
    for (let t = 200; t < 10000; t++) {
      s.value = t;
      s.dispatchEvent(new Event('input'));
      if (window.arcade.frame().view.cleared.length > 0) return t;
    }
    return null;
  });
  assert.ok(turn, 'the eval game clears lines');
  await seekTo(page, turn - 1);
  await page.click('#next');
  f = await frame(page);
  assert.equal(f.turn, turn);
  assert.ok(f.view.cleared.length === f.view.side || f.view.cleared.length === 2 * f.view.side - 1);
  await page.waitForTimeout(120);
  await screenshot(page, 'tiles-matching-clear-flash');
  // Playing back at full speed runs to the end without errors.
  await seekTo(page, 9000);
  await page.selectOption('#speed', '1000');
  await page.click('#play');
  await page.waitForFunction(() => window.arcade.frame().turn === 10000, null, { timeout: 10_000 });
  assert.deepEqual(page.errors, []);
});

test('bad pastes name the move and the reason and keep the current game', async () => {
  const page = await site.open(`${GAME}&seed=1`);
  await clickCell(page, 5, 5);
  const played = await frame(page);
  await paste(page, golden('tiles-matching', 'seed1-bad-match.out'));
  await page.click('#load-output');
  assert.match(await messageText(page), /move 11(?: \([^)]*\))?: tile 20 at \(3, 3\) matches neither the colour nor the shape of its neighbour 01/);
  assert.match(await messageText(page), /your current game is unchanged/);
  await screenshot(page, 'tiles-matching-bad-paste');
  await paste(page, '5 5\n5 x\n');
  await page.click('#load-output');
  assert.match(await messageText(page), /move 2(?: \([^)]*\))?: 'x' is not a row or column number/);
  // Legal but unfinished: the tester would keep asking.
  const unfinished = golden('tiles-matching', 'seed1-give-up.out').trim().split('\n').slice(0, -1).join('\n');
  await paste(page, unfinished);
  await page.click('#load-output');
  assert.match(await messageText(page), /move 12(?: \([^)]*\))?: the output ends after 11 replies, but a game lasts 10000 replies unless it ends with GIVE UP/);
  let f = await frame(page);
  assert.equal(f.turn, played.turn);
  assert.deepEqual(f.view.board, played.view.board);
  // Its valid moves can still be replayed on request.
  await page.click('#message button');
  f = await frame(page);
  assert.equal(f.moves, 11);
  assert.equal(f.score, 10);
  assert.deepEqual(page.errors, []);
});

test('a stuck position says that only Give up is left', async () => {
  // seed1-greedy.out ends with GIVE UP once greedy is stuck; replay everything before it.
  const page = await site.open(`${GAME}&seed=1`);
  const lines = golden('tiles-matching', 'seed1-greedy.out').trim().split('\n');
  assert.equal(lines.at(-1), 'GIVE UP');
  await paste(page, lines.slice(0, -1).join('\n'));
  await page.click('#load-output');
  await page.click('#message button');
  const f = await frame(page);
  assert.equal(f.turn, lines.length - 1);
  assert.equal(f.view.stuck, true);
  assert.deepEqual(f.view.legal, []);
  assert.equal(await page.$eval('#tiles-give-up', (b) => getComputedStyle(b).color), 'rgb(180, 35, 24)', 'Give up stands out in the theme\'s --bad');
  await screenshot(page, 'tiles-matching-stuck');
  await page.click('#tiles-give-up');
  await page.click('#tiles-give-up-yes');
  const done = await frame(page);
  assert.equal(done.over, true);
  assert.equal(done.score, 5927, 'the CLI scored this output 5927');
  assert.deepEqual(page.errors, []);
});

test('an uploaded output file scores like a pasted one, and the output downloads back', async () => {
  const page = await site.open(`${GAME}&seed=1`);
  const text = golden('tiles-matching', 'seed1-greedy.out');
  await page.setInputFiles('#upload', { name: '1.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.waitForFunction(() => window.arcade.frame().moves === 3235);
  assert.equal((await frame(page)).score, 5927);
  assert.match(await messageText(page), /The file 1\.txt: score 5,927 after 3,235 moves/);
  await seekTo(page, 100);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-output')]);
  assert.equal(download.suggestedFilename(), 'tiles-matching-1.out.txt');
  assert.equal(readFileSync(await download.path(), 'utf8'), text);
  const [input] = await Promise.all([page.waitForEvent('download'), page.click('#download-input')]);
  const lines = readFileSync(await input.path(), 'utf8').split('\n');
  assert.deepEqual(lines.slice(0, 6), ['6', '11', '3', 'W', '52', '41']);
  assert.deepEqual(page.errors, []);
});

test('a share link carries the game, the moves, the redo tail and the turn', async () => {
  const page = await site.open(`${GAME}&seed=1&d=4`);
  await clickCell(page, 5, 5);
  await clickCell(page, 5, 6);
  await page.click('#tiles-discard');
  await page.click('#undo');
  const f = await frame(page);
  assert.equal(f.turn, 2);
  assert.equal(f.view.d, 4);
  const link = await shareLink(page);
  assert.match(link, /[?&]v=1&game=tiles-matching&seed=1&d=4/);
  assert.match(link, /#moves=/);
  const other = await site.open(link);
  const g = await frame(other);
  assert.equal(g.turn, 2);
  assert.equal(g.moves, 3, 'the redo tail travels too');
  assert.deepEqual(g.view.board, f.view.board);
  assert.equal(g.view.tile, f.view.tile);
  await other.click('#redo');
  assert.equal((await frame(other)).view.counter, 1);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(other.errors, []);
});

test('the eval solver runs from the page and its game replays', async () => {
  const page = await site.open(`${GAME}&seed=4`);
  await page.selectOption('#solver', 'eval');
  await page.fill('#budget', '1');
  await page.click('#solve');
  assert.equal((await frame(page)).turn, 0, 'the page answers while the worker runs');
  await page.waitForFunction(() => /score [\d,]+ in/.test(document.getElementById('solve-status').textContent), null, { timeout: 10_000 });
  const status = await page.textContent('#solve-status');
  const reported = Number(/score ([\d,]+) in/.exec(status)[1].replace(/,/g, ''));
  assert.ok(reported > 0);
  await page.waitForFunction(() => window.arcade.frame().turn > 0);
  await page.click('#last');
  const f = await frame(page);
  assert.equal(f.score, reported, 'the replayed output scores what the solver reported');
  await screenshot(page, 'tiles-matching-solved');
  assert.deepEqual(page.errors, []);
});
