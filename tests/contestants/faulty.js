'use strict';
// A faulty contestant for the tester's tests. With MOVES_FILE it speaks Lines for two moves
// (replaying the file) and misbehaves at the third; without, it misbehaves at once, without
// reading its input. The last argument is a marker the tests look for among running processes.
//   node faulty.js MODE [MOVES_FILE] MARKER
//   overrun  never answers              crash    exits with status 3
//   ended    exits with status 0        closed   closes its output and keeps running
//   garbage  answers 'hello'            illegal  answers '0 0 0 0'
//   flood    prints 100 MB without a line end
//   spawn    starts a child process (`sleep`) and never answers
const { spawn } = require('child_process');
const args = process.argv.slice(2);
const mode = args[0];
const file = args.length > 2 ? args[1] : null;
const marker = args[args.length - 1];
const forever = () => setInterval(() => {}, 1000);

function misbehave() {
  switch (mode) {
    case 'overrun': return forever();
    case 'crash': return process.exit(3);
    case 'ended': return process.exit(0);
    case 'closed': require('fs').closeSync(1); return forever();
    case 'garbage': console.log('hello'); return forever();
    case 'illegal': console.log('0 0 0 0'); return forever();
    case 'flood': process.stdout.write('x'.repeat(100 << 20)); return forever();
    case 'spawn':
      // `sleep` with a marked duration: the tests find it by it.
      spawn('sleep', [`600.${marker.replace(/\D/g, '')}`], { stdio: 'ignore' });
      return forever();
    default: throw new Error(`unknown mode ${mode}`);
  }
}

if (!file) {
  misbehave();
} else {
  const moves = require('fs').readFileSync(file, 'utf8').split('\n');
  const input = require('readline').createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const next = async () => (await input.next()).value;
  (async () => {
    const n = Number(await next());
    await next();
    for (let turn = 0; ; turn++) {
      for (let i = 0; i < n * n + 4; i++) await next();
      if (turn === 2) return misbehave();
      console.log(moves[turn]);
    }
  })();
}
