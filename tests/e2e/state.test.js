// The page around one state: moves are stored before the next frame, Back and Forward walk
// the views and games, resizing raises no alarm, both themes, tap targets, one wording of a
// bad output in the player and the batch view, a hostile link, and the small things a person
// notices (short random seeds, a real opening strip, focus after a solve, Your games' names).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, frame, messageText, clickCell, paste, screenshot, golden } from './harness.js';
import { gameIds } from '../../www/games/index.js';
import { deflateRawSync } from 'node:zlib';

let site;
before(async () => { site = await start(); });
after(async () => { await site.close(); });

const ready = (page) => page.waitForSelector('body[data-ready="true"]');
const shown = (page) => page.evaluate(() => window.arcade.state());

test('five quick keyboard moves then an immediate reload keep all five', async () => {
  const page = await site.open('?v=1&game=strip2048&seed=7&n=9');
  await page.focus('#board');
  const before = (await frame(page)).moves;
  for (const key of ['l', 'r', 'l', 'r', 'l']) await page.keyboard.press(key);
  const played = await frame(page);
  assert.equal(played.moves, before + 5, 'five moves were played');
  // No flush, no wait: the reload follows the last key at once.
  await page.reload();
  await ready(page);
  const after = await frame(page);
  assert.deepEqual([after.turn, after.moves], [played.turn, played.moves]);
  assert.equal((await shown(page)).source.kind, 'hand', 'a game played by hand stays "played by hand"');
  assert.deepEqual(page.errors, []);
});

test('Back and Forward walk the player, the batch view and game switches without leaving', async () => {
  const page = await site.open('?v=1&game=lines&seed=3');
  const start = page.url();
  await page.click('#views a[data-view="batch"]');
  await page.waitForSelector('body[data-view="batch"]');
  assert.match(page.url(), /view=batch/);
  await page.goBack();
  await page.waitForSelector('body[data-view="player"]');
  assert.equal((await shown(page)).game, 'lines');
  assert.ok(page.url().startsWith(start.split('?')[0]), `still on the page: ${page.url()}`);
  await page.goForward();
  await page.waitForSelector('body[data-view="batch"]');
  await page.goBack();
  await page.waitForSelector('body[data-view="player"]');
  // A game switch is an entry of its own; the moves of each game come back with it.
  await clickCell(page, 0, 0);
  await page.selectOption('#game', 'square-remover');
  await page.waitForSelector('body[data-game="square-remover"]');
  await clickCell(page, 0, 0);
  await clickCell(page, 0, 1);
  const square = await frame(page);
  await page.goBack();
  await page.waitForSelector('body[data-game="lines"]');
  assert.equal((await shown(page)).seed, '3');
  await page.goForward();
  await page.waitForSelector('body[data-game="square-remover"]');
  const again = await frame(page);
  assert.deepEqual([again.turn, again.moves], [square.turn, square.moves]);
  // Arrowing through the closed game menu passes games by (Strip 2048, then Territory):
  // they share one entry, so Back returns to SquareRemover, not to a game passed by.
  await page.focus('#game');
  await page.keyboard.press('ArrowDown');
  await page.waitForSelector('body[data-game="strip2048"]');
  await page.keyboard.press('ArrowDown');
  await page.waitForSelector('body[data-game="territory"]');
  await page.goBack();
  await page.waitForSelector('body[data-game="square-remover"]');
  await page.goBack();
  await page.waitForSelector('body[data-game="lines"]');
  assert.equal(await messageText(page), '');
  assert.deepEqual(page.errors, []);
});

test('a batch seed opened in the player: Back returns to the batch, where it was scrolled', async () => {
  // A short screen, so that the batch view scrolls.
  const page = await site.open('?view=batch&game=strip2048&seeds=7&solver=greedy&budget=1000', { viewport: { width: 1000, height: 500 } });
  await page.click('#batch-run');
  await page.waitForFunction(() => window.arcadeBatch.runs().at(-1)?.state === 'done', null, { timeout: 30_000 });
  await page.locator('#batch-view button.link').scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => scrollY);
  assert.ok(scrolled > 100, `the batch view is scrolled to ${scrolled}`);
  await page.click('#batch-view button.link');
  await page.waitForSelector('body[data-view="player"]');
  const opened = await shown(page);
  assert.deepEqual([opened.game, opened.seed, opened.source.kind], ['strip2048', '7', 'batch']);
  // The player opens at its top (not at the batch's scroll position) ...
  await page.waitForFunction(() => scrollY === 0);
  await page.goBack();
  await page.waitForSelector('body[data-view="batch"]');
  // ... and Back returns to the batch where it was.
  await page.waitForFunction((y) => Math.abs(scrollY - y) <= 1, scrolled);
  await page.goForward();
  await page.waitForSelector('body[data-view="player"]');
  assert.equal((await shown(page)).moves, opened.moves);
  assert.deepEqual(page.errors, []);
});

test('a message after a button far down the page scrolls into view; Share says "copied" by its button', async () => {
  const page = await site.open('?v=1&game=lines&seed=3', { device: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } });
  await paste(page, '0 0 0 1\nnonsense\n');
  await page.locator('#load-output').scrollIntoViewIfNeeded();
  assert.ok(await page.evaluate(() => document.getElementById('message').getBoundingClientRect().bottom < 0 || document.getElementById('message').hidden));
  await page.tap('#load-output');
  await page.waitForFunction(() => {
    const box = document.getElementById('message');
    const r = box.getBoundingClientRect();
    // Its foot at the screen's foot: the board above it stays in sight.
    return !box.hidden && r.top >= 0 && Math.abs(r.bottom - innerHeight) < 2;
  });
  assert.match(await messageText(page), /move 1 \(line 1\)/);
  await screenshot(page, 'state-message-revealed-390');
  const before = await messageText(page);
  await page.locator('#share').scrollIntoViewIfNeeded();
  await page.tap('#share');
  await page.waitForFunction(() => document.getElementById('share-note').textContent !== '');
  const note = await page.evaluate(() => {
    const r = document.getElementById('share-note').getBoundingClientRect();
    return { text: document.getElementById('share-note').textContent, inView: r.top >= 0 && r.bottom <= innerHeight };
  });
  assert.ok(note.inView, 'the note is beside the button, on screen');
  assert.match(note.text, /^(Copied\.|Copy it from the box below\.)$/);
  assert.equal(await messageText(page), before, 'the message by the board is left as it was');
  // A new game makes the copied link old: the note goes.
  await page.locator('#random-seed').scrollIntoViewIfNeeded();
  await page.tap('#random-seed');
  await page.waitForFunction(() => document.getElementById('share-note').textContent === '');
  assert.deepEqual(page.errors, []);
});

const SWEEP = [[390, 844], [844, 390], [1000, 768], [1366, 768], [1920, 1080], [900, 700], [1000, 700]];

for (const game of gameIds) {
  test(`${game}: a resize sweep raises no message and no page error`, async () => {
    const page = await site.open(`?v=1&game=${game}&seed=3`, { viewport: { width: 1280, height: 900 } });
    for (const [width, height] of SWEEP) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    }
    await page.waitForTimeout(100);
    assert.equal(await messageText(page), '');
    assert.deepEqual(page.errors, []);
  });
}

test('dark mode: the system preference is followed, the switch overrides it and is kept', async () => {
  const page = await site.open('?v=1&game=lines&seed=3', { device: { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' } });
  const colours = () => page.evaluate(() => {
    const css = getComputedStyle(document.body);
    return { theme: document.documentElement.dataset.theme, bg: css.backgroundColor, ink: css.color };
  });
  assert.deepEqual(await colours(), { theme: 'dark', bg: 'rgb(17, 20, 24)', ink: 'rgb(230, 232, 235)' });
  await screenshot(page, 'state-dark-1280');
  // auto -> dark -> light: the choice outlives a reload.
  await page.click('#theme');
  await page.click('#theme');
  assert.equal((await colours()).theme, 'light');
  await page.reload();
  await ready(page);
  assert.deepEqual(await colours(), { theme: 'light', bg: 'rgb(246, 247, 249)', ink: 'rgb(29, 35, 43)' });
  assert.deepEqual(page.errors, []);
});

test('at 390 px every control is a tap target of 24 px or more (44 for fingers)', async () => {
  const page = await site.open('?v=1&game=lines&seed=3', { device: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } });
  const small = await page.evaluate(() => [...document.querySelectorAll('button, select, input, summary, #views a')]
    .filter((el) => el.offsetParent !== null && !el.closest('.file'))
    // A check box or radio button is tapped through its label.
    .map((el) => (el.type === 'checkbox' || el.type === 'radio') && el.closest('label') ? el.closest('label') : el)
    .map((el) => ({ what: el.id || el.textContent.trim().slice(0, 20) || el.tagName, h: el.getBoundingClientRect().height }))
    .filter((c) => c.h < 44));
  assert.deepEqual(small, []);
  assert.deepEqual(page.errors, []);
});

/** An output with a bad move K (0-based) for each game, blank lines included where they count. */
const BAD_OUTPUTS = {
  'square-remover': { text: '0\n0\n1\n0\n0\nx\n', move: 2, line: 4 },
  strip2048: { text: 'l\nr\n\nq\n', move: 3, line: 4 },
  territory: { text: '# hello\n0 0\n\nzz\n', move: 2, line: 4 },
  // Lines: every line is a move, a blank one too.
  lines: { text: '\n0 0 0 1\n', move: 1, line: 1 },
  // TilesMatching: a blank line is a reply of its own.
  'tiles-matching': { text: 'DISCARD\n\nfoo\n', move: 2, line: 2 },
};

test('a bad output is worded the same in the player and the batch view, blank lines counted as each game counts them', async () => {
  assert.deepEqual(Object.keys(BAD_OUTPUTS).sort(), [...gameIds].sort(), 'every game has its case');
  const page = await site.open('?v=1&game=lines&seed=1');
  for (const [game, bad] of Object.entries(BAD_OUTPUTS)) {
    await page.selectOption('#game', game);
    await page.waitForSelector(`body[data-game="${game}"]`);
    await page.fill('#seed', '1');
    await page.click('#new-game');
    await paste(page, bad.text);
    await page.click('#load-output');
    const said = await messageText(page);
    const where = `move ${bad.move} (line ${bad.line}): `;
    assert.ok(said.includes(where), `${game}: the player says '${said}', not '${where}'`);
    const reason = said.slice(said.indexOf(where) + where.length).replace(/\. The official tester.*$/, '');
    // The moves on the lines before an unreadable step can still be replayed (Strip 2048's
    // l and r before the line with q).
    const action = await page.evaluate(() => document.querySelector('#message-actions button')?.textContent ?? '');
    if (game === 'strip2048') assert.equal(action, 'Replay its 2 valid moves');
    // The batch view scores the same text as a file named for seed 1.
    await page.click('#views a[data-view="batch"]');
    await page.waitForSelector('body[data-view="batch"]');
    await page.selectOption('#batch-game', game);
    await page.check('#batch-source-files');
    await page.setInputFiles('#batch-files', { name: '1.txt', mimeType: 'text/plain', buffer: Buffer.from(bad.text) });
    await page.click('#batch-run');
    await page.waitForFunction(() => window.arcadeBatch.runs().at(-1)?.state === 'done', null, { timeout: 30_000 });
    const row = (await page.evaluate(() => window.arcadeBatch.runs().at(-1).rows[0]));
    assert.equal(row.error, `invalid output: ${where}${reason}`, game);
    await page.click('#views a[data-view="player"]');
    await page.waitForSelector('body[data-view="player"]');
  }
  assert.deepEqual(page.errors, []);
});

test('a link whose moves inflate past 4 MB is refused with a message; the page stays small', async () => {
  const huge = deflateRawSync(Buffer.from('l\n'.repeat(50 * 1024 * 1024)), { level: 9 });
  const moves = huge.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const page = await site.open(`?v=1&game=strip2048&seed=7#moves=${moves}`);
  assert.match(await messageText(page), /moves: the moves would be more than 4 MB of text.*not loaded/);
  assert.equal((await frame(page)).moves, 0);
  const heap = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? 0);
  assert.ok(heap < 64 * 1024 * 1024, `heap ${(heap / 1e6).toFixed(0)} MB`);
  assert.deepEqual(page.errors, []);
});

test('Random gives a short seed; Strip 2048 opens on a real strip', async () => {
  const page = await site.open('');
  await page.selectOption('#game', 'strip2048');
  await page.waitForSelector('body[data-game="strip2048"]');
  assert.ok((await frame(page)).view.n >= 6, 'the opening strip has room to play');
  await page.click('#random-seed');
  assert.match(await page.inputValue('#seed'), /^\d{1,7}$/);
  assert.deepEqual(page.errors, []);
});

test('after a solve, focus is on "Back to my game"; Your games names each entry', async () => {
  const page = await site.open('?v=1&game=square-remover&seed=2&budget=1000&solver=greedy');
  await clickCell(page, 0, 0);
  await clickCell(page, 0, 1);
  await page.click('#solve');
  await page.waitForFunction(() => /score [\d,]+ in/.test(document.getElementById('solve-status').textContent), null, { timeout: 20_000 });
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Back to my game');
  const kept = await page.textContent('#saved');
  assert.match(kept, /played by hand · seed 2 · 1 move/);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.arcade.frame().moves === 1);
  assert.match(await page.textContent('#saved'), /greedy solver, 1 s · seed 2/);
  // The kept game is shown and said; focus goes to the board, not to the page.
  assert.match(await page.textContent('#message-text'), /^Your kept game of seed 2 is shown \(1 move\); the game you had is kept under Your games\.$/);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'board');
  assert.deepEqual(page.errors, []);
});

test('while a replay plays, the seed and budget boxes keep what is typed in them', async () => {
  const page = await site.open('?v=1&game=lines&seed=3&budget=1000');
  await page.fill('#output', golden('lines', 'seed3-first.out'));
  await page.click('#load-output');
  await page.waitForFunction(() => window.arcade.frame().moves > 0);
  await page.click('#first');
  await page.click('#play');
  await page.fill('#budget', '7');
  await page.fill('#seed', '8');
  const turn = (await frame(page)).turn;
  // A replay renders every frame; before the fix each frame wrote the state's values back.
  await page.waitForFunction((t) => window.arcade.frame().turn > t + 2, turn);
  assert.equal(await page.inputValue('#seed'), '8');
  assert.equal(await page.inputValue('#budget'), '7');
  await page.focus('#budget');
  await page.keyboard.press('Tab'); // the budget is taken when the box is left
  assert.equal((await shown(page)).budgetMs, 7000);
  await page.focus('#seed');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => String(window.arcade.state().seed) === '8');
  // A refused budget shows the kept one again.
  await page.fill('#budget', '0');
  await page.focus('#budget');
  await page.keyboard.press('Tab');
  assert.match(await messageText(page), /it stays 7 s/);
  assert.equal(await page.inputValue('#budget'), '7');
  assert.deepEqual(page.errors, []);
});

test('Solve pressed from the keyboard leaves focus on Cancel; Show in Your games brings the board back into sight on a phone', async () => {
  let page = await site.open('?v=1&game=square-remover&seed=2&budget=1000&solver=beam');
  await page.focus('#solve');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'cancel');
  await page.keyboard.press('Enter'); // cancels
  await page.waitForFunction(() => !document.getElementById('solve').disabled);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'solve');
  await page.context().close();
  page = await site.open('?v=1&game=lines&seed=3', { device: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } });
  await page.fill('#output', golden('lines', 'seed3-first.out'));
  await page.click('#load-output');
  await page.waitForFunction(() => window.arcade.frame().moves > 0);
  await page.fill('#seed', '8');
  await page.click('#new-game');
  await page.locator('#saved button:text("Show")').first().scrollIntoViewIfNeeded();
  assert.ok(await page.evaluate(() => scrollY) > 500, 'the list is far down the page');
  await page.locator('#saved button:text("Show")').first().tap();
  await page.waitForFunction(() => /^Your kept game of seed/.test(document.getElementById('message-text').textContent));
  const board = await page.evaluate(() => { const r = document.getElementById('board').getBoundingClientRect(); return { top: r.top, bottom: r.bottom, h: innerHeight }; });
  assert.ok(board.bottom > 0.5 * board.h || board.top >= 0, `the board is at ${board.top}..${board.bottom} of ${board.h}`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a file dropped on the player loads as an upload; a number ending its name is the seed', async () => {
  const page = await site.open('?v=1&game=lines&seed=3');
  const drop = (name, text) => page.evaluate(([n, t]) => {
    const data = new DataTransfer();
    data.items.add(new File([t], n, { type: 'text/plain' }));
    document.getElementById('board').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, [name, text]);
  await drop('run_0005.txt', golden('lines', 'seed5-greedy.out'));
  await page.waitForFunction(() => window.arcade.frame().moves === 1000);
  assert.equal((await shown(page)).seed, '5');
  assert.match(await messageText(page), /^The file run_0005\.txt \(seed 5, from the file's name\): score [\d,]+ after 1,000 moves/);
  const dropped = (await frame(page)).score;
  // The same text pasted on seed 5 scores the same.
  await paste(page, golden('lines', 'seed5-greedy.out'));
  await page.click('#load-output');
  assert.equal((await frame(page)).score, dropped);
  // A name without a number: the shown seed, said so.
  await drop('mine.txt', golden('lines', 'seed5-greedy.out'));
  await page.waitForFunction(() => /mine\.txt/.test(document.getElementById('message-text').textContent));
  assert.match(await messageText(page), /on the shown seed 5: the file's name ends in no seed number/);
  assert.equal((await shown(page)).source.name, 'mine.txt');
  assert.deepEqual(page.errors, []);
});

test('a batch or compare link shows its own view from the first frame, never the player first', async () => {
  // Every frame until the page is ready: the view the body shows and the tab marked current.
  const probe = () => {
    window.viewsSeen = [];
    const look = () => {
      const seen = `${document.body?.dataset.view ?? '-'}/${document.querySelector('#views a[aria-current]')?.dataset.view ?? '-'}`;
      if (window.viewsSeen.at(-1) !== seen) window.viewsSeen.push(seen);
      if (document.body?.dataset.ready !== 'true') requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  };
  for (const view of ['batch', 'compare']) {
    const page = await site.open(`?v=1&view=${view}&game=lines&seed=1`, { beforeLoad: (context) => context.addInitScript(probe) });
    const seen = await page.evaluate(() => window.viewsSeen);
    assert.ok(seen.every((s) => !s.includes('player')), `${view}: frames showed ${seen.join(', ')}`);
    assert.equal(seen.at(-1), `${view}/${view}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
