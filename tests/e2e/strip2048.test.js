// A person's paths through the page with Strip 2048 (IPSC 2014 B).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, frame, messageText, cellPoint, screenshot, golden, paste } from './harness.js';

let site;
before(async () => { site = await start(); });
after(async () => { await site.close(); });

// `arcade ipsc2014b hard < seed7.in` (the optimum of seed 7) and of seed 4: see tests/data/strip2048/README.md.
const BEST_7 = '2996';
const BEST_4 = '68';

const geometry = (page) => page.evaluate(() => window.arcade.geometry());
/** Waits for the meter's analysis of the shown position and returns it. */
async function analysis(page) {
  await page.waitForFunction(() => window.arcade.geometry().analysis !== null, null, { timeout: 5_000 });
  return (await geometry(page)).analysis;
}

test('a seed link opens the generated strip and the meter shows the exact optimum', async () => {
  const page = await site.open('?v=1&game=strip2048&seed=7');
  const f = await frame(page);
  const lines = golden('strip2048', 'seed7.in').split('\n');
  assert.equal(f.view.n, Number(lines[2]));
  assert.equal(f.view.values.join(' '), lines[3]);
  assert.equal(f.score, 0);
  assert.equal(await page.textContent('#score'), '0');
  const a = await analysis(page);
  assert.equal(a.exact, true);
  assert.equal(a.best, BEST_7);
  assert.match((await geometry(page)).meter, /best reachable 2,996 \(exact\)/);
  await screenshot(page, 'strip2048-seed7');
  assert.deepEqual(page.errors, []);
});

test('L and R slide the strip and score merges; a move that changes nothing is refused; arrows only step the replay', async () => {
  // Seed 4 starts as "2 0 0 0": left changes nothing.
  const page = await site.open('?v=1&game=strip2048&seed=4');
  const start0 = await frame(page);
  assert.deepEqual(start0.view.tiles, [1, 0, 0, 0]);
  await page.locator('#board').focus();
  await page.keyboard.press('l');
  assert.match(await messageText(page), /← Left changes nothing here/);
  assert.equal((await frame(page)).turn, 0);
  await screenshot(page, 'strip2048-refused');
  await page.keyboard.press('r');
  const moved = await frame(page);
  assert.equal(moved.turn, 1);
  assert.equal(moved.view.tiles[3], 1, 'the 2 slid to the right end');
  assert.equal(moved.view.tiles.filter((e) => e > 0).length, 2, 'and a new tile spawned');
  assert.equal(await messageText(page), '');
  // Keep sliding until a merge scores.
  for (let i = 0; i < 12 && (await frame(page)).score === 0; i++) {
    const v = (await frame(page)).view;
    await page.keyboard.press(v.can_left ? 'l' : 'r');
  }
  const scored = await frame(page);
  assert.ok(scored.score > 0, 'a merge scored');
  assert.equal(await page.textContent('#score'), scored.view.score_text);
  assert.equal(scored.view.score_text, String(scored.score));
  // The arrows step the replay and never play or cut the moves.
  const played = scored.turn;
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual([(await frame(page)).turn, (await frame(page)).moves], [played - 1, played]);
  await page.keyboard.press('ArrowRight');
  assert.deepEqual([(await frame(page)).turn, (await frame(page)).moves], [played, played]);
  // Shift+arrows stay the replay's ±100.
  await page.keyboard.press('Shift+ArrowLeft');
  assert.equal((await frame(page)).turn, 0);
  assert.equal((await frame(page)).moves, played);
  assert.deepEqual(page.errors, []);
});

test('Hint shows an optimal move; following the hints reaches the optimum', async () => {
  const page = await site.open('?v=1&game=strip2048&seed=4');
  assert.equal((await analysis(page)).best, BEST_4);
  let moves = 0;
  while (!(await frame(page)).over) {
    await page.click('#strip-hint');
    const text = await messageText(page);
    const m = text.match(/Optimal next move: (← Left|Right →) — it keeps a final score of 68 reachable/);
    assert.ok(m, text);
    if (moves === 1) await screenshot(page, 'strip2048-hint');
    await page.click(m[1] === '← Left' ? '#strip-left' : '#strip-right');
    assert.equal((await analysis(page)).best, BEST_4, 'an optimal move keeps the best');
    moves += 1;
  }
  assert.equal((await frame(page)).score, Number(BEST_4));
  // Over: the buttons can do nothing, so they are disabled; the H key still says why.
  for (const id of ['#strip-left', '#strip-right', '#strip-hint']) assert.equal(await page.isDisabled(id), true, id);
  await page.focus('#board');
  await page.keyboard.press('h');
  assert.match(await messageText(page), /game is over: the final score is 68/);
  // A poor move lowers what is still reachable.
  await page.click('#undo');
  await page.click('#undo');
  assert.equal(await page.isDisabled('#strip-hint'), false, 'a game going on again: the buttons are back');
  const before = await analysis(page);
  assert.equal(before.best, BEST_4);
  const v = (await frame(page)).view;
  const poor = before.next === 'l' ? 'r' : 'l';
  if (poor === 'l' ? v.can_left : v.can_right) {
    await page.click(poor === 'l' ? '#strip-left' : '#strip-right');
    assert.ok(Number((await analysis(page)).best) <= Number(BEST_4));
  }
  assert.deepEqual(page.errors, []);
});

/** Pastes text into the output box (as a paste would: one change of its value). */
test('a pasted move string scores as the CLI does; a bad one names the move', async () => {
  const page = await site.open('?v=1&game=strip2048&seed=7');
  await paste(page, golden('strip2048', 'seed7-exact.out'));
  await page.click('#load-output');
  const f = await frame(page);
  assert.equal(f.score, Number(BEST_7));
  assert.equal(f.view.score_text, '2,996');
  assert.match(await messageText(page), /score 2,996 after 234 moves/);
  await page.click('#first');
  await page.click('#next');
  assert.equal((await frame(page)).turn, 1);
  // A fast replay does not analyse every frame: count the calls into wasm.
  await page.evaluate(async () => {
    const { Play } = await import('/www/pkg/arcade.js');
    const analyze = Play.prototype.analyze;
    window.analyzeCalls = 0;
    Play.prototype.analyze = function counted() { window.analyzeCalls += 1; return analyze.call(this); };
  });
  await page.selectOption('#speed', '250');
  await page.click('#play');
  await page.waitForFunction(() => window.arcade.frame().turn === 234 && document.getElementById('play').textContent === '▶');
  await analysis(page);
  const calls = await page.evaluate(() => window.analyzeCalls);
  // 0 when the final position was analysed (and cached) before the replay started.
  assert.ok(calls <= 2, `${calls} analyses during a replay of 233 moves`);
  await paste(page, 'lrx');
  await page.click('#load-output');
  assert.match(await messageText(page), /move 3(?: \([^)]*\))?: 'x' is not a move \(expected l or r\)/);
  await analysis(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'strip2048-bad-paste');
  assert.equal((await frame(page)).turn, 234, 'the loaded game is kept');
  assert.deepEqual(page.errors, []);
});

test('the exact solver runs and its result replays', async () => {
  const page = await site.open('?v=1&game=strip2048&seed=7');
  await page.selectOption('#solver', 'exact');
  await page.fill('#budget', '1');
  await page.click('#solve');
  await page.waitForFunction(() => /score [\d,]+ in/.test(document.getElementById('solve-status').textContent), null, { timeout: 10_000 });
  assert.match(await page.textContent('#solve-status'), /exact: score 2,996 in/);
  await page.waitForFunction(() => window.arcade.frame().turn > 0);
  await page.click('#last');
  assert.equal((await frame(page)).score, Number(BEST_7));
  assert.equal((await analysis(page)).best, BEST_7);
  await screenshot(page, 'strip2048-solved');
  assert.deepEqual(page.errors, []);
});

test('a long strip: the meter says it is too long to solve here; big tiles print as powers', async () => {
  const page = await site.open('?v=1&game=strip2048&seed=3&n=40');
  const a = await analysis(page);
  assert.equal(a.exact, false);
  assert.match((await geometry(page)).meter, /too long to solve exactly here/);
  await page.click('#strip-hint');
  assert.match(await messageText(page), /No hint: a strip of 40 cells is too long to solve exactly here/);
  await screenshot(page, 'strip2048-long-start');
  await page.selectOption('#solver', 'exact');
  await page.fill('#budget', '1');
  await page.click('#solve');
  await page.waitForFunction(() => /score [\d,]+ in/.test(document.getElementById('solve-status').textContent), null, { timeout: 10_000 });
  await page.click('#last');
  const f = await frame(page);
  assert.ok(f.over && f.score > 0);
  assert.equal(f.view.score_text, f.score.toLocaleString('en-US'));
  assert.ok(Math.max(...f.view.tiles) >= 10, 'tiles of 1024 and more');
  await page.waitForFunction(() => window.arcade.geometry().analysis !== null);
  // Hovering the biggest tile gives its exact value.
  const top = f.view.tiles.indexOf(Math.max(...f.view.tiles));
  const p = await cellPoint(page, 0, top);
  await page.mouse.move(p.x, p.y);
  const tip = await page.textContent('#tooltip');
  assert.equal(tip, `cell ${top}: 2^${f.view.tiles[top]} = ${Number(f.view.values[top]).toLocaleString('en-US')}`);
  await screenshot(page, 'strip2048-long');
  assert.deepEqual(page.errors, []);
});
