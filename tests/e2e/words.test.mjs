// The single-solver view in plain words: each solver's plain name and line, the recommended one
// marked, the physics folded under "How it works", "What does the plot show?" and "What do the dots mean?" beside the plot and
// the spins, figures that read as a label over a value, notes that follow the board, and no stale
// status, figures or hints. Part of it on a 390×844 touch phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchPhone, useApp, withPage, pick, openSettings } from './harness.mjs';
import { cellInput, settled } from './sudoku.mjs';

const app = useApp();

const solverRadio = (page, name) => page.locator(`input[name="solver"][value="${name}"]`);
const solve = (page) => page.getByRole('button', { name: 'Solve', exact: true }).click();
const says = (page, state, timeout = 60_000) =>
  page.waitForSelector(`[role=status][data-state="${state}"]`, { timeout });

/** A 25×25 puzzle: a solution of shifted rows of boxes, two cells in five kept. */
function bigPuzzle() {
  const digits = '123456789ABCDEFGHIJKLMNOP';
  let puzzle = '';
  for (let r = 0; r < 25; r++) {
    for (let c = 0; c < 25; c++) puzzle += (7 * r + 13 * c) % 5 >= 2 ? '.' : digits[(5 * (r % 5) + Math.floor(r / 5) + c) % 25];
  }
  return puzzle;
}

/** The listed figures, label to value, and whether any two of them overlap on screen or a value
 * spills out of its figure. */
const readFigures = (page) =>
  page.$$eval('dl.stats > div', (divs) => {
    const boxes = divs.map((d) => d.getBoundingClientRect());
    const overlap = boxes.some((a, i) =>
      boxes.some((b, j) => i < j && a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1),
    );
    const spill = divs.some((d, i) =>
      [...d.children].some((child) => {
        const box = child.getBoundingClientRect();
        return box.left < boxes[i].left - 1 || box.right > boxes[i].right + 1;
      }),
    );
    const figures = Object.fromEntries(divs.map((d) => [d.querySelector('dt').textContent, d.querySelector('dd').textContent]));
    return { figures, overlap, spill };
  });

test('each solver has a plain name and line as its description, the default marked recommended', async () => {
  await withPage(app.browser.context, app.server.url, async (page) => {
    const radios = await page.$$eval('input[name="solver"]', (inputs) =>
      inputs.map((input) => ({
        value: input.value,
        name: input.closest('label').textContent,
        description: document.getElementById(input.getAttribute('aria-describedby'))?.textContent ?? '',
      })),
    );
    assert.ok(radios.length >= 10, JSON.stringify(radios));
    for (const radio of radios) {
      assert.ok(radio.description.length > 30, `${radio.value} has a plain line: ${JSON.stringify(radio)}`);
      assert.doesNotMatch(radio.name, /QUBO|Ising|one-hot|faithful/, `${radio.value} is named plainly`);
    }
    const recommended = radios.filter((r) => r.name.includes('recommended'));
    assert.deepEqual(
      recommended.map((r) => r.value),
      ['ising'],
    );
    assert.ok(await solverRadio(page, 'ising').isChecked(), 'the recommended solver is the one chosen');
    // Beside Solve the plain name alone, so that it is never cut; the sheet says which is
    // recommended.
    const chosen = await page.getByRole('combobox', { name: 'Solver to run' }).locator('option:checked').textContent();
    assert.equal(chosen, 'Annealing (tuned)');
    const sheet = await openSettings(page);
    const shaken = await sheet.getByRole('radio', { name: /Annealing \(tuned\)/ }).getAttribute('value');
    assert.equal(shaken, 'ising');
    // The physics stays, folded as the detail.
    const how = sheet.locator('details.how');
    assert.equal(await how.locator('summary').textContent(), 'How it works');
    assert.match(await how.locator('.about').textContent(), /spin per cell and digit/);
  });
});

test('the notes and the maker follow the board: no 9×9 counts on 25×25, "minimal" only when proved', async () => {
  await withPage(app.browser.context, `${app.server.url}?size=25`, async (page) => {
    const notes = await (await openSettings(page)).innerText();
    assert.doesNotMatch(notes, /729|no given to spare/);
  });
  await withPage(app.browser.context, `${app.server.url}?size=9`, async (page) => {
    await pick(page, 'Difficulty', 'easy');
    await page.getByRole('button', { name: 'New puzzle' }).click();
    await page.waitForFunction(() => /^New /.test(document.getElementById('status').textContent), null, { timeout: 60_000 });
    const text = await page.locator('body').innerText();
    const minimal = /no given to spare/.test(text);
    const unproved = /Not every given was proved necessary/.test(text);
    assert.ok(minimal !== unproved, `said exactly one of the two: ${text}`);
  });
});

test('after another solver is chosen the last run\'s status and figures stay; a hint goes with the next good key', async () => {
  await withPage(app.browser.context, `${app.server.url}?p=${app.inkala.puzzle}`, async (page) => {
    await pick(page, 'Speed', 'max');
    await solve(page);
    await says(page, 'solved');
    assert.ok((await page.locator('dl.stats > div').count()) > 0);
    // A figure whose label wraps keeps its value level with its row's.
    const rows = await page.$$eval('dl.stats > div', (divs) => {
      const byTop = {};
      for (const d of divs) (byTop[Math.round(d.getBoundingClientRect().top)] ??= []).push(Math.round(d.querySelector('dd').getBoundingClientRect().bottom));
      return Object.values(byTop);
    });
    for (const row of rows) assert.equal(new Set(row).size, 1, `values of a row end at ${row}`);
    await page.getByRole('combobox', { name: 'Solver to run' }).selectOption('exact');
    await settled(page);
    // The board still shows the run, so what is said of it stays until the next run or edit.
    assert.match(await page.getByRole('status').textContent(), /Solved/);
    assert.ok((await page.locator('dl.stats > div').count()) > 0, 'the run\'s figures stay');

    const empty = [...app.inkala.puzzle].indexOf('.');
    await cellInput(page, empty).click();
    await page.keyboard.type('x');
    await settled(page);
    assert.match(await page.locator('#hint').textContent(), /'x' is not a digit/);
    await page.keyboard.type('4');
    await settled(page);
    assert.equal(await page.locator('#hint').textContent(), '');
  });
});

test('on a phone: plain figures that never run together, explained plot and spins, no zeros mid-run', async () => {
  const phone = await launchPhone();
  try {
    await withPage(phone.context, `${app.server.url}?p=${app.inkala.puzzle}&s=ising`, async (page) => {
      await page.getByRole('radio', { name: 'Spins', exact: true }).check();
      await solve(page);
      await page.waitForSelector('dl.stats > div');
      const running = await readFigures(page);
      assert.ok(!running.overlap && !running.spill, JSON.stringify(running));
      assert.ok('Flips per second' in running.figures, JSON.stringify(running.figures));
      assert.match(running.figures['Computing per tick'] ?? '', /^\d+\.\d\d ms$/);
      assert.ok(Object.keys(running.figures).every((name) => !/\/s$|cost/.test(name)), JSON.stringify(running.figures));

      const spins = page.locator('details.explain[data-explains="spins"]');
      await spins.locator('summary').tap();
      assert.match(await spins.innerText(), /filled dot[\s\S]*square dot is fixed/i);
      const plot = page.locator('details.explain[data-explains="plot"]');
      assert.equal(await plot.locator('summary').textContent(), 'What does the plot show?');
      assert.equal(await spins.locator('summary').textContent(), 'What do the dots mean?');
      await plot.locator('summary').tap();
      const words = await plot.innerText();
      assert.match(words, /Energy \(left scale\): how badly the rules are broken/);
      assert.match(words, /Temperature \(right scale\):[^\n]*falls/);
      await says(page, 'solved');
    });

    // The exact search on 25×25, a node per frame: every frame's figures, recorded in the page.
    await withPage(phone.context, `${app.server.url}?size=25&p=${bigPuzzle()}&s=exact`, async (page) => {
      await pick(page, 'Speed', '1');
      await page.evaluate(() => {
        window.zeros = [];
        window.listed = 0;
        const look = () => {
          const figures = Object.fromEntries(
            [...document.querySelectorAll('dl.stats > div')].map((d) => [d.querySelector('dt').textContent, d.querySelector('dd').textContent]),
          );
          const state = document.getElementById('status').dataset.state;
          if (state === 'running' && 'Nodes' in figures) {
            window.listed += 1;
            if (figures.Tick === '0' || figures.Nodes === '0') window.zeros.push(JSON.stringify(figures));
          }
          window.over = window.listed > 0 && state !== 'running';
          if (window.listed < 30 && !window.over) requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      });
      await solve(page);
      await page.waitForFunction(() => window.listed >= 30 || window.over, null, { timeout: 60_000 });
      assert.ok((await page.evaluate(() => window.listed)) >= 5, 'frames of the run were looked at');
      assert.deepEqual(await page.evaluate(() => window.zeros), []);
      const { overlap, spill, figures } = await readFigures(page);
      assert.ok(!overlap && !spill, JSON.stringify(figures));
    });
  } finally {
    await phone.close();
  }
});
