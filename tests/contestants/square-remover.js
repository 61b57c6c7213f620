'use strict';
// A SquareRemover contestant for `arcade run square-remover`: reads colors, N, the N rows and
// startSeed (one per line) and prints 10,000 moves, move i = ((7i) mod N, (13i) mod (N-1),
// right), one integer per line: tests/data/square-remover/3-patterned.out for seed 3.
const lines = require('fs').readFileSync(0, 'utf8').split('\n');
const n = Number(lines[1]);
const rows = lines.slice(2, 2 + n);
if (!(n >= 8) || rows.some((row) => row.length !== n) || !/^\d+$/.test(lines[2 + n])) {
  console.error('unexpected input');
  process.exit(1);
}
const out = [];
for (let i = 0; i < 10000; i++) out.push((7 * i) % n, (13 * i) % (n - 1), 1);
process.stdout.write(out.join('\n') + '\n');
