// Screenshots to look at by eye, every device and colour scheme: at rest, the settings sheet, a run
// and its end, then the Scan view solving on the paper (a rendered photo of a printed puzzle on
// the fake camera). `node tests/screens.mjs OUT_DIR [QUERY]` after a trunk build
// (DEVICE=phone|desktop, SCHEME=light|dark narrow it down; PAPER=only skips the rest).
import { writeFile } from 'node:fs/promises';
import { serveDist, launch, openPage } from './e2e/harness.mjs';
import { printedPhoto } from './e2e/printed.mjs';
const out = process.argv[2] ?? '/tmp/shots';
const query = process.argv[3] ?? '?p=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const server = await serveDist();
const camera = `${out}/printed.mjpeg`;
{
  const renderer = await launch();
  const puzzle = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
  await writeFile(camera, await printedPhoto(await renderer.context.newPage(), puzzle, [[150, 50], [490, 70], [470, 440], [170, 420]]));
  await renderer.close();
}
const fakeCamera = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${camera}`];
for (const [device, viewport, options] of [
  ['phone', { width: 390, height: 844 }, { isMobile: true, hasTouch: true }],
  ['desktop', { width: 1280, height: 800 }, {}],
]) {
  if (process.env.DEVICE && process.env.DEVICE !== device) continue;
  for (const colorScheme of (process.env.SCHEME ?? 'light,dark').split(',')) {
    const browser = await launch(viewport, { ...options, colorScheme, args: fakeCamera });
    const name = `${out}/${device}-${colorScheme}`;
    if (process.env.PAPER === 'only') {
      await paper(browser, name);
      continue;
    }
    const { page, errors } = await openPage(browser.context, server.url + query);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${name}-1rest.png` });
    await page.screenshot({ path: `${name}-1rest-full.png`, fullPage: true });
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${name}-2settings.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${name}-3run.png` });
    await page.waitForSelector('#status:not([data-state=running])', { timeout: 60000 });
    await page.screenshot({ path: `${name}-4end.png` });
    console.log(name, 'errors', errors);
    await paper(browser, name);
  }
}
await server.close();

/** The Scan view on an empty page: the puzzle read, Solve on the paper mid-run and at its end. */
async function paper(browser, name) {
  const { page, errors } = await openPage(browser.context, server.url);
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  const solve = page.getByRole('button', { name: 'Solve on the paper' });
  await solve.waitFor({ timeout: 20000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${name}-5read.png` });
  await solve.click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${name}-6paper.png` });
  await page.waitForSelector('canvas.overlay:not([data-state=running]):not([data-state=checking])', { timeout: 60000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${name}-7paper-end.png` });
  console.log(name, 'paper errors', errors);
  await browser.close();
}
