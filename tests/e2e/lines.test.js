// A person's paths through the page with Lines (Topcoder Marathon Match, March 2021).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, frame, messageText, clickCell, cellPoint, screenshot, golden, paste, shareLink } from './harness.js';

let site;
before(async () => { site = await start(); });
after(async () => { await site.close(); });

const geometry = (page) => page.evaluate(() => window.arcade.geometry());

/** Pastes text into the output box (as a paste would: one change of its value). */
// `arcade solve lines --seed 5 --solver greedy` before it built lines longer than five
// (tests/data/lines/seed5-greedy.out); the CLI scores it 3916 (tests/lines.rs checks it).
const SEED5_GREEDY = { score: 3916, moves: 1000, end: 'moves' };

/** Waits until the renderer has settled (its move animation is over). */
const settle = (page) => page.waitForTimeout(900);

/** A ball and an empty cell it cannot reach, from the view's regions, or null. */
function unreachablePair(view) {
  const n = view.n;
  for (let k = 0; k < n * n; k++) {
    if (view.grid[k] === 0) continue;
    const r = Math.floor(k / n), c = k % n;
    const near = new Set([[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]]
      .filter(([a, b]) => a >= 0 && b >= 0 && a < n && b < n)
      .map(([a, b]) => view.regions[a * n + b]).filter((id) => id > 0));
    const target = view.regions.findIndex((id) => id > 0 && !near.has(id));
    if (target >= 0) return [r, c, Math.floor(target / n), target % n];
  }
  return null;
}

test('a seed link opens the official generator\'s board; the input downloads as the CLI prints it', async () => {
  // Seed 8 (gen.rs's table of seeds 1..10): N = 7, C = 9, balls 4 at (0,0), 5 at (3,4) and (4,6).
  const page = await site.open('?v=1&game=lines&seed=8');
  const f = await frame(page);
  assert.equal(f.view.n, 7);
  assert.equal(f.view.colors, 9);
  const at = (r, c) => f.view.grid[r * 7 + c];
  assert.deepEqual([at(0, 0), at(3, 4), at(4, 6)], [4, 5, 5]);
  assert.equal(f.view.grid.filter((x) => x > 0).length, 3);
  assert.deepEqual(f.view.next, [6, 1, 3]);
  assert.equal(f.view.moves_left, 1000);
  assert.equal(f.view.end, null);
  assert.equal(await page.textContent('#score'), '0');
  assert.equal(await page.inputValue('#game'), 'lines');
  const label = await page.getAttribute('#board', 'aria-label');
  assert.match(label, /score 0; move 0 of 1000; next 6 1 3/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-input')]);
  assert.equal(download.suggestedFilename(), 'lines-8.in.txt');
  const text = await (await download.createReadStream()).toArray();
  assert.equal(Buffer.concat(text).toString(), '7 9\n4000000\n0000000\n0000000\n0000500\n0000005\n0000000\n0000000\n');
  await screenshot(page, 'lines-seed8');
  assert.deepEqual(page.errors, []);
});

test('click a ball, then a cell: the ball travels its path and three new balls land; undo and redo', async () => {
  const page = await site.open('?v=1&game=lines&seed=1');
  const start0 = await frame(page);
  await clickCell(page, 1, 6);
  const g = await geometry(page);
  assert.deepEqual(g.selected, [1, 6]);
  assert.equal(g.reachable, 46, 'every empty cell of the open board');
  await page.mouse.move(0, 0);
  await screenshot(page, 'lines-selected');
  await clickCell(page, 0, 0);
  const moved = await frame(page);
  assert.equal(moved.turn, 1);
  assert.deepEqual(moved.view.last_move, [1, 6, 0, 0]);
  assert.deepEqual(moved.view.path[0], [1, 6]);
  assert.deepEqual(moved.view.path.at(-1), [0, 0]);
  assert.equal(moved.view.path.length, 8);
  assert.deepEqual(moved.view.spawned[0], [3, 6, 1], 'the tester\'s first spawn of seed 1');
  assert.deepEqual(moved.view.next, [3, 2, 2]);
  assert.equal((await geometry(page)).selected, null, 'a played move lets the ball go');
  assert.equal(await page.textContent('#turn'), '1');
  await settle(page);
  await screenshot(page, 'lines-after-move');
  await page.click('#undo');
  assert.deepEqual((await frame(page)).view.grid, start0.view.grid);
  await page.click('#redo');
  assert.deepEqual((await frame(page)).view.grid, moved.view.grid);
  // Clicking the selected ball again lets it go; another ball takes the selection; Esc too.
  await clickCell(page, 0, 0);
  await clickCell(page, 0, 0);
  assert.equal((await geometry(page)).selected, null);
  await clickCell(page, 0, 0);
  await clickCell(page, 3, 6);
  assert.deepEqual((await geometry(page)).selected, [3, 6]);
  await page.keyboard.press('Escape');
  assert.equal((await geometry(page)).selected, null);
  // An empty cell with no ball selected says what to do and plays nothing.
  await clickCell(page, 6, 6);
  assert.match(await messageText(page), /\(6, 6\) is empty: pick a ball first/);
  assert.equal((await frame(page)).turn, 1);
  assert.deepEqual(page.errors, []);
});

test('the way shown under the pointer is the way the tester moves the ball', async () => {
  const page = await site.open('?v=1&game=lines&seed=1');
  const hoverCell = async (r, c) => {
    const p = await cellPoint(page, r, c);
    await page.mouse.move(p.x, p.y);
  };
  // Long ways with many shortest paths to choose from, so the tester's choice matters.
  for (const [r1, c1, r2, c2] of [[1, 6, 0, 0], [0, 0, 6, 6], [4, 0, 0, 6], [5, 4, 1, 0]]) {
    const before = await frame(page);
    const n = before.view.n;
    if (before.view.grid[r1 * n + c1] === 0 || before.view.grid[r2 * n + c2] !== 0) continue;
    await clickCell(page, r1, c1);
    await hoverCell(r2, c2);
    const preview = (await geometry(page)).preview;
    assert.ok(preview, `a way from (${r1}, ${c1}) to (${r2}, ${c2})`);
    await clickCell(page, r2, c2);
    const after = await frame(page);
    assert.equal(after.turn, before.turn + 1);
    assert.deepEqual(after.view.path, preview);
  }
  assert.ok((await frame(page)).turn >= 3);
  await settle(page);
  assert.deepEqual(page.errors, []);
});

test('an unreachable target is refused with the reason and changes nothing', async () => {
  // Seed 2's first-move output fills the board; late in it, some cells are walled off.
  const page = await site.open('?v=1&game=lines&seed=2');
  await paste(page, golden('lines', 'seed2-first.out'));
  await page.click('#load-output');
  const last = (await frame(page)).moves;
  let pair = null;
  for (let t = last - 1; t > 0 && !pair; t--) {
    await page.evaluate((t) => { const s = document.getElementById('slider'); s.value = t; s.dispatchEvent(new Event('input')); }, t);
    pair = unreachablePair((await frame(page)).view);
  }
  assert.ok(pair, 'some turn has a walled-off cell');
  const before = await frame(page);
  const [r1, c1, r2, c2] = pair;
  await clickCell(page, r1, c1);
  const reachable = (await geometry(page)).reachable;
  await clickCell(page, r2, c2);
  assert.equal(await messageText(page), `move ${before.turn + 1}: no path of empty cells from (${r1}, ${c1}) to (${r2}, ${c2})`);
  const after = await frame(page);
  assert.equal(after.turn, before.turn);
  assert.equal(after.moves, before.moves, 'the loaded moves after this turn are kept');
  assert.deepEqual(after.view.grid, before.view.grid);
  const g = await geometry(page);
  assert.deepEqual(g.selected, [r1, c1], 'the ball stays selected to try another cell');
  assert.equal(g.reachable, reachable);
  assert.ok(g.reachable < before.view.grid.filter((x) => x === 0).length);
  await page.mouse.move(0, 0);
  await screenshot(page, 'lines-unreachable');
  assert.deepEqual(page.errors, []);
});

test('a pasted output scores as the CLI does, replays, and shows why the game ended', async () => {
  const page = await site.open('?v=1&game=lines&seed=1');
  // `arcade score lines --seed 1 tests/data/lines/seed1-greedy.out` prints "score: 64".
  await paste(page, golden('lines', 'seed1-greedy.out'));
  await page.click('#load-output');
  const f = await frame(page);
  assert.equal(f.score, 64);
  assert.equal(f.moves, 32);
  assert.equal(f.view.end, 'full');
  assert.match(await messageText(page), /score 64 after 32 moves/);
  assert.equal((await geometry(page)).status, 'Game over: the board is full.');
  await screenshot(page, 'lines-full');
  // A click on the finished board says why nothing can be played.
  await clickCell(page, 0, 0);
  await clickCell(page, 3, 3);
  assert.match(await messageText(page), /The game is over: the board is full/);
  assert.equal((await frame(page)).moves, 32);
  // Step through it: a scoring move marks the balls that vanished.
  await page.click('#first');
  let scoring = null;
  for (let t = 1; t <= 32 && !scoring; t++) {
    await page.click('#next');
    const g = await frame(page);
    if (g.view.last_score > 0) scoring = g;
  }
  assert.ok(scoring, 'greedy scores at some move');
  assert.ok(scoring.view.vanished.length >= 5);
  assert.equal(scoring.view.spawned.length, 0, 'a line brings no new balls');
  await settle(page);
  await screenshot(page, 'lines-line-vanished');
  assert.deepEqual(page.errors, []);
});

test('a long CLI output replays to the 1,000th move and downloads unchanged', async () => {
  const output = golden('lines', 'seed5-greedy.out');
  const page = await site.open('?v=1&game=lines&seed=5');
  await page.setInputFiles('#upload', { name: '5.txt', mimeType: 'text/plain', buffer: Buffer.from(output) });
  await page.waitForFunction(() => window.arcade.frame().moves > 0);
  const f = await frame(page);
  assert.equal(f.score, SEED5_GREEDY.score);
  assert.equal(f.moves, SEED5_GREEDY.moves);
  assert.equal(f.view.end, SEED5_GREEDY.end);
  assert.match(await messageText(page), new RegExp(`The file 5\\.txt: score ${SEED5_GREEDY.score.toLocaleString('en-US')} after ${SEED5_GREEDY.moves.toLocaleString('en-US')} moves`));
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+ArrowRight');
  assert.equal((await frame(page)).turn, 100);
  await page.keyboard.press('End');
  await screenshot(page, 'lines-replay-end');
  assert.match((await geometry(page)).status, /Game over/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-output')]);
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString();
  assert.equal(text, output);
  assert.deepEqual(page.errors, []);
});

test('a bad paste names the move and the reason and keeps the game being played', async () => {
  const page = await site.open('?v=1&game=lines&seed=1');
  await clickCell(page, 1, 6);
  await clickCell(page, 0, 0);
  const played = await frame(page);
  await page.fill('#output', '1 6 0 0\n9 9 0 0\n');
  await page.click('#load-output');
  assert.match(await messageText(page), /move 2(?: \([^)]*\))?: cell \(9, 9\) is off the 7x7 board.*your current game is unchanged/);
  await page.fill('#output', '1 6 0 0\n0 0 x 1\n');
  await page.click('#load-output');
  assert.match(await messageText(page), /move 2(?: \([^)]*\))?: 'x' is not an integer/);
  await page.fill('#output', '1 6 0 0\n');
  await page.click('#load-output');
  assert.match(await messageText(page), /move 2(?: \([^)]*\))?: the output ends after 1 move but the game is not over/);
  await screenshot(page, 'lines-bad-paste');
  const still = await frame(page);
  assert.deepEqual([still.turn, still.moves, still.score], [played.turn, played.moves, played.score]);
  assert.deepEqual(still.view.grid, played.view.grid);
  // Its valid moves can still be replayed on request.
  await page.fill('#output', '1 6 0 0\n9 9 0 0\n');
  await page.click('#load-output');
  await page.click('#message button');
  assert.equal((await frame(page)).moves, 1);
  assert.deepEqual(page.errors, []);
});

test('a share link carries the moves, the turn and the redo tail', async () => {
  const page = await site.open('?v=1&game=lines&seed=3&N=9&C=4');
  const view = (await frame(page)).view;
  assert.equal(view.n, 9);
  assert.equal(view.colors, 4);
  for (let i = 0; i < 3; i++) {
    const v = (await frame(page)).view;
    const from = v.grid.findIndex((x) => x > 0);
    const to = v.grid.findIndex((x, k) => x === 0 && v.regions[k] > 0 && k !== from);
    await clickCell(page, Math.floor(from / 9), from % 9);
    await clickCell(page, Math.floor(to / 9), to % 9);
  }
  await page.click('#undo');
  const f = await frame(page);
  assert.deepEqual([f.turn, f.moves], [2, 3]);
  const link = await shareLink(page);
  assert.match(link, /[?&]v=1&game=lines&seed=3&C=4&N=9|[?&]v=1&game=lines&seed=3&N=9&C=4/);
  const other = await site.open(link);
  const g = await frame(other);
  assert.deepEqual([g.turn, g.moves], [2, 3]);
  assert.deepEqual(g.view.grid, f.view.grid);
  assert.deepEqual(g.view.next, f.view.next);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(other.errors, []);
});

test('the colour numbers can be switched off', async () => {
  const page = await site.open('?v=1&game=lines&seed=2');
  assert.equal((await geometry(page)).numbers, true);
  await page.click('#lines-numbers');
  assert.equal((await geometry(page)).numbers, false);
  await screenshot(page, 'lines-no-numbers');
  assert.deepEqual(page.errors, []);
});

test('the default solver runs in the worker within budget plus grace, and its game replays', async () => {
  const page = await site.open('?v=1&game=lines&seed=4');
  assert.equal(await page.inputValue('#solver'), 'expectimax');
  await page.fill('#budget', '1');
  await page.click('#solve');
  // A score means the solver ended by itself: one the page stopped at budget + grace says so.
  await page.waitForFunction(() => /score [\d,]+ in/.test(document.getElementById('solve-status').textContent), null, { timeout: 10_000 });
  const status = await page.textContent('#solve-status');
  const score = Number(status.match(/score ([\d,]+) in/)[1].replace(/,/g, ''));
  const f = await frame(page);
  assert.ok(f.moves > 0);
  await page.keyboard.press('End');
  const end = await frame(page);
  assert.equal(end.score, score);
  assert.ok(end.over);
  await screenshot(page, 'lines-solved');
  assert.deepEqual(page.errors, []);
});
