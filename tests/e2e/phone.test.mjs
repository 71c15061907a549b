// The first five minutes on a 390×844 touch phone (issue 23): entering a newspaper puzzle with
// the pad, seeing mistakes, watching a run cool, and a big board's run that stops at its limit.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, launchPhone, openPage, pick } from './harness.mjs';
import { cellInput, NEWSPAPER, settled } from './sudoku.mjs';


let server, phone, desktop;
before(async () => {
  server = await serveDist();
  phone = await launchPhone();
  desktop = await launch();
});
after(async () => {
  await phone?.close();
  await desktop?.close();
  await server?.close();
});

/** The board as a puzzle line, `.` for blanks. */
function boardLine(page) {
  return page.$$eval('table.board td', (tds) => tds.map((td) => td.dataset.value || '.').join(''));
}

/** The one selected cell and the focused one: they must agree. */
function selection(page) {
  return page.evaluate(() => ({
    selected: [...document.querySelectorAll('td.selected input')].map((i) => i.id),
    focused: document.activeElement?.id ?? null,
  }));
}

async function pad(page, key) {
  await page.getByRole('group', { name: 'Digit pad' }).getByRole('button', { name: key, exact: true }).tap();
  await settled(page);
}

async function tapCell(page, index) {
  await cellInput(page, index).tap();
  await settled(page);
}

test('the newspaper puzzle entered with the pad alone, one slip erased and one undone', async () => {
  const { page, errors } = await openPage(phone.context, server.url);
  assert.equal(await cellInput(page, 0).getAttribute('inputmode'), 'none', 'the pad is the keyboard');
  let at = null;
  for (let i = 0; i < 81; i++) {
    const digit = NEWSPAPER[i];
    if (digit === '.') continue;
    if (at !== i) await tapCell(page, i);
    if (i === 0) {
      // A slip: the wrong digit, then back to it and Erase.
      await pad(page, '9');
      const moved = await selection(page);
      assert.deepEqual(moved, { selected: ['cell-1'], focused: 'cell-1' }, 'one selection, where the ring is');
      await tapCell(page, 0);
      await pad(page, 'Erase');
      assert.equal(await cellInput(page, 0).inputValue(), '', 'Erase erases the tapped cell');
      assert.deepEqual(await selection(page), { selected: ['cell-0'], focused: 'cell-0' });
    }
    if (i === 4) {
      await pad(page, '8');
      await page.getByRole('button', { name: 'Undo', exact: true }).tap();
      await settled(page);
      assert.equal(await cellInput(page, 4).inputValue(), '', 'Undo takes the slip back');
      await tapCell(page, 4);
    }
    await pad(page, digit);
    const { selected, focused } = await selection(page);
    assert.equal(selected.length, 1, `one selected cell after cell ${i}`);
    assert.equal(selected[0], focused, 'the selection is where the focus ring is');
    at = Number(focused.slice('cell-'.length));
  }
  assert.equal(await boardLine(page), NEWSPAPER);
  assert.deepEqual(errors, []);
  await page.close();
});

/** Tap a cell, tap a wrong digit on the pad, tap Erase: the slip goes and nothing else changes. */
async function slipAndErase(page, index, digit) {
  const before = await boardLine(page);
  await tapCell(page, index);
  await pad(page, digit);
  assert.equal(await cellInput(page, index).inputValue(), digit, 'the slip is in');
  await pad(page, 'Erase');
  assert.equal(await cellInput(page, index).inputValue(), '', 'Erase took the slip back');
  assert.equal(await boardLine(page), before, 'the other cells are as they were');
  assert.deepEqual(await selection(page), { selected: [`cell-${index}`], focused: `cell-${index}` }, 'back on the cell');
}

test('Erase right after a wrong digit takes it back, on an empty board', async () => {
  const { page, errors } = await openPage(phone.context, server.url);
  await slipAndErase(page, 20, '6');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Erase right after a wrong digit takes it back, over a loaded puzzle', async () => {
  const { page, errors } = await openPage(phone.context, `${server.url}?p=${NEWSPAPER}`);
  await page.waitForSelector('#status[data-state=idle]');
  await slipAndErase(page, 2, '9');
  assert.equal(await boardLine(page), NEWSPAPER);
  assert.deepEqual(errors, []);
  await page.close();
});

test('typed row by row on a desktop with . for blanks, the same puzzle', async () => {
  const { page, errors } = await openPage(desktop.context, server.url);
  await cellInput(page, 0).click();
  await page.keyboard.type(NEWSPAPER, { delay: 15 });
  await settled(page);
  assert.equal(await boardLine(page), NEWSPAPER);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a repeated digit marks both cells, and a running annealer marks its conflicts', async () => {
  const { page, errors } = await openPage(phone.context, server.url);
  await tapCell(page, 0);
  await pad(page, '4');
  await tapCell(page, 8);
  await pad(page, '4');
  const marked = await page.$$eval('td[data-conflict] input', (inputs) => inputs.map((i) => i.id));
  assert.deepEqual(marked, ['cell-0', 'cell-8']);

  await page.goto(`${server.url}?p=${NEWSPAPER}`);
  await page.waitForSelector('#status[data-state=idle]');
  // Counted inside the page on every animation frame, from Solve to solved.
  await page.evaluate(() => {
    window.watch = { frames: 0, start: 0, end: 0, conflicts: 0 };
    const tick = (t) => {
      const state = document.getElementById('status').dataset.state;
      if (state === 'running') {
        window.watch.frames += 1;
        window.watch.start ||= t;
        if (document.querySelector('td[data-conflict][data-source=solver]')) window.watch.conflicts += 1;
      }
      if (state === 'solved') window.watch.end = t;
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.getByRole('button', { name: 'Solve', exact: true }).tap();
  // What is happening, in plain words, under the status line.
  assert.match(await page.locator('p.progress').textContent(), /Temperature [0-9.]+, lowered step by step: .* broken rules? left/);
  await page.waitForFunction(() => window.watch.end > 0, null, { timeout: 60_000 });
  const watched = await page.evaluate(() => window.watch);
  assert.ok(watched.frames >= 100, `the run animates for at least 100 frames: ${JSON.stringify(watched)}`);
  assert.ok(watched.end - watched.start >= 2000, `and at least 2 s: ${JSON.stringify(watched)}`);
  assert.ok(watched.conflicts > 0, `the annealer's conflicting cells are marked: ${JSON.stringify(watched)}`);

  await pick(page, 'Speed', 'max');
  await page.getByRole('button', { name: 'Solve', exact: true }).tap();
  await page.waitForSelector('#status[data-state=solved]');
  const message = await page.locator('#status').textContent();
  const seconds = Number(/Solved in ([0-9.]+) s/.exec(message)?.[1]);
  assert.ok(seconds < 0.2, `as fast as possible still solves it at once: ${message}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a 25×25 run stops at its time limit and names a solver that works there', async () => {
  // The 2019 demo's annealer: the tuned one, watched, may fill an empty 25×25 board in about
  // the limit's 5 s, and a solved run is not one that ran out of time.
  const { page, errors } = await openPage(phone.context, `${server.url}?size=25&s=ising-faithful`);
  await pick(page, 'Time limit', '5');
  await page.getByRole('button', { name: 'Solve', exact: true }).tap();
  await page.waitForSelector('#status[data-state=running]');
  await page.waitForSelector('#status[data-state=stopped]', { timeout: 20_000 });
  const message = await page.locator('#status').textContent();
  assert.match(message, /5 s limit/);
  assert.match(message, /Exact search/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('after New puzzle on a phone the board and the progress line are in view', async () => {
  const { page, errors } = await openPage(phone.context, server.url);
  const button = page.getByRole('button', { name: 'New puzzle', exact: true });
  await button.scrollIntoViewIfNeeded();
  await button.tap();
  const seen = await page.evaluate(() => {
    const board = document.querySelector('table.board').getBoundingClientRect();
    const status = document.getElementById('status').getBoundingClientRect();
    return { board: board.top, status: status.bottom, height: window.innerHeight };
  });
  assert.ok(seen.board >= -1 && seen.status <= seen.height, JSON.stringify(seen));
  await page.waitForSelector('#status[data-state=idle]', { timeout: 20_000 });
  assert.match(await page.locator('#status').textContent(), /puzzle/i);
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a phone, upright, sideways or 320 px wide, the solver menu shows each solver\'s name whole', async () => {
  const { page, errors } = await openPage(phone.context, `${server.url}?p=${NEWSPAPER}`);
  const menu = page.getByRole('combobox', { name: 'Solver to run' });
  const values = await menu.locator('option').evaluateAll((os) => os.map((o) => o.value));
  for (const [width, height, value] of [[390, 844], [844, 390], [320, 640]].flatMap(([w, h]) => values.map((v) => [w, h, v]))) {
    await page.setViewportSize({ width, height });
    await menu.selectOption(value);
    // The chosen name's width in the menu's font, against the menu's room beside its arrow.
    const seen = await menu.evaluate((select) => {
      const context = document.createElement('canvas').getContext('2d');
      context.font = getComputedStyle(select).font;
      const name = select.selectedOptions[0];
      return { name: name.textContent, full: name.title, text: context.measureText(name.textContent).width, room: select.clientWidth - 28 };
    });
    assert.ok(seen.text <= seen.room, `${value} is cut at ${width}×${height}: ${JSON.stringify(seen)}`);
    assert.ok(seen.full.length >= seen.name.length, `${value}'s full name is its tooltip: ${JSON.stringify(seen)}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('the Spins view says when the solver has no spins instead of a legend for none', async () => {
  const { page, errors } = await openPage(desktop.context, `${server.url}?p=${NEWSPAPER}`);
  await page.getByRole('radio', { name: 'Spins' }).check();
  assert.match(await page.locator('.spin-legend').innerText(), /once a run starts/);
  await page.getByLabel('Solver to run').selectOption('exact');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForSelector('#status[data-state=solved]');
  assert.match(await page.locator('.spin-legend').innerText(), /no spins to draw/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a phone Share says "Link copied" on the screen, by its button', async () => {
  const { page, errors } = await openPage(phone.context, `${server.url}?p=${NEWSPAPER}`);
  await page.getByRole('button', { name: 'Settings' }).tap();
  await page.getByRole('button', { name: 'Share', exact: true }).tap();
  const note = page.locator('#share-note');
  await page.waitForFunction(() => document.getElementById('share-note').textContent !== '');
  // A short note: the link itself is in the clipboard, not spelled out across the screen.
  assert.equal(await note.innerText(), 'Link copied.');
  const box = await note.boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= 844, `the note is on the screen: ${JSON.stringify(box)}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a phone nothing moves when a run starts: the tagline keeps its line', async () => {
  const { page, errors } = await openPage(phone.context, `${server.url}?p=${NEWSPAPER}`);
  const tops = () =>
    page.evaluate(() => ['.tagline', 'button.solve', 'table.board'].map((s) => document.querySelector(s)?.getBoundingClientRect().top));
  const rest = await tops();
  await page.getByRole('button', { name: 'Solve', exact: true }).tap();
  await page.waitForSelector('#status[data-state=running]');
  assert.deepEqual(await tops(), rest, 'the tagline, Solve and the board where they were');
  assert.ok(await page.locator('.tagline').isVisible());
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a phone nothing moves when a run ends, stopped or solved', async () => {
  const { page, errors } = await openPage(phone.context, `${server.url}?p=${NEWSPAPER}`);
  const where = () =>
    page.evaluate(() => {
      const top = (selector) => document.querySelector(selector)?.getBoundingClientRect().top;
      return { scroll: scrollY, solve: top('button.solve'), board: top('table.board'), plot: top('.watch .plot canvas') };
    });
  const solve = page.getByRole('button', { name: 'Solve', exact: true });
  for (const end of ['stopped', 'solved']) {
    await solve.tap();
    await page.waitForSelector('.watch .plot canvas', { timeout: 20_000 });
    const during = await where();
    await page.evaluate(() => {
      window.shifts = 0;
      new PerformanceObserver((list) => list.getEntries().forEach((e) => (window.shifts += e.value))).observe({ type: 'layout-shift' });
    });
    if (end === 'stopped') await page.getByRole('button', { name: 'Stop', exact: true }).tap();
    await page.waitForSelector(`#status[data-state=${end}]`, { timeout: 60_000 });
    await page.waitForTimeout(300);
    assert.deepEqual(await where(), during, `where things are, ${end}`);
    assert.equal(await page.evaluate(() => window.shifts), 0, `no layout shift, ${end}`);
    assert.ok(await page.getByRole('button', { name: 'New puzzle', exact: true }).isEnabled(), 'New puzzle is at hand');
  }
  assert.deepEqual(errors, []);
  await page.close();
});
