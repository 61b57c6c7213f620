// Deflates the batch view's output chunks (stored.js) off the page's thread: a chunk of 25
// SquareRemover outputs is 1.5 MB of text, a few hundred ms of deflating on a slow core.
import { deflateSync, strToU8 } from '../vendor/fflate.js';

self.onmessage = ({ data: { id, text } }) => {
  const z = deflateSync(strToU8(text), { level: 6 });
  self.postMessage({ id, z }, [z.buffer]);
};
