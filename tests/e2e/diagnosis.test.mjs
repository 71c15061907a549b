// The referee in the page: every puzzle is diagnosed by the exact search before a solver runs,
// and the exact search is a solver of its own, animated or instant.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveDist, launch, openPage, famous, root, pick } from './harness.mjs';
import { isSolutionOf, typePuzzle, readCells, pasteInto } from './sudoku.mjs';

let server, browser, inkala, cases;

before(async () => {
  server = await serveDist();
  browser = await launch();
  inkala = (await famous())[0];
  // tests/data/diagnosis.txt: puzzle, expected diagnosis, expected message.
  const text = await readFile(join(root, 'tests', 'data', 'diagnosis.txt'), 'utf8');
  cases = text.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t'));
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Runs `body` on a fresh page and fails on any console error. */
async function withPage(body) {
  const { page, errors } = await openPage(browser.context, server.url);
  try {
    await body(page);
    assert.deepEqual(errors, [], 'console errors');
  } finally {
    await page.close();
  }
}

const solve = (page) => page.getByRole('button', { name: 'Solve', exact: true }).click();
const status = (page) => page.getByRole('status');

test('a puzzle with no solution is refused on load and on Solve, saying where', async () => {
  const [puzzle, , message] = cases.find(([, kind, msg]) => kind === 'none' && msg);
  await withPage(async (page) => {
    await pasteInto(page, 0, puzzle);
    // The referee answers from the page's worker, a moment after the paste.
    await page.waitForSelector('[role=status][data-state="invalid"]');
    assert.match(await status(page).textContent(), /has no solution/);
    await solve(page);
    await page.waitForSelector('[role=status][data-state="invalid"]');
    assert.ok((await status(page).textContent()).includes(message));
    const cells = await readCells(page);
    assert.ok(cells.every((c) => c.source !== 'solver'), 'no solver was started');
    assert.equal(cells.map((c) => c.value || '.').join(''), puzzle, 'entries kept');
  });
});

test('a typed puzzle whose contradiction needs search is found to have no solution', async () => {
  const [puzzle] = cases.filter(([, kind, msg]) => kind === 'none' && !msg)[0];
  await withPage(async (page) => {
    await typePuzzle(page, puzzle);
    await solve(page);
    await page.waitForSelector('[role=status][data-state="invalid"]');
    assert.match(await status(page).textContent(), /This puzzle has no solution/);
  });
});

test('a puzzle with several solutions still ends solved with a valid grid, and says so', async () => {
  const [puzzle] = cases.find(([, kind]) => kind === 'several');
  await withPage(async (page) => {
    await pasteInto(page, 5, puzzle);
    // The referee answers from the page's worker a moment after the paste (later still while
    // the worker's wasm loads): a person reads the line then, not in the paste's own frame.
    await page.waitForFunction(() => /more than one solution/.test(document.getElementById('status').textContent), null, { timeout: 10_000 });
    await solve(page);
    await page.waitForSelector('[role=status][data-state="solved"]', { timeout: 60_000 });
    const grid = (await readCells(page)).map((c) => c.value).join('');
    assert.ok(isSolutionOf(grid, puzzle), grid);
    assert.match(await status(page).textContent(), /more than one solution; this is one of them/);
  });
});

test('the exact search animates node by node, backtracks, and ends on the solution', async () => {
  await withPage(async (page) => {
    await page.getByRole('combobox', { name: 'Solver to run' }).selectOption('exact');
    await pick(page, 'Speed', '4');
    await typePuzzle(page, inkala.puzzle);
    // While it runs, the number of filled cells goes down as well as up (backtracks). It is
    // counted in the page at every frame: polling from here misses frames on a busy machine.
    await page.evaluate(() => {
      window.filledPerFrame = [];
      const count = () => {
        const cells = document.querySelectorAll('table.board td');
        window.filledPerFrame.push([...cells].filter((td) => td.dataset.value).length);
        const state = document.querySelector('[role=status]')?.dataset.state;
        if (state !== 'solved' && window.filledPerFrame.length < 20_000) requestAnimationFrame(count);
      };
      requestAnimationFrame(count);
    });
    await solve(page);
    await page.waitForSelector('[role=status][data-state="solved"]', { timeout: 60_000 });
    const filled = await page.evaluate(() => window.filledPerFrame);
    assert.ok(filled.some((n, i) => i > 0 && n < filled[i - 1]), 'a backtrack emptied cells');
    const grid = (await readCells(page)).map((c) => c.value).join('');
    assert.equal(grid, inkala.solution);
    const stats = await page.locator('.stats').innerText();
    assert.match(stats, /Nodes\s+[1-9]/);
    assert.match(stats, /Backtracks\s+[1-9]/);
  });
});

test('the exact search as fast as possible solves at once', async () => {
  await withPage(async (page) => {
    await page.getByRole('combobox', { name: 'Solver to run' }).selectOption('exact');
    await pick(page, 'Speed', 'max');
    await pasteInto(page, 0, inkala.puzzle);
    await solve(page);
    await page.waitForSelector('[role=status][data-state="solved"]', { timeout: 10_000 });
    assert.equal((await readCells(page)).map((c) => c.value).join(''), inkala.solution);
  });
});
