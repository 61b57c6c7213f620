// The batch's worker pool: `size` slots, each a SolverRunner (so every job keeps the single
// solver's budget + grace rule, or the scoring limit), all fed from one queue. The compiled
// wasm module is handed to each worker. Cancel terminates every worker at once.
import { SolverRunner } from '../solver.js';

/** One core is left for the page itself. */
export const defaultPoolSize = () => Math.max(1, (navigator.hardwareConcurrency || 2) - 1);

export class Pool {
  constructor(workerUrl, module, size = defaultPoolSize()) {
    this.workerUrl = workerUrl;
    this.module = module;
    this.size = size;
    this.slots = []; // {index, runner, job}
    this.queue = [];
    this.handlers = null;
    this.resolve = null;
  }

  get busy() {
    return this.slots.filter((slot) => slot.job).length;
  }

  /**
   * Runs every job on up to `size` workers at once. Handlers: onStart(job, slotIndex),
   * onProgress(job, progress), onDone(job, result), onError(job, message). Resolves to true
   * when all are done, false when cancelled. Starting a run cancels the one before.
   */
  run(jobs, handlers) {
    this.cancel();
    this.queue = [...jobs];
    this.handlers = handlers;
    return new Promise((resolve) => {
      this.resolve = resolve;
      this.pump();
    });
  }

  /** Changes the number of workers; takes effect as jobs start and end. */
  resize(size) {
    this.size = Math.max(1, size);
    if (this.resolve) this.pump();
  }

  pump() {
    // Slots beyond a smaller size are closed once idle.
    for (const slot of this.slots.filter((s) => s.index >= this.size && !s.job)) slot.runner.close();
    this.slots = this.slots.filter((s) => s.index < this.size || s.job);
    while (this.queue.length) {
      const slot = this.idleSlot();
      if (!slot) break;
      this.startOn(slot, this.queue.shift());
    }
    if (!this.queue.length && !this.busy && this.resolve) this.end(true);
  }

  idleSlot() {
    const idle = this.slots.find((s) => s.index < this.size && !s.job);
    if (idle) return idle;
    for (let index = 0; index < this.size; index++) {
      if (this.slots.some((s) => s.index === index)) continue;
      const slot = { index, runner: new SolverRunner(this.workerUrl, { module: this.module, warm: false }), job: null };
      this.slots.push(slot);
      return slot;
    }
    return null;
  }

  startOn(slot, job) {
    const handlers = this.handlers;
    slot.job = job;
    handlers.onStart?.(job, slot.index);
    const settle = (report) => (value) => {
      slot.job = null;
      report?.(job, value);
      this.pump();
    };
    slot.runner.start(job, {
      onProgress: (progress) => handlers.onProgress?.(job, progress),
      onDone: settle(handlers.onDone),
      onError: settle(handlers.onError),
    });
  }

  /** Stops every running job at once (terminating its worker) and drops the queue. */
  cancel() {
    this.queue = [];
    for (const slot of this.slots) slot.job = null;
    if (this.resolve) this.end(false);
    else this.release();
  }

  end(finished) {
    const resolve = this.resolve;
    this.resolve = null;
    this.release();
    resolve(finished);
  }

  /** Ends every worker: idle ones hold a wasm instance's memory for nothing. */
  release() {
    for (const slot of this.slots) slot.runner.close();
    this.slots = [];
  }
}
