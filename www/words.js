// How the page words numbers, sizes, problems in outputs and where a game came from: one
// wording for the player and the batch view.

/** A number with thousands separators (at most `digits` decimals). */
export const group = (n, digits = 0) => Number(n).toLocaleString('en-US', { maximumFractionDigits: digits });

/** `1 seed`, `2 seeds`, `1,000 moves`. */
export const plural = (n, word, many = `${word}s`) => `${group(n)} ${n === 1 ? word : many}`;

export const sizeText = (chars) => {
  if (chars >= 1e9) return `${(chars / 1e9).toFixed(1)} GB`;
  return chars >= 1e6 ? `${(chars / 1e6).toFixed(1)} MB` : `${Math.ceil(chars / 1000)} KB`;
};

export const errorText = (error) => String(error?.message ?? error);

/**
 * A problem in an output, as a person reads the file: `move 2 (line 4): reason`. The module
 * gives `{move, line, reason}`, move and line counted from 1 as the game's own reader counts
 * them (line null when the output simply ended).
 */
export function problemText(problem) {
  const where = problem.line ? `move ${group(problem.move)} (line ${group(problem.line)})` : `move ${group(problem.move)}`;
  return `${where}: ${problem.reason}`;
}

/**
 * Where a shown or kept game came from, for "Your games" and messages. `source`:
 * {kind: 'hand'} | {kind: 'solver', solver, budgetMs, from} | {kind: 'file', name} |
 * {kind: 'paste'} | {kind: 'link'} | {kind: 'batch', seed}; `partial` marks the valid part
 * of a rejected output, `replayedAt` a game a move was played over.
 */
export function sourceText(source) {
  const s = source ?? { kind: 'hand' };
  let text;
  switch (s.kind) {
    case 'solver':
      text = `${s.solver} solver, ${group(s.budgetMs / 1000, 1)} s${s.from ? ` from move ${group(s.from + 1)}` : ''}`;
      break;
    case 'file': text = `file ${s.name}`; break;
    case 'paste': text = 'pasted output'; break;
    case 'link': text = 'shared link'; break;
    case 'batch': text = 'batch output'; break;
    default: text = 'played by hand';
  }
  if (s.partial) text += ' (valid part)';
  if (s.replayedAt) text += `, before move ${group(s.replayedAt)} was played over`;
  return text;
}

/** The middle value of numbers (the mean of the two middle ones for an even count). */
export function median(values) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
}
