// SquareRemover: the board, the next falling colours, swaps by click or drag, and removed
// squares flashing where they vanished.
import { roundRect, inkOn, pairsForThemes, FONT } from './common.js';
import { shell, largest, PANEL_MIN_SCALE } from '../board/shell.js';

// Okabe-Ito colours (distinguishable with the common colour-vision deficiencies); the colour
// index is also written in each tile, in black or white, whichever reads better.
export const PALETTE = ['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#0072B2', '#D55E00'];

/** Every text colour on every background this renderer draws (tests check the contrast). */
/** Every text colour on every background this renderer draws (tests check the contrast). */
export const textPairs = () => pairsForThemes((theme) => [
  ...PALETTE.map((bg) => ({ fg: inkOn(bg), bg, what: 'tile digit' })),
  { fg: theme.muted, bg: theme.panel, what: 'side text' },
]);

export const about = {
  goal: 'Make as many one-colour 2x2 squares as you can in exactly 10,000 swaps.',
  rules: [
    'Each move swaps two tiles that share a side.',
    'Whenever a 2x2 square of one colour exists (the topmost, then leftmost first), it scores 1 and its four tiles are replaced, left to right and top to bottom, by the next four colours of the buffer (shown as Next).',
    'The board and the whole buffer are known: the buffer comes from the seed.',
  ],
  scoring: 'Your score is the number of squares removed after 10,000 moves (squares present at the start count too). Topcoder scored each test as YOUR / BEST, summed over the tests.',
  keys: 'Tap or click a tile, then a neighbour (or drag from one to the other). Keyboard: arrows move the cursor, Enter picks a tile and Enter on a neighbour swaps; Esc drops the pick. Ctrl+Z / Ctrl+Y undo and redo.',
  contest: 'Topcoder TCO\'14 Marathon Round 1 / Marathon Match 83 (2014), problem SquareRemover',
  statement: 'https://community.topcoder.com/longcontest/?module=ViewProblemStatement&rd=15938&pm=13132',
};
const DIRS = [[-1, 0], [0, 1], [1, 0], [0, -1]];

export function create(canvas, hooks) {
  let frame = null;
  let selected = null;

  /** The board with the Next colours beside it, or under it in a row (phones). */
  function layout(f, room) {
    const n = f.view.n;
    const cell = Math.max(22, Math.min(40, Math.floor(520 / n)));
    const grid = { x0: 16, y0: 16, cell, rows: n, cols: n };
    const side = cell * n;
    return largest(room, [
      { w: side + 32 + 120, h: Math.max(side + 32, 300), grid, minScale: PANEL_MIN_SCALE },
      { w: side + 32, h: side + 32 + 44, grid, narrow: true },
    ]);
  }

  function paint(ctx, f, ui) {
    const view = f.view;
    const { grid, narrow } = ui.layout;
    const side = grid.cell * view.n;
    const centre = (r, c) => ({ x: grid.x0 + (c + 0.5) * grid.cell, y: grid.y0 + (r + 0.5) * grid.cell });
    for (let r = 0; r < view.n; r++) {
      for (let c = 0; c < view.n; c++) tile(ctx, ui, grid.x0 + c * grid.cell, grid.y0 + r * grid.cell, grid.cell, view.board[r * view.n + c]);
    }
    if (view.last_move) {
      const [r, c, d] = view.last_move;
      const a = centre(r, c);
      const b = centre(r + DIRS[d][0], c + DIRS[d][1]);
      ctx.save();
      ctx.globalAlpha = 0.6;
      ctx.strokeStyle = ui.theme.ink;
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.stroke();
      ctx.restore();
    }
    if (ui.t < 1) {
      // Removed squares flash white where they vanished.
      for (const [r, c] of view.removed) {
        ctx.strokeStyle = `rgba(255,255,255,${1 - ui.t})`;
        ctx.lineWidth = 4;
        ctx.strokeRect(grid.x0 + c * grid.cell + 2, grid.y0 + r * grid.cell + 2, 2 * grid.cell - 4, 2 * grid.cell - 4);
        ctx.fillStyle = `rgba(255,255,255,${0.6 * (1 - ui.t)})`;
        ctx.fillRect(grid.x0 + c * grid.cell, grid.y0 + r * grid.cell, 2 * grid.cell, 2 * grid.cell);
      }
    }
    if (selected) {
      // The picked tile: a ring in the page's ink with a halo, on any tile colour.
      const x = grid.x0 + selected.c * grid.cell;
      const y = grid.y0 + selected.r * grid.cell;
      ctx.strokeStyle = ui.theme.panel;
      ctx.lineWidth = 6;
      ctx.strokeRect(x + 2, y + 2, grid.cell - 4, grid.cell - 4);
      ctx.strokeStyle = ui.theme.ink;
      ctx.lineWidth = 3;
      ctx.strokeRect(x + 2, y + 2, grid.cell - 4, grid.cell - 4);
    }
    if (narrow) {
      // Under the board on phones: the next eight colours in a row.
      const y = grid.y0 + side + 10;
      ui.text('Next', grid.x0, y + 23, { size: 20, weight: 600, colour: ui.theme.muted });
      view.next.slice(0, 8).forEach((c, k) => tile(ctx, ui, grid.x0 + 56 + k * 34 + (k >= 4 ? 8 : 0), y, 32, c));
      return;
    }
    // The next colours, in the 2x2 groups in which they will fill the next squares.
    const nx = grid.x0 + side + 24;
    ui.text('Next', nx, grid.y0 + 10, { colour: ui.theme.muted });
    const s = 26;
    for (let g = 0; g * 4 < view.next.length; g++) {
      for (let k = 0; k < 4 && g * 4 + k < view.next.length; k++) {
        tile(ctx, ui, nx + (k % 2) * s, grid.y0 + 20 + g * (2 * s + 10) + Math.floor(k / 2) * s, s, view.next[g * 4 + k]);
      }
    }
    ui.text(`${view.colors} colours`, nx, grid.y0 + 20 + 2 * (2 * s + 10) + 16, { colour: ui.theme.muted });
  }

  function tile(ctx, ui, x, y, size, color) {
    roundRect(ctx, x + 1, y + 1, size - 2, size - 2, Math.min(6, size / 5));
    ctx.fillStyle = PALETTE[color] ?? '#999999';
    ctx.fill();
    // The colour's digit, for telling colours apart without hue; dropped where it cannot be
    // read (the tooltip and Board as text name every tile).
    const font = ui.px(size / 2.6);
    if (font <= 0.8 * size) {
      ctx.fillStyle = inkOn(PALETTE[color] ?? '#999999');
      ctx.font = `600 ${font}px ${FONT}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(color), x + size / 2, y + size / 2 + 1);
      ctx.textAlign = 'start';
      ctx.textBaseline = 'alphabetic';
    }
  }

  function swap(a, b) {
    for (let d = 0; d < 4; d++) {
      if (a.r + DIRS[d][0] === b.r && a.c + DIRS[d][1] === b.c) {
        selected = null;
        hooks.play(`${a.r} ${a.c} ${d}`);
        return true;
      }
    }
    return false;
  }

  /** A tap, click or Enter on a cell: pick it, drop it, or swap it with the picked one. */
  function tap(cell) {
    if (selected && swap(selected, cell)) return;
    selected = sameCell(selected, cell) ? null : cell;
    board.redraw();
  }

  const cellText = (cell) => {
    const color = frame.view.board[cell.r * frame.view.n + cell.c];
    return `(${cell.r}, ${cell.c}) colour ${color}${sameCell(selected, cell) ? ' · picked' : ''}`;
  };

  const board = shell(canvas, hooks, {
    hint: 'Swap two neighbouring tiles: tap one then the other, or drag. Completed 2x2 squares of one colour vanish and refill from the buffer.',
    keys: 'Esc drops the picked tile',
    touch: 'drag',
    moveUnit: 'ints3',
    progress: 'best',
    layout,
    paint,
    onFrame(next) { frame = next; },
    animation: (next) => (next.view.removed.length ? 450 : 0),
    tap,
    // A drag between neighbours swaps them; any other drag is not a move.
    drag: swap,
    drop() {
      if (!selected) return false;
      selected = null;
      board.redraw();
      return true;
    },
    cellText,
    endText: () => 'all 10,000 moves are played',
    describe(f) {
      const v = f.view;
      const rows = [];
      for (let r = 0; r < v.n; r++) rows.push(v.board.slice(r * v.n, (r + 1) * v.n).join(''));
      return `${v.n}x${v.n} board, colours 0..${v.colors - 1}, ${v.moves_left} moves left\n${rows.join('\n')}\nnext: ${v.next.join(' ')}`;
    },
    label: (f) => `SquareRemover ${f.view.n}x${f.view.n}, ${f.view.colors} colours; next ${f.view.next.slice(0, 4).join(' ')}`,
  });
  return board;
}

const sameCell = (a, b) => !!a && !!b && a.r === b.r && a.c === b.c;
