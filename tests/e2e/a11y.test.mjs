// axe-core's WCAG 2.1 A and AA rules in every view, light and dark, on a desktop and a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { serveDist, launch, openPage, pick, openSettings, closeSettings } from './harness.mjs';
import { NEWSPAPER } from './sudoku.mjs';

// A puzzle whose first step is a finned X-Wing: a pattern, and a candidate struck.
const CHEESE = '.2..5.7..4..1....68....3...2....8..3.4..2.5.....6...1...2.9.....9......57.4...9..';
const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let server;
before(async () => {
  server = await serveDist();
});
after(async () => {
  await server?.close();
});

/** The violations axe finds on the page as it stands, one line each. */
async function violations(page) {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0].target.join(' ')} (${v.nodes[0].failureSummary.split('\n')[1]?.trim()})`);
  });
  return found;
}

for (const [device, viewport, options] of [
  ['desktop', { width: 1280, height: 900 }, {}],
  ['phone', { width: 390, height: 844 }, { isMobile: true, hasTouch: true }],
]) {
  for (const colorScheme of ['light', 'dark']) {
    test(`no WCAG 2.1 A/AA violation in any view: ${device}, ${colorScheme}`, async () => {
      // A fake camera, allowed without asking, for the Scan view.
      const args = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];
      const browser = await launch(viewport, { ...options, colorScheme, args });
      try {
        const { page, errors } = await openPage(browser.context, `${server.url}?p=${NEWSPAPER}`);
        const found = {};
        found.solver = await violations(page);
        // The settings sheet, open over the page.
        await openSettings(page);
        found.settings = await violations(page);
        await closeSettings(page);
        // A hint: its pattern and the cells its step changes, a candidate struck, over the marks.
        const hinted = await openPage(browser.context, `${server.url}?p=${CHEESE}`);
        await hinted.page.getByRole('checkbox', { name: 'Pencil marks' }).check();
        await hinted.page.getByRole('button', { name: 'Hint', exact: true }).click();
        await hinted.page.waitForSelector('td[data-hint=pattern]');
        found.hint = await violations(hinted.page);
        assert.deepEqual(hinted.errors, []);
        await hinted.page.close();
        await page.getByRole('checkbox', { name: 'Pencil marks' }).check();
        // Pencil marks, the user's own marks and progress, and an entry Check found wrong.
        await page.locator('#cell-2').click();
        await page.keyboard.press('q');
        await page.keyboard.type('1');
        await page.locator('#cell-3').click();
        await page.keyboard.press('q');
        await page.keyboard.type('1');
        await page.getByRole('button', { name: 'Check', exact: true }).click();
        await page.waitForSelector('td[data-wrong]');
        found.marks = await violations(page);
        await page.getByRole('button', { name: 'Undo', exact: true }).click();
        await page.getByRole('button', { name: 'Scan', exact: true }).click();
        await page.waitForFunction(() => document.querySelector('.scan video')?.videoWidth > 0);
        found.scan = await violations(page);
        await page.getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('radio', { name: 'Spins' }).check();
        await pick(page, 'Speed', 'max');
        await page.getByRole('button', { name: 'Solve', exact: true }).click();
        await page.waitForSelector('#status[data-state=solved]');
        found.solved = await violations(page);
        for (const view of ['Race', 'Benchmark']) {
          await page.getByRole('button', { name: view, exact: true }).click();
          await page.waitForTimeout(500);
          found[view] = await violations(page);
        }
        for (const [view, list] of Object.entries(found)) assert.deepEqual(list, [], `${view}: ${list.join('; ')}`);
        assert.deepEqual(errors, []);
      } finally {
        await browser.close();
      }
    });
  }
}
