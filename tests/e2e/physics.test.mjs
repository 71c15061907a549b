// The physics on screen: the Digits/Spins switch, each cell's spins, the live plot, dark mode,
// and the built app served under a sub-path as static hosts publish it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage, useApp, stopIfRunning, withPage as harnessWithPage, pick, openSettings } from './harness.mjs';
import { isSolutionOf, readCells, pasteInto, cellInput, settled } from './sudoku.mjs';

const app = useApp();

const withPage = (path, body, context = app.browser.context) =>
  harnessWithPage(context, app.server.url + path, body);

const spinsOf = (page) => page.$$eval('table.board td', (tds) => tds.map((td) => td.dataset.spins ?? null));
const solve = (page) => page.getByRole('button', { name: 'Solve', exact: true }).click();

test('Digits and Spins are a pair of radio buttons, Digits first and chosen', async () => {
  await withPage('', async (page) => {
    const digits = page.getByRole('radio', { name: 'Digits', exact: true });
    const spins = page.getByRole('radio', { name: 'Spins', exact: true });
    assert.ok(await digits.isChecked());
    assert.ok(!(await spins.isChecked()));
    await spins.check();
    assert.ok(await spins.isChecked());
    assert.ok(!(await digits.isChecked()));
  });
});

test('while the faithful annealer runs every cell carries its spins, in both views, drawn as dots in Spins', async () => {
  await withPage(`?p=${app.inkala.puzzle}&s=ising-faithful`, async (page) => {
    assert.ok((await spinsOf(page)).every((s) => s === null), 'no spins before a run');
    await solve(page);
    await page.waitForSelector('[role=status][data-state="running"]');
    await page.waitForFunction(() => document.querySelector('td[data-spins]'));
    // Spins and digits of one frame, read together.
    const frame = await page.$$eval('table.board td', (tds) =>
      tds.map((td) => ({ spins: td.dataset.spins, value: td.dataset.value })),
    );
    assert.ok(frame.every((c) => /^[01]{9}$/.test(c.spins)), `Digits view: ${frame[0].spins}`);
    // A cell's digit is the one spin up, where exactly one is.
    frame.forEach((c, i) => {
      if (c.spins.split('1').length === 2 && app.inkala.puzzle[i] === '.') {
        assert.equal(c.value, String(c.spins.indexOf('1') + 1), `cell ${i}`);
      }
    });
    let spins;
    await page.getByRole('radio', { name: 'Spins', exact: true }).check();
    await settled(page);
    const first = await spinsOf(page);
    assert.equal(await page.locator('td >> .spins').count(), 81);
    const dots = await page.locator('td').first().locator('.spin').count();
    assert.equal(dots, 9, 'one spin per digit');
    // The spins change from frame to frame while it is hot.
    await page.waitForFunction((before) => {
      const now = [...document.querySelectorAll('table.board td')].map((td) => td.dataset.spins);
      return now.some((s, i) => s !== before[i]);
    }, first);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.waitForSelector('[role=status][data-state="stopped"]');
    spins = await spinsOf(page);
    assert.ok(spins.every((s) => /^[01]{9}$/.test(s)), 'spins stay after the run');
  });
});

test('the tuned annealer solves with its spins on screen: one up per cell, givens clamped', async () => {
  await withPage(`?p=${app.inkala.puzzle}&s=ising`, async (page) => {
    await page.getByRole('radio', { name: 'Spins', exact: true }).check();
    await solve(page);
    await page.waitForSelector('[role=status][data-state="solved"]', { timeout: 60_000 });
    const cells = await readCells(page);
    const grid = cells.map((c) => c.value).join('');
    assert.ok(isSolutionOf(grid, app.inkala.puzzle), grid);
    const spins = await spinsOf(page);
    spins.forEach((s, i) => {
      assert.equal(s.indexOf('1') + 1, Number(grid[i]), `cell ${i}`);
      assert.equal(s.split('1').length, 2, `one spin up in cell ${i}`);
    });
    const given = page.locator('td').first();
    assert.equal(await given.locator('.spin.up.clamped').count(), 1, "a given's spin is clamped");
    assert.equal(await given.locator('.spin.absent').count(), 8, 'a given can take no other digit');
  });
});

test('on 25×25 the canvas follows a run and the cells take its state when it stops', async () => {
  await withPage('?size=25&s=ising', async (page) => {
    await pick(page, 'Speed', '50000');
    await solve(page);
    // One frame's canvas and cells, read together while the run goes on.
    const during = await page.waitForFunction(() => {
      const canvas = document.querySelector('canvas.spin-canvas');
      if (!canvas || document.getElementById('status').dataset.state !== 'running') return null;
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let inked = 0;
      for (let i = 3; i < data.length; i += 4) inked += data[i] > 0 ? 1 : 0;
      if (inked === 0) return null;
      const solver = [...document.querySelectorAll('td[data-source=solver]')];
      return {
        inked,
        solverCells: solver.length,
        withValue: solver.filter((td) => td.dataset.value || td.querySelector('input').value).length,
        withSpins: document.querySelectorAll('td[data-spins]').length,
      };
    }, null, { polling: 'raf' }).then((handle) => handle.jsonValue());
    assert.ok(during.solverCells > 0, JSON.stringify(during));
    assert.equal(during.withValue, 0, 'a running solver\'s digits are on the canvas only');
    assert.equal(during.withSpins, 0, 'and so are its spins');
    await stopIfRunning(page);
    await page.waitForFunction(() => document.getElementById('status').dataset.state !== 'running');
    const after = await page.$$eval('table.board td', (tds) => ({
      withSpins: tds.filter((td) => td.dataset.spins?.length === 25).length,
      solverValues: tds.filter((td) => td.dataset.source === 'solver' && td.dataset.value && td.querySelector('input').value === td.dataset.value).length,
    }));
    assert.equal(after.withSpins, 625, 'every cell takes its spins when the run ends');
    assert.ok(after.solverValues > 0, JSON.stringify(after));
  });
});

test('on 25×25 the spins drawn on the canvas follow the board when the window narrows', async () => {
  await withPage('?size=25&s=ising', async (page) => {
    await page.getByRole('radio', { name: 'Spins', exact: true }).check();
    await solve(page);
    await page.waitForSelector('[role=status][data-state="running"]');
    await stopIfRunning(page);
    await page.waitForFunction(() => document.getElementById('status').dataset.state !== 'running');
    // The canvas's size and the far edges of the board's last column and row, measured from the
    // canvas's corner, in CSS pixels (rounded: the cells' boxes are fractional).
    const widths = () => page.evaluate(() => {
      const canvas = document.querySelector('canvas.spin-canvas');
      const at = canvas.getBoundingClientRect();
      const last = document.getElementById('cell-624').parentElement.getBoundingClientRect();
      return {
        canvas: Math.round(parseFloat(canvas.style.width)),
        cells: Math.round(last.right - at.left),
        canvasHeight: Math.round(parseFloat(canvas.style.height)),
        rows: Math.round(last.bottom - at.top),
        table: document.querySelector('table.board').offsetWidth,
      };
    });
    await settled(page);
    const wide = await widths();
    assert.equal(wide.canvas, wide.cells, JSON.stringify(wide));
    assert.equal(wide.canvasHeight, wide.rows, `the canvas must cover every row: ${JSON.stringify(wide)}`);
    await page.setViewportSize({ width: 640, height: 900 });
    await page.waitForFunction((before) => document.querySelector('table.board').offsetWidth !== before, wide.table);
    await settled(page);
    const narrow = await widths();
    assert.notEqual(narrow.table, wide.table);
    assert.equal(narrow.canvas, narrow.cells, `stale canvas after a resize: ${JSON.stringify(narrow)}`);
    // The dots take the other scheme's colours too.
    const inks = () => page.evaluate(() => {
      const canvas = document.querySelector('canvas.spin-canvas');
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      const seen = new Set();
      for (let i = 0; i < data.length; i += 4) if (data[i + 3] === 255) seen.add(data.slice(i, i + 3).join());
      return [...seen].sort();
    });
    const light = await inks();
    await page.emulateMedia({ colorScheme: 'dark' });
    await settled(page);
    // The redraw follows the scheme's change event, which a loaded machine may deliver late.
    let dark = await inks();
    for (let wait = 0; wait < 30 && JSON.stringify(dark) === JSON.stringify(light); wait++) {
      await page.waitForTimeout(100);
      dark = await inks();
    }
    assert.ok(light.length > 0 && dark.length > 0);
    assert.notDeepEqual(dark, light, 'the canvas kept the light colours');
  });
});

test('the exact search carries no spins', async () => {
  await withPage(`?p=${app.inkala.puzzle}&s=exact`, async (page) => {
    await pick(page, 'Speed', 'max');
    await solve(page);
    await page.waitForSelector('[role=status][data-state="solved"]');
    assert.ok((await spinsOf(page)).every((s) => s === null));
  });
});

test('the live plot is an image described in words, and it follows the run', async () => {
  await withPage(`?p=${app.inkala.puzzle}&s=ising-faithful`, async (page) => {
    await solve(page);
    const plot = page.getByRole('img', { name: /^Plot/ });
    await plot.waitFor();
    await page.waitForFunction(() => /over [1-9]\d* ticks/.test(document.querySelector('canvas').getAttribute('aria-label')));
    const label = await plot.getAttribute('aria-label');
    assert.match(label, /^Plot of energy and temperature over \d+ ticks/);
    // Something was drawn: the canvas is not blank.
    const inked = await plot.evaluate((canvas) => {
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 3; i < data.length; i += 4) n += data[i] > 0 ? 1 : 0;
      return n;
    });
    assert.ok(inked > 500, `only ${inked} pixels drawn`);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
  });
});

test('the plot is readable on a 320 px phone', async () => {
  const phone = await launch({ width: 320, height: 700 });
  try {
    await withPage(`?p=${app.inkala.puzzle}&s=exact`, async (page) => {
      await solve(page);
      const plot = page.getByRole('img', { name: /^Plot/ });
      await plot.waitFor();
      const box = await plot.boundingBox();
      assert.ok(box.width >= 250 && box.width <= 320, `plot is ${box.width} px wide`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0, 'horizontal scroll');
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
    }, phone.context);
  } finally {
    await phone.close();
  }
});

/** WCAG contrast ratio of two `rgb(r, g, b)` colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('dark mode: the solved message is legible, and a selected cell keeps its "no digit" outline', async () => {
  const dark = await launch({ width: 1280, height: 900 }, { colorScheme: 'dark' });
  try {
    await withPage(`?p=${app.inkala.puzzle}&s=exact`, async (page) => {
      await pick(page, 'Speed', 'max');
      await solve(page);
      await page.waitForSelector('[role=status][data-state="solved"]');
      const [fg, bg] = await page.evaluate(() => [
        getComputedStyle(document.getElementById('status')).color,
        getComputedStyle(document.body).backgroundColor,
      ]);
      assert.ok(contrast(fg, bg) >= 4.5, `solved message contrast ${contrast(fg, bg).toFixed(2)} (${fg} on ${bg})`);
    }, dark.context);
    await withPage(`?p=${app.inkala.puzzle}&s=ising-faithful`, async (page) => {
      // Cells with no spin up are rare enough that a test cannot wait for one: select a blank
      // cell and give it the class the page gives such cells, then look at both outlines.
      const index = app.inkala.puzzle.indexOf('.');
      await cellInput(page, index).click();
      await settled(page);
      const td = page.locator('table.board td').nth(index);
      assert.match(await td.getAttribute('class'), /selected/);
      await td.evaluate((el) => el.classList.add('nodigit'));
      const [shadow, outline] = await td.evaluate((el) => [
        getComputedStyle(el).boxShadow,
        getComputedStyle(el).outlineStyle,
      ]);
      assert.notEqual(shadow, 'none', 'the selection shows');
      assert.equal(outline, 'solid', 'the "no digit" outline shows too');
    }, dark.context);
  } finally {
    await dark.close();
  }
});

test('served under a sub-path, the app loads every asset from there, solves, and shares links there', async () => {
  const sub = await serveDist('/games/ising-sudoku/');
  const launched = await launch();
  const { context } = launched;
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(sub.url).origin });
    const { page, errors } = await openPage(context, `${sub.url}?p=${app.inkala.puzzle}&s=exact`);
    await pick(page, 'Speed', 'max');
    await solve(page);
    await page.waitForSelector('[role=status][data-state="solved"]');
    const grid = (await readCells(page)).map((c) => c.value).join('');
    assert.ok(isSolutionOf(grid, app.inkala.puzzle));
    const sheet = await openSettings(page);
    await sheet.getByRole('button', { name: 'Share', exact: true }).click();
    await page.waitForFunction(() => /copied/.test(document.getElementById('share-note').textContent));
    const shared = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(shared.startsWith(`${sub.url}?p=`), shared);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const outside = sub.requested.filter((p) => !p.startsWith('/games/ising-sudoku/') && p !== '/favicon.ico');
    assert.deepEqual(outside, [], 'requests outside the sub-path');
    assert.ok(sub.requested.some((p) => p.endsWith('.wasm')));
    assert.ok(sub.requested.some((p) => p.endsWith('manifest.webmanifest')));
    assert.ok(sub.requested.some((p) => p.endsWith('sw.js')));
    assert.deepEqual(errors, []);
  } finally {
    await launched.close();
    await sub.close();
  }
});
