// Sudoku rules for the browser tests, written independently of the Rust engine so that the tests
// check the app against the rules rather than against itself.

/** Whether `grid` (81 digits) fills every row, column and box with 1-9 and keeps `puzzle`'s givens. */
export function isSolutionOf(grid, puzzle) {
  if (!/^[1-9]{81}$/.test(grid)) return false;
  for (let i = 0; i < 81; i++) {
    if (puzzle[i] !== '.' && puzzle[i] !== '0' && puzzle[i] !== grid[i]) return false;
  }
  const units = [];
  for (let k = 0; k < 9; k++) {
    const row = [], col = [], box = [];
    for (let j = 0; j < 9; j++) {
      row.push(k * 9 + j);
      col.push(j * 9 + k);
      box.push((Math.floor(k / 3) * 3 + Math.floor(j / 3)) * 9 + (k % 3) * 3 + (j % 3));
    }
    units.push(row, col, box);
  }
  return units.every((unit) => new Set(unit.map((i) => grid[i])).size === 9);
}

/** The cell input for 0-based `index`, by its accessible name. */
export function cellInput(page, index) {
  const row = Math.floor(index / 9) + 1;
  const col = (index % 9) + 1;
  return page.getByRole('textbox', { name: `Row ${row}, column ${col}`, exact: true });
}

/** Resolves once the page has drawn what the last event changed (Yew renders, then runs its
 * effects, before the next animation frame and task). */
export async function settled(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
}

/** Types a puzzle's givens one cell at a time, as a person would. */
export async function typePuzzle(page, puzzle) {
  for (let i = 0; i < 81; i++) {
    if (puzzle[i] !== '.' && puzzle[i] !== '0') {
      await cellInput(page, i).click();
      await page.keyboard.type(puzzle[i]);
    }
  }
  await settled(page);
}

/** The 81 cells as the test contract exposes them. */
export async function readCells(page) {
  return page.$$eval('table.board td', (tds) =>
    tds.map((td) => ({ value: td.dataset.value, source: td.dataset.source })),
  );
}

/** Pastes `text` into the cell at `index` the way a clipboard paste arrives. */
export async function pasteInto(page, index, text) {
  const target = cellInput(page, index);
  await target.click();
  await target.evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
  await settled(page);
}

/** Waits until the cell at `index` shows `value` (the page redraws after each event). */
export async function waitForValue(page, index, value) {
  await page.waitForFunction(([i, v]) => document.getElementById(`cell-${i}`)?.value === v, [index, value]);
}

/** Whether `grid` (one character per cell, digits 1-9 then A-P) solves `puzzle` on a board of
 * `boxRows × boxCols` boxes: every row, column and box holds each digit once, givens kept. */
export function isSolutionOfAnySize(grid, puzzle, boxRows, boxCols) {
  const n = boxRows * boxCols;
  const digits = '123456789ABCDEFGHIJKLMNOP'.slice(0, n);
  if (grid.length !== n * n || [...grid].some((c) => !digits.includes(c))) return false;
  if ([...puzzle].some((c, i) => c !== '.' && c !== grid[i])) return false;
  const units = [];
  for (let k = 0; k < n; k++) {
    const row = [], col = [], box = [];
    const top = Math.floor(k / boxRows) * boxRows, left = (k % boxRows) * boxCols;
    for (let j = 0; j < n; j++) {
      row.push(k * n + j);
      col.push(j * n + k);
      box.push((top + Math.floor(j / boxCols)) * n + left + (j % boxCols));
    }
    units.push(row, col, box);
  }
  return units.every((unit) => new Set(unit.map((i) => grid[i])).size === n);
}
