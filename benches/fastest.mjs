// The newspaper puzzle solved "as fast as possible" in the page, seven times on a 390×844 touch phone
// and a 1280×800 desktop: `node benches/fastest.mjs` after `trunk build --release --features diagnostics`.
import { serveDist, launch, openPage, pick } from '../tests/e2e/harness.mjs';
const server = await serveDist();
const P = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
for (const [device, viewport, opts] of [['phone', { width: 390, height: 844 }, { isMobile: true, hasTouch: true }], ['desktop', { width: 1280, height: 800 }, {}]]) {
  const browser = await launch(viewport, opts);
  const { page } = await openPage(browser.context, `${server.url}?p=${P}`);
  await pick(page, 'Speed', 'max');
  const times = [];
  for (let i = 0; i < 7; i++) {
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForSelector('#status[data-state=solved]');
    times.push(Number(/Solved in ([0-9.]+) s/.exec(await page.locator('#status').textContent())[1]));
    await page.getByRole('textbox', { name: 'Row 1, column 3', exact: true }).click();
    await page.keyboard.type('4'); await page.keyboard.press('Backspace');
  }
  times.sort((a, b) => a - b);
  console.log(device, 'as fast as possible, newspaper, 7 runs, s:', times.join(' '), 'median', times[3]);
  await browser.close();
}
await server.close();
