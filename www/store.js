// The browser's memory of each game: the current game of every game id (restored on reload
// and when switching back) and a short list of games that something replaced ("Your games").
// Long move lists are stored deflated. Storage can fail (private mode, quota): every call
// degrades to doing nothing and reports the failure once through `onFailure`.
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

  get lastGame() {
    return this.read('last');
  }

  set lastGame(id) {
    this.write('last', id);
  }

  /** The saved current game of `game`: {seed, params, text, turn, label} or null. */
  async current(game) {
    return unpack(this.read(`current:${game}`));
  }

  async setCurrent(game, entry) {
    this.write(`current:${game}`, await pack(entry));
  }

  /** The kept games of `game`, newest first. */
  async saved(game) {
    const list = this.read(`saved:${game}`);
    if (!Array.isArray(list)) return [];
    const out = [];
    for (const item of list) {
      const entry = await unpack(item);
      if (entry) out.push(entry);
    }
    return out;
  }

  /** Keeps `entry` (a game with moves) first in the list; an identical one moves up. */
  async keep(game, entry) {
    const list = (await this.saved(game)).filter((e) => !sameGame(e, entry));
    list.unshift({ ...entry, at: Date.now() });
    await this.writeSaved(game, list.slice(0, KEEP));
  }

  async forget(game, entry) {
    await this.writeSaved(game, (await this.saved(game)).filter((e) => !sameGame(e, entry)));
  }

  async writeSaved(game, list) {
    const packed = [];
    for (const e of list) packed.push(await pack(e));
    // On a full quota, drop the oldest kept games rather than keep nothing.
    while (!this.write(`saved:${game}`, packed) && this.storage && packed.length > 1) packed.pop();
  }
}

export const sameGame = (a, b) => a.seed === b.seed && a.text === b.text
  && JSON.stringify(a.params ?? {}) === JSON.stringify(b.params ?? {});

async function pack(entry) {
  if (!entry) return null;
  const { text, ...rest } = entry;
  if (text.length < DEFLATE_FROM) return { ...rest, text };
  return { ...rest, z: await deflate(text) };
}

async function unpack(item) {
  if (!item || typeof item !== 'object' || typeof item.seed !== 'string') return null;
  try {
    const text = item.z !== undefined ? await inflate(item.z) : String(item.text ?? '');
    const { z, ...rest } = item;
    return { ...rest, text };
  } catch {
    return null;
  }
}
