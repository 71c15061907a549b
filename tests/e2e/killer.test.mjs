// Killers in a person's order (issue 46): a killer opened from a link shows its cages, the
// default annealer at the default speed solves it and the cages stay; on a phone, a cage is
// drawn by hand (tapped and dragged across, its sum on the pad) and lands in the link, a cage
// refused stands out and Done adds the cage drawn; the solvers that take no cages are offered
// disabled, and a run plots the cage sums' penalty; New puzzle makes killers when asked, a link's
// unreadable cage is named in the page's words, a cage the givens rule out is refused, and on a
// desktop cage mode's note sits beside its buttons, the board kept still and whole.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, launchPhone, withPage, openSettings, closeSettings, stopIfRunning } from './harness.mjs';
import { cellInput, settled, KILLER as CAGES } from './sudoku.mjs';


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

/** Each cage as the cells carry it: index → [sum on its first cell, its cells]. */
function cagesShown(page) {
  return page.$$eval('table.board td', (tds) => {
    const cages = {};
    tds.forEach((td, cell) => {
      if (td.dataset.cage === undefined) return;
      const cage = (cages[td.dataset.cage] ??= { sum: null, cells: [] });
      cage.cells.push(cell);
      if (td.dataset.cageSum !== undefined) cage.sum = Number(td.dataset.cageSum);
    });
    return cages;
  });
}

/** The cages of `text` (SUM:rRcC+…), as [sum, cells] sorted by first cell. */
function cagesOf(text) {
  return text.split(',').map((cage) => {
    const [sum, cells] = cage.split(':');
    const indices = cells.split('+').map((c) => {
      const [, r, col] = c.match(/r(\d+)c(\d+)/);
      return (Number(r) - 1) * 9 + Number(col) - 1;
    });
    return [Number(sum), indices.sort((a, b) => a - b)];
  });
}

test('a killer from a link shows its cages, and the default annealer solves it keeping them', async () => {
  await withPage(desktop.context, `${server.url}?k=${encodeURIComponent(CAGES)}`, async (page) => {
    await page.waitForSelector('td[data-cage-sum]');
    const expected = cagesOf(CAGES);
    const shown = Object.values(await cagesShown(page)).map((c) => [c.sum, c.cells]);
    const key = (cages) => cages.map((c) => JSON.stringify(c)).sort();
    assert.deepEqual(key(shown), key(expected), 'every cage, its sum on its first cell');
    assert.match(await page.getByRole('status').innerText(), /Killer loaded: \d+ cages/);
    // The default solver, at the default speed: the cooling is watched.
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForSelector('[role=status][data-state="running"]');
    // A clash while it is hot is tinted, not ringed: a ring would crowd the cage's dashes.
    const clash = await page.waitForSelector('td.conflict[data-cage]');
    assert.equal(await clash.evaluate((td) => getComputedStyle(td).boxShadow), 'none');
    await page.waitForSelector('[role=status][data-state="solved"]', { timeout: 120_000 });
    const cells = await page.$$eval('table.board td', (tds) => tds.map((td) => Number(td.dataset.value)));
    for (const [sum, members] of expected) {
      assert.equal(members.reduce((s, c) => s + cells[c], 0), sum, `cage of ${members[0]}`);
      assert.equal(new Set(members.map((c) => cells[c])).size, members.length, 'no repeat in a cage');
    }
    assert.deepEqual(Object.keys(await cagesShown(page)).length, expected.length, 'the cages stay');
    assert.match(page.url(), /[?&]k=/);
  });
});

test('on a phone a small cage is drawn by tapping and dragging, its sum typed on the pad', async () => {
  await withPage(phone.context, server.url, async (page) => {
    await page.getByRole('button', { name: 'Settings' }).tap();
    await page.getByRole('button', { name: 'Killer cages' }).tap();
    await settled(page);
    const sumPad = page.getByRole('group', { name: 'Cage sum pad' });
    assert.ok(await sumPad.isVisible(), 'the pad types the sum');
    // r1c1 tapped, then a drag from r1c2 to r1c3.
    await cellInput(page, 0).tap();
    const from = await cellInput(page, 1).boundingBox();
    const to = await cellInput(page, 2).boundingBox();
    const centre = (b) => [b.x + b.width / 2, b.y + b.height / 2];
    const drag = async ([x, y], type, buttons) =>
      page.evaluate(([x, y, type, buttons]) => {
        const target = document.elementFromPoint(x, y);
        target.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, buttons, bubbles: true, pointerType: 'touch' }));
      }, [x, y, type, buttons]);
    await drag(centre(from), 'pointerdown', 1);
    await drag(centre(to), 'pointermove', 1);
    await drag(centre(to), 'pointerup', 0);
    await settled(page);
    assert.equal(await page.locator('td.drafted').count(), 3, 'three cells in the cage drawn');
    for (const key of ['1', '5']) await sumPad.getByRole('button', { name: key, exact: true }).tap();
    await page.getByRole('button', { name: 'Add cage' }).tap();
    await settled(page);
    assert.equal(await page.locator('td[data-cage="0"]').count(), 3);
    assert.equal(await page.locator('td[data-cage-sum]').getAttribute('data-cage-sum'), '15');
    assert.match(page.url(), /k=15r1c1r1c2r1c3/);
    await page.getByRole('button', { name: 'Done' }).tap();
    await settled(page);
    assert.ok(await page.getByRole('group', { name: 'Digit pad' }).isVisible(), 'the digit pad is back');
  });
});

test('on a phone a refused cage stands out, Remove lets it go, and Done adds the cage drawn', async () => {
  await withPage(phone.context, server.url, async (page) => {
    await page.getByRole('button', { name: 'Settings' }).tap();
    await page.getByRole('button', { name: 'Killer cages' }).tap();
    await settled(page);
    assert.match(await page.getByRole('status').innerText(), /^Drawing cages: 0 cages so far\. Press Done/);
    const boardTop = async () => (await page.locator('table.board').boundingBox()).y;
    const top = await boardTop();
    const sumPad = page.getByRole('group', { name: 'Cage sum pad' });
    await cellInput(page, 0).tap();
    assert.equal(await boardTop(), top, 'the note under way keeps its height');
    await cellInput(page, 1).tap();
    await sumPad.getByRole('button', { name: '2', exact: true }).tap();
    await page.getByRole('button', { name: 'Add cage' }).tap();
    await settled(page);
    // Two cells cannot sum to 2: the note says so in the flag's colour, the cells are ringed.
    const note = page.locator('.cage-note.refused');
    assert.match(await note.innerText(), /not added/);
    assert.equal(await page.locator('td.drafted.refused-entry').count(), 2);
    assert.equal(await boardTop(), top, 'nor does the refusal move the board');
    // The way out of the refused cage: Remove, offered for it, lets its cells go.
    const remove = page.getByRole('button', { name: 'Remove' });
    assert.ok(await remove.isEnabled(), 'Remove is offered for the refused cage');
    await remove.tap();
    await settled(page);
    assert.equal(await page.locator('td.drafted').count(), 0, 'its cells are let go');
    await cellInput(page, 0).tap();
    await cellInput(page, 1).tap();
    await sumPad.getByRole('button', { name: '9', exact: true }).tap();
    // Done, not Add cage: the cage drawn is kept all the same.
    await page.getByRole('button', { name: 'Done' }).tap();
    await settled(page);
    assert.equal(await page.locator('td[data-cage="0"]').count(), 2);
    assert.match(page.url(), /k=9r1c1r1c2/);
    assert.ok(await page.getByRole('group', { name: 'Digit pad' }).isVisible(), 'cage mode is left');
    assert.match(await page.getByRole('status').innerText(), /^Killer: 1 cage/);
  });
});

test('solvers that take no cages are offered disabled, and a run plots the cage sums penalty', async () => {
  await withPage(desktop.context, `${server.url}?k=${encodeURIComponent(CAGES)}&s=hopfield`, async (page) => {
    await page.waitForSelector('td[data-cage-sum]');
    const menu = page.getByRole('combobox', { name: 'Solver to run' });
    assert.notEqual(await menu.inputValue(), 'hopfield', 'the default takes over from a link');
    const hopfield = menu.locator('option[value="hopfield"]');
    assert.ok(await hopfield.isDisabled());
    assert.match(await hopfield.innerText(), /takes no killer cages/);
    const sheet = await openSettings(page);
    const radio = sheet.locator('input[name="solver"][value="hopfield"]');
    assert.ok(await radio.isDisabled());
    assert.ok(await sheet.getByText('takes no killer cages').first().isVisible());
    await closeSettings(page);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForSelector('[role=status][data-state="running"]');
    assert.doesNotMatch(await page.getByRole('status').innerText(), /more than one/);
    const key = page.locator('.legend .key.cages');
    await key.waitFor({ timeout: 20_000 });
    assert.match(await key.innerText(), /cage sums/);
    assert.match(await page.locator('.plot canvas').getAttribute('aria-label'), /Dotted: the cage sums' penalty/);
    await page.getByRole('radio', { name: 'Spins' }).check();
    assert.match(await page.locator('#cage-penalty').innerText(), /^Cage sums' penalty now: [\d,]+\./);
    await stopIfRunning(page);
  });
});

test('on a phone New puzzle makes a killer once the settings ask for one', async () => {
  await withPage(phone.context, server.url, async (page) => {
    await page.getByRole('button', { name: 'Settings' }).tap();
    const killer = page.getByRole('checkbox', { name: /^Killer/ });
    await killer.tap();
    assert.ok(await killer.isChecked());
    assert.ok(await page.getByRole('checkbox', { name: /Symmetric givens/ }).isDisabled(), 'a killer has no givens to mirror');
    await page.getByRole('button', { name: 'Done', exact: true }).tap();
    await page.getByRole('button', { name: 'New puzzle', exact: true }).tap();
    assert.match(await page.getByRole('status').innerText(), /^Making a new medium 9×9 killer/);
    await page.waitForSelector('td[data-cage-sum]', { timeout: 60_000 });
    assert.match(await page.getByRole('status').innerText(), /^New medium killer: \d+ cages, no given, exactly one solution\./);
    assert.equal(await page.locator('td[data-source="given"]').count(), 0, 'no givens');
    assert.equal(await page.locator('td:not([data-cage])').count(), 0, 'every cell in a cage');
    assert.match(page.url(), /[?&]k=\d+r\dc\d/);
  });
});

test('a killer link with a cage it cannot read names it in the page\'s words and keeps the rest', async () => {
  await withPage(desktop.context, `${server.url}?k=15r1c1r1c2,9r2c1r2c2r2c3,xx`, async (page) => {
    await page.waitForSelector('td[data-cage-sum]');
    const said = await page.getByRole('status').innerText();
    assert.match(said, /^The link's cage 3, “xx”, was left out: it is not a sum followed by cells\./);
    assert.doesNotMatch(said, /SUM|--cages|r1c1\+/, 'no command-line syntax');
    assert.match(said, /Killer loaded: 2 cages/);
    assert.deepEqual(Object.keys(await cagesShown(page)).length, 2, 'the readable cages stay');
  });
});

test('a cage whose sum the givens leave no digits for is refused, with the reason', async () => {
  // A given 9 in r1c1: r1c2 and r1c3 cannot make 17 (8 + 9).
  await withPage(phone.context, `${server.url}?p=9${'.'.repeat(80)}`, async (page) => {
    await page.getByRole('button', { name: 'Settings' }).tap();
    await page.getByRole('button', { name: 'Killer cages' }).tap();
    await settled(page);
    await cellInput(page, 1).tap();
    await cellInput(page, 2).tap();
    const sumPad = page.getByRole('group', { name: 'Cage sum pad' });
    for (const key of ['1', '7']) await sumPad.getByRole('button', { name: key, exact: true }).tap();
    await page.getByRole('button', { name: 'Done' }).tap();
    await settled(page);
    const note = page.locator('.cage-note.refused');
    assert.match(await note.innerText(), /not added: with the givens, no different digits in its cells make 17/);
    assert.equal(await page.locator('td.drafted.refused-entry').count(), 2);
    assert.equal(await page.locator('td[data-cage]').count(), 0, 'no cage went on');
    assert.ok(await sumPad.isVisible(), 'cage mode stays open');
  });
});

test('in Spins a cage\'s sum hides none of its first cell\'s spins', async () => {
  await withPage(desktop.context, `${server.url}?k=${encodeURIComponent(CAGES)}`, async (page) => {
    await page.waitForSelector('td[data-cage-sum]');
    await page.getByRole('radio', { name: 'Spins' }).check();
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForSelector('td[data-cage-sum] .spin');
    await stopIfRunning(page);
    const hidden = await page.$$eval('td[data-cage-sum]', (tds) =>
      tds.flatMap((td) => {
        const sum = td.querySelector('.cage-line b').getBoundingClientRect();
        return [...td.querySelectorAll('.spin:not(.absent)')]
          .map((dot) => dot.getBoundingClientRect())
          .filter((d) => d.left < sum.right && d.right > sum.left && d.top < sum.bottom && d.bottom > sum.top)
          .map(() => td.dataset.cageSum);
      }),
    );
    assert.deepEqual(hidden, [], 'spins under a sum');
  });
});

test('on a phone, Spins draws round dots clear of the cages\' dashes', async () => {
  await withPage(phone.context, `${server.url}?k=${encodeURIComponent(CAGES)}`, async (page) => {
    await page.waitForSelector('td[data-cage-sum]');
    await page.getByRole('radio', { name: 'Spins' }).check();
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForSelector('td[data-cage-sum] .spin');
    await stopIfRunning(page);
    const faults = await page.$$eval('table.board td', (tds) =>
      tds.flatMap((td, cell) => {
        const line = td.querySelector('.cage-line');
        if (!line) return [];
        // Inside the dashes: the line's box less its borders, the dashes along the cell's sides.
        const box = line.getBoundingClientRect();
        const style = getComputedStyle(line);
        const inner = {
          top: box.top + parseFloat(style.borderTopWidth),
          right: box.right - parseFloat(style.borderRightWidth),
          bottom: box.bottom - parseFloat(style.borderBottomWidth),
          left: box.left + parseFloat(style.borderLeftWidth),
        };
        return [...td.querySelectorAll('.spin:not(.absent)')].flatMap((dot) => {
          const d = dot.getBoundingClientRect();
          const clear = d.top >= inner.top && d.bottom <= inner.bottom && d.left >= inner.left && d.right <= inner.right;
          const round = Math.abs(d.width - d.height) < 0.5 && d.width >= 3;
          return clear && round ? [] : [`cell ${cell}: ${d.width.toFixed(1)}×${d.height.toFixed(1)} at ${d.left.toFixed(1)},${d.top.toFixed(1)}`];
        });
      }),
    );
    assert.deepEqual(faults, [], 'spins on a dash, or not round');
  });
});

/** The pixels of a screenshot (`png`, a Buffer), decoded in a blank page of `context`. */
async function pixels(context, png) {
  const blank = await context.newPage();
  try {
    return await blank.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = new OffscreenCanvas(img.width, img.height);
      const g = canvas.getContext('2d');
      g.drawImage(img, 0, 0);
      return { width: img.width, data: [...g.getImageData(0, 0, img.width, img.height).data] };
    }, png.toString('base64'));
  } finally {
    await blank.close();
  }
}

test('a sum leaves no sliver of dash after it, and Check marks a wrong digit one way only', async () => {
  await withPage(desktop.context, `${server.url}?k=${encodeURIComponent(CAGES)}`, async (page) => {
    await page.waitForSelector('td[data-cage-sum]');
    const board = await page.locator('table.board').boundingBox();
    // Just right of each sum, on the outline's row: the outline resumes with a gap, not a sliver.
    const spots = await page.$$eval('td[data-cage-sum] .cage-line', (lines) => lines.map((line) => {
      const sum = line.querySelector('b').getBoundingClientRect();
      return { x: sum.right, y: line.getBoundingClientRect().top, sum: line.textContent };
    }));
    const shot = await pixels(desktop.context, await page.screenshot({ clip: board }));
    const dark = (x, y) => {
      const i = (Math.round(y - board.y) * shot.width + Math.round(x - board.x)) * 4;
      return shot.data[i] + shot.data[i + 1] + shot.data[i + 2] < 3 * 140;
    };
    const slivers = spots.filter(({ x, y }) => [0.5, 1.5].some((dx) => dark(x + dx, y + 0.5)));
    assert.deepEqual(slivers.map((s) => s.sum), [], 'a dash cut by a sum');
    // A wrong digit in the first cell, and Check: it is tinted and struck, nothing more.
    for (const digit of '123456789') {
      await cellInput(page, 0).click();
      await page.keyboard.press(digit);
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await settled(page);
      // The verdict comes from the worker, late on a loaded machine.
      await page.waitForFunction(() => !/Checking/.test(document.getElementById('status').textContent));
      if (await page.locator('td.wrong').count()) break;
    }
    const marks = await page.$$eval('td.wrong', (tds) => tds.map((td) => ({
      conflict: td.classList.contains('conflict'),
      after: getComputedStyle(td, '::after').content,
      struck: getComputedStyle(td.querySelector('input')).textDecorationLine,
    })));
    assert.ok(marks.length > 0);
    for (const m of marks) assert.deepEqual(m, { conflict: false, after: 'none', struck: 'line-through' });
  });
});

test('on a 390×844 phone a killer\'s run shows its plot and its keys begin without scrolling', async () => {
  await withPage(phone.context, `${server.url}?k=${encodeURIComponent(CAGES)}`, async (page) => {
    await page.waitForSelector('td[data-cage-sum]');
    await page.getByRole('button', { name: 'Solve', exact: true }).tap();
    await page.waitForSelector('.plot .key.cages');
    const fit = await page.evaluate(() => ({
      top: document.querySelector('.plot .legend').getBoundingClientRect().top,
      canvas: document.querySelector('.plot canvas').getBoundingClientRect().height,
      height: innerHeight,
      scrolled: scrollY,
    }));
    await stopIfRunning(page);
    assert.equal(fit.scrolled, 0);
    // The plot keeps the height the show's test asks of it; its keys start on the screen.
    assert.ok(fit.top + 12 <= fit.height, JSON.stringify(fit));
    assert.ok(fit.canvas >= 120, `a plot still to read: ${JSON.stringify(fit)}`);
  });
});

test('on a desktop cage mode keeps the board still and whole: the note beside its buttons', async () => {
  await withPage(desktop.context, `${server.url}?k=15r1c1r1c2,9r2c1r2c2r2c3`, async (page) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const board = () => page.locator('table.board').boundingBox();
    const before = await board();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Killer cages' }).click();
    await settled(page);
    const bar = async () => ({
      note: await page.locator('.cage-note').boundingBox(),
      add: await page.getByRole('button', { name: 'Add cage' }).boundingBox(),
      board: await board(),
    });
    const intro = await bar();
    await cellInput(page, 4).click();
    await cellInput(page, 5).click();
    await page.keyboard.type('7');
    await settled(page);
    const drafting = await bar();
    for (const seen of [intro, drafting]) {
      // One row: no blank line under a short note, and the board in the layer choice's place.
      assert.ok(seen.note.y < seen.add.y + seen.add.height && seen.add.y < seen.note.y + seen.note.height, JSON.stringify(seen));
      assert.ok(seen.board.y + seen.board.height <= 800, `the board is whole: ${JSON.stringify(seen.board)}`);
      assert.ok(Math.abs(seen.board.y - before.y) <= 12, `the board stays: ${before.y} → ${seen.board.y}`);
    }
    assert.equal(drafting.board.y, intro.board.y, 'a tap does not move the board');
  });
});

test('on a phone a tap away from a refused cage starts a new cage, the refused one dropped', async () => {
  await withPage(phone.context, server.url, async (page) => {
    await page.getByRole('button', { name: 'Settings' }).tap();
    await page.getByRole('button', { name: 'Killer cages' }).tap();
    await settled(page);
    const sumPad = page.getByRole('group', { name: 'Cage sum pad' });
    const typeSum = async (keys) => {
      for (const key of keys) await sumPad.getByRole('button', { name: key, exact: true }).tap();
    };
    await cellInput(page, 0).tap();
    await cellInput(page, 1).tap();
    await typeSum(['1', '8']);
    await page.getByRole('button', { name: 'Add cage' }).tap();
    await settled(page);
    assert.match(await page.locator('.cage-note.refused').innerText(), /not 18/);
    // r5c5 and r5c6, away from the refused cells: a new cage of their own.
    await cellInput(page, 40).tap();
    await cellInput(page, 41).tap();
    await settled(page);
    const drafted = await page.$$eval('table.board td', (tds) =>
      tds.flatMap((td, cell) => (td.classList.contains('drafted') ? [cell] : [])));
    assert.deepEqual(drafted, [40, 41]);
    assert.equal(await page.locator('td.refused-entry').count(), 0, 'nothing still ringed');
    await typeSum(['7']);
    await page.getByRole('button', { name: 'Add cage' }).tap();
    await settled(page);
    assert.equal(await page.locator('td[data-cage]').count(), 2);
    assert.equal(await page.locator('td[data-cage="0"][data-cage-sum="7"]').count(), 1);
    assert.match(page.url(), /k=7r5c5r5c6(&|$)/);
  });
});

test('a link\'s cage in pieces is quoted and left out, the rest loads, and the address keeps it', async () => {
  const given = '?k=3r1c1r1c2,10r5c5r7c7';
  await withPage(desktop.context, `${server.url}${given}`, async (page) => {
    await page.waitForSelector('td[data-cage-sum]');
    const problem = await page.locator('#status .link-problem').innerText();
    assert.match(problem, /^The link's cage 2, “10r5c5r7c7”, was left out: its cells are in pieces/);
    assert.deepEqual(Object.keys(await cagesShown(page)), ['0'], 'the other cage loads');
    assert.equal(new URL(page.url()).search, given, 'the address as given, to mend the cage');
    // Once the person changes the puzzle, the address is the board's.
    await cellInput(page, 80).click();
    await page.keyboard.type('5');
    await page.waitForFunction(() => !location.search.includes('r7c7'));
    assert.match(page.url(), /k=3r1c1r1c2(&|$)/);
  });
});

test('pencil marks in a cage keep clear of its dashed outline, on a phone and a desktop', async () => {
  for (const context of [phone.context, desktop.context]) {
    await withPage(context, `${server.url}?k=${encodeURIComponent(CAGES)}`, async (page) => {
      await page.waitForSelector('td[data-cage-sum]');
      await page.getByRole('checkbox', { name: 'Pencil marks' }).check();
      await page.waitForSelector('td[data-cage] .marks i');
      const cut = await page.$$eval('td[data-cage]', (tds) =>
        tds.flatMap((td) => {
          const line = td.querySelector('.cage-line');
          const box = line.getBoundingClientRect();
          const w = parseFloat(getComputedStyle(line).getPropertyValue('--cage-w')) || 2;
          // The band each dashed side draws (a mark's box holds its glyph with room to spare).
          const bands = [
            line.classList.contains('ct') && { top: box.top, bottom: box.top + w, left: box.left, right: box.right },
            line.classList.contains('cb') && { top: box.bottom - w, bottom: box.bottom, left: box.left, right: box.right },
            line.classList.contains('cl') && { left: box.left, right: box.left + w, top: box.top, bottom: box.bottom },
            line.classList.contains('cr') && { left: box.right - w, right: box.right, top: box.top, bottom: box.bottom },
          ].filter(Boolean);
          return [...td.querySelectorAll('.marks i')].flatMap((mark) => {
            const m = mark.getBoundingClientRect();
            const hit = bands.some((b) => m.left < b.right && m.right > b.left && m.top < b.bottom && m.bottom > b.top);
            return hit ? [`${td.querySelector('input').getAttribute('aria-label')}: ${mark.textContent}`] : [];
          });
        }),
      );
      assert.deepEqual(cut, [], 'marks under a dash look struck through');
    });
  }
});
