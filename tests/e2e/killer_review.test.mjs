// What a new user's review of killers found (issue 46), in a person's order: a digit that leaves
// a hand-made killer no solution is said so by Hint and by Check, naming the cage, with no step
// to apply; a solver that takes no cages, given up when a cage is added, is named in the status
// line; a cage of every digit reads "always sum to 45". Screenshots go to SHOTS when it is set.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, launchPhone, withPage } from './harness.mjs';
import { cellInput, settled } from './sudoku.mjs';

let server, phone, desktop;
before(async () => {
  server = await serveDist();
  phone = await launchPhone();
  desktop = await launch({ width: 1280, height: 800 }, { colorScheme: 'dark' });
});
after(async () => {
  await phone?.close();
  await desktop?.close();
  await server?.close();
});

const shot = (page, name) => process.env.SHOTS && page.screenshot({ path: `${process.env.SHOTS}/${name}.png` });
const status = (page) => page.getByRole('status').innerText();

for (const [device, name] of [['phone', 'phone'], ['desktop', 'desk-dark']]) {
  test(`on a ${device}, Hint and Check say a 5 leaves the cage of 6 no solution`, async () => {
    const browser = device === 'phone' ? phone : desktop;
    await withPage(browser.context, `${server.url}?k=6r1c1r1c2r1c3,17r2c1r2c2`, async (page) => {
      await page.waitForSelector('td[data-cage-sum]');
      const press = (label) => device === 'phone'
        ? page.getByRole('button', { name: label, exact: true }).tap()
        : page.getByRole('button', { name: label, exact: true }).click();
      await cellInput(page, 0).click();
      await page.keyboard.type('5');
      await press('Hint');
      await page.waitForFunction(() => /no solution/.test(document.querySelector('[role=status]').innerText));
      const said = await status(page);
      assert.match(said, /^With your entries there is no solution: .*the cage of 6 from row 1, column 1\./);
      assert.doesNotMatch(said, /only \./);
      assert.equal(await page.getByRole('button', { name: 'Apply' }).count(), 0, 'no step to apply');
      await shot(page, `${name}_hint_dead_end`);
      await press('Check');
      await page.waitForFunction(() => !/Checking/.test(document.querySelector('[role=status]').innerText));
      await settled(page);
      assert.match(await status(page), /^With your entries there is no solution: .*the cage of 6/);
      assert.doesNotMatch(await status(page), /more than one solution/);
      await shot(page, `${name}_check_dead_end`);
    });
  });
}

test('on a phone, a solver that takes no cages gives way when a cage is added, and says so', async () => {
  await withPage(phone.context, server.url, async (page) => {
    const menu = page.getByRole('combobox', { name: 'Solver to run' });
    await menu.selectOption('bp');
    await page.getByRole('button', { name: 'Settings' }).tap();
    await page.getByRole('button', { name: 'Killer cages' }).tap();
    await settled(page);
    await cellInput(page, 0).tap();
    await cellInput(page, 1).tap();
    await page.getByRole('group', { name: 'Cage sum pad' }).getByRole('button', { name: '9', exact: true }).tap();
    await page.getByRole('button', { name: 'Done' }).tap();
    await settled(page);
    assert.equal(await menu.inputValue(), 'ising');
    assert.match(await status(page), /^“Likelihoods, with backtracking” takes no killer cages: Solve now uses “Annealing \(tuned\)”\. Killer: 1 cage/);
    await shot(page, 'phone_solver_gave_way');
  });
});

test('a cage of every digit of a row reads that nine digits always sum to 45', async () => {
  await withPage(phone.context, `${server.url}?k=44r1c1r1c2r1c3r1c4r1c5r1c6r1c7r1c8r1c9`, async (page) => {
    await settled(page);
    await page.waitForFunction(() => /left out/.test(document.querySelector('[role=status]').innerText));
    const said = await status(page);
    assert.match(said, /9 different digits always sum to 45, not 44/);
    assert.doesNotMatch(said, /45 to 45/);
    await shot(page, 'phone_rule45_link');
  });
});
