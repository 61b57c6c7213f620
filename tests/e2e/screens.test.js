// Every game on a phone (390x844, touch), a tablet (768x1024, touch) and a small desktop
// (1024x768): the board keeps its aspect, a tap or click acts on the cell under it (checked
// against the view), nothing scrolls sideways, and on the phone the board, score, move and the
// game's own controls are on the first screen. Then the board's room: it fills a 1920x1080
// screen and fits a phone held sideways; its text is at least 11 CSS px and its cells at
// least 24 px on a phone; it draws in the dark theme's colours. Screenshots of every game at
// six sizes in both themes land in out/screens-*.png (look at them); at each, the game menu's
// name fits it and nothing jumps into place while the page starts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, frame, screenshot, cellPoint } from './harness.js';
import { gameIds } from '../../www/games/index.js';
import { THEMES } from '../../www/theme.js';

let site;
before(async () => { site = await start(); });
after(async () => { await site.close(); });

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
  { name: 'tablet', viewport: { width: 768, height: 1024 }, touch: true },
  { name: 'desktop', viewport: { width: 1024, height: 768 }, touch: false },
];

async function press(page, size, r, c) {
  const p = await cellPoint(page, r, c);
  if (size.touch) await page.touchscreen.tap(p.x, p.y);
  else await page.mouse.click(p.x, p.y);
}

/** Each game: a seed, and a tap sequence on cells the view picks, with what it must do. */
const GAMES = {
  'square-remover': {
    seed: 3,
    taps: true,
    async act(page, size) {
      // Two neighbours anywhere on the board: a swap is always a legal move.
      await press(page, size, 5, 3);
      await press(page, size, 5, 4);
      const f = await frame(page);
      assert.equal(f.turn, 1);
      assert.deepEqual(f.view.last_move, [5, 3, 1], 'the tapped pair was swapped');
    },
  },
  lines: {
    seed: 3,
    taps: true,
    async act(page, size) {
      const f = await frame(page);
      const k = f.view.grid.findIndex((x) => x > 0);
      const [r, c] = [Math.floor(k / f.view.n), k % f.view.n];
      await press(page, size, r, c);
      const g = await page.evaluate(() => window.arcade.geometry());
      assert.deepEqual(g.selected, [r, c], 'the tapped ball is picked');
    },
  },
  territory: {
    seed: 3,
    taps: true,
    async act(page, size) {
      const f = await frame(page);
      const [x, y] = f.view.legal.find(([a, b]) => a !== f.view.positions[0][0] || b !== f.view.positions[0][1]);
      await press(page, size, x, y);
      const g = await frame(page);
      assert.equal(g.turn, 1);
      assert.deepEqual(g.view.targets[0], [x, y], 'player 0 moved to the tapped cell');
    },
  },
  'tiles-matching': {
    seed: 3,
    taps: true,
    async act(page, size) {
      const f = await frame(page);
      const [r, c] = f.view.legal[Math.floor(f.view.legal.length / 2)];
      await press(page, size, r, c);
      const g = await frame(page);
      assert.equal(g.turn, 1);
      assert.notEqual(g.view.board[r * g.view.side + c], -1, 'the tile lies on the tapped cell');
    },
  },
  strip2048: {
    seed: 3,
    async act(page, size) {
      const box = await page.locator('#board').boundingBox();
      const y = box.y + box.height * 0.2;
      const f = await frame(page);
      const letter = f.view.can_left ? 'l' : 'r';
      const [x0, x1] = letter === 'l' ? [0.7, 0.2] : [0.2, 0.7];
      if (size.touch) {
        // A swipe made of touch pointer events (what a finger sends).
        await page.locator('#board').evaluate((el, { a, b, y }) => {
          const ev = (type, x) => el.dispatchEvent(new PointerEvent(type, { pointerId: 7, pointerType: 'touch', clientX: x, clientY: y, bubbles: true, isPrimary: true }));
          ev('pointerdown', a);
          ev('pointermove', (a + b) / 2);
          ev('pointerup', b);
        }, { a: box.x + box.width * x0, b: box.x + box.width * x1, y });
      } else {
        await page.mouse.move(box.x + box.width * x0, y);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width * x1, y, { steps: 5 });
        await page.mouse.up();
      }
      const g = await frame(page);
      assert.equal(g.turn, 1, 'the swipe played a move');
      assert.equal(g.view.last_move, letter);
    },
  },
};

test('every game of the registry has its screen case', () => {
  assert.deepEqual(Object.keys(GAMES).sort(), [...gameIds].sort());
});

for (const size of SIZES) {
  for (const [game, spec] of Object.entries(GAMES)) {
    test(`${game} at ${size.viewport.width}x${size.viewport.height}: aspect kept, a ${size.touch ? 'tap' : 'click'} acts on its cell, no sideways scroll`, async () => {
      const page = await site.open(`?v=1&game=${game}&seed=${spec.seed}`, size);
      const shape = await page.evaluate(() => {
        const c = document.getElementById('board');
        const rect = c.getBoundingClientRect();
        return {
          logical: c.logical,
          css: { w: rect.width, h: rect.height },
          backing: { w: c.width, h: c.height },
          dpr: devicePixelRatio,
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth,
        };
      });
      const aspect = shape.logical.w / shape.logical.h;
      // Borders (1 px each side) aside, the shown board has the drawing's aspect.
      assert.ok(Math.abs((shape.css.w - 2) / (shape.css.h - 2) - aspect) < 0.01, JSON.stringify(shape));
      assert.ok(Math.abs(shape.backing.w / shape.backing.h - aspect) < 0.01, JSON.stringify(shape));
      assert.ok(shape.backing.w >= (shape.css.w - 2) * shape.dpr - 1, 'sharp: the backing store follows the displayed size');
      assert.ok(shape.scrollWidth <= shape.innerWidth, `no horizontal scroll: ${shape.scrollWidth} > ${shape.innerWidth}`);
      if (size.name === 'phone') {
        // The list: the board, score, move and the game's own buttons (the hint under them may
        // run below the fold: with the page's 44 px touch targets and a note it does).
        for (const id of ['board', 'score', 'turn', 'undo', 'redo']) {
          const box = await page.locator(`#${id}`).boundingBox();
          assert.ok(box && box.y + box.height <= size.viewport.height, `#${id} is on the first screen (bottom at ${box && box.y + box.height})`);
        }
        for (const b of await page.locator('#game-controls button').all()) {
          const box = await b.boundingBox();
          if (box) assert.ok(box.y + box.height <= size.viewport.height, `${await b.textContent()} is on the first screen`);
        }
      }
      if (size.name !== 'phone') {
        // Tablets and desktops: no panel drops under the board where there is room beside it.
        const board = await page.locator('#board-area').boundingBox();
        const stats = await page.locator('.stats').boundingBox();
        if (size.viewport.width >= 1000) assert.ok(stats.x >= board.x + board.width, 'the panels stand beside the board');
      }
      await screenshot(page, `screens-${game}-${size.name}`);
      await spec.act(page, size);
      await screenshot(page, `screens-${game}-${size.name}-after`);
      assert.deepEqual(page.errors, []);
    });
  }
}

test('a message never moves the board', async () => {
  const page = await site.open('?v=1&game=lines&seed=3');
  const before = await page.locator('#board').boundingBox();
  // A tap on an empty cell with no ball picked explains itself in a message.
  const f = await frame(page);
  const k = f.view.grid.findIndex((x) => x === 0);
  const p = await cellPoint(page, Math.floor(k / f.view.n), k % f.view.n);
  await page.mouse.click(p.x, p.y);
  assert.ok(await page.locator('#message').isVisible());
  assert.deepEqual(await page.locator('#board').boundingBox(), before);
});

/**
 * Records every text the board draws: the smallest size on the screen (CSS px, through the
 * canvas's transform) and the colours used. Runs in the page before its scripts.
 */
function textProbe() {
  const seen = { min: Infinity, smallest: '', colours: [] };
  window.boardText = seen;
  const fill = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (s, x, y, ...rest) {
    if (this.canvas.id === 'board' && String(s).trim()) {
      const size = parseFloat(/([\d.]+)px/.exec(this.font)?.[1] ?? '0');
      const t = this.getTransform();
      const css = (size * Math.hypot(t.a, t.b)) / devicePixelRatio;
      if (css < seen.min) {
        seen.min = css;
        seen.smallest = `'${s}' at ${css.toFixed(1)} px`;
      }
      if (!seen.colours.includes(String(this.fillStyle))) seen.colours.push(String(this.fillStyle));
    }
    return fill.call(this, s, x, y, ...rest);
  };
}

const SCREENS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
  { name: 'sideways', viewport: { width: 844, height: 390 }, touch: true },
  { name: 'tablet', viewport: { width: 768, height: 1024 }, touch: true },
  { name: 'laptop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'wide', viewport: { width: 1920, height: 1080 }, touch: false },
  { name: 'narrow', viewport: { width: 360, height: 740 }, touch: true }, // small Android phones
];

/** Records the page's layout shifts from its first paint (the Layout Instability API). */
function shiftProbe() {
  window.layoutShifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.hadRecentInput) window.layoutShifts.push({ value: e.value, at: Math.round(e.startTime), what: e.sources.map((s) => s.node?.id || s.node?.nodeName).join(' ') });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The shifts since load, two frames after the page said it was ready. */
const layoutShifts = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(window.layoutShifts)))));

/**
 * The game menu's shown name, measured in its own font, against the room inside the menu
 * (its padding, border and arrow, about 20 px, taken off).
 */
const gameMenu = (page) => page.evaluate(() => {
  const menu = document.getElementById('game');
  const style = getComputedStyle(menu);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${style.fontSize} ${style.fontFamily}`;
  const name = menu.selectedOptions[0].text;
  const room = menu.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
  return { name, width: Math.ceil(ctx.measureText(name).width), room };
});

/** Opens `game` on `screen` with the system's colour scheme `theme` (the page follows it). */
async function openThemed(game, screen, theme) {
  const device = { viewport: screen.viewport, isMobile: screen.touch, hasTouch: screen.touch, colorScheme: theme };
  const page = await site.open(`?v=1&game=${game}&seed=${GAMES[game].seed}`, { device, beforeLoad: (context) => Promise.all([context.addInitScript(textProbe), context.addInitScript(shiftProbe)]) });
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
  return page;
}

/** The board's box, and the room its container gives it (content width, max-height). */
const boardBox = (page) => page.evaluate(() => {
  const c = document.getElementById('board');
  const r = c.getBoundingClientRect();
  const area = document.getElementById('board-area');
  const room = { w: area.clientWidth, h: parseFloat(getComputedStyle(area).maxHeight) || Infinity };
  return { w: r.width, h: r.height, innerWidth, innerHeight, room, g: window.arcade.geometry() };
});

/**
 * The header's controls outside the screen (a phone held sideways once hid New game past its
 * edge), its height, and the player's visible buttons and menus smaller than a finger.
 */
const headerLayout = (page) => page.evaluate(() => {
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const name = (el) => el.id || el.getAttribute('aria-label') || el.textContent.trim().slice(0, 20);
  const header = document.querySelector('header');
  const outside = [...header.querySelectorAll('a, button, select, input')].filter(shown)
    .filter((el) => { const r = el.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth + 0.5; }).map(name);
  const small = [...document.querySelectorAll('header :is(a, button, select, input), main :is(button, select, .file)')].filter(shown)
    .filter((el) => { const r = el.getBoundingClientRect(); return r.width < 43.5 || r.height < 43.5; }).map((el) => `${name(el)} ${Math.round(el.getBoundingClientRect().width)}x${Math.round(el.getBoundingClientRect().height)}`);
  // Controls drawn over each other, and buttons whose words do not fit them.
  const controls = [...header.querySelectorAll('a, button, select, input')].filter(shown);
  const overlap = [];
  for (const [i, a] of controls.entries()) {
    for (const b of controls.slice(i + 1)) {
      const [p, q] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
      if (Math.min(p.right, q.right) - Math.max(p.left, q.left) > 1 && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 1) overlap.push(`${name(a)} / ${name(b)}`);
    }
  }
  const clipped = controls.filter((el) => el.matches('button, a') && el.scrollWidth > el.clientWidth + 1).map(name);
  return { outside, height: header.offsetHeight, small, overlap, clipped };
});

test('a small phone held sideways (740x360): every game\'s header fits, nothing over anything, no word cut', async () => {
  const screen = { name: 'small sideways', viewport: { width: 740, height: 360 }, touch: true };
  for (const game of Object.keys(GAMES)) {
    const page = await openThemed(game, screen, 'light');
    const header = await headerLayout(page);
    assert.deepEqual([header.outside, header.overlap, header.clipped], [[], [], []], `${game}: off the screen / over each other / words cut`);
    assert.ok(header.height < 110, `${game}: the header is ${header.height} px tall (more than two rows)`);
    const box = await boardBox(page);
    assert.ok(box.h <= box.innerHeight, `${game}: the board is ${box.h} px tall in ${box.innerHeight}`);
    if (game === 'tiles-matching') await screenshot(page, 'screens-tiles-matching-small-sideways');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

for (const game of Object.keys(GAMES)) {
  test(`${game}: the board fills 1920x1080 and fits a phone held sideways`, async () => {
    let page = await openThemed(game, SCREENS[4], 'light');
    let box = await boardBox(page);
    assert.ok(box.w >= 0.45 * 1920 || box.h >= 0.6 * 1080, `at 1920x1080 the board is ${box.w}x${box.h}`);
    assert.ok(box.h <= 1080, `at 1920x1080 the board is ${box.h} px tall`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
    page = await openThemed(game, SCREENS[1], 'light');
    box = await boardBox(page);
    assert.ok(box.h <= box.innerHeight, `at 844x390 the board is ${box.w}x${box.h}: taller than the screen`);
    // It takes the room the page gives it (the page's header decides how much that is).
    assert.ok(box.h >= 0.97 * box.room.h || box.w >= 0.97 * box.room.w, `at 844x390 the board is ${box.w}x${box.h} in a room of ${box.room.w}x${box.room.h}`);
    // Territory's scores go beside the board there, so that its cells are large enough for their values.
    if (game === 'territory') assert.equal(box.g.valuesShown, true, `at 844x390 the cells are ${(box.g.cell * box.g.scale).toFixed(1)} px: too small for their values`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test(`${game}: text of at least 11 CSS px and cells of at least 24 px on a 390 px phone`, async () => {
    const page = await openThemed(game, SCREENS[0], 'light');
    const text = await page.evaluate(() => window.boardText);
    assert.ok(text.min >= 10.95, `the smallest text: ${text.smallest}`);
    const box = await boardBox(page);
    // 24 px where the board allows it: a 16-cell row cannot have them on a 390 px screen.
    const room = Math.min(24, (box.innerWidth - 24) / box.g.cols);
    if (GAMES[game].taps) assert.ok(box.g.cell * box.g.scale >= room, `cells of ${(box.g.cell * box.g.scale).toFixed(1)} px`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test(`${game}: every screen in both themes (screenshots), the dark one in its own colours`, async () => {
    for (const theme of ['light', 'dark']) {
      for (const screen of SCREENS) {
        const page = await openThemed(game, screen, theme);
        const text = await page.evaluate(() => window.boardText);
        // Every draw since the page loaded used the theme's ink and muted colours, never the
        // other theme's (no draw in the wrong theme first).
        const other = theme === 'dark' ? THEMES.light : THEMES.dark;
        assert.ok(text.colours.some((c) => c === THEMES[theme].ink || c === THEMES[theme].muted), `${theme}: text colours ${text.colours}`);
        assert.ok(!text.colours.includes(other.ink) && !text.colours.includes(other.muted), `${theme}: text in the other theme's colours: ${text.colours}`);
        const box = await boardBox(page);
        assert.ok(box.w <= box.innerWidth, `${screen.name}: the board is ${box.w} px wide`);
        const header = await headerLayout(page);
        assert.deepEqual(header.outside, [], `${screen.name}: header controls off the screen`);
        assert.deepEqual([header.overlap, header.clipped], [[], []], `${screen.name}: header controls over each other / their words cut`);
        if (screen.viewport.width >= 1366) assert.ok(header.height < 60, `${screen.name}: the header is ${header.height} px tall (more than one row)`);
        if (screen.viewport.width <= 390) assert.ok(header.height < 160, `${screen.name}: the header is ${header.height} px tall (more than three rows)`);
        if (screen.touch) assert.deepEqual(header.small, [], `${screen.name}: controls under 44x44 px`);
        const menu = await gameMenu(page);
        assert.ok(menu.width <= menu.room, `${screen.name}: the game menu's "${menu.name}" is ${menu.width} px in ${menu.room}`);
        // Nothing jumps into place while the page starts (cumulative layout shift under 0.02;
        // "good" is under 0.1).
        const shifts = await layoutShifts(page);
        const cls = shifts.reduce((sum, s) => sum + s.value, 0);
        assert.ok(cls < 0.02, `${screen.name}: layout shift ${cls.toFixed(3)}: ${JSON.stringify(shifts)}`);
        await screenshot(page, `screens-${game}-${screen.name}-${theme}`);
        assert.deepEqual(page.errors, []);
        await page.context().close();
      }
    }
  });
}
