// Bytes over the wire for the page in headless Chromium: a cold load, then a reload with the
// browser's cache. Counts every resource of the page and of its solver worker (Resource
// Timing's transferSize: headers + encoded body, 0 when served from the cache).
//   node scripts/transfer.mjs [--root DIR]    (DIR: a folder from build-web.sh --dist)
// Build the page first (scripts/build-web.sh). Prints a table per load and the totals, then
// when the board became playable (the page's 'arcade-ready' performance mark).
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';

const require = createRequire(new URL('../tests/e2e/package.json', import.meta.url));
const { chromium } = require('playwright-core');

/** Every resource the page and its workers fetched: [{name, transferSize, bodySize}]. */
async function resources(page) {
  const entries = () => [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
    .map((e) => ({ name: new URL(e.name).pathname, transferSize: e.transferSize, bodySize: e.decodedBodySize }));
  const all = await page.evaluate(entries);
  for (const worker of page.workers()) {
    for (const e of await worker.evaluate(entries)) all.push({ ...e, name: `${e.name} (worker)` });
  }
  return all;
}

/** Loads or reloads the page and waits until it and its warm solver worker have all they fetch. */
async function load(page, action) {
  await action();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  await page.waitForLoadState('networkidle'); // no request for 500 ms: the worker's too
  return resources(page);
}

/** The bytes over the wire of one load's resources. */
export const total = (rows) => rows.reduce((sum, r) => sum + r.transferSize, 0);

/**
 * {cold, reload}: the resources of a first load of `base` in `page` (a fresh browser context)
 * and of a reload, as [{name, transferSize, bodySize}].
 */
export async function measureTransfer(page, base) {
  const cold = await load(page, () => page.goto(base));
  const reload = await load(page, () => page.reload());
  return { cold, reload };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--root');
  const server = await serve(0, i > 0 ? { root: resolve(process.argv[i + 1]) } : {});
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const loads = await measureTransfer(await browser.newPage(), `http://127.0.0.1:${server.address().port}/`);
    for (const [title, rows] of Object.entries(loads)) {
      console.log(`${title}: ${total(rows).toLocaleString('en-US')} bytes over the wire`);
      for (const r of rows) console.log(`  ${String(r.transferSize).padStart(9)}  ${r.name} (${r.bodySize.toLocaleString('en-US')} bytes)`);
    }
    console.log(`transfer: cold ${total(loads.cold)} bytes, reload ${total(loads.reload)} bytes`);
    // When the board became playable: the page's 'arcade-ready' mark (ms from navigation),
    // the median of 7 reloads (a loopback server; the browser's cache warm).
    const page = await browser.newPage();
    const readyAt = [];
    for (let i = 0; i < 7; i++) {
      await load(page, () => (i ? page.reload() : page.goto(`http://127.0.0.1:${server.address().port}/`)));
      readyAt.push(await page.evaluate(() => performance.getEntriesByName('arcade-ready')[0].startTime));
    }
    readyAt.sort((a, b) => a - b);
    console.log(`playable board: median ${readyAt[3].toFixed(0)} ms after navigation (7 loads: ${readyAt.map((t) => t.toFixed(0)).join(', ')})`);
  } finally {
    await browser.close();
    server.close();
  }
}
