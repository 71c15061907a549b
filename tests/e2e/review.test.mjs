// What a newcomer's review of the killer page found (issue 46), in a person's order: Stop then
// Check keeps and judges the stopped run's digits, Stop then Hint clears them; an edit after a solve keeps the plot, marked
// as the last run's; the race's button does not offer "Race again" while it races; on a phone
// cage mode does not move the board, and cage sums read at 12 px, light and dark; the keyboard's
// focus ring has a colour of its own.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, withPage, famous } from './harness.mjs';
import { cellInput, settled, KILLER as CAGES } from './sudoku.mjs';

let server, desktop, inkala;
before(async () => {
  server = await serveDist();
  desktop = await launch({ width: 1280, height: 800 });
  inkala = (await famous())[0];
});
after(async () => {
  await desktop?.close();
  await server?.close();
});

const status = (page) => page.locator('#status').innerText();
const solverDigits = (page) => page.$$eval('td[data-source="solver"]', (tds) => tds.map((td) => td.dataset.value).join(''));

/** Solve, then Stop once the run has put more than 20 digits on the board. */
async function solveThenStop(page) {
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForSelector('#status[data-state="running"]');
  await page.waitForFunction(() => document.querySelectorAll('td[data-source="solver"]').length > 20);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await page.waitForSelector('#status[data-state="stopped"]');
}

test('Stop, then Check: the digits kept on the board are judged as the solver\'s', async () => {
  await withPage(desktop.context, `${server.url}?p=${inkala.puzzle}&s=ising-faithful`, async (page) => {
    await solveThenStop(page);
    assert.match(await status(page), /the solver's digits stay on the board/);
    const kept = await solverDigits(page);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.waitForFunction(() => !/Checking/.test(document.getElementById('status').textContent));
    assert.equal(await solverDigits(page), kept, 'Check leaves the stopped run\'s digits');
    const said = await status(page);
    assert.doesNotMatch(said, /No entries/);
    assert.match(said, /the solver's/);
  });
});

test('Stop, then Hint: the solver\'s digits leave the board, and no hint mark sits over a digit', async () => {
  await withPage(desktop.context, `${server.url}?p=${inkala.puzzle}&s=ising-faithful`, async (page) => {
    await solveThenStop(page);
    assert.match(await status(page), /until an edit, Hint or Undo/);
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await page.waitForFunction(() => /^Hint/.test(document.getElementById('status').textContent));
    assert.equal(await solverDigits(page), '', 'the stopped run\'s digits left with the Hint');
    const covered = await page.$$eval('table.board td', (tds) =>
      tds.flatMap((td, cell) => (td.dataset.value && td.dataset.marks ? [cell] : [])),
    );
    assert.deepEqual(covered, [], 'no hint mark over a digit');
    assert.match(await page.locator('.plot-past').innerText(), /last run/);
  });
});

test('an edit after a solve keeps the plot, marked as the last run\'s', async () => {
  await withPage(desktop.context, `${server.url}?p=${inkala.puzzle}&s=ising`, async (page) => {
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForSelector('#status[data-state="solved"]', { timeout: 60_000 });
    await page.waitForSelector('figure.plot canvas');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await settled(page);
    assert.equal(await page.locator('td[data-source="solver"]').count(), 0, 'Undo took the run back');
    assert.ok(await page.locator('figure.plot canvas').isVisible(), 'the plot stays');
    assert.match(await page.locator('.plot-past').innerText(), /last run/);
  });
});

test('the race\'s button does not offer "Race again" while the race is on', async () => {
  await withPage(desktop.context, `${server.url}?p=${inkala.puzzle}&view=race&limit=5`, async (page) => {
    await page.getByRole('button', { name: 'Start the race' }).click();
    await page.waitForSelector('#race-status[data-state="running"]');
    const button = page.locator('.race-view button.solve');
    assert.equal(await button.innerText(), 'Racing…');
    assert.ok(await button.isDisabled());
    await page.waitForSelector('#race-status[data-state="over"]', { timeout: 60_000 });
    assert.equal(await button.innerText(), 'Race again');
  });
});

for (const colorScheme of ['light', 'dark']) {
  test(`on a phone (${colorScheme}) cage mode keeps the board in place and the sums legible`, async () => {
    const phone = await launch({ width: 390, height: 844 }, { isMobile: true, hasTouch: true, colorScheme });
    try {
      await withPage(phone.context, `${server.url}?k=${encodeURIComponent(CAGES)}`, async (page) => {
        await page.waitForSelector('td[data-cage-sum]');
        const sum = await page.$eval('.cage-line b', (b) => parseFloat(getComputedStyle(b).fontSize));
        assert.ok(sum >= 12, `a cage's sum is ${sum}px`);
        const dash = await page.$eval('.cage-line.ct:not(.sum)', (l) => parseFloat(getComputedStyle(l).borderTopWidth));
        assert.ok(dash >= 2, `the outline is ${dash}px`);
        const top = (await page.locator('table.board').boundingBox()).y;
        await page.getByRole('button', { name: 'Settings' }).tap();
        await page.getByRole('button', { name: 'Killer cages' }).tap();
        await settled(page);
        assert.ok(await page.getByRole('group', { name: 'Cages' }).isVisible());
        assert.equal((await page.locator('table.board').boundingBox()).y, top, 'the board does not move');
        await cellInput(page, 0).tap();
        await settled(page);
        assert.equal((await page.locator('table.board').boundingBox()).y, top, 'nor on the first tap');
      });
    } finally {
      await phone.close();
    }
  });
}

/** The hue of a computed `rgb(r, g, b)` colour, in degrees. */
function hue(colour) {
  const [r, g, b] = colour.match(/\d+/g).slice(0, 3).map((v) => Number(v) / 255);
  const max = Math.max(r, g, b);
  const span = max - Math.min(r, g, b);
  if (span === 0) return 0;
  const h = max === r ? ((g - b) / span) % 6 : max === g ? (b - r) / span + 2 : (r - g) / span + 4;
  return (h * 60 + 360) % 360;
}

test('the focus ring has a colour of its own, not a clash\'s or a hint\'s', async () => {
  await withPage(desktop.context, `${server.url}?k=${encodeURIComponent(CAGES)}`, async (page) => {
    await page.waitForSelector('td[data-cage-sum]');
    await cellInput(page, 0).click();
    const colours = await page.evaluate(() => {
      const probe = document.createElement('i');
      document.body.append(probe);
      const rgb = (name) => {
        probe.style.color = `var(${name})`;
        return getComputedStyle(probe).color;
      };
      const ring = getComputedStyle(document.activeElement).boxShadow;
      const named = { hot: rgb('--hot'), flag: rgb('--flag'), hint: rgb('--hint-target'), focus: rgb('--focus') };
      probe.remove();
      return { ring, ...named };
    });
    assert.ok(colours.ring.includes(colours.focus), `the ring ${colours.ring} is the focus colour ${colours.focus}`);
    // Apart in hue, not only in shade: the old ring was an orange beside the clashes' amber.
    for (const other of ['hot', 'flag', 'hint']) {
      const apart = Math.abs(hue(colours.focus) - hue(colours[other]));
      assert.ok(Math.min(apart, 360 - apart) >= 40, `focus ${colours.focus} and ${other} ${colours[other]}`);
    }
  });
});

test('on a phone, Undo after Stop marks the plot left as the last run\'s, right under it', async () => {
  const phone = await launch({ width: 390, height: 844 }, { isMobile: true, hasTouch: true });
  try {
    await withPage(phone.context, `${server.url}?k=${encodeURIComponent(CAGES)}`, async (page) => {
      await page.getByRole('button', { name: 'Solve', exact: true }).tap();
      await page.waitForSelector('.watch .plot canvas', { timeout: 20_000 });
      await page.getByRole('button', { name: 'Stop', exact: true }).tap();
      await page.waitForSelector('#status[data-state="stopped"]');
      await page.getByRole('button', { name: 'Undo', exact: true }).tap();
      await settled(page);
      assert.equal(await page.locator('td[data-source="solver"]').count(), 0, 'Undo took the run back');
      const canvas = await page.locator('.watch .plot canvas').boundingBox();
      const mark = await page.locator('.plot-past').boundingBox();
      assert.ok(mark, 'the plot is marked as the last run\'s');
      const gap = mark.y - (canvas.y + canvas.height);
      assert.ok(gap >= 0 && gap < 20, `the mark is ${gap}px under the plot`);
    });
  } finally {
    await phone.close();
  }
});

test('the 2019 demo\'s striped cells are explained under the board while they show', async () => {
  await withPage(desktop.context, `${server.url}?p=${inkala.puzzle}&s=ising-faithful`, async (page) => {
    assert.equal(await page.locator('.cell-key').count(), 0, 'no key at rest');
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForSelector('td.several');
    assert.match(await page.locator('.cell-key').innerText(), /^Striped cells: the spins select several digits there/);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.waitForSelector('#status[data-state="stopped"]');
    // The Spins layer draws the spins themselves: no key for striped digits there.
    await page.getByRole('radio', { name: 'Spins' }).check();
    assert.equal(await page.locator('.cell-key').count(), 0);
  });
});
