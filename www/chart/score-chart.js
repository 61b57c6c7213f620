// The score over a game (uPlot): the score after every move from `Play.timeline()` (one pass
// in Rust), for Territory every player's score, for Lines and TilesMatching the free cells
// (on the right-hand axis), and for the compare view game A and game B. A marker follows the
// shown move; a click or tap on the chart seeks there (the page's own seek action). Loaded
// the first time a chart is shown, with uPlot and its styles, so the player's first load
// carries none of it.
import uPlot from '../vendor/uPlot.esm.js';
import { coloursOf } from '../games/territory.js';
import { THEMES } from '../theme.js';

// Game A (or the one game): the page's accent; game B: an amber that reads on both panels.
const AMBER = { light: '#b45309', dark: '#f0a04b' };
const dark = () => document.documentElement.dataset.theme === 'dark';

/**
 * `Play.timeline()`'s flat array as `{score, players?, free?}`: `[P, F, N]`, the N scores
 * (after 0, 1, ... N-1 moves), P rows of N (each player's), and N free-cell counts if F is 1.
 */
export function readTimeline(flat) {
  const [players, free, n] = flat;
  const row = (k) => flat.slice(3 + k * n, 3 + (k + 1) * n);
  const timeline = { score: row(0) };
  if (players) timeline.players = Array.from({ length: players }, (_, p) => row(1 + p));
  if (free) timeline.free = row(1 + players);
  return timeline;
}

let styled = null;
/** uPlot's stylesheet and the chart's own, added once (the CSP allows 'self' styles). */
function styles() {
  styled ??= Promise.all(['../vendor/uPlot.min.css', './score-chart.css'].map((href) => new Promise((resolve) => {
    const css = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: new URL(href, import.meta.url).href });
    css.onload = css.onerror = resolve;
    document.head.append(css);
  })));
  return styled;
}

/**
 * A chart in `box`. `onSeek(turn)` is called when a person clicks or taps a move on it.
 * `show({games: [{name, timeline}], turn})` draws one or two games (`timeline`: what
 * `Play.timeline()` gives); `setTurn(turn)` moves the
 * marker; `redraw()` after a theme change; `points()` the plotted numbers (for tests).
 */
export async function createScoreChart(box, { onSeek, label = 'score after each move' }) {
  await styles();
  box.classList.add('score-chart');
  box.setAttribute('role', 'img');
  box.setAttribute('aria-label', `${label}; click a point to show that move`);
  let plot = null;
  let shown = null; // {games, turn}
  let marker = null;
  let data = [];

  // The content box: uPlot draws at this size (the box's padding stays around it).
  const size = () => {
    const css = getComputedStyle(box);
    const width = box.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight);
    return { width: Math.max(200, width), height: width < 500 ? 170 : 200 };
  };

  function build() {
    if (shown && !shown.read) {
      shown.games = shown.games.map((g) => ({ ...g, timeline: readTimeline(g.timeline) }));
      shown.read = true;
    }
    plot?.destroy();
    plot = null;
    box.replaceChildren();
    if (!shown?.games.length || box.clientWidth === 0) return;
    const theme = THEMES[dark() ? 'dark' : 'light'];
    const css = getComputedStyle(document.documentElement);
    const ink = (name) => css.getPropertyValue(name).trim();
    const games = shown.games;
    const length = Math.max(...games.map((g) => g.timeline.score.length));
    const pad = (values) => Array.from({ length }, (_, t) => values[t] ?? null);
    const colour = [theme.accent, AMBER[dark() ? 'dark' : 'light']];
    const series = [{ label: 'move' }];
    data = [Array.from({ length }, (_, t) => t)];
    let right = null;
    games.forEach((g, i) => {
      const name = games.length > 1 ? `${g.name} ` : '';
      series.push({ label: `${name}score`, stroke: colour[i], width: 2, scale: 'score' });
      data.push(pad(g.timeline.score));
      if (g.timeline.free) {
        right = 'free cells';
        // Dashed; in the game's own colour beside another game, else the muted ink.
        const stroke = games.length > 1 ? colour[i] : theme.muted;
        series.push({ label: `${name}free cells`, stroke, width: 1.5, dash: [5, 4], scale: 'right' });
        data.push(pad(g.timeline.free));
      }
      // Every player's score only where one game is shown: two games' would be a tangle.
      if (g.timeline.players && games.length === 1) {
        right = 'player scores';
        const palette = coloursOf(theme);
        g.timeline.players.forEach((p, k) => {
          series.push({ label: `player ${k}`, stroke: palette[k % palette.length], width: 1, scale: 'right' });
          data.push(pad(p));
        });
      }
    });
    const axis = { stroke: ink('--ink'), grid: { stroke: ink('--line-soft') }, ticks: { stroke: ink('--line') } };
    plot = new uPlot({
      ...size(),
      scales: { x: { time: false } },
      cursor: { drag: { x: false, y: false } },
      axes: [
        { ...axis, label: 'move' },
        { ...axis, scale: 'score', label: 'score', size: 64 },
        ...(right ? [{ ...axis, scale: 'right', side: 1, label: right, size: 64, grid: { show: false } }] : []),
      ],
      series,
    }, data, box);
    marker = document.createElement('div');
    marker.className = 'chart-turn';
    plot.over.append(marker);
    plot.over.addEventListener('click', (e) => {
      const turn = Math.round(plot.posToVal(e.offsetX, 'x'));
      onSeek(Math.max(0, Math.min(turn, length - 1)));
    });
    place();
  }

  function place() {
    if (!plot || !marker) return;
    marker.style.left = `${plot.valToPos(shown.turn, 'x')}px`;
    // The legend says the values at the shown move (a pointer over the chart shows its own).
    plot.setLegend({ idx: Math.min(shown.turn, data[0].length - 1) });
  }

  new ResizeObserver(() => {
    if (plot) plot.setSize(size());
    else if (shown) build();
    place();
  }).observe(box);

  const chart = {
    show(next) {
      shown = next;
      build();
    },
    setTurn(turn) {
      if (!shown) return;
      shown.turn = turn;
      place();
    },
    redraw: build,
    /** The plotted series by label: {labels, x, values} (for tests). */
    points: () => ({ labels: plot ? plot.series.slice(1).map((s) => s.label) : [], x: data[0] ?? [], values: data.slice(1) }),
    /** Where move `turn` is on the screen (for tests). */
    pointAt: (turn) => {
      const r = plot.over.getBoundingClientRect();
      return { x: r.left + plot.valToPos(turn, 'x'), y: r.top + r.height / 2 };
    },
    markerAt: () => (marker ? parseFloat(marker.style.left) : null),
    destroy() {
      plot?.destroy();
      plot = null;
    },
  };
  // For end-to-end tests and the curious: each chart by its box's id.
  (window.arcadeCharts ??= {})[box.id] = chart;
  return chart;
}
