// Ad hoc (not committed): screenshots of the Scan view states this branch touches.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveDist, launch, root } from './harness.mjs';
import { FAKE_CAMERA } from './camera.mjs';
import { printedPhoto } from './printed.mjs';
import { cellInput } from './sudoku.mjs';

const WRONG_PRINT = '532.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const QUAD = [[150, 50], [490, 70], [470, 440], [170, 420]];
const OUT = '/tmp/scanui2_shots';
const server = await serveDist();
const work = await mkdtemp(join(tmpdir(), 'shots-'));
const renderer = await launch();
const file = join(work, 'cam.mjpeg');
await writeFile(file, await printedPhoto(await renderer.context.newPage(), WRONG_PRINT, QUAD));
await renderer.close();
const photo = await readFile(join(root, 'tests', 'data', 'photos', 'image1.jpg'));
const layouts = { phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }, desk: { viewport: { width: 1280, height: 800 } } };
for (const [name, layout] of Object.entries(layouts)) {
  for (const scheme of ['light', 'dark']) {
    const tag = `${name}_${scheme}`;
    const browser = await launch(layout.viewport, { ...layout, colorScheme: scheme, args: [...FAKE_CAMERA, `--use-file-for-fake-video-capture=${file}`] });
    try {
      const page = await browser.context.newPage();
      await page.goto(server.url);
      await page.waitForSelector('nav.views button');
      const dialog = page.getByRole('dialog', { name: 'Scan a puzzle' });
      await page.getByRole('button', { name: 'Scan', exact: true }).click();
      await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'invalid', null, { timeout: 30_000 });
      await page.screenshot({ path: `${OUT}/${tag}_1_read_misprint.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await cellInput(page, 2).click();
      await page.keyboard.type('4');
      await page.getByRole('button', { name: 'Scan', exact: true }).click();
      await page.waitForFunction(() => /^The board's corrections are kept\..*Puzzle read/.test(document.querySelector('#scan-status').textContent), null, { timeout: 30_000 });
      await page.screenshot({ path: `${OUT}/${tag}_2_kept.png` });
      await dialog.getByRole('button', { name: 'Solve on the paper' }).click();
      await page.waitForFunction(() => /broken rules? left/.test(document.querySelector('#scan-status').textContent), null, { timeout: 30_000 });
      await page.waitForTimeout(700);
      await page.screenshot({ path: `${OUT}/${tag}_3_running.png` });
      await dialog.getByRole('button', { name: 'Stop' }).click();
      await page.waitForFunction(() => document.querySelector('.scan canvas.overlay')?.dataset.state === 'stopped');
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${OUT}/${tag}_4_stopped.png` });
      await dialog.getByRole('button', { name: 'Read again' }).click();
      await dialog.getByRole('button', { name: 'Capture' }).waitFor();
      await page.screenshot({ path: `${OUT}/${tag}_5_read_again.png` });
      await dialog.getByRole('button', { name: 'Solve on the paper' }).waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      const thumb = await page.evaluate(async (src) => {
        const bitmap = await createImageBitmap(await (await fetch(src)).blob());
        const canvas = Object.assign(document.createElement('canvas'), { width: 160, height: 200 });
        canvas.getContext('2d').drawImage(bitmap, 0, 0, 160, 200);
        return canvas.toDataURL('image/jpeg', 0.85).split(',')[1];
      }, `data:image/jpeg;base64,${photo.toString('base64')}`);
      await page.getByLabel('Open a photo', { exact: true }).setInputFiles({ name: 't.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(thumb, 'base64') });
      await page.waitForFunction(() => /Your entries are kept\.$|Puzzle loaded/.test(document.querySelector('#status').textContent), null, { timeout: 20_000 });
      await page.screenshot({ path: `${OUT}/${tag}_6_thumbnail.png` });
      console.log(tag, await page.locator('#status').innerText());
    } catch (e) {
      console.log(tag, 'FAILED', e.message.split('\n')[0]);
    } finally {
      await browser.close();
    }
  }
}
await server.close();
