// The batch view: many seeds on a pool of workers, a folder of outputs, two runs compared,
// downloads, the share link, a reload, and the view at phone, tablet and desktop sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, copyFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start, root, shots, screenshot, frame, runawayWorkers, batchRuns, runBatch } from './harness.js';
import { unzipSync, strFromU8 } from '../../www/vendor/fflate.js';

let site;
let folder;
before(async () => {
  site = await start();
  folder = makeOutputFolder();
});
after(async () => {
  await site.close();
  rmSync(join(folder, '..'), { recursive: true, force: true });
});

const data = (...path) => readFileSync(join(root, 'tests', 'data', ...path), 'utf8');

/** The per-seed rows of an `arcade bench` table saved in tests/data/batch (see its README). */
function benchRows(name) {
  return data('batch', name).split('\n')
    .map((line) => /^\| (\d+) \| ([^|]*) \| (-?\d+) \|/.exec(line))
    .filter(Boolean)
    .map(([, seed, instance, score]) => ({ seed, instance: instance.trim(), score: Number(score) }));
}

// The official AHC061 judge's scores of its own records of seeds 0..19 (tests/data/territory).
const JUDGE = new Map(data('territory', 'ahc061', 'judge_golden', 'scores.txt').trim().split('\n')
  .map((line) => line.split(' ')).map(([seed, score]) => [String(Number(seed)), Number(score)]));

// What `arcade score territory --seed S FILE` prints on stderr for the bad files below.
// As the player words them: move and line from 1 (the CLI says move 0, 0, 100).
const CLI_ERRORS = {
  20: "move 1 (line 1): 'hello' is not an integer",
  21: "move 1 (line 1): a move is a line 'x y', got '0'",
  22: 'move 101 (line 101): Too many moves: the output has more than 100 lines of moves',
};

/**
 * A folder as a contestant has it: the judge's records of seeds 0..19 named as AtCoder's tools
 * name them, a garbage file, another game's output, a 50 MB file, and files to skip.
 */
function makeOutputFolder() {
  const dir = join(mkdtempSync(join(tmpdir(), 'arcade-batch-')), 'my-outputs');
  mkdirSync(dir);
  for (const seed of JUDGE.keys()) {
    const name = `${seed.padStart(4, '0')}.txt`;
    copyFileSync(join(root, 'tests/data/territory/ahc061/judge_golden/moves', name), join(dir, name));
  }
  writeFileSync(join(dir, '0020.txt'), 'hello world\n');
  copyFileSync(join(root, 'tests/data/square-remover/3-patterned.out'), join(dir, 'seed_21.txt'));
  writeFileSync(join(dir, '0022.txt'), '0 0\n'.repeat((50 * 1024 * 1024) / 4));
  writeFileSync(join(dir, 'notes.md'), 'my notes');
  writeFileSync(join(dir, 'out_3.txt'), '0 0\n');
  return dir;
}

const runs = batchRuns;

/** The results table as the person sees it: one array of cell texts per row. */
const tableText = (page, table = '#batch-results') => page.$$eval(`${table} .table-box tbody tr`,
  (trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));

async function setWorkers(page, n) {
  await page.fill('#batch-workers', String(n));
  await page.dispatchEvent('#batch-workers', 'change');
}

async function downloaded(page, button) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  const chunks = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk);
  return { name: file.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

test('a share link fills the view; greedy on 8 seeds scores as `arcade bench` on two workers at once', async () => {
  const wasmFetches = [];
  const page = await site.open('?view=batch&game=square-remover&seeds=1..8&solver=greedy&budget=30000', {
    // The offline copy's service worker (sw.js) fetches it too: that one is not the page's.
    beforeLoad: (context) => context.on('request', (r) => r.url().endsWith('.wasm') && !r.serviceWorker() && wasmFetches.push(r.url())),
  });
  assert.equal(await page.inputValue('#batch-game'), 'square-remover');
  assert.equal(await page.inputValue('#batch-seeds'), '1..8');
  assert.equal(await page.inputValue('#batch-solver'), 'greedy');
  assert.equal(await page.inputValue('#batch-budget'), '30');
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  assert.equal(await page.inputValue('#batch-workers'), String(Math.max(1, cores - 1)), 'one worker per core but one');
  assert.deepEqual(await runs(page), [], 'the link fills the form; only Run starts it');

  await setWorkers(page, 2);
  const run = await runBatch(page);
  const expected = benchRows('square-remover-greedy-1-8.md');
  // The instance's parameters come from the module as an object, as the CLI labels them.
  const label = (values) => Object.entries(values).map(([k, v]) => `${k}=${v}`).join(' ');
  assert.deepEqual(run.rows.map((r) => [r.seed, label(r.values), r.score, r.status]),
    expected.map((e) => [e.seed, e.instance, e.score, 'done']));
  // What the person sees: seed, colors, n, score, moves, time, status.
  const cells = await tableText(page);
  assert.deepEqual(cells.map((c) => [c[0], c[1], c[2], c[3], c[6]]),
    expected.map((e) => [e.seed, ...e.instance.match(/\d+/g), e.score.toLocaleString('en-US'), 'ok']));

  // The page compiled the module once; the player's worker and both pool workers got it.
  assert.equal(wasmFetches.length, 1, wasmFetches.join(', '));
  // Two workers, and their solves overlapped in time.
  assert.deepEqual([...new Set(run.rows.map((r) => r.worker))].sort(), [0, 1]);
  const overlap = run.rows.some((a) => run.rows.some((b) => a.worker !== b.worker && a.startedAt < b.endedAt && b.startedAt < a.endedAt));
  assert.ok(overlap, 'solves on different workers ran at the same time');

  // The chart plots the scores against a parameter too.
  assert.deepEqual(await page.$$eval('#batch-axis option', (os) => os.map((o) => o.value)), ['seed', 'colors', 'n']);
  await page.selectOption('#batch-axis', 'n');
  assert.equal(await page.textContent('#batch-results .u-legend .u-series:first-child th'), 'n');
  // The link of this batch is the link that opened it.
  await page.click('#batch-link');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, `${site.base}?view=batch&game=square-remover&seeds=1..8&solver=greedy&budget=30000`);
  assert.equal(page.url(), copied, 'the address is the batch’s link too');

  // Columns sort (by mouse here, by keyboard in the layout test).
  await page.click('#batch-results th:nth-child(4) button');
  assert.equal((await tableText(page))[0][0], '3', 'lowest score first');
  await page.click('#batch-results th:nth-child(4) button');
  assert.equal((await tableText(page))[0][0], '7', 'then highest first');
  assert.equal(await page.getAttribute('#batch-results th:nth-child(4)', 'aria-sort'), 'descending');

  // A row opens that seed with that output in the player.
  await page.click('#batch-results tbody button:text-is("8")');
  await page.waitForFunction(() => document.body.dataset.view === 'player');
  const f = await frame(page);
  assert.equal(f.score, 4320);
  assert.equal(f.moves, 10000);
  assert.match(await page.textContent('#message'), /seed 8: score 4,320 after 10,000 moves/);
  assert.match(page.url(), /game=square-remover&seed=8/);
  assert.deepEqual(page.errors, []);
});

test('Cancel terminates every busy worker at once and no result comes after', async () => {
  const page = await site.open('?view=batch&game=square-remover&seeds=1..9&solver=beam&budget=20000', {
    beforeLoad: (context) => context.addInitScript(() => {
      // Count the page's workers: made and terminated.
      const Native = window.Worker;
      window.workerCount = { made: 0, ended: 0 };
      window.Worker = class extends Native {
        constructor(...args) {
          super(...args);
          window.workerCount.made += 1;
        }
        terminate() {
          window.workerCount.ended += 1;
          super.terminate();
        }
      };
    }),
  });
  const live = () => page.evaluate(() => window.workerCount.made - window.workerCount.ended);
  const idle = await live(); // the player's own warm solver
  await setWorkers(page, 3);
  await page.click('#batch-run');
  await page.waitForFunction(() => window.arcadeBatch.runs().at(-1)?.rows.filter((r) => r.status === 'running').length === 3);
  assert.equal(await live(), idle + 3, 'three workers busy');
  await page.waitForTimeout(1500);
  const cancelled = await page.evaluate(() => {
    // What each row was at the click: a seed may end before it on a loaded machine.
    const before = window.arcadeBatch.runs().at(-1).rows.map((r) => ({ status: r.status, ms: r.ms }));
    const t0 = performance.now();
    document.getElementById('batch-cancel').click();
    const count = window.workerCount.made - window.workerCount.ended;
    return { count, before, ms: performance.now() - t0 };
  });
  assert.equal(cancelled.count, idle, 'every pool worker was terminated by the click itself');
  await page.waitForFunction(() => window.arcadeBatch.runs().at(-1).state === 'cancelled', null, { timeout: 2000 });
  await page.waitForTimeout(2500);
  const run = (await runs(page)).at(-1);
  const doneBefore = cancelled.before.filter((r) => r.status === 'done');
  assert.ok(cancelled.before.filter((r) => r.status === 'running').length >= 1, 'a seed was running at the click');
  assert.deepEqual(run.rows.map((r) => r.status),
    cancelled.before.map((r) => (r.status === 'done' ? 'done' : 'cancelled')),
    `nothing finished after Cancel (finished before it: ${JSON.stringify(doneBefore)})`);
  assert.equal(await live(), idle);
  const done = doneBefore.length;
  assert.match(await page.textContent('#batch-progress-text'), new RegExp(`${done} / 9 done · ${9 - done} cancelled`));
  assert.equal(await page.isDisabled('#batch-cancel'), true);
  assert.equal(await page.isDisabled('#batch-run'), false);
  assert.deepEqual(page.errors, []);
});

test('a folder of outputs scores as the official judge and `arcade score`; bad files get a row each; runs compare', async () => {
  const page = await site.open('?view=batch&game=territory');
  await page.setInputFiles('#batch-folder', folder);
  assert.equal(await page.isChecked('#batch-source-files'), true);
  assert.match(await page.textContent('#batch-chosen'), /my-outputs: 23 outputs for seeds 0\.\.22; 2 skipped/);
  const skipped = await page.$$eval('#batch-skipped li', (lis) => lis.map((li) => li.textContent));
  assert.deepEqual(skipped.sort(), [
    'my-outputs/notes.md: no seed number at the end of its name (e.g. 123.txt, 0123.txt, name_123.txt)',
    'my-outputs/out_3.txt: seed 3 again: my-outputs/0003.txt is used for it',
  ]);

  const files = await runBatch(page);
  for (const row of files.rows.slice(0, 20)) {
    assert.equal(row.status, 'done', `seed ${row.seed}: ${row.error}`);
    assert.equal(row.score, JUDGE.get(row.seed), `seed ${row.seed}`);
    assert.equal(row.moves, 100, `seed ${row.seed}: a judge's record plays the game's 100 turns`);
  }
  for (const row of files.rows.slice(20)) {
    assert.equal(row.status, 'error');
    assert.equal(row.error, `invalid output: ${CLI_ERRORS[row.seed]}`);
  }
  // Seeds 20..22 have no score: gaps in the chart's line, not points it is drawn through.
  const [xs, ys] = await page.evaluate(() => window.arcadeBatch.chart());
  assert.deepEqual(xs.slice(-3), [20, 21, 22]);
  assert.deepEqual(ys.slice(-3), [null, null, null]);
  await page.locator('#batch-view').screenshot({ path: join(shots, 'batch-folder.png') });
  const cells = await tableText(page);
  assert.equal(cells.length, 23);
  assert.equal(cells[22].at(-1), `invalid output: ${CLI_ERRORS[22]}`);

  // Greedy on the same seeds: B (greedy) against A (my outputs).
  await page.check('#batch-source-solver');
  await page.fill('#batch-seeds', '0..22');
  await page.selectOption('#batch-solver', 'greedy');
  await page.fill('#batch-budget', '30');
  const greedy = await runBatch(page);
  const bench = benchRows('territory-greedy-0-22.md');
  assert.deepEqual(greedy.rows.map((r) => r.score), bench.map((b) => b.score));

  // Expected, counted here: an invalid output loses to any valid one.
  const mine = bench.map((b) => JUDGE.get(b.seed) ?? null);
  const theirs = bench.map((b) => b.score);
  let wins = 0;
  let ties = 0;
  let losses = 0;
  mine.forEach((m, i) => {
    if (m === null || m < theirs[i]) losses += 1;
    else if (m > theirs[i]) wins += 1;
    else ties += 1;
  });
  assert.ok(wins > 0 && losses > 0, 'the data has both');
  assert.equal(await page.textContent('#batch-wtl strong'), `A wins ${wins}, ties ${ties}, loses ${losses}`);
  // AtCoder: round(1e9 × YOUR / MAX) per test, summed; an invalid output scores 0.
  const relative = (xs, ys) => xs.reduce((sum, x, i) => sum + (x === null ? 0 : Math.round((1e9 * x) / Math.max(x, ys[i] ?? 0))), 0);
  const fmt = (n) => n.toLocaleString('en-US');
  assert.equal(await page.textContent('#batch-relative strong'), `A ${fmt(relative(mine, theirs))} · B ${fmt(relative(theirs, mine))}`);
  assert.match(await page.textContent('#batch-relative'), /AtCoder relative score, sum over the tests of round\(10⁹ × YOUR \/ MAX\)/);
  await page.locator('#batch-compare').screenshot({ path: join(shots, 'batch-compare.png') });
  const differ = await page.$$eval('#batch-differ li', (lis) => lis.map((li) => li.textContent));
  assert.equal(differ.length, 5);
  assert.match(differ[0], /^seed 2[012]: A invalid, B [\d,]+ \(100% apart\)/);

  // Downloads: the run's TSV, the comparison's TSV, and the zip of inputs and outputs.
  await page.selectOption('#batch-show', String(files.id));
  const tsv = (await downloaded(page, '#batch-tsv')).bytes.toString('utf8').trim().split('\n').map((l) => l.split('\t'));
  assert.deepEqual(tsv[0], ['seed', 'M', 'U', 'score', 'moves', 'time (ms)', 'status']);
  assert.deepEqual(tsv.slice(1).map((r) => [r[0], r[3], r[4]]), files.rows.map((r) => [r.seed, r.score === null ? '' : String(r.score), r.moves === null || r.moves === undefined ? '' : String(r.moves)]));
  assert.equal(tsv[21][6], `invalid output: ${CLI_ERRORS[20]}`);
  const compareTsv = (await downloaded(page, '#batch-compare-tsv')).bytes.toString('utf8').trim().split('\n');
  assert.equal(compareTsv[0], 'seed\tM\tU\tA score\tB score\tA − B\tA relative\tB relative');
  assert.equal(compareTsv.length, 24);
  const zip = await downloaded(page, '#batch-zip');
  assert.equal(zip.name, `territory-run${files.id}.zip`);
  const entries = unzipSync(new Uint8Array(zip.bytes));
  assert.equal(strFromU8(entries['in/0005.txt']), data('territory', 'ahc061', 'in', '0005.txt'), 'the official input of seed 5');
  assert.equal(strFromU8(entries['out/0005.txt']), data('territory', 'ahc061', 'judge_golden', 'moves', '0005.txt'));
  assert.equal(strFromU8(entries['out/0020.txt']), 'hello world\n', 'a bad output is still the person’s own');
  assert.equal(entries['out/0022.txt'], undefined, 'the 50 MB file is left out');
  assert.match(await page.textContent('#batch-message'), /leaves out files too big to be outputs: 0022\.txt \(50\.0 MB\)/);
  assert.equal(Object.keys(entries).filter((n) => n.startsWith('in/')).length, 23);

  // A seed of the comparison opens A's and B's games side by side (compare.test.js checks the view).
  await page.click('#batch-compare button.side-by-side:text-is("5 ⇄")');
  await page.waitForFunction(() => window.arcadeCompare?.inspect().frames.every((f) => f));
  await page.keyboard.press('End');
  await page.waitForFunction(() => window.arcadeCompare.inspect().turn === 100);
  const sides = await page.evaluate(() => window.arcadeCompare.inspect().frames.map((f) => f.score));
  assert.deepEqual(sides, [JUDGE.get('5'), greedy.rows.find((r) => r.seed === '5').score]);
  await page.goBack();
  await page.waitForSelector('body[data-view="batch"]');

  // A file row opens in the player with its output.
  await page.click('#batch-results tbody button:text-is("5")');
  await page.waitForFunction(() => document.body.dataset.view === 'player');
  assert.equal((await frame(page)).score, JUDGE.get('5'));

  // The runs survive a reload, and still compare.
  await page.goto(`${site.base}?view=batch`);
  await page.waitForSelector('body[data-ready="true"]');
  const kept = await runs(page);
  assert.deepEqual(kept.map((r) => r.rows.map((row) => row.score)), [files.rows.map((r) => r.score), greedy.rows.map((r) => r.score)]);
  assert.match(await page.textContent('#batch-progress-text'), /23 \/ 23 done · [\d.]+ s · kept from/);
  assert.equal(await page.textContent('#batch-wtl strong'), `A wins ${wins}, ties ${ties}, loses ${losses}`);
  assert.deepEqual(page.errors, []);
});

test('each pool worker is killed at its budget plus grace; the batch goes on to the next seeds', async () => {
  const page = await site.open('?view=batch&game=lines&seeds=1..3&solver=greedy&budget=500', { beforeLoad: runawayWorkers });
  await setWorkers(page, 2);
  const t0 = Date.now();
  const run = await runBatch(page, { timeout: 20_000 });
  const elapsed = Date.now() - t0;
  assert.deepEqual(run.rows.map((r) => r.error), Array(3).fill('the solver did not finish within its budget of 500 ms plus 1500 ms and was stopped'));
  // Two rounds of budget + grace on two workers, never sooner (a kill that never comes fails
  // runBatch's timeout).
  assert.ok(elapsed >= 4000, `ended after ${elapsed} ms`);
  assert.equal(run.state, 'done');
  assert.match(await page.textContent('#batch-progress-text'), /3 \/ 3 done · 3 errors/);
  assert.deepEqual(page.errors, []);
});

// These two are a browser that refuses its database (a private mode, a policy): the runs go
// to localStorage, as before the database was used (tests/e2e/stored.test.js has it).
test('a full or forbidden storage is said, and the batch still runs', async () => {
  const page = await site.open('?view=batch&game=strip2048&seeds=1..4&solver=greedy&budget=5000', {
    beforeLoad: (context) => context.addInitScript(() => {
      IDBFactory.prototype.open = () => {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      };
      Storage.prototype.setItem = () => {
        throw new DOMException('full', 'QuotaExceededError');
      };
    }),
  });
  const run = await runBatch(page);
  assert.deepEqual(run.rows.map((r) => r.status), ['done', 'done', 'done', 'done']);
  assert.match(await page.textContent('#batch-summary'), /This browser does not keep the results for a reload \(QuotaExceededError\)/);
  assert.match(await page.textContent('#batch-storage'), /This browser’s database is not available \(SecurityError: The user denied permission to access the database\.\)/);
  assert.deepEqual(page.errors, []);
});

test('without the database, outputs too big for localStorage: the table is kept for a reload without them', async () => {
  const page = await site.open('?view=batch&game=lines&seeds=1..3&solver=greedy&budget=5000', {
    beforeLoad: (context) => context.addInitScript(() => {
      IDBFactory.prototype.open = () => {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      };
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (value.length > 4000) throw new DOMException('full', 'QuotaExceededError');
        return setItem.call(this, key, value);
      };
    }),
  });
  const run = await runBatch(page);
  assert.match(await page.textContent('#batch-summary'), /The table is kept for a reload, but not the outputs/);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.deepEqual((await runs(page))[0].rows.map((r) => r.score), run.rows.map((r) => r.score));
  // Its seeds still open, without the output.
  await page.click('#batch-results tbody button:text-is("1")');
  await page.waitForFunction(() => document.body.dataset.view === 'player');
  assert.equal((await frame(page)).moves, 0);
  assert.match(page.url(), /game=lines&seed=1&[^#]*$/, "the address shows the opened seed, with no moves");
  assert.deepEqual(page.errors, []);
});

test('the wasm module compiles from its bytes when the server gives it the wrong type', async () => {
  let served = 0;
  const page = await site.open('?view=batch&game=strip2048&seeds=1..2&solver=greedy&budget=5000', {
    beforeLoad: (context) => context.route('**/arcade*_bg.wasm', async (route) => {
      // The offline copy's service worker fetches it too, once the page is ready (sw.js).
      if (!route.request().serviceWorker()) served += 1;
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'content-type': 'application/octet-stream' } });
    }),
  });
  const run = await runBatch(page);
  assert.deepEqual(run.rows.map((r) => r.score), [16, 464], '`arcade bench strip2048 --solver greedy --seeds 1..2`');
  assert.equal(served, 2, 'fetched for compileStreaming, then once more for its bytes; never by a worker');
  assert.deepEqual(page.errors, []);
});

test('a bad link is named, not fatal', async () => {
  const page = await site.open('?view=batch&game=lines&seeds=1..3&solver=nope&budget=abc');
  assert.match(await page.textContent('#batch-message'), /lines has no solver 'nope' \(it has .*\); budget must be 100 to 60000 ms, got 'abc'/);
  await page.fill('#batch-seeds', '5..2');
  await page.click('#batch-run');
  assert.match(await page.textContent('#batch-message'), /the range 5\.\.2 is empty/);
  assert.deepEqual(await runs(page), []);
  assert.deepEqual(page.errors, []);
});

const DEVICES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  tablet: { viewport: { width: 768, height: 1024 }, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
};

for (const [name, device] of Object.entries(DEVICES)) {
  test(`the view works at ${device.viewport.width} px (${name}): touch or keyboard, the table scrolls in its own box`, async () => {
    const page = await site.open('?view=batch&game=lines&seeds=1..12&solver=greedy&budget=10000', { device });
    await screenshot(page, `batch-${name}-empty`);
    if (device.hasTouch) await page.tap('#batch-run');
    else {
      // Keyboard only: Enter in the seed box runs the batch.
      await page.focus('#batch-seeds');
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
    }
    await page.waitForFunction(() => window.arcadeBatch.runs().at(-1)?.state === 'done', null, { timeout: 60_000 });
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - window.innerWidth,
      box: document.querySelector('#batch-results .table-box').scrollWidth,
      boxWidth: document.querySelector('#batch-results .table-box').clientWidth,
    }));
    assert.ok(overflow.page <= 0, `the page does not scroll sideways (${overflow.page} px too wide)`);
    assert.ok(overflow.boxWidth <= device.viewport.width);
    // Sort by score from the keyboard: Tab reaches the header's button, Enter sorts.
    await page.focus('#batch-results th:nth-child(4) button');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    assert.equal(await page.getAttribute('#batch-results th:nth-child(4)', 'aria-sort'), 'descending');
    const scores = (await tableText(page)).map((c) => Number(c[3].replace(/,/g, '')));
    assert.deepEqual(scores, [...scores].sort((a, b) => b - a));
    if (!device.hasTouch) {
      // With nothing focused, Space scrolls this page: the hidden player does not take it.
      await page.evaluate(() => document.activeElement.blur());
      await page.keyboard.press('Space');
      await page.waitForFunction(() => window.scrollY > 0, null, { timeout: 3000 });
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `batch-${name}`);
    await page.screenshot({ path: join(shots, `batch-${name}-full.png`), fullPage: true });
    // A second run, and the two compared, at this width too.
    await page.selectOption('#batch-solver', 'expectimax');
    await page.fill('#batch-budget', '0.2');
    const second = await runBatch(page);
    assert.equal(second.state, 'done');
    assert.match(await page.textContent('#batch-wtl strong'), /^A wins \d+, ties \d+, loses \d+$/);
    await page.locator('#batch-compare').scrollIntoViewIfNeeded();
    await screenshot(page, `batch-${name}-compare`);
    // The switch back to the player is in the header, reachable by touch or keyboard.
    if (device.hasTouch) await page.tap('#views a[data-view="player"]');
    else await page.click('#views a[data-view="player"]');
    assert.equal(await page.isVisible('#board'), true);
    assert.equal(await page.isVisible('#batch-view'), false);
    assert.deepEqual(page.errors, []);
  });
}
