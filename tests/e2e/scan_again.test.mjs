// Coming back to the paper (issue 44's second review): a correction typed on the board survives
// Scan again and is the puzzle Solve on the paper solves; Read again looks anew without losing
// the board; the view says how far a run on the paper has got and that a stopped one's digits
// are no solution; and a thumbnail too small to read keeps the entries.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveDist, launch, openPage } from './harness.mjs';
import { cameraPlaying, watchCameraAndWorkers, cameraReleased, givens, QUAD, WRONG_PRINT, MISREAD } from './camera.mjs';
import { printedPhoto } from './printed.mjs';
import { cellInput, isSolutionOf, NEWSPAPER, settled } from './sudoku.mjs';


let server, work;
before(async () => {
  server = await serveDist();
  work = await mkdtemp(join(tmpdir(), 'ising-sudoku-again-'));
});
after(async () => {
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

/** Chromium whose fake camera plays `puzzle` printed at `QUAD`, and a page open on the app. */
async function pointedAt(puzzle) {
  const renderer = await launch();
  const jpeg = await printedPhoto(await renderer.context.newPage(), puzzle, QUAD);
  await renderer.close();
  const browser = await cameraPlaying(work, jpeg);
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  await watchCameraAndWorkers(page);
  await page.goto(server.url);
  await page.waitForSelector('nav.views button');
  return { browser, page, errors, dialog: page.getByRole('dialog', { name: 'Scan a puzzle' }) };
}

test('a correction typed on the board survives Scan again, and Solve on the paper solves it', async () => {
  const { browser, page, errors, dialog } = await pointedAt(WRONG_PRINT);
  try {
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'invalid', null, { timeout: 20_000 });
    assert.equal(await givens(page), WRONG_PRINT, 'read as printed');
    assert.match(await page.locator('#scan-status').innerText(), /press Done, and correct it on the board/);
    // As the view says: Done, and correct it on the board.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await cellInput(page, 2).click();
    await page.keyboard.type('4');
    await settled(page);
    const corrected = WRONG_PRINT.replace('2', '4');
    assert.equal(await givens(page), corrected);
    // Back to the paper to Solve on it: the camera reads the misprint again, and the board keeps
    // the correction, saying so.
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    await page.waitForFunction(() => /^The board's corrections are kept\./.test(document.querySelector('#scan-status').textContent), null, { timeout: 20_000 });
    await page.waitForFunction(() => !/checking/.test(document.querySelector('#scan-status').textContent));
    assert.match(await page.locator('#status').innerText(), /^Read the same puzzle again: your corrections are kept\./);
    await page.waitForTimeout(1500);
    assert.equal(await givens(page), corrected, 'the correction stays');
    const solve = dialog.getByRole('button', { name: 'Solve on the paper' });
    assert.ok(await solve.isEnabled(), await page.locator('#scan-status').innerText());
    await solve.click();
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'solved', null, { timeout: 90_000 });
    const digits = await page.evaluate(() => document.querySelector('.scan canvas.overlay').dataset.digits);
    const grid = [...digits].map((d, i) => (d === '.' ? corrected[i] : d)).join('');
    assert.ok(isSolutionOf(grid, corrected), `the run on the paper solves the corrected puzzle: ${grid}`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('Read again looks anew with the camera on, and the board keeps its puzzle meanwhile', async () => {
  const { browser, page, errors, dialog } = await pointedAt(NEWSPAPER);
  try {
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    const solve = dialog.getByRole('button', { name: 'Solve on the paper' });
    await solve.waitFor({ timeout: 20_000 });
    assert.equal(await givens(page), NEWSPAPER);
    const again = dialog.getByRole('button', { name: 'Read again' });
    assert.ok(await again.isEnabled());
    await again.click();
    // Looking again: Capture is back, the camera stays on, and the board keeps the puzzle.
    await dialog.getByRole('button', { name: 'Capture' }).waitFor();
    assert.equal(await solve.count(), 0);
    assert.match(await page.locator('#scan-status').innerText(), /^(Point the camera|Grid found|Reading the puzzle)/);
    assert.equal(await givens(page), NEWSPAPER);
    assert.ok(!(await cameraReleased(page)), 'the camera stays on');
    // The grid held still: read again, and ready to solve on the paper.
    await solve.waitFor({ timeout: 20_000 });
    assert.equal(await givens(page), NEWSPAPER);
    assert.match(await page.locator('#scan-status').innerText(), /^Puzzle read/);
    // While a run goes on the paper, Read again waits.
    await solve.click();
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'running');
    if (await page.evaluate(() => document.querySelector('#status').dataset.state === 'running')) {
      assert.ok(await again.isDisabled());
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('a run on the paper says how far it has got, and a stopped one that its digits are no solution', async () => {
  const { browser, page, errors, dialog } = await pointedAt(NEWSPAPER);
  try {
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    const solve = dialog.getByRole('button', { name: 'Solve on the paper' });
    await solve.waitFor({ timeout: 20_000 });
    await solve.click();
    // The progress the board's view shows, in the camera's view: the broken rules left.
    await page.waitForFunction(() => /broken rules? left/.test(document.querySelector('#scan-status').textContent));
    const during = await page.locator('#scan-status').innerText();
    assert.match(during, /^Annealing… Temperature [\d.]+, lowered step by step: \d+ broken rules? left\./);
    await dialog.getByRole('button', { name: 'Stop' }).click();
    await page.waitForFunction(() => document.querySelector('.scan canvas.overlay')?.dataset.state === 'stopped');
    const stopped = await page.locator('#scan-status').innerText();
    assert.equal(stopped, "Stopped unsolved: the blue digits on the paper are the run's last try, not a solution. Solve on the paper starts again.");
    assert.doesNotMatch(stopped, /board/, 'the board is out of sight under the view');
    // The half-annealed digits stay drawn, dimmed.
    const opacity = await page.evaluate(() => Number(getComputedStyle(document.querySelector('.scan canvas.overlay')).opacity));
    assert.ok(opacity < 1, `the stopped run's digits are drawn at opacity ${opacity}`);
    assert.ok(await solve.isEnabled());
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

/** The photo `bytes` shrunk to `width`×`height` and saved as a JPEG, in a blank `page` (the
 * app's own forbids fetching a data address). */
async function shrunk(page, bytes, width, height) {
  const base64 = await page.evaluate(async ([src, width, height]) => {
    const bitmap = await createImageBitmap(await (await fetch(src)).blob());
    const canvas = Object.assign(document.createElement('canvas'), { width, height });
    canvas.getContext('2d').drawImage(bitmap, 0, 0, width, height);
    return canvas.toDataURL('image/jpeg', 0.85).split(',')[1];
  }, [`data:image/jpeg;base64,${bytes.toString('base64')}`, width, height]);
  return Buffer.from(base64, 'base64');
}

test('a tiny photo or a thumbnail of a puzzle keeps the entries and says why', async () => {
  const browser = await launch();
  try {
    const { page, errors } = await openPage(browser.context, server.url);
    const photo = await readFile(MISREAD);
    const blank = await browser.context.newPage();
    for (const [width, height] of [[40, 50], [160, 200]]) {
      // A few digits typed, then a thumbnail opened.
      await page.getByRole('button', { name: 'New puzzle' }).waitFor();
      await cellInput(page, 0).click();
      await page.keyboard.type('5');
      await cellInput(page, 10).click();
      await page.keyboard.type('7');
      await settled(page);
      const typed = await givens(page);
      const buffer = await shrunk(blank, photo, width, height);
      await page.getByLabel('Open a photo', { exact: true }).setInputFiles({ name: `thumb-${width}.jpg`, mimeType: 'image/jpeg', buffer });
      await page.waitForFunction(() => /Your entries are kept\.$|Puzzle loaded/.test(document.querySelector('#status').textContent), null, { timeout: 20_000 });
      const said = await page.locator('#status').innerText();
      assert.equal(said, 'The grid is too small or unclear to read: move closer, or open a larger picture. Your entries are kept.', `${width}×${height}`);
      assert.equal(await givens(page), typed, `${width}×${height}: the entries stay`);
      assert.equal(await page.$$eval('table.board input[data-unsure]', (xs) => xs.length), 0);
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
