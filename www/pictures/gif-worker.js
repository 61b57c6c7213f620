// Encodes an animation's frames as a GIF off the page's thread (gifenc, vendored): a palette
// of at most 256 colours per frame. Messages: {type: 'frame', rgba (ArrayBuffer), width,
// height, delay (ms)} -> {bytes} (the file so far); {type: 'finish'} -> {gif} (ArrayBuffer).
import { GIFEncoder, quantize, applyPalette } from '../vendor/gifenc.esm.js';

const gif = GIFEncoder();

onmessage = ({ data }) => {
  try {
    if (data.type === 'frame') {
      const rgba = new Uint8ClampedArray(data.rgba);
      const palette = quantize(rgba, 256);
      gif.writeFrame(applyPalette(rgba, palette), data.width, data.height, { palette, delay: data.delay });
      postMessage({ bytes: gif.bytesView().length });
    } else if (data.type === 'finish') {
      gif.finish();
      const bytes = gif.bytes();
      postMessage({ gif: bytes.buffer }, [bytes.buffer]);
    }
  } catch (error) {
    postMessage({ error: String(error?.message ?? error) });
  }
};
