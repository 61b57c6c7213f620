// Drawing helpers shared by the game renderers.

/**
 * The width in CSS pixels that the board may take: its container's content width (the page
 * lays the container out; the canvas never widens it).
 */
export function availableWidth(canvas) {
  const box = canvas.parentElement;
  if (!box) return Infinity;
  const style = getComputedStyle(box);
  const inner = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return inner > 0 ? inner : Infinity;
}

/**
 * Whether a drawing `wide` logical pixels wide would shrink below 3/4 on this screen: then
 * renderers move their side panel under the board, in a compact form (phones).
 */
export function isNarrow(canvas, wide) {
  return availableWidth(canvas) < 0.75 * wide;
}

/**
 * Sizes the canvas for a drawing of w x h logical pixels and returns its context, already
 * transformed so that the renderer draws in logical pixels. The drawing is scaled down (never
 * up) to fit the container's width, keeping its aspect ratio; the backing store follows the
 * displayed size times devicePixelRatio, so it stays sharp. `canvas.logical` records the
 * geometry that `toLogical` (hit tests) uses: one geometry for drawing and pointing.
 */
export function sizeCanvas(canvas, w, h) {
  const dpr = window.devicePixelRatio || 1;
  const scale = Math.min(1, availableWidth(canvas) / w);
  const cssW = w * scale;
  const cssH = h * scale;
  const backW = Math.round(cssW * dpr);
  const backH = Math.round(cssH * dpr);
  if (canvas.width !== backW || canvas.height !== backH) {
    canvas.width = backW;
    canvas.height = backH;
  }
  canvas.style.width = `${cssW}px`;
  canvas.style.height = `${cssH}px`;
  canvas.logical = { w, h, scale };
  const ctx = canvas.getContext('2d');
  ctx.setTransform((backW / w), 0, 0, (backH / h), 0, 0);
  ctx.clearRect(0, 0, w, h);
  return ctx;
}

/** A pointer event's position in the drawing's logical pixels (the inverse of sizeCanvas). */
export function toLogical(canvas, event) {
  const rect = canvas.getBoundingClientRect();
  const { w, h } = canvas.logical ?? { w: rect.width, h: rect.height };
  return {
    x: ((event.clientX - rect.left) * w) / (rect.width || 1),
    y: ((event.clientY - rect.top) * h) / (rect.height || 1),
  };
}

/** The cell under a pointer event, or null. `grid` = {x0, y0, cell, rows, cols}. */
export function cellAt(grid, canvas, event) {
  if (!grid) return null;
  const p = toLogical(canvas, event);
  const c = Math.floor((p.x - grid.x0) / grid.cell);
  const r = Math.floor((p.y - grid.y0) / grid.cell);
  if (r < 0 || c < 0 || r >= grid.rows || c >= grid.cols) return null;
  return { r, c };
}

/** Centre of a cell in logical pixels (used by tests too, times `canvas.logical.scale`). */
export function cellCentre(grid, r, c) {
  return { x: grid.x0 + (c + 0.5) * grid.cell, y: grid.y0 + (r + 0.5) * grid.cell };
}

/** The keyboard cursor: a thick outline with a white halo, visible on any cell colour. */
export function drawCursor(ctx, grid, cell) {
  if (!grid || !cell) return;
  const x = grid.x0 + cell.c * grid.cell;
  const y = grid.y0 + cell.r * grid.cell;
  ctx.save();
  ctx.lineWidth = 5;
  ctx.strokeStyle = '#fff';
  ctx.strokeRect(x + 2.5, y + 2.5, grid.cell - 5, grid.cell - 5);
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = '#1d232b';
  ctx.setLineDash([5, 3]);
  ctx.strokeRect(x + 2.5, y + 2.5, grid.cell - 5, grid.cell - 5);
  ctx.restore();
}

// ---------- contrast (WCAG 2.x) ----------

/** Relative luminance of a #rrggbb colour. */
export function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two #rrggbb colours (1..21). */
export function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Black or white, whichever reads better on `bg` (#rrggbb). One of the two always reaches
 * 4.58:1, whatever the background (the worst case is a middle grey).
 */
export function inkOn(bg) {
  return contrast('#000000', bg) >= contrast('#ffffff', bg) ? '#000000' : '#ffffff';
}

/** `hex` blended at opacity `a` over white, as #rrggbb (for text on translucent fills). */
export function overWhite(hex, a) {
  const mix = [1, 3, 5].map((i) => Math.round(255 * (1 - a) + parseInt(hex.slice(i, i + 2), 16) * a));
  return `#${mix.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
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
export const MUTED = '#5d6679'; // 5.6:1 on white, 5.2:1 on the page background
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
