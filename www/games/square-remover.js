// SquareRemover: the board, the next falling colours, swaps by click or drag, and removed
// squares flashing where they vanished.
import { sizeCanvas, isNarrow, cellAt, cellCentre, roundRect, animate, drawCursor, inkOn, MUTED } from './common.js';

// Okabe-Ito colours (distinguishable with the common colour-vision deficiencies); the colour
// index is also written in each tile, in black or white, whichever reads better.
export const PALETTE = ['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#0072B2', '#D55E00'];

/** Every text colour on every background this renderer draws (tests check the contrast). */
export const textPairs = () => [
  ...PALETTE.map((bg) => ({ fg: inkOn(bg), bg, what: 'tile digit' })),
  { fg: MUTED, bg: '#ffffff', what: 'side text' },
];

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
  let grid = null;
  let selected = null;
  let dragFrom = null;
  let cursor = null;
  let stopFlash = () => {};

  function layout(view) {
    const cell = Math.max(22, Math.min(40, Math.floor(520 / view.n)));
    return { x0: 16, y0: 16, cell, rows: view.n, cols: view.n };
  }

  function draw(flashProgress = 1) {
    const view = frame.view;
    grid = layout(view);
    const side = grid.cell * view.n;
    const narrow = isNarrow(canvas, side + 32 + 120);
    const ctx = narrow ? sizeCanvas(canvas, side + 32, side + 32 + 44) : sizeCanvas(canvas, side + 32 + 120, Math.max(side + 32, 330));
    for (let r = 0; r < view.n; r++) {
      for (let c = 0; c < view.n; c++) tile(ctx, grid.x0 + c * grid.cell, grid.y0 + r * grid.cell, grid.cell, view.board[r * view.n + c]);
    }
    if (view.last_move) {
      const [r, c, d] = view.last_move;
      const a = cellCentre(grid, r, c);
      const b = cellCentre(grid, r + DIRS[d][0], c + DIRS[d][1]);
      ctx.strokeStyle = 'rgba(29,35,43,.55)';
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.stroke();
    }
    if (flashProgress < 1) {
      for (const [r, c] of view.removed) {
        ctx.strokeStyle = `rgba(255,255,255,${1 - flashProgress})`;
        ctx.lineWidth = 4;
        ctx.strokeRect(grid.x0 + c * grid.cell + 2, grid.y0 + r * grid.cell + 2, 2 * grid.cell - 4, 2 * grid.cell - 4);
        ctx.fillStyle = `rgba(255,255,255,${0.6 * (1 - flashProgress)})`;
        ctx.fillRect(grid.x0 + c * grid.cell, grid.y0 + r * grid.cell, 2 * grid.cell, 2 * grid.cell);
      }
    }
    drawCursor(ctx, grid, cursor);
    if (selected) {
      ctx.strokeStyle = '#1d232b';
      ctx.lineWidth = 3;
      ctx.strokeRect(grid.x0 + selected.c * grid.cell + 1.5, grid.y0 + selected.r * grid.cell + 1.5, grid.cell - 3, grid.cell - 3);
    }
    if (narrow) {
      // Under the board on phones: the next eight colours in a row, and the moves left.
      const y = grid.y0 + side + 10;
      ctx.fillStyle = MUTED;
      ctx.font = '600 20px system-ui, sans-serif';
      ctx.fillText('Next', grid.x0, y + 24);
      view.next.slice(0, 8).forEach((c, k) => tile(ctx, grid.x0 + 56 + k * 34 + (k >= 4 ? 8 : 0), y, 32, c));
      ctx.textAlign = 'right';
      ctx.fillText(`${view.moves_left} left`, grid.x0 + side, y + 24);
      ctx.textAlign = 'start';
      return;
    }
    // The next colours, in the 2x2 groups in which they will fill the next squares.
    const nx = grid.x0 + side + 24;
    ctx.fillStyle = MUTED;
    ctx.font = '13px system-ui, sans-serif';
    ctx.fillText('Next', nx, grid.y0 + 10);
    const s = 26;
    for (let g = 0; g * 4 < view.next.length; g++) {
      for (let k = 0; k < 4 && g * 4 + k < view.next.length; k++) {
        tile(ctx, nx + (k % 2) * s, grid.y0 + 20 + g * (2 * s + 10) + Math.floor(k / 2) * s, s, view.next[g * 4 + k]);
      }
    }
    ctx.fillStyle = MUTED;
    ctx.fillText(`${view.colors} colours`, nx, grid.y0 + 20 + 2 * (2 * s + 10) + 16);
    ctx.fillText(`${view.moves_left} moves left`, nx, grid.y0 + 20 + 2 * (2 * s + 10) + 34);
  }

  function tile(ctx, x, y, size, color) {
    roundRect(ctx, x + 1, y + 1, size - 2, size - 2, Math.min(6, size / 5));
    ctx.fillStyle = PALETTE[color] ?? '#999';
    ctx.fill();
    if (size >= 22) {
      ctx.fillStyle = inkOn(PALETTE[color] ?? '#999999');
      ctx.font = `600 ${Math.round(size / 2.6)}px system-ui, sans-serif`;
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
    if (!frame || !cell) return;
    if (selected && swap(selected, cell)) return;
    selected = selected && selected.r === cell.r && selected.c === cell.c ? null : cell;
    draw();
  }

  const cellText = (cell) => {
    const color = frame.view.board[cell.r * frame.view.n + cell.c];
    const picked = selected && selected.r === cell.r && selected.c === cell.c ? ' · picked' : '';
    return `(${cell.r}, ${cell.c}) colour ${color}${picked}`;
  };

  const onDown = (event) => {
    if (!frame) return;
    const cell = cellAt(grid, canvas, event);
    dragFrom = cell;
    if (!cell) return;
    if (selected && swap(selected, cell)) {
      dragFrom = null;
      return;
    }
    tap(cell);
  };
  const onUp = (event) => {
    const cell = frame && cellAt(grid, canvas, event);
    if (dragFrom && cell && (cell.r !== dragFrom.r || cell.c !== dragFrom.c)) swap(dragFrom, cell);
    dragFrom = null;
  };
  const onMove = (event) => {
    const cell = frame && cellAt(grid, canvas, event);
    if (!cell) return hooks.tooltip(null);
    hooks.tooltip(cellText(cell), event);
  };
  const onLeave = () => hooks.tooltip(null);
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerleave', onLeave);

  return {
    hint: 'Swap two neighbouring tiles: tap one then the other, or drag. Completed 2x2 squares of one colour vanish and refill from the buffer.',
    keys: 'Esc drops the picked tile',
    touch: 'drag',
    moveUnit: 'ints3',
    progress: 'best',
    tap,
    cellText,
    setCursor(cell) { cursor = cell; },
    onKey(event) {
      if (event.key === 'Escape' && selected) {
        selected = null;
        draw();
        return true;
      }
      return false;
    },
    endText: () => 'all 10,000 moves are played',
    describe(f) {
      const v = f.view;
      const rows = [];
      for (let r = 0; r < v.n; r++) rows.push(v.board.slice(r * v.n, (r + 1) * v.n).join(''));
      return `${v.n}x${v.n} board, colours 0..${v.colors - 1}, ${v.moves_left} moves left\n${rows.join('\n')}\nnext: ${v.next.join(' ')}`;
    },
    draw(next, { animated = false } = {}) {
      frame = next;
      stopFlash();
      if (animated && next.view.removed.length) stopFlash = animate(450, draw);
      else draw();
    },
    /** For tests: the board's geometry in CSS pixels. */
    geometry: () => grid,
    destroy() {
      stopFlash();
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('pointerup', onUp);
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerleave', onLeave);
    },
  };
}
