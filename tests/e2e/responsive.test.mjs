// The page's thread only draws and dispatches: the referee and New puzzle work in the page's
// worker, so typing into a 25×25 board with random givens, pasting a whole 25×25 puzzle and
// making a new one leave no task on the page's thread longer than 50 ms (the Long Tasks API
// reports exactly those).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, withPage } from './harness.mjs';

const app = useApp();
const DIGITS = '123456789ABCDEFGHIJKLMNOP';

/** A 25×25 puzzle of random givens: a solution grid (shifted rows of boxes, digits relabelled),
 * each cell kept with probability `share`, drawn from a fixed seed. */
function randomGivens(seed, share) {
  let state = seed;
  const draw = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const label = [...DIGITS];
  for (let i = label.length - 1; i > 0; i--) {
    const j = Math.floor(draw() * (i + 1));
    [label[i], label[j]] = [label[j], label[i]];
  }
  let puzzle = '';
  for (let r = 0; r < 25; r++) {
    for (let c = 0; c < 25; c++) {
      const digit = label[(5 * (r % 5) + Math.floor(r / 5) + c) % 25];
      puzzle += draw() < share ? digit : '.';
    }
  }
  return puzzle;
}

/** Starts collecting the durations of the page's long tasks from now on. */
const watchLongTasks = (page) =>
  page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const task of list.getEntries()) window.longTasks.push(Math.round(task.duration));
    }).observe({ type: 'longtask' });
  });

const cell = (page, index) =>
  page.getByRole('textbox', { name: `Row ${Math.floor(index / 25) + 1}, column ${(index % 25) + 1}`, exact: true });

const says = (page, pattern, timeout = 10_000) =>
  page.waitForFunction((source) => new RegExp(source).test(document.getElementById('status').textContent), pattern, { timeout });

test('typing and pasting on a 25×25 board and New puzzle there leave no task over 50 ms', async () => {
  const puzzle = randomGivens(7, 0.4);
  await withPage(app.browser.context, `${app.server.url}?size=25&p=${puzzle}`, async (page) => {
    await says(page, 'Press Solve|has more than one|Could not decide');
    await watchLongTasks(page);
    // Digits typed into the first empty cells, as a person types them.
    const empty = [...puzzle].flatMap((c, i) => (c === '.' ? [i] : [])).slice(0, 12);
    for (const [n, index] of empty.entries()) {
      await cell(page, index).click();
      await page.keyboard.press(DIGITS[n % 25]);
    }
    // A whole other puzzle pasted: the referee looks at it in the worker.
    const other = randomGivens(8, 0.4);
    await cell(page, 0).evaluate((el, text) => {
      const data = new DataTransfer();
      data.setData('text', text);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, other);
    await says(page, 'Press Solve|has more than one|Could not decide|no solution');
    await page.getByRole('button', { name: 'New puzzle' }).click();
    await says(page, '^New |No puzzle of that level', 240_000);
    const tasks = await page.evaluate(() => window.longTasks);
    assert.deepEqual(tasks, [], `long tasks on the page's thread (ms): ${tasks.join(', ')}`);
  });
});
