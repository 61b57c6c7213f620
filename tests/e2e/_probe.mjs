import { start, screenshot } from './harness.js';
const site = await start();
const sizes = [['phone', { width: 390, height: 844 }, true], ['tablet', { width: 768, height: 1024 }, true], ['desktop', { width: 1280, height: 900 }, false]];
const games = ['square-remover', 'strip2048', 'territory', 'lines', 'tiles-matching'];
for (const game of games) {
  for (const [name, viewport, touch] of sizes.filter(s => process.argv.includes(s[0]) || process.argv.length < 3)) {
    const page = await site.open(`?v=1&game=${game}&seed=3`, { viewport, touch });
    await page.screenshot({ path: `/tmp/shots/${game}-${name}.png` });
    console.log(game, name, JSON.stringify(page.errors), await page.evaluate(() => document.getElementById('message-text').textContent));
  }
}
await site.close();
