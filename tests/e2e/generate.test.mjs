// Boards of every size and New puzzle, in the page: a 16×16 made by the panel and solved, the
// link that carries it, a phone-sized screen, and the same puzzles from the same seed as natively.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { useApp, withPage as harnessWithPage, launch, root, pick, inSettings } from './harness.mjs';
import { isSolutionOfAnySize } from './sudoku.mjs';

const app = useApp();
const withPage = (path, body, context = app.browser.context) =>
  harnessWithPage(context, app.server.url + path, body);

const board = (page) =>
  page.$$eval('table.board td', (tds) => tds.map((td) => td.dataset.value || '.').join(''));

test('New puzzle makes a graded 16×16 puzzle, puts it in the link, and exact search solves it', async () => {
  await withPage('?size=16&s=exact', async (page) => {
    assert.equal(await page.locator('table.board td').count(), 256);
    await pick(page, 'Difficulty', 'easy');
    assert.match(await page.locator('#level-meaning').innerText(), /naked and hidden singles/);
    await page.getByRole('button', { name: 'New puzzle' }).click();
    await page.waitForFunction(
      () => document.querySelector('[role=status]')?.textContent.startsWith('New easy puzzle'),
      null,
      { timeout: 60_000 },
    );
    const puzzle = await board(page);
    assert.match(puzzle, /^[1-9A-G.]{256}$/);
    assert.ok(puzzle.replace(/\./g, '').length > 30, puzzle);
    assert.equal(new URL(page.url()).search, `?size=16&p=${puzzle}&s=exact`);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForSelector('[role=status][data-state="solved"]', { timeout: 30_000 });
    assert.ok(isSolutionOfAnySize(await board(page), puzzle, 4, 4));
  });
});

test('every size opens from its link with its own cells, digits and solvers', async () => {
  for (const [side, rows, cols, last] of [[4, 2, 2, '4'], [6, 2, 3, '6'], [25, 5, 5, 'P']]) {
    await withPage(`?size=${side}`, async (page) => {
      assert.equal(await page.locator('table.board td').count(), side * side);
      assert.equal(await page.getByLabel('Board size').inputValue(), String(side));
      const lastCell = page.getByRole('textbox', { name: `Row ${side}, column ${side}`, exact: true });
      await lastCell.click();
      await page.keyboard.press(last);
      assert.equal(await lastCell.inputValue(), last);
      assert.match(page.url(), new RegExp(`size=${side}&p=\\.+${last}&`));
      // Boxes of rows × cols: the thick border after every box's last column.
      const ends = await page.$$eval('table.board tr:first-child td', (tds) =>
        tds.map((td) => td.classList.contains('box-end')));
      assert.deepEqual(ends, Array.from({ length: side }, (_, i) => (i + 1) % cols === 0));
      const solvers = await page.$$eval('input[name=solver]', (r) => r.map((x) => x.value));
      assert.equal(solvers.includes('bp'), side <= 16, solvers.join());
      void rows;
    });
  }
});

test('a phone shows a whole 16×16 board and pans a 25×25 inside its frame', async () => {
  const phone = await launch({ width: 360, height: 740 }, { isMobile: true, hasTouch: true });
  try {
    for (const side of [16, 25]) {
      await withPage(`?size=${side}`, async (page) => {
        const fit = await page.evaluate(() => {
          const frame = document.querySelector('.board-frame');
          const table = frame.querySelector('table');
          return {
            page: document.scrollingElement.scrollWidth,
            frame: frame.clientWidth,
            table: table.getBoundingClientRect().width,
            cell: table.querySelector('td').getBoundingClientRect().width,
          };
        });
        assert.ok(fit.page <= 360, `the page itself never scrolls sideways: ${JSON.stringify(fit)}`);
        assert.ok(fit.cell >= 19.5, `cells stay tappable: ${JSON.stringify(fit)}`);
        if (side === 16) assert.ok(fit.table <= fit.frame + 0.5, JSON.stringify(fit));
        else assert.ok(fit.table > fit.frame, JSON.stringify(fit));
      }, phone.context);
    }
  } finally {
    await phone.close();
  }
});

test('a 1280×900 screen shows a whole 25×25 board beside the run', async () => {
  const desktop = await launch({ width: 1280, height: 900 });
  try {
    await withPage('?size=25', async (page) => {
      const fit = await page.evaluate(() => {
        const frame = document.querySelector('.board-frame');
        const panel = document.querySelector('.layout > .watch').getBoundingClientRect();
        return { frame: frame.clientWidth, table: frame.scrollWidth, board: frame.getBoundingClientRect().right, panel: panel.left };
      });
      assert.ok(fit.table <= fit.frame + 0.5, `the board does not pan: ${JSON.stringify(fit)}`);
      assert.ok(fit.board <= fit.panel, `the run is beside it: ${JSON.stringify(fit)}`);
    }, desktop.context);
  } finally {
    await desktop.close();
  }
});

test('a seed makes the same puzzles in wasm as natively', async () => {
  const nativeBin = join(root, 'target', 'release', 'sudoku');
  await withPage('', async (page) => {
    await page.waitForFunction(() => window.wasmBindings?.generate_puzzles);
    for (const [side, level, symmetric] of [[9, 'expert', false], [9, 'hard', true], [6, 'any', false], [16, 'easy', false]]) {
      const wasm = await page.evaluate(
        ([s, l, y]) => window.wasmBindings.generate_puzzles(s, l, y, 31, 2),
        [side, level, symmetric],
      );
      const args = ['generate', '--size', String(side), '--seed', '31', '--count', '2'];
      if (level !== 'any') args.push('--difficulty', level);
      if (symmetric) args.push('--symmetric');
      const native = execFileSync(nativeBin, args, { encoding: 'utf8' }).trim();
      assert.equal(wasm, native, `${side} ${level} ${symmetric}`);
    }
  });
});

test('rules: X and windoku drawn on the grid, kept in the link, and obeyed by the solution', async () => {
  await withPage('?rules=x&s=ising', async (page) => {
    const rule = (name) => page.locator(`input[name=rule][value="${name}"]`);
    assert.ok(await rule('x').isChecked());
    const diagonal = await page.$$eval('table.board td', (tds) =>
      tds.map((td, i) => td.classList.contains('diagonal') || td.classList.contains('anti-diagonal') ? i : -1).filter((i) => i >= 0));
    assert.equal(diagonal.length, 17, 'both diagonals, sharing the centre');
    await inSettings(page, () => rule('windoku').check());
    await page.waitForFunction(() => location.search.includes('rules=x,windoku'));
    assert.equal(await page.locator('table.board td.window').count(), 36);
    await pick(page, 'Difficulty', 'medium');
    await page.getByRole('button', { name: 'New puzzle' }).click();
    await page.waitForFunction(
      () => document.querySelector('[role=status]')?.textContent.startsWith('New medium puzzle'),
      null,
      { timeout: 60_000 },
    );
    const puzzle = await board(page);
    assert.match(page.url(), new RegExp(`rules=x,windoku&p=${puzzle.replace(/\./g, '\\.')}&s=ising`));
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForSelector('[role=status][data-state="solved"]', { timeout: 60_000 });
    const grid = await board(page);
    assert.ok(isSolutionOfAnySize(grid, puzzle, 3, 3));
    const distinct = (cells) => new Set(cells.map((i) => grid[i])).size === 9;
    assert.ok(distinct([...Array(9).keys()].map((i) => i * 10)), 'main diagonal');
    assert.ok(distinct([...Array(9).keys()].map((i) => i * 8 + 8)), 'anti-diagonal');
    for (const [top, left] of [[1, 1], [1, 5], [5, 1], [5, 5]]) {
      const cells = [...Array(9).keys()].map((k) => (top + Math.floor(k / 3)) * 9 + left + (k % 3));
      assert.ok(distinct(cells), `extra box at ${top},${left}`);
    }
    // An anti-king rule leaves the solver list without the units-only solvers.
    await inSettings(page, () => rule('anti-king').check());
    await page.waitForFunction(() => location.search.includes('anti-king'));
    const solvers = await page.$$eval('input[name=solver]', (r) => r.map((x) => x.value));
    assert.ok(!solvers.includes('bp') && !solvers.includes('hopfield') && solvers.includes('ising'), solvers.join());
  });
});

test('a rule set that no grid obeys is said so', async () => {
  await withPage('?rules=x,windoku,anti-king,anti-knight', async (page) => {
    await page.getByRole('button', { name: 'New puzzle' }).click();
    await page.waitForSelector('[role=status][data-state="invalid"]', { timeout: 60_000 });
    assert.match(await page.getByRole('status').innerText(), /No puzzle can be made: no grid of this size obey/);
  });
});

test('choosing 16×16 says that New puzzle makes hard puzzles there, and why', async () => {
  await withPage('', async (page) => {
    await inSettings(page, async (sheet) => {
      const level = sheet.getByRole('combobox', { name: 'Difficulty', exact: true });
      assert.equal(await level.inputValue(), 'medium');
      assert.doesNotMatch(await sheet.locator('#level-meaning').innerText(), /by default/);
      await sheet.getByRole('combobox', { name: 'Board size', exact: true }).selectOption('16');
      assert.equal(await level.inputValue(), 'hard');
      assert.match(await sheet.locator('#level-meaning').innerText(), /Hard by default on this board: a medium one is solved by logic/);
      // A level picked by hand is the person's own: nothing to explain.
      await level.selectOption('hard');
      assert.doesNotMatch(await sheet.locator('#level-meaning').innerText(), /by default/);
    });
  });
});
