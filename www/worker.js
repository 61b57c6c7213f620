// The page's worker: runs one job at a time, a `solve` (streaming progress) or a `score` (an
// output text or File scored as the official tester would, so a huge file never blocks the
// page). The page's first message hands over the compiled wasm module, so no worker downloads
// or compiles it again. `onmessage` is attached before wasm is ready: a message that arrives
// earlier would otherwise be lost. A job's clock starts here, once wasm is ready.
import init, { solveFrom, score, instanceParams } from './pkg/arcade.js';
import './wasm-file.js';

// No output of any game comes near this; a bigger file is refused before it is read.
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

let ready = null;

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function scoreJob({ game, seed, params, output, file }) {
  if (file && file.size > MAX_OUTPUT_BYTES) {
    throw new Error(`the file is ${megabytes(file.size)}, more than the ${megabytes(MAX_OUTPUT_BYTES)} this page reads; no output of this game is that long`);
  }
  const text = file ? await file.text() : output;
  const result = score(game, seed, params, text);
  if (result.score !== null && result.score !== undefined) return { score: result.score, moves: result.moves };
  // The first bad move, as {move, line, reason} (counted from 1), worded by the page.
  return { problem: { move: result.move, line: result.line, reason: result.reason } };
}

self.onmessage = async (event) => {
  const job = event.data;
  if (job.type === 'init') {
    ready = init({ module_or_path: job.module });
    ready.catch(() => {}); // a failed init is reported by each job that awaits it
    return;
  }
  // No module was handed over (a page that does not share one): load the file the page
  // would pick (wasm-file.js) by URL.
  ready ??= init({ module_or_path: new URL(`../${globalThis.arcadeWasmFile()}`, import.meta.url) });
  const { id, game, seed, params } = job;
  try {
    await ready;
    // The page arms its time limit from here, so a slow wasm load is not counted.
    self.postMessage({ id, type: 'started' });
    const startedAt = performance.timeOrigin + performance.now();
    let result;
    if (job.type === 'score') result = await scoreJob(job);
    else {
      const progress = (p) => self.postMessage({ id, type: 'progress', progress: p });
      // `prefix`: the first moves, kept; the solver plays on from there.
      result = solveFrom(game, seed, params, job.prefix ?? '', job.solver, job.budgetMs, progress);
    }
    const endedAt = performance.timeOrigin + performance.now();
    // The instance's parameters as drawn (e.g. {N: 9, C: 4}), for the batch's table and chart.
    result.values = instanceParams(game, seed, params);
    result.ms = endedAt - startedAt;
    result.startedAt = startedAt;
    result.endedAt = endedAt;
    self.postMessage({ id, type: 'done', result });
  } catch (error) {
    self.postMessage({ id, type: 'error', message: String(error?.message ?? error) });
  }
};
