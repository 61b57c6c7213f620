// How the page is served: security headers, caching and compression (scripts/serve.mjs), the
// bytes a browser downloads, the Content-Security-Policy guard of these tests, and the static
// site of `scripts/build-web.sh --dist` (when ARCADE_DIST names one, as scripts/test.sh does).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync, readdirSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { start, root, takeViolations } from './harness.js';
import { serve, pagePolicy } from '../../scripts/serve.mjs';
import { measureTransfer, total } from '../../scripts/transfer.mjs';
import { PRECACHE, precacheFiles, writePrecache } from '../../scripts/precache.mjs';

let site;
before(async () => { site = await start(); });
after(async () => { await site.close(); });

/** A raw HTTP request (no decompression): {status, headers, body: Buffer}. */
function fetchRaw(url, { method = 'GET', headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    request(url, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
}

test('every response carries the page\'s policy and nosniff, errors and 304s included', async () => {
  const policy = pagePolicy();
  assert.match(policy, /^default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'/);
  const ok = await fetchRaw(site.base + 'www/app.js');
  const notModified = await fetchRaw(site.base + 'www/app.js', { headers: { 'if-none-match': ok.headers.etag } });
  for (const [path, status, options] of [
    ['', 200], ['www/worker.js', 200], ['www/nope.js', 404], ['Cargo.toml', 404],
    ['www/../../../etc/passwd', 404], ['www/%E0%A4%A', 400], ['', 405, { method: 'POST' }],
  ]) {
    const res = await fetchRaw(site.base + path, options);
    assert.equal(res.status, status, path);
    assert.equal(res.headers['content-security-policy'], `${policy}; report-uri /csp-report`, path);
    assert.equal(res.headers['x-content-type-options'], 'nosniff', path);
  }
  assert.equal(notModified.status, 304);
  assert.equal(notModified.headers['content-security-policy'], ok.headers['content-security-policy']);
});

test('text and wasm go out compressed as the request allows, each coding with its own ETag', async () => {
  const file = readFileSync(join(root, 'www', 'pkg', 'arcade_bg.wasm'));
  const url = site.base + 'www/pkg/arcade_bg.wasm';
  const tags = new Set();
  for (const [accept, coding, decode] of [
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['br;q=0, gzip;q=0.5', 'gzip', gunzipSync],
    ['identity', undefined, (b) => b],
    [undefined, undefined, (b) => b],
  ]) {
    const res = await fetchRaw(url, { headers: accept === undefined ? {} : { 'accept-encoding': accept } });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/wasm');
    assert.equal(res.headers['content-encoding'], coding, accept);
    assert.equal(res.headers.vary, 'accept-encoding');
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(Number(res.headers['content-length']), res.body.length);
    assert.ok(decode(res.body).equals(file), accept);
    if (coding) assert.ok(res.body.length < file.length / 2, `${coding}: ${res.body.length} bytes`);
    tags.add(res.headers.etag);
    const again = await fetchRaw(url, { headers: { 'accept-encoding': accept ?? '', 'if-none-match': `W/${res.headers.etag}` } });
    assert.equal(again.status, 304, accept);
    assert.equal(again.body.length, 0);
  }
  assert.equal(tags.size, 3, 'br, gzip and identity have different ETags');
  const head = await fetchRaw(site.base, { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
});

test('a changed file gets a new ETag at once (the in-memory cache follows the file)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'arcade-serve-'));
  try {
    writeFileSync(join(dir, 'index.html'), readFileSync(join(root, 'index.html')));
    mkdirSync(join(dir, 'www'));
    writeFileSync(join(dir, 'www', 'a.js'), 'export const a = 1;\n');
    const server = await serve(0, { root: dir });
    const url = `http://127.0.0.1:${server.address().port}/www/a.js`;
    try {
      const first = await fetchRaw(url);
      writeFileSync(join(dir, 'www', 'a.js'), 'export const a = 22;\n');
      const second = await fetchRaw(url, { headers: { 'if-none-match': first.headers.etag } });
      assert.equal(second.status, 200);
      assert.notEqual(second.headers.etag, first.headers.etag);
      assert.equal(second.body.toString(), 'export const a = 22;\n');
      assert.equal(second.headers['content-security-policy'], pagePolicy());
    } finally {
      server.close();
    }
  } finally {
    rmSync(dir, { recursive: true });
  }
});

test('a cold load downloads under 400 KB and a reload almost nothing', async () => {
  const context = await site.browser.newContext();
  const { cold, reload } = await measureTransfer(await context.newPage(), site.base);
  await context.close();
  // Chromium has WebAssembly SIMD: the SIMD module, and not the baseline one (www/wasm-file.js).
  const wasm = cold.filter((r) => r.name.startsWith('/www/pkg/arcade_simd_bg.wasm'));
  assert.ok(wasm.length >= 1);
  assert.deepEqual(cold.filter((r) => r.name.startsWith('/www/pkg/arcade_bg.wasm')), []);
  // One renderer, the shown game's: the others load when their game is first shown.
  const renderers = cold.filter((r) => /^\/www\/games\/(?!index|common)[\w-]+\.js$/.test(r.name)).map((r) => r.name);
  assert.deepEqual(renderers, ['/www/games/square-remover.js']);
  assert.ok(total(cold) < 400_000, `cold load: ${total(cold)} bytes`);
  // Only revalidations (304s of a few hundred bytes) and the page under its rewritten URL.
  assert.ok(total(reload) < 20_000, `reload: ${total(reload)} bytes`);
});

test('a page served without its wasm build says what is missing instead of staying blank', async () => {
  const context = await site.browser.newContext();
  await context.route('**/www/pkg/arcade.js', (route) => route.fulfill({ status: 404, body: 'not found' }));
  const page = await context.newPage();
  await page.goto(site.base);
  await page.waitForSelector('#message:not([hidden])', { timeout: 10_000 });
  assert.match(await page.textContent('#message-text'), /^The page could not start: the WebAssembly build \(www\/pkg\/\) is missing: build it with `bash scripts\/build-web.sh`/);
  assert.equal(await page.getAttribute('body', 'data-booting'), null, 'the message is not hidden behind the start');
  await context.close();
});

test('a policy violation in the page or in the solver worker is caught', async () => {
  const page = await site.open();
  await page.evaluate(() => document.body.setAttribute('style', 'color: red'));
  const [worker] = page.workers();
  await worker.evaluate(() => fetch('http://127.0.0.2:9/').catch(() => null));
  const found = await takeViolations(1000);
  assert.ok(found.some((v) => v.startsWith('CSP style-src-attr')), found.join('\n'));
  assert.ok(found.some((v) => v.startsWith('CSP connect-src') && v.includes('worker.js')), found.join('\n'));
  assert.ok(page.errors.some((e) => /Content Security Policy/.test(e)), 'the page\'s own violation is a console error too');
});

test('the static site from build-web.sh --dist is complete', { skip: !process.env.ARCADE_DIST && 'set ARCADE_DIST to a --dist folder (scripts/test.sh does)' }, async () => {
  const dist = process.env.ARCADE_DIST;
  const files = [];
  const walk = (dir) => readdirSync(dir, { withFileTypes: true }).forEach((e) => (e.isDirectory() ? walk(join(dir, e.name)) : files.push(relative(dist, join(dir, e.name)))));
  walk(dist);
  assert.ok(files.includes('index.html') && files.includes('_headers') && files.includes('www/pkg/arcade_bg.wasm') && files.includes('www/pkg/arcade_simd_bg.wasm'), files.join(' '));
  assert.ok(files.every((f) => f === 'index.html' || f === '_headers' || f === 'sw.js' || f.startsWith('www/')), files.join(' '));
  // The offline copy: the service worker, the manifest and its icons, and the list of this
  // build's files, which is every file the page may load and names the same version as
  // a list made from the dist folder itself.
  for (const f of ['sw.js', 'www/manifest.webmanifest', 'www/icons/icon.svg', 'www/icons/icon-192.png', 'www/icons/icon-512.png', PRECACHE]) assert.ok(files.includes(f), f);
  const listed = new Function('self', `${readFileSync(join(dist, PRECACHE), 'utf8')}; return self.PRECACHE;`)({});
  assert.deepEqual(listed.files, precacheFiles(dist));
  assert.deepEqual(listed.files.filter((f) => !files.includes(f)), []);
  assert.ok(listed.files.includes('www/pkg/arcade_bg.wasm') && listed.files.includes('www/pkg/arcade_simd_bg.wasm') && listed.files.includes('www/wasm-file.js') && listed.files.includes('www/worker.js') && listed.files.includes('www/pictures/gif-worker.js'));
  const copy = mkdtempSync(join(tmpdir(), 'arcade-dist-'));
  try {
    cpSync(dist, copy, { recursive: true });
    assert.equal(writePrecache(copy).version, listed.version);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  for (const f of ['arcade_bg.wasm', 'arcade_simd_bg.wasm']) assert.ok(readFileSync(join(dist, 'www', 'pkg', f)).equals(readFileSync(join(root, 'www', 'pkg', f))), f);
  assert.match(readFileSync(join(dist, '_headers'), 'utf8'), new RegExp(`Content-Security-Policy: ${pagePolicy().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n`));

  // Served as is, the page loads, its worker solves, and nothing it asks for is missing.
  const server = await serve(0, { root: dist });
  const context = await site.browser.newContext();
  try {
    const page = await context.newPage();
    const failed = [];
    page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
    page.on('requestfailed', (r) => failed.push(`failed ${r.url()}`));
    await page.goto(`http://127.0.0.1:${server.address().port}/?v=1&game=square-remover&seed=3`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
    await page.fill('#budget', '1');
    await page.click('#solve');
    await page.waitForFunction(() => /score [\d,]+ in/.test(document.getElementById('solve-status').textContent), null, { timeout: 10_000 });
    assert.deepEqual(failed, []);
  } finally {
    await context.close();
    server.close();
  }
});
