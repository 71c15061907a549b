// The QUBO of the Digital Annealer tutorial in the page: the one-hot preset solves with its bits on
// screen and in the coupling matrix, and the export downloads the tutorial's JSON.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { useApp, withPage, inSettings } from './harness.mjs';
import { isSolutionOf, readCells } from './sudoku.mjs';

const app = useApp();

test('the one-hot QUBO annealer solves Inkala with one bit per cell, marked on the coupling matrix', async () => {
  await withPage(app.browser.context, `${app.server.url}?p=${app.inkala.puzzle}`, async (page) => {
    await page.getByRole('combobox', { name: 'Solver to run' }).selectOption('qubo');
    const matrix = page.getByRole('img', { name: /^The puzzle's QUBO: its 729×729 coupling matrix with 10936 terms; 0 bits set/ });
    await matrix.waitFor();
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForSelector('[role=status][data-state="solved"]', { timeout: 60_000 });
    const grid = (await readCells(page)).map((c) => c.value).join('');
    assert.ok(isSolutionOf(grid, app.inkala.puzzle), grid);
    const spins = await page.$$eval('table.board td', (tds) => tds.map((td) => td.dataset.spins));
    spins.forEach((s, i) => assert.equal(s.indexOf('1') + 1, Number(grid[i]), `cell ${i}`));
    assert.match(await page.locator('.qubo-stack').getAttribute('aria-label'), /81 bits set now/);
    // The set bits are drawn in the caption's amber: the edge of the middle cell's bit's square.
    const [drawn, amber] = await page.evaluate((v) => {
      const overlay = document.querySelectorAll('.qubo-stack canvas')[1];
      const [r, g, b] = overlay.getContext('2d').getImageData(v - 5, v, 1, 1).data;
      const hex = getComputedStyle(overlay).getPropertyValue('--hot').trim();
      return [[r, g, b], [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))];
    }, 40 * 9 + Number(grid[40]) - 1);
    assert.deepEqual(drawn, amber);
    assert.match(await page.locator('.qubo figcaption').textContent(), /amber squares, with faint lines along their rows and columns: the bits set now/);
    assert.match(await page.locator('.stats').textContent(), /Escape offset/);
  });
});

test('Export QUBO downloads the tutorial JSON named after the puzzle', async () => {
  await withPage(app.browser.context, `${app.server.url}?p=${app.inkala.puzzle}`, async (page) => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      inSettings(page, (sheet) => sheet.getByRole('button', { name: 'Export QUBO', exact: true }).click()),
    ]);
    assert.equal(download.suggestedFilename(), `sudoku-qubo-${app.inkala.puzzle.replaceAll('.', '0')}.json`);
    const json = JSON.parse(await readFile(await download.path(), 'utf8'));
    const terms = json.binary_polynomial.terms;
    assert.equal(terms.length, 10936);
    const constant = terms.find((t) => t.polynomials.length === 0);
    assert.equal(constant.coefficient, 4 * 81 + 2 * 21);
    assert.ok(terms.every((t) => Number.isInteger(t.coefficient)));
  });
});
