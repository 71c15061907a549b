// Scan and Open a photo (issue 24): Chromium's fake camera plays a picture, the page finds the
// grid and reads it into the board (the view stays, offering Solve on the paper: paper.test.mjs);
// a picture without a grid, a file that is not an image and a refused camera each keep the
// entries and say so; the camera is released when the view closes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveDist, launch, openPage, root, recordFrameGaps, takeFrameGaps, percentile } from './harness.mjs';
import { NEWSPAPER } from './sudoku.mjs';
import { asJpeg, cameraPlaying, watchCameraAndWorkers, cameraReleased, givens, datPuzzle } from './camera.mjs';

const PHOTO = join(root, 'tests', 'data', 'photos', 'image1.jpg');

let server, work, blankJpeg;
const withCamera = (jpeg, allow) => cameraPlaying(work, jpeg, allow);
before(async () => {
  server = await serveDist();
  work = await mkdtemp(join(tmpdir(), 'ising-sudoku-scan-'));
  blankJpeg = await asJpeg(null);
});
after(async () => {
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

async function openScan(browser, query = `?p=${NEWSPAPER}`) {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  await watchCameraAndWorkers(page);
  await page.goto(server.url + query);
  await page.waitForSelector('nav.views button');
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  return { page, errors };
}

test('Scan shows the camera live; Capture with no grid in view says so and keeps the camera on to try again', async () => {
  const browser = await withCamera(blankJpeg);
  try {
    const { page, errors } = await openScan(browser);
    await page.getByRole('dialog', { name: 'Scan a puzzle' }).waitFor();
    await page.waitForFunction(() => document.querySelector('.scan video')?.videoWidth > 0);
    assert.match(await page.locator('#scan-status').innerText(), /Point the camera/);
    // The preview looks for a grid frame after frame while the page keeps its frame rate.
    await recordFrameGaps(page);
    const posted = await page.evaluate(() => window.posted);
    await page.waitForTimeout(3000);
    const gaps = await takeFrameGaps(page);
    const looks = (await page.evaluate(() => window.posted)) - posted;
    const size = await page.evaluate(() => [document.querySelector('.scan video').videoWidth, document.querySelector('.scan video').videoHeight]);
    console.log(`preview ${size.join('×')}: median frame interval ${percentile(gaps, 50).toFixed(1)} ms, ${(looks / 3).toFixed(1)} looks for a grid per second`);
    assert.ok(percentile(gaps, 50) <= 17.5, `median frame interval ${percentile(gaps, 50)} ms`);
    assert.ok(looks / 3 >= 15, `${looks / 3} looks a second`);
    const board = await page.locator('#status').innerText();
    const capture = page.getByRole('button', { name: 'Capture' });
    await capture.click();
    // The view stays on the live camera and says what to do, so the person tries again at once.
    await page.waitForFunction(() => /^No grid found/.test(document.querySelector('#scan-status').textContent));
    assert.match(await page.locator('#scan-status').innerText(), /^No grid found: hold the puzzle flat, fill the frame with it, and light it evenly\. Then press Capture again\.$/);
    assert.ok(await page.getByRole('dialog', { name: 'Scan a puzzle' }).isVisible());
    assert.ok(!(await cameraReleased(page)), 'the camera stays on');
    assert.equal(await page.locator('#status').innerText(), board, 'the board says nothing new');
    const again = await page.evaluate(() => window.posted);
    await page.waitForFunction((n) => window.posted > n + 5, again);
    assert.ok(await capture.isEnabled(), 'Capture can be pressed again');
    await capture.click();
    await page.waitForFunction(() => /^No grid found/.test(document.querySelector('#scan-status').textContent));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.equal(await givens(page), NEWSPAPER);
    assert.ok(await cameraReleased(page), 'the camera is stopped when the view closes');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('Cancel or Escape closes the Scan view at once and releases the camera; Tab stays in the view', async () => {
  const browser = await withCamera(blankJpeg);
  try {
    const { page, errors } = await openScan(browser);
    await page.waitForFunction(() => document.querySelector('.scan video')?.videoWidth > 0);
    assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Cancel', 'the focus is in the view');
    // Tab on from the last button, round the view: the focus never reaches the page behind it
    // (the browser's own controls may take a turn), and Escape closes the view from anywhere.
    const outside = () => page.evaluate(() => {
      const at = document.activeElement;
      return at && at !== document.body && !at.closest('.scan') ? at.outerHTML.slice(0, 80) : null;
    });
    for (let k = 0; k < 6; k++) {
      await page.keyboard.press('Tab');
      assert.equal(await outside(), null, `Tab ${k + 1} left the view`);
    }
    await page.keyboard.press('Shift+Tab');
    assert.equal(await outside(), null, 'Shift+Tab left the view');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.ok(await cameraReleased(page));
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('.scan video')?.videoWidth > 0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.ok(await cameraReleased(page));
    assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Scan', 'the focus is back on Scan');
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('.scan video')?.videoWidth > 0);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.ok(await cameraReleased(page));
    assert.equal(await givens(page), NEWSPAPER);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('a refused camera keeps the entries, says so and offers the photo input', async () => {
  const browser = await withCamera(blankJpeg, false);
  try {
    const { page, errors } = await openScan(browser);
    const words = /^The camera was not allowed, so nothing was scanned; open a photo instead\. Your entries are kept\.$/;
    await page.waitForFunction(() => /not allowed/.test(document.querySelector('#scan-status')?.textContent));
    assert.match(await page.locator('#scan-status').innerText(), words);
    assert.match(await page.locator('#status').innerText(), words);
    await page.getByRole('button', { name: 'Open a photo instead' }).waitFor();
    // A card over the page, the board in sight around it, not an empty screen.
    const [card, screen] = await page.evaluate(() => [
      document.querySelector('dialog.scan').getBoundingClientRect().toJSON(),
      { width: innerWidth, height: innerHeight },
    ]);
    assert.ok(card.width < 0.7 * screen.width && card.height < 0.7 * screen.height, JSON.stringify({ card, screen }));
    assert.ok(await page.locator('table.board').isVisible());
    await page.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await givens(page), NEWSPAPER);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('Open a photo: a picture with no grid, and a file that is not an image, keep the entries and say so', async () => {
  const browser = await launch();
  try {
    const { page, errors } = await openPage(browser.context, `${server.url}?p=${NEWSPAPER}`);
    const input = page.getByLabel('Open a photo', { exact: true });
    assert.equal(await input.getAttribute('accept'), 'image/*');
    await input.setInputFiles({ name: 'page.jpg', mimeType: 'image/jpeg', buffer: blankJpeg });
    await page.waitForFunction(() => /No grid found/.test(document.querySelector('#status').textContent));
    assert.equal(await givens(page), NEWSPAPER);
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await page.waitForFunction(() => /not an image/.test(document.querySelector('#status').textContent));
    assert.equal(await page.locator('#status').innerText(), 'That file is not an image the browser can open. Your entries are kept.');
    assert.equal(await givens(page), NEWSPAPER);
    // An image pasted onto the page or dropped on the board is read the same way.
    for (const event of ['paste', 'drop']) {
      await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
      await page.waitForFunction(() => /not an image/.test(document.querySelector('#status').textContent));
      await page.evaluate(async ([event, base64]) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const data = new DataTransfer();
        data.items.add(new File([bytes], 'page.jpg', { type: 'image/jpeg' }));
        const init = { bubbles: true, cancelable: true };
        const fired = event === 'paste'
          ? new ClipboardEvent('paste', { ...init, clipboardData: data })
          : new DragEvent('drop', { ...init, dataTransfer: data });
        document.querySelector('table.board').dispatchEvent(fired);
      }, [event, blankJpeg.toString('base64')]);
      await page.waitForFunction(() => /No grid found/.test(document.querySelector('#status').textContent));
    }
    // Text pasted into a cell is still a puzzle.
    await page.locator('#cell-0').evaluate((cell, line) => {
      const data = new DataTransfer();
      data.setData('text', line);
      cell.dispatchEvent(new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: data }));
    }, '4' + '.'.repeat(80));
    await page.waitForFunction(() => document.querySelector('table.board td').dataset.value === '4');
    assert.equal(await givens(page), '4' + '.'.repeat(80));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('a 50-megapixel photo is scaled down and read without freezing the page', async () => {
  const browser = await launch();
  try {
    const { page, errors } = await openPage(browser.context, `${server.url}?p=${NEWSPAPER}`);
    await page.evaluate(async () => {
      const canvas = new OffscreenCanvas(8192, 6144);
      const g = canvas.getContext('2d');
      g.fillStyle = '#eee';
      g.fillRect(0, 0, 8192, 6144);
      g.fillStyle = '#222';
      g.font = '120px serif';
      for (let y = 200; y < 6000; y += 300) g.fillText('Plain words of a huge photo, with no grid.', 200, y);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
      const data = new DataTransfer();
      data.items.add(new File([blob], 'huge.jpg', { type: 'image/jpeg' }));
      window.huge = data.files;
    });
    await recordFrameGaps(page);
    await page.waitForTimeout(300);
    await takeFrameGaps(page);
    const started = Date.now();
    await page.evaluate(() => {
      const input = document.querySelector('#photo');
      input.files = window.huge;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.waitForFunction(() => /No grid found/.test(document.querySelector('#status').textContent), null, { timeout: 30_000 });
    const gaps = await takeFrameGaps(page);
    console.log(`8192×6144 photo: read in ${Date.now() - started} ms, longest frame interval ${Math.max(...gaps).toFixed(0)} ms`);
    assert.ok(Math.max(...gaps) < 500, `the page froze for ${Math.max(...gaps)} ms`);
    assert.equal(await givens(page), NEWSPAPER);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});


test('Open a photo reads a newspaper photo into the grid as givens', async () => {
  const browser = await launch();
  try {
    const { page, errors } = await openPage(browser.context, server.url);
    await page.getByLabel('Open a photo', { exact: true }).setInputFiles(PHOTO);
    await page.waitForFunction(() => /^Read from the picture/.test(document.querySelector('#status').textContent), null, { timeout: 20_000 });
    assert.equal(await givens(page), await datPuzzle(PHOTO));
    const unsure = await page.$$eval('table.board input[data-unsure]', (xs) => xs.length);
    assert.match(await page.locator('#status').innerText(), unsure ? new RegExp(`check the ${unsure} marked cell`) : /^Read from the picture: type over any digit read wrong\./);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('with a camera live, Scan offers a photo file too, and reads the one chosen', async () => {
  const browser = await withCamera(blankJpeg);
  try {
    const { page, errors } = await openScan(browser, '');
    await page.waitForFunction(() => document.querySelector('.scan video')?.videoWidth > 0);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('dialog', { name: 'Scan a puzzle' }).getByRole('button', { name: 'Open a photo' }).click(),
    ]);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.ok(await cameraReleased(page), 'the camera is stopped when the photo is chosen');
    await chooser.setFiles(PHOTO);
    await page.waitForFunction(() => /^Read from the picture/.test(document.querySelector('#status').textContent), null, { timeout: 20_000 });
    assert.equal(await givens(page), await datPuzzle(PHOTO));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('Scan reads the puzzle a camera shows once its grid holds still', async () => {
  const browser = await withCamera(await asJpeg(await readFile(PHOTO)));
  try {
    const { page, errors } = await openScan(browser, '');
    await page.waitForFunction(() => document.querySelector('.scan video')?.videoWidth > 0);
    await recordFrameGaps(page);
    const [posted, started] = [await page.evaluate(() => window.posted), Date.now()];
    await page.waitForFunction(() => /^Read from the picture/.test(document.querySelector('#status').textContent), null, { timeout: 20_000 });
    // The view stays, to offer the run on the paper; Done closes it with the puzzle read.
    await page.getByRole('button', { name: 'Solve on the paper' }).waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const looks = (await page.evaluate(() => window.posted)) - posted;
    const gaps = await takeFrameGaps(page);
    console.log(`preview with a grid in view: ${((1000 * looks) / (Date.now() - started)).toFixed(1)} looks a second, median frame interval ${percentile(gaps, 50).toFixed(1)} ms`);
    assert.equal(await givens(page), await datPuzzle(PHOTO));
    assert.ok(await cameraReleased(page));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('on a phone, the buttons under a read puzzle fill the rows they wrap to', async () => {
  const browser = await cameraPlaying(work, await asJpeg(await readFile(PHOTO)), true, { width: 390, height: 844 });
  try {
    const { page, errors } = await openScan(browser, '');
    await page.getByRole('button', { name: 'Solve on the paper' }).waitFor({ timeout: 20_000 });
    const rows = await page.locator('.scan .controls').evaluate((controls) => {
      const box = controls.getBoundingClientRect();
      const byTop = new Map();
      for (const button of controls.querySelectorAll('button')) {
        const r = button.getBoundingClientRect();
        const row = byTop.get(Math.round(r.top)) ?? { left: Infinity, right: -Infinity, names: [] };
        row.left = Math.min(row.left, r.left);
        row.right = Math.max(row.right, r.right);
        row.names.push(button.textContent.trim());
        byTop.set(Math.round(r.top), row);
      }
      return [...byTop.values()].map((row) => ({ ...row, from: row.left - box.left, to: box.right - row.right }));
    });
    assert.ok(rows.length >= 2, `the four buttons wrap on a phone: ${JSON.stringify(rows)}`);
    for (const row of rows) {
      assert.ok(Math.abs(row.from) <= 1 && Math.abs(row.to) <= 1, `a row spans the view: ${JSON.stringify(row)}`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('a grid the camera cuts off is outlined as cut, said so, and not read', async () => {
  const browser = await withCamera(await asJpeg(await readFile(PHOTO), 0.25));
  try {
    const { page, errors } = await openScan(browser);
    await page.waitForFunction(() => /^Part of the grid is out of view/.test(document.querySelector('#scan-status').textContent), null, { timeout: 10_000 });
    const board = await page.locator('#status').innerText();
    // Held still for longer than a whole grid takes to be read, it is still not read.
    await page.waitForTimeout(3000);
    assert.match(await page.locator('#scan-status').innerText(), /^Part of the grid is out of view: fit all of it in\./);
    assert.equal(await page.getByRole('button', { name: 'Solve on the paper' }).count(), 0);
    assert.equal(await page.locator('#status').innerText(), board, 'the board is as it was');
    assert.equal(await givens(page), NEWSPAPER);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
