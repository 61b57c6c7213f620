// Pictures (issue #28, item 4): Save image gives a PNG of the shown move at 2x or more with
// its caption, for every game; Save animation gives a WebM (MediaRecorder) or a GIF (forced
// here too), stops at Cancel and at the size limit; the dialog at phone and desktop sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { start, golden, messageText, screenshot, shots, clickCell } from './harness.js';

let site;
before(async () => { site = await start(); });
after(async () => { await site.close(); });

// A game of each, from the golden outputs in tests/data (see their READMEs).
const GAMES = [
  ['square-remover', 3, '3-patterned.out'],
  ['strip2048', 7, 'seed7-exact.out'],
  ['territory', 3, 'seed3-judge.out'],
  ['tiles-matching', 1, 'seed1-greedy.out'],
  ['lines', 1, 'seed1-greedy.out'],
];

async function openGame(game, seed, file, options) {
  const page = await site.open(`?v=1&game=${game}&seed=${seed}`, options);
  await page.locator('#output').evaluate((box, value) => {
    box.value = value;
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }, golden(game, file));
  await page.click('#load-output');
  await page.waitForFunction(() => window.arcade.frame().moves > 5);
  return page;
}

/** Clicks `selector` and returns the download's name and bytes. */
async function downloaded(page, selector) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

/** Width and height from a PNG's IHDR, after its signature. */
function pngSize(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
  assert.equal(bytes.toString('latin1', 12, 16), 'IHDR');
  return { w: bytes.readUInt32BE(16), h: bytes.readUInt32BE(20) };
}

test('Save image: for every game a PNG that decodes, at least twice the board\'s CSS size', async () => {
  for (const [game, seed, file] of GAMES) {
    const page = await openGame(game, seed, file);
    await page.evaluate(() => { const s = document.getElementById('slider'); s.value = 3; s.dispatchEvent(new Event('input')); });
    const board = await page.locator('#board').boundingBox();
    const { name, bytes } = await downloaded(page, '#save-image');
    assert.equal(name, `${game}-${seed}-move-3.png`);
    const size = pngSize(bytes);
    assert.ok(size.w >= 2 * board.width && size.h >= 2 * board.height, `${game}: ${size.w}x${size.h} for a ${board.width}x${board.height} board`);
    // The browser decodes it to the same size.
    const decoded = await page.evaluate(async (b64) => {
      const blob = new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' });
      const image = await createImageBitmap(blob);
      return { w: image.width, h: image.height };
    }, bytes.toString('base64'));
    assert.deepEqual(decoded, size);
    assert.match(await messageText(page), new RegExp(`^Saved ${name} \\(${size.w}x${size.h} px`));
    // The player still shows the move it showed.
    assert.equal((await page.evaluate(() => window.arcade.frame())).turn, 3);
    assert.deepEqual(page.errors, [], game);
    // The picture itself, to look at.
    writeFileSync(join(shots, `pictures-image-${game}.png`), bytes);
    await page.context().close();
  }
});

test('Save image shows the game, not the page\'s pick: a Lines picture with a ball picked is the same file', async () => {
  const page = await openGame('lines', 1, 'seed1-greedy.out');
  await page.evaluate(() => { const s = document.getElementById('slider'); s.value = 3; s.dispatchEvent(new Event('input')); });
  const plain = await downloaded(page, '#save-image');
  const { grid, n } = (await page.evaluate(() => window.arcade.frame())).view;
  const ball = grid.findIndex((v) => v > 0);
  await clickCell(page, Math.floor(ball / n), ball % n);
  assert.deepEqual((await page.evaluate(() => window.arcade.geometry())).selected, [Math.floor(ball / n), ball % n]);
  const picked = await downloaded(page, '#save-image');
  assert.ok(plain.bytes.equals(picked.bytes), 'the picked ball and its reachable cells are not in the picture');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** Opens the animation dialog and fills it in. */
async function animate(page, { from, to, fps = '25', format, limit }) {
  await page.click('#save-animation');
  await page.waitForSelector('#animation-dialog[open]');
  await page.fill('#anim-from', String(from));
  await page.fill('#anim-to', String(to));
  await page.selectOption('#anim-fps', fps);
  if (format) await page.selectOption('#anim-format', format);
  if (limit) await page.selectOption('#anim-limit', limit);
}

test('Save animation: a WebM where MediaRecorder records one, a GIF when chosen, each of its type', async () => {
  const page = await openGame('lines', 5, 'seed5-greedy.out');
  const webm = await page.evaluate(() => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported('video/webm'));
  assert.ok(webm, 'this Chromium records WebM');
  await animate(page, { from: 2, to: 8 });
  assert.match(await page.inputValue('#anim-format'), /^video\/webm/);
  let file = await downloaded(page, '#anim-start');
  assert.equal(file.name, 'lines-5-moves-2-8.webm');
  assert.deepEqual([...file.bytes.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'EBML (WebM) header');
  assert.ok(file.bytes.includes(Buffer.from('webm')), 'doc type webm');
  assert.match(await page.textContent('#anim-status'), /^Saved lines-5-moves-2-8\.webm \(7 frames/);

  await page.selectOption('#anim-format', 'gif');
  file = await downloaded(page, '#anim-start');
  writeFileSync(join(shots, 'pictures-animation-lines.gif'), file.bytes);
  assert.equal(file.name, 'lines-5-moves-2-8.gif');
  assert.equal(file.bytes.toString('latin1', 0, 6), 'GIF89a');
  assert.equal(file.bytes.at(-1), 0x3b, 'GIF trailer');
  // One image descriptor per frame (gifenc writes a graphic control extension before each).
  const frames = file.bytes.toString('latin1').split('\x21\xf9\x04').length - 1;
  assert.equal(frames, 7);
  assert.match(await page.textContent('#anim-status'), /^Saved lines-5-moves-2-8\.gif \(7 frames/);
  // The player's shown move did not move.
  assert.equal((await page.evaluate(() => window.arcade.frame())).turn, 1000);
  assert.deepEqual(page.errors, []);
});

test('Save animation: where the browser has no MediaRecorder, GIF is the one format', async () => {
  const page = await openGame('strip2048', 7, 'seed7-exact.out', {
    beforeLoad: (context) => context.addInitScript(() => { delete window.MediaRecorder; }),
  });
  await animate(page, { from: 0, to: 4 });
  assert.deepEqual(await page.$$eval('#anim-format option', (os) => os.map((o) => o.value)), ['gif']);
  // Keys typed in the dialog are the dialog's: L does not slide the strip behind it.
  const moves = await page.evaluate(() => window.arcade.frame().moves);
  await page.focus('#anim-start');
  await page.keyboard.press('l');
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await page.evaluate(() => [window.arcade.frame().moves, window.arcade.frame().turn]), [moves, moves]);
  const file = await downloaded(page, '#anim-start');
  writeFileSync(join(shots, 'pictures-animation-strip2048.gif'), file.bytes);
  assert.equal(file.bytes.toString('latin1', 0, 6), 'GIF89a');
  assert.deepEqual(page.errors, []);
});

test('Save animation: Cancel stops at once and saves nothing; the size limit stops with a message; a bad range is named', async () => {
  const page = await openGame('lines', 5, 'seed5-greedy.out');
  let downloads = 0;
  page.on('download', () => downloads++);
  await animate(page, { from: 0, to: 900, fps: '2' });
  await page.fill('#anim-to', '0');
  await page.click('#anim-start');
  assert.match(await page.textContent('#anim-status'), /^Choose moves from 0 to 1,000, the first before the last \(now 0 to 0\)/);

  await page.fill('#anim-to', '900');
  await page.click('#anim-start');
  await page.waitForFunction(() => /^Frame [1-9]/.test(document.getElementById('anim-status').textContent));
  assert.equal(await page.textContent('#anim-close'), 'Cancel');
  await page.click('#anim-close');
  assert.equal(await page.textContent('#anim-status'), 'Cancelled; nothing was saved.');
  assert.equal(await page.textContent('#anim-close'), 'Close');

  // The GIF path stops at the size limit (5 MB: 900 frames of a 1280-wide board pass it).
  await page.selectOption('#anim-format', 'gif');
  await page.selectOption('#anim-fps', '25');
  await page.selectOption('#anim-limit', '5');
  await page.click('#anim-start');
  await page.waitForFunction(() => /^(Stopped|Saved|Save animation failed)/.test(document.getElementById('anim-status').textContent), null, { timeout: 120_000 });
  assert.match(await page.textContent('#anim-status'), /^Stopped: the file passed the size limit of 5\.0 MB at move \d+\. Choose fewer moves/);
  await page.keyboard.press('Escape');
  assert.equal(await page.$('#animation-dialog[open]'), null);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(downloads, 0);
  assert.deepEqual(page.errors, []);
});

test('the pictures\' buttons and dialog at a phone, upright and sideways, and a desktop, light and dark (screenshots)', async () => {
  for (const [name, options] of [
    ['390', { viewport: { width: 390, height: 844 }, touch: true }],
    ['1366', { viewport: { width: 1366, height: 900 } }],
    ['844x390', { viewport: { width: 844, height: 390 }, touch: true }],
  ]) {
    for (const theme of name === '844x390' ? ['light'] : ['light', 'dark']) {
      const page = await openGame('territory', 3, 'seed3-judge.out', options);
      await page.emulateMedia({ colorScheme: theme });
      await page.locator('#save-image').scrollIntoViewIfNeeded();
      if (options.touch) {
        for (const id of ['#save-image', '#save-animation']) {
          const box = await page.locator(id).boundingBox();
          assert.ok(box.height >= 44, `${id} is ${box.height} px high on a touch screen`);
        }
      }
      await screenshot(page, `pictures-buttons-${name}-${theme}`);
      // The picture takes the theme's colours.
      const picture = await downloaded(page, '#save-image');
      writeFileSync(join(shots, `pictures-image-territory-${name}-${theme}.png`), picture.bytes);
      await animate(page, { from: 0, to: 90, fps: '2' });
      await page.click('#anim-start');
      await page.waitForFunction(() => /^Frame [3-9]/.test(document.getElementById('anim-status').textContent));
      await screenshot(page, `pictures-dialog-${name}-${theme}`);
      await page.click('#anim-close');
      // Keyboard: the dialog's controls are reached with Tab, Esc closes it.
      await page.focus('#anim-from');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'anim-to');
      await page.keyboard.press('Escape');
      assert.equal(await page.$('#animation-dialog[open]'), null);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  }
});
