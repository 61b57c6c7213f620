// The browser's own database (IndexedDB), for what is too big for localStorage's ~5 MB: the
// batch view's runs and their outputs, and Your games (www/store.js). One database, versioned; every call returns a promise
// that rejects with an Error saying why (private mode, a refused or full database), and the
// callers turn that into a note: the page never depends on it to work.

const NAME = 'arcade';
const VERSION = 1;
// The database refuses to open while a tab holds an older version open; such a tab is asked
// to close it (`versionchange`), but a hung open must not hang the page.
const OPEN_TIMEOUT_MS = 5000;

/** Each version's changes, applied in order on an upgrade from `oldVersion`. */
const UPGRADES = [
  // 1: runs by id (the table without outputs); outputs in chunks of rows, by [run, chunk];
  // Your games, one list per game id.
  (db) => {
    db.createObjectStore('runs', { keyPath: 'id' });
    db.createObjectStore('outputs', { keyPath: ['run', 'chunk'] });
    db.createObjectStore('games', { keyPath: 'game' });
  },
];

/** A request's result as a promise. */
const done = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error ?? new Error('the database refused the request'));
});

/** Why something failed, in a few words: the DOMException's name and message. */
export const reasonOf = (error) => (error?.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : String(error?.message ?? error));

class Database {
  constructor(idb) {
    this.idb = idb;
    // Another tab upgrades the database: this one lets it.
    idb.onversionchange = () => idb.close();
  }

  /**
   * Runs `work(stores)` in one transaction over the named stores; resolves with what `work`
   * returned once the transaction has committed, rejects if it aborts. `durability`: 'strict'
   * resolves only once the write is on disk; 'relaxed' once the browser has it (it survives a
   * reload and a closed tab, not a power cut), which is much faster for megabytes.
   */
  transaction(names, mode, work, durability = 'relaxed') {
    return new Promise((resolve, reject) => {
      let tx;
      try {
        tx = this.idb.transaction(names, mode, { durability });
      } catch (error) {
        reject(error);
        return;
      }
      const stores = Object.fromEntries(names.map((n) => [n, tx.objectStore(n)]));
      let result;
      tx.oncomplete = () => resolve(result);
      tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('the database transaction was aborted'));
      try {
        result = work(stores);
      } catch (error) {
        tx.abort();
        reject(error);
      }
    });
  }

  get(store, key) {
    return this.transaction([store], 'readonly', (s) => done(s[store].get(key)));
  }

  /** Every value of `store` (within the key range `range`, if given), in key order. */
  all(store, range) {
    return this.transaction([store], 'readonly', (s) => done(s[store].getAll(range)));
  }

  /** Writes `values` into `store` in one transaction (`durability` as for `transaction`). */
  put(store, values, durability) {
    return this.transaction([store], 'readwrite', (s) => { for (const v of values) s[store].put(v); }, durability);
  }

  /** Deletes a key or a key range from each of several stores, in one transaction. */
  delete(targets) {
    const names = Object.keys(targets);
    return this.transaction(names, 'readwrite', (s) => { for (const n of names) s[n].delete(targets[n]); });
  }

  clear(names) {
    return this.transaction(names, 'readwrite', (s) => { for (const n of names) s[n].clear(); });
  }
}

let opening = null;

/** The database (one per page), or a rejection saying why it cannot be had. */
export function openDatabase() {
  opening ??= new Promise((resolve, reject) => {
    let request;
    try {
      if (typeof indexedDB === 'undefined' || !indexedDB) throw new Error('this browser has no IndexedDB');
      request = indexedDB.open(NAME, VERSION);
    } catch (error) {
      reject(error);
      return;
    }
    const timer = setTimeout(() => reject(new Error(`the database did not open within ${OPEN_TIMEOUT_MS / 1000} s (another tab may hold an older version open)`)), OPEN_TIMEOUT_MS);
    request.onupgradeneeded = (event) => {
      for (let v = event.oldVersion; v < VERSION; v++) UPGRADES[v](request.result);
    };
    request.onsuccess = () => {
      clearTimeout(timer);
      resolve(new Database(request.result));
    };
    request.onerror = () => {
      clearTimeout(timer);
      reject(request.error ?? new Error('the database could not be opened'));
    };
  });
  return opening;
}

/** A key range from `lower` to `upper`, both included. */
export const between = (lower, upper) => IDBKeyRange.bound(lower, upper);
