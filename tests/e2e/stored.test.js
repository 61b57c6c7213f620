// Batch runs kept in the browser's database (www/db.js, www/batch/stored.js): a 1,000-seed run
// and 60 MB of outputs survive a reload whole, runs are deleted one by one or all at once, the
// storage used and its persistence are shown, and localStorage's runs move into the database.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start, shots, screenshot, frame } from './harness.js';
import { unzipSync, strFromU8 } from '../../www/vendor/fflate.js';

let site;
let dir;
before(async () => {
  site = await start();
  dir = mkdtempSync(join(tmpdir(), 'arcade-stored-'));
});
after(async () => {
  await site.close();
  rmSync(dir, { recursive: true, force: true });
});

const runs = (page) => page.evaluate(() => window.arcadeBatch.runs());

async function runBatch(page, { timeout = 120_000 } = {}) {
  const last = (await runs(page)).at(-1)?.id ?? 0;
  await page.click('#batch-run');
  await page.waitForFunction((id) => {
    const run = window.arcadeBatch.runs().at(-1);
    return run && run.id > id && run.state !== 'running';
  }, last, { timeout });
  await page.evaluate(() => window.arcadeBatch.kept()); // written to the database
  return (await runs(page)).at(-1);
}

async function reload(page) {
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
}

async function downloaded(page, button) {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.click(button)]);
  const chunks = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The zip's outputs by seed. */
const zipOutputs = (bytes) => new Map(Object.entries(unzipSync(new Uint8Array(bytes)))
  .filter(([name]) => name.startsWith('out/'))
  .map(([name, data]) => [String(Number(name.slice(4, -4))), strFromU8(data)]));

/** Opens `seed` of the shown run in the player and returns its frame. */
async function openSeed(page, seed) {
  await page.evaluate((s) => {
    const button = [...document.querySelectorAll('#batch-results tbody button')].find((b) => b.textContent === s);
    button.scrollIntoView();
  }, seed);
  await page.click(`#batch-results tbody button:text-is("${seed}")`);
  await page.waitForFunction(() => document.body.dataset.view === 'player');
  await page.waitForFunction((s) => window.arcade.state().seed === s && window.arcade.frame().moves > 0, seed);
  return frame(page);
}

test('a 1,000-seed batch survives a reload with every output; its seeds open in the player with their scores', async () => {
  // Strip 2048's greedy solver ends each game in about a millisecond: the batch is about
  // storing, not solving.
  const page = await site.open('?view=batch&game=strip2048&seeds=1..1000&solver=greedy&budget=100');
  const t0 = Date.now();
  const run = await runBatch(page);
  const seconds = (Date.now() - t0) / 1000;
  assert.equal(run.rows.length, 1000);
  assert.ok(run.rows.every((r) => r.status === 'done'), 'every seed solved');
  // `arcade bench strip2048 --seeds 1..1000 --budget-ms 100 --solver greedy`: sum 131,440.
  assert.equal(run.rows.reduce((sum, r) => sum + r.score, 0), 131_440);
  const before = await page.evaluate((id) => window.arcadeBatch.outputs(id), run.id);
  assert.equal(before.filter((o) => typeof o === 'string' && o.length > 0).length, 1000);
  assert.match(await page.textContent('#batch-stored-list'), new RegExp(`#${run.id} strip2048 · greedy 0.1 s · 1,000 seeds · \\d+ KB of outputs`));

  await reload(page);
  const [again] = await runs(page);
  assert.deepEqual(again.rows.map((r) => [r.seed, r.score, r.status]), run.rows.map((r) => [r.seed, r.score, r.status]));
  // Every output, read back from the database, is the one the solver wrote for that seed.
  const after = await page.evaluate((id) => window.arcadeBatch.outputs(id), again.id);
  assert.equal(after.length, 1000);
  assert.ok(after.every((o, i) => o === before[i]), 'all 1,000 outputs kept, each on its own seed');
  // The zip holds them all too.
  const zipped = zipOutputs(await downloaded(page, '#batch-zip'));
  assert.equal(zipped.size, 1000);
  run.rows.forEach((r, i) => assert.equal(zipped.get(r.seed), before[i], `seed ${r.seed} in the zip`));
  // Seeds open in the player with their kept output and the table's score.
  for (const seed of ['1', '517', '1000']) {
    const f = await openSeed(page, seed);
    assert.equal(f.score, run.rows[Number(seed) - 1].score, `seed ${seed}'s score`);
    assert.equal(await page.evaluate(() => window.arcade.output()), before[Number(seed) - 1]);
    await page.goBack();
    await page.waitForFunction(() => document.body.dataset.view === 'batch');
  }
  console.log(`# 1,000 Strip 2048 seeds solved and stored in ${seconds.toFixed(1)} s`);
  assert.deepEqual(page.errors, []);
});
