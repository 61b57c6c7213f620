// Batch throughput: the page's batch view (a pool of N workers, in headless Chromium) against
// `arcade bench --jobs N` natively, on the same game, seeds, solver and budget.
//   node scripts/bench-batch.mjs GAME [--seeds A..B] [--solver S] [--budget-ms B] [--jobs N] [--repeat R]
// Build first: scripts/build-web.sh and `cargo build --release`. Prints each side's wall time
// (median of R), seeds per second, the page/native throughput ratio and both mean scores.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { start, root } from '../tests/e2e/harness.js';

const args = process.argv.slice(2);
const game = args[0] ?? 'square-remover';
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i > 0 ? args[i + 1] : fallback;
};
const seeds = option('seeds', '1..20');
const solver = option('solver', 'greedy');
const budgetMs = Number(option('budget-ms', '30000'));
const jobs = Number(option('jobs', '1'));
const repeat = Number(option('repeat', '3'));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** `arcade bench`, timed until its table appears (after every seed; before its simulator line). */
function native() {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(join(root, 'target/release/arcade'), ['bench', game, '--seeds', seeds, '--solver', solver, '--budget-ms', String(budgetMs), '--jobs', String(jobs)]);
    let text = '';
    let ms = null;
    child.stdout.on('data', (chunk) => {
      text += chunk;
      if (ms === null && text.includes('| seed |')) ms = performance.now() - t0;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`arcade bench exited with ${code}`));
      const scores = [...text.matchAll(/^\| \d+ \| [^|]* \| (-?\d+) \|/gm)].map((m) => Number(m[1]));
      resolve({ ms, scores });
    });
  });
}

async function page(site) {
  const tab = await site.open(`?view=batch&game=${game}&seeds=${seeds}&solver=${solver}&budget=${budgetMs}`);
  await tab.fill('#batch-workers', String(jobs));
  await tab.dispatchEvent('#batch-workers', 'change');
  await tab.click('#batch-run');
  await tab.waitForFunction(() => window.arcadeBatch.runs().at(-1)?.state === 'done', null, { timeout: 0 });
  // From Run to the last result, as the page measures it (workers made and wasm instantiated
  // included).
  const run = await tab.evaluate(() => window.arcadeBatch.runs().at(-1));
  await tab.context().close();
  const failed = run.rows.filter((r) => r.status !== 'done');
  if (failed.length) throw new Error(`seed ${failed[0].seed}: ${failed[0].error}`);
  return { ms: run.wallMs, scores: run.rows.map((r) => r.score) };
}

const site = await start();
try {
  const results = { native: [], page: [] };
  for (let i = 0; i < repeat; i++) {
    results.native.push(await native());
    results.page.push(await page(site));
  }
  const count = results.native[0].scores.length;
  const line = (name, runs) => {
    const ms = median(runs.map((r) => r.ms));
    return { ms, text: `${name}: median ${(ms / 1000).toFixed(2)} s for ${count} seeds (${((count * 1000) / ms).toFixed(2)} seeds/s), mean score ${mean(runs.flatMap((r) => r.scores)).toFixed(1)}` };
  };
  const n = line('native', results.native);
  const p = line('page  ', results.page);
  console.log(`# ${game} — solver ${solver}, budget ${budgetMs} ms, seeds ${seeds}, ${jobs} job(s)/worker(s), ${repeat} repeats`);
  console.log(n.text);
  console.log(p.text);
  console.log(`page/native throughput: ${(n.ms / p.ms).toFixed(2)}`);
} finally {
  await site.close();
}
