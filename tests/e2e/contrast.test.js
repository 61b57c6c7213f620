// WCAG contrast of every text colour on every background the page and the renderers use, in
// both themes: 4.5:1 at least (all the page's text is small). No browser needed: the renderers
// list their pairs for each theme (`textPairs`), the themes are www/theme.js (style.css's
// light values must be the same).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { contrast, inkOn } from '../../www/games/common.js';
import { gameIds, loadRenderer } from '../../www/games/index.js';
import { THEMES } from '../../www/theme.js';

const MIN = 4.5;

test('contrast() gives the WCAG ratios of known pairs', () => {
  assert.equal(contrast('#000000', '#ffffff').toFixed(2), '21.00');
  assert.equal(contrast('#777777', '#ffffff').toFixed(2), '4.48');
  assert.equal(contrast('#ffffff', '#ffffff'), 1);
  // inkOn always finds a readable ink: the worst background for it is a middle grey.
  for (let v = 0; v < 256; v += 5) {
    const hex = `#${v.toString(16).padStart(2, '0').repeat(3)}`;
    assert.ok(contrast(inkOn(hex), hex) >= MIN, hex);
  }
});

for (const id of gameIds) {
  test(`${id}: every text/background pair of the renderer reads at ${MIN}:1 in both themes`, async () => {
    const renderer = await loadRenderer(id);
    assert.equal(typeof renderer.textPairs, 'function', `${id} lists its text colours`);
    const pairs = renderer.textPairs();
    for (const theme of Object.keys(THEMES)) {
      const own = pairs.filter((p) => p.theme === theme);
      assert.ok(own.length >= 3, `${id} lists its pairs on the ${theme} theme`);
      // The board's own background is the theme's panel: its text is checked on it.
      assert.ok(own.some((p) => p.bg === THEMES[theme].panel), `${id} draws text on the ${theme} panel`);
    }
    const bad = pairs
      .map((p) => ({ ...p, ratio: contrast(p.fg, p.bg) }))
      .filter((p) => !(p.ratio >= MIN))
      .map((p) => `${p.theme} ${p.what}: ${p.fg} on ${p.bg} = ${p.ratio.toFixed(2)}`);
    assert.deepEqual(bad, []);
  });
}

/** The custom properties of the style.css block that starts with `selector`. */
function block(css, selector) {
  const start = css.indexOf(`${selector} {`);
  assert.ok(start >= 0, `style.css has ${selector}`);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2].toLowerCase()]));
}

test("the page's text colours read at 4.5:1 on its panels and background, in both themes", () => {
  const css = readFileSync(new URL('../../www/style.css', import.meta.url), 'utf8');
  const light = block(css, ':root');
  const themes = { light, dark: { ...light, ...block(css, ':root[data-theme="dark"]') } };
  const pairs = [
    ['ink', 'panel'], ['ink', 'bg'], ['muted', 'panel'], ['muted', 'bg'], ['accent', 'panel'],
    ['bad', 'bad-bg'], ['warn', 'warn-bg'], ['info', 'info-bg'], ['bad', 'panel'], ['muted', 'subtle'],
  ];
  for (const [name, vars] of Object.entries(themes)) {
    // The boards read the same colours as the page: www/theme.js is style.css's themes.
    for (const [key, value] of Object.entries(THEMES[name])) assert.equal(vars[key], value, `${name}: --${key} in style.css and www/theme.js`);
    for (const [fg, bg] of pairs) {
      assert.ok(vars[fg] && vars[bg], `${name}: --${fg} and --${bg} are defined`);
      const ratio = contrast(vars[fg], vars[bg]);
      assert.ok(ratio >= MIN, `${name}: --${fg} on --${bg}: ${ratio.toFixed(2)}`);
    }
  }
});

test('each theme\'s text colours read at 4.5:1 on its panel and background', () => {
  for (const [name, t] of Object.entries(THEMES)) {
    for (const fg of ['ink', 'muted', 'accent', 'bad']) {
      for (const bg of ['panel', 'bg']) {
        const ratio = contrast(t[fg], t[bg]);
        assert.ok(ratio >= MIN, `${name}: --${fg} on --${bg} = ${ratio.toFixed(2)}`);
      }
    }
  }
});
