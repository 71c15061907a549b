// The Hopfield networks in the page: the notebook's network stops where the notebook's did and
// says so; the mean-field network shows its analog neurons as shades, its score and energy in
// figures and plot, and solves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, withPage as harnessWithPage, pick } from './harness.mjs';
import { isSolutionOf, readCells } from './sudoku.mjs';

const app = useApp();
const withPage = (path, body) => harnessWithPage(app.browser.context, app.server.url + path, body);
const solve = (page) => page.getByRole('button', { name: 'Solve', exact: true }).click();

// The notebook's easy puzzle, and the grid its network printed after one step (blank = '.').
const EASY = '....79.3.5.2.61478376.859.2.175..8..2.983........2..4.....5.2.1.23....541..7.....';
const PRINTED = '48127953659236147837648591261754.8232498361.58351276497649532819236187541587.236.';

const figure = async (page, name) => {
  const stats = await page.locator('.stats').innerText();
  const match = new RegExp(`(?:^|\\n)${name}\\s+([-\\d,.]+)`).exec(stats);
  assert.ok(match, `no figure ${name} in ${stats}`);
  return Number(match[1].replace(/,/g, ''));
};

test("the notebook's network stops at 308 of 324 with the notebook's grid, and says why", async () => {
  await withPage(`?p=${EASY}&s=hopfield-faithful`, async (page) => {
    await pick(page, 'Speed', '729');
    await solve(page);
    await page.waitForSelector('[role=status][data-state="failed"]', { timeout: 30_000 });
    const status = await page.getByRole('status').innerText();
    assert.match(status, /settled with 308 of 324 constraints met/);
    const grid = (await readCells(page)).map((c) => c.value || '.').join('');
    assert.equal(grid, PRINTED);
    assert.equal(await figure(page, 'Actual'), 308);
    assert.equal(await figure(page, 'Optimal'), 324);
    // The user's entries are the puzzle, untouched; Solve is offered again.
    assert.ok(await page.getByRole('button', { name: 'Solve', exact: true }).isEnabled());
  });
});

test('the mean-field network draws its neurons as shades, plots score and energy, and solves', async () => {
  await withPage(`?p=${EASY}&s=hopfield`, async (page) => {
    await page.getByRole('radio', { name: 'Spins', exact: true }).check();
    await pick(page, 'Speed', '729');
    await solve(page);
    // The run's first frame comes before any sweep; somewhere a blank cell is undecided soon after.
    await page.waitForFunction(
      () => [...document.querySelectorAll('td[data-levels]')].some((td) => /[1-8]/.test(td.dataset.levels)),
      null,
      { timeout: 10_000 },
    );
    const levels = await page.$$eval('table.board td', (tds) => tds.map((td) => td.dataset.levels));
    assert.ok(levels.every((l) => /^[0-9]{9}$/.test(l)), levels[0]);
    // A given's neuron is fully on and the rest off.
    assert.equal(levels[4], '000000900');
    assert.equal(await page.locator('td').nth(4).locator('.spin.lead.clamped').count(), 1);
    assert.ok((await page.locator('.spin.shaded').count()) > 0);
    assert.match(await page.locator('.spin-legend').innerText(), /activation or the digit's belief/);
    const plot = page.getByRole('img', { name: /^Plot of actual score and energy/ });
    await plot.waitFor();
    await pick(page, 'Speed', '364500');
    await page.waitForSelector('[role=status][data-state="solved"]', { timeout: 60_000 });
    const grid = (await readCells(page)).map((c) => c.value).join('');
    assert.ok(isSolutionOf(grid, EASY), grid);
    assert.equal(await figure(page, 'Actual'), 324);
  });
});
