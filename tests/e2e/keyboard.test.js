// Every game played with the keyboard alone: Tab to the board, arrows move a visible cursor,
// Enter acts; Space and Enter on a focused button press that button; every control is in
// the Tab order; changes are announced once they settle; the board can be read as text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, frame, screenshot, clickCell } from './harness.js';
import { gameIds } from '../../www/games/index.js';

let site;
before(async () => { site = await start(); });
after(async () => { await site.close(); });

/** Presses Tab until `selector` has the focus (at most `limit` times); the presses used. */
async function tabTo(page, selector, limit = 60) {
  for (let i = 1; i <= limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return i;
  }
  throw new Error(`${selector} is not in the Tab order`);
}

/** Moves the board cursor from wherever it is to (r, c) with the arrow keys. */
async function cursorTo(page, r, c) {
  // Far up-left first (each Shift+arrow moves 5), then exactly.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Shift+ArrowUp');
    await page.keyboard.press('Shift+ArrowLeft');
  }
  for (let i = 0; i < r; i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < c; i++) await page.keyboard.press('ArrowRight');
}

async function boardFocused(page) {
  await page.evaluate(() => document.activeElement?.blur());
  await tabTo(page, '#board');
  // The first Enter shows the cursor at its cell.
  await page.keyboard.press('Enter');
}

/** Each game played by keyboard alone: what it does, and what the frame must show. */
const GAMES = {
  'square-remover': {
    what: 'pick with Enter, swap with Enter on a neighbour; Esc drops a pick',
    async run(page) {
      await boardFocused(page);
      await cursorTo(page, 2, 2);
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      const f = await frame(page);
      assert.equal(f.turn, 1);
      assert.deepEqual(f.view.last_move, [2, 2, 2]);
      await screenshot(page, 'keyboard-square-remover');
      // The move is announced once it settles; the cursor's cells are announced after it.
      await page.waitForFunction(() => /^Move 1, score/.test(document.getElementById('announce').textContent));
      // Arrows on the focused board move the cursor, never the replay.
      await page.keyboard.press('ArrowLeft');
      assert.equal((await frame(page)).turn, 1);
      assert.match(await page.textContent('#announce'), /\(3, 1\) colour \d/);
      // Esc drops a pick: Enter on a cell that is not a neighbour then swaps nothing.
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowLeft');
      assert.match(await page.textContent('#announce'), /\(3, 0\) colour \d$/);
      await page.keyboard.press('ArrowRight');
      assert.match(await page.textContent('#announce'), /\(3, 1\) colour \d · picked/);
      await page.keyboard.press('Escape');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Shift+ArrowRight');
      assert.match(await page.textContent('#announce'), /^\(3, 5\)/, 'Shift moves five cells');
      await page.keyboard.press('Enter');
      assert.equal((await frame(page)).turn, 1, 'the first pick was dropped: no swap');
    },
  },
  lines: {
    what: 'pick a ball, send it to a reachable cell',
    async run(page) {
      const f = await frame(page);
      const n = f.view.n;
      const k = f.view.grid.findIndex((x) => x > 0);
      const target = f.view.regions.findIndex((id, m) => id > 0 && m !== k);
      await boardFocused(page);
      await cursorTo(page, Math.floor(k / n), k % n);
      await page.keyboard.press('Enter');
      assert.deepEqual((await page.evaluate(() => window.arcade.geometry())).selected, [Math.floor(k / n), k % n]);
      await cursorTo(page, Math.floor(target / n), target % n);
      // The cursor on a reachable cell shows the way there, as the pointer does.
      assert.ok((await page.evaluate(() => window.arcade.geometry())).preview?.length >= 2, 'the way to the cursor is shown');
      await page.keyboard.press('Enter');
      const g = await frame(page);
      assert.equal(g.turn, 1);
      assert.deepEqual(g.view.last_move, [Math.floor(k / n), k % n, Math.floor(target / n), target % n]);
    },
  },
  territory: {
    what: 'Enter moves to the cursor, S stays',
    async run(page) {
      const f = await frame(page);
      const [x, y] = f.view.legal[f.view.legal.length - 1];
      await boardFocused(page);
      await cursorTo(page, x, y);
      await page.keyboard.press('Enter');
      assert.deepEqual((await frame(page)).view.targets[0], [x, y]);
      await page.keyboard.press('s');
      const g = await frame(page);
      assert.equal(g.turn, 2);
      assert.deepEqual(g.view.targets[0], g.view.from[0], 'S targets the piece\'s own cell');
    },
  },
  'tiles-matching': {
    what: 'Enter places the tile at the cursor, D discards',
    async run(page) {
      const f = await frame(page);
      const [r, c] = f.view.legal[0];
      await boardFocused(page);
      await cursorTo(page, r, c);
      await page.keyboard.press('Enter');
      assert.equal((await frame(page)).turn, 1);
      await page.keyboard.press('d');
      const g = await frame(page);
      assert.equal(g.turn, 2);
      assert.equal(g.view.counter, 1);
    },
  },
  strip2048: {
    what: 'L and R play, arrows step the replay',
    async run(page) {
      await boardFocused(page);
      for (let i = 0; i < 4; i++) {
        const v = (await frame(page)).view;
        await page.keyboard.press(v.can_left ? 'l' : 'r');
      }
      assert.equal((await frame(page)).turn, 4);
      await page.keyboard.press('ArrowLeft');
      assert.deepEqual([(await frame(page)).turn, (await frame(page)).moves], [3, 4]);
    },
  },
};

test('every game of the registry has its keyboard case', () => {
  assert.deepEqual(Object.keys(GAMES).sort(), [...gameIds].sort());
});

for (const [game, spec] of Object.entries(GAMES)) {
  test(`${game} by keyboard: ${spec.what}`, async () => {
    const page = await site.open(`?v=1&game=${game}&seed=3`);
    await spec.run(page);
    assert.deepEqual(page.errors, []);
  });
}

test('Space and Enter press a focused button; Upload and every control are in the Tab order', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=3');
  await page.focus('#share');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.getElementById('share-link').value !== '');
  assert.equal(await page.evaluate(() => document.getElementById('play').getAttribute('aria-label')), 'play', 'Space did not start the replay');
  await page.evaluate(() => document.activeElement?.blur());
  await tabTo(page, '#upload');
  await page.evaluate(() => document.activeElement?.blur());
  await tabTo(page, '#solve');
  await page.evaluate(() => document.activeElement?.blur());
  await tabTo(page, '#about summary');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.getElementById('about').open), true);
  assert.match(await page.textContent('#about-body'), /Topcoder/);
  assert.equal(await page.getAttribute('#about-body a', 'href'), 'https://community.topcoder.com/longcontest/?module=ViewProblemStatement&rd=15938&pm=13132');
  await screenshot(page, 'keyboard-about');
  assert.deepEqual(page.errors, []);
});

test('the move and score are announced once they settle; the board reads as text', async () => {
  const page = await site.open('?v=1&game=lines&seed=3');
  await page.waitForFunction(() => /Move 0, score 0\./.test(document.getElementById('announce').textContent));
  await page.click('#board-text summary');
  // The details' `toggle` event, which fills the text, comes after the click returns.
  await page.waitForFunction(() => document.getElementById('board-text-body').textContent.trim() !== '');
  const text = await page.textContent('#board-text-body');
  const f = await frame(page);
  assert.match(text, new RegExp(`${f.view.n}x${f.view.n} board, ${f.view.colors} colours`));
  assert.equal(text.trim().split('\n').length, 1 + f.view.n);
  // A solve's status is not a live region updated every 100 ms.
  assert.equal(await page.getAttribute('#solve-status', 'aria-live'), null);
  assert.deepEqual(page.errors, []);
});

/** The id (or tag) of the focused element. */
const focused = (page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);

test('focus never falls to the page: a refused paste, a message closed, give up, Your games, the batch, the compare view', async () => {
  // A paste refused while the button is far below the board: focus follows the message to
  // its action; taking the action hands the board the focus.
  let page = await site.open('?v=1&game=square-remover&seed=2', { viewport: { width: 1366, height: 768 } });
  await page.fill('#output', '0\n0\n1\n0\n0\n'); // one move, then a cut one
  await page.focus('#load-output');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.getElementById('message').hidden);
  assert.match(await page.textContent('#message-text'), /move 2 \(line 4\): the output ends in the middle of a move/);
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Replay its 1 valid move');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.arcade.frame().moves === 1);
  assert.equal(await focused(page), 'board');
  // A message's ×.
  await page.keyboard.press('Control+z');
  await page.fill('#budget', '0');
  await page.focus('#budget');
  await page.keyboard.press('Tab');
  await page.focus('#message-close');
  await page.keyboard.press('Enter');
  assert.equal(await focused(page), 'board');
  // Your games: ✕ hands the focus to the next entry's ✕.
  await page.keyboard.press('Control+y');
  for (const seed of ['3', '4']) {
    await page.fill('#seed', seed);
    await page.click('#new-game');
    await clickCell(page, 0, 0);
    await clickCell(page, 0, 1);
  }
  await page.fill('#seed', '5');
  await page.click('#new-game');
  const forget = '#saved li:first-child button:last-child';
  assert.equal(await page.locator('#saved li').count(), 3);
  await page.focus(forget);
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('#saved li').count(), 2);
  assert.equal(await page.evaluate(() => document.activeElement.title), 'forget this game');
  assert.deepEqual(page.errors, []);
  await page.context().close();

  // TilesMatching's Give up…: the question's safe answer, then back; giving up: the board.
  page = await site.open('?v=1&game=tiles-matching&seed=1');
  await page.focus('#tiles-give-up');
  await page.keyboard.press('Enter');
  assert.equal(await focused(page), 'tiles-give-up-no');
  await page.keyboard.press('Enter');
  assert.equal(await focused(page), 'tiles-give-up');
  await page.keyboard.press('Enter');
  await page.focus('#tiles-give-up-yes');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.arcade.frame().over);
  assert.equal(await focused(page), 'board');
  await page.context().close();

  // The batch: Run hands the focus to Cancel and takes it back; a seed opened: the board.
  page = await site.open('?view=batch&game=strip2048&seeds=7..8&solver=greedy&budget=1000');
  await page.focus('#batch-run');
  await page.keyboard.press('Enter');
  assert.equal(await focused(page), 'batch-cancel');
  await page.waitForFunction(() => window.arcadeBatch.runs().at(-1)?.state === 'done', null, { timeout: 30_000 });
  assert.equal(await focused(page), 'batch-run');
  await page.focus('#batch-results tbody button.link');
  await page.keyboard.press('Enter');
  await page.waitForSelector('body[data-view="player"]');
  assert.equal(await focused(page), 'board');

  await page.context().close();

  // The compare view: a side's Solve becomes its Cancel and keeps the focus; when the pair
  // is complete the chooser closes and Play takes the focus.
  page = await site.open('?v=1&game=square-remover&seed=2&budget=5000');
  await clickCell(page, 0, 0);
  await clickCell(page, 0, 1);
  await page.click('#views a[data-view="compare"]');
  await page.waitForFunction(() => window.arcadeCompare?.inspect().frames[0]);
  await page.selectOption('#compare-solver-b', 'beam'); // uses its whole 5 s
  const solveB = '#compare-solver-b + button';
  await page.focus(solveB);
  await page.keyboard.press('Enter');
  assert.equal(await page.textContent(solveB), 'Cancel');
  assert.equal(await page.evaluate((s) => document.activeElement === document.querySelector(s), solveB), true);
  await page.keyboard.press('Enter');
  assert.equal(await page.textContent(solveB), 'Solve');
  assert.match(await page.textContent('#compare-message'), /The solve for B was cancelled/);
  await page.selectOption('#compare-solver-b', 'greedy');
  await page.focus(solveB);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.getElementById('compare-inputs').open, null, { timeout: 20_000 });
  assert.equal(await focused(page), 'compare-play');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
