// The board shell: what every game's board does, written once. It sizes the canvas to the
// room its container gives (both ways, sharp at any devicePixelRatio), maps pointers to cells
// through the same numbers it draws with, turns taps, drags and swipes into the game's calls,
// keeps the keyboard cursor (arrows, Shift = 5 cells, Enter/Space taps, Esc drops a pick),
// runs animations, shows tooltips and reads the theme's colours at every draw (the page calls
// redraw() when the board's room or the theme changes). A game (www/games/<id>.js)
// only lays out, paints and maps cells:
//
//   shell(canvas, hooks, {
//     layout(frame, room) -> {w, h, grid?, ...}  logical size of the drawing for `room`
//                         ({w, h} CSS px the board may take, h = Infinity when unlimited;
//                         `scale`, the CSS px per logical px it will get); `grid` =
//                         {x0, y0, cell, rows, cols, cellH?} is the cell geometry
//     paint(ctx, frame, ui)                     draws in logical px; `ui` below
//     onFrame?(frame, previous)                 a new frame arrived (reset per-position state)
//     animation?(frame, previous) -> ms         how long an animated step runs (0: none)
//     tap?(cell), drag?(from, to), swipe?('l'|'r'), drop?() -> dropped, onKey?(event) -> handled
//     cellText?(cell), tooltip?(cell), hover?   tooltip text; hover: repaint when it moves
//     cellAt?(point, layout)                    for boards that are not a grid of cells
//     label?(frame), geometry?() -> extra test fields, destroy?()
//     hint, keys, moveWord, touch, moveUnit, progress, endText, describe, controls: as the
//       page's contract (docs/ARCHITECTURE.md, "The web side") }
//
// `ui` = {t (animation progress, 1 = settled), previous, theme (the --bg, --panel, --ink,
// --muted, --line, --accent, --bad colours as #rrggbb, and dark), scale, px(n) (a text size
// in logical px raised to at least 11 CSS px), text(s, x, y, opts), hover (the cell pointed
// at, by pointer or keyboard), cursor, layout}.
import { THEMES } from '../theme.js';
import { FONT, luminance } from '../games/common.js';

/** The smallest text any board draws, in CSS px. */
export const MIN_TEXT_PX = 11;
// Side panels are laid out for 11-13 px text on 18 px lines: below this scale their text,
// raised to MIN_TEXT_PX, would overlap.
export const PANEL_MIN_SCALE = 0.85;
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
const SWIPE_PX = 30;
// An animation shorter than this only flickers (a fast replay draws faster than it animates).
const MIN_ANIMATION_MS = 80;

const px = (v) => parseFloat(v) || 0;
const sameCell = (a, b) => !!a && !!b && a.r === b.r && a.c === b.c;
const plainKey = (e) => !e.ctrlKey && !e.metaKey && !e.altKey;

/**
 * The room the board may take, in CSS px, inside the canvas's border: the container's content
 * width, and its computed max-height (the page's CSS sets it per layout; 'none' = no limit).
 */
export function room(canvas) {
  const c = getComputedStyle(canvas);
  const border = {
    w: px(c.borderLeftWidth) + px(c.borderRightWidth),
    h: px(c.borderTopWidth) + px(c.borderBottomWidth),
  };
  const box = canvas.parentElement;
  if (!box) return { w: Infinity, h: Infinity, border };
  const s = getComputedStyle(box);
  const w = box.clientWidth - px(s.paddingLeft) - px(s.paddingRight) - border.w;
  const maxH = parseFloat(s.maxHeight); // NaN for 'none'
  const inner = px(s.paddingTop) + px(s.paddingBottom)
    + (s.boxSizing === 'border-box' ? px(s.borderTopWidth) + px(s.borderBottomWidth) : 0);
  const h = Number.isFinite(maxH) ? maxH - inner - border.h : Infinity;
  return { w: w > 0 ? w : Infinity, h: h > 0 ? h : Infinity, border };
}

/** The scale at which a drawing of `l.w` x `l.h` logical px fits `space`. */
export function fitScale(space, l) {
  const s = Math.min(space.w / l.w, space.h / l.h);
  return Number.isFinite(s) && s > 0 ? s : 1;
}

/**
 * Of a game's alternative layouts (first = preferred, e.g. the side panel beside the board),
 * the one that shows the board largest in `space`; the first wins unless another gains 10%.
 * A layout with `minScale` (a side panel whose lines would overlap once its text is raised
 * to 11 CSS px) is a candidate only at that scale or more; the last layout always is.
 */
export function largest(space, layouts) {
  const shown = (l) => fitScale(space, l) * (l.grid?.cell ?? 1);
  const fits = layouts.filter((l, i) => i === layouts.length - 1 || fitScale(space, l) >= (l.minScale ?? 0));
  return fits.reduce((best, l) => (shown(l) > 1.1 * shown(best) ? l : best));
}

let probe = null;
/** Any CSS colour as #rrggbb (the canvas normalises it), or `fallback`. */
function hexOf(value, fallback) {
  if (/^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase();
  if (!value) return fallback;
  probe ??= document.createElement('canvas').getContext('2d');
  probe.fillStyle = fallback;
  probe.fillStyle = value;
  return /^#[0-9a-f]{6}$/i.test(probe.fillStyle) ? probe.fillStyle : fallback;
}

/** The theme's colours as the canvas inherits them (the light theme where one is not set). */
export function readTheme(el) {
  const s = getComputedStyle(el);
  const theme = {};
  for (const [name, value] of Object.entries(THEMES.light)) theme[name] = hexOf(s.getPropertyValue(`--${name}`).trim(), value);
  theme.dark = luminance(theme.panel) < luminance(theme.ink);
  return theme;
}

/**
 * The keyboard cursor: four thick corner brackets with a halo, visible on any cell colour.
 * Not an outline: the games mark legal cells with dashed outlines, and an outline would
 * cross the numbers and codes drawn in the cell.
 */
function drawCursor(ctx, grid, cell, theme) {
  const w = grid.cell;
  const h = grid.cellH ?? grid.cell;
  const x = grid.x0 + cell.c * w + 2.5;
  const y = grid.y0 + cell.r * h + 2.5;
  const [right, bottom] = [x + w - 5, y + h - 5];
  const arm = Math.max(5, 0.3 * Math.min(w, h));
  const corners = [[x, y, 1, 1], [right, y, -1, 1], [x, bottom, 1, -1], [right, bottom, -1, -1]];
  ctx.save();
  ctx.lineCap = 'square';
  for (const [width, colour] of [[7, theme.panel], [3.5, theme.ink]]) {
    ctx.lineWidth = width;
    ctx.strokeStyle = colour;
    ctx.beginPath();
    for (const [cx, cy, sx, sy] of corners) {
      ctx.moveTo(cx + sx * arm, cy);
      ctx.lineTo(cx, cy);
      ctx.lineTo(cx, cy + sy * arm);
    }
    ctx.stroke();
  }
  ctx.restore();
}

export function shell(canvas, hooks, game) {
  let frame = null;
  let previous = null;
  let layout = null;
  let scale = 1;
  let theme = THEMES.light;
  const cursor = { r: 0, c: 0 };
  let cursorShown = false;
  let cursorPlaced = false; // the cursor starts at the game's own cell (cursorHome), once
  let hover = null;
  let pointer = null; // the last pointer event over the board (tooltips follow redraws)
  let gesture = null;
  let animating = false;
  let stopAnim = () => {};
  let lastDrawAt = -Infinity;

  /** Lays the frame out for the room there is, and the scale that fits it. */
  function measure() {
    const space = room(canvas);
    const fit = (l) => fitScale(space, l);
    // A layout may depend on the scale (text kept readable); a few rounds settle it.
    let s = scale;
    for (let round = 0; round < 4; round++) {
      layout = game.layout(frame, { w: space.w, h: space.h, scale: s });
      const next = fit(layout);
      const settled = Math.abs(next - s) <= 0.002 * s;
      s = next;
      if (settled) break;
    }
    scale = s;
    return space.border;
  }

  /** Sizes the canvas for the layout: CSS size = logical x scale, backing store x dpr. */
  function sized(border) {
    const dpr = window.devicePixelRatio || 1;
    const cssW = layout.w * scale;
    const cssH = layout.h * scale;
    const backW = Math.max(1, Math.round(cssW * dpr));
    const backH = Math.max(1, Math.round(cssH * dpr));
    if (canvas.width !== backW || canvas.height !== backH) {
      canvas.width = backW;
      canvas.height = backH;
    }
    // The page's CSS boxes are border-box: the canvas's border comes on top of the drawing.
    canvas.style.width = `${cssW + border.w}px`;
    canvas.style.height = `${cssH + border.h}px`;
    canvas.logical = { w: layout.w, h: layout.h, scale };
    const ctx = canvas.getContext('2d');
    ctx.setTransform(backW / layout.w, 0, 0, backH / layout.h, 0, 0);
    ctx.clearRect(0, 0, layout.w, layout.h);
    return ctx;
  }

  function paint(t = 1) {
    if (!frame) return;
    theme = readTheme(canvas);
    const ctx = sized(measure());
    const grid = layout.grid;
    if (grid) {
      cursor.r = Math.max(0, Math.min(grid.rows - 1, cursor.r));
      cursor.c = Math.max(0, Math.min(grid.cols - 1, cursor.c));
    }
    const ui = uiFor(ctx, { t, previous, hover, cursor: cursorShown ? { ...cursor } : null });
    game.paint(ctx, frame, ui);
    if (cursorShown && grid) drawCursor(ctx, grid, cursor, theme);
    const label = game.label?.(frame);
    if (label) canvas.setAttribute('aria-label', label);
  }

  /** The `ui` a paint gets: the shown layout, scale and theme, and text in logical px. */
  function uiFor(ctx, { t, previous: before, hover: pointed, cursor: at, still = false }) {
    const size = (n) => Math.max(n, MIN_TEXT_PX / scale);
    return {
      t,
      still, // a picture of a frame (paintInto): no live pick, pointer or hint
      previous: before,
      theme,
      scale,
      layout,
      hover: pointed,
      cursor: at,
      px: size,
      /** One line of text; `size` in logical px, never under MIN_TEXT_PX on the screen. */
      text(s, x, y, { size: n = 13, colour = theme.ink, weight = 400, align = 'left', baseline = 'alphabetic' } = {}) {
        ctx.font = `${weight} ${size(n)}px ${FONT}`;
        ctx.fillStyle = colour;
        ctx.textAlign = align;
        ctx.textBaseline = baseline;
        ctx.fillText(s, x, y);
        ctx.textAlign = 'left';
        ctx.textBaseline = 'alphabetic';
      },
    };
  }

  function animate(ms) {
    const start = performance.now();
    let handle = 0;
    animating = true;
    const step = (now) => {
      // A frame's time may precede the animation's start.
      const p = Math.min(1, Math.max(0, (now - start) / ms));
      paint(p);
      if (p < 1) handle = requestAnimationFrame(step);
      else animating = false;
    };
    handle = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(handle);
      animating = false;
    };
  }

  function redraw() {
    stopAnim();
    stopAnim = () => {};
    paint(1);
    refreshTooltip();
  }

  // ---------- pointers ----------

  function toLogical(event) {
    const rect = canvas.getBoundingClientRect();
    return { x: (event.clientX - rect.left - canvas.clientLeft) / scale, y: (event.clientY - rect.top - canvas.clientTop) / scale };
  }

  function cellAt(event) {
    if (!layout || !frame) return null;
    const p = toLogical(event);
    if (game.cellAt) return game.cellAt(p, layout);
    const g = layout.grid;
    if (!g) return null;
    const c = Math.floor((p.x - g.x0) / g.cell);
    const r = Math.floor((p.y - g.y0) / (g.cellH ?? g.cell));
    return r >= 0 && c >= 0 && r < g.rows && c < g.cols ? { r, c } : null;
  }

  const tipOf = (cell) => (game.tooltip ?? game.cellText)?.(cell) ?? null;

  function refreshTooltip() {
    if (!pointer) return;
    const cell = cellAt(pointer);
    const tip = cell && tipOf(cell);
    hooks.tooltip(tip || null, tip ? pointer : undefined);
  }

  function pointTo(cell) {
    if (sameCell(cell, hover) || (!cell && !hover)) return;
    hover = cell;
    // A running animation paints the new hover on its next frame.
    if (game.hover && !animating) paint(1);
  }

  const onDown = (event) => {
    if (cursorShown) {
      // A pointer takes over from the keyboard cursor.
      cursorShown = false;
      if (!animating) paint(1);
    }
    gesture = { id: event.pointerId, x: event.clientX, y: event.clientY, cell: cellAt(event) };
    // Drags end where they are let go, even off the board.
    if (game.drag) canvas.setPointerCapture?.(event.pointerId);
  };
  const onUp = (event) => {
    const g = gesture;
    if (!g || g.id !== event.pointerId) return;
    gesture = null;
    const dx = event.clientX - g.x;
    const dy = event.clientY - g.y;
    if (game.swipe && Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 1.5 * Math.abs(dy)) {
      game.swipe(dx < 0 ? 'l' : 'r');
      return;
    }
    const cell = cellAt(event);
    if (!g.cell || !cell) return;
    if (sameCell(cell, g.cell)) game.tap?.(cell);
    else game.drag?.(g.cell, cell);
  };
  const onCancel = () => { gesture = null; };
  const onMove = (event) => {
    pointer = event;
    pointTo(cellAt(event));
    refreshTooltip();
  };
  const onLeave = () => {
    pointer = null;
    hooks.tooltip(null);
    pointTo(null);
  };
  // The cursor belongs to the focused board: it goes when the focus does.
  const onBlur = () => {
    if (!cursorShown) return;
    cursorShown = false;
    if (!animating) paint(1);
  };
  const listeners = { pointerdown: onDown, pointerup: onUp, pointercancel: onCancel, pointermove: onMove, pointerleave: onLeave, blur: onBlur };
  for (const [type, fn] of Object.entries(listeners)) canvas.addEventListener(type, fn);

  // ---------- keys ----------

  /** The game's own keys, and Esc dropping a pick (what the page asks of an unfocused board). */
  function onKey(event) {
    if (event.key === 'Escape' && plainKey(event) && game.drop?.()) return true;
    return game.onKey?.(event) ?? false;
  }

  /** Every key on the focused board: the cursor, Enter/Space as a tap, then the game's keys. */
  function key(event) {
    const grid = layout?.grid;
    if (game.tap && grid && frame && plainKey(event)) {
      const move = ARROWS[event.key];
      if (!cursorPlaced && (move || event.key === 'Enter' || event.key === ' ')) {
        cursorPlaced = true;
        const home = game.cursorHome?.(frame);
        if (home) Object.assign(cursor, home);
      }
      if (move) {
        const step = event.shiftKey ? 5 : 1;
        cursor.r = Math.max(0, Math.min(grid.rows - 1, cursor.r + move[0] * step));
        cursor.c = Math.max(0, Math.min(grid.cols - 1, cursor.c + move[1] * step));
        cursorShown = true;
        hover = { ...cursor };
        redraw();
        hooks.announce?.(game.cellText?.({ ...cursor }) ?? `row ${cursor.r}, column ${cursor.c}`);
        return true;
      }
      if (event.key === 'Enter' || event.key === ' ') {
        if (!cursorShown) {
          // The first press shows where the cursor is.
          cursorShown = true;
          hover = { ...cursor };
          redraw();
          hooks.announce?.(game.cellText?.({ ...cursor }) ?? '');
        } else {
          game.tap({ ...cursor });
        }
        return true;
      }
    }
    return onKey(event);
  }

  return {
    hint: game.hint,
    keys: game.keys,
    moveWord: game.moveWord,
    touch: game.touch,
    moveUnit: game.moveUnit,
    progress: game.progress,
    endText: game.endText,
    describe: game.describe,
    controls: game.controls,
    tap: game.tap && ((cell) => frame && game.tap(cell)),
    cellText: game.cellText && ((cell) => (frame ? game.cellText(cell) : '')),
    draw(next, { animated = false } = {}) {
      previous = frame;
      frame = next;
      game.onFrame?.(next, previous);
      stopAnim();
      stopAnim = () => {};
      // A fast replay draws faster than a step animates: the animation fits between two
      // draws, or is left out.
      const now = performance.now();
      const want = animated && previous ? (game.animation?.(next, previous) ?? 0) : 0;
      const ms = Math.min(want, 0.8 * (now - lastDrawAt));
      lastDrawAt = now;
      if (ms >= MIN_ANIMATION_MS) stopAnim = animate(ms);
      else paint(1);
      refreshTooltip();
    },
    redraw,
    key,
    onKey,
    /** The page's cursor (app.js before the shell kept it): null hides it. */
    setCursor(cell) {
      if (!cell) {
        cursorShown = false;
        return;
      }
      cursorPlaced = true;
      cursor.r = cell.r;
      cursor.c = cell.c;
      cursorShown = true;
      hover = { ...cell };
    },
    /** The shown drawing's size in CSS px (without the canvas's border); null before a frame. */
    size: () => (layout ? { w: layout.w * scale, h: layout.h * scale } : null),
    /**
     * Paints `f` (a frame of the shown game) settled, with no cursor or hover, into `ctx` of
     * another canvas: the shown layout and theme at `ratio` canvas px per CSS px, its top left
     * corner at (x, y) canvas px. Pictures and animations are drawn this way.
     */
    paintInto(ctx, f, { x = 0, y = 0, ratio = 1 } = {}) {
      if (!layout) return;
      theme = readTheme(canvas);
      ctx.save();
      ctx.setTransform(ratio * scale, 0, 0, ratio * scale, x, y);
      ctx.beginPath();
      ctx.rect(0, 0, layout.w, layout.h);
      ctx.clip();
      game.paint(ctx, f, uiFor(ctx, { t: 1, previous: null, hover: null, cursor: null, still: true }));
      ctx.restore();
    },
    /** The cell geometry in logical px (tests), the scale, and the game's own test fields. */
    geometry: () => ({ ...layout?.grid, scale, ...game.geometry?.() }),
    get scale() { return scale; },
    destroy() {
      stopAnim();
      for (const [type, fn] of Object.entries(listeners)) canvas.removeEventListener(type, fn);
      hooks.tooltip(null);
      game.destroy?.();
    },
  };
}
