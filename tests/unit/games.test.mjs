// The renderer registry (www/games/index.js): renderers load on demand, once each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gameIds, loadRenderer, openingSeed } from '../../www/games/index.js';

test('every game id loads a renderer module, the same one on every call', async () => {
  assert.ok(gameIds.length >= 5);
  for (const id of gameIds) {
    const first = loadRenderer(id);
    assert.equal(loadRenderer(id), first, `${id}: one download per page`);
    const module = await first;
    assert.equal(typeof module.create, 'function', `${id} creates a board`);
    assert.equal(typeof module.about?.goal, 'string', `${id} says what the game is about`);
  }
});

test('an unknown game is refused by name, and opening seeds are only for known games', async () => {
  await assert.rejects(loadRenderer('chess'), /no renderer for the game 'chess'/);
  assert.equal(openingSeed('strip2048'), '7');
  assert.equal(openingSeed('lines'), null);
});
