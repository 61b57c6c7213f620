// The browser's memory of each game: the current game of every game id (restored on reload
// and when switching back), a short list of games that something replaced ("Your games"),
// and the page's own settings (theme, last game). Every call is synchronous, so a move is in
// storage before the next frame. Long move lists are stored deflated. Storage can fail
// (private mode, quota): every call degrades to doing nothing and reports the failure once
// through `onFailure`.
import { deflate, inflate } from './link.js';

const PREFIX = 'arcade:v1:';
const KEEP = 12; // kept games per game id
const DEFLATE_FROM = 2000; // characters of moves

export class Store {
  constructor(onFailure) {
    this.onFailure = onFailure;
    this.failed = false;
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

  /** The kept games of `game`, newest first. */
  saved(game) {
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
