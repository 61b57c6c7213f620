// Nothing a player did is lost: reloads, switching games, solves, moves over a replay, bad
// links, huge pastes, and a browser that cannot store anything.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, frame, messageText, clickCell, golden, paste, shareLink, screenshot } from './harness.js';

let site;
before(async () => { site = await start(); });
after(async () => { await site.close(); });

/** Reloads the page (after the page saved what it shows) and waits until it is ready. */
async function reload(page) {
  await page.evaluate(() => window.arcade.flush());
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
}

/** Presses Solve and waits until the solve has ended and its game is shown. */
async function solved(page) {
  await page.click('#solve');
  await page.waitForFunction(() => !/^running/.test(document.getElementById('solve-status').textContent), null, { timeout: 20_000 });
  assert.match(await page.textContent('#solve-status'), /score [\d,]+ in/);
}

async function switchTo(page, game) {
  await page.selectOption('#game', game);
  await page.waitForSelector(`body[data-game="${game}"]`);
}

const state = async (page) => {
  const f = await frame(page);
  return { turn: f.turn, moves: f.moves, score: f.score, output: await page.evaluate(() => window.arcade.output()) };
};

test('a reload keeps manual moves, the redo tail and the shown turn, and the address bar says so', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=2');
  await clickCell(page, 0, 0);
  await clickCell(page, 0, 1);
  await clickCell(page, 3, 3);
  await clickCell(page, 4, 3);
  await page.click('#undo');
  const before = await state(page);
  assert.deepEqual([before.turn, before.moves], [1, 2]);
  await page.evaluate(() => window.arcade.flush());
  assert.match(await page.evaluate(() => location.href), /[?&]t=1#moves=/);
  await reload(page);
  assert.deepEqual(await state(page), before);
  await page.click('#redo');
  assert.equal((await frame(page)).turn, 2);
  assert.deepEqual(page.errors, []);
});

test('a reload keeps a loaded output at the shown turn, and a page opened from a share link', async () => {
  const page = await site.open('?v=1&game=lines&seed=5');
  await paste(page, golden('lines', 'seed5-greedy.out'));
  await page.click('#load-output');
  await page.evaluate(() => { const s = document.getElementById('slider'); s.value = 437; s.dispatchEvent(new Event('input')); });
  const before = await state(page);
  assert.deepEqual([before.turn, before.moves], [437, 1000]);
  await reload(page);
  assert.deepEqual(await state(page), before);
  // A shared link reloads as the shared game, not as game and seed only.
  const link = await shareLink(page);
  const other = await site.open(link);
  assert.deepEqual(await state(other), before);
  await reload(other);
  assert.deepEqual(await state(other), before);
  assert.deepEqual(page.errors, []);
});

test('switching games and back restores each game', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=2');
  await clickCell(page, 1, 1);
  await clickCell(page, 1, 2);
  const square = await state(page);
  await switchTo(page, 'territory');
  const f = await frame(page);
  const [x, y] = f.view.legal[f.view.legal.length - 1];
  await clickCell(page, x, y);
  const territory = await state(page);
  assert.equal(territory.turn, 1);
  await switchTo(page, 'square-remover');
  assert.deepEqual(await state(page), square);
  await switchTo(page, 'territory');
  assert.deepEqual(await state(page), territory);
  // And after a reload of a bare address, the last game shown comes back.
  await page.evaluate(() => window.arcade.flush());
  await page.goto(site.base);
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.inputValue('#game'), 'territory');
  assert.deepEqual(await state(page), territory);
  assert.deepEqual(page.errors, []);
});

test('a solve keeps the player\'s game: back to it in one click, and solving from the shown move', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=4');
  await clickCell(page, 2, 2);
  await clickCell(page, 2, 3);
  await clickCell(page, 5, 5);
  await clickCell(page, 6, 5);
  const mine = await state(page);
  await page.fill('#budget', '1');
  await page.selectOption('#solver', 'greedy');
  await solved(page);
  assert.equal((await frame(page)).moves, 10000);
  assert.match(await messageText(page), /Your previous game is kept under Your games/);
  const kept = await page.evaluate(() => window.arcade.saved());
  assert.equal(kept[0].count, 2);
  await page.click('#message-actions button');
  await page.waitForFunction(() => window.arcade.frame().moves === 2);
  assert.deepEqual((await state(page)).output, mine.output);
  // From the shown move: the player's first move stays, the solver plays the rest.
  await page.click('#undo');
  await page.check('#from-here');
  await solved(page);
  const fromHere = await state(page);
  assert.equal(fromHere.moves, 10000);
  assert.equal(fromHere.output.split('\n').slice(0, 3).join('\n'), mine.output.split('\n').slice(0, 3).join('\n'));
  await screenshot(page, 'keep-solved-from-here');
  assert.deepEqual(page.errors, []);
});

test('a move played over a long replay keeps the whole replay under Your games', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=3');
  await paste(page, golden('square-remover', '3-patterned.out'));
  await page.click('#load-output');
  await page.evaluate(() => { const s = document.getElementById('slider'); s.value = 100; s.dispatchEvent(new Event('input')); });
  const full = await state(page);
  // A swap that differs from the replay's move 101.
  const next = full.output.split('\n').slice(300, 303).map(Number);
  const [r, c] = next[0] === 0 && next[1] === 0 ? [1, 1] : [0, 0];
  await clickCell(page, r, c);
  await clickCell(page, r, c + 1);
  const f = await frame(page);
  assert.deepEqual([f.turn, f.moves], [101, 101]);
  assert.match(await messageText(page), /whole earlier game is kept under Your games/);
  const kept = await page.evaluate(() => window.arcade.saved());
  assert.equal(kept[0].count, 10000);
  await page.click('#saved li:first-child button');
  await page.waitForFunction(() => window.arcade.frame().moves === 10000);
  assert.deepEqual(await state(page), full);
  assert.deepEqual(page.errors, []);
});

test('a 5 MB paste is refused before it reaches the box; a long output is kept out of the box', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=3');
  const big = 'x'.repeat(5 * 1024 * 1024);
  await page.evaluate((text) => navigator.clipboard.writeText(text), big);
  await page.focus('#output');
  await page.keyboard.press('Control+V');
  await page.waitForFunction(() => !document.getElementById('message').hidden);
  assert.match(await messageText(page), /5\.2 MB: larger than any output of these games \(the limit is 4\.2 MB\)/);
  assert.equal(await page.inputValue('#output'), '');
  // A long but real output (a 10,000-move replay, padded to 150 KB with leading zeros and
  // CRLF line ends, both read by the official jar's Integer.parseInt(readLine())) is held
  // outside the box and loads.
  const text = golden('square-remover', '3-patterned.out').split('\n').map((v) => v && v.padStart(3, '0')).join('\r\n');
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.focus('#output');
  await page.keyboard.press('Control+V');
  assert.equal(await page.inputValue('#output'), '');
  assert.match(await page.getAttribute('#output', 'placeholder'), /kept out of this box/);
  await page.click('#load-output');
  assert.equal((await frame(page)).moves, 10000);
  assert.deepEqual(page.errors, []);
});

test('bad link parts each get their own message and keep the rest', async () => {
  const page = await site.open('?v=1&game=lines&seed=3&N=50&C=4&solver=nope&speed=7&budget=4000&t=x');
  const text = await messageText(page);
  assert.match(text, /N: 50 is out of range \(7 to 11\)/);
  assert.match(text, /solver: 'nope' is not a solver of lines/);
  assert.match(text, /speed: '7' must be one of 2, 10, 50, 250, 1000/);
  assert.match(text, /t: 'x' is not a move number/);
  assert.equal(await page.inputValue('#seed'), '3');
  assert.equal((await frame(page)).view.colors, 4, 'the good parameter C is kept');
  assert.equal(await page.inputValue('#budget'), '4');
  const huge = await site.open('?v=1&game=lines&seed=3&N=1e400');
  assert.match(await messageText(huge), /N: '1e400' is not a whole number/);
  assert.equal(await huge.inputValue('#seed'), '3');
  const big = await site.open('?v=1&game=lines&seed=3&N=99999999999999999999999');
  assert.match(await messageText(big), /N: 99999999999999999999999 is out of range \(7 to 11\)/);
  await screenshot(page, 'keep-bad-link');
  assert.deepEqual(page.errors, []);
});

test('a browser that stores nothing still plays, and says a reload will not keep the game', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=2', {
    beforeLoad: (context) => context.addInitScript(() => {
      Storage.prototype.setItem = () => { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
    }),
  });
  await clickCell(page, 0, 0);
  await clickCell(page, 0, 1);
  assert.equal((await frame(page)).turn, 1);
  await page.evaluate(() => window.arcade.flush());
  assert.match(await page.textContent('#saved-note'), /cannot be kept in this browser/);
  assert.deepEqual(page.errors, []);
});

/** Your games of `game` as the browser's database holds them (packed entries). */
const inDatabase = (page, game) => page.evaluate((id) => new Promise((resolve, reject) => {
  const open = indexedDB.open('arcade');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const get = open.result.transaction('games').objectStore('games').get(id);
    get.onerror = () => reject(get.error);
    get.onsuccess = () => { resolve(get.result?.list ?? null); open.result.close(); };
  };
}), game);

test('Your games live in the browser database; localStorage holds a list only until the database has it', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=5');
  await clickCell(page, 0, 0);
  await clickCell(page, 0, 1);
  const mine = await state(page);
  await page.fill('#seed', '6');
  await page.click('#new-game');
  await page.waitForFunction(() => window.arcade.state().seed === '6');
  // Once the database has committed the list, its journal copy in localStorage is gone.
  await page.waitForFunction(() => localStorage.getItem('arcade:v1:saved:square-remover') === null);
  assert.deepEqual((await inDatabase(page, 'square-remover')).map((e) => [e.seed, e.count]), [['5', 1]]);
  await reload(page);
  const [kept] = await page.evaluate(() => window.arcade.saved());
  assert.equal(kept.seed, '5');
  assert.equal(kept.text, mine.output);
  assert.match(await page.textContent('#saved'), /played by hand · seed 5 · 1 move/);

  // A list still in localStorage (kept before the database was used, or a write the database
  // had not confirmed when the page went) is the newer one: it replaces the database's.
  await page.evaluate(() => localStorage.setItem('arcade:v1:saved:square-remover', JSON.stringify([
    { seed: '9', params: {}, text: '0\n0\n1\n', turn: 1, source: { kind: 'hand' }, count: 1, score: '0', at: 1 },
  ])));
  await reload(page);
  assert.deepEqual((await page.evaluate(() => window.arcade.saved())).map((e) => e.seed), ['9']);
  assert.equal(await page.evaluate(() => localStorage.getItem('arcade:v1:saved:square-remover')), null, 'moved into the database');
  await reload(page);
  assert.deepEqual((await page.evaluate(() => window.arcade.saved())).map((e) => [e.seed, e.text]), [['9', '0\n0\n1\n']]);
  assert.deepEqual(page.errors, []);
});

test('without the database, Your games stay in localStorage, and the page says so', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=5', {
    beforeLoad: (context) => context.addInitScript(() => {
      IDBFactory.prototype.open = () => { throw new DOMException('The user denied permission to access the database.', 'SecurityError'); };
    }),
  });
  assert.match(await page.textContent('#saved-note'), /Your games are kept in this browser's small storage: its database is not available \(The user denied permission/);
  await clickCell(page, 0, 0);
  await clickCell(page, 0, 1);
  await page.fill('#seed', '6');
  await page.click('#new-game');
  await page.waitForFunction(() => window.arcade.state().seed === '6');
  assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('arcade:v1:saved:square-remover'))).length, 1);
  await reload(page);
  assert.deepEqual((await page.evaluate(() => window.arcade.saved())).map((e) => [e.seed, e.count]), [['5', 1]]);
  assert.deepEqual(page.errors, []);
});
