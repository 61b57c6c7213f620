'use strict';
// A TilesMatching contestant for `arcade run tiles-matching`: puts each tile on the first cell
// (row-major) where it fits, removes the first tile with a remove tile, else discards while
// the counter allows and gives up when it does not. It reads N, S and D each on its own line,
// as the official MM53 tester sends them, and stops (status 1) on anything else.
const input = require('readline').createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const next = async () => (await input.next()).value;

(async () => {
  const header = [await next(), await next(), await next()];
  if (!header.every((line) => /^\d+$/.test(line ?? ''))) {
    console.error(`unexpected header: ${JSON.stringify(header)}`);
    process.exit(1);
  }
  const [, side, limit] = header.map(Number);
  const board = new Array(side * side).fill(null); // null, 'W' or [colour, shape]
  let counter = 0;
  const neighbours = (k) => {
    const r = Math.floor(k / side), c = k % side;
    return [[r, c - 1], [r, c + 1], [r - 1, c], [r + 1, c]]
      .filter(([a, b]) => a >= 0 && b >= 0 && a < side && b < side)
      .map(([a, b]) => a * side + b);
  };
  const fits = (k, tile) => {
    if (board[k] !== null) return false;
    if (board.every((cell) => cell === null)) return true;
    const placed = neighbours(k).filter((m) => board[m] !== null);
    return placed.length > 0 && (tile === 'W' || placed.every((m) => board[m] === 'W'
      || board[m][0] === tile[0] || board[m][1] === tile[1]));
  };
  const clearFull = (k) => {
    const r = Math.floor(k / side), c = k % side;
    const row = [...Array(side).keys()].map((i) => r * side + i);
    const col = [...Array(side).keys()].map((i) => i * side + c);
    const full = [row, col].filter((line) => line.every((m) => board[m] !== null));
    for (const line of full) for (const m of line) board[m] = null;
  };
  for (;;) {
    const tile = await next();
    if (tile === undefined) return; // the game is over
    let reply;
    let cell = -1;
    if (tile === 'R') {
      cell = board.findIndex((x) => x !== null);
      if (cell >= 0) board[cell] = null;
    } else {
      cell = board.findIndex((_, k) => fits(k, tile));
      if (cell >= 0) {
        board[cell] = tile === 'W' ? 'W' : [tile[0], tile[1]];
        clearFull(cell);
      }
    }
    if (cell >= 0) {
      counter = Math.max(0, counter - 1);
      reply = `${Math.floor(cell / side)} ${cell % side}`;
    } else if (counter < limit) {
      counter++;
      reply = 'DISCARD';
    } else {
      reply = 'GIVE UP';
    }
    console.log(reply);
  }
})();
