// Seeds for a batch: a typed list (`1..100`, `1, 5, 9`, `3 10..12`) and the seed in an
// output file's name (`123.txt`, `0123.txt`, `name_123.txt`). Seeds stay decimal strings
// (a JS number loses u64 precision); BigInt compares and counts them.

/** The most seeds one batch takes. */
export const MAX_SEEDS = 10_000;

const canonical = (digits) => BigInt(digits).toString();

/**
 * Reads a seed list: items split by commas or spaces, each `S` or `A..B` (inclusive).
 * `min`/`max` are the game's seed range as decimal strings. Returns the seeds in the order
 * written, without repeats; throws an Error naming the bad item.
 */
export function parseSeeds(text, min, max) {
  const items = text.split(/[\s,]+/).filter(Boolean);
  if (!items.length) throw new Error('give some seeds, e.g. 1..100 or 1, 5, 9');
  const lo = BigInt(min);
  const hi = BigInt(max);
  const seeds = [];
  const seen = new Set();
  for (const item of items) {
    const m = /^(\d+)(?:\.\.(\d+))?$/.exec(item);
    if (!m) throw new Error(`'${item}' is not a seed or a range A..B`);
    const a = BigInt(m[1]);
    const b = BigInt(m[2] ?? m[1]);
    if (b < a) throw new Error(`the range ${item} is empty: it must go up, as in ${m[2]}..${m[1]}`);
    if (a < lo || b > hi) throw new Error(`${item} is outside this game's seeds ${min}..${max}`);
    if (b - a >= BigInt(MAX_SEEDS) || seeds.length + Number(b - a) >= MAX_SEEDS) {
      throw new Error(`a batch takes at most ${MAX_SEEDS.toLocaleString('en-US')} seeds`);
    }
    for (let s = a; s <= b; s++) {
      const seed = s.toString();
      if (!seen.has(seed)) seen.add(seed), seeds.push(seed);
    }
  }
  return seeds;
}

/**
 * The seed in a file's name, as AtCoder's visualizer reads it: the digits that end the name
 * before its extension (`123.txt`, `0123.txt`, `name_123.txt`, `seed7.out.txt`), without
 * leading zeros. `null` when the name ends in no number.
 */
export function seedFromName(name) {
  const base = name.split('/').pop();
  const stem = base.replace(/\.[^.]*$/, '');
  const m = /(\d+)$/.exec(stem) ?? /(\d+)$/.exec(stem.replace(/\.[^.]*$/, ''));
  return m ? canonical(m[1]) : null;
}

/** Orders decimal seed strings as numbers. */
export const compareSeeds = (a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/**
 * Chooses, from many files (`{name, path?}` objects such as File), the one output per seed
 * for a game whose seeds are `min..max`. Returns `{picked: [{seed, file}], skipped: [{name,
 * reason}]}`, picked sorted by seed; every file not picked is named with the reason.
 */
export function pickOutputs(files, min, max) {
  const picked = new Map();
  const skipped = [];
  const nameOf = (file) => file.webkitRelativePath || file.path || file.name;
  // In name order, so which of two files for one seed is used does not depend on the browser.
  for (const file of [...files].sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0))) {
    const name = nameOf(file);
    const base = name.split('/').pop();
    if (base.startsWith('.')) {
      skipped.push({ name, reason: 'a hidden file' });
      continue;
    }
    const seed = seedFromName(base);
    if (seed === null) {
      skipped.push({ name, reason: 'no seed number at the end of its name (e.g. 123.txt, 0123.txt, name_123.txt)' });
    } else if (BigInt(seed) < BigInt(min) || BigInt(seed) > BigInt(max)) {
      skipped.push({ name, reason: `seed ${seed} is outside this game's seeds ${min}..${max}` });
    } else if (picked.has(seed)) {
      const first = picked.get(seed);
      skipped.push({ name, reason: `seed ${seed} again: ${nameOf(first)} is used for it` });
    } else {
      picked.set(seed, file);
    }
  }
  const sorted = [...picked.keys()].sort(compareSeeds).map((seed) => ({ seed, file: picked.get(seed) }));
  if (sorted.length > MAX_SEEDS) {
    for (const { file } of sorted.splice(MAX_SEEDS)) {
      skipped.push({ name: nameOf(file), reason: `a batch takes at most ${MAX_SEEDS} seeds` });
    }
  }
  return { picked: sorted, skipped };
}

/**
 * Every file in a drop, folders walked recursively (through the entries API, which is how a
 * page reads a dropped folder). Each File gets a `path` inside the drop for messages.
 */
export async function filesFromDrop(dataTransfer) {
  const entries = [...dataTransfer.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.())
    .filter(Boolean);
  if (!entries.length) return [...dataTransfer.files];
  const files = [];
  const walk = async (entry, prefix) => {
    if (entry.isFile) {
      const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
      Object.defineProperty(file, 'path', { value: prefix + file.name });
      files.push(file);
      return;
    }
    const reader = entry.createReader();
    // readEntries returns the folder in pieces; an empty piece means the end.
    for (;;) {
      const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
      if (!batch.length) break;
      for (const child of batch) await walk(child, `${prefix}${entry.name}/`);
    }
  };
  for (const entry of entries) await walk(entry, '');
  return files;
}
