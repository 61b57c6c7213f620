// One renderer module per game, by game id. Each draws its game and maps its cells through the
// board shell (www/board/shell.js: sizing, pointers, keyboard cursor, animation, tooltips,
// theme); the contract is in docs/ARCHITECTURE.md, "The web side". A renderer is downloaded
// only when its game is first shown (`loadRenderer`): the player's cold load carries one of
// them, not five. What the page needs before that lives here. A sixth game is one file and
// one line in `LOADERS` (the keyboard, screens and contrast tests then ask for its cases).
const LOADERS = {
  'square-remover': () => import('./square-remover.js'),
  strip2048: () => import('./strip2048.js'),
  territory: () => import('./territory.js'),
  lines: () => import('./lines.js'),
  'tiles-matching': () => import('./tiles-matching.js'),
};

/** The ids of the games that have a renderer (the page offers only these). */
export const gameIds = Object.keys(LOADERS);

// The seed a game opens on when not its first: Strip 2048's seed 7 is a strip of 9 cells
// (seed 1's 3 cells end after a few moves).
const OPENING_SEEDS = { strip2048: '7' };

/** The seed `id` opens on, or null for the game's first seed. */
export const openingSeed = (id) => OPENING_SEEDS[id] ?? null;

const loading = new Map();

/**
 * The renderer module of game `id` (a promise; one download per page, the same module every
 * call). A failed download is forgotten, so a later call tries again.
 */
export function loadRenderer(id) {
  if (!LOADERS[id]) return Promise.reject(new Error(`no renderer for the game '${id}'`));
  if (!loading.has(id)) {
    loading.set(id, LOADERS[id]().catch((error) => {
      loading.delete(id);
      throw error;
    }));
  }
  return loading.get(id);
}
