// Colour and drawing helpers shared by the game renderers (the board's lifecycle, sizing,
// pointers, keyboard cursor and theme are www/board/shell.js).
import { THEMES } from '../theme.js';

export const FONT = 'system-ui, sans-serif';

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

/** `hex` at opacity `a` over `base` (both #rrggbb), as #rrggbb: what a translucent fill shows. */
export function over(hex, a, base) {
  const mix = [1, 3, 5].map((i) => Math.round(parseInt(base.slice(i, i + 2), 16) * (1 - a) + parseInt(hex.slice(i, i + 2), 16) * a));
  return `#${mix.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * A renderer's text pairs for every theme: `pairs(theme)` lists {fg, bg, what} drawn on that
 * theme; each comes back tagged with its theme's name (tests check both).
 */
export const pairsForThemes = (pairs) => Object.entries(THEMES)
  .flatMap(([name, theme]) => pairs({ ...theme, dark: name === 'dark' }).map((p) => ({ ...p, theme: name })));

export function roundRect(ctx, x, y, w, h, radius) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, radius);
}

/** A number with thousands separators, as the page writes scores. */
export { group } from '../words.js';

/** A control button for a renderer's `controls(container)`. */
export function button(id, label, title, run) {
  const b = document.createElement('button');
  b.id = id;
  b.textContent = label;
  b.title = title;
  b.onclick = run;
  return b;
}
