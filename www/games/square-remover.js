// SquareRemover: the board, the next falling colours, swaps by click or drag, and removed
// squares flashing where they vanished.
import { sizeCanvas, cellAt, cellCentre, roundRect, animate } from './common.js';

// Okabe-Ito colours (distinguishable with the common colour-vision deficiencies); the colour
// index is also written small in each tile.
const PALETTE = ['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#0072B2', '#D55E00'];
const DIRS = [[-1, 0], [0, 1], [1, 0], [0, -1]];

export function create(canvas, hooks) {
  let frame = null;
  let grid = null;
  let selected = null;
  let dragFrom = null;
  let stopFlash = () => {};

  function layout(view) {
    const cell = Math.max(22, Math.min(40, Math.floor(520 / view.n)));
    return { x0: 16, y0: 16, cell, rows: view.n, cols: view.n };
  }

  function draw(flashProgress = 1) {
    const view = frame.view;
    grid = layout(view);
    const side = grid.cell * view.n;
    const ctx = sizeCanvas(canvas, side + 32 + 120, Math.max(side + 32, 330));
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
    if (selected) {
      ctx.strokeStyle = '#1d232b';
      ctx.lineWidth = 3;
      ctx.strokeRect(grid.x0 + selected.c * grid.cell + 1.5, grid.y0 + selected.r * grid.cell + 1.5, grid.cell - 3, grid.cell - 3);
    }
    // The next colours, in the 2x2 groups in which they will fill the next squares.
    const nx = grid.x0 + side + 24;
    ctx.fillStyle = '#667085';
    ctx.font = '13px system-ui, sans-serif';
    ctx.fillText('Next', nx, grid.y0 + 10);
    const s = 26;
    for (let g = 0; g * 4 < view.next.length; g++) {
      for (let k = 0; k < 4 && g * 4 + k < view.next.length; k++) {
        tile(ctx, nx + (k % 2) * s, grid.y0 + 20 + g * (2 * s + 10) + Math.floor(k / 2) * s, s, view.next[g * 4 + k]);
      }
    }
    ctx.fillStyle = '#667085';
    ctx.fillText(`${view.colors} colours`, nx, grid.y0 + 20 + 2 * (2 * s + 10) + 16);
    ctx.fillText(`${view.moves_left} moves left`, nx, grid.y0 + 20 + 2 * (2 * s + 10) + 34);
  }

  function tile(ctx, x, y, size, color) {
    roundRect(ctx, x + 1, y + 1, size - 2, size - 2, Math.min(6, size / 5));
    ctx.fillStyle = PALETTE[color] ?? '#999';
    ctx.fill();
    if (size >= 22) {
      ctx.fillStyle = 'rgba(0,0,0,.35)';
      ctx.font = `${Math.round(size / 3)}px system-ui, sans-serif`;
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

  const onDown = (event) => {
    if (!frame) return;
    const cell = cellAt(grid, canvas, event);
    dragFrom = cell;
    if (!cell) return;
    if (selected && swap(selected, cell)) {
      dragFrom = null;
      return;
    }
    selected = selected && selected.r === cell.r && selected.c === cell.c ? null : cell;
    draw();
  };
  const onUp = (event) => {
    const cell = frame && cellAt(grid, canvas, event);
    if (dragFrom && cell && (cell.r !== dragFrom.r || cell.c !== dragFrom.c)) swap(dragFrom, cell);
    dragFrom = null;
  };
  const onMove = (event) => {
    const cell = frame && cellAt(grid, canvas, event);
    if (!cell) return hooks.tooltip(null);
    const color = frame.view.board[cell.r * frame.view.n + cell.c];
    hooks.tooltip(`(${cell.r}, ${cell.c}) colour ${color}`, event);
  };
  const onLeave = () => hooks.tooltip(null);
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerleave', onLeave);

  return {
    hint: 'Swap two neighbouring tiles: click one then the other, or drag. Completed 2x2 squares of one colour vanish and refill from the buffer.',
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
