// Share links and storage deflate moves synchronously (fflate); links made by earlier pages
// (CompressionStream 'deflate-raw') still read, and a link never inflates past TEXT_LIMIT.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { deflate, inflate, TooLarge, TEXT_LIMIT, encodeLink, decodeLink } from '../../www/link.js';
import { encodeCompareLink } from '../../www/compare/compare-link.js';

const b64url = (bytes) => Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

test('moves survive deflate and inflate, and raw DEFLATE from elsewhere reads', () => {
  const text = '3 4 5 6\n'.repeat(1000) + 'ünïcode\n';
  assert.equal(inflate(deflate(text)), text);
  assert.equal(inflate(b64url(deflateRawSync(Buffer.from(text)))), text);
});

test('a link that inflates past the limit stops early with TooLarge', () => {
  const bomb = b64url(deflateRawSync(Buffer.from('l\n'.repeat(TEXT_LIMIT)), { level: 9 }));
  assert.throws(() => inflate(bomb), TooLarge);
  const fits = 'l\n'.repeat(TEXT_LIMIT / 2 - 8);
  assert.equal(inflate(deflate(fits)).length, fits.length);
  assert.throws(() => inflate('abc'), (e) => !(e instanceof TooLarge));
});

test('decodeLink names a bomb and a damaged fragment, and keeps the rest', () => {
  const infoOf = (id) => (id === 'strip2048' ? { min_seed: '1', max_seed: '9999', params: [], agents: ['greedy'] } : null);
  const bomb = b64url(deflateRawSync(Buffer.from('l\n'.repeat(TEXT_LIMIT)), { level: 9 }));
  const big = decodeLink('?v=1&game=strip2048&seed=7', `#moves=${bomb}`, infoOf);
  assert.equal(big.state.seed, '7');
  assert.equal(big.state.moves, undefined);
  assert.match(big.errors.join(), /moves: the moves would be more than 4 MB of text/);
  const damaged = decodeLink('?v=1&game=strip2048&seed=7', '#moves=abc', infoOf);
  assert.match(damaged.errors.join(), /damaged/);
  const link = encodeLink('http://x/', { game: 'strip2048', seed: '7', params: {}, t: 2, moves: 'l\nr\n' });
  const back = decodeLink(link.slice(link.indexOf('?'), link.indexOf('#')), link.slice(link.indexOf('#')), infoOf);
  assert.deepEqual([back.state.moves, back.state.t, back.errors], ['l\nr\n', 2, []]);
});

test('a compare link carries both games and their names; a bad side is named and dropped alone', () => {
  const infoOf = (id) => (id === 'lines' ? { min_seed: '1', max_seed: '9999', params: [{ name: 'N', min: 7, max: 11 }], agents: ['greedy'] } : null);
  const link = encodeCompareLink('http://x/', {
    game: 'lines', seed: '1', params: { N: 9 }, turn: 6,
    a: { text: '0 0 1 1\n', name: 'greedy, 5 s' }, b: { text: '2 2 3 3\n4 4 5 5\n', name: 'mine.txt' },
  });
  const split = (url) => [url.slice(url.indexOf('?'), url.indexOf('#')), url.slice(url.indexOf('#'))];
  const back = decodeLink(...split(link), infoOf);
  assert.deepEqual(back.errors, []);
  assert.deepEqual([back.state.game, back.state.seed, back.state.params, back.state.t], ['lines', '1', { N: 9 }, 6]);
  assert.deepEqual([back.state.a, back.state.b], ['0 0 1 1\n', '2 2 3 3\n4 4 5 5\n']);
  assert.equal(new URLSearchParams(split(link)[0]).get('view'), 'compare');
  assert.equal(new URLSearchParams(split(link)[0]).get('bn'), 'mine.txt');
  const [query, hash] = split(link);
  const damaged = decodeLink(query, hash.replace(/#a=[^&]*/, '#a=abc'), infoOf);
  assert.match(damaged.errors.join(), /^a: the moves in this link are damaged/);
  assert.equal(damaged.state.a, undefined);
  assert.equal(damaged.state.b, '2 2 3 3\n4 4 5 5\n');
});
