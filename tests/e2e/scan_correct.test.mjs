// Correcting what the reader got wrong (issue 44's review): a digit misread, with or without an
// unsure mark, is typed over on the board like any typed digit, Undo and the link following; the
// status line says in plain words what the reader did; and the Scan view's verdict on a reading
// agrees with the board's, before the person leaves the view.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveDist, launch, openPage } from './harness.mjs';
import { asJpeg, cameraPlaying, givens, datPuzzle, QUAD, WRONG_PRINT, MISREAD } from './camera.mjs';
import { printedPhoto } from './printed.mjs';
import { cellInput, readCells, settled, isSolutionOf } from './sudoku.mjs';


let server, work;
before(async () => {
  server = await serveDist();
  work = await mkdtemp(join(tmpdir(), 'ising-sudoku-correct-'));
});
after(async () => {
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

/** The puzzle the address bar's link carries. */
function linked(page) {
  return new URL(page.url()).searchParams.get('p');
}

/** How many cells are marked for the person to check. */
function marked(page) {
  return page.$$eval('table.board input[data-unsure]', (xs) => xs.length);
}

test('a digit misread from a photo is typed over on the board, with Undo and the link following', async () => {
  const browser = await launch();
  try {
    const { page, errors } = await openPage(browser.context, server.url);
    const truth = await datPuzzle(MISREAD);
    await page.getByLabel('Open a photo', { exact: true }).setInputFiles(MISREAD);
    await page.waitForFunction(() => /^Read from the picture/.test(document.querySelector('#status').textContent), null, { timeout: 20_000 });
    const read = await givens(page);
    assert.equal([...read].filter((d, i) => d !== truth[i]).length, 2, `read ${read}, printed ${truth}`);
    assert.equal(read[75], '6', 'row 9, column 4 is misread');
    // What the reader did, in words a person can act on.
    const said = await page.locator('#status').innerText();
    assert.match(said, /^Read from the picture: check the 6 marked cells, and type over any digit read wrong\. 1 of them looked more like another digit, which would have left the puzzle without a single solution\./);
    assert.doesNotMatch(said, /rules changed/);
    assert.equal(await marked(page), 6);
    assert.equal(linked(page), read);

    // The 6 carries no mark, but the person sees it is wrong and types the 8 over it.
    await cellInput(page, 75).click();
    await page.keyboard.type('8');
    await settled(page);
    assert.equal(await cellInput(page, 75).inputValue(), '8');
    assert.doesNotMatch(await page.locator('#hint').innerText(), /given/);
    // The marked 8 in row 4, column 8 is blank on the page: erased, its mark goes.
    await cellInput(page, 34).click();
    await page.keyboard.press('Delete');
    await settled(page);
    assert.equal(await cellInput(page, 34).inputValue(), '');
    assert.equal(await marked(page), 5);
    assert.equal(await givens(page), truth, 'the board holds the printed puzzle');
    assert.equal(linked(page), truth, 'the link carries the corrected puzzle');

    // Undo takes the corrections back one by one, to the reading; Redo brings them again.
    const undo = page.getByRole('button', { name: 'Undo' });
    await undo.click();
    await undo.click();
    await settled(page);
    assert.equal(await givens(page), read);
    const redo = page.getByRole('button', { name: 'Redo' });
    await redo.click();
    await redo.click();
    await settled(page);
    assert.equal(await givens(page), truth);

    // Solve: the corrected digits are the puzzle solved, and its givens from then on.
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'solved', null, { timeout: 60_000 });
    const cells = await readCells(page);
    assert.ok(isSolutionOf(cells.map((c) => c.value).join(''), truth));
    assert.equal(await givens(page), truth);
    await cellInput(page, 75).click();
    await page.keyboard.type('6');
    await settled(page);
    assert.equal(await cellInput(page, 75).inputValue(), '8', 'after Solve the digits read are givens');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('the Scan view says a reading has no solution, as the board does, before the person leaves it', async () => {
  const renderer = await launch();
  const camera = await printedPhoto(await renderer.context.newPage(), WRONG_PRINT, QUAD);
  await renderer.close();
  const browser = await cameraPlaying(work, camera);
  try {
    const { page, errors } = await openPage(browser.context, server.url);
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan a puzzle' });
    await page.waitForFunction(() => /^Read from the picture/.test(document.querySelector('#status').textContent), null, { timeout: 20_000 });
    assert.equal(await givens(page), WRONG_PRINT, 'read as printed');
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'invalid');
    const [why] = (await page.locator('#status').innerText()).match(/This puzzle has no solution: .*\.$/);
    const scan = await page.locator('#scan-status').innerText();
    assert.ok(scan.startsWith(why), `the view says what the board says: ${scan}`);
    assert.match(scan, /A digit was misread: press Done, and correct it on the board/);
    assert.ok(await dialog.getByRole('button', { name: 'Solve on the paper' }).isDisabled());
    // The person leaves the view and corrects the digit on the board; then it solves.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await cellInput(page, 2).click();
    await page.keyboard.type('4');
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'solved', null, { timeout: 60_000 });
    const cells = await readCells(page);
    assert.ok(isSolutionOf(cells.map((c) => c.value).join(''), WRONG_PRINT.replace('2', '4')));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('the Scan view points at the cells the board marks to check', async () => {
  const browser = await cameraPlaying(work, await asJpeg(await readFile(MISREAD)));
  try {
    const { page, errors } = await openPage(browser.context, server.url);
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan a puzzle' });
    await dialog.getByRole('button', { name: 'Solve on the paper' }).waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => !/checking/.test(document.querySelector('#scan-status').textContent));
    const n = await marked(page);
    assert.ok(n > 0, 'the reader is unsure of some cells');
    assert.match(await page.locator('#status').innerText(), new RegExp(`check the ${n} marked cells?`));
    assert.match(await page.locator('#scan-status').innerText(), new RegExp(`^Puzzle read: press Done to check the ${n} marked cells? on the board, or Solve on the paper\\.$`));
    assert.ok(await dialog.getByRole('button', { name: 'Solve on the paper' }).isEnabled());
    await page.waitForFunction(() => document.activeElement.textContent === 'Solve on the paper');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
