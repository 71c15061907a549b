// A seed names one run everywhere: the wasm build in Chromium and the native command line must
// make exactly the same moves on the same puzzles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveDist, launch, openPage, root } from './harness.mjs';

test('the same seed makes the same moves in wasm as natively', async () => {
  const setPath = join(root, '..', 'shared', 'puzzles', 'famous.txt');
  const set = await readFile(setPath, 'utf8');
  const nativeBin = join(root, 'target', 'release', 'sudoku');
  const server = await serveDist();
  const browser = await launch();
  try {
    const { page, errors } = await openPage(browser.context, server.url);
    await page.waitForFunction(() => window.wasmBindings?.bench_set);
    for (const solver of ['ising', 'ising-faithful']) {
      const limit = solver === 'ising' ? 9 : 1;
      const puzzles = set.split('\n').filter((l) => l && !l.startsWith('#')).slice(0, limit).join('\n');
      // The faithful preset rarely solves Inkala: a short timeout stops both at a tick boundary,
      // so compare the tuned preset's whole runs and the faithful one's rate only.
      const timeout = solver === 'ising' ? 60 : 0.2;
      const wasm = JSON.parse(
        await page.evaluate(
          ([s, p, t]) => window.wasmBindings.bench_set(s, 'famous.txt', p, 7, t),
          [solver, puzzles, timeout],
        ),
      );
      const native = JSON.parse(
        execFileSync(nativeBin, [
          'bench', '--solver', solver, '--set', setPath, '--limit', String(limit),
          '--seed', '7', '--timeout', String(timeout), '--json',
        ]),
      );
      assert.equal(wasm.total, native.total);
      if (solver === 'ising') {
        assert.equal(wasm.solved, limit);
        assert.equal(wasm.moves, native.moves, 'tuned runs differ between wasm and native');
      } else {
        assert.ok(wasm.moves > 0 && wasm.moves % 50_000 === 0, 'faithful ticks are whole');
      }
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.close();
  }
});
