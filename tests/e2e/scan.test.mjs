// Scan and Open a photo (issue 24): Chromium's fake camera plays a picture, the page finds the
// grid and reads it into the board (the view stays, offering Solve on the paper: paper.test.mjs);
// a picture without a grid, a file that is not an image and a refused camera each keep the
// entries and say so; the camera is released when the view closes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveDist, launch, openPage, root, recordFrameGaps, takeFrameGaps, percentile } from './harness.mjs';
import { cameraFrames } from './camera.mjs';

const NEWSPAPER = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const PHOTO = join(root, 'tests', 'data', 'photos', 'image1.jpg');
const FAKE_CAMERA = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

let server, work, blankJpeg;
before(async () => {
  server = await serveDist();
  work = await mkdtemp(join(tmpdir(), 'ising-sudoku-scan-'));
  blankJpeg = await asJpeg(null);
});
after(async () => {
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

/** `image` (bytes, or null for a page of text) as the fake camera's 640×480 frame. */
async function asJpeg(image) {
  const [frame] = await cameraFrames([image]);
  return frame;
}

/** Chromium whose fake camera plays `jpeg`; `allow`: the camera is allowed without asking. */
async function withCamera(jpeg, allow = true) {
  const file = join(work, `camera-${Math.random().toString(36).slice(2)}.mjpeg`);
  await writeFile(file, jpeg);
  const args = [...(allow ? FAKE_CAMERA : FAKE_CAMERA.slice(1)), `--use-file-for-fake-video-capture=${file}`];
  return launch({ width: 1280, height: 900 }, { args });
}

/** Keeps every camera stream the page opens, and counts the messages posted to workers. */
async function watchCameraAndWorkers(page) {
  await page.addInitScript(() => {
    window.streams = [];
    window.posted = 0;
    const open = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices);
    if (open) {
      navigator.mediaDevices.getUserMedia = async (wanted) => {
        const stream = await open(wanted);
        window.streams.push(stream);
        return stream;
      };
    }
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (...args) {
      window.posted += 1;
      return post.apply(this, args);
    };
  });
}

/** Whether every camera track the page opened has ended. */
function cameraReleased(page) {
  return page.evaluate(() => window.streams.every((s) => s.getTracks().every((t) => t.readyState === 'ended')));
}

/** The givens on the board as a puzzle line. */
function givens(page) {
  return page.$$eval('table.board td', (tds) => tds.map((td) => (td.dataset.source === 'given' ? td.dataset.value : '.')).join(''));
}

/** The puzzle of a photo's `.dat` (two lines about the phone, then nine rows; 0 is a blank). */
async function datPuzzle(photo) {
  const text = await readFile(photo.replace(/\.jpg$/, '.dat'), 'utf8');
  const rows = text.trim().split('\n').slice(-9);
  return rows.map((r) => r.trim().split(/\s+/).join('')).join('').replace(/0/g, '.');
}

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

test('Scan shows the camera live; a frame with no grid keeps the entries, says so and releases the camera', async () => {
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
    await page.getByRole('button', { name: 'Capture' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.match(await page.locator('#status').innerText(), /^No grid found: .* Your entries are kept\.$/);
    assert.equal(await givens(page), NEWSPAPER);
    assert.ok(await cameraReleased(page), 'the camera is stopped when the view closes');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('Cancel or Escape closes the Scan view at once and releases the camera', async () => {
  const browser = await withCamera(blankJpeg);
  try {
    const { page, errors } = await openScan(browser);
    await page.waitForFunction(() => document.querySelector('.scan video')?.videoWidth > 0);
    assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Cancel', 'the focus is in the view');
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
    assert.match(await page.locator('#status').innerText(), unsure ? new RegExp(`check the ${unsure} marked cell`) : /^Read from the picture\./);
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
    // The view stays, to offer the run on the paper; Cancel closes it with the puzzle read.
    await page.getByRole('button', { name: 'Solve on the paper' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
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
