// Lines: the board in the official visualizer's palette, the next three colours, a selected
// ball with the cells it can reach, the path a ball travels, and where the last move made
// balls vanish and new ones land. Each ball carries its colour number (toggle) because red,
// pink, orange and magenta are hard to tell apart for many people.
import { inkOn, FONT, group, pairsForThemes } from './common.js';
import { shell, largest, PANEL_MIN_SCALE } from '../board/shell.js';

const PAD = 16;
// The board's own shade and the colour of points gained, per theme.
const BOARD_BG = { light: '#f2f4f7', dark: '#252a31' };
const GAIN = { light: '#067647', dark: '#47cd89' };
const boardBg = (theme) => BOARD_BG[theme.dark ? 'dark' : 'light'];
const gain = (theme) => GAIN[theme.dark ? 'dark' : 'light'];
const NAMES = ['red', 'cyan', 'green', 'blue', 'orange', 'magenta', 'black', 'pink', 'gray'];
const MAX_MOVES = 1000;
const COMPACT_H = 56; // the panel under the board on phones
const NEIGHBOURS = [[0, -1], [1, 0], [0, 1], [-1, 0]];
const END_TEXT = {
  full: 'the board is full',
  moves: 'all 1,000 moves are played',
  colours: 'the 3,003 ball colours ran out',
};

const steps = (k) => `${k} step${k === 1 ? '' : 's'}`;
const colourName = (colour) => `colour ${colour} (${NAMES[colour - 1] ?? '?'})`;

// The official visualizer's colours 1..9 (the view sends the same list: `view.palette`).
export const PALETTE = ['#ff0000', '#00ffff', '#00ff00', '#0000ff', '#ffc800', '#ff00ff', '#000000', '#ffafaf', '#808080'];

/** Every text colour on every background this renderer draws (tests check the contrast). */
export const textPairs = () => pairsForThemes((theme) => [
  ...PALETTE.map((bg) => ({ fg: inkOn(bg), bg, what: 'colour number on a ball' })),
  { fg: theme.muted, bg: boardBg(theme), what: 'colour number in a vanished ball, row and column numbers' },
  { fg: theme.muted, bg: theme.panel, what: 'panel text' },
  { fg: theme.ink, bg: theme.panel, what: 'panel ink' },
  { fg: gain(theme), bg: theme.panel, what: 'points gained' },
  { fg: theme.accent, bg: theme.panel, what: 'selection line' },
  { fg: theme.bad, bg: theme.panel, what: 'status line' },
]);

export const about = {
  goal: 'Score as many points as you can in 1,000 moves by lining up five or more balls of one colour.',
  rules: [
    'A move sends one ball to an empty cell it can reach along a path of empty cells (up, down, left, right).',
    'Five or more balls of one colour in a row, column or diagonal vanish.',
    'A move that makes no line brings three new balls, of the three colours shown as Next, on random empty cells (where is hidden until they land).',
    'The game ends after 1,000 moves or when the board is full.',
  ],
  scoring: 'Removing n balls at once scores n·n − 7n + 20 points (5 balls: 10, 6: 14, 7: 26 …). Topcoder scored each test as YOUR / BEST.',
  keys: 'Tap or click a ball, then an empty cell it can reach (tinted). Keyboard: arrows move the cursor, Enter picks the ball and Enter on a tinted cell sends it; Esc drops the pick.',
  contest: 'Topcoder Marathon Match "Lines" (March 2021)',
  statement: 'https://www.topcoder.com/challenges/30175218',
};

/** The empty cells a ball at `k` can reach: the empty regions touching it. */
function reachableFrom(view, k) {
  const n = view.n;
  const r = Math.floor(k / n), c = k % n;
  const near = new Set();
  for (const [dr, dc] of NEIGHBOURS) {
    const r2 = r + dr, c2 = c + dc;
    if (r2 >= 0 && c2 >= 0 && r2 < n && c2 < n && view.regions[r2 * n + c2] > 0) near.add(view.regions[r2 * n + c2]);
  }
  const cells = new Set();
  view.regions.forEach((id, m) => { if (id > 0 && near.has(id)) cells.add(m); });
  return cells;
}

/**
 * The board as the moving ball left it (for the animation): the new balls taken away, the
 * vanished ones put back, the target empty. Returns {grid, colour} (colour of the moving ball).
 */
function beforeMove(view) {
  const n = view.n;
  const grid = view.grid.slice();
  const [, , r2, c2] = view.last_move;
  const target = r2 * n + c2;
  const key = ([r, c, colour]) => `${r * n + c}:${colour}`;
  const spawned = new Set(view.spawned.map(key));
  for (const [r, c, colour] of view.spawned) if (grid[r * n + c] === colour) grid[r * n + c] = 0;
  // A new ball that vanished at once was never on the board before the move.
  for (const v of view.vanished) if (!spawned.has(key(v))) grid[v[0] * n + v[1]] = v[2];
  const gone = view.vanished.find(([r, c]) => r * n + c === target);
  const colour = gone ? gone[2] : view.grid[target];
  grid[target] = 0;
  return { grid, colour };
}

export function create(canvas, hooks) {
  let frame = null;
  let selected = null; // cell index of the selected ball
  let reach = new Set(); // the cells it can reach
  let preview = null; // the cells the selected ball would travel to the pointed cell
  let frameKey = '';
  let numbers = true;
  let statusText = '';
  let way = { view: null, from: -1, to: -1, cells: null }; // the last path asked of the rules
  let ui = null; // the drawing's numbers, while it paints

  /** The cells a ball would travel from `from` to `to`, as the rules play it (a preview). */
  function pathOf(view, from, to) {
    if (way.view !== view || way.from !== from || way.to !== to) {
      const n = view.n;
      const action = `${Math.floor(from / n)} ${from % n} ${Math.floor(to / n)} ${to % n}`;
      const after = hooks.preview(action);
      way = { view, from, to, cells: after ? after.path.map(([r, c]) => r * n + c) : null };
    }
    return way.cells;
  }

  /**
   * The board with its panel beside it, or the next balls under it (phones). The margins for
   * the status line and the row and column numbers grow with the text.
   */
  function layout(f, room) {
    const n = f.view.n;
    const cell = Math.max(40, Math.min(64, Math.floor(560 / n)));
    const numbersPx = Math.max(10, 11 / room.scale);
    const status = Math.max(13, 11 / room.scale);
    const x0 = Math.ceil(PAD / 2 + 1.3 * numbersPx);
    const top = Math.ceil(PAD / 2 + numbersPx + 4);
    // The status line is above the board beside a panel, in the compact panel on phones.
    const grid = { x0, y0: Math.ceil(top + 1.5 * status), cell, rows: n, cols: n };
    const phone = { ...grid, y0: top };
    const side = cell * n;
    const panelX = grid.x0 + side + 28;
    return largest(room, [
      { w: panelX + 210, h: Math.max(grid.y0 + side + PAD, 400), grid, panelX, status, minScale: PANEL_MIN_SCALE },
      { w: x0 + side + PAD, h: top + side + 10 + COMPACT_H, grid: phone, status, narrow: true },
    ]);
  }

  /** A ball of `colour` centred at (x, y) with radius `radius`; `alpha` for fading. */
  function ball(ctx, x, y, radius, colour, { alpha = 1, label = numbers } = {}) {
    const css = frame.view.palette[colour - 1] ?? '#999';
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.beginPath();
    ctx.arc(x, y, radius, 0, 2 * Math.PI);
    const shade = ctx.createRadialGradient(x - radius * 0.35, y - radius * 0.4, radius * 0.1, x, y, radius);
    shade.addColorStop(0, 'rgba(255,255,255,.55)');
    shade.addColorStop(0.45, 'rgba(255,255,255,0)');
    ctx.fillStyle = css;
    ctx.fill();
    ctx.fillStyle = shade;
    ctx.fill();
    // The outline keeps the black ball visible on a dark board.
    ctx.lineWidth = 1.2;
    ctx.strokeStyle = ui.theme.dark ? 'rgba(255,255,255,.55)' : 'rgba(0,0,0,.45)';
    ctx.stroke();
    const font = ui.px(Math.round(radius * 0.95));
    if (label && font <= 1.5 * radius) {
      ctx.fillStyle = inkOn(css);
      ctx.font = `700 ${font}px ${FONT}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(colour), x, y + 1);
    }
    ctx.restore();
  }

  function centre(k) {
    const n = frame.view.n;
    const g = ui.layout.grid;
    return { x: g.x0 + ((k % n) + 0.5) * g.cell, y: g.y0 + (Math.floor(k / n) + 0.5) * g.cell };
  }

  /** A polyline through the centres of `cells`. */
  function trace(ctx, cells, { colour, width, dash = [], alpha = 1 }) {
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.setLineDash(dash);
    ctx.beginPath();
    cells.forEach((k, i) => {
      const p = centre(k);
      if (i === 0) ctx.moveTo(p.x, p.y);
      else ctx.lineTo(p.x, p.y);
    });
    ctx.stroke();
    ctx.restore();
  }

  // A picture (Save image/animation) shows the game, not this page's pick of a ball.
  const pick = () => (ui?.still ? null : selected);

  /**
   * The whole picture. `ui.t` is the progress (0..1) of the last move's animation (travel,
   * then balls vanish and new ones grow); 1 is the settled frame with the last move marked.
   */
  function paint(ctx, f, drawing) {
    ui = drawing;
    const view = f.view;
    const n = view.n;
    const { grid, narrow, status } = ui.layout;
    const { theme } = ui;
    const side = grid.cell * n;
    const R = grid.cell * 0.38;
    const anim = ui.t === 1 || !view.last_move ? null : phases(view, ui.t);

    const statusY = PAD / 2 + status;
    statusText = view.end ? `Game over: ${END_TEXT[view.end] ?? view.end}.` : '';
    if (narrow) {
      // On phones the compact panel says it.
    } else if (statusText) ui.text(statusText, grid.x0, statusY, { colour: theme.bad, weight: 700, size: 15 });
    else if (pick() !== null) {
      const at = `Ball at (${Math.floor(pick() / n)}, ${pick() % n})`;
      const can = reach.size ? `${reach.size} cells reachable` : 'walled in, it cannot move';
      ui.text(`${at} picked: ${can}. Esc drops it.`, grid.x0, statusY, { colour: theme.accent, weight: 600 });
    }
    else if (!ui.still && !hooks.replayOnly) ui.text('Pick a ball, then an empty cell it can reach.', grid.x0, statusY, { colour: theme.muted });

    // Cells, and the reachable ones of the picked ball tinted.
    ctx.fillStyle = boardBg(theme);
    ctx.fillRect(grid.x0, grid.y0, side, side);
    if (pick() !== null && !anim) {
      ctx.save();
      ctx.globalAlpha = theme.dark ? 0.22 : 0.13;
      ctx.fillStyle = theme.accent;
      for (const k of reach) {
        const p = centre(k);
        ctx.fillRect(p.x - grid.cell / 2, p.y - grid.cell / 2, grid.cell, grid.cell);
      }
      ctx.restore();
    }
    ctx.strokeStyle = theme.line;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let i = 0; i <= n; i++) {
      ctx.moveTo(grid.x0 + i * grid.cell + 0.5, grid.y0);
      ctx.lineTo(grid.x0 + i * grid.cell + 0.5, grid.y0 + side);
      ctx.moveTo(grid.x0, grid.y0 + i * grid.cell + 0.5);
      ctx.lineTo(grid.x0 + side, grid.y0 + i * grid.cell + 0.5);
    }
    ctx.stroke();
    for (let i = 0; i < n; i++) {
      ui.text(String(i), grid.x0 + (i + 0.5) * grid.cell, grid.y0 - 4, { size: 10, align: 'center', colour: theme.muted });
      ui.text(String(i), grid.x0 - 4, grid.y0 + (i + 0.5) * grid.cell, { size: 10, align: 'right', baseline: 'middle', colour: theme.muted });
    }

    if (anim) drawAnimated(ctx, view, anim, R);
    else drawSettled(ctx, view, R);
    if (narrow) compactPanel(ctx, view, grid.x0, grid.y0 + side + 10, side);
    else panel(ctx, view, ui.layout.panelX);
  }

  function drawSettled(ctx, view, R) {
    const n = view.n;
    const { theme } = ui;
    const hover = ui.hover ? ui.hover.r * n + ui.hover.c : null;
    // While a ball is picked its own way (to the pointed cell) replaces the last move's path.
    preview = pick() !== null && hover !== null && reach.has(hover) ? pathOf(view, pick(), hover) : null;
    if (preview) trace(ctx, preview, { colour: theme.accent, width: 3, dash: [2, 6] });
    // The last move: its path, the balls that vanished (ghosts) and the new balls (rings).
    if (view.last_move && pick() === null) {
      const path = view.path.map(([r, c]) => r * n + c);
      trace(ctx, path, { colour: theme.accent, width: 3, alpha: 0.45 });
      const from = centre(path[0]);
      ctx.save();
      ctx.globalAlpha = 0.7;
      ctx.strokeStyle = theme.accent;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(from.x, from.y, R * 0.35, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.restore();
    }
    for (const [r, c, colour] of view.vanished) {
      if (view.grid[r * n + c] !== 0) continue;
      const p = centre(r * n + c);
      ctx.save();
      ctx.setLineDash([3, 3]);
      ctx.lineWidth = 2;
      ctx.strokeStyle = view.palette[colour - 1];
      ctx.beginPath();
      ctx.arc(p.x, p.y, R * 0.8, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.restore();
      if (numbers) ui.text(String(colour), p.x, p.y + 1, { size: 11, colour: theme.muted, align: 'center', baseline: 'middle' });
    }
    view.grid.forEach((colour, k) => {
      if (colour === 0) return;
      const p = centre(k);
      ball(ctx, p.x, p.y, R, colour);
    });
    for (const [r, c, colour] of view.spawned) {
      if (view.grid[r * n + c] !== colour) continue;
      const p = centre(r * n + c);
      ctx.save();
      ctx.setLineDash([4, 3]);
      ctx.lineWidth = 2;
      ctx.strokeStyle = theme.ink;
      ctx.beginPath();
      ctx.arc(p.x, p.y, R + 4, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.restore();
    }
    if (pick() !== null) {
      const p = centre(pick());
      ctx.lineWidth = 3;
      ctx.strokeStyle = theme.ink;
      ctx.strokeRect(p.x - ui.layout.grid.cell / 2 + 2, p.y - ui.layout.grid.cell / 2 + 2, ui.layout.grid.cell - 4, ui.layout.grid.cell - 4);
    }
  }

  // The animation at full length: the travel (by the path's length), then the pop.
  const travelMs = (view) => Math.min(480, 45 * (view.path.length - 1));
  const POP_MS = 260;

  /** Progress `t` of the whole animation as progress of its travel and of its pop. */
  function phases(view, t) {
    const split = travelMs(view) / (travelMs(view) + POP_MS);
    if (t < split) return { travel: t / split, pop: 0 };
    return { travel: 1, pop: Math.min(1, (t - split) / (1 - split)) };
  }

  function drawAnimated(ctx, view, { travel, pop }, R) {
    const n = view.n;
    const before = beforeMove(view);
    const path = view.path.map(([r, c]) => r * n + c);
    if (travel < 1) {
      before.grid.forEach((colour, k) => {
        if (colour === 0) return;
        const p = centre(k);
        ball(ctx, p.x, p.y, R, colour);
      });
      const at = travel * (path.length - 1);
      const i = Math.min(path.length - 2, Math.floor(at));
      const a = centre(path[i]), b = centre(path[i + 1]);
      const f = at - i;
      trace(ctx, path.slice(0, i + 2), { colour: ui.theme.accent, width: 3, alpha: 0.3 });
      ball(ctx, a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, R, before.colour);
      return;
    }
    // At the target: the lines shrink away and the new balls grow in.
    const key = (k, colour) => `${k}:${colour}`;
    const arriving = new Set(view.spawned.filter(([r, c, colour]) => view.grid[r * n + c] === colour).map(([r, c, colour]) => key(r * n + c, colour)));
    view.grid.forEach((colour, k) => {
      if (colour === 0) return;
      const p = centre(k);
      const growing = arriving.has(key(k, colour));
      ball(ctx, p.x, p.y, growing ? R * Math.max(0.05, pop) : R, colour, { label: numbers && (!growing || pop > 0.6) });
    });
    for (const [r, c, colour] of view.vanished) {
      const p = centre(r * n + c);
      if (pop < 1) ball(ctx, p.x, p.y, R * (1 + 0.25 * pop), colour, { alpha: 1 - pop });
    }
  }

  /** Under the board on phones: the next balls and the last move, in large type. */
  function compactPanel(ctx, view, x, y, w) {
    ui.text('Next', x, y + 30, { size: 22, weight: 600 });
    const s = 40;
    view.next.forEach((colour, i) => ball(ctx, x + 70 + s / 2 + i * (s + 8), y + 22, s * 0.45, colour));
    if (view.next.length === 0) ui.text('none left', x + 70, y + 30, { size: 20, colour: ui.theme.muted });
    // The game's end or the picked ball, else the last move.
    let last = 'no move yet';
    let colour = ui.theme.muted;
    if (view.end) [last, colour] = ['Game over', ui.theme.bad];
    else if (pick() !== null) [last, colour] = [`(${Math.floor(pick() / view.n)}, ${pick() % view.n}) picked · ${reach.size} reachable`, ui.theme.accent];
    else if (view.last_move && view.last_score > 0) [last, colour] = [`last move +${group(view.last_score)}`, gain(ui.theme)];
    else if (view.last_move) last = 'last move: no line';
    ctx.font = `400 ${ui.px(20)}px ${FONT}`;
    const size = ctx.measureText(last).width > w - 70 - 3 * 48 - 8 ? 15 : 20;
    ui.text(last, x + w, y + 30, { size, colour, align: 'right', weight: view.end ? 700 : 400 });
  }

  function panel(ctx, view, x) {
    const { muted } = ui.theme;
    let y = ui.layout.grid.y0 + 4;
    ui.text('Next balls', x, y, { weight: 600 });
    const s = 34;
    view.next.forEach((colour, i) => ball(ctx, x + s / 2 + i * (s + 8), y + 12 + s / 2, s * 0.42, colour));
    if (view.next.length === 0) ui.text('none left', x, y + 30, { colour: muted });
    y += s + 36;
    ui.text('Last move', x, y, { weight: 600 });
    y += 18;
    if (!view.last_move) {
      ui.text('none yet', x, y, { colour: muted });
    } else {
      const [r1, c1, r2, c2] = view.last_move;
      ui.text(`(${r1}, ${c1}) → (${r2}, ${c2}), ${steps(view.path.length - 1)}`, x, y);
      y += 18;
      const gained = view.last_score > 0 ? `+${group(view.last_score)}: ${view.vanished.length} balls vanished` : 'no line: +0';
      ui.text(gained, x, y, { colour: view.last_score > 0 ? gain(ui.theme) : muted, weight: view.last_score > 0 ? 600 : 400 });
      y += 18;
      ui.text(view.spawned.length ? `${view.spawned.length} new balls (dashed rings)` : 'no new balls', x, y, { colour: muted });
    }
    y += 30;
    ui.text(`${group(view.moves_left)} moves left`, x, y, { colour: muted });
    y += 30;
    ui.text(`Colours (${view.colors})`, x, y, { weight: 600 });
    y += 8;
    for (let colour = 1; colour <= view.colors; colour++) {
      const row = Math.floor((colour - 1) / 2), col = (colour - 1) % 2;
      const bx = x + col * 100, by = y + row * 24 + 12;
      ball(ctx, bx + 9, by, 9, colour, { label: false });
      ui.text(`${colour} ${NAMES[colour - 1]}`, bx + 24, by + 4, { size: 12 });
    }
  }

  function select(k) {
    selected = k;
    reach = k === null ? new Set() : reachableFrom(frame.view, k);
    board.redraw();
  }

  function endMessage() {
    const end = frame.view.end;
    return `The game is over: ${END_TEXT[end] ?? end}. Undo or seek back to play from an earlier move.`;
  }

  /** A tap, click or Enter on a cell: pick a ball, drop it, or send it to an empty cell. */
  function tap(at) {
    const view = frame.view;
    const k = at.r * view.n + at.c;
    if (view.grid[k] !== 0) {
      if (view.end) {
        hooks.message(endMessage());
        return;
      }
      // Clicking the selected ball again lets it go, as in the official visualizer.
      select(selected === k ? null : k);
      return;
    }
    if (selected === null) {
      hooks.message(view.end ? endMessage() : `(${at.r}, ${at.c}) is empty: pick a ball first, then an empty cell it can reach.`);
      return;
    }
    const from = selected;
    const move = `${Math.floor(from / view.n)} ${from % view.n} ${at.r} ${at.c}`;
    // The rules decide; a refused move (no path) shows their reason and keeps the selection.
    if (hooks.play(move) && frame.view.end) hooks.message(endMessage());
  }

  /** What a cell holds, and what a move there would do. */
  function cellText(at) {
    const view = frame.view;
    const k = at.r * view.n + at.c;
    const colour = view.grid[k];
    let tip = `(${at.r}, ${at.c}) ${colour ? colourName(colour) : 'empty'}`;
    if (colour && selected === k) tip += ' · picked';
    if (!colour && selected !== null) {
      const [r1, c1] = [Math.floor(selected / view.n), selected % view.n];
      const path = reach.has(k) ? pathOf(view, selected, k) : null;
      tip += path ? ` · ${steps(path.length - 1)} from (${r1}, ${c1})` : ` · no path from (${r1}, ${c1})`;
    }
    if (view.spawned.some(([r, c, x]) => r === at.r && c === at.c && x === colour && colour)) tip += ' · new ball';
    else if (!colour && view.vanished.some(([r, c]) => r === at.r && c === at.c)) tip += ' · a ball vanished here';
    return tip;
  }

  const board = shell(canvas, hooks, {
    keys: 'Esc drops the picked ball',
    moveUnit: 'line',
    layout,
    paint,
    onFrame(next) {
      // Any other position (a move, undo, seek) drops the selection; a refused move keeps it.
      const key = `${next.turn}/${next.moves}/${next.view.grid.join('')}`;
      if (key !== frameKey) {
        selected = null;
        reach = new Set();
        frameKey = key;
      }
      frame = next;
    },
    animation: (next) => (next.view.last_move && next.view.path.length > 1 ? travelMs(next.view) + POP_MS : 0),
    // The path to the pointed cell follows the pointer while a ball is picked.
    hover: true,
    tap,
    drop() {
      if (selected === null) return false;
      select(null);
      return true;
    },
    cellText,
    endText: (view) => (view.end ? END_TEXT[view.end] ?? view.end : null),
    describe(f) {
      const v = f.view;
      const rows = [];
      for (let r = 0; r < v.n; r++) rows.push(v.grid.slice(r * v.n, (r + 1) * v.n).map((x) => (x ? String(x) : '.')).join(' '));
      return `${v.n}x${v.n} board, ${v.colors} colours (. = empty), move ${v.moves} of 1,000, next ${v.next.join(' ')}\n${rows.join('\n')}`;
    },
    label: (f) => `Lines ${f.view.n}x${f.view.n}, ${f.view.colors} colours; score ${f.view.score}; move ${f.view.moves} of ${MAX_MOVES}; next ${f.view.next.join(' ')}${statusText ? `; ${statusText}` : ''}`,
    hint: 'Tap a ball, then an empty cell it can reach (tinted); Esc or a second tap lets it go. Five or more of a colour in a row vanish; a move that makes no line brings three new balls (dashed rings).',
    controls(container) {
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.id = 'lines-numbers';
      box.checked = numbers;
      box.onchange = () => {
        numbers = box.checked;
        if (frame) board.redraw();
      };
      label.append(box, ' Colour numbers on balls');
      label.title = 'for telling red, pink, orange and magenta apart';
      container.append(label);
    },
    /** For tests: the selection, the way shown and the status line. */
    geometry: () => ({
      selected: selected === null ? null : [Math.floor(selected / frame.view.n), selected % frame.view.n],
      reachable: reach.size,
      preview: preview && preview.map((k) => [Math.floor(k / frame.view.n), k % frame.view.n]),
      numbers,
      status: statusText,
    }),
  });
  return board;
}
