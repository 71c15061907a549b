// Screenshots to look at by eye, every device and colour scheme: at rest, the settings sheet, a run
// and its end. `node tests/screens.mjs OUT_DIR [QUERY]` after a trunk build (DEVICE=phone|desktop,
// SCHEME=light|dark narrow it down).
import { serveDist, launch, openPage } from './e2e/harness.mjs';
const out = process.argv[2] ?? '/tmp/shots';
const query = process.argv[3] ?? '?p=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const server = await serveDist();
for (const [device, viewport, options] of [
  ['phone', { width: 390, height: 844 }, { isMobile: true, hasTouch: true }],
  ['desktop', { width: 1280, height: 800 }, {}],
]) {
  if (process.env.DEVICE && process.env.DEVICE !== device) continue;
  for (const colorScheme of (process.env.SCHEME ?? 'light,dark').split(',')) {
    const browser = await launch(viewport, { ...options, colorScheme });
    const { page, errors } = await openPage(browser.context, server.url + query);
    const name = `${out}/${device}-${colorScheme}`;
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
    await browser.close();
  }
}
await server.close();
