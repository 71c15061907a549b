// Every solver against what users and links bring beside a good puzzle: several solutions, an
// empty grid, a full grid, a full grid that breaks a rule, and two puzzles without a solution
// (one refused by the givens' forced moves, one only by search). Each ends in the right state
// with its words, anything called solved is a solution, and no console error is raised.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useApp, withPage, root, pick } from './harness.mjs';
import { isSolutionOf, readCells } from './sudoku.mjs';

const app = useApp();

/** How long an incomplete solver may run on a puzzle before the test presses Stop. */
const RUN_MS = 3000;

async function cases() {
  const text = await readFile(join(root, 'tests', 'data', 'diagnosis.txt'), 'utf8');
  const rows = text.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t'));
  const { puzzle, solution } = app.inkala;
  // Two cells of a row swapped: every digit still once in its row, twice in two columns.
  const swapped = solution[1] + solution[0] + solution.slice(2);
  return [
    { name: 'several solutions', puzzle: rows.find(([, k]) => k === 'several')[0], runs: true },
    { name: 'empty grid', puzzle: '.'.repeat(81), runs: true },
    { name: 'full valid grid', puzzle: solution, runs: true },
    { name: 'full grid breaking a rule', puzzle: swapped, refused: /appears twice/ },
    { name: 'no solution (forced moves)', puzzle: rows.find(([, k, m]) => k === 'none' && m)[0], refused: /has no solution/ },
    { name: 'no solution (search)', puzzle: rows.find(([, k, m]) => k === 'none' && !m)[0], refused: /has no solution/ },
    { name: 'unique (Inkala)', puzzle, runs: true },
  ].filter((c) => c.puzzle !== undefined);
}

test('every solver gets the right state and words for every kind of puzzle', async (t) => {
  const all = await cases();
  const names = await withSolverNames();
  assert.ok(names.length >= 11, `solvers listed: ${names}`);
  for (const solver of names) {
    for (const c of all) {
      await withPage(app.browser.context, `${app.server.url}?p=${c.puzzle}&s=${solver}`, async (page) => {
        const label = `${solver}, ${c.name}`;
        await pick(page, 'Speed', 'max');
        await page.getByRole('button', { name: 'Solve', exact: true }).click();
        const status = page.getByRole('status');
        await page.waitForFunction(
          (until) => !['checking', 'running'].includes(document.querySelector('#status').dataset.state) || performance.now() > until,
          (await page.evaluate(() => performance.now())) + RUN_MS,
          { polling: 50 },
        );
        if ((await status.getAttribute('data-state')) === 'running') {
          // The run may end on its own between the look and the click: nothing is left to stop.
          const stop = page.getByRole('button', { name: 'Stop', exact: true });
          await stop.click({ timeout: 3000 }).catch(async (e) => {
            if (await stop.isEnabled()) throw e;
          });
          await page.waitForSelector('#status:not([data-state="running"])');
        }
        const state = await status.getAttribute('data-state');
        const words = await status.textContent();
        const cells = await readCells(page);
        const grid = cells.map((cell) => cell.value || '.').join('');
        t.diagnostic(`${label}: ${state}`);
        if (c.refused) {
          assert.equal(state, 'invalid', `${label}: ${words}`);
          assert.match(words, c.refused, label);
          assert.equal(grid, c.puzzle, `${label}: entries kept`);
          assert.ok(cells.every((cell) => cell.source !== 'solver'), `${label}: no solver ran`);
          return;
        }
        assert.ok(['solved', 'stopped', 'failed'].includes(state), `${label}: ${state}`);
        assert.ok(words.trim().length > 0, `${label}: the status says something`);
        if (state === 'solved') assert.ok(isSolutionOf(grid, c.puzzle), `${label}: ${grid}`);
        if (state === 'solved' && c.name !== 'unique (Inkala)' && c.name !== 'full valid grid') {
          assert.match(words, /more than one solution/, label);
        }
        if (state !== 'solved') {
          const givens = cells.filter((cell) => cell.source === 'given').map((cell) => cell.value).join('');
          assert.equal(givens, c.puzzle.replaceAll('.', ''), `${label}: givens kept`);
        }
      });
    }
  }
});

/** The solvers the page lists, by their link names. */
async function withSolverNames() {
  let names = [];
  await withPage(app.browser.context, app.server.url, async (page) => {
    names = await page.$$eval('input[name=solver]', (inputs) => inputs.map((i) => i.value));
  });
  return names;
}
