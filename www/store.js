// The browser's memory of each game: the current game of every game id (restored on reload
// and when switching back), a short list of games that something replaced ("Your games"),
// and the page's own settings (theme, last game). Every call is synchronous, so a move is in
// storage before the next frame. Long move lists are stored deflated. Storage can fail
// (private mode, quota): every call degrades to doing nothing and reports the failure once
// through `onFailure`.
//
// The current game and the settings live in localStorage. Your games live in the browser's
// database (www/db.js) once `useDatabase()` has read them into memory: a change is written to
// localStorage first, synchronously, as a journal, and that copy is removed once the
// database has committed the same list; a list still in localStorage at the next load is
// newer than the database's and replaces it. So nothing kept is lost to a reload, however
// quick, and localStorage holds only what is in flight. Without the database, Your games stay
// in localStorage.
import { deflate, inflate } from './link.js';
import { openDatabase } from './db.js';

const PREFIX = 'arcade:v1:';
const KEEP = 12; // kept games per game id
const DEFLATE_FROM = 2000; // characters of moves

export class Store {
  constructor(onFailure) {
    this.onFailure = onFailure;
    this.failed = false;
    this.db = null; // the database, once Your games are read from it
    this.lists = new Map(); // with the database: Your games by game id, newest first
    this.journal = new Map(); // game id → the number of its latest write, so an older write's commit does not clear a newer journal
    try {
      this.storage = window.localStorage;
    } catch (error) {
      this.storage = null;
      this.fail(error);
    }
  }

  fail(error) {
    if (this.failed) return;
    this.failed = true;
    this.onFailure?.(String(error?.message ?? error));
  }

  read(key) {
    try {
      const text = this.storage?.getItem(PREFIX + key);
      return text ? JSON.parse(text) : null;
    } catch {
      return null; // unreadable data is treated as absent
    }
  }

  write(key, value) {
    if (!this.storage) return false;
    try {
      this.storage.setItem(PREFIX + key, JSON.stringify(value));
      return true;
    } catch (error) {
      this.fail(error);
      return false;
    }
  }

  /** A page setting (`last` game, `theme`), or null. */
  setting(name) {
    return this.read(name);
  }

  setSetting(name, value) {
    this.write(name, value);
  }

  /** The saved current game of `game`: {seed, params, text, turn, source} or null. */
  current(game) {
    return unpack(this.read(`current:${game}`));
  }

  /** Saves the current game; `packed` is the deflated text when the caller has it already. */
  setCurrent(game, entry, packed) {
    this.write(`current:${game}`, pack(entry, packed));
  }

  /**
   * Reads Your games from the browser's database, first moving there the lists localStorage
   * holds (kept before the database was used, or whose database write was not confirmed).
   * Resolves with null, or with the reason the database cannot be used (Your games then stay
   * in localStorage).
   */
  async useDatabase() {
    let db;
    const lists = new Map();
    try {
      db = await openDatabase();
      for (const { game, list } of await db.all('games')) lists.set(game, list);
      const journal = [];
      for (let i = 0; i < (this.storage?.length ?? 0); i++) {
        const key = this.storage.key(i);
        if (key?.startsWith(`${PREFIX}saved:`)) journal.push(key.slice(`${PREFIX}saved:`.length));
      }
      for (const game of journal) {
        const list = this.read(`saved:${game}`);
        if (Array.isArray(list)) {
          await db.put('games', [{ game, list }], 'strict');
          lists.set(game, list);
        }
        this.storage.removeItem(`${PREFIX}saved:${game}`);
      }
    } catch (error) {
      return String(error?.message ?? error);
    }
    this.db = db;
    for (const [game, list] of lists) this.lists.set(game, Array.isArray(list) ? list.map(unpack).filter(Boolean) : []);
    return null;
  }

  /** The kept games of `game`, newest first. */
  saved(game) {
    if (this.db) return this.lists.get(game) ?? [];
    const list = this.read(`saved:${game}`);
    return Array.isArray(list) ? list.map(unpack).filter(Boolean) : [];
  }

  /** Keeps `entry` (a game with moves) first in the list; an identical one moves up. */
  keep(game, entry) {
    const list = this.saved(game).filter((e) => !sameGame(e, entry));
    list.unshift({ ...entry, at: Date.now() });
    this.writeSaved(game, list.slice(0, KEEP));
  }

  forget(game, entry) {
    this.writeSaved(game, this.saved(game).filter((e) => !sameGame(e, entry)));
  }

  writeSaved(game, list) {
    const packed = list.map((e) => pack(e));
    if (this.db) {
      this.lists.set(game, list);
      const key = `${PREFIX}saved:${game}`;
      const n = (this.journal.get(game) ?? 0) + 1;
      this.journal.set(game, n);
      let journaled = false;
      try {
        this.storage?.setItem(key, JSON.stringify(packed));
        journaled = !!this.storage;
      } catch {
        // no journal (a full localStorage): the database's write is the only copy
      }
      // Strict: the journal goes only once the list is on disk. A refused write leaves the
      // journal for the next load to move; without one, the list is lost to a reload: said.
      this.db.put('games', [{ game, list: packed }], 'strict').then(
        () => { if (this.journal.get(game) === n) this.storage?.removeItem(key); },
        (error) => { if (!journaled) this.fail(error); },
      );
      return;
    }
    // On a full quota, drop the oldest kept games rather than keep nothing.
    while (!this.write(`saved:${game}`, packed) && this.storage && packed.length > 1) packed.pop();
  }
}

export const sameGame = (a, b) => a.seed === b.seed && a.text === b.text
  && JSON.stringify(a.params ?? {}) === JSON.stringify(b.params ?? {});

function pack(entry, packed) {
  const { text, ...rest } = entry;
  if (text.length < DEFLATE_FROM) return { ...rest, text };
  return { ...rest, z: packed ?? deflate(text) };
}

function unpack(item) {
  if (!item || typeof item !== 'object' || typeof item.seed !== 'string') return null;
  try {
    const text = item.z !== undefined ? inflate(item.z) : String(item.text ?? '');
    const { z, ...rest } = item;
    return { ...rest, text };
  } catch {
    return null;
  }
}
