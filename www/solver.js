// Runs solvers in a module Web Worker and enforces the budget from the page: the solver stops
// itself at its soft deadline, and if it has not answered by budget + grace the worker is
// terminated (and a fresh one made ready for the next run). The page never blocks.

const GRACE_MS = 1500;
// A worker that has not even started the job by then (wasm never loaded) is given up on.
const START_TIMEOUT_MS = 30_000;

export class SolverRunner {
  constructor(workerUrl) {
    this.workerUrl = workerUrl;
    this.worker = null;
    this.job = null;
    this.nextId = 1;
    this.warm();
  }

  /** Keeps one worker loaded so a solve does not pay the cold start. */
  warm() {
    if (!this.worker) this.worker = new Worker(this.workerUrl, { type: 'module' });
  }

  get running() {
    return this.job !== null;
  }

  /**
   * Starts a solve. Callbacks: onProgress({score, turn, elapsed_ms}), onDone(result),
   * onError(message). Only one job at a time.
   */
  start({ game, seed, params, solver, budgetMs, prefix = '' }, { onProgress, onDone, onError }) {
    if (this.job) this.cancel();
    this.warm();
    const id = this.nextId++;
    const worker = this.worker;
    const finish = () => {
      clearTimeout(this.job?.timer);
      this.job = null;
    };
    const stop = (message) => () => {
      this.kill();
      finish();
      onError(message);
    };
    // Until the worker says it started (its wasm may still be loading), only a long start
    // timeout runs; the budget + grace deadline counts from the start of the solve itself.
    const timer = setTimeout(
      stop(`the solver's worker did not start within ${START_TIMEOUT_MS / 1000} s and was stopped`),
      START_TIMEOUT_MS,
    );
    this.job = { id, timer, startedAt: performance.now() };
    worker.onmessage = (event) => {
      const msg = event.data;
      if (!this.job || msg.id !== id) return;
      if (msg.type === 'started') {
        clearTimeout(this.job.timer);
        this.job.timer = setTimeout(
          stop(`the solver did not finish within its budget of ${budgetMs} ms plus ${GRACE_MS} ms and was stopped`),
          budgetMs + GRACE_MS,
        );
      } else if (msg.type === 'progress') onProgress(msg.progress);
      else if (msg.type === 'done') {
        finish();
        onDone(msg.result);
      } else if (msg.type === 'error') {
        finish();
        onError(msg.message);
      }
    };
    worker.onerror = (event) => {
      if (!this.job || this.job.id !== id) return;
      event.preventDefault?.();
      this.kill();
      finish();
      onError(`the solver crashed: ${event.message ?? 'unknown error'}`);
    };
    worker.postMessage({ id, game, seed, params, solver, budgetMs, prefix });
  }

  /** Stops the running job at once. */
  cancel() {
    if (!this.job) return;
    clearTimeout(this.job.timer);
    this.job = null;
    this.kill();
  }

  kill() {
    this.worker?.terminate();
    this.worker = null;
    this.warm();
  }
}
