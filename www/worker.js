// The solver worker: runs one solve at a time and streams progress.
// `onmessage` is attached before wasm finishes loading: a message that arrives earlier would
// otherwise be lost. The budget clock starts here, when the job starts.
import init, { solveFrom } from './pkg/arcade.js';

const ready = init();

self.onmessage = async (event) => {
  const { id, game, seed, params, solver, budgetMs, prefix = '' } = event.data;
  try {
    await ready;
    // The page arms its budget + grace timer from here, so a slow wasm load is not counted.
    self.postMessage({ id, type: 'started' });
    const progress = (p) => self.postMessage({ id, type: 'progress', progress: p });
    const result = solveFrom(game, seed, params, prefix, solver, budgetMs, progress);
    self.postMessage({ id, type: 'done', result });
  } catch (error) {
    self.postMessage({ id, type: 'error', message: String(error?.message ?? error) });
  }
};
