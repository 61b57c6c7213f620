// Strip 2048: the strip as tiles (exact values, or 2^k when the decimal does not fit), the
// random numbers the next moves will use and where the next tile lands, and a meter with the
// best final score still reachable (the game's exact analysis, debounced).
import { sizeCanvas, roundRect, animate, toLogical, inkOn, FONT, INK, MUTED, BAD, text, button } from './common.js';

const PAD = 16;
// The classic 2048 colours up to 2048; past it the hue turns with the exponent.
const CLASSIC = ['#cdc1b4', '#eee4da', '#ede0c8', '#f2b179', '#f59563', '#f67c5f', '#f65e3b',
  '#edcf72', '#edcc61', '#edc850', '#edc53f', '#edc22e'];
const LEFT_COLOUR = '#175cd3';
const RIGHT_COLOUR = '#b54708';
// Analysis waits until the shown position has stayed put this long (fast replays skip it),
// and longer after a search that gave up (it used its whole budget on the main thread).
const SETTLE_MS = 150;
const SETTLE_AFTER_GIVING_UP_MS = 1000;

// The page opens on seed 7, a strip of 9 cells (seed 1's 3 cells end after a few moves).
export const openingSeed = '7';

const arrowOf = (letter) => (letter === 'l' ? '← Left' : 'Right →');
const group = (digits) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

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
export const textPairs = () => [
  ...Array.from({ length: 64 }, (_, e) => ({ ...tileColours(e), what: `tile 2^${e}` })),
  { fg: LEFT_COLOUR, bg: '#ffffff', what: 'left marker' },
  { fg: RIGHT_COLOUR, bg: '#ffffff', what: 'right marker' },
  { fg: MUTED, bg: '#ffffff', what: 'panel text' },
  { fg: BAD, bg: '#ffffff', what: 'game over' },
].map(({ bg, fg, what }) => ({ fg, bg, what }));

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
  let grid = null;
  let stopAnim = () => {};
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
        result = hooks.analyze() ?? { exact: false, reason: 'this game offers no analysis' };
      } catch (error) {
        result = { exact: false, reason: `the analysis failed: ${error?.message ?? error}` };
      }
      if (analyses.size > 5000) analyses.clear();
      analyses.set(key, result);
      gaveUp = !result.exact;
      draw();
    }
    return analyses.get(key);
  }

  function schedule(delay) {
    clearTimeout(timer);
    if (frame && !analyses.has(keyOf(frame.view))) timer = setTimeout(runAnalysis, gaveUp ? Math.max(delay, SETTLE_AFTER_GIVING_UP_MS) : delay);
  }

  function layout(view) {
    const cell = Math.max(20, Math.min(84, Math.floor(840 / view.n)));
    // Narrow tiles are drawn taller, so that 2^k stays readable.
    return { x0: PAD, y0: 72, cell, height: Math.max(cell, 44), rows: 1, cols: view.n };
  }

  function draw(pop = 1) {
    const view = frame.view;
    grid = layout(view);
    const stripW = grid.cell * view.n;
    const w = Math.max(660, stripW + 2 * PAD);
    const h = grid.y0 + grid.height + 280;
    const ctx = sizeCanvas(canvas, w, h);
    ctx.textBaseline = 'alphabetic';
    header(ctx, view, w);
    strip(ctx, view, pop);
    spawnMarkers(ctx, view);
    const y = randomNumbers(ctx, view, grid.y0 + grid.height + 64);
    meter(ctx, view, y + 18, w - 2 * PAD);
    const analysis = analysisOf(view);
    if (hintKey === keyOf(view) && analysis?.next) hintArrow(ctx, analysis.next, stripW);
    canvas.setAttribute('aria-label', `strip ${view.values.join(' ')}; score ${view.score_text}; ${meterText}`);
  }

  function header(ctx, view, w) {
    let last = 'no move yet';
    if (view.last_move) {
      const dir = arrowOf(view.last_move);
      if (!view.last_effective) last = `last move ${dir} changed nothing (skipped)`;
      else {
        const spawned = view.spawned === null ? '' : `, a new ${view.tiles[view.spawned] === 2 ? 4 : 2} at cell ${view.spawned}`;
        last = `last move ${dir}: +${group(view.last_gained)}${spawned}`;
      }
    }
    text(ctx, `${view.n} cells · effective moves k = ${view.effective_moves} · ${last}`, PAD, PAD + 6, { colour: INK });
    if (!view.can_left && !view.can_right) text(ctx, 'Game over: neither side changes the strip.', w - PAD, PAD + 28, { colour: BAD, weight: 600, align: 'right' });
  }

  function strip(ctx, view, pop) {
    const { x0, y0, cell, height } = grid;
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
      if (e > 0 && scale > 0.6) label(ctx, e, view.values[i], x + 2, y + 2, tw - 4, th - 4);
      if (i === view.spawned && pop === 1) {
        // The tile the last move spawned: a thin ring so a person sees where it came in.
        ctx.strokeStyle = INK;
        ctx.lineWidth = 2;
        roundRect(ctx, x + 3, y + 3, tw - 6, th - 6, Math.min(5, tw / 6));
        ctx.stroke();
      }
      text(ctx, String(i), x0 + (i + 0.5) * cell, y0 + height + 16, { size: 10, align: 'center' });
    }
  }

  /** The exact value when it fits the tile, else 2^k (the tooltip has the exact value). */
  function label(ctx, e, decimal, x, y, w, h) {
    const { fg } = tileColours(e);
    ctx.fillStyle = fg;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let size = Math.min(30, Math.floor(h * 0.42)); size >= 10; size--) {
      ctx.font = `700 ${size}px ${FONT}`;
      if (ctx.measureText(decimal).width <= w - 6) {
        ctx.fillText(decimal, x + w / 2, y + h / 2 + 1);
        ctx.textAlign = 'left';
        ctx.textBaseline = 'alphabetic';
        return;
      }
    }
    const exp = String(e);
    for (let size = Math.max(8, Math.min(26, Math.floor(h * 0.4))); size >= 8; size--) {
      const small = Math.max(7, Math.round(size * 0.7));
      ctx.font = `700 ${size}px ${FONT}`;
      const baseW = ctx.measureText('2').width;
      ctx.font = `700 ${small}px ${FONT}`;
      const expW = ctx.measureText(exp).width;
      if (baseW + expW <= w - 2 || size === 8) {
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

  /** Under the strip: where the next tile lands after ← and after → (cells of the slid strip). */
  function spawnMarkers(ctx, view) {
    const { x0, y0, cell, height } = grid;
    const y = y0 + height + 22;
    const value = view.next_spawn === 2 ? 4 : 2;
    const marks = [[view.spawn_left, '←', LEFT_COLOUR, 0], [view.spawn_right, '→', RIGHT_COLOUR, 1]];
    const same = view.spawn_left && view.spawn_right && view.spawn_left.cell === view.spawn_right.cell;
    for (const [spawn, arrow, colour, row] of marks) {
      if (!spawn) continue;
      const cx = x0 + (spawn.cell + 0.5) * cell;
      // Two rows when the markers could collide.
      const top = y + (same || cell < 48 ? row * 16 : 0);
      ctx.fillStyle = colour;
      ctx.beginPath();
      ctx.moveTo(cx, top);
      ctx.lineTo(cx - 5, top + 6);
      ctx.lineTo(cx + 5, top + 6);
      ctx.fill();
      text(ctx, `${arrow} ${value}`, cx, top + 17, { size: 11, colour, weight: 600, align: 'center' });
    }
  }

  /** The next random numbers and what they do; returns the y below the block. */
  function randomNumbers(ctx, view, y) {
    const k = view.effective_moves;
    const [pos, val] = view.next_random;
    const value = view.next_spawn === 2 ? 4 : 2;
    text(ctx, 'Next random numbers', PAD, y, { colour: INK, weight: 600 });
    text(ctx, `position x[${43 + 2 * k}] = ${pos}`, PAD, y + 20, { colour: INK });
    const after = (spawn, arrow, colour, line) => {
      const s = spawn
        ? `after ${arrow}: ${pos} mod ${spawn.empty} empty = ${pos % spawn.empty} → cell ${spawn.cell}`
        : `after ${arrow}: nothing moves, so nothing spawns`;
      text(ctx, s, PAD + 14, y + 20 + 18 * line, { colour });
    };
    after(view.spawn_left, '←', LEFT_COLOUR, 1);
    after(view.spawn_right, '→', RIGHT_COLOUR, 2);
    text(ctx, `value x[${44 + 2 * k}] = ${val}: mod 10 = ${val % 10} → a new ${value}${value === 4 ? '' : ' (a 4 only when it is 0)'}`, PAD, y + 74, { colour: INK });
    text(ctx, 'then, for the effective moves after it (position, value):', PAD, y + 94, { size: 12 });
    text(ctx, view.later_random.map(([a, b]) => `${a}, ${b}`).join('   ·   '), PAD + 14, y + 110, { size: 12 });
    return y + 110;
  }

  function meter(ctx, view, y, width) {
    const analysis = analysisOf(view);
    text(ctx, 'Best final score still reachable', PAD, y + 16, { colour: INK, weight: 600 });
    const barY = y + 48;
    roundRect(ctx, PAD, barY, width, 14, 7);
    ctx.fillStyle = '#eaecf0';
    ctx.fill();
    if (!analysis) {
      meterText = 'analysing…';
      text(ctx, meterText, PAD + 250, y + 16);
      return;
    }
    if (!analysis.exact) {
      meterText = analysis.reason;
      text(ctx, 'not known', PAD + 250, y + 16, { colour: '#b42318', weight: 600 });
      text(ctx, shorten(ctx, analysis.reason, width), PAD, barY + 32, { size: 12 });
      return;
    }
    const best = Number(analysis.best);
    const now = view.score_value;
    const share = best > 0 ? Math.min(1, now / best) : 1;
    if (share > 0) {
      roundRect(ctx, PAD, barY, Math.max(14, width * share), 14, 7);
      ctx.fillStyle = '#12b76a';
      ctx.fill();
    }
    text(ctx, group(analysis.best), PAD + 250, y + 18, { size: 20, colour: INK, weight: 700 });
    const gain = analysis.over ? 'game over' : `+${group(analysis.gain)} still to gain`;
    meterText = `best reachable ${group(analysis.best)} (exact) · now ${view.score_text} · ${gain}`;
    text(ctx, `now ${view.score_text}`, PAD, barY + 30, { size: 12, colour: INK });
    text(ctx, `${gain} · exact, solved in ${Math.max(1, Math.round(analysis.ms))} ms`, PAD + width, barY + 30, { size: 12, align: 'right' });
  }

  function shorten(ctx, s, width) {
    ctx.font = `400 12px ${FONT}`;
    if (ctx.measureText(s).width <= width) return s;
    while (s.length > 1 && ctx.measureText(`${s}…`).width > width) s = s.slice(0, -1);
    return `${s}…`;
  }

  function hintArrow(ctx, letter, stripW) {
    const y = grid.y0 - 22;
    const mid = grid.x0 + stripW / 2;
    const end = letter === 'l' ? grid.x0 + 8 : grid.x0 + stripW - 8;
    const colour = letter === 'l' ? LEFT_COLOUR : RIGHT_COLOUR;
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
    const label = `Hint: ${arrowOf(letter)} is optimal`;
    ctx.font = `600 12px ${FONT}`;
    const lw = ctx.measureText(label).width + 12;
    ctx.fillStyle = '#fff';
    ctx.fillRect(mid - lw / 2, y - 9, lw, 18);
    text(ctx, label, mid, y + 4, { size: 12, colour, weight: 600, align: 'center' });
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

  function hint() {
    if (!frame) return;
    const analysis = runAnalysis();
    if (!analysis?.exact) {
      hooks.message(`No hint: ${analysis?.reason ?? 'no analysis'}.`);
    } else if (!analysis.next) {
      hooks.message(`The game is over: the final score is ${group(analysis.best)}.`);
    } else {
      hintKey = keyOf(frame.view);
      hooks.message(`Optimal next move: ${arrowOf(analysis.next)} — it keeps a final score of ${group(analysis.best)} reachable.`);
      draw();
    }
  }

  /** The tile under the pointer (tiles may be taller than wide, so not common.cellAt). */
  function columnAt(event) {
    if (!grid) return null;
    const p = toLogical(canvas, event);
    const x = p.x - grid.x0;
    const y = p.y - grid.y0;
    const i = Math.floor(x / grid.cell);
    return y >= 0 && y < grid.height && i >= 0 && i < grid.cols ? i : null;
  }

  // A horizontal swipe on the board is a move (vertical swipes scroll the page: CSS pan-y).
  let swipe = null;
  const onDown = (event) => { swipe = { x: event.clientX, y: event.clientY, id: event.pointerId }; };
  const onUp = (event) => {
    if (!swipe || swipe.id !== event.pointerId) return;
    const dx = event.clientX - swipe.x;
    const dy = event.clientY - swipe.y;
    swipe = null;
    if (Math.abs(dx) >= 30 && Math.abs(dx) > 1.5 * Math.abs(dy)) move(dx < 0 ? 'l' : 'r');
  };
  const onCancel = () => { swipe = null; };
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('pointercancel', onCancel);

  const onMove = (event) => {
    const i = frame && columnAt(event);
    if (i === null || i === undefined) return hooks.tooltip(null);
    const view = frame.view;
    const e = view.tiles[i];
    let tip = e === 0 ? `cell ${i}: empty` : `cell ${i}: 2^${e} = ${group(view.values[i])}`;
    const lands = [];
    if (view.spawn_left?.cell === i) lands.push('←');
    if (view.spawn_right?.cell === i) lands.push('→');
    if (lands.length) tip += ` · after ${lands.join(' or ')} the next tile lands here`;
    hooks.tooltip(tip, event);
  };
  const onLeave = () => hooks.tooltip(null);
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerleave', onLeave);

  return {
    hint: 'Slide with L / R (or the buttons, or a swipe on the board); moves that change nothing are refused. Hint (H) shows an optimal next move.',
    keys: 'L slides left, R slides right, H hints; the arrow keys step a replay',
    touch: 'swipe-x',
    moveUnit: 'chars',
    progress: 'best',
    endText: (view) => (!view.can_left && !view.can_right ? 'neither side changes the strip' : null),
    describe(f) {
      const v = f.view;
      return `${v.n} cells: ${v.values.map((x) => (x === '0' || x === 0 ? '.' : x)).join(' ')}\nscore ${v.score_text}; ${meterText}`;
    },
    controls(container) {
      container.append(
        button('strip-left', '◀ Left', 'slide left (L)', () => move('l')),
        button('strip-right', 'Right ▶', 'slide right (R)', () => move('r')),
        button('strip-hint', 'Hint', 'an optimal next move (H)', hint),
      );
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
    draw(next, { animated = false } = {}) {
      frame = next;
      stopAnim();
      if (animated && next.view.last_effective) stopAnim = animate(160, draw);
      else draw();
      schedule(SETTLE_MS);
    },
    /** For tests: the strip's geometry in CSS pixels, and what the meter says. */
    geometry: () => ({ ...grid, meter: meterText, analysis: frame ? analysisOf(frame.view) : null }),
    destroy() {
      stopAnim();
      clearTimeout(timer);
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerleave', onLeave);
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('pointerup', onUp);
      canvas.removeEventListener('pointercancel', onCancel);
    },
  };
}
