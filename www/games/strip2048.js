// Strip 2048: the strip as tiles (exact values, or 2^k when the decimal does not fit), the
// random numbers the next moves will use and where the next tile lands, and a meter with the
// best final score still reachable (the game's exact analysis, debounced).
import { roundRect, inkOn, FONT, button, pairsForThemes } from './common.js';
import { shell } from '../board/shell.js';

const PAD = 16;
// The classic 2048 colours up to 2048; past it the hue turns with the exponent.
const CLASSIC = ['#cdc1b4', '#eee4da', '#ede0c8', '#f2b179', '#f59563', '#f67c5f', '#f65e3b',
  '#edcf72', '#edcc61', '#edc850', '#edc53f', '#edc22e'];
// The two sides' marker colours, per theme (each reads on its panel).
const SIDES = { light: { l: '#175cd3', r: '#b54708' }, dark: { l: '#84adff', r: '#fdb022' } };
const sideColour = (theme, letter) => SIDES[theme.dark ? 'dark' : 'light'][letter];
// Analysis waits until the shown position has stayed put this long (fast replays skip it),
// and longer after a search that gave up (it used its whole budget on the main thread).
const SETTLE_MS = 150;
const SETTLE_AFTER_GIVING_UP_MS = 1000;

const arrowOf = (letter) => (letter === 'l' ? '← Left' : 'Right →');
// Scores here are decimal strings past 2^53 (exact), so they are grouped as text.
const groupDigits = (digits) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** #rrggbb of an HSL colour (h in degrees, s and l in 0..1). */
function hslHex(h, sat, l) {
  const f = (n) => {
    const k = (n + h / 30) % 12;
    const v = l - sat * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(255 * v).toString(16).padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** A tile's fill and the text colour that reads best on it (black or white). */
function tileColours(e) {
  const bg = e < CLASSIC.length ? CLASSIC[e] : hslHex((200 + (e - CLASSIC.length) * 37) % 360, 0.45, 0.36);
  return { bg, fg: inkOn(bg) };
}

/** Every text colour on every background this renderer draws (tests check the contrast). */
export const textPairs = () => pairsForThemes((theme) => [
  ...Array.from({ length: 64 }, (_, e) => ({ ...tileColours(e), what: `tile 2^${e}` })),
  { fg: sideColour(theme, 'l'), bg: theme.panel, what: 'left marker' },
  { fg: sideColour(theme, 'r'), bg: theme.panel, what: 'right marker' },
  { fg: theme.muted, bg: theme.panel, what: 'panel text' },
  { fg: theme.ink, bg: theme.panel, what: 'panel ink' },
  { fg: theme.bad, bg: theme.panel, what: 'game over' },
]);

export const about = {
  goal: 'Score as much as you can on a one-row 2048 strip whose new tiles come from a known pseudorandom generator.',
  rules: [
    'A move slides every tile to the left or to the right; two equal neighbours meeting merge into one tile of twice the value (each tile merges once a move).',
    'After a move that changes the strip, a new 2 or 4 appears on an empty cell; where and which come from the generator (the numbers it will use are shown).',
    'A move that changes nothing is not played (the contest skips it). The game ends when neither side changes the strip.',
  ],
  scoring: 'Each merge scores the value of the new tile. IPSC\'s hard subproblem asked for the best score reachable from the start, which the meter shows for the current position.',
  keys: 'L or the ◀ Left button slides left, R or Right ▶ slides right; on a touch screen, swipe left or right on the board. H shows an optimal next move. The arrow keys step through a replay, never play.',
  contest: 'IPSC 2014 (Internet Problem Solving Contest), problem B: Beating the game',
  statement: 'https://ipsc.ksp.sk/2014/real/problems/b.html',
};

/** The position, as a cache key: strip, effective moves (= place in the random numbers), score. */
const keyOf = (view) => `${view.tiles.join(',')}|${view.effective_moves}|${view.score_text}|${view.next_random.join(',')}|${view.later_random.flat().join(',')}`;

export function create(canvas, hooks) {
  let frame = null;
  let controlButtons = []; // Left, Right, Hint (none on a board that only replays)
  let timer = 0;
  // Analyses by position: undo/redo and seeking back never pay twice.
  const analyses = new Map();
  // The position the Hint button was pressed on (its arrow shows until the position changes).
  let hintKey = null;
  let meterText = '';
  let gaveUp = false;

  const analysisOf = (view) => analyses.get(keyOf(view)) ?? null;

  function runAnalysis() {
    clearTimeout(timer);
    if (!frame) return null;
    const key = keyOf(frame.view);
    if (!analyses.has(key)) {
      let result;
      try {
        // No analysis here (the compare view's boards): not a failure, so said quietly.
        result = hooks.analyze() ?? { exact: false, absent: true, reason: 'worked out in the player, not beside another game' };
      } catch (error) {
        result = { exact: false, reason: `the analysis failed: ${error?.message ?? error}` };
      }
      if (analyses.size > 5000) analyses.clear();
      analyses.set(key, result);
      gaveUp = !result.exact;
      board.redraw();
    }
    return analyses.get(key);
  }

  function schedule(delay) {
    clearTimeout(timer);
    if (frame && !analyses.has(keyOf(frame.view))) timer = setTimeout(runAnalysis, gaveUp ? Math.max(delay, SETTLE_AFTER_GIVING_UP_MS) : delay);
  }

  /**
   * The drawing takes the room's width (within 360..1000 logical px); `lh` is the line step,
   * grown where the board is shown small.
   */
  function layout(f, room) {
    const n = f.view.n;
    // On a large screen the strip grows more than its text: the drawing is 80% as wide as the
    // room, so that the text is shown at most 1.25 times its size.
    let w = Number.isFinite(room.w) ? Math.max(360, Math.min(1000, room.w / 1.25)) : 660;
    const cell = Math.max(20, Math.min(140, Math.floor((w - 2 * PAD) / n)));
    w = Math.max(w, cell * n + 2 * PAD);
    const grow = Math.max(1, 11 / (12 * room.scale));
    const lh = Math.round(18 * grow);
    const height = Math.max(cell, 44);
    const y0 = PAD + 2 * lh + 26;
    // Under the strip: cell numbers, two rows of markers, the random numbers, the meter. On
    // phones the random numbers are left to Board as text: the strip and its buttons come
    // first on the screen.
    const compact = Number.isFinite(room.w) && room.w < 520;
    const h = y0 + height + lh + 2 * lh + (compact ? 0 : 6 * lh + 12) + 5 * lh + 8;
    return { w, h, lh, compact, grid: { x0: PAD, y0, cell, cellH: height, height, rows: 1, cols: n } };
  }

  function paint(ctx, f, ui) {
    const view = f.view;
    const { grid, lh, w } = ui.layout;
    const stripW = grid.cell * view.n;
    header(ctx, ui, view, w);
    strip(ctx, ui, view, grid);
    let y = grid.y0 + grid.height + lh;
    y = spawnMarkers(ctx, ui, view, grid, y);
    if (!ui.layout.compact) y = randomNumbers(ctx, ui, view, y + lh, w) + 12;
    meter(ctx, ui, view, y, w - 2 * PAD);
    const analysis = analysisOf(view);
    if (hintKey === keyOf(view) && analysis?.next) hintArrow(ctx, ui, analysis.next, grid, stripW);
  }

  /** Text cut to `width` with an ellipsis (the tooltip and Board as text have it all). */
  function fitted(ctx, ui, s, width, size, weight = 400) {
    ctx.font = `${weight} ${ui.px(size)}px ${FONT}`;
    if (ctx.measureText(s).width <= width) return s;
    while (s.length > 1 && ctx.measureText(`${s}…`).width > width) s = s.slice(0, -1);
    return `${s}…`;
  }

  function header(ctx, ui, view, w) {
    let last = 'no move yet';
    if (view.last_move) {
      const dir = arrowOf(view.last_move);
      if (!view.last_effective) last = `last move ${dir} changed nothing (skipped)`;
      else {
        const spawned = view.spawned === null ? '' : `, a new ${view.tiles[view.spawned] === 2 ? 4 : 2} at cell ${view.spawned}`;
        last = `last move ${dir}: +${groupDigits(view.last_gained)}${spawned}`;
      }
    }
    const { lh } = ui.layout;
    ui.text(fitted(ctx, ui, `${view.n} cells · effective moves k = ${view.effective_moves}`, w - 2 * PAD, 13), PAD, PAD + 6 + 0.4 * lh);
    ui.text(fitted(ctx, ui, last, w - 2 * PAD, 13), PAD, PAD + 6 + 1.4 * lh, { colour: ui.theme.muted });
    if (!view.can_left && !view.can_right) ui.text('Game over: neither side changes the strip.', w - PAD, PAD + 6 + 2.4 * lh, { colour: ui.theme.bad, weight: 600, align: 'right' });
  }

  function strip(ctx, ui, view, grid) {
    const { x0, y0, cell, height } = grid;
    const pop = ui.t;
    roundRect(ctx, x0 - 4, y0 - 4, cell * view.n + 8, height + 8, 8);
    ctx.fillStyle = '#bbada0';
    ctx.fill();
    for (let i = 0; i < view.n; i++) {
      const e = view.tiles[i];
      let scale = 1;
      if (pop < 1 && i === view.spawned) scale = 0.3 + 0.7 * pop;
      else if (pop < 1 && view.merged.includes(i)) scale = 1 + 0.12 * Math.sin(Math.PI * pop);
      const [tw, th] = [cell * scale, height * scale];
      const x = x0 + i * cell + (cell - tw) / 2;
      const y = y0 + (height - th) / 2;
      roundRect(ctx, x + 2, y + 2, tw - 4, th - 4, Math.min(6, tw / 6));
      ctx.fillStyle = tileColours(e).bg;
      ctx.fill();
      if (e > 0 && scale > 0.6) label(ctx, ui, e, view.values[i], x + 2, y + 2, tw - 4, th - 4);
      if (i === view.spawned && pop === 1) {
        // The tile the last move spawned: a thin ring so a person sees where it came in.
        ctx.strokeStyle = '#1d232b';
        ctx.lineWidth = 2;
        roundRect(ctx, x + 3, y + 3, tw - 6, th - 6, Math.min(5, tw / 6));
        ctx.stroke();
      }
      // Cell numbers, where they fit side by side.
      if (ui.px(10) * 1.3 * String(i).length <= cell || i % 5 === 0) ui.text(String(i), x0 + (i + 0.5) * cell, y0 + height + ui.layout.lh * 0.9, { size: 10, align: 'center', colour: ui.theme.muted });
    }
  }

  /** The exact value when it fits the tile, else 2^k (the tooltip has the exact value). */
  function label(ctx, ui, e, decimal, x, y, w, h) {
    const { fg } = tileColours(e);
    const min = ui.px(8);
    ctx.fillStyle = fg;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let size = Math.min(40, Math.floor(h * 0.42)); size >= min; size--) {
      ctx.font = `700 ${size}px ${FONT}`;
      if (ctx.measureText(decimal).width <= w - 6) {
        ctx.fillText(decimal, x + w / 2, y + h / 2 + 1);
        ctx.textAlign = 'left';
        ctx.textBaseline = 'alphabetic';
        return;
      }
    }
    const exp = String(e);
    for (let size = Math.max(min, Math.min(26, Math.floor(h * 0.4))); size >= min; size--) {
      const small = Math.max(min, Math.round(size * 0.7));
      ctx.font = `700 ${size}px ${FONT}`;
      const baseW = ctx.measureText('2').width;
      ctx.font = `700 ${small}px ${FONT}`;
      const expW = ctx.measureText(exp).width;
      if (baseW + expW <= w - 2 || size <= min) {
        const left = x + (w - baseW - expW) / 2;
        ctx.textAlign = 'left';
        ctx.font = `700 ${size}px ${FONT}`;
        ctx.fillText('2', left, y + h / 2 + 1);
        ctx.font = `700 ${small}px ${FONT}`;
        ctx.fillText(exp, left + baseW, y + h / 2 - size * 0.38);
        break;
      }
    }
    ctx.textAlign = 'left';
    ctx.textBaseline = 'alphabetic';
  }

  /** Under the strip: where the next tile lands after ← and after →; returns the y below. */
  function spawnMarkers(ctx, ui, view, grid, y) {
    const { x0, cell } = grid;
    const { lh } = ui.layout;
    const value = view.next_spawn === 2 ? 4 : 2;
    const marks = [[view.spawn_left, '←', 'l', 0], [view.spawn_right, '→', 'r', 1]];
    for (const [spawn, arrow, letter, row] of marks) {
      if (!spawn) continue;
      const colour = sideColour(ui.theme, letter);
      const cx = x0 + (spawn.cell + 0.5) * cell;
      // Two rows, so that the markers never collide.
      const top = y + row * lh;
      ctx.fillStyle = colour;
      ctx.beginPath();
      ctx.moveTo(cx, top);
      ctx.lineTo(cx - 5, top + 6);
      ctx.lineTo(cx + 5, top + 6);
      ctx.fill();
      ui.text(`${arrow} ${value}`, cx, top + 6 + 0.75 * lh, { size: 11, colour, weight: 600, align: 'center' });
    }
    return y + 2 * lh + 6;
  }

  /** The next random numbers and what they do; returns the y below the block. */
  function randomNumbers(ctx, ui, view, y, w) {
    const { lh } = ui.layout;
    const width = w - 2 * PAD;
    const k = view.effective_moves;
    const [pos, val] = view.next_random;
    const value = view.next_spawn === 2 ? 4 : 2;
    const line = (s, i, options = {}) => ui.text(fitted(ctx, ui, s, width - (options.indent ?? 0), options.size ?? 13, options.weight), PAD + (options.indent ?? 0), y + i * lh, options);
    line('Next random numbers', 0, { weight: 600 });
    line(`position x[${43 + 2 * k}] = ${pos}`, 1);
    const after = (spawn, arrow, letter, i) => line(spawn
      ? `after ${arrow}: ${pos} mod ${spawn.empty} empty = ${pos % spawn.empty} → cell ${spawn.cell}`
      : `after ${arrow}: nothing moves, so nothing spawns`, i, { indent: 14, colour: sideColour(ui.theme, letter) });
    after(view.spawn_left, '←', 'l', 2);
    after(view.spawn_right, '→', 'r', 3);
    line(`value x[${44 + 2 * k}] = ${val}: mod 10 = ${val % 10} → a new ${value}${value === 4 ? '' : ' (a 4 only when it is 0)'}`, 4);
    line(`later (position, value): ${view.later_random.map(([a, b]) => `${a}, ${b}`).join('  ·  ')}`, 5, { size: 12, colour: ui.theme.muted });
    return y + 5 * lh;
  }

  function meter(ctx, ui, view, y, width) {
    const { lh } = ui.layout;
    const analysis = analysisOf(view);
    const titleY = y + lh;
    ui.text('Best final score still reachable', PAD, titleY, { weight: 600 });
    ctx.font = `600 ${ui.px(13)}px ${FONT}`;
    const valueX = PAD + ctx.measureText('Best final score still reachable').width + 14;
    const barY = titleY + 0.9 * lh;
    roundRect(ctx, PAD, barY, width, 14, 7);
    ctx.fillStyle = ui.theme.dark ? '#2c333c' : '#eaecf0';
    ctx.fill();
    const noteY = barY + 14 + 1.2 * lh;
    if (!analysis) {
      // A picture of a move never shown here has no analysis, and none is coming.
      const text = ui.still ? 'not worked out for this picture' : 'analysing…';
      if (!ui.still) meterText = text;
      ui.text(text, valueX, titleY, { colour: ui.theme.muted });
      return;
    }
    if (!analysis.exact) {
      meterText = analysis.reason;
      if (analysis.absent) ui.text('not shown here', valueX, titleY, { colour: ui.theme.muted });
      else ui.text('not known', valueX, titleY, { colour: ui.theme.bad, weight: 600 });
      ui.text(fitted(ctx, ui, analysis.reason, width, 12), PAD, noteY, { size: 12, colour: ui.theme.muted });
      return;
    }
    const best = Number(analysis.best);
    const now = view.score_value;
    // Nothing reachable (a best of 0): an empty bar, not a full one.
    const share = best > 0 ? Math.min(1, now / best) : 0;
    if (share > 0) {
      roundRect(ctx, PAD, barY, Math.max(14, width * share), 14, 7);
      ctx.fillStyle = '#12b76a';
      ctx.fill();
    }
    ui.text(groupDigits(analysis.best), valueX, titleY + 2, { size: 20, weight: 700 });
    const gain = analysis.over ? 'game over' : `+${groupDigits(analysis.gain)} still to gain`;
    meterText = `best reachable ${groupDigits(analysis.best)} (exact) · now ${view.score_text} · ${gain}`;
    ui.text(fitted(ctx, ui, `${gain} · exact, solved in ${Math.max(1, Math.round(analysis.ms))} ms`, width, 12), PAD, noteY, { size: 12, colour: ui.theme.muted });
  }

  function hintArrow(ctx, ui, letter, grid, stripW) {
    const y = grid.y0 - 22;
    const mid = grid.x0 + stripW / 2;
    const end = letter === 'l' ? grid.x0 + 8 : grid.x0 + stripW - 8;
    const colour = sideColour(ui.theme, letter);
    ctx.strokeStyle = colour;
    ctx.fillStyle = colour;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(mid, y);
    ctx.lineTo(end, y);
    ctx.stroke();
    const d = letter === 'l' ? 1 : -1;
    ctx.beginPath();
    ctx.moveTo(end - d * 4, y);
    ctx.lineTo(end + d * 8, y - 7);
    ctx.lineTo(end + d * 8, y + 7);
    ctx.fill();
    const text = `Hint: ${arrowOf(letter)} is optimal`;
    ctx.font = `600 ${ui.px(12)}px ${FONT}`;
    const lw = ctx.measureText(text).width + 12;
    const lh = ui.px(12) + 6;
    ctx.fillStyle = ui.theme.panel;
    ctx.fillRect(mid - lw / 2, y - lh / 2, lw, lh);
    ui.text(text, mid, y, { size: 12, colour, weight: 600, align: 'center', baseline: 'middle' });
  }

  /** A manual move; a move that changes nothing is refused here with the reason. */
  function move(letter) {
    if (!frame) return;
    const view = frame.view;
    if (!view.can_left && !view.can_right) {
      hooks.message('The game is over: neither ← nor → changes the strip.');
      return;
    }
    if (!(letter === 'l' ? view.can_left : view.can_right)) {
      const side = letter === 'l' ? 'left' : 'right';
      hooks.message(`${arrowOf(letter)} changes nothing here: the tiles already touch the ${side} side with no gap and no two equal neighbours. The contest would skip it, so it is not played; try ${arrowOf(letter === 'l' ? 'r' : 'l')}.`);
      return;
    }
    if (hooks.play(letter)) schedule(20);
  }

  /** Over: neither a slide nor a hint can do anything (while only one side is refused, its
   * button stays pressable and says why it changes nothing). */
  function syncControls() {
    const over = !!frame && !frame.view.can_left && !frame.view.can_right;
    for (const b of controlButtons) b.disabled = over;
  }

  function hint() {
    if (!frame) return;
    const analysis = runAnalysis();
    if (!analysis?.exact) {
      hooks.message(`No hint: ${analysis?.reason ?? 'no analysis'}.`);
    } else if (!analysis.next) {
      hooks.message(`The game is over: the final score is ${groupDigits(analysis.best)}.`);
    } else {
      hintKey = keyOf(frame.view);
      hooks.message(`Optimal next move: ${arrowOf(analysis.next)} — it keeps a final score of ${groupDigits(analysis.best)} reachable.`);
      board.redraw();
    }
  }

  function tooltip(cell) {
    const view = frame.view;
    const i = cell.c;
    const e = view.tiles[i];
    let tip = e === 0 ? `cell ${i}: empty` : `cell ${i}: 2^${e} = ${groupDigits(view.values[i])}`;
    const lands = [];
    if (view.spawn_left?.cell === i) lands.push('←');
    if (view.spawn_right?.cell === i) lands.push('→');
    if (lands.length) tip += ` · after ${lands.join(' or ')} the next tile lands here`;
    return tip;
  }

  const board = shell(canvas, hooks, {
    hint: 'Slide with L / R (or the buttons, or a swipe on the board); moves that change nothing are refused. Hint (H) shows an optimal next move.',
    keys: 'L slides left, R slides right, H hints; the arrow keys step a replay',
    touch: 'swipe-x',
    moveUnit: 'chars',
    progress: 'best',
    layout,
    paint,
    onFrame(next) {
      frame = next;
      syncControls();
      schedule(SETTLE_MS);
    },
    animation: (next) => (next.view.last_effective ? 160 : 0),
    // A horizontal swipe on the board is a move (vertical swipes scroll the page: CSS pan-y).
    swipe: move,
    tooltip,
    endText: (view) => (!view.can_left && !view.can_right ? 'neither side changes the strip' : null),
    describe(f) {
      const v = f.view;
      const k = v.effective_moves;
      const spawn = (s, arrow) => (s ? `after ${arrow} the next tile lands on cell ${s.cell}` : `after ${arrow} nothing spawns`);
      return `${v.n} cells: ${v.values.map((x) => (x === '0' || x === 0 ? '.' : x)).join(' ')}\nscore ${v.score_text}; ${meterText}\n`
        + `next random numbers: x[${43 + 2 * k}] = ${v.next_random[0]}, x[${44 + 2 * k}] = ${v.next_random[1]}; ${spawn(v.spawn_left, '←')}, ${spawn(v.spawn_right, '→')} (a ${v.next_spawn === 2 ? 4 : 2})\n`
        + `later (position, value): ${v.later_random.map(([a, b]) => `${a}, ${b}`).join(' · ')}`;
    },
    label: (f) => `strip ${f.view.values.join(' ')}; score ${f.view.score_text}; ${meterText}`,
    controls(container) {
      controlButtons = [
        button('strip-left', '◀ Left', 'slide left (L)', () => move('l')),
        button('strip-right', 'Right ▶', 'slide right (R)', () => move('r')),
        button('strip-hint', 'Hint', 'an optimal next move (H)', hint),
      ];
      container.append(...controlButtons);
      syncControls();
    },
    onKey(event) {
      if (event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return false;
      const key = event.key.toLowerCase();
      if (key === 'l') move('l');
      else if (key === 'r') move('r');
      else if (key === 'h') hint();
      else return false;
      return true;
    },
    /** For tests: what the meter says, and the analysis behind it. */
    geometry: () => ({ meter: meterText, analysis: frame ? analysisOf(frame.view) : null }),
    destroy() { clearTimeout(timer); },
  });
  return board;
}
