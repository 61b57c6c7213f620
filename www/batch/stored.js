// The batch runs kept in the browser's database (www/db.js), outputs included, so a reload
// keeps a 1,000-seed run whole. A run is a record (its table, no outputs) and its outputs in
// chunks of CHUNK_ROWS rows, each chunk deflated JSON (outputs are text and shrink 3 to 30
// times; deflated in a worker, deflate-worker.js) and written in its own transaction: the page
// keeps drawing while a run is stored. A chunk is
// written once all its rows have ended, the record after the chunks, so a reload in the middle
// of a run keeps what had ended. Restored runs read their outputs back a chunk at a time.
import { openDatabase, between } from '../db.js';
import { deflateSync, inflateSync, strToU8, strFromU8 } from '../vendor/fflate.js';

export const CHUNK_ROWS = 25;
// A run bigger than this is "big": the first one stored asks the browser to keep the storage.
export const BIG_RUN_BYTES = 1_000_000;
const PERSIST_KEY = 'arcade.batch.persist';

const ended = (row) => row.status !== 'queued' && row.status !== 'running';
const chunksOf = (run) => Math.ceil(run.rows.length / CHUNK_ROWS);
const allChunks = (id) => between([id, 0], [id, Infinity]);

/**
 * `text` deflated, in a worker (started when needed, ended after a second without work, as the
 * pool's workers are); on the page's thread when a worker cannot be had.
 */
const PACKER_IDLE_MS = 1000;
let packer = null;
let packerIdle = 0;
const packing = new Map();
let nextPack = 1;
function deflated(text) {
  if (packer === false) return Promise.resolve(deflateSync(strToU8(text), { level: 6 }));
  clearTimeout(packerIdle);
  if (!packer) {
    try {
      packer = new Worker(new URL('./deflate-worker.js', import.meta.url), { type: 'module' });
    } catch {
      packer = false;
      return deflated(text);
    }
    packer.onmessage = ({ data: { id, z } }) => {
      packing.get(id).resolve(z);
      packing.delete(id);
      if (packing.size) return;
      packerIdle = setTimeout(() => {
        if (!packer) return;
        packer.terminate();
        packer = null;
      }, PACKER_IDLE_MS);
    };
    // A worker that fails (refused, crashed): what it owed, and all later chunks, here.
    packer.onerror = (event) => {
      event.preventDefault?.();
      packer.terminate();
      packer = false;
      for (const [id, { text: owed, resolve }] of packing) {
        packing.delete(id);
        resolve(deflateSync(strToU8(owed), { level: 6 }));
      }
    };
  }
  const id = nextPack++;
  return new Promise((resolve) => {
    packing.set(id, { text, resolve });
    packer.postMessage({ id, text });
  });
}

/** What a run's record holds: everything but the outputs and the page's own fields. */
function record(run) {
  return {
    id: run.id, name: run.name, game: run.game, source: run.source, solver: run.solver, budgetMs: run.budgetMs,
    seedsText: run.seedsText, skipped: run.skipped, state: run.state, date: run.date, wallMs: run.wallMs,
    rows: run.rows.map((r) => ({ seed: r.seed, status: r.status, score: r.score, moves: r.moves ?? null, ms: r.ms, values: r.values, error: r.error })),
    chunks: [...run.kept.chunks], outputBytes: run.kept.bytes,
  };
}

export class RunStore {
  constructor(db) {
    this.db = db;
    this.cached = null; // the last chunk read back: {id, chunk, texts: a promise}
  }

  /** The store, or a rejection saying why the browser's database cannot be had. */
  static async open() {
    return new RunStore(await openDatabase());
  }

  /**
   * The kept runs, oldest first, as records: rows without outputs, `chunks` (the indexes of the
   * chunks written) and `outputBytes` (their deflated size).
   */
  runs() {
    return this.db.all('runs');
  }

  /**
   * Writes what of `run` is not kept yet: each chunk whose rows have all ended, then the
   * record. `outputOf(row)` gives a row's output text (or null; may be a promise). Keeps
   * `run.kept = {chunks: Set, bytes}` up to date. A full storage rejects (the chunks written
   * stay, and the record is still written when it fits).
   */
  async save(run, outputOf) {
    if (!run.kept) {
      run.kept = { chunks: new Set(), bytes: 0 };
      // A save that died half-way may have left chunks under this id.
      await this.db.delete({ outputs: allChunks(run.id) });
    }
    let failure = null;
    for (let chunk = 0; chunk < chunksOf(run) && !failure; chunk++) {
      if (run.kept.chunks.has(chunk)) continue;
      const rows = run.rows.slice(chunk * CHUNK_ROWS, (chunk + 1) * CHUNK_ROWS);
      if (!rows.every(ended)) continue;
      const texts = await Promise.all(rows.map(outputOf));
      const z = await deflated(JSON.stringify(texts));
      try {
        await this.db.put('outputs', [{ run: run.id, chunk, z }]);
        run.kept.chunks.add(chunk);
        run.kept.bytes += z.byteLength;
      } catch (error) {
        failure = error;
      }
    }
    await this.db.put('runs', [record(run)]);
    if (failure) throw failure;
  }

  /** The output of row `index` of a kept run (null when it had none or it was not kept). */
  async output(run, index) {
    const chunk = Math.floor(index / CHUNK_ROWS);
    if (!run.kept?.chunks.has(chunk)) return null;
    // The chunk's promise is kept: rows asked for together read and inflate it once.
    let c = this.cached;
    if (!(c && c.id === run.id && c.chunk === chunk)) {
      const texts = this.db.get('outputs', [run.id, chunk])
        .then((item) => (item ? JSON.parse(strFromU8(inflateSync(item.z))) : []));
      c = { id: run.id, chunk, texts };
      this.cached = c;
      texts.catch(() => { if (this.cached === c) this.cached = null; });
    }
    return (await c.texts)[index % CHUNK_ROWS] ?? null;
  }

  async remove(id) {
    if (this.cached?.id === id) this.cached = null;
    await this.db.delete({ runs: id, outputs: allChunks(id) });
  }

  async removeAll() {
    this.cached = null;
    await this.db.clear(['runs', 'outputs']);
  }
}

/**
 * How much the page stores of what the browser grants, and whether the storage is persistent:
 * {usage, quota, persisted, asked: {at, answer} | null}; fields the browser does not tell are
 * undefined.
 */
export async function storageState() {
  const s = navigator.storage;
  const state = { asked: askedBefore() };
  try {
    if (s?.estimate) Object.assign(state, await s.estimate());
    if (s?.persisted) state.persisted = await s.persisted();
  } catch {
    // a browser that will not tell: the fields stay undefined
  }
  return state;
}

function askedBefore() {
  try {
    return JSON.parse(localStorage.getItem(PERSIST_KEY) ?? 'null');
  } catch {
    return null;
  }
}

/**
 * Asks the browser, once per browser, to keep this site's storage (not to clear it when space
 * runs low): {at, answer} of the first time asked, or null when the browser cannot be asked.
 */
export async function askPersistence() {
  const before = askedBefore();
  if (before) return before;
  if (!navigator.storage?.persist) return null;
  let answer;
  try {
    answer = await navigator.storage.persist();
  } catch {
    return null;
  }
  const asked = { at: new Date().toISOString(), answer };
  try {
    localStorage.setItem(PERSIST_KEY, JSON.stringify(asked));
  } catch {
    // not remembered: it may be asked again next time, which is harmless
  }
  return asked;
}
