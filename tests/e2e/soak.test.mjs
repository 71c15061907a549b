// The soak, shortened for CI: a minute of the faithful Ising preset on Inkala's puzzle keeps its
// frame rate, its memory flat and Stop working. `node benches/soak.mjs` runs the ten-minute form.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp } from './harness.mjs';
import { soak, growth } from './soak.mjs';

const app = useApp();

test('a minute of annealing keeps the frame rate and the memory flat, and Stop works', async () => {
  const { samples, stopMs, solveEnabled, errors } = await soak(app.browser.context, app.server.url, {
    seconds: 60,
    window: 5,
  });
  assert.equal(samples.length, 12, 'twelve windows, a run going on through all of them');
  for (const s of samples) {
    assert.equal(s.state, 'running');
    assert.ok(s.median <= 17.5, `median frame interval ${s.median} ms at ${s.at} s`);
  }
  // The bytes the wasm heaps hold live are held flat; the memories' sizes are only sampled: a
  // healthy run may take another page of memory at any time (seen at 35 s, and at 7.5 min).
  for (const key of ['heap', 'nodes', 'pageInUse', 'workerInUse']) {
    assert.ok(growth(samples, key) <= 0.05, `${key}: ${samples.map((s) => s[key]).join(' → ')}`);
  }
  assert.ok(stopMs < 1000, `Stop took ${stopMs} ms`);
  assert.ok(solveEnabled, 'Solve works again after Stop');
  assert.deepEqual(errors, []);
});
