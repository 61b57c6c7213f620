// The SquareRemover beam in the page's two wasm modules (www/pkg/arcade_simd_bg.wasm, built
// with WebAssembly SIMD, and www/pkg/arcade_bg.wasm), in Node, at a fixed beam width: the
// clock does not set the width, so both modules must play the same squares, and the speed
// compares as children evaluated per CPU second (this process's CPU time, process.cpuUsage:
// a loaded machine's other programs do not count). Seed by seed, the modules alternate,
// each warmed up first by one untimed game at width 10.
//   node scripts/bench-square-wasm.mjs FIRST LAST WIDTH [simd|baseline|both]
// Build the page first (scripts/build-web.sh).
const [first, last, width, which = 'both'] = process.argv.slice(2);
if (!/^\d+$/.test(first ?? '') || !/^\d+$/.test(last ?? '') || !/^\d+$/.test(width ?? '') || !['simd', 'baseline', 'both'].includes(which)) {
  console.error('usage: node scripts/bench-square-wasm.mjs FIRST LAST WIDTH [simd|baseline|both]');
  process.exit(2);
}
const { readFileSync } = await import('node:fs');
const PKG = new URL('../www/pkg/', import.meta.url);
const FILES = { simd: 'arcade_simd_bg.wasm', baseline: 'arcade_bg.wasm' };
const names = which === 'both' ? ['simd', 'baseline'] : [which];
const modules = {};
for (const name of names) {
  // One glue instance per module (the query makes it a separate ES module).
  const wasm = await import(new URL(`arcade.js?${name}`, PKG));
  wasm.initSync({ module: new WebAssembly.Module(readFileSync(new URL(FILES[name], PKG))) });
  modules[name] = wasm;
}
// Untimed, one short game each first: V8 starts wasm on its baseline compiler and moves hot
// functions to its optimising one while they run, so the first timed seed would pay for it.
for (const name of names) modules[name].squareBeamAtWidth(first, 10);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const totals = Object.fromEntries(names.map((n) => [n, { score: 0, evaluated: 0, cpu: 0 }]));
console.log(['seed', 'colors', 'n', ...names.flatMap((n) => [`${n}_score`, `${n}_evaluated`, `${n}_cpu_ms`, `${n}_per_cpu_s`])].join('\t'));
let differ = 0;
for (let seed = Number(first); seed <= Number(last); seed++) {
  const row = [seed];
  const scores = [];
  for (const name of names) {
    const start = cpuMs();
    const run = modules[name].squareBeamAtWidth(String(seed), Number(width));
    const cpu = cpuMs() - start;
    if (row.length === 1) row.push(run.colors, run.n);
    row.push(run.score, run.evaluated, cpu.toFixed(0), (run.evaluated / cpu * 1000).toFixed(0));
    Object.assign(totals[name], { score: totals[name].score + run.score, evaluated: totals[name].evaluated + run.evaluated, cpu: totals[name].cpu + cpu });
    scores.push(run.score);
  }
  if (scores.some((s) => s !== scores[0])) differ++;
  console.log(row.join('\t'));
}
for (const name of names) {
  const t = totals[name];
  console.log(`# ${name}: squares ${t.score}, ${t.evaluated} children in ${(t.cpu / 1000).toFixed(2)} CPU s: ${(t.evaluated / t.cpu / 1000).toFixed(3)} M children per CPU s`);
}
if (names.length === 2) console.log(`# seeds where the two modules' squares differ: ${differ}`);
process.exitCode = differ ? 1 : 0;
