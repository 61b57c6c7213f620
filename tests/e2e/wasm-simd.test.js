// The build's two wasm modules (scripts/build-web.sh): www/pkg/arcade_simd_bg.wasm, built with
// WebAssembly SIMD, where a SIMD probe validates (www/wasm-file.js), and www/pkg/arcade_bg.wasm
// elsewhere. The page compiles the chosen one once and hands it to its workers; the offline
// copy (sw.js) keeps only that one. Chromium has SIMD; a browser without it is played by
// making the probe fail (WebAssembly.validate says no before the page's scripts run).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, frame } from './harness.js';

let site;
before(async () => { site = await start(); });
after(async () => { await site.close(); });

/** Opens SquareRemover seed 4, noting the page's (not the service worker's) wasm requests. */
async function open(beforeLoad = async () => {}) {
  const fetched = [];
  const page = await site.open('?v=1&game=square-remover&seed=4', {
    beforeLoad: async (context) => {
      context.on('request', (r) => r.url().endsWith('.wasm') && !r.serviceWorker() && fetched.push(new URL(r.url()).pathname));
      await beforeLoad(context);
    },
  });
  return { page, fetched };
}

/** The beam solves the whole game in the page's worker (1 s) and the result is shown. */
async function solve(page) {
  await page.fill('#budget', '1');
  await page.click('#solve');
  await page.waitForFunction(() => /score [\d,]+ in/.test(document.getElementById('solve-status').textContent), null, { timeout: 15_000 });
  const f = await frame(page);
  assert.equal(f.moves, 10000);
  const score = Number((await page.textContent('#solve-status')).match(/score ([\d,]+) in/)[1].replace(/,/g, ''));
  // Greedy scores 6,451 on seed 4; the beam far more, even at 1 s on a loaded machine.
  assert.ok(score > 7000, `score ${score}`);
}

test('with WebAssembly SIMD the page, its worker and the offline copy take the SIMD module', async () => {
  const { page, fetched } = await open();
  assert.equal(await page.evaluate(() => window.arcade.wasm()), 'www/pkg/arcade_simd_bg.wasm');
  await solve(page);
  assert.deepEqual(fetched, ['/www/pkg/arcade_simd_bg.wasm'], 'one download, by the page; the worker gets it compiled');
  const kept = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const names = (await caches.keys()).filter((k) => k.startsWith('arcade-'));
    const cache = await caches.open(names[0]);
    return (await cache.keys()).map((r) => new URL(r.url).pathname).filter((p) => p.endsWith('.wasm'));
  });
  assert.deepEqual(kept, ['/www/pkg/arcade_simd_bg.wasm']);
  assert.deepEqual(page.errors, []);
});

test('where the SIMD probe fails the page takes the baseline module and solves with it', async () => {
  const { page, fetched } = await open((context) => context.addInitScript(() => {
    WebAssembly.validate = () => false;
  }));
  assert.equal(await page.evaluate(() => window.arcade.wasm()), 'www/pkg/arcade_bg.wasm');
  await solve(page);
  assert.deepEqual(fetched, ['/www/pkg/arcade_bg.wasm']);
  assert.deepEqual(page.errors, []);
});
