// Belief propagation in the page: beliefs as shaded candidates that sharpen, the penalty and the
// mean entropy in figures and plot, a checked solution; the report's pipeline ends with a state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, withPage as harnessWithPage, pick } from './harness.mjs';
import { isSolutionOf, readCells } from './sudoku.mjs';

const app = useApp();
const withPage = (path, body) => harnessWithPage(app.browser.context, app.server.url + path, body);
const solve = (page) => page.getByRole('button', { name: 'Solve', exact: true }).click();
const levelsOf = (page) => page.$$eval('table.board td', (tds) => tds.map((td) => td.dataset.levels));

test('belief propagation shades each candidate by its belief and solves Inkala', async () => {
  const puzzle = app.inkala.puzzle;
  await withPage(`?p=${puzzle}&s=bp`, async (page) => {
    await page.getByRole('radio', { name: 'Spins', exact: true }).check();
    await pick(page, 'Speed', '1');
    await solve(page);
    await page.waitForFunction(() => document.querySelector('td[data-levels]'));
    const levels = await levelsOf(page);
    assert.ok(levels.every((l) => /^[0-9]{9}$/.test(l)), levels[0]);
    // A given is certain; an open cell spreads its belief over its candidates.
    assert.equal(levels[0], '000000090');
    // Somewhere along the run an open cell spreads its belief over several candidates.
    await page.waitForFunction((p) => [...document.querySelectorAll('table.board td')]
      .some((td, i) => p[i] === '.' && /[1-8]/.test(td.dataset.levels ?? '')), puzzle);
    await page.getByRole('img', { name: /^Plot of penalty and mean entropy/ }).waitFor();
    const stats = await page.locator('.stats').innerText();
    assert.match(stats, /Mean entropy\s+[\d.]+ bits/);
    await pick(page, 'Speed', '100');
    await page.waitForSelector('[role=status][data-state="solved"]', { timeout: 60_000 });
    const grid = (await readCells(page)).map((c) => c.value).join('');
    assert.ok(isSolutionOf(grid, puzzle), grid);
  });
});

test("the report's pipeline and the messages alone end with a state and a message", async () => {
  const puzzle = '..3.7..4..56..2371.89.........1.7.8.517.....6...4.....271..96.5.95....2.....2....';
  for (const solver of ['bp-alone', 'bp-faithful']) {
    await withPage(`?p=${puzzle}&s=${solver}`, async (page) => {
      await pick(page, 'Speed', '100');
      await solve(page);
      await page.waitForSelector('[role=status]:not([data-state="running"]):not([data-state="checking"])', { timeout: 60_000 });
      const state = await page.getByRole('status').getAttribute('data-state');
      assert.ok(['solved', 'failed'].includes(state), `${solver}: ${state}`);
      if (state === 'solved') {
        const grid = (await readCells(page)).map((c) => c.value).join('');
        assert.ok(isSolutionOf(grid, puzzle), `${solver}: ${grid}`);
      }
    });
  }
});
