// A seed names one run everywhere: for every registered solver, the wasm build in Chromium and
// the native command line must make exactly the same moves on the same puzzles. Each run gets a
// fixed number of ticks, so the comparison does not depend on either machine's speed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveDist, launch, openPage, root } from './harness.mjs';

const TICKS = 60;

// Every solver on every puzzle of `file` (from tests/data), in wasm and natively: the same moves
// and the same solved count. `moving` names the solvers that must move at all.
async function sameMoves(file, moving) {
  const setPath = join(root, 'tests', 'data', file);
  const puzzles = (await readFile(setPath, 'utf8')).split('\n').filter((l) => l && !l.startsWith('#')).join('\n');
  const nativeBin = join(root, 'target', 'release', 'sudoku');
  const server = await serveDist();
  const browser = await launch();
  try {
    const { page, errors } = await openPage(browser.context, server.url);
    await page.waitForFunction(() => window.wasmBindings?.solver_names);
    const solvers = JSON.parse(await page.evaluate(() => window.wasmBindings.solver_names()));
    assert.ok(solvers.length >= 3, `registered: ${solvers}`);
    for (const solver of solvers) {
      const wasm = JSON.parse(
        await page.evaluate(
          ([s, f, p, t]) => window.wasmBindings.bench_set(s, f, p, 7, 600, t),
          [solver, file, puzzles, TICKS],
        ),
      );
      const native = JSON.parse(
        execFileSync(nativeBin, [
          'bench', '--solver', solver, '--set', setPath, '--seed', '7',
          '--timeout', '600', '--ticks', String(TICKS), '--json',
        ]),
      );
      assert.equal(wasm.total, native.total, solver);
      if (moving(solver)) assert.ok(wasm.moves > 0, `${solver} moved`);
      assert.equal(wasm.moves, native.moves, `${solver}: wasm and native runs differ`);
      assert.equal(wasm.solved, native.solved, `${solver}: solved counts differ`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.close();
  }
}

test('every solver makes the same moves from the same seed in wasm as natively', () =>
  sameMoves('famous.txt', () => true));

// The annealers carry cage sums of their own; a killer must run the same in both builds too.
test('killers: the same moves in wasm as natively', () =>
  sameMoves('killers.txt', (solver) => solver === 'ising' || solver === 'qubo'));
