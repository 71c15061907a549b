// The show on one screen (issue 42): a default run, as a person starts it, keeps the board, the
// plot, the temperature and Stop in view on a phone and a desktop, and visibly cools.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, openPage, famous } from './harness.mjs';
import { isSolutionOf, NEWSPAPER } from './sudoku.mjs';


let server, inkala;
before(async () => {
  server = await serveDist();
  inkala = (await famous())[0].puzzle;
});
after(async () => {
  await server?.close();
});

const DEVICES = [
  ['phone', { width: 390, height: 844 }, { isMobile: true, hasTouch: true }],
  ['desktop', { width: 1280, height: 800 }, {}],
];

/** Starts sampling, every 50 ms, whether the run can be watched without scrolling: every cell,
 * the plot (and its height), the temperature (its figure, or the run's words that say it) and
 * Stop inside the viewport. */
function startSampling(page) {
  return page.evaluate(() => {
    window.show = [];
    const inside = (el) => {
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    };
    const temperature = () => {
      const dt = [...document.querySelectorAll('dl.stats dt')].find((d) => d.textContent === 'Temperature');
      return dt?.nextElementSibling ?? null;
    };
    // A phone puts the figures under the plot: the run's words say the temperature there.
    const said = () => {
      const line = document.querySelector('.watch .progress');
      return /Temperature \d/.test(line?.textContent ?? '') ? line : null;
    };
    window.showTimer = setInterval(() => {
      const plot = document.querySelector('canvas[role=img][aria-label^=Plot]');
      const cells = [...document.querySelectorAll('table.board td')];
      const stop = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Stop');
      window.show.push({
        state: document.querySelector('#status')?.dataset.state,
        cells: cells.length === 81 && cells.every(inside),
        plot: inside(plot) && plot.getBoundingClientRect().height >= 120,
        temperature: inside(temperature()) || inside(said()),
        stop: inside(stop),
        t: temperature()?.textContent ?? null,
        plotTop: plot ? Math.round(plot.getBoundingClientRect().top + scrollY) : null,
        scrollY,
      });
    }, 50);
  });
}

/** Waits for the run's end, stops the sampling and gives the samples taken while it ran. */
async function runningSamples(page) {
  await page.waitForSelector('#status[data-state=solved], #status[data-state=failed]', { timeout: 60_000 });
  const samples = await page.evaluate(() => {
    clearInterval(window.showTimer);
    return window.show;
  });
  const running = samples.filter((s) => s.state === 'running');
  assert.ok(running.length > 20, `sampled ${running.length} times while running`);
  return running;
}

/** The end stays on the screen, where the run was: the verdict and the finished plot, which
 * does not move when the run's words change (the pad folded away until a cell is tapped). */
async function endStaysInView(page, running) {
  const end = await page.evaluate(() => {
    const inside = (el) => {
      const r = el?.getBoundingClientRect();
      return !!r && r.top >= 0 && r.bottom <= innerHeight;
    };
    const plot = document.querySelector('canvas[role=img]');
    return {
      status: inside(document.querySelector('#status')),
      plot: inside(plot),
      plotTop: Math.round(plot.getBoundingClientRect().top + scrollY),
    };
  });
  assert.deepEqual(end, { status: true, plot: true, plotTop: running.at(-1).plotTop }, 'the end in view, the plot where it ran');
}

/** The share of `samples` with `part` whole in view. */
const share = (samples, part) => samples.filter((s) => s[part]).length / samples.length;

// The default run on two puzzles, and the Digital Annealer, whose watched run also starts hot
// but cools past fewer temperatures before the newspaper puzzle solves (20 to 27 natively).
const RUNS = [
  { name: 'newspaper', solver: null, temperatures: 20, ratio: 4, seconds: 3 },
  { name: 'Inkala', solver: null, temperatures: 20, ratio: 4, seconds: 3 },
  { name: 'newspaper', solver: 'qubo', temperatures: 12, ratio: 3, seconds: 2 },
];

for (const [device, viewport, options] of DEVICES) {
  for (const run of RUNS) {
    const { name, solver } = run;
    const what = solver ? `a Digital Annealer run` : 'a default run';
    test(`${what} on the ${name} puzzle is watched on one ${device} screen, and cools`, async (t) => {
      const puzzle = name === 'newspaper' ? NEWSPAPER : inkala;
      const browser = await launch(viewport, options);
      try {
        const { page, errors } = await openPage(browser.context, `${server.url}?p=${puzzle}`);
        if (solver) await page.getByRole('combobox', { name: 'Solver to run' }).selectOption(solver);
        const solve = page.getByRole('button', { name: 'Solve', exact: true });
        await (options.hasTouch ? solve.tap() : solve.click());
        await startSampling(page);
        const running = await runningSamples(page);
        const shares = Object.fromEntries(['cells', 'plot', 'temperature', 'stop'].map((part) => [part, share(running, part)]));
        const temperatures = [...new Set(running.map((s) => s.t).filter(Boolean))].map(Number);
        t.diagnostic(`in view: ${JSON.stringify(shares)}; ${temperatures.length} temperatures from ${Math.max(...temperatures)} to ${Math.min(...temperatures)}; about ${(running.length * 0.05).toFixed(1)} s`);
        for (const [part, share] of Object.entries(shares)) {
          assert.ok(share >= 0.9, `${part} in view for ${(share * 100).toFixed(0)} % of the run (${device})`);
        }
        assert.ok(temperatures.length >= run.temperatures, `${temperatures.length} distinct temperatures: ${temperatures.join(' ')}`);
        const ratio = Math.max(...temperatures) / Math.min(...temperatures);
        assert.ok(ratio >= run.ratio, `the hottest is ${ratio.toFixed(1)}× the coldest`);
        const seconds = running.length * 0.05;
        assert.ok(seconds >= run.seconds && seconds <= 12, `the run lasted about ${seconds.toFixed(1)} s`);
        assert.equal(await page.locator('#status').getAttribute('data-state'), 'solved');
        await endStaysInView(page, running);
        const grid = await page.$$eval('table.board td', (tds) => tds.map((td) => td.dataset.value || '.').join(''));
        assert.ok(isSolutionOf(grid, puzzle), grid);
        assert.deepEqual(errors, []);
      } finally {
        await browser.close();
      }
    });
  }
}

// Two phones where the run needs the page to move for it: a short one scrolls the title away,
// one held sideways keeps the board at the top beside the run.
for (const { what, viewport, parts } of [
  { what: 'a 360×740 phone watches the board, the plot and Stop during a run, the title scrolled away', viewport: { width: 360, height: 740 }, parts: ['cells', 'plot', 'stop'] },
  { what: 'a phone held sideways watches the whole board and the plot during a run', viewport: { width: 844, height: 390 }, parts: ['cells', 'plot'] },
]) {
  test(what, async () => {
    const browser = await launch(viewport, { isMobile: true, hasTouch: true });
    try {
      const { page, errors } = await openPage(browser.context, `${server.url}?p=${NEWSPAPER}`);
      await page.getByRole('button', { name: 'Solve', exact: true }).tap();
      await startSampling(page);
      const running = await runningSamples(page);
      for (const part of parts) {
        assert.ok(share(running, part) >= 0.9, `${part} in view for ${(share(running, part) * 100).toFixed(0)} % of the run`);
      }
      await endStaysInView(page, running);
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
}

test('held sideways, the board, Solve and the pad share one screen at rest, and Stop a run', async () => {
  const browser = await launch({ width: 844, height: 390 }, { isMobile: true, hasTouch: true });
  try {
    const { page, errors } = await openPage(browser.context, `${server.url}?p=${NEWSPAPER}`);
    const inView = (locator) =>
      locator.evaluateAll((els) => els.every((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
      }));
    assert.ok(await inView(page.locator('table.board td')), 'every cell in view at rest');
    const pad = page.getByRole('group', { name: 'Digit pad' });
    assert.ok(await inView(pad.getByRole('button')), 'every key of the pad in view');
    // A tap on a cell and a key of the pad, as a person types, without scrolling.
    await page.locator('table.board td').nth(2).tap();
    await pad.getByRole('button', { name: '4', exact: true }).tap();
    assert.equal(await page.locator('table.board td').nth(2).locator('input').inputValue(), '4');
    assert.equal(await page.evaluate(() => scrollY), 0);
    await pad.getByRole('button', { name: 'Erase', exact: true }).tap();
    const solve = page.getByRole('button', { name: 'Solve', exact: true });
    assert.ok(await inView(solve));
    await solve.tap();
    await page.waitForSelector('#status[data-state=running]');
    await page.waitForTimeout(800);
    const stop = page.getByRole('button', { name: 'Stop', exact: true });
    assert.ok(await inView(stop), 'Stop in view during the run');
    assert.ok(await inView(page.locator('#status')), "the run's words in view");
    await stop.tap();
    await page.waitForSelector('#status[data-state=stopped]');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('a 360×740 phone at rest has the board, the edit buttons on one row and the whole pad on its screen', async () => {
  const browser = await launch({ width: 360, height: 740 }, { isMobile: true, hasTouch: true });
  try {
    const { page, errors } = await openPage(browser.context, server.url);
    const keys = page.getByRole('group', { name: 'Digit pad' }).getByRole('button');
    const boxes = [...(await keys.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().bottom)))];
    assert.ok(boxes.length >= 11 && Math.max(...boxes) <= 740, `the pad ends at ${Math.max(...boxes)}`);
    const rows = new Set(await page.locator('.edit-bar button').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top))));
    assert.equal(rows.size, 1, `the edit buttons on ${rows.size} rows`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('the phone at rest: one short screen with New puzzle and the solver one tap away', async () => {
  const browser = await launch(DEVICES[0][1], DEVICES[0][2]);
  try {
    const { page, errors } = await openPage(browser.context, server.url);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    assert.ok(height <= 1700, `the solver view is ${height} px tall`);
    for (const control of [
      page.getByRole('button', { name: 'New puzzle', exact: true }),
      page.getByRole('combobox', { name: 'Solver to run' }),
      page.getByRole('button', { name: 'Solve', exact: true }),
      page.getByRole('button', { name: 'Undo', exact: true }),
      page.getByRole('button', { name: 'Hint', exact: true }),
      page.getByRole('button', { name: 'Scan', exact: true }),
      page.getByRole('group', { name: 'Digit pad' }),
    ]) {
      const box = await control.boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= 844, `${control} is on the first screen: ${JSON.stringify(box)}`);
    }
    // The rest opens on demand, in a dialog that Escape closes, the focus back on its button.
    await page.getByRole('button', { name: 'Settings' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Settings' });
    await sheet.waitFor();
    for (const label of ['Board size', 'Difficulty', 'Speed', 'Time limit']) {
      assert.ok(await sheet.getByRole('combobox', { name: label, exact: true }).isVisible(), `${label} is in the sheet`);
    }
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('settings-button')), true);
    // New puzzle in one tap, and the board in view after it.
    await page.getByRole('button', { name: 'New puzzle', exact: true }).tap();
    await page.waitForFunction(() => document.querySelectorAll('td.given').length > 0, null, { timeout: 30_000 });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('a 25×25 run on a phone fits the board in view, and at rest the page says how to pan', async () => {
  const browser = await launch(DEVICES[0][1], DEVICES[0][2]);
  try {
    // An empty 25×25 board: the tuned annealer works on it for seconds.
    const { page, errors } = await openPage(browser.context, `${server.url}?size=25`);
    assert.match(await page.locator('.pan-note').innerText(), /drag it sideways/);
    const panning = await page.evaluate(() => {
      const frame = document.querySelector('.board-frame');
      return frame.scrollWidth > frame.clientWidth;
    });
    assert.ok(panning, 'at rest the board pans inside its frame');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('button', { name: 'Solve', exact: true }).tap();
    await page.waitForSelector('#status[data-state=running]');
    await page.waitForTimeout(500);
    const fit = await page.evaluate(() => {
      const board = document.querySelector('table.board').getBoundingClientRect();
      return { top: board.top, bottom: board.bottom, left: board.left, right: board.right, width: innerWidth, height: innerHeight };
    });
    assert.ok(fit.top >= 0 && fit.left >= 0 && fit.right <= fit.width && fit.bottom <= fit.height, JSON.stringify(fit));
    assert.ok(await page.getByRole('button', { name: 'Stop', exact: true }).isVisible());
    await page.getByRole('button', { name: 'Stop', exact: true }).tap();
    await page.waitForSelector('#status[data-state=stopped]');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
