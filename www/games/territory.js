// Territory (AHC061): drawn like the official visualiser — cell values, owners in their
// colours with opacity by level, pieces as numbered circles, each player's score — plus what
// manual play needs: player 0's legal targets, every player's choice last turn (arrows and
// outlined targets) and the moves that failed.
import { inkOn, over, button, group, pairsForThemes, FONT } from './common.js';
import { shell, largest, PANEL_MIN_SCALE } from '../board/shell.js';

// The official visualiser's colours for players 0..7.
const COLOURS = ['#3498db', '#e74c3c', '#2ecc71', '#f39c12', '#9b59b6', '#34495e', '#c0392b', '#95a5a6'];
// On the dark board player 5's slate would vanish: a lighter slate there.
const DARK_COLOURS = COLOURS.map((c, p) => (p === 5 ? '#7d93ad' : c));
export const coloursOf = (theme) => (theme.dark ? DARK_COLOURS : COLOURS);
const CELL = 56;
// Values may be drawn down to this share of their width, so that they fit their cells.
const VALUE_SQUEEZE = 0.85;
const PANEL_W = 270;
/** The compact panel as one column beside the board (a phone held sideways). */
const COLUMN_W = 180;
const PIECE_R = CELL * 0.26;
const at = ([x, y]) => `(${x}, ${y})`;
const same = (a, b) => a[0] === b[0] && a[1] === b[1];

/** The official fill opacity of an owned cell: 0.3 + 0.6 L/U. */
export const opacity = (level, u) => 0.3 + (0.6 * level) / u;

/** The colour a cell shows: its owner's at the level's opacity over the board, or the board. */
const cellColour = (view, i, theme) => (view.owner[i] < 0 ? theme.panel : over(coloursOf(theme)[view.owner[i]], opacity(view.level[i], view.u), theme.panel));

/** Every text colour on every background this renderer draws (tests check the contrast). */
export const textPairs = () => pairsForThemes((theme) => {
  const pairs = [
    { fg: theme.muted, bg: theme.panel, what: 'coordinates, panel text' },
    { fg: theme.ink, bg: theme.panel, what: 'panel ink' },
    { fg: theme.bad, bg: theme.panel, what: 'failed moves' },
    { fg: inkOn(theme.panel), bg: theme.panel, what: 'value of an unowned cell' },
  ];
  for (const colour of coloursOf(theme)) {
    pairs.push({ fg: inkOn(colour), bg: colour, what: 'piece number' });
    for (let u = 1; u <= 5; u++) {
      for (let level = 1; level <= u; level++) {
        const bg = over(colour, opacity(level, u), theme.panel);
        pairs.push({ fg: inkOn(bg), bg, what: `cell value at level ${level} of ${u}` });
      }
    }
  }
  return pairs;
});

export const about = {
  goal: 'You are player 0 (blue) against 1 to 7 AI players on a 10x10 board: own valuable cells at high levels, and beat the best AI by as much as you can in 100 turns.',
  rules: [
    'Each turn every player picks a target at once: a cell of their territory reachable from their piece through their own cells, or a cell next to it, with no other piece on it.',
    'Pieces that meet on a cell: only the owner\'s piece stays; on an unowned cell all of them go back.',
    'On an unowned cell you occupy it (level 1); on your own cell you reinforce it (level + 1, at most U); on an AI\'s cell you attack it (level − 1, and it becomes yours at level 1 when it reaches 0; otherwise your piece goes back).',
    'The AIs weigh cells by value and ownership with hidden weights, and move at random with a hidden probability.',
  ],
  scoring: 'A player\'s score is the sum of value × level over its cells. Your absolute score is round(100,000 × log2(1 + S0 / SA)), SA being the best AI\'s score. AtCoder ranked by round(1e9 × YOUR / MAX) summed over the tests.',
  keys: 'Tap or click a cell with a dashed outline to move there; S (or Stay) reinforces your own cell. Keyboard: arrows move the cursor, Enter moves there.',
  contest: 'AtCoder Heuristic Contest 061 (AHC061), problem A: Multi-Player Territory Game',
  statement: 'https://atcoder.jp/contests/ahc061/tasks/ahc061_a',
};

/** Why player p's move last turn failed (the view says only that it did). */
function failure(view, p) {
  const rivals = [];
  view.targets.forEach((t, q) => { if (q !== p && same(t, view.targets[p])) rivals.push(`P${q}`); });
  // Occupying or reinforcing never fails alone: a lone failed move is an attack on a cell
  // of level 2 or more, which only lowers its level.
  return rivals.length ? `conflict with ${rivals.join(', ')} at ${at(view.targets[p])}` : `attack on ${at(view.targets[p])} only lowered its level`;
}

export function create(canvas, hooks) {
  let frame = null;
  let valuesShown = false; // the last paint drew every cell's value (tests)

  const index = (view, x, y) => x * view.n + y;
  const isLegal = (view, x, y) => view.legal.some((c) => c[0] === x && c[1] === y);
  const pieceAt = (view, x, y) => view.positions.findIndex((c) => c[0] === x && c[1] === y);

  /**
   * The board with the players beside it, the large-type scores in a column beside it (short,
   * wide rooms: a phone held sideways, where under it they would leave the cells too small for
   * their values), or under it (phones). The margin for the row and column numbers, and the
   * value's line in each cell, grow with the text.
   */
  function layout(f, room) {
    const view = f.view;
    const text = Math.max(12, 11 / room.scale); // the cell values' size, logical px
    const pad = Math.max(16, Math.ceil(text) + 6);
    const grid = { x0: pad, y0: pad, cell: CELL, rows: view.n, cols: view.n };
    const side = CELL * view.n;
    const rows = Math.ceil(view.m / 4);
    const valueH = 4 + 0.8 * text; // the value's line at the top of a cell
    const pieceR = Math.min(PIECE_R, (CELL - valueH - 5) / 2);
    // The compact panel's lines grow with its text where the board is shown small.
    const line = Math.max(36, 1.7 * (11 / room.scale));
    const common = { grid, text, valueH, pieceR, line };
    return largest(room, [
      { ...common, w: side + pad + 16 + 20 + PANEL_W, h: Math.max(side + pad + 16, 30 + view.m * 38 + 190), minScale: PANEL_MIN_SCALE },
      { ...common, w: side + pad + 16 + 20 + COLUMN_W, h: Math.max(side + pad + 8, pad + 30 + view.m * line), column: true },
      { ...common, w: side + pad + 16, h: side + pad + 10 + line + rows * line, narrow: true },
    ]);
  }

  function paint(ctx, f, drawing) {
    const ui = { ...drawing, colours: coloursOf(drawing.theme) };
    const view = f.view;
    const { grid, narrow, column } = ui.layout;
    const side = CELL * view.n;
    cells(ctx, ui, view);
    legalMarks(ctx, ui, view);
    values(ctx, ui, view);
    if (ui.t === 1) lastTurn(ctx, ui, view);
    pieces(ctx, ui, view);
    if (narrow) compactPanel(ctx, ui, view, grid.x0, grid.y0 + side + 10, side, 4);
    else if (column) compactPanel(ctx, ui, view, grid.x0 + side + 20, grid.y0 - ui.layout.line * 0.3, COLUMN_W, 1);
    else panel(ctx, ui, view, grid.x0 + side + 32);
  }

  function cells(ctx, ui, view) {
    const { grid, valueH } = ui.layout;
    const { x0, y0 } = grid;
    for (let x = 0; x < view.n; x++) {
      for (let y = 0; y < view.n; y++) {
        const i = index(view, x, y);
        const left = x0 + y * CELL;
        const top = y0 + x * CELL;
        const fill = cellColour(view, i, ui.theme);
        ctx.fillStyle = fill;
        ctx.fillRect(left, top, CELL, CELL);
        const ink = inkOn(fill);
        if (view.owner[i] >= 0) {
          // The level as pips too (a column at the left edge, clear of the piece): opacities
          // alone are hard to tell apart.
          ctx.fillStyle = ink === '#ffffff' ? 'rgba(255,255,255,.8)' : 'rgba(0,0,0,.5)';
          for (let k = 0; k < view.level[i]; k++) {
            ctx.beginPath();
            ctx.arc(left + 7, top + CELL - 7 - k * 6, 2, 0, 2 * Math.PI);
            ctx.fill();
          }
        }
      }
    }
    ctx.strokeStyle = ui.theme.line;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let k = 0; k <= view.n; k++) {
      ctx.moveTo(x0 + k * CELL + 0.5, y0);
      ctx.lineTo(x0 + k * CELL + 0.5, y0 + view.n * CELL);
      ctx.moveTo(x0, y0 + k * CELL + 0.5);
      ctx.lineTo(x0 + view.n * CELL, y0 + k * CELL + 0.5);
    }
    ctx.stroke();
    // Row (x) and column (y) numbers, so a cell reads as the contest's "x y".
    const muted = { size: 10, colour: ui.theme.muted, align: 'center', baseline: 'middle' };
    for (let k = 0; k < view.n; k++) {
      ui.text(String(k), x0 / 2, y0 + (k + 0.5) * CELL, muted);
      ui.text(String(k), x0 + (k + 0.5) * CELL, y0 / 2, muted);
    }
  }

  /** Each cell's value, on its own fill so that a target's dashed outline never crosses it. */
  function values(ctx, ui, view) {
    const { grid, valueH } = ui.layout;
    ctx.font = `400 ${ui.px(12)}px ${FONT}`;
    // Values a little wider than a cell are drawn narrower (all by the same factor, never
    // below VALUE_SQUEEZE: a phone of 360 px with 5+ players needs about 0.94); a board shown
    // smaller still leaves them all to the tooltip and Board as text (some values and not
    // others would read as a pattern).
    const widest = Math.max(...view.values.map((v) => ctx.measureText(String(v)).width));
    const squeeze = Math.min(1, (CELL - 2) / widest);
    valuesShown = squeeze >= VALUE_SQUEEZE;
    if (!valuesShown) return;
    for (let x = 0; x < view.n; x++) {
      for (let y = 0; y < view.n; y++) {
        const i = index(view, x, y);
        const fill = cellColour(view, i, ui.theme);
        const cx = grid.x0 + (y + 0.5) * CELL;
        const cy = grid.y0 + x * CELL + valueH / 2 + 2;
        const w = ctx.measureText(String(view.values[i])).width * squeeze + 4;
        ctx.fillStyle = fill;
        ctx.fillRect(cx - w / 2, cy - valueH / 2 + 1, w, valueH - 2);
        ctx.save();
        ctx.translate(cx, cy);
        ctx.scale(squeeze, 1);
        ui.text(String(view.values[i]), 0, 0, { size: 12, colour: inkOn(fill), align: 'center', baseline: 'middle' });
        ctx.restore();
      }
    }
  }

  function legalMarks(ctx, ui, view) {
    const hover = ui.hover;
    for (const [x, y] of view.legal) {
      const left = ui.layout.grid.x0 + y * CELL;
      const top = ui.layout.grid.y0 + x * CELL;
      const hovered = hover && hover.r === x && hover.c === y;
      ctx.strokeStyle = ui.theme.ink;
      ctx.lineWidth = hovered ? 3 : 2;
      ctx.setLineDash(hovered ? [] : [5, 4]);
      ctx.strokeRect(left + 4, top + 4, CELL - 8, CELL - 8);
      ctx.setLineDash([]);
    }
  }

  /** Last turn: each target outlined in its player's colour, arrows for moves, ✕ on failures. */
  function lastTurn(ctx, ui, view) {
    if (!view.targets.length) return;
    const { grid } = ui.layout;
    const stacked = new Map();
    view.targets.forEach(([x, y], p) => {
      const key = `${x},${y}`;
      const k = stacked.get(key) ?? 0;
      stacked.set(key, k + 1);
      const inset = 1.5 + 3 * k;
      ctx.strokeStyle = ui.colours[p];
      ctx.lineWidth = 3;
      ctx.strokeRect(grid.x0 + y * CELL + inset, grid.y0 + x * CELL + inset, CELL - 2 * inset, CELL - 2 * inset);
    });
    view.targets.forEach((target, p) => {
      const from = view.from[p];
      if (from && !same(from, target)) arrow(ctx, ui, from, target, ui.colours[p], view.failed[p]);
      if (view.failed[p]) cross(ctx, ui, view, target, p);
    });
  }

  /** A moved piece's trail ends at the piece; a failed move's starts at the piece, put back. */
  function arrow(ctx, ui, from, to, colour, failed) {
    const a = pieceCentre(ui, ...from);
    const b = pieceCentre(ui, ...to);
    const r = ui.layout.pieceR;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const [ux, uy] = [(b.x - a.x) / len, (b.y - a.y) / len];
    const [s, e] = failed ? [r + 3, 8] : [0, r + 9];
    const start = { x: a.x + ux * s, y: a.y + uy * s };
    const end = { x: b.x - ux * e, y: b.y - uy * e };
    ctx.strokeStyle = colour;
    ctx.fillStyle = colour;
    ctx.lineWidth = 3;
    ctx.setLineDash(failed ? [5, 4] : []);
    ctx.beginPath();
    ctx.moveTo(start.x, start.y);
    ctx.lineTo(end.x, end.y);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.moveTo(end.x + ux * 6, end.y + uy * 6);
    ctx.lineTo(end.x - ux * 6 - uy * 6, end.y - uy * 6 + ux * 6);
    ctx.lineTo(end.x - ux * 6 + uy * 6, end.y - uy * 6 - ux * 6);
    ctx.fill();
  }

  /** Pieces sit under the value's line. */
  const pieceCentre = (ui, x, y) => {
    const { grid, valueH, pieceR } = ui.layout;
    return { x: grid.x0 + (y + 0.5) * CELL, y: grid.y0 + x * CELL + (valueH + CELL) / 2 + (CELL - valueH - 2 * pieceR) / 4 - 1 };
  };

  /** A ✕ in the target's lower right corner, one per failed player, stacked upwards. */
  function cross(ctx, ui, view, [x, y], p) {
    const { grid } = ui.layout;
    let rank = 0;
    for (let q = 0; q < p; q++) if (view.failed[q] && same(view.targets[q], view.targets[p])) rank++;
    const cx = grid.x0 + y * CELL + CELL - 10;
    const cy = grid.y0 + x * CELL + CELL - 10 - 11 * rank;
    ctx.strokeStyle = ui.theme.bad;
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    ctx.moveTo(cx - 4, cy - 4);
    ctx.lineTo(cx + 4, cy + 4);
    ctx.moveTo(cx + 4, cy - 4);
    ctx.lineTo(cx - 4, cy + 4);
    ctx.stroke();
  }

  /** Pieces; while animating, each slides from where the turn began (failed ones bounce back). */
  function pieces(ctx, ui, view) {
    const progress = ui.t;
    const r = ui.layout.pieceR;
    view.positions.forEach((pos, p) => {
      let c = pieceCentre(ui, ...pos);
      if (progress < 1 && view.from.length) {
        const from = pieceCentre(ui, ...view.from[p]);
        const to = pieceCentre(ui, ...view.targets[p]);
        const t = view.failed[p] ? 0.6 * Math.sin(Math.PI * progress) : 1 - (1 - progress) ** 2;
        c = { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t };
      }
      ctx.beginPath();
      ctx.arc(c.x, c.y, r, 0, 2 * Math.PI);
      ctx.fillStyle = ui.colours[p];
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = ui.theme.panel;
      ctx.stroke();
      ctx.lineWidth = 1;
      ctx.strokeStyle = ui.theme.ink;
      ctx.beginPath();
      ctx.arc(c.x, c.y, r + 1.5, 0, 2 * Math.PI);
      ctx.stroke();
      // The player's number where it fits in the piece (the colour and the tooltip say it too).
      if (ui.px(14) <= 1.6 * r) ui.text(String(p), c.x, c.y + 1, { size: 14, colour: inkOn(ui.colours[p]), weight: 700, align: 'center', baseline: 'middle' });
    });
  }

  function panel(ctx, ui, view, x) {
    const { muted, bad } = ui.theme;
    let y = ui.layout.grid.y0;
    ui.text(`${view.m} players · U = ${view.u}`, x, y + 4, { size: 12, colour: muted });
    y += 18;
    const best = Math.max(...view.scores.slice(1));
    for (let p = 0; p < view.m; p++) {
      ctx.beginPath();
      ctx.arc(x + 10, y + 6, 9, 0, 2 * Math.PI);
      ctx.fillStyle = ui.colours[p];
      ctx.fill();
      ui.text(String(p), x + 10, y + 7, { size: 11, colour: inkOn(ui.colours[p]), weight: 700, align: 'center', baseline: 'middle' });
      const name = p === 0 ? 'P0 (you)' : `P${p}${view.scores[p] === best ? ' (SA)' : ''}`;
      ui.text(name, x + 26, y + 11, { size: 13, weight: p === 0 ? 700 : 400 });
      ui.text(group(view.scores[p]), x + PANEL_W - 8, y + 11, { size: 13, weight: 600, align: 'right' });
      ui.text(lastAction(view, p), x + 26, y + 27, { size: 11, colour: view.failed[p] ? bad : muted });
      y += 38;
    }
    y += 6;
    ctx.strokeStyle = ui.theme.line;
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + PANEL_W - 8, y);
    ctx.stroke();
    y += 20;
    const ratio = view.s0 / Math.max(1, view.sa);
    ui.text(`S0 = ${group(view.s0)}   SA = ${group(view.sa)}`, x, y, { size: 13 });
    ui.text(`S0 / SA = ${ratio.toFixed(3)}`, x, y + 20, { size: 13, weight: 600 });
    ui.text('score = round(1e5 · log2(1 + S0/SA))', x, y + 38, { size: 11, colour: muted });
    y += 62;
    const failed = view.failed.map((v, p) => (v ? `P${p}` : null)).filter(Boolean);
    const summary = !view.targets.length ? 'No turn played yet.' : failed.length ? `Failed last turn: ${failed.join(', ')}` : 'No move failed last turn.';
    ui.text(summary, x, y, { size: 12, colour: failed.length ? bad : muted, weight: failed.length ? 600 : 400 });
    y += 22;
    // The opacity of each level, in player 0's colour.
    ui.text('Level', x, y + 12, { size: 11, colour: muted });
    for (let l = 1; l <= view.u; l++) {
      const left = x + 40 + (l - 1) * 30;
      const fill = over(ui.colours[0], opacity(l, view.u), ui.theme.panel);
      ctx.fillStyle = fill;
      ctx.fillRect(left, y, 24, 18);
      ui.text(String(l), left + 12, y + 10, { size: 11, colour: inkOn(fill), align: 'center', baseline: 'middle' });
    }
  }

  /** Under or beside the board on phones: S0 / SA and every player's score, in large type. */
  function compactPanel(ctx, ui, view, x, y, w, columns) {
    const ratio = view.sa > 0 ? view.s0 / view.sa : 0;
    const { line } = ui.layout;
    ui.text(`S0 / SA = ${ratio.toFixed(3)}`, x, y + line * 0.6, { size: 20, weight: 600 });
    const colW = w / columns;
    view.scores.forEach((score, p) => {
      const cx = x + (p % columns) * colW;
      const cy = y + line * 0.6 + 22 + Math.floor(p / columns) * line;
      ctx.beginPath();
      ctx.arc(cx + 12, cy + 6, 12, 0, 2 * Math.PI);
      ctx.fillStyle = ui.colours[p];
      ctx.fill();
      ui.text(String(p), cx + 12, cy + 7, { size: 15, colour: inkOn(ui.colours[p]), weight: 700, align: 'center', baseline: 'middle' });
      ui.text(group(score), cx + 30, cy + 14, { size: 19, weight: p === 0 ? 700 : 400, colour: view.failed[p] ? ui.theme.bad : ui.theme.ink });
    });
  }

  function lastAction(view, p) {
    if (!view.targets.length) return `piece at ${at(view.positions[p])}`;
    const target = view.targets[p];
    if (view.failed[p]) return `✕ ${failure(view, p)}`;
    if (same(view.from[p], target)) return `stayed on ${at(target)}`;
    return `moved ${at(view.from[p])} → ${at(target)}`;
  }

  /** Why (x, y) is not a legal target now, in words. */
  function refusal(view, x, y) {
    if (!view.legal.length) return `the game is over after ${view.turns} turns`;
    const q = pieceAt(view, x, y);
    if (q > 0) return `player ${q}'s piece stands on ${at([x, y])}, and no piece may enter a cell with another piece`;
    return `your piece at ${at(view.positions[0])} reaches only the cells you own that are joined to it, and the cells next to them`;
  }

  function move(x, y) {
    if (!frame) return;
    const view = frame.view;
    if (!isLegal(view, x, y)) {
      hooks.message(`${at([x, y])} is not a legal target: ${refusal(view, x, y)}. The legal targets have dashed outlines.`);
      return;
    }
    hooks.play(`${x} ${y}`);
  }

  function cellText(cell) {
    const view = frame.view;
    const i = index(view, cell.r, cell.c);
    const owner = view.owner[i] < 0 ? 'none' : `P${view.owner[i]}`;
    let tip = `(${cell.r}, ${cell.c}) V=${view.values[i]} Owner=${owner} Level=${view.level[i]}`;
    const q = pieceAt(view, cell.r, cell.c);
    if (q >= 0) tip += ` · piece P${q}`;
    if (isLegal(view, cell.r, cell.c)) tip += ' · you can move here';
    return tip;
  }

  return shell(canvas, hooks, {
    moveWord: 'Turn',
    moveUnit: 'line',
    keys: 'S stays and reinforces your cell',
    layout,
    paint,
    onFrame(next) { frame = next; },
    animation: (next) => (next.view.from.length ? 320 : 0),
    hover: true,
    tap: (cell) => move(cell.r, cell.c),
    cellText,
    endText: (view) => (view.legal.length ? null : `all ${view.turns} turns are played`),
    describe(f) {
      const v = f.view;
      const rows = [];
      for (let x = 0; x < v.n; x++) {
        const row = [];
        for (let y = 0; y < v.n; y++) {
          const i = index(v, x, y);
          const q = pieceAt(v, x, y);
          row.push(`${v.owner[i] < 0 ? '-' : `P${v.owner[i]}`}${v.owner[i] < 0 ? '' : `L${v.level[i]}`}${q >= 0 ? `*${q}` : ''}:${v.values[i]}`.padEnd(12));
        }
        rows.push(row.join(''));
      }
      return `Turn ${v.turn} of ${v.turns}; S0 ${v.s0}, SA ${v.sa}; each cell: owner, level, *piece, :value\n${rows.join('\n')}`;
    },
    label: (f) => `turn ${f.view.turn} of ${f.view.turns}; S0 ${f.view.s0}, SA ${f.view.sa}, score ${f.view.score}`,
    hint: 'You are player 0 (blue). Tap a cell with a dashed outline to move there (your own cell, or S: stay and reinforce); the AIs move at the same time. Outlines and arrows show last turn\'s choices, ✕ the moves that failed.',
    controls(container) {
      container.append(button('territory-stay', 'Stay (reinforce)', 'target your own cell (S)',
        () => frame && move(...frame.view.positions[0])));
    },
    /** The keyboard cursor starts on your own piece (r = x, the row). */
    cursorHome: (f) => ({ r: f.view.positions[0][0], c: f.view.positions[0][1] }),
    onKey(event) {
      if (event.ctrlKey || event.metaKey || event.altKey || event.key.toLowerCase() !== 's' || !frame) return false;
      move(...frame.view.positions[0]);
      return true;
    },
    /** For tests: the panel's line about each player's last move (r = x, the row; c = y). */
    geometry: () => ({ lastMoves: frame ? frame.view.positions.map((_, p) => lastAction(frame.view, p)) : [], valuesShown }),
  });
}
