// The compare view and the score chart against the native crate's figures: the score (and
// Territory's players, Lines' and TilesMatching's free cells) after 20 moves of a golden
// output per game, and every move of two Lines games of seed 1 (tests/data/timeline/points.json,
// written by tests/timeline.rs from independent replays of each prefix; a whole game's last
// point is what `arcade score` prints). Screenshots: out/compare-*.png (look at them).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { start, frame, screenshot, root } from './harness.js';
import { encodeCompareLink } from '../../www/compare/compare-link.js';

const points = JSON.parse(readFileSync(join(root, 'tests', 'data', 'timeline', 'points.json'), 'utf8'));
const data = (file) => join(root, 'tests', 'data', file);
const pair = points.compare;
/** The words the view must show for who leads. */
const leadText = (a, b) => (a === b ? 'level' : `${a > b ? 'A' : 'B'} leads by ${Math.abs(a - b)}`);

let site;
before(async () => { site = await start(); });
after(async () => { await site.close(); });

/** Opens the player's chart and waits until it holds the shown game's moves. */
async function openChart(page) {
  await page.click('#chart-box summary');
  await page.waitForFunction(() => window.arcadeCharts?.chart?.points().x.length === window.arcade.frame().moves + 1);
  return page.evaluate(() => window.arcadeCharts.chart.points());
}

/** The marker's screen x and where move `turn` is on the chart. */
const markerAndPoint = (page, id, turn) => page.evaluate(([box, t]) => ({
  marker: document.querySelector(`#${box} .chart-turn`).getBoundingClientRect().left,
  point: window.arcadeCharts[box].pointAt(t).x,
}), [id, turn]);
const chartPoint = (page, id, turn) => page.evaluate(([box, t]) => window.arcadeCharts[box].pointAt(t), [id, turn]);

const seekSlider = (page, id, turn) => page.locator(id).evaluate((slider, t) => {
  slider.value = String(t);
  slider.dispatchEvent(new Event('input', { bubbles: true }));
}, turn);

test('a closed chart is not kept up to date, and shows every move when opened again', async () => {
  const page = await site.open('?v=1&game=strip2048&seed=7');
  await openChart(page);
  await page.click('#chart-box summary'); // closed
  for (const key of ['l', 'r', 'l']) await page.keyboard.press(key);
  const moves = await page.evaluate(() => window.arcade.frame().moves);
  assert.ok(moves >= 2, `${moves} moves played`);
  assert.equal(await page.evaluate(() => window.arcadeCharts.chart.points().x.length), 1, 'the closed chart was left as it was');
  const chart = await openChart(page);
  assert.equal(chart.x.length, moves + 1);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

for (const g of points.games) {
  test(`${g.game}: the chart's points are the native scores after 20 moves; its marker follows the shown move`, async () => {
    const page = await site.open(`?v=1&game=${g.game}&seed=${g.seed}`);
    await page.setInputFiles('#upload', data(g.file));
    await page.waitForFunction((n) => window.arcade.frame().moves === n, g.moves);
    const chart = await openChart(page);
    const series = (label) => chart.values[chart.labels.indexOf(label)];
    assert.equal(chart.labels[0], 'score');
    for (const [k, t] of g.turns.entries()) {
      assert.equal(series('score')[t], g.score[k], `score after move ${t}`);
      if (g.free) assert.equal(series('free cells')[t], g.free[k], `free cells after move ${t}`);
      for (const [p, value] of (g.players?.[k] ?? []).entries()) assert.equal(series(`player ${p}`)[t], value, `player ${p} after move ${t}`);
    }
    assert.equal(chart.labels.includes('free cells'), !!g.free);
    assert.equal(chart.labels.includes('player 0'), !!g.players);
    // The marker stands on the shown move, at the end and after a seek.
    for (const t of [g.moves, g.turns[7]]) {
      await seekSlider(page, '#slider', t);
      const { marker, point } = await markerAndPoint(page, 'chart', t);
      assert.ok(Math.abs(marker - point) <= 2, `marker at ${marker}, move ${t} at ${point}`);
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('a click or tap on the chart seeks there', async () => {
  const g = points.games.find((x) => x.game === 'territory');
  const page = await site.open(`?v=1&game=${g.game}&seed=${g.seed}`);
  await page.setInputFiles('#upload', data(g.file));
  await page.waitForFunction((n) => window.arcade.frame().moves === n, g.moves);
  await openChart(page);
  await page.locator('#chart').scrollIntoViewIfNeeded();
  for (const t of [37, 0, 81]) {
    const p = await chartPoint(page, 'chart', t);
    await page.mouse.click(p.x, p.y);
    await page.waitForFunction((turn) => window.arcade.frame().turn === turn, t, { timeout: 2000 });
    const { marker, point } = await markerAndPoint(page, 'chart', t);
    assert.ok(Math.abs(marker - point) <= 2);
  }
  await screenshot(page, 'compare-player-chart-territory');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

const link = () => {
  const text = (f) => readFileSync(data(f), 'utf8');
  const url = encodeCompareLink('', { game: pair.game, seed: pair.seed, params: {}, turn: 0, a: { text: text(pair.a.file), name: 'greedy' }, b: { text: text(pair.b.file), name: 'first' } });
  return url;
};
const inspect = (page) => page.evaluate(() => window.arcadeCompare.inspect());
const opened = (page) => page.waitForFunction(() => window.arcadeCompare?.inspect().frames.every((f) => f));

test('two games of one seed: the shared slider moves both boards; first difference and leader as the native scores', async () => {
  const page = await site.open(link());
  await opened(page);
  let view = await inspect(page);
  assert.deepEqual(view.moves, [pair.a.moves, pair.b.moves]);
  assert.equal(view.first, pair.firstDifference);
  assert.match(await page.textContent('#compare-first'), new RegExp(`first differ at move ${pair.firstDifference}\\b`));
  const last = Math.max(pair.a.moves, pair.b.moves);
  for (let t = 0; t <= last; t++) {
    await seekSlider(page, '#compare-slider', t);
    await page.waitForFunction((turn) => window.arcadeCompare.inspect().turn === turn && document.getElementById('compare-turn').textContent.startsWith(`${turn} `), t);
    view = await inspect(page);
    const [ta, tb] = [Math.min(t, pair.a.moves), Math.min(t, pair.b.moves)];
    assert.deepEqual(view.frames.map((f) => f.turn), [ta, tb], `both boards at move ${t}`);
    const [sa, sb] = [pair.a.score[ta], pair.b.score[tb]];
    assert.deepEqual(view.frames.map((f) => f.score), [sa, sb], `scores at move ${t}`);
    assert.ok(view.lead.endsWith(`${leadText(sa, sb)}.`), `move ${t}: ${view.lead}`);
  }
  // The chart holds both games' every score.
  view.chart = await page.evaluate(() => window.arcadeCharts['compare-chart'].points());
  assert.deepEqual(view.chart.labels.slice(0, 2), ['A score', 'A free cells']);
  assert.deepEqual(view.chart.values[0], pair.a.score);
  assert.deepEqual(view.chart.values[2].slice(0, pair.b.moves + 1), pair.b.score);
  // A click on the chart seeks both boards; the marker follows.
  await page.locator('#compare-chart').scrollIntoViewIfNeeded();
  const p = await chartPoint(page, 'compare-chart', 9);
  await page.mouse.click(p.x, p.y);
  await page.waitForFunction(() => window.arcadeCompare.inspect().turn === 9);
  const { marker, point } = await markerAndPoint(page, 'compare-chart', 9);
  assert.ok(Math.abs(marker - point) <= 2);
  // Keys step both.
  await page.keyboard.press('ArrowRight');
  assert.deepEqual((await inspect(page)).frames.map((f) => f.turn), [10, 10]);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the link reopens both games at the same move; a reload keeps the view; Back returns to the player', async () => {
  const page = await site.open(`?v=1&game=${pair.game}&seed=${pair.seed}`);
  await page.setInputFiles('#upload', data(pair.a.file));
  await page.waitForFunction((n) => window.arcade.frame().moves === n, pair.a.moves);
  // The player's game becomes A.
  await page.click('#views a[data-view="compare"]');
  await page.waitForFunction(() => window.arcadeCompare?.inspect().frames[0]);
  assert.equal((await inspect(page)).moves[0], pair.a.moves);
  await page.setInputFiles('#compare-file-b', data(pair.b.file));
  await opened(page);
  await seekSlider(page, '#compare-slider', 12);
  await page.waitForFunction(() => new URLSearchParams(location.search).get('t') === '12');
  const url = page.url();
  assert.match(url, /view=compare/);
  assert.match(url, /#a=.+&b=/);
  const again = await site.open(url.slice(url.indexOf('?')));
  await opened(again);
  const view = await inspect(again);
  assert.deepEqual([view.turn, view.moves, view.first], [12, [pair.a.moves, pair.b.moves], pair.firstDifference]);
  await again.context().close();
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await opened(page);
  assert.equal((await inspect(page)).turn, 12);
  await page.goBack();
  await page.waitForSelector('body[data-view="player"]');
  assert.equal((await frame(page)).moves, pair.a.moves);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a solver\'s game and a pasted one: a bad paste names its move and reason, the valid part is shown', async () => {
  const page = await site.open(`?v=1&game=${pair.game}&seed=${pair.seed}`);
  await page.setInputFiles('#upload', data(pair.b.file));
  await page.waitForFunction((n) => window.arcade.frame().moves === n, pair.b.moves);
  await page.click('#views a[data-view="compare"]');
  await page.waitForFunction(() => window.arcadeCompare?.inspect().frames[0]);
  // B: the greedy solver, run in a worker on the same seed (the player's budget). With one
  // game missing, the choosing panel is open.
  assert.equal(await page.locator('#compare-inputs').evaluate((d) => d.open), true);
  await page.selectOption('#compare-solver-b', 'greedy');
  await page.click('#compare-solver-b + button');
  await page.waitForFunction(() => window.arcadeCompare.inspect().frames.every((f) => f), null, { timeout: 20_000 });
  const solved = await inspect(page);
  assert.equal(solved.moves[0], pair.b.moves);
  assert.ok(solved.moves[1] > 0, 'the solver played');
  assert.ok(solved.first >= 1 && solved.first <= pair.b.moves + 1, `first difference ${solved.first}`);
  assert.match(await page.textContent('#compare-caption-b'), /greedy/);
  // A: a paste whose third move leaves the board.
  const lines = readFileSync(data(pair.a.file), 'utf8').split('\n');
  await page.fill('#compare-paste-a', [...lines.slice(0, 2), '9 9 9 9', ...lines.slice(3)].join('\n'));
  await page.click('#compare-paste-a + .row button');
  await page.waitForFunction(() => window.arcadeCompare.inspect().moves[0] === 2);
  assert.match(await page.textContent('#compare-message'), /^A \(pasted\) is not a valid output — move 3 \(line 3\): .+; its 2 valid moves are shown\.$/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('screenshots: the compare view and the player\'s chart at 390 px and 1366 px, light and dark', async () => {
  for (const theme of ['light', 'dark']) {
    for (const [name, viewport, touch] of [['390', { width: 390, height: 844 }, true], ['1366', { width: 1366, height: 900 }, false]]) {
      const device = { viewport, isMobile: touch, hasTouch: touch, colorScheme: theme };
      const page = await site.open(link(), { device });
      await opened(page);
      await seekSlider(page, '#compare-slider', 12);
      await page.waitForFunction(() => window.arcadeCompare.inspect().turn === 12);
      await page.waitForTimeout(100);
      await screenshot(page, `compare-${name}-${theme}`);
      await page.screenshot({ path: join(root, 'tests', 'e2e', 'out', `compare-${name}-${theme}-full.png`), fullPage: true });
      // Touch targets of the view's own controls.
      if (touch) {
        for (const id of ['#compare-play', '#compare-prev', '#compare-slider']) {
          const box = await page.locator(id).boundingBox();
          assert.ok(box.height >= 44, `${id}: ${box.height} px`);
        }
      }
      const player = await site.open(`?v=1&game=lines&seed=5`, { device });
      await player.setInputFiles('#upload', data('lines/seed5-greedy.out'));
      await player.waitForFunction(() => window.arcade.frame().moves === 1000);
      await openChart(player);
      await player.locator('#chart-box').scrollIntoViewIfNeeded();
      if (touch) {
        // A tap seeks too, to the nearest move a pixel can name (1,000 moves on ~250 px).
        const p = await chartPoint(player, 'chart', 500);
        await player.touchscreen.tap(p.x, p.y);
        await player.waitForFunction(() => Math.abs(window.arcade.frame().turn - 500) <= 5);
      }
      await screenshot(player, `compare-player-chart-${name}-${theme}`);
      assert.deepEqual([...page.errors, ...player.errors], []);
      await page.context().close();
      await player.context().close();
    }
  }
});

test('the view appears in place: no layout shift as it opens from an address, with or without its games', async () => {
  // Records the layout shifts from the first paint (the Layout Instability API).
  const probe = () => {
    window.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.layoutShifts.push({ value: e.value, what: e.sources.map((s) => s.node?.id || s.node?.nodeName).join(' ') });
    }).observe({ type: 'layout-shift', buffered: true });
  };
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const laptop = { viewport: { width: 1366, height: 768 } };
  for (const [device, query] of [[phone, `?v=1&view=compare&game=${pair.game}&seed=${pair.seed}`], [phone, link()], [laptop, link()]]) {
    const page = await site.open(query, { device, beforeLoad: (context) => context.addInitScript(probe) });
    await page.waitForFunction(() => window.arcadeCompare?.inspect().frames.some((f) => f) || document.getElementById('compare-inputs').open);
    const shifts = await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(window.layoutShifts)))));
    const cls = shifts.reduce((sum, s) => sum + s.value, 0);
    assert.ok(cls < 0.02, `${device.viewport.width} px, ${query.slice(0, 40)}: layout shift ${cls.toFixed(3)}: ${JSON.stringify(shifts)}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
