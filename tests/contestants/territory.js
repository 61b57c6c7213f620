'use strict';
// An AHC061 contestant for `arcade run territory`. Given the folder of the official records
// (tests/data/territory/ahc061), it finds the official input that matches what it is sent and
// replays the official judge's game (judge_golden/moves), checking every report against the
// official transcript where there is one (exit 1 on a difference). Otherwise it stays on its
// cell every turn. A `#` comment goes out first, as the official tester allows.
//   node territory.js [AHC061_FOLDER]
const fs = require('fs');
const path = require('path');
const folder = process.argv[2];

const input = require('readline').createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const next = async () => (await input.next()).value;
const ints = (line) => line.trim().split(/\s+/).map(Number);

(async () => {
  const opening = [await next()];
  const [n, m, t] = ints(opening[0]);
  for (let i = 0; i < n + m; i++) opening.push(await next());
  let moves = null;
  let transcript = null;
  if (folder) {
    for (const file of fs.readdirSync(path.join(folder, 'in')).sort()) {
      const official = fs.readFileSync(path.join(folder, 'in', file), 'utf8').split('\n');
      if (official.slice(0, 1 + n + m).join('\n') === opening.join('\n')) {
        moves = fs.readFileSync(path.join(folder, 'judge_golden', 'moves', file), 'utf8')
          .split('\n').filter((l) => l.trim() !== '');
        const record = path.join(folder, 'judge_golden', 'transcripts', file);
        if (fs.existsSync(record)) transcript = fs.readFileSync(record, 'utf8').split('\n');
        break;
      }
    }
  }
  let [x, y] = ints(opening[1 + n]);
  console.log('# hello from the contestant');
  for (let turn = 0; turn < t; turn++) {
    console.log(moves ? moves[turn].trim() : `${x} ${y}`);
    const report = [];
    for (let i = 0; i < 2 * m + 2 * n; i++) report.push(await next());
    [x, y] = ints(report[m]);
    if (transcript && ints(report.join(' ')).join(' ') !== ints(transcript[turn]).join(' ')) {
      console.error(`turn ${turn}: the report differs from the official transcript`);
      process.exit(1);
    }
  }
})();
