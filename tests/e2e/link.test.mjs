// A puzzle travels in the URL, and the phone is a first-class device: links, Share, Back and
// Forward, hostile links, offline use, keyboard and digit-pad entry.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage, famous, withPage as harnessWithPage, openSettings } from './harness.mjs';
import { cellInput, readCells, pasteInto, refusalColour, waitForValue, settled } from './sudoku.mjs';

let server, browser, inkala, easter;

before(async () => {
  server = await serveDist();
  browser = await launch();
  [inkala, easter] = await famous();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const withPage = (path, body, context = browser.context) =>
  harnessWithPage(context, server.url + path, body);

const grid = async (page) => (await readCells(page)).map((c) => c.value || '.').join('');
const status = (page) => page.getByRole('status');
const query = (page) => new URL(page.url()).searchParams;

test('a ?p= link opens with its puzzle as givens, and the solver it names', async () => {
  await withPage(`?p=${inkala.puzzle}&s=exact`, async (page) => {
    assert.equal(await grid(page), inkala.puzzle);
    const cells = await readCells(page);
    assert.ok(cells.every((c) => (c.value ? c.source === 'given' : c.source === 'empty')));
    assert.ok(await page.locator('input[name="solver"][value="exact"]').isChecked());
  });
});

test("SudokuWiki's ?bd= links and 0 blanks open too", async () => {
  await withPage(`?bd=${easter.puzzle.replaceAll('.', '0')}`, async (page) => {
    assert.equal(await grid(page), easter.puzzle);
  });
});

test('the address bar follows typing without a history entry per keystroke; Back and Forward work', async () => {
  await withPage('', async (page) => {
    const before = await page.evaluate(() => history.length);
    await cellInput(page, 0).click();
    await page.keyboard.type('4');
    await cellInput(page, 10).click();
    await page.keyboard.type('7');
    // The page writes the address after it redraws: wait for it, then check it exactly.
    const typed = `4.........7${'.'.repeat(70)}`;
    await page.waitForFunction((p) => new URL(location.href).searchParams.get('p') === p, typed);
    assert.equal(query(page).get('p'), typed);
    assert.equal(await page.evaluate(() => history.length), before, 'typing replaces the entry');

    await pasteInto(page, 0, inkala.puzzle);
    await pasteInto(page, 0, easter.puzzle);
    assert.equal(query(page).get('p'), easter.puzzle);
    await page.goBack();
    await page.waitForFunction((p) => document.querySelector('#cell-0').value === p[0], inkala.puzzle);
    assert.equal(await grid(page), inkala.puzzle);
    await page.goForward();
    await page.waitForFunction(() => document.querySelector('#cell-0').value === '1');
    assert.equal(await grid(page), easter.puzzle);
  });
});

test('the home-screen icon opens the board the person left; the bare page and a first start stay empty', async () => {
  const own = await launch();
  try {
    const empty = '.'.repeat(81);
    // A first start from the icon, nothing kept yet: the empty board, no error.
    await withPage('?from=home', async (page) => {
      assert.equal(await grid(page), empty);
    }, own.context);
    const newspaper = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
    let typed;
    await withPage(`?p=${newspaper}`, async (page) => {
      await cellInput(page, 2).click();
      await page.keyboard.type('4');
      typed = `534${newspaper.slice(3)}`;
      // The page writes the address after it redraws.
      await page.waitForFunction(() => /[?&]e=/.test(location.search));
    }, own.context);
    // The app closed; the icon opens it again, with the puzzle and the digit typed.
    await withPage('?from=home', async (page) => {
      await page.waitForFunction(() => document.querySelector('#cell-2').value === '4');
      assert.equal(await grid(page), typed);
      const cells = await readCells(page);
      assert.equal(cells[0].source, 'given');
      assert.notEqual(cells[2].source, 'given', 'the typed digit stays an entry');
      assert.ok(!query(page).has('from'), page.url());
    }, own.context);
    // The bare page is a fresh board, as before, and a visit that only looks keeps what was kept.
    await withPage('', async (page) => {
      assert.equal(await grid(page), empty);
    }, own.context);
    await withPage('?from=home', async (page) => {
      await page.waitForFunction(() => document.querySelector('#cell-2').value === '4');
      assert.equal(await grid(page), typed);
    }, own.context);
  } finally {
    await own.close();
  }
});

test('after Back the solver menu names the solver the link holds, which Solve runs', async () => {
  await withPage(`?p=${inkala.puzzle}`, async (page) => {
    const menu = page.getByRole('combobox', { name: 'Solver to run' });
    await menu.selectOption('hopfield');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('s') === 'hopfield');
    await page.getByRole('button', { name: 'New puzzle' }).click();
    await page.waitForFunction((p) => new URL(location.href).searchParams.get('p') !== p, inkala.puzzle);
    await menu.selectOption('exact');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('s') === 'exact');
    await page.goBack();
    await page.waitForFunction((p) => document.querySelector('#cell-0').value === p[0], inkala.puzzle);
    assert.equal(query(page).get('s'), 'hopfield');
    assert.equal(await menu.inputValue(), 'hopfield', 'the menu shows the solver Solve runs');
    assert.ok(await page.locator('input[name="solver"][value="hopfield"]').isChecked());
  });
});

test('Share copies a short link that round-trips', async () => {
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  let shared;
  await withPage('', async (page) => {
    await pasteInto(page, 0, inkala.puzzle);
    const sheet = await openSettings(page);
    await sheet.getByRole('button', { name: 'Share', exact: true }).click();
    await page.waitForSelector('#share-note:has-text("copied")');
    shared = await page.evaluate(() => navigator.clipboard.readText());
    // A note that the link went out clears itself after a few seconds.
    await page.waitForFunction(() => document.getElementById('share-note').textContent === '', null, {
      timeout: 10_000,
    });
  });
  assert.match(shared, /^http:\/\/127\.0\.0\.1:\d+\/\?p=[1-9.]{81}&s=[a-z-]+$/, shared);
  assert.ok(shared.length < 140, `short: ${shared.length} characters`);
  assert.ok(!shared.endsWith('.'), 'no trailing dot for linkifiers to drop');
  await withPage(shared.slice(server.url.length), async (page) => {
    assert.equal(await grid(page), inkala.puzzle);
  });
});

test('hostile links never break the page: a message, what could be loaded, no markup rendered', async () => {
  // 81 characters with markup in them: the digits load, the rest is left blank and said so.
  const tag = '<img src=x onerror=alert(1)>';
  const lenient = [...tag].map((c) => (/[1-9]/.test(c) ? c : '.')).join('') + inkala.puzzle.slice(tag.length);
  const cases = [
    [`?p=12345`, /could not be read \(expected 81 cells, found 5\)/, '.'.repeat(81)],
    [`?p=${encodeURIComponent(tag)}${inkala.puzzle.slice(tag.length)}`, /characters that are not a digit/, lenient],
    [`?p=${'<b>'}${inkala.puzzle.slice(3)}`, /3 characters that are not a digit/, `...${inkala.puzzle.slice(3)}`],
    [`?p=${'9'.repeat(3_000)}`, /far too long/, '.'.repeat(81)],
    [`?p=55${'.'.repeat(79)}`, /5 appears twice in row 1/, `55${'.'.repeat(79)}`],
  ];
  for (const [path, message, expected] of cases) {
    await withPage(path, async (page) => {
      // What the referee says comes from the page's worker, a moment after the page opens.
      await page
        .waitForFunction((source) => new RegExp(source).test(document.getElementById('status').textContent), message.source, { timeout: 5_000 })
        .catch(() => {});
      assert.match(await status(page).textContent(), message, path.slice(0, 40));
      assert.equal(await grid(page), expected);
      assert.equal(await page.locator('img, b').count(), 0, 'no markup from the URL');
    });
  }
});

test('arrow keys move between cells on a desktop', async () => {
  await withPage('', async (page) => {
    await cellInput(page, 0).click();
    const focused = () => page.evaluate(() => document.activeElement.id);
    await page.keyboard.press('ArrowRight');
    await settled(page);
    assert.equal(await focused(), 'cell-1');
    await page.keyboard.press('ArrowDown');
    assert.equal(await focused(), 'cell-10');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await focused(), 'cell-8', 'left and right go in reading order, as typing does');
    await page.keyboard.press('ArrowUp');
    assert.equal(await focused(), 'cell-8', 'the top edge stops it');
    await page.keyboard.press('ArrowRight');
    assert.equal(await focused(), 'cell-9');
    for (let i = 0; i < 10; i += 1) await page.keyboard.press('ArrowLeft');
    assert.equal(await focused(), 'cell-0', 'no wrapping from row 1, column 1 to the last cell');
  });
});

test('on a 360×740 phone: no horizontal scroll, and the digit pad fills the selected cell', async () => {
  const phone = await launch({ width: 360, height: 740 }, { isMobile: true, hasTouch: true });
  try {
    await withPage('', async (page) => {
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0, 'horizontal scroll');
      await cellInput(page, 3).tap();
      const pad = page.getByRole('group', { name: 'Digit pad' });
      await pad.getByRole('button', { name: '6', exact: true }).tap();
      await waitForValue(page, 3, '6');
      await pad.getByRole('button', { name: '2', exact: true }).tap();
      await waitForValue(page, 4, '2'); // the selection moved on to the next empty cell
      await cellInput(page, 3).tap();
      await pad.getByRole('button', { name: 'Erase', exact: true }).tap();
      await waitForValue(page, 3, '');
      const box = await pad.getByRole('button', { name: '1', exact: true }).boundingBox();
      assert.ok(box.height >= 44, 'pad keys are big enough to tap');
    }, phone.context);
  } finally {
    await phone.close();
  }
});

test('after the first visit the app loads and solves offline', async () => {
  const fresh = await launch();
  try {
    const { page, errors } = await openPage(fresh.context, server.url);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null || location.reload());
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await fresh.context.setOffline(true);
    await page.goto(`${server.url}?p=${inkala.puzzle}`);
    await page.waitForSelector('table.board input');
    assert.equal(await grid(page), inkala.puzzle);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForSelector('[role=status][data-state="solved"]', { timeout: 60_000 });
    // The race's workers load offline too.
    await page.goto(`${server.url}?p=${inkala.puzzle}&view=race&racers=ising,exact&limit=10`);
    await page.getByRole('button', { name: 'Start the race' }).click();
    await page.waitForSelector('#race-status[data-state="over"]', { timeout: 60_000 });
    const states = await page.$$eval('[role=region]', (els) => els.map((e) => e.dataset.state));
    assert.deepEqual(states, ['solved', 'solved']);
    assert.deepEqual(errors, []);
  } finally {
    await fresh.close();
  }
});

test('a link\'s problem is said apart from the rest of the status line, as the page\'s other refusals are', async () => {
  await withPage('?k=12r1c1,9r2c1r2c2', async (page) => {
    await page.waitForSelector('td[data-cage-sum]');
    const problem = page.locator('#status .link-problem');
    assert.equal(await problem.innerText(), "The link's cage 1, “12r1c1”, was left out: its one cell holds 1 to 9, not 12.");
    const [said, rest] = await page.evaluate(() => {
      const colour = (el) => getComputedStyle(el).color;
      return [colour(document.querySelector('#status .link-problem')), colour(document.getElementById('status'))];
    });
    const refusal = await refusalColour(page);
    assert.equal(said, refusal, 'drawn as a refused edit is');
    assert.notEqual(said, rest);
    assert.match(await page.locator('#status').innerText(), /Killer loaded: 1 cage/);
  });
});
