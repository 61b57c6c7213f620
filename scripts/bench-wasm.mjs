// Simulator throughput in wasm, in headless Chromium: the same work as `arcade bench`'s
// "simulator" line (replay the deterministic greedy output of one seed, 5 runs of 200 ms).
//   node scripts/bench-wasm.mjs GAME [SEED]
// Build the page first (scripts/build-web.sh). Prints "wasm simulator: median X moves/s".
import { createRequire } from 'node:module';
import { serve } from './serve.mjs';

const require = createRequire(new URL('../tests/e2e/package.json', import.meta.url));
const { chromium } = require('playwright-core');
const [game = 'square-remover', seed = '1'] = process.argv.slice(2);

const server = await serve(0);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  await page.goto(base);
  const result = await page.evaluate(async ({ game, seed }) => {
    const wasm = await import('/www/pkg/arcade.js');
    await wasm.default();
    const greedy = wasm.solve(game, seed, null, 'greedy', 1e9, null);
    const rates = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const moves = wasm.replayThroughput(game, seed, null, greedy.output, 200);
      rates.push(moves / ((performance.now() - t0) / 1000));
    }
    rates.sort((a, b) => a - b);
    return { median: rates[2], moves: greedy.moves };
  }, { game, seed });
  console.log(`wasm simulator: median ${Math.round(result.median)} moves/s (seed ${seed}, greedy output of ${result.moves} moves, 5 runs of 200 ms)`);
} finally {
  await browser.close();
  server.close();
}
