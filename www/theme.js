// The page's two colour themes. style.css defines the same values as CSS custom properties
// (:root and [data-theme=dark]); the boards read them from the canvas's computed style at draw
// time, and tests/e2e/contrast.test.js checks every text pair of both from this file.
export const THEMES = {
  light: {
    bg: '#f6f7f9', panel: '#ffffff', ink: '#1d232b', muted: '#5d6679', line: '#c9ced6',
    accent: '#1d4ed8', bad: '#b42318',
  },
  dark: {
    bg: '#111418', panel: '#1b1f24', ink: '#e6e8eb', muted: '#a3acb9', line: '#3a414b',
    accent: '#7aa2ff', bad: '#ff8a80',
  },
};
