// One renderer module per game, by game id (the full contract: docs/ARCHITECTURE.md, "The web
// side"). Each exports `create(canvas, hooks)` returning
// {hint, draw(frame, {animated}), geometry(), destroy(), optional controls(container),
// optional onKey(event) -> handled}. `hooks`: play(actionText), tooltip(text|null, event),
// message(text), preview(actionText) (the view after it, unplayed, or null), analyze() (the
// game's `analyze` of the shown position, or null).
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
