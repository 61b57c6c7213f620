// Runs jobs in a module Web Worker and enforces their time from the page. A job is a `solve`
// (a built-in solver under a budget: it stops itself at its soft deadline, and if it has not
// answered by budget + grace the worker is terminated) or a `score` (an output scored as the
// official tester would, off the main thread, under a fixed limit). After a kill a fresh
// worker is made for the next job. The page never blocks. The batch view's pool is several
// of these runners, so every job there keeps the same rule.

const GRACE_MS = 1500;
// Scoring even a 50 MB file takes a few seconds; a score that runs longer is stopped.
const SCORE_LIMIT_MS = 30_000;
// A worker that has not even started the job by then (wasm never loaded) is given up on.
const START_TIMEOUT_MS = 30_000;

export class SolverRunner {
  /**
   * `module`: the compiled wasm module, handed to every worker this runner makes so none
   * downloads or compiles it again. `warm`: keep a worker loaded while idle, so a solve does
   * not pay the cold start (the player's runner); the batch pool makes them on demand.
   */
  constructor(workerUrl, { module = null, warm = true } = {}) {
    this.workerUrl = workerUrl;
    this.module = module;
    this.keepWarm = warm;
    this.worker = null;
    this.job = null;
    this.nextId = 1;
    if (warm) this.warm();
  }

  warm() {
    if (this.worker) return;
    this.worker = new Worker(this.workerUrl, { type: 'module' });
    // The first message; the worker's own init waits for it (messages arrive in order).
    if (this.module) this.worker.postMessage({ type: 'init', module: this.module });
  }

  get running() {
    return this.job !== null;
  }

  /**
   * Starts a job: `{type: 'solve', game, seed, params, solver, budgetMs, prefix?}` or `{type: 'score',
   * game, seed, params, output | file}` (a File is read in the worker). Callbacks:
   * onStarted(), onProgress({score, turn, elapsed_ms}), onDone(result), onError(message).
   * One job at a time: starting another cancels the first.
   */
  start(job, { onStarted, onProgress, onDone, onError }) {
    if (this.job) this.cancel();
    this.warm();
    const id = this.nextId++;
    const worker = this.worker;
    const type = job.type ?? 'solve';
    const [limitMs, overrun] = type === 'score'
      ? [SCORE_LIMIT_MS, `scoring did not finish within ${SCORE_LIMIT_MS / 1000} s and was stopped`]
      : [job.budgetMs + GRACE_MS, `the solver did not finish within its budget of ${job.budgetMs} ms plus ${GRACE_MS} ms and was stopped`];
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
    // timeout runs; the job's own limit counts from the start of the job itself.
    const timer = setTimeout(
      stop(`the worker did not start within ${START_TIMEOUT_MS / 1000} s and was stopped`),
      START_TIMEOUT_MS,
    );
    this.job = { id, timer };
    worker.onmessage = (event) => {
      const msg = event.data;
      if (!this.job || msg.id !== id) return;
      if (msg.type === 'started') {
        clearTimeout(this.job.timer);
        this.job.timer = setTimeout(stop(overrun), limitMs);
        onStarted?.();
      } else if (msg.type === 'progress') onProgress?.(msg.progress);
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
      onError(`the worker crashed: ${event.message ?? 'unknown error'}`);
    };
    const { game, seed, params, solver, budgetMs, prefix, output, file } = job;
    worker.postMessage({ id, type, game, seed, params, solver, budgetMs, prefix, output, file });
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
    if (this.keepWarm) this.warm();
  }

  /** Stops any job and ends the worker for good. */
  close() {
    this.keepWarm = false;
    if (this.job) this.cancel();
    else this.kill();
  }
}
