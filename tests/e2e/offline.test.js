// Offline and installable (issue #28, item 5): after a first visit the service worker (sw.js)
// holds the build, so with the network cut a reload still plays, solves, opens the batch view
// and saves a picture; a new deployment (a new version in www/pkg/precache.js) replaces the
// cache; the manifest is linked and what it names is served.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start, root, screenshot } from './harness.js';
import { serve } from '../../scripts/serve.mjs';
import { writePrecache } from '../../scripts/precache.mjs';

let site;
before(async () => { site = await start(); });
after(async () => { await site.close(); });

/** Waits until the page's service worker is active (its install filled the cache); the cache names. */
async function offlineReady(page) {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    return (await caches.keys()).filter((k) => k.startsWith('arcade-'));
  });
}

async function reload(page) {
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
}

test('with the network cut after a first visit, a reload plays a move, solves, opens the batch view and saves a picture', async () => {
  const page = await site.open('?v=1&game=strip2048&seed=7');
  const caches = await offlineReady(page);
  assert.equal(caches.length, 1);
  await page.context().setOffline(true);
  await reload(page);
  assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'the page is served by the worker');
  assert.equal(await page.evaluate(() => navigator.onLine), false);
  await page.click('#strip-left');
  assert.equal(await page.evaluate(() => window.arcade.frame().moves), 1);
  await screenshot(page, 'offline-player-1280-light');
  await page.fill('#budget', '1');
  await page.click('#solve');
  await page.waitForFunction(() => !/^running/.test(document.getElementById('solve-status').textContent), null, { timeout: 20_000 });
  assert.match(await page.textContent('#solve-status'), /score [\d,]+ in/);
  // The lazily loaded parts come from the cache too.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-image')]);
  assert.match(download.suggestedFilename(), /^strip2048-7-move-\d+\.png$/);
  await page.click('#views a[data-view="batch"]');
  await page.waitForSelector('#batch-view:not([hidden]) button');
  await screenshot(page, 'offline-batch');
  assert.deepEqual(page.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e)), []);
  await page.context().close();
});

test('offline on a phone in the dark theme: the board plays by touch (screenshot)', async () => {
  const page = await site.open('?v=1&game=strip2048&seed=7', { device: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'dark' } });
  await offlineReady(page);
  await page.context().setOffline(true);
  await reload(page);
  assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller));
  await page.tap('#strip-right');
  assert.equal(await page.evaluate(() => window.arcade.frame().moves), 1);
  await screenshot(page, 'offline-player-390-dark');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the manifest is linked, and it and its icons are served', async () => {
  const page = await site.open();
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector('link[rel="manifest"]').href;
    const m = await (await fetch(href)).json();
    const icons = await Promise.all(m.icons.map(async (i) => (await fetch(new URL(i.src, href))).status));
    return { ...m, start: new URL(m.start_url, href).href, icons: icons };
  });
  assert.equal(manifest.name, 'Marathon Arcade');
  assert.equal(manifest.display, 'standalone');
  assert.equal(manifest.start, site.base);
  assert.deepEqual(manifest.icons, [200, 200, 200]);
  await page.context().close();
});

test('a new deployment replaces the cache: the new build is what opens offline', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'arcade-deploy-'));
  for (const f of ['index.html', 'sw.js', 'www']) cpSync(join(root, f), join(dir, f), { recursive: true });
  const violations = [];
  const server = await serve(0, { root: dir, onViolation: (v) => violations.push(v) });
  const base = `http://127.0.0.1:${server.address().port}/`;
  const context = await site.browser.newContext();
  try {
    const first = writePrecache(dir);
    const page = await context.newPage();
    await page.goto(`${base}?v=1&game=lines&seed=1`);
    await page.waitForSelector('body[data-ready="true"]');
    assert.deepEqual(await offlineReady(page), [`arcade-${first.version}`]);

    // Opened from the cache (no network), a page takes every file from the cache, even once
    // the network is back and the server has a new deployment: one build, never a mix.
    await context.setOffline(true);
    await reload(page);
    // A new deployment: one page file changes, and with it the version.
    appendFileSync(join(dir, 'www', 'words.js'), '// deployment 2\n');
    const second = writePrecache(dir);
    assert.notEqual(second.version, first.version);
    await context.setOffline(false);
    const seen = () => page.evaluate(async () => (await fetch('www/words.js')).text());
    assert.doesNotMatch(await seen(), /deployment 2/);

    await reload(page); // online: the navigation makes the browser check sw.js and what it imports
    assert.match(await seen(), /deployment 2\n$/, 'online, the page gets what is deployed');
    // The new worker installs (a new cache) and activates (the old cache deleted).
    const names = () => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('arcade-')));
    for (let i = 0; i < 100 && (await names()).join() !== `arcade-${second.version}`; i++) await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(await names(), [`arcade-${second.version}`]);

    await context.setOffline(true);
    await reload(page);
    const words = await page.evaluate(async () => (await fetch('www/words.js')).text());
    assert.match(words, /deployment 2\n$/);
    await page.click('#new-game');
    assert.equal(await page.evaluate(() => window.arcade.state().game), 'lines');
    assert.deepEqual(violations, []);
  } finally {
    await context.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
