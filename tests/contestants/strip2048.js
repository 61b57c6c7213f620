'use strict';
// A Strip 2048 contestant for `arcade run strip2048`: reads the single-test B2 text (1, a blank
// line, n, the strip, the 43 seed words) and prints the moves of a file, or `l` alone.
//   node strip2048.js [MOVES_FILE]
const fs = require('fs');
const words = fs.readFileSync(0, 'utf8').trim().split(/\s+/).map(Number);
const n = words[1];
if (words[0] !== 1 || words.length !== 2 + n + 43) {
  console.error('unexpected input');
  process.exit(1);
}
process.stdout.write(process.argv[2] ? fs.readFileSync(process.argv[2], 'utf8') : 'l\n');
