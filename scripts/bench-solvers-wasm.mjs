// The built-in solvers in the wasm build, for reports "at 5 s in wasm" (issue #15): the page's
// module (www/pkg, as scripts/build-web.sh leaves it) in Node, each seed solved as the page's
// worker solves it (`solveFrom` under the wall-clock budget, timed around that call), J worker
// threads taking seeds one at a time. Each output is scored again with the module's `score`.
// Prints the per-seed table like `arcade bench`; --tsv writes the columns of
// `arcade bench --tsv`, so `arcade summary GAME FILE` prints the per-group table.
//   node scripts/bench-solvers-wasm.mjs GAME --seeds A..B --budget-ms MS [--solver NAME]
//        [--jobs J] [--tsv FILE] [--wasm simd|baseline] [--PARAM V ...]
// --wasm: which of the build's two modules (www/pkg/arcade_simd_bg.wasm, built with
// WebAssembly SIMD, or www/pkg/arcade_bg.wasm); by default the one the page picks here
// (www/wasm-file.js: the SIMD one wherever Node has SIMD, i.e. always).
// Time on wasm is `performance.now()` (src/clock.rs), Node's as the page's.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PKG = new URL('../www/pkg/', import.meta.url);

if (isMainThread) await main();
else await serveSeeds();

/** A worker thread: instantiates the module handed over, then solves seeds as they come. */
async function serveSeeds() {
  const wasm = await import(new URL('arcade.js', PKG));
  wasm.initSync({ module: workerData.module });
  const { game, params, solver, budgetMs } = workerData;
  parentPort.on('message', (seed) => {
    const row = { seed };
    try {
      // As www/worker.js: the clock starts right before the solver, progress goes to a sink.
      const startedAt = performance.now();
      const solution = wasm.solveFrom(game, seed, params, '', solver, budgetMs, () => {});
      row.ms = performance.now() - startedAt;
      const scored = wasm.score(game, seed, params, solution.output);
      if (scored.error) throw new Error(`the solver's output is invalid: ${scored.error}`);
      if (scored.score !== solution.score) {
        throw new Error(`the solver said ${solution.score}, the scorer ${scored.score}`);
      }
      Object.assign(row, { score: scored.score, moves: solution.moves });
    } catch (error) {
      Object.assign(row, { error: String(error?.message ?? error), moves: 0 });
      row.ms ??= 0;
    }
    row.label = wasm.describe(game, seed, params);
    parentPort.postMessage(row);
  });
}

function usage(message) {
  console.error(`error: ${message}\nusage: node scripts/bench-solvers-wasm.mjs GAME --seeds A..B --budget-ms MS [--solver NAME] [--jobs J] [--tsv FILE] [--wasm simd|baseline] [--PARAM V ...]`);
  process.exit(2);
}

/** `--name value` pairs after the game; the game's own parameters go to `params`. */
function parseArgs(argv, info) {
  const options = { solver: info.agents[0], jobs: '1', params: {} };
  for (let i = 1; i < argv.length; i += 2) {
    const name = argv[i]?.replace(/^--/, '');
    const value = argv[i + 1];
    if (!argv[i].startsWith('--') || value === undefined) usage(`unexpected '${argv[i]}'`);
    if (['seeds', 'budget-ms', 'solver', 'jobs', 'tsv', 'wasm'].includes(name)) options[name] = value;
    else if (info.params.some((p) => p.name === name)) {
      if (!/^-?\d+$/.test(value)) usage(`--${name} ${value}: not a whole number`);
      options.params[name] = Number(value);
    } else usage(`unknown option --${name} for ${info.id}`);
  }
  if (!options.seeds) usage('--seeds A..B is required');
  if (!options['budget-ms']) usage('--budget-ms MS is required');
  const budgetMs = Number(options['budget-ms']);
  if (!(budgetMs > 0) || !Number.isFinite(budgetMs)) usage('--budget-ms: a positive number of milliseconds');
  const jobs = Number(options.jobs);
  if (!Number.isInteger(jobs) || jobs < 1) usage('--jobs: a whole number of at least 1');
  // Seeds as decimal strings: they may exceed 2^53.
  const [first, last = first] = options.seeds.split('..');
  if (!/^\d+$/.test(first) || !/^\d+$/.test(last)) usage(`--seeds ${options.seeds}: need A..B`);
  const [a, b] = [BigInt(first), BigInt(last)];
  if (b < a || b - a >= 100000n) usage(`--seeds ${options.seeds}: need A <= B and at most 100000 seeds`);
  const seeds = [];
  for (let s = a; s <= b; s++) seeds.push(String(s));
  const params = Object.keys(options.params).length ? options.params : null;
  return { seeds, budgetMs, jobs, solver: options.solver, tsv: options.tsv, params };
}

/** The values of `names` in a label such as `N=9 C=4` (src/report.rs, label_values). */
function labelValues(label, names) {
  const pairs = new Map(label.split(/\s+/).filter((item) => item.includes('=')).map((item) => item.split('=', 2)));
  return names.map((name) => {
    if (!pairs.has(name)) throw new Error(`the instance label '${label}' has no ${name}=`);
    return pairs.get(name);
  });
}

/** The module file of `--wasm` (read before the game's options, which need the module). */
async function wasmFile(argv) {
  const at = argv.indexOf('--wasm');
  const choice = at < 0 ? 'auto' : argv[at + 1];
  if (choice === 'simd') return 'arcade_simd_bg.wasm';
  if (choice === 'baseline') return 'arcade_bg.wasm';
  if (choice !== 'auto') usage(`--wasm ${choice}: simd or baseline`);
  await import(new URL('../www/wasm-file.js', import.meta.url));
  return globalThis.arcadeWasmFile().replace('www/pkg/', '');
}

async function main() {
  const file = await wasmFile(process.argv);
  const moduleBytes = readFileSync(new URL(file, PKG));
  const wasm = await import(new URL('arcade.js', PKG));
  const module = new WebAssembly.Module(moduleBytes);
  wasm.initSync({ module });
  const gameId = process.argv[2];
  if (!gameId || gameId.startsWith('--')) usage('GAME is required');
  const info = wasm.games().find((g) => g.id === gameId);
  if (!info) usage(`unknown game '${gameId}' (known: ${wasm.games().map((g) => g.id).join(', ')})`);
  const { seeds, budgetMs, jobs, solver, tsv, params } = parseArgs(process.argv.slice(2), info);
  if (!info.agents.includes(solver)) usage(`unknown solver '${solver}' for ${gameId} (known: ${info.agents.join(', ')})`);
  // A bad seed or parameter stops here, not as an error in every row.
  for (const seed of seeds) {
    try {
      wasm.inputText(gameId, seed, params);
    } catch (error) {
      usage(`seed ${seed}: ${error.message}`);
    }
  }

  // Created first: a path that cannot be written fails now, not after every seed is solved.
  if (tsv) {
    try {
      writeFileSync(tsv, '');
    } catch (error) {
      usage(`--tsv ${tsv}: ${error.message}`);
    }
  }

  console.log(`# ${gameId} — solver ${solver}, budget ${budgetMs} ms per seed, ${jobs} job(s), wasm in Node ${process.version} (${file})`);
  const rows = await solveAll({ game: gameId, params, solver, budgetMs, module }, seeds, jobs);
  rows.sort((x, y) => (BigInt(x.seed) < BigInt(y.seed) ? -1 : 1));

  console.log('| seed | instance | score | moves | ms |');
  console.log('|---:|---|---:|---:|---:|');
  for (const r of rows) {
    const score = r.error === undefined ? r.score : `error: ${r.error.replaceAll('|', '\\|')}`;
    console.log(`| ${r.seed} | ${r.label} | ${score} | ${r.error === undefined ? r.moves : ''} | ${r.ms.toFixed(0)} |`);
  }
  const errors = rows.filter((r) => r.error !== undefined).length;
  if (tsv) {
    // The columns and formats of src/report.rs's write_tsv.
    const header = ['seed', ...info.group_by, 'score', 'moves', 'ms', 'full', 'solver', 'budget_ms', 'runtime'];
    const lines = rows.map((r) => {
      const solved = r.error === undefined;
      const full = solved && info.move_limit != null ? (r.moves >= info.move_limit ? '1' : '0') : '';
      return [r.seed, ...labelValues(r.label, info.group_by), solved ? r.score : '', r.moves, r.ms.toFixed(1), full, solver, String(budgetMs), 'wasm'].join('\t');
    });
    writeFileSync(tsv, [header.join('\t'), ...lines].join('\n') + '\n');
    console.log(`\n${rows.length} seeds (${errors} errors) in ${tsv}; per group: arcade summary ${gameId} ${tsv}`);
  } else {
    console.log(`\n${rows.length} seeds (${errors} errors); --tsv FILE keeps them for \`arcade summary\``);
  }
  process.exitCode = errors ? 1 : 0;
}

/** A pool of `jobs` worker threads sharing the compiled module; each takes the next seed. */
function solveAll(data, seeds, jobs) {
  const queue = [...seeds];
  const rows = [];
  const live = process.stderr.isTTY;
  return new Promise((resolve, reject) => {
    let running = 0;
    for (let j = 0; j < Math.min(jobs, seeds.length); j++) {
      const worker = new Worker(fileURLToPath(import.meta.url), { workerData: data });
      running++;
      const next = () => {
        const seed = queue.shift();
        if (seed === undefined) {
          worker.terminate();
          if (--running === 0) {
            if (live) process.stderr.write('\r\x1b[K');
            resolve(rows);
          }
          return;
        }
        worker.postMessage(seed);
      };
      worker.on('message', (row) => {
        rows.push(row);
        if (live) process.stderr.write(`\r${rows.length}/${seeds.length} seeds done\x1b[K`);
        next();
      });
      worker.on('error', reject);
      next();
    }
  });
}
