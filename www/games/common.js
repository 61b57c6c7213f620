// Drawing helpers shared by the game renderers.

/** Sizes the canvas to w x h CSS pixels (sharp on high-DPI screens); returns its context. */
export function sizeCanvas(canvas, w, h) {
  const dpr = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
  }
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  return ctx;
}

/** The cell under a pointer event, or null. `grid` = {x0, y0, cell, rows, cols}. */
export function cellAt(grid, canvas, event) {
  const rect = canvas.getBoundingClientRect();
  const scaleX = parseFloat(canvas.style.width) / rect.width || 1;
  const x = (event.clientX - rect.left) * scaleX - grid.x0;
  const y = (event.clientY - rect.top) * scaleX - grid.y0;
  const c = Math.floor(x / grid.cell);
  const r = Math.floor(y / grid.cell);
  if (r < 0 || c < 0 || r >= grid.rows || c >= grid.cols) return null;
  return { r, c };
}

/** Centre of a cell in CSS pixels relative to the canvas (used by tests too). */
export function cellCentre(grid, r, c) {
  return { x: grid.x0 + (c + 0.5) * grid.cell, y: grid.y0 + (r + 0.5) * grid.cell };
}

export function roundRect(ctx, x, y, w, h, radius) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, radius);
}

/**
 * Runs `draw(progress)` on animation frames for `ms`, progress going 0 -> 1, then once more
 * with 1. Returns a function that stops it early.
 */
export function animate(ms, draw) {
  const start = performance.now();
  let handle = 0;
  const step = (now) => {
    const p = Math.min(1, (now - start) / ms);
    draw(p);
    if (p < 1) handle = requestAnimationFrame(step);
  };
  handle = requestAnimationFrame(step);
  return () => cancelAnimationFrame(handle);
}

/** A number with thousands separators, as the page writes scores. */
export const group = (n) => Number(n).toLocaleString('en-US');

// The page's ink, shared by every renderer.
export const FONT = 'system-ui, sans-serif';
export const INK = '#1d232b';
export const MUTED = '#667085';
export const BAD = '#b42318';

/** Draws one line of text; leaves the alignment and baseline at their defaults. */
export function text(ctx, s, x, y, { size = 13, colour = MUTED, weight = 400, align = 'left', baseline = 'alphabetic' } = {}) {
  ctx.font = `${weight} ${size}px ${FONT}`;
  ctx.fillStyle = colour;
  ctx.textAlign = align;
  ctx.textBaseline = baseline;
  ctx.fillText(s, x, y);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
}

/** A control button for a renderer's `controls(container)`. */
export function button(id, label, title, run) {
  const b = document.createElement('button');
  b.id = id;
  b.textContent = label;
  b.title = title;
  b.onclick = run;
  return b;
}
