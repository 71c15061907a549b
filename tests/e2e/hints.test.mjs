// Solving by hand (issue 26): givens apart from the user's progress, pencil marks (automatic and
// the user's own, from the keyboard and the pad), Check marking a wrong entry with data-wrong,
// and progress carried by a link; on a desktop and on a 360 px phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage, famous } from './harness.mjs';
import { cellInput, settled } from './sudoku.mjs';

let server, desktop, phone, inkala;
before(async () => {
  server = await serveDist();
  desktop = await launch();
  phone = await launch({ width: 360, height: 740 }, { isMobile: true, hasTouch: true });
  inkala = (await famous())[0];
});
after(async () => {
  await desktop?.close();
  await phone?.close();
  await server?.close();
});

/** The candidates of open cell `i` of a 9×9 `puzzle`: digits no cell of its row, column or box holds. */
function candidates(puzzle, i) {
  const [r, c] = [Math.floor(i / 9), i % 9];
  const seen = new Set();
  for (let j = 0; j < 81; j++) {
    const [rj, cj] = [Math.floor(j / 9), j % 9];
    const box = Math.floor(rj / 3) === Math.floor(r / 3) && Math.floor(cj / 3) === Math.floor(c / 3);
    if (rj === r || cj === c || box) seen.add(puzzle[j]);
  }
  return '123456789'.split('').filter((d) => !seen.has(d)).join('');
}

const td = (page, i) => page.locator('table.board td').nth(i);
const openCells = (puzzle) => [...puzzle].flatMap((ch, i) => (ch === '.' ? [i] : []));
/** A digit other than the solution's in cell `i`. */
const wrongDigit = (i) => String((Number(inkala.solution[i]) % 9) + 1);

async function pad(page, key) {
  await page.getByRole('group', { name: 'Digit pad' }).getByRole('button', { name: key, exact: true }).tap();
  await settled(page);
}

test('automatic pencil marks show every open cell’s candidates; Q switches pencil mode for the keyboard', async () => {
  const { page, errors } = await openPage(desktop.context, `${server.url}?p=${inkala.puzzle}`);
  const [first, second] = openCells(inkala.puzzle);
  assert.equal(await td(page, first).getAttribute('data-marks'), null, 'hidden at first');
  await page.getByRole('checkbox', { name: 'Pencil marks' }).check();
  await settled(page);
  for (const i of openCells(inkala.puzzle).slice(0, 12)) {
    assert.equal(await td(page, i).getAttribute('data-marks'), candidates(inkala.puzzle, i), `cell ${i}`);
  }
  assert.equal(await td(page, 0).getAttribute('data-marks'), null, 'a given shows none');
  // Pencil mode: a typed digit toggles that mark, starting from the marks shown.
  await cellInput(page, second).click();
  await page.keyboard.press('q');
  const shown = candidates(inkala.puzzle, second);
  await page.keyboard.type(shown[0]);
  await settled(page);
  assert.equal(await td(page, second).getAttribute('data-marks'), shown.slice(1));
  assert.match(await td(page, second).getAttribute('class'), /own-marks/);
  assert.equal(await cellInput(page, second).inputValue(), '', 'no digit written');
  assert.match(await page.locator('#hint').textContent(), /Pencil mode/);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await settled(page);
  assert.equal(await td(page, second).getAttribute('data-marks'), shown, 'Undo takes the mark back');
  await cellInput(page, second).click();
  await page.keyboard.press('q');
  await page.keyboard.type(inkala.solution[second]);
  await settled(page);
  assert.equal(await cellInput(page, second).inputValue(), inkala.solution[second]);
  assert.equal(await td(page, second).getAttribute('data-source'), 'progress');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Check marks a wrong entry with data-wrong and says so; a given stays as it is', async () => {
  const { page, errors } = await openPage(desktop.context, `${server.url}?p=${inkala.puzzle}`);
  const [right, wrong] = openCells(inkala.puzzle);
  await cellInput(page, right).click();
  await page.keyboard.type(inkala.solution[right]);
  await cellInput(page, wrong).click();
  await page.keyboard.type(wrongDigit(wrong));
  await cellInput(page, 0).click();
  await page.keyboard.type('1');
  await settled(page);
  assert.equal(await cellInput(page, 0).inputValue(), inkala.puzzle[0], 'a given stays');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.waitForSelector('td[data-wrong]');
  const marked = await page.$$eval('table.board td', (tds) => tds.flatMap((td, i) => (td.dataset.wrong ? [i] : [])));
  assert.deepEqual(marked, [wrong]);
  await page.waitForFunction(() => /1 of your 2 entries/.test(document.getElementById('status').textContent));
  // Not colour alone: the wrong entry is struck through and crossed.
  const style = await cellInput(page, wrong).evaluate((el) => getComputedStyle(el).textDecorationLine);
  assert.match(style, /line-through/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a link with progress and marks restores them apart from the givens, and the address keeps them', async () => {
  const [a, b] = openCells(inkala.puzzle);
  const progress = [...'.'.repeat(81)];
  progress[a] = inkala.solution[a];
  progress[b] = inkala.solution[b];
  const e = progress.join('');
  const c = openCells(inkala.puzzle)[2];
  const m = `${c}-29`;
  const { page, errors } = await openPage(desktop.context, `${server.url}?p=${inkala.puzzle}&e=${e}&m=${m}`);
  assert.equal(await td(page, c).getAttribute('data-marks'), '29', 'the marks, with Pencil marks off');
  assert.equal(await td(page, a).getAttribute('data-source'), 'progress');
  assert.equal(await td(page, a).getAttribute('data-value'), inkala.solution[a]);
  assert.equal(await td(page, 0).getAttribute('data-source'), 'given');
  await page.waitForFunction((want) => new URL(location.href).searchParams.get('e') === want, e);
  assert.equal(new URL(page.url()).searchParams.get('m'), m);
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a 360 px phone: the pad’s Pencil key enters marks, Check marks a wrong entry, a link keeps progress', async () => {
  const { page, errors } = await openPage(phone.context, `${server.url}?p=${inkala.puzzle}`);
  const [first, second] = openCells(inkala.puzzle);
  await cellInput(page, first).tap();
  await pad(page, 'Pencil');
  assert.equal(await page.getByRole('button', { name: 'Pencil', exact: true }).getAttribute('aria-pressed'), 'true');
  await pad(page, '5');
  await pad(page, '7');
  assert.equal(await td(page, first).getAttribute('data-marks'), '57');
  await pad(page, 'Pencil');
  await cellInput(page, second).tap();
  await pad(page, wrongDigit(second));
  await page.getByRole('button', { name: 'Check', exact: true }).tap();
  await page.waitForSelector('td[data-wrong]');
  assert.equal(await td(page, second).getAttribute('data-wrong'), 'true');
  const e = new URL(page.url()).searchParams.get('e');
  assert.equal(e[second], wrongDigit(second), 'the address carries the progress');
  const board = await page.locator('table.board').boundingBox();
  assert.ok(board.x >= 0 && board.x + board.width <= 360, 'the board fits the phone');
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a 390×844 phone the new controls leave the board and Solve on the first screen', async () => {
  const tall = await launch({ width: 390, height: 844 }, { isMobile: true, hasTouch: true });
  try {
    const { page, errors } = await openPage(tall.context, `${server.url}?p=${inkala.puzzle}`);
    const solve = await page.getByRole('button', { name: 'Solve', exact: true }).boundingBox();
    assert.ok(solve.y + solve.height <= 844, `Solve ends at ${solve.y + solve.height}`);
    const check = await page.getByRole('button', { name: 'Check', exact: true }).boundingBox();
    assert.ok(check.y + check.height <= 844, `Check ends at ${check.y + check.height}`);
    assert.deepEqual(errors, []);
  } finally {
    await tall.close();
  }
});
