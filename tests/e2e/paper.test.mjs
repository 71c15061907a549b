// Solve on the paper (issue 44): Chromium's fake camera plays a printed puzzle photographed at an
// angle, rendered so that the test knows where its grid is. A person opens Scan, points the
// camera, waits for the reading, presses Solve on the paper and watches the run drawn on the
// printed cells, frame by frame, until it is solved; the grid leaving the view pauses the
// drawing; Stop and Cancel end a run there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveDist, launch, recordFrameGaps, takeFrameGaps, percentile } from './harness.mjs';
import { NEWSPAPER } from './sudoku.mjs';
import { printedPhoto, cellCentre } from './printed.mjs';
import { FAKE_CAMERA, QUAD } from './camera.mjs';


let server, work, camera;
before(async () => {
  server = await serveDist();
  work = await mkdtemp(join(tmpdir(), 'ising-sudoku-paper-'));
  const renderer = await launch();
  try {
    camera = join(work, 'printed.mjpeg');
    await writeFile(camera, await printedPhoto(await renderer.context.newPage(), NEWSPAPER, QUAD));
  } finally {
    await renderer.close();
  }
});
after(async () => {
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

/** The overlay's state, digits and frames drawn, and where each drawn digit's sky-blue ink is
 * centred (by cell, in video pixels), read at one moment. */
function overlay(page) {
  return page.evaluate((centres) => {
    const canvas = document.querySelector('.scan canvas.overlay');
    const { state, digits, frames } = canvas.dataset;
    const { data, width, height } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    // Each sky-blue pixel belongs to the cell whose centre is nearest.
    const sums = centres.map(() => [0, 0, 0]);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const k = 4 * (y * width + x);
        if (data[k + 3] < 200 || data[k + 2] - data[k] < 120) continue;
        let best = 0;
        centres.forEach(([cx, cy], i) => {
          const [bx, by] = centres[best];
          if ((x - cx) ** 2 + (y - cy) ** 2 < (x - bx) ** 2 + (y - by) ** 2) best = i;
        });
        sums[best][0] += x + 0.5;
        sums[best][1] += y + 0.5;
        sums[best][2] += 1;
      }
    }
    const inked = sums.map(([x, y, n]) => (n ? [x / n, y / n, n] : null));
    return { state, digits, frames: Number(frames), inked, size: [width, height] };
  }, [...Array(81).keys()].map((cell) => cellCentre(QUAD, cell)));
}

/** Every drawn digit's ink is centred within a quarter of a cell of its printed cell's centre,
 * and the cells without a digit have no ink. */
function assertOnThePaper(seen) {
  assert.deepEqual(seen.size, [640, 480]);
  let drawn = 0;
  for (let cell = 0; cell < 81; cell++) {
    const ink = seen.inked[cell];
    if (seen.digits[cell] === '.') {
      assert.equal(ink, null, `cell ${cell} has no digit but ink`);
      continue;
    }
    assert.ok(ink, `cell ${cell}'s ${seen.digits[cell]} is not drawn`);
    const [x, y] = cellCentre(QUAD, cell);
    const [right, below] = [cellCentre(QUAD, cell % 9 < 8 ? cell + 1 : cell - 1), cellCentre(QUAD, cell < 72 ? cell + 9 : cell - 9)];
    const side = Math.min(Math.hypot(right[0] - x, right[1] - y), Math.hypot(below[0] - x, below[1] - y));
    const off = Math.hypot(ink[0] - x, ink[1] - y);
    assert.ok(off <= side / 4, `cell ${cell}: the digit is ${off.toFixed(1)} px from the centre, a cell is ${side.toFixed(1)} px`);
    drawn += 1;
  }
  return drawn;
}

/** The overlay's state and frames drawn. */
function counted(page) {
  return page.$eval('.scan canvas.overlay', (c) => ({ state: c.dataset.state, frames: Number(c.dataset.frames) }));
}

/** Frames the overlay draws a second over `ms`, its state staying `state`. */
async function frameRate(page, ms, state) {
  const before = await counted(page);
  const started = Date.now();
  await page.waitForTimeout(ms);
  const after = await counted(page);
  assert.equal(after.state, state, 'the run kept its state while the frames were counted');
  assert.equal(before.state, state);
  return (1000 * (after.frames - before.frames)) / (Date.now() - started);
}

/** Whether `grid` (81 digits) keeps every row, column and box free of repeats. */
function valid(grid) {
  const units = [];
  for (let i = 0; i < 9; i++) {
    units.push([...Array(9).keys()].map((j) => 9 * i + j));
    units.push([...Array(9).keys()].map((j) => 9 * j + i));
    units.push([...Array(9).keys()].map((j) => 9 * (3 * Math.floor(i / 3) + Math.floor(j / 3)) + 3 * (i % 3) + (j % 3)));
  }
  return /^[1-9]{81}$/.test(grid) && units.every((u) => new Set(u.map((c) => grid[c])).size === 9);
}

test('Solve on the paper draws the run on the printed cells, frame by frame, and it ends solved', async () => {
  const browser = await launch({ width: 1280, height: 900 }, { args: [...FAKE_CAMERA, `--use-file-for-fake-video-capture=${camera}`] });
  try {
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (err) => errors.push(String(err)));
    await page.goto(server.url);
    await page.waitForSelector('nav.views button');
    // Open Scan and point the camera: the puzzle is read once its grid holds still.
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan a puzzle' });
    await page.waitForFunction(() => /^Read from the picture/.test(document.querySelector('#status').textContent), null, { timeout: 20_000 });
    const solve = dialog.getByRole('button', { name: 'Solve on the paper' });
    await solve.waitFor();
    const givens = await page.$$eval('table.board td', (tds) => tds.map((td) => (td.dataset.source === 'given' ? td.dataset.value : '.')).join(''));
    assert.equal(givens, NEWSPAPER, 'the printed puzzle is on the board');
    const resting = await overlay(page);
    assert.deepEqual([resting.digits, resting.frames], ['.'.repeat(81), 0]);
    assert.equal(resting.state, await page.locator('#status').getAttribute('data-state'));

    // Solve on the paper: the run's digits settle on the printed page.
    await recordFrameGaps(page);
    await solve.click();
    await page.waitForFunction(() => document.querySelector('.scan canvas.overlay').dataset.state === 'running');
    const during = await frameRate(page, 1500, 'running');
    const gaps = await takeFrameGaps(page);
    const midRun = await overlay(page);
    assert.equal(midRun.state, await page.locator('#status').getAttribute('data-state'));
    const drawnMidRun = assertOnThePaper(midRun);
    await page.waitForFunction(() => document.querySelector('.scan canvas.overlay').dataset.state !== 'running', null, { timeout: 90_000 });
    const end = await overlay(page);
    assert.equal(end.state, 'solved');
    assert.equal(await page.locator('#status').getAttribute('data-state'), 'solved');
    assert.ok([...end.digits].every((d, i) => (d === '.') === (NEWSPAPER[i] !== '.')), 'every open cell, and only those, gets a digit');
    assert.ok(valid([...end.digits].map((d, i) => (d === '.' ? NEWSPAPER[i] : d)).join('')), 'the givens and the drawn digits solve the puzzle');
    assertOnThePaper(end);
    // Solved: the next step is Done, which keeps the puzzle and its solution on the board.
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Done');
    const again = dialog.getByRole('button', { name: 'Solve again' });
    assert.ok(await again.isEnabled(), 'the run can be watched again');
    const afterRun = await frameRate(page, 1500, 'solved');
    console.log(
      `on the paper, 640×480: ${during.toFixed(1)} frames a second during the run, ${afterRun.toFixed(1)} after it; ` +
        `${drawnMidRun} digits drawn mid-run; median frame interval ${percentile(gaps, 50).toFixed(1)} ms, longest ${Math.max(...gaps).toFixed(0)} ms`,
    );
    // The goal is 20 frames a second; on a machine so loaded that the page itself keeps only 30
    // (the test machines are shared), half of that.
    const floor = percentile(gaps, 50) <= 17.5 ? 20 : 10;
    assert.ok(during >= floor, `${during} frames a second during the run`);
    assert.ok(afterRun >= floor, `${afterRun} frames a second after it`);
    // The page stays responsive: 30 frames a second at least, never frozen.
    assert.ok(percentile(gaps, 50) <= 34, `median frame interval ${percentile(gaps, 50)} ms`);
    assert.ok(Math.max(...gaps) < 500, `the page froze for ${Math.max(...gaps)} ms`);

    // The phone turns away: no grid, nothing drawn, until it comes back.
    await page.evaluate(() => {
      const video = document.querySelector('.scan video');
      const blank = Object.assign(document.createElement('canvas'), { width: 640, height: 480 });
      const g = blank.getContext('2d');
      window.paint = setInterval(() => {
        g.fillStyle = `rgb(${200 + Math.random() * 4}, 190, 170)`;
        g.fillRect(0, 0, 640, 480);
      }, 30);
      window.camera = video.srcObject;
      video.srcObject = blank.captureStream(30);
    });
    await page.waitForFunction(() => /Point the camera/.test(document.querySelector('#scan-status').textContent));
    const away = await overlay(page);
    assert.ok(away.inked.every((ink) => ink === null), 'nothing is drawn with no grid in view');
    await page.waitForTimeout(500);
    assert.equal((await overlay(page)).frames, away.frames, 'the drawing pauses');
    await page.evaluate(() => {
      clearInterval(window.paint);
      document.querySelector('.scan video').srcObject = window.camera;
    });
    await page.waitForFunction((n) => Number(document.querySelector('.scan canvas.overlay').dataset.frames) > n + 5, away.frames);
    assertOnThePaper(await overlay(page));

    // Again, stopped half way: Stop works as the toolbar's; then Cancel closes the view.
    await again.click();
    const stop = dialog.getByRole('button', { name: 'Stop' });
    await page.waitForFunction(() => document.querySelector('.scan canvas.overlay').dataset.state === 'running');
    await stop.click();
    await page.waitForFunction(() => document.querySelector('.scan canvas.overlay').dataset.state === 'stopped');
    assert.equal(await page.locator('#status').getAttribute('data-state'), 'stopped');
    await solve.click();
    await page.waitForFunction(() => document.querySelector('.scan canvas.overlay').dataset.state === 'running');
    // Escape closes the view and ends the run asked for on the paper.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'stopped');
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    // Cancel, or Done if the camera's grid was read already: either closes the view.
    await dialog.getByRole('button', { name: /^(Cancel|Done)$/ }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
