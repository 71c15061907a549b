// No input breaks the page: what users type, paste and click, and what links carry, each gets
// the right state and message, no console error, and no second run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, withPage, inSettings, openSettings, closeSettings } from './harness.mjs';
import { cellInput, NEWSPAPER, pasteInto, readCells, settled } from './sudoku.mjs';

const app = useApp();

const status = (page) => page.locator('[role=status]');
const state = (page) => status(page).getAttribute('data-state');

test('emoji, right-to-left text and other scripts typed or pasted into cells are refused in words', async () => {
  await withPage(app.browser.context, `${app.server.url}?p=${app.inkala.puzzle}`, async (page) => {
    const before = await readCells(page);
    for (const text of ['😀', '\u202e5', '٣', '五', '<b>', '🇫🇷']) {
      await cellInput(page, 1).fill(text);
      await settled(page);
      assert.notEqual(await page.locator('#hint').textContent(), '', text);
      await pasteInto(page, 2, `${text}`.repeat(81));
      await settled(page);
      assert.match(await page.locator('#hint').textContent(), /not a puzzle|digit|one digit/, text);
    }
    assert.deepEqual(await readCells(page), before, 'no entry changed');
    assert.equal(await page.locator('b').count(), 0, 'nothing rendered as markup');
  });
});

test('a 1 MB link, and every size and rule set from a link, load with the right state', async () => {
  // No server takes a 1 MB address (this one answers 431, as static hosts do), so it arrives as
  // a history entry, read on Back as any link is.
  await withPage(app.browser.context, `${app.server.url}?p=${app.inkala.puzzle}`, async (page) => {
    await page.evaluate(() => {
      history.pushState({}, '', `?p=${'1'.repeat(1 << 20)}`);
      history.pushState({}, '', '?p=1');
      history.back();
    });
    await page.waitForFunction(() => /too long/.test(document.querySelector('[role=status]').textContent));
    assert.equal((await readCells(page)).filter((c) => c.value).length, 0);
  });
  for (const size of [4, 6, 9, 16, 25]) {
    for (const rules of ['', 'x', 'windoku', 'anti-king', 'anti-knight', 'x,windoku,anti-king,anti-knight']) {
      const url = `${app.server.url}?size=${size}${rules ? `&rules=${rules}` : ''}&p=1`;
      await withPage(app.browser.context, url, async (page) => {
        assert.equal(await page.locator('table.board td').count(), size * size, url);
        // One character for a board of more: named, nothing loaded, the page usable.
        assert.match(await status(page).textContent(), /could not be read|Type a puzzle/, url);
        if (size === 6 && rules.includes('windoku')) {
          assert.match(await status(page).textContent(), /square boxes/, url);
        }
      });
    }
  }
});

test('clicking Solve fast never starts two runs, and Stop, Clear, edits and Back leave one consistent state', async () => {
  const { inkala } = app;
  await withPage(app.browser.context, `${app.server.url}?p=${inkala.puzzle}&s=ising-faithful`, async (page) => {
    const solve = page.getByRole('button', { name: 'Solve', exact: true });
    // Ten clicks as fast as the browser takes them: one run, with one seed.
    await page.evaluate(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Solve');
      for (let i = 0; i < 10; i++) button.click();
    });
    await page.waitForSelector('[role=status][data-state="running"]');
    const seed = async () => page.$$eval('.stats div', (ds) => ds.find((d) => d.querySelector('dt').textContent === 'Seed')?.querySelector('dd').textContent);
    // The run's figures come with its first report from the worker.
    await page.waitForFunction(() => [...document.querySelectorAll('.stats dt')].some((d) => d.textContent === 'Seed'));
    const first = await seed();
    await page.waitForTimeout(300);
    assert.equal(await seed(), first, 'still the first run');
    assert.equal(await solve.isDisabled(), true);
    // Editing during a run is refused: the cells are read-only, a key typed changes nothing, and
    // the solver, board size and rules cannot be switched.
    assert.notEqual(await cellInput(page, 1).getAttribute('readonly'), null);
    await cellInput(page, 1).press('5');
    assert.equal(await seed(), first, 'a key typed during the run starts nothing');
    assert.ok(await page.$$eval('input[name=solver], input[name=rule]', (xs) => xs.every((x) => x.disabled)));
    const sheet = await openSettings(page);
    assert.equal(await sheet.getByRole('combobox', { name: 'Board size' }).isDisabled(), true);
    await closeSettings(page);
    // Stop, then at once Solve and Stop again: stopped, the givens as they were.
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    assert.equal(await state(page), 'stopped');
    await solve.click();
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    assert.equal(await state(page), 'stopped');
    const givens = (await readCells(page)).filter((c) => c.source === 'given').length;
    assert.equal(givens, [...inkala.puzzle].filter((c) => c !== '.').length);
    // Clear during a run: empty board, idle, no run left drawing.
    await solve.click();
    await inSettings(page, (sheet) => sheet.getByRole('button', { name: 'Clear', exact: true }).click());
    assert.equal(await state(page), 'idle');
    await page.waitForTimeout(200);
    assert.ok((await readCells(page)).every((c) => !c.value), 'nothing drawn after Clear');
    // Back brings the puzzle again, idle; a run, then Back during it: the run ends.
    await page.goBack();
    await page.waitForFunction(() => document.querySelectorAll('td[data-source="given"]').length > 0);
    assert.equal(await state(page), 'idle');
    await solve.click();
    await page.goForward();
    await settled(page);
    assert.notEqual(await state(page), 'running');
    // Switching view during a run stops it, as Stop does; back, the board says it stopped.
    await page.goBack();
    await page.waitForFunction(() => document.querySelectorAll('td[data-source="given"]').length > 0);
    await solve.click();
    await page.getByRole('button', { name: 'Benchmark', exact: true }).click();
    await page.getByRole('button', { name: 'Solver', exact: true }).click();
    await page.waitForSelector('table.board input');
    assert.equal(await state(page), 'stopped');
  });
});

test('from the keyboard alone: Enter on Solve leaves the focus on Stop, Escape stops the run, one Tab crosses the board', async () => {
  await withPage(app.browser.context, `${app.server.url}?p=${NEWSPAPER}&s=ising-faithful`, async (page) => {
    const [solve, stop] = ['Solve', 'Stop'].map((name) => page.getByRole('button', { name, exact: true }));
    await solve.focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('#status[data-state="running"]');
    await page.waitForFunction(() => document.activeElement?.textContent === 'Stop');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#status[data-state="stopped"]');
    await page.waitForFunction(() => document.activeElement?.textContent === 'Solve');
    // Escape stops a run wherever the focus is, and leaves a cell's focus where it was.
    await page.keyboard.press('Enter');
    await page.waitForSelector('#status[data-state="running"]');
    await cellInput(page, 2).focus();
    await page.keyboard.press('Escape');
    await page.waitForSelector('#status[data-state="stopped"]');
    assert.ok(await cellInput(page, 2).evaluate((cell) => cell === document.activeElement), 'the cell keeps the focus');
    assert.ok(await stop.isDisabled());
    // The board is one stop in the Tab order: End and Home move along the row, Tab leaves the
    // board in one press and Shift Tab comes back to the cell it left.
    await page.keyboard.press('End');
    assert.ok(await cellInput(page, 8).evaluate((cell) => cell === document.activeElement), 'End: the row\'s last cell');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    assert.ok(await cellInput(page, 9).evaluate((cell) => cell === document.activeElement), 'Home, then down');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.closest('table.board')), null, 'Tab leaves the board');
    await page.keyboard.press('Shift+Tab');
    assert.ok(await cellInput(page, 9).evaluate((cell) => cell === document.activeElement), 'Shift Tab comes back');
  });
});
