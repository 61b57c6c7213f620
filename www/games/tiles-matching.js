// TilesMatching: the board (shape = glyph, colour = fill, and the tester's two-digit code in
// the corner), the tile in hand drawn large, cells where it fits highlighted, the discard
// counter against D, the score and its parts, and clears flashing where lines vanished.
import { roundRect, FONT, button, group, pairsForThemes } from './common.js';
import { shell, largest, PANEL_MIN_SCALE } from '../board/shell.js';

const PAD = 16;
const PANEL_W = 250;
const COMPACT_H = 62; // the panel under the board on phones
// The tiles are cream cards in both themes; their ink is their own.
const TILE_BG = '#f4f1ea';
const TILE_INK = '#1d232b';
const REMOVE_BG = '#b42318';
const WILD_BG = '#2b3340';
// Empty and legal cells, per theme.
const CELLS = { light: { empty: '#eceff3', legal: '#d1fadf' }, dark: { empty: '#262b33', legal: '#1d4a32' } };
const cells = (theme) => CELLS[theme.dark ? 'dark' : 'light'];
const LEGAL_LINE = '#12b76a';
const FLASH = '253, 176, 34'; // amber, as rgb for fading

// Colour i is the contest's colour digit i. Okabe-Ito first (safe for the common colour-vision
// deficiencies), then white, black and brown, which differ from them in lightness; every tile
// also shows its code, so no colour has to be told apart by hue alone.
const COLOURS = [
  ['#D55E00', 'vermillion'], ['#0072B2', 'blue'], ['#F0E442', 'yellow'], ['#009E73', 'green'],
  ['#CC79A7', 'pink'], ['#56B4E9', 'sky'], ['#E69F00', 'orange'], ['#ffffff', 'white'],
  [TILE_INK, 'black'], ['#8C510A', 'brown'],
];
// Shape i is the contest's shape digit i: ten silhouettes that differ at a glance.
const SHAPES = ['circle', 'square', 'triangle', 'star', 'diamond', 'cross', 'heart', 'hexagon', 'crescent', 'hourglass'];


/** Every text colour on every background this renderer draws (tests check the contrast). */
export const textPairs = () => pairsForThemes((theme) => [
  { fg: '#475467', bg: TILE_BG, what: 'tile code' },
  { fg: '#ffffff', bg: REMOVE_BG, what: 'remove tile code' },
  { fg: '#ffffff', bg: WILD_BG, what: 'wildcard W' },
  { fg: '#ffffff', bg: TILE_INK, what: 'clear label' },
  { fg: theme.muted, bg: theme.panel, what: 'panel text' },
  { fg: theme.ink, bg: theme.panel, what: 'panel ink' },
  { fg: theme.bad, bg: theme.panel, what: 'warnings' },
]);

export const about = {
  goal: 'Use as many tiles as you can: place each tile you are dealt on the board, or discard it, for up to 10,000 tiles.',
  rules: [
    'A regular tile has a colour and a shape (N of each). It goes on an empty cell next to a placed tile, and must match the colour or the shape of every tile beside it.',
    'A wildcard (W) goes next to any placed tile and matches anything; on an empty board the tile is always a wildcard and goes anywhere.',
    'A remove tile (R) goes on a placed tile and takes both away.',
    'A full row or column is cleared. Discarding adds 1 to a counter that may never pass D; placing or removing takes 1 off it. With nothing left to do, you give up.',
  ],
  scoring: 'Tiles used (placed or removed; discards do not count), plus S for each row or column cleared alone, plus 3S for a row and a column cleared at once. Topcoder ranked each test: 1 point for each competitor beaten, ½ for a tie, divided by the number of competitors − 1.',
  keys: 'Tap or click a highlighted cell to place the tile in hand. D discards; Give up ends the game. Keyboard: arrows move the cursor, Enter places the tile there.',
  contest: 'Topcoder Marathon Match 53 (2009), problem TilesMatching. The tiles are the official ones: the recovered official tester, run with a published contestant\'s program on 70 seeds, gave every game the same score as this page',
  statement: 'https://www.topcoder.com/challenges/13795',
};

/** A tile code from the view or the hand: {kind: 'wild'|'remove'|'regular', colour, shape}. */
function decode(code) {
  if (code === 'W' || code === -2) return { kind: 'wild' };
  if (code === 'R') return { kind: 'remove' };
  const n = typeof code === 'string' ? Number(code) : code;
  return { kind: 'regular', colour: Math.floor(n / 10), shape: n % 10 };
}

const codeText = (t) => (t.kind === 'wild' ? 'W' : t.kind === 'remove' ? 'R' : `${t.colour}${t.shape}`);

function describe(t) {
  if (t.kind === 'wild') return 'wildcard';
  if (t.kind === 'remove') return 'remove tile';
  return `${COLOURS[t.colour][1]} ${SHAPES[t.shape]} (colour ${t.colour}, shape ${t.shape})`;
}

/** The path of shape `k` centred on (x, y) with radius r. */
function shapePath(ctx, k, x, y, r) {
  ctx.beginPath();
  const poly = (points) => {
    points.forEach(([px, py], i) => (i ? ctx.lineTo(x + px * r, y + py * r) : ctx.moveTo(x + px * r, y + py * r)));
    ctx.closePath();
  };
  switch (SHAPES[k]) {
    case 'circle':
      ctx.arc(x, y, r * 0.9, 0, 2 * Math.PI);
      break;
    case 'square':
      ctx.roundRect(x - 0.78 * r, y - 0.78 * r, 1.56 * r, 1.56 * r, 0.12 * r);
      break;
    case 'triangle':
      poly([[0, -1], [1, 0.8], [-1, 0.8]]);
      break;
    case 'star': {
      const pts = [];
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const rr = i % 2 ? 0.45 : 1.05;
        pts.push([rr * Math.cos(a), rr * Math.sin(a) + 0.08]);
      }
      poly(pts);
      break;
    }
    case 'diamond':
      poly([[0, -1.05], [0.8, 0], [0, 1.05], [-0.8, 0]]);
      break;
    case 'cross': {
      const a = 0.32;
      const b = 0.95;
      poly([[-a, -b], [a, -b], [a, -a], [b, -a], [b, a], [a, a], [a, b], [-a, b], [-a, a], [-b, a], [-b, -a], [-a, -a]]);
      break;
    }
    case 'heart':
      ctx.moveTo(x, y + 0.95 * r);
      ctx.bezierCurveTo(x - 1.45 * r, y - 0.05 * r, x - 0.85 * r, y - 1.25 * r, x, y - 0.5 * r);
      ctx.bezierCurveTo(x + 0.85 * r, y - 1.25 * r, x + 1.45 * r, y - 0.05 * r, x, y + 0.95 * r);
      ctx.closePath();
      break;
    case 'hexagon': {
      const pts = [];
      for (let i = 0; i < 6; i++) pts.push([0.95 * Math.cos((i * Math.PI) / 3), 0.95 * Math.sin((i * Math.PI) / 3)]);
      poly(pts);
      break;
    }
    case 'crescent': {
      // The outer circle less a circle shifted right: arc round the left, back round the bite.
      const R = 0.95 * r;
      const [d, R2] = [0.55 * r, 0.8 * r];
      const ix = (d * d + R * R - R2 * R2) / (2 * d);
      const iy = Math.sqrt(R * R - ix * ix);
      const theta = Math.atan2(iy, ix);
      ctx.arc(x, y, R, theta, 2 * Math.PI - theta, false);
      ctx.arc(x + d, y, R2, Math.atan2(-iy, ix - d), Math.atan2(iy, ix - d), true);
      ctx.closePath();
      break;
    }
    case 'hourglass':
      poly([[-0.8, -0.95], [0.8, -0.95], [0.14, 0], [0.8, 0.95], [-0.8, 0.95], [-0.14, 0]]);
      break;
    default:
      ctx.arc(x, y, r * 0.5, 0, 2 * Math.PI);
  }
}

/** One tile in a size x size box at (x, y); `code` shows the tester's code in the corner. */
function drawTile(ctx, ui, x, y, size, tile, { code = true, alpha = 1 } = {}) {
  ctx.save();
  ctx.globalAlpha = alpha;
  const inset = Math.max(1, size * 0.04);
  roundRect(ctx, x + inset, y + inset, size - 2 * inset, size - 2 * inset, Math.min(8, size / 7));
  const cx = x + size / 2;
  const cy = y + size / 2;
  if (tile.kind === 'wild') {
    // Dark, with a ring of every colour and a W: unlike any regular tile.
    ctx.fillStyle = WILD_BG;
    ctx.fill();
    const ring = ctx.createConicGradient(0, cx, cy);
    COLOURS.slice(0, 7).forEach(([c], i) => ring.addColorStop(i / 7, c));
    ring.addColorStop(1, COLOURS[0][0]);
    ctx.strokeStyle = ring;
    ctx.lineWidth = size * 0.1;
    ctx.beginPath();
    ctx.arc(cx, cy, size * 0.3, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.fillStyle = '#fff';
    ctx.font = `800 ${ui.px(Math.round(size * 0.34))}px ${FONT}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('W', cx, cy + size * 0.02);
  } else if (tile.kind === 'remove') {
    // Red with a white eraser cross: it takes a tile off.
    ctx.fillStyle = REMOVE_BG;
    ctx.fill();
    const a = size * 0.2;
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = size * 0.1;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(cx - a, cy - a);
    ctx.lineTo(cx + a, cy + a);
    ctx.moveTo(cx + a, cy - a);
    ctx.lineTo(cx - a, cy + a);
    ctx.stroke();
    if (code) corner(ctx, ui, 'R', x, y, size, '#fff');
  } else {
    ctx.fillStyle = TILE_BG;
    ctx.fill();
    ctx.strokeStyle = '#c9c2b3';
    ctx.lineWidth = 1;
    ctx.stroke();
    shapePath(ctx, tile.shape, cx + size * 0.04, cy + size * 0.05, size * 0.33);
    ctx.fillStyle = COLOURS[tile.colour][0];
    ctx.fill();
    ctx.strokeStyle = TILE_INK;
    ctx.lineWidth = Math.max(1.2, size * 0.035);
    ctx.lineJoin = 'round';
    ctx.stroke();
    if (code) corner(ctx, ui, codeText(tile), x, y, size, '#475467');
  }
  ctx.restore();
}

/** The tester's code in a tile's corner; left out where readable text would cover the shape. */
function corner(ctx, ui, text, x, y, size, colour) {
  const font = ui.px(Math.max(9, Math.round(size * 0.2)));
  if (font > 0.3 * size) return;
  ctx.fillStyle = colour;
  ctx.font = `600 ${font}px ${FONT}`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillText(text, x + size * 0.08, y + size * 0.06);
}

/** `"3 4"` -> {r: 3, c: 4}; DISCARD / GIVE UP -> null. */
function placedCell(move) {
  const m = /^(-?\d+) (-?\d+)$/.exec(move ?? '');
  return m ? { r: Number(m[1]), c: Number(m[2]) } : null;
}

export function create(canvas, hooks) {
  let frame = null;
  let hand = null;
  let buttons = null;
  let ui = null; // the drawing's numbers, while it paints

  /** The board with its panel beside it, or the tile in hand under it (phones). */
  function layout(f, room) {
    const view = f.view;
    const cell = Math.max(36, Math.min(56, Math.floor(540 / view.side)));
    // The line above the board (N, S, D) is left out on phones: the compact panel says D.
    const top = Math.max(40, Math.ceil(1.6 * Math.max(13, 11 / room.scale)) + 8);
    const grid = { x0: PAD, y0: top, cell, rows: view.side, cols: view.side };
    const phone = { ...grid, y0: PAD };
    const boardW = cell * view.side;
    const px = grid.x0 + boardW + 28;
    return largest(room, [
      { w: px + PANEL_W + PAD, h: Math.max(grid.y0 + boardW + PAD, 500), grid, px, minScale: PANEL_MIN_SCALE },
      { w: grid.x0 + boardW + PAD, h: phone.y0 + boardW + 10 + COMPACT_H, grid: phone, narrow: true },
    ]);
  }

  const at = (view, r, c) => view.board[r * view.side + c];
  const isLegal = (view, r, c) => view.legal.some(([lr, lc]) => lr === r && lc === c);
  /** The lines a placement of the tile in hand at (r, c) would fill, or null if none. */
  function wouldClear(view, r, c) {
    if (!view.tile || view.tile === 'R' || at(view, r, c) !== -1 || !isLegal(view, r, c)) return null;
    let row = true;
    let col = true;
    for (let k = 0; k < view.side; k++) {
      if (k !== c && at(view, r, k) === -1) row = false;
      if (k !== r && at(view, k, c) === -1) col = false;
    }
    return row || col ? { row, col } : null;
  }

  function paint(ctx, f, drawing) {
    ui = drawing;
    const view = f.view;
    const { grid, narrow } = ui.layout;
    const boardW = grid.cell * view.side;
    if (!narrow) ui.text(`N = ${view.n} colours and shapes · S = ${view.side} · D = ${view.d}`, PAD, grid.y0 - 14, { weight: 600 });
    board(ctx, view, ui.t);
    if (narrow) compactPanel(ctx, view, grid.x0, grid.y0 + boardW + 10, boardW);
    else panel(ctx, view, ui.layout.px);
    syncButtons(view);
  }

  function board(ctx, view, progress) {
    const { grid } = ui.layout;
    const { x0, y0, cell } = grid;
    const { theme } = ui;
    const hover = ui.hover;
    const bg = cells(theme);
    // The board one move earlier, while a step is animated: what its clears took away.
    const vanished = progress < 1 && ui.previous?.turn === frame.turn - 1 ? ui.previous.view.board : null;
    const side = view.side;
    const holding = view.tile ? decode(view.tile) : null;
    const last = placedCell(view.last_move);
    const cleared = new Set(view.cleared.map(([r, c]) => r * side + c));
    const preview = hover && wouldClear(view, hover.r, hover.c);
    const legalCells = new Set(view.legal.map(([r, c]) => r * side + c));
    roundRect(ctx, x0 - 4, y0 - 4, cell * side + 8, cell * side + 8, 8);
    ctx.fillStyle = theme.line;
    ctx.fill();
    for (let r = 0; r < side; r++) {
      for (let c = 0; c < side; c++) {
        const x = x0 + c * cell;
        const y = y0 + r * cell;
        const code = at(view, r, c);
        const legal = legalCells.has(r * side + c);
        if (code === -1) {
          roundRect(ctx, x + 1, y + 1, cell - 2, cell - 2, 4);
          ctx.fillStyle = legal ? bg.legal : bg.empty;
          ctx.fill();
          if (legal && !(hover && hover.r === r && hover.c === c)) {
            ctx.fillStyle = LEGAL_LINE;
            ctx.beginPath();
            ctx.arc(x + cell / 2, y + cell / 2, Math.max(2.5, cell * 0.06), 0, 2 * Math.PI);
            ctx.fill();
          }
        } else {
          ctx.fillStyle = bg.empty;
          ctx.fillRect(x + 1, y + 1, cell - 2, cell - 2);
          // The tile just placed pops in.
          const pop = last && last.r === r && last.c === c && progress < 1 ? 0.7 + 0.3 * Math.min(1, progress * 3) : 1;
          const s = cell * pop;
          drawTile(ctx, ui, x + (cell - s) / 2, y + (cell - s) / 2, s, decode(code));
          if (legal && holding?.kind === 'remove') {
            ctx.strokeStyle = theme.bad;
            ctx.lineWidth = 2;
            ctx.setLineDash([4, 3]);
            roundRect(ctx, x + 2.5, y + 2.5, cell - 5, cell - 5, 6);
            ctx.stroke();
            ctx.setLineDash([]);
          }
        }
        if (preview && ((preview.row && r === hover.r) || (preview.col && c === hover.c))) {
          ctx.strokeStyle = `rgb(${FLASH})`;
          ctx.lineWidth = 3;
          roundRect(ctx, x + 2.5, y + 2.5, cell - 5, cell - 5, 6);
          ctx.stroke();
        }
        if (progress < 1 && cleared.has(r * side + c)) {
          ctx.fillStyle = `rgba(${FLASH}, ${0.9 * (1 - progress)})`;
          roundRect(ctx, x + 1, y + 1, cell - 2, cell - 2, 4);
          ctx.fill();
          // The tiles the clear took, fading out: the one just placed and those already there.
          const gone = last && last.r === r && last.c === c ? view.last_tile : vanished?.[r * side + c];
          if (gone !== undefined && gone !== null && gone !== -1) drawTile(ctx, ui, x, y, cell, decode(gone), { alpha: 1 - progress });
        }
      }
    }
    // The last move: a ring on the tile placed, a dashed ring where a remove tile struck.
    if (last && last.r >= 0 && last.r < side && last.c >= 0 && last.c < side && !cleared.has(last.r * side + last.c)) {
      ctx.strokeStyle = view.last_tile === 'R' ? theme.bad : theme.ink;
      ctx.lineWidth = 2.5;
      if (view.last_tile === 'R') ctx.setLineDash([5, 4]);
      roundRect(ctx, x0 + last.c * cell + 1.5, y0 + last.r * cell + 1.5, cell - 3, cell - 3, 6);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    // The ghost of the tile in hand under the pointer, where it fits.
    if (hover && holding && holding.kind !== 'remove' && isLegal(view, hover.r, hover.c)) {
      drawTile(ctx, ui, x0 + hover.c * cell, y0 + hover.r * cell, cell, holding, { alpha: 0.55 });
    }
    if (progress < 1 && view.cleared.length) {
      const both = view.cleared.length > side;
      const gain = both ? 3 * side : side;
      const [r, c] = view.cleared[Math.floor(view.cleared.length / 2)];
      const isRow = view.cleared.every(([cr]) => cr === view.cleared[0][0]);
      const label = `${both ? 'row + column' : isRow ? 'row' : 'column'} cleared +${gain}`;
      ctx.globalAlpha = Math.min(1, 2 * (1 - progress));
      ctx.font = `700 ${ui.px(18)}px ${FONT}`;
      const w = ctx.measureText(label).width + 16;
      const cx = Math.min(Math.max(x0 + (c + 0.5) * cell, x0 + w / 2), x0 + side * cell - w / 2);
      const cy = y0 + (r + 0.5) * cell - 14 * progress;
      roundRect(ctx, cx - w / 2, cy - 14, w, 28, 6);
      ctx.fillStyle = TILE_INK;
      ctx.fill();
      ui.text(label, cx, cy, { size: 18, colour: '#ffffff', weight: 700, align: 'center', baseline: 'middle' });
      ctx.globalAlpha = 1;
    }
  }

  /** Under the board on phones: the tile in hand and the discards, in large type. */
  function compactPanel(ctx, view, x, y, w) {
    const size = 60;
    hand = { x, y, size };
    if (view.tile) drawTile(ctx, ui, x, y, size, decode(view.tile));
    const tx = x + size + 14;
    if (!view.tile) {
      // The reason can be long (why the game was given up): wrapped under the title.
      ui.text('Game over', tx, y + 22, { size: 20, colour: ui.theme.bad, weight: 700 });
      wrap(ctx, view.over_reason ?? '', tx, y + 44, w - size - 14, { size: 15 });
      return;
    }
    ui.text(describe(decode(view.tile)).replace(/ \(.*\)$/, ''), tx, y + 22, { size: 20, weight: 600 });
    const where = view.stuck ? 'stuck: only Give up is left' : view.legal.length ? `fits ${view.legal.length} cell${view.legal.length === 1 ? '' : 's'}` : 'fits nowhere: discard it';
    ui.text(`${where} · discards ${view.counter}/${view.d}`, tx, y + 50, { size: 19, colour: view.stuck || !view.legal.length ? ui.theme.bad : ui.theme.muted });
  }

  function panel(ctx, view, px) {
    const { ink, muted, bad } = ui.theme;
    let y = ui.layout.grid.y0;
    ui.text('Tile in hand', px, y + 4, { weight: 600 });
    const size = 88;
    hand = { x: px, y: y + 14, size };
    const tx = px + size + 12;
    const tw = PANEL_W - size - 12;
    let ty = y + 34;
    if (view.tile) {
      const tile = decode(view.tile);
      drawTile(ctx, ui, px, y + 14, size, tile);
      const [title, more] = tile.kind === 'wild'
        ? ['Wildcard (W)', 'fits beside any tile, and any tile fits beside it']
        : tile.kind === 'remove'
          ? ['Remove (R)', 'put it on a placed tile: both leave the board']
          : [`${COLOURS[tile.colour][1]} ${SHAPES[tile.shape]}`, `colour ${tile.colour} · shape ${tile.shape}`];
      ty = wrap(ctx, title, tx, ty, tw, { weight: 600 });
      wrap(ctx, more, tx, ty, tw, { size: 12, colour: muted });
    } else {
      roundRect(ctx, px + 1, y + 15, size - 2, size - 2, 8);
      ctx.fillStyle = cells(ui.theme).empty;
      ctx.fill();
      ty = wrap(ctx, 'Game over', tx, ty, tw, { colour: bad, weight: 700, size: 15 });
      wrap(ctx, view.over_reason ?? '', tx, ty, tw, { colour: ink });
    }
    y += 14 + size + 24;
    if (view.stuck) {
      y = wrap(ctx, 'Stuck: no cell takes this tile and the discards are at D. Only Give up is left.', px, y, PANEL_W, { colour: bad, weight: 600 });
    } else if (view.tile) {
      const where = view.legal.length === 0 ? 'No cell takes it: discard it.' : `fits ${view.legal.length} cell${view.legal.length === 1 ? '' : 's'} (highlighted)`;
      y = wrap(ctx, where, px, y, PANEL_W, { colour: view.legal.length ? muted : bad, weight: view.legal.length ? 400 : 600 });
    }
    y += 14;
    // Discards: pips against D.
    ui.text(`discards ${view.counter}/${view.d}`, px, y, { weight: 600 });
    for (let i = 0; i < view.d; i++) {
      ctx.beginPath();
      ctx.arc(px + 104 + i * 18, y - 5, 6, 0, 2 * Math.PI);
      ctx.fillStyle = i < view.counter ? (view.counter === view.d ? bad : '#f79009') : ui.theme.panel;
      ctx.fill();
      ctx.strokeStyle = '#98a2b3';
      ctx.lineWidth = 1.2;
      ctx.stroke();
    }
    if (view.tile && view.counter === view.d) ui.text('limit', px + 104 + view.d * 18, y, { colour: bad, size: 12 });
    y += 32;
    // The score and its parts, as the statement adds them.
    const s = view.side;
    ui.text(`The score's parts (S = ${s})`, px, y, { weight: 600 });
    const parts = [
      ['tiles used', view.tiles_used],
      [`single clears ${group(view.single_clears)} × S`, view.single_clears * s],
      [`row + column clears ${group(view.simultaneous_clears)} × 3S`, view.simultaneous_clears * 3 * s],
    ];
    parts.forEach(([label, value], i) => {
      const ly = y + 22 + 18 * i;
      ui.text(label, px, ly, { colour: muted });
      ui.text(group(value), px + PANEL_W, ly, { align: 'right' });
    });
    y += 22 + 18 * 3 + 14;
    ui.text(`${group(view.moves_left)} tiles left`, px, y, { colour: muted });
    if (view.last_move) {
      const what = view.last_move === 'DISCARD' ? `discarded ${view.last_tile}` : view.last_move === 'GIVE UP' ? `gave up on ${view.last_tile}` : `${view.last_tile} → (${view.last_move.replace(' ', ', ')})`;
      ui.text(`last: ${what}`, px, y + 18, { colour: muted });
    }
    y += 44;
    return legend(ctx, view, px, y);
  }

  /** Draws `s` word-wrapped to `width`; returns the baseline of the next line. */
  function wrap(ctx, s, x, y, width, opts = {}) {
    const size = ui.px(opts.size ?? 13);
    ctx.font = `${opts.weight ?? 400} ${size}px ${FONT}`;
    let line = '';
    for (const word of s.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && ctx.measureText(next).width > width) {
        ui.text(line, x, y, opts);
        y += size + 4;
        line = word;
      } else line = next;
    }
    if (line) ui.text(line, x, y, opts);
    return y + size + 5;
  }

  /** The colour and shape of every digit in play (N of each). */
  function legend(ctx, view, px, y) {
    ui.text('Colours', px, y, { weight: 600, size: 12 });
    const step = Math.min(23, Math.floor(PANEL_W / view.n));
    for (let i = 0; i < view.n; i++) {
      const x = px + i * step;
      roundRect(ctx, x, y + 8, step - 5, step - 5, 4);
      ctx.fillStyle = COLOURS[i][0];
      ctx.fill();
      ctx.strokeStyle = '#98a2b3';
      ctx.lineWidth = 1;
      ctx.stroke();
      ui.text(String(i), x + (step - 5) / 2, y + step + 15, { size: 11, align: 'center', colour: ui.theme.muted });
    }
    y += step + 36;
    ui.text('Shapes', px, y, { weight: 600, size: 12 });
    for (let i = 0; i < view.n; i++) {
      const x = px + i * step;
      shapePath(ctx, i, x + (step - 5) / 2, y + 8 + (step - 5) / 2, (step - 5) * 0.42);
      ctx.fillStyle = '#98a2b3';
      ctx.fill();
      ctx.strokeStyle = ui.theme.ink;
      ctx.lineWidth = 1;
      ctx.stroke();
      ui.text(String(i), x + (step - 5) / 2, y + step + 15, { size: 11, align: 'center', colour: ui.theme.muted });
    }
    return y + step + 20;
  }

  function syncButtons(view) {
    if (!buttons) return;
    buttons.discard.disabled = view.over;
    buttons.giveUp.disabled = view.over;
    // Stuck: Give up is the only legal reply, so it stands out.
    buttons.giveUp.style.borderColor = view.stuck ? 'var(--bad)' : '';
    buttons.giveUp.style.color = view.stuck ? 'var(--bad)' : '';
    buttons.discard.textContent = `Discard (${view.counter}/${view.d})`;
    if (view.over) confirming(false);
  }

  /** `focus`: the button pressed is about to be hidden, so focus moves to the one shown. */
  function confirming(on, { focus = false } = {}) {
    if (!buttons) return;
    // Inline styles: the page's .row class would override the hidden attribute.
    buttons.confirm.style.display = on ? 'flex' : 'none';
    buttons.giveUp.style.display = on ? 'none' : '';
    if (focus) (on ? buttons.keep : buttons.giveUp).focus();
  }

  function place(r, c) {
    const view = frame.view;
    if (view.over) {
      hooks.message(`The game is over (${view.over_reason}). Undo to play on from an earlier move, or start a new game.`);
      return;
    }
    hooks.play(`${r} ${c}`);
  }

  function cellText(cell) {
    const view = frame.view;
    const code = at(view, cell.r, cell.c);
    let tip = `(${cell.r}, ${cell.c}) ${code === -1 ? 'empty' : `${codeText(decode(code))}: ${describe(decode(code))}`}`;
    if (view.tile && isLegal(view, cell.r, cell.c)) {
      tip += view.tile === 'R' ? ' · the remove tile can go here' : ` · ${view.tile} can go here`;
      const clear = wouldClear(view, cell.r, cell.c);
      if (clear) tip += clear.row && clear.col ? ` · clears row and column: +${3 * view.side}` : ` · clears the ${clear.row ? 'row' : 'column'}: +${view.side}`;
    }
    return tip;
  }

  return shell(canvas, hooks, {
    moveUnit: 'line',
    keys: 'D discards the tile in hand',
    layout,
    paint,
    onFrame(next) { frame = next; },
    // A placed tile pops in; cleared lines flash away.
    animation: (next) => (next.view.cleared.length ? 550 : placedCell(next.view.last_move) ? 150 : 0),
    hover: true,
    tap: (cell) => place(cell.r, cell.c),
    cellText,
    endText: (view) => (view.over ? view.over_reason : null),
    describe(f) {
      const v = f.view;
      const rows = [];
      for (let r = 0; r < v.side; r++) {
        const row = [];
        for (let c = 0; c < v.side; c++) {
          const code = at(v, r, c);
          row.push(code === -1 ? '..' : codeText(decode(code)).padStart(2));
        }
        rows.push(row.join(' '));
      }
      return `N = ${v.n}, ${v.side}x${v.side} board (colour digit, shape digit; .. = empty), tile in hand ${v.tile ?? 'none'}, discards ${v.counter} of ${v.d}\n${rows.join('\n')}`;
    },
    hint: 'Tap a highlighted cell to place the tile in hand; Discard (D) passes it, up to D in a row; Give up ends the game. Full rows and columns clear.',
    controls(container) {
      const discard = button('tiles-discard', 'Discard', 'pass the tile in hand (D); the counter may not exceed D', () => hooks.play('DISCARD'));
      const giveUp = button('tiles-give-up', 'Give up…', 'end the game here (asks first)', () => confirming(true, { focus: true }));
      const confirm = document.createElement('span');
      confirm.id = 'tiles-confirm';
      confirm.style.cssText = 'display: none; gap: 6px; align-items: center; flex-wrap: wrap';
      confirm.append(
        'End the game here?',
        button('tiles-give-up-yes', 'Give up', 'GIVE UP: the game ends with the current score', () => {
          confirming(false);
          hooks.play('GIVE UP');
          // The game is over and its buttons disabled: the board keeps the focus.
          canvas.focus({ preventScroll: true });
        }),
      );
      // The safe answer takes the focus when the question is asked.
      const keep = button('tiles-give-up-no', 'Keep playing', 'do not give up', () => confirming(false, { focus: true }));
      confirm.append(keep);
      container.append(discard, giveUp, confirm);
      buttons = { discard, giveUp, confirm, keep };
      if (frame) syncButtons(frame.view);
    },
    onKey(event) {
      if (event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return false;
      if (event.key === 'd' || event.key === 'D') {
        hooks.play('DISCARD');
        return true;
      }
      if (event.key === 'Escape' && buttons && buttons.confirm.style.display !== 'none') {
        confirming(false);
        return true;
      }
      return false;
    },
    label: (f) => `TilesMatching board ${f.view.side}x${f.view.side}; ${f.view.tile ? `tile in hand ${f.view.tile}` : 'game over'}; score ${f.view.score}; discards ${f.view.counter}/${f.view.d}`,
    /** For tests: where the tile in hand is drawn. */
    geometry: () => ({ hand }),
  });
}
