// One renderer module per game, by game id. Each draws its game and maps its cells through the
// board shell (www/board/shell.js: sizing, pointers, keyboard cursor, animation, tooltips,
// theme); the contract is in docs/ARCHITECTURE.md, "The web side". A sixth game is one file
// and one line here (the keyboard, screens and contrast tests then ask for its cases).
import * as squareRemover from './square-remover.js';
import * as strip2048 from './strip2048.js';
import * as territory from './territory.js';
import * as lines from './lines.js';
import * as tilesMatching from './tiles-matching.js';

export const renderers = {
  'square-remover': squareRemover,
  strip2048,
  territory,
  lines,
  'tiles-matching': tilesMatching,
};
