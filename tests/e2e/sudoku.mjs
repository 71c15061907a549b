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

/** The colour the page draws a refused edit's line in (a line of the board's own class, added
 * and taken away again), whatever the line under the board says now. */
export function refusalColour(page) {
  return page.evaluate(() => {
    const refused = Object.assign(document.createElement('p'), { className: 'hint' });
    document.getElementById('hint').after(refused);
    const colour = getComputedStyle(refused).color;
    refused.remove();
    return colour;
  });
}

/** Wikipedia's example puzzle: the one the tests type, print and photograph. */
export const NEWSPAPER = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

/** `sudoku generate --killer --count 4 --seed 7`, the second: no givens, one solution, cages as
 * printed (propagation alone solves the first generator's killers, so nothing would cool). */
export const KILLER = '17:r7c7+r7c8+r8c7+r8c8,8:r2c4+r3c4,9:r5c4+r6c4,24:r1c5+r1c6+r1c7+r1c8,6:r6c1+r6c2,11:r7c5+r7c6+r8c5,12:r7c9+r8c9,27:r2c1+r2c2+r3c1+r3c2+r4c1+r4c2,20:r3c3+r4c3+r5c3,11:r8c3+r9c2+r9c3,16:r3c6+r4c6+r5c6,15:r8c4+r9c4+r9c5,23:r6c3+r7c2+r7c3+r7c4,13:r5c1+r5c2,15:r6c7+r6c8+r6c9,4:r4c7+r5c7,20:r1c1+r1c2+r1c3+r1c4+r2c3,6:r2c8+r3c8+r3c9,27:r7c1+r8c1+r8c2+r9c1,9:r6c5+r6c6,26:r4c8+r4c9+r5c8+r5c9,13:r2c5+r3c5,16:r4c4+r4c5+r5c5,20:r2c6+r2c7+r3c7,16:r9c7+r9c8+r9c9,11:r1c9+r2c9,10:r8c6+r9c6';
