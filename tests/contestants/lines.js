'use strict';
// A Lines contestant for `arcade run lines`: reads the tester's lines turn by turn and plays
// the first legal move (balls in row-major order, for each the first reachable empty cell in
// row-major order), or, given a file, replays its moves one per turn.
//   node lines.js [MOVES_FILE]
const fs = require('fs');
const replay = process.argv[2] && fs.readFileSync(process.argv[2], 'utf8').split('\n');

function firstMove(grid, n) {
  for (let from = 0; from < n * n; from++) {
    if (grid[from] === 0) continue;
    const seen = new Uint8Array(n * n);
    const stack = [from];
    seen[from] = 1;
    let best = -1;
    while (stack.length) {
      const k = stack.pop();
      const r = Math.floor(k / n), c = k % n;
      for (const [dr, dc] of [[0, 1], [1, 0], [0, -1], [-1, 0]]) {
        const r2 = r + dr, c2 = c + dc, m = r2 * n + c2;
        if (r2 < 0 || c2 < 0 || r2 >= n || c2 >= n || seen[m] || grid[m] !== 0) continue;
        seen[m] = 1;
        stack.push(m);
        if (best < 0 || m < best) best = m;
      }
    }
    if (best >= 0) return [Math.floor(from / n), from % n, Math.floor(best / n), best % n];
  }
  return [0, 0, 0, 0];
}

const input = require('readline').createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const next = async () => (await input.next()).value;

(async () => {
  const n = Number(await next());
  await next(); // C
  for (let turn = 0; ; turn++) {
    const grid = [];
    for (let i = 0; i < n * n; i++) {
      const value = await next();
      if (value === undefined) return; // the game is over: the tester closed our input
      grid.push(Number(value));
    }
    for (let i = 0; i < 4; i++) await next(); // the next three colours, the time so far
    console.log(replay ? replay[turn] : firstMove(grid, n).join(' '));
  }
})();
