// Shared set-up for the end-to-end tests: a loopback static server on a free port and
// Debian's Chromium driven by playwright-core (which never downloads a browser).
import { afterEach } from 'node:test';
import { chromium } from 'playwright-core';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../scripts/serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, '..', '..');
export const shots = join(here, 'out');
mkdirSync(shots, { recursive: true });

export const golden = (game, name) => readFileSync(join(root, 'tests', 'data', game, name), 'utf8');

const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage',
];

// Content-Security-Policy violations, in the page or in a worker, reported by the browser to
// the server (report-uri): any fails the test it happened in (or, if the report comes late,
// the next one, or the file's close()).
const violations = [];
/** The violations reported since the last call, as text, after waiting `ms` for late ones. */
export async function takeViolations(ms = 0) {
  await new Promise((r) => setTimeout(r, ms));
  return violations.splice(0).map((v) => `CSP ${v['violated-directive']} blocked ${v['blocked-uri']} in ${v['source-file'] ?? v['document-uri']}:${v['line-number'] ?? ''}`);
}
afterEach(async () => {
  const found = await takeViolations();
  if (found.length) throw new Error(found.join('\n'));
});

/** Starts the server and the browser; returns {base, browser, open(path), close()}. */
export async function start() {
  const server = await serve(0, { onViolation: (v) => violations.push(v) });
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const pages = [];
  return {
    base,
    browser,
    /**
     * Opens the page at `query` (after `beforeLoad(context)`, e.g. to route requests), waits
     * until the app is ready; collects page errors. `device`: context options such as
     * `{viewport, isMobile, hasTouch}` (default a 1280x900 desktop).
     */
    async open(query = '', { beforeLoad, viewport = { width: 1280, height: 900 }, touch = false, device } = {}) {
      const context = await browser.newContext(device ?? { viewport, isMobile: touch, hasTouch: touch });
      await beforeLoad?.(context);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
      const page = await context.newPage();
      page.errors = [];
      page.on('pageerror', (e) => page.errors.push(String(e)));
      page.on('console', (m) => m.type() === 'error' && page.errors.push(m.text()));
      await page.goto(base + query);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
      pages.push(page);
      return page;
    },
    async close() {
      const late = await takeViolations(300); // reports are posted a little later
      await browser.close();
      await new Promise((r) => server.close(r));
      if (late.length) throw new Error(late.join('\n'));
    },
  };
}

/**
 * Makes every worker of the page start its job and then spin forever, as a runaway solver
 * would (use as `open(query, {beforeLoad: runawayWorkers})`). The first message, which hands
 * over the compiled wasm module, is not a job.
 */
export const runawayWorkers = (context) => context.route('**/www/worker.js', (route) => route.fulfill({
  contentType: 'text/javascript',
  body: "self.onmessage = (e) => { if (e.data.type === 'init') return; self.postMessage({ id: e.data.id, type: 'started' }); for (;;) {} };",
}));

export const frame = (page) => page.evaluate(() => window.arcade.frame());
export const messageText = (page) => page.evaluate(() => {
  const m = document.getElementById('message');
  return m.hidden ? '' : document.getElementById('message-text').textContent;
});

/** Where the centre of board cell (r, c) is on the screen (the board may be scaled). */
export async function cellPoint(page, r, c) {
  // A click on a control far down the panels may have scrolled the board away.
  await page.locator('#board').evaluate((el) => {
    const b = el.getBoundingClientRect();
    if (b.top < 0 || b.bottom > innerHeight) el.scrollIntoView({ block: 'nearest' });
  });
  const g = await page.evaluate(() => window.arcade.geometry());
  const box = await page.locator('#board').boundingBox();
  return { x: box.x + (g.x0 + (c + 0.5) * g.cell) * g.scale, y: box.y + (g.y0 + (r + 0.5) * g.cell) * g.scale };
}

/** Clicks the centre of board cell (r, c) as a person would. */
export async function clickCell(page, r, c) {
  const p = await cellPoint(page, r, c);
  await page.mouse.click(p.x, p.y);
}

/** Taps the centre of board cell (r, c) on a touch screen. */
export async function tapCell(page, r, c) {
  const p = await cellPoint(page, r, c);
  await page.touchscreen.tap(p.x, p.y);
}

export async function screenshot(page, name) {
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

/** Puts `text` in the output box as a paste would (an input event, no keystrokes). */
export async function paste(page, text) {
  await page.locator('#output').evaluate((box, value) => {
    box.value = value;
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

/** Presses Share and returns the link's query and fragment, ready for `site.open`. */
export async function shareLink(page) {
  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share-link').value !== '');
  const link = await page.inputValue('#share-link');
  return link.slice(link.indexOf('?'));
}

/** The batch view's runs, as its test hook gives them. */
export const batchRuns = (page) => page.evaluate(() => window.arcadeBatch.runs());

/**
 * Presses Run in the batch view and waits until that batch has ended; returns it. `kept`:
 * also wait until the run is written to the browser's database.
 */
export async function runBatch(page, { timeout = 90_000, kept = false } = {}) {
  const last = (await batchRuns(page)).at(-1)?.id ?? 0;
  await page.click('#batch-run');
  await page.waitForFunction((id) => {
    const run = window.arcadeBatch.runs().at(-1);
    return run && run.id > id && run.state !== 'running';
  }, last, { timeout });
  if (kept) await page.evaluate(() => window.arcadeBatch.kept());
  return (await batchRuns(page)).at(-1);
}
