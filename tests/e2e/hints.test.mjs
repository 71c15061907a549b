// Solving by hand (issue 26): givens apart from the user's progress, pencil marks (automatic and
// the user's own, from the keyboard and the pad), Check marking a wrong entry with data-wrong,
// progress carried by a link, and Hint with Apply (compared with `sudoku hint --json`); on a
// desktop and on a 360 px phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { serveDist, launch, launchPhone, openPage, famous, root } from './harness.mjs';
import { cellInput, NEWSPAPER, refusalColour, settled } from './sudoku.mjs';

let server, desktop, phone, inkala;
before(async () => {
  server = await serveDist();
  desktop = await launch();
  phone = await launch({ width: 360, height: 740 }, { isMobile: true, hasTouch: true });
  inkala = (await famous())[0];
});
after(async () => {
  await desktop?.close();
  await phone?.close();
  await server?.close();
});

/** The candidates of open cell `i` of a 9×9 `puzzle`: digits no cell of its row, column or box holds. */
function candidates(puzzle, i) {
  const [r, c] = [Math.floor(i / 9), i % 9];
  const seen = new Set();
  for (let j = 0; j < 81; j++) {
    const [rj, cj] = [Math.floor(j / 9), j % 9];
    const box = Math.floor(rj / 3) === Math.floor(r / 3) && Math.floor(cj / 3) === Math.floor(c / 3);
    if (rj === r || cj === c || box) seen.add(puzzle[j]);
  }
  return '123456789'.split('').filter((d) => !seen.has(d)).join('');
}

const td = (page, i) => page.locator('table.board td').nth(i);
const openCells = (puzzle) => [...puzzle].flatMap((ch, i) => (ch === '.' ? [i] : []));
/** A digit other than the solution's in cell `i`. */
const wrongDigit = (i) => String((Number(inkala.solution[i]) % 9) + 1);

async function pad(page, key) {
  await page.getByRole('group', { name: 'Digit pad' }).getByRole('button', { name: key, exact: true }).tap();
  await settled(page);
}

test('automatic pencil marks show every open cell’s candidates; Q switches pencil mode for the keyboard', async () => {
  const { page, errors } = await openPage(desktop.context, `${server.url}?p=${inkala.puzzle}`);
  const [first, second] = openCells(inkala.puzzle);
  assert.equal(await td(page, first).getAttribute('data-marks'), null, 'hidden at first');
  await page.getByRole('checkbox', { name: 'Pencil marks' }).check();
  await settled(page);
  for (const i of openCells(inkala.puzzle).slice(0, 12)) {
    assert.equal(await td(page, i).getAttribute('data-marks'), candidates(inkala.puzzle, i), `cell ${i}`);
  }
  assert.equal(await td(page, 0).getAttribute('data-marks'), null, 'a given shows none');
  // Pencil mode: a typed digit toggles that mark, starting from the marks shown.
  await cellInput(page, second).click();
  await page.keyboard.press('q');
  const shown = candidates(inkala.puzzle, second);
  await page.keyboard.type(shown[0]);
  await settled(page);
  assert.equal(await td(page, second).getAttribute('data-marks'), shown.slice(1));
  assert.match(await td(page, second).getAttribute('class'), /own-marks/);
  assert.equal(await cellInput(page, second).inputValue(), '', 'no digit written');
  assert.match(await page.locator('#hint').textContent(), /Pencil mode/);
  // What the mode does is no refusal: not in a refusal's colour.
  const inks = {
    note: await page.locator('#hint').evaluate((note) => getComputedStyle(note).color),
    refusal: await refusalColour(page),
  };
  assert.notEqual(inks.note, inks.refusal, JSON.stringify(inks));
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await settled(page);
  assert.equal(await td(page, second).getAttribute('data-marks'), shown, 'Undo takes the mark back');
  await cellInput(page, second).click();
  await page.keyboard.press('q');
  await page.keyboard.type(inkala.solution[second]);
  await settled(page);
  assert.equal(await cellInput(page, second).inputValue(), inkala.solution[second]);
  assert.equal(await td(page, second).getAttribute('data-source'), 'progress');
  assert.deepEqual(errors, []);
  await page.close();
});

test('on 16×16 a cell with more marks than it can draw shows their count, on a phone too', async () => {
  const { page, errors } = await openPage(phone.context, `${server.url}?size=16`);
  await page.getByRole('checkbox', { name: 'Pencil marks' }).check();
  await settled(page);
  const first = page.locator('table.board td').first();
  assert.equal(await first.getAttribute('data-marks'), '123456789ABCDEFG', 'every candidate, for tests');
  const count = first.locator('.marks.mark-count');
  assert.equal(await count.textContent(), '16');
  assert.equal(await count.getAttribute('aria-hidden'), 'true', 'the description lists the marks');
  const box = await count.locator('i').boundingBox();
  assert.ok(box && box.width > 4 && box.height > 4, `the count is drawn: ${JSON.stringify(box)}`);
  // A cell the user leaves four marks in draws them.
  await page.locator('table.board td').nth(1).locator('input').tap();
  await pad(page, 'Pencil');
  for (const key of ['5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F', 'G']) await pad(page, key);
  const second = page.locator('table.board td').nth(1);
  assert.equal(await second.getAttribute('data-marks'), '1234');
  assert.equal(await second.locator('.marks i').allTextContents().then((t) => t.join('')), '1234');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Check marks a wrong entry with data-wrong and says so; a given stays as it is', async () => {
  const { page, errors } = await openPage(desktop.context, `${server.url}?p=${inkala.puzzle}`);
  const [right, wrong] = openCells(inkala.puzzle);
  await cellInput(page, right).click();
  await page.keyboard.type(inkala.solution[right]);
  await cellInput(page, wrong).click();
  await page.keyboard.type(wrongDigit(wrong));
  await cellInput(page, 0).click();
  await page.keyboard.type('1');
  await settled(page);
  assert.equal(await cellInput(page, 0).inputValue(), inkala.puzzle[0], 'a given stays');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.waitForSelector('td[data-wrong]');
  const marked = await page.$$eval('table.board td', (tds) => tds.flatMap((td, i) => (td.dataset.wrong ? [i] : [])));
  assert.deepEqual(marked, [wrong]);
  await page.waitForFunction(() => /1 of your 2 entries/.test(document.getElementById('status').textContent));
  // Not colour alone: the wrong entry is struck through and crossed.
  const style = await cellInput(page, wrong).evaluate((el) => getComputedStyle(el).textDecorationLine);
  assert.match(style, /line-through/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a link with progress and marks restores them apart from the givens, and the address keeps them', async () => {
  const [a, b] = openCells(inkala.puzzle);
  const progress = [...'.'.repeat(81)];
  progress[a] = inkala.solution[a];
  progress[b] = inkala.solution[b];
  const e = progress.join('');
  const c = openCells(inkala.puzzle)[2];
  const m = `${c}-29`;
  const { page, errors } = await openPage(desktop.context, `${server.url}?p=${inkala.puzzle}&e=${e}&m=${m}`);
  assert.equal(await td(page, c).getAttribute('data-marks'), '29', 'the marks, with Pencil marks off');
  assert.equal(await td(page, a).getAttribute('data-source'), 'progress');
  assert.equal(await td(page, a).getAttribute('data-value'), inkala.solution[a]);
  assert.equal(await td(page, 0).getAttribute('data-source'), 'given');
  await page.waitForFunction((want) => new URL(location.href).searchParams.get('e') === want, e);
  assert.equal(new URL(page.url()).searchParams.get('m'), m);
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a 360 px phone: the pad’s Pencil key enters marks, Check marks a wrong entry, a link keeps progress', async () => {
  const { page, errors } = await openPage(phone.context, `${server.url}?p=${inkala.puzzle}`);
  const [first, second] = openCells(inkala.puzzle);
  await cellInput(page, first).tap();
  await pad(page, 'Pencil');
  assert.equal(await page.getByRole('button', { name: 'Pencil', exact: true }).getAttribute('aria-pressed'), 'true');
  await pad(page, '5');
  await pad(page, '7');
  assert.equal(await td(page, first).getAttribute('data-marks'), '57');
  await pad(page, 'Pencil');
  await cellInput(page, second).tap();
  await pad(page, wrongDigit(second));
  await page.getByRole('button', { name: 'Check', exact: true }).tap();
  await page.waitForSelector('td[data-wrong]');
  assert.equal(await td(page, second).getAttribute('data-wrong'), 'true');
  const e = new URL(page.url()).searchParams.get('e');
  assert.equal(e[second], wrongDigit(second), 'the address carries the progress');
  const board = await page.locator('table.board').boundingBox();
  assert.ok(board.x >= 0 && board.x + board.width <= 360, 'the board fits the phone');
  assert.deepEqual(errors, []);
  await page.close();
});

for (const [width, height] of [[390, 844], [360, 740]]) test(`on a ${width}×${height} phone a hint's step and Apply are on the screen, the pad back at a tap`, async () => {
  const tall = await launch({ width, height }, { isMobile: true, hasTouch: true });
  try {
    const { page, errors } = await openPage(tall.context, `${server.url}?p=${NEWSPAPER}`);
    // A person typing: a cell tapped, the pad open, then Hint.
    const open = [...NEWSPAPER].findIndex((c) => c === '.');
    await page.locator('table.board td').nth(open).tap();
    const pad = page.getByRole('group', { name: 'Digit pad' });
    assert.ok(await pad.isVisible());
    await page.getByRole('button', { name: 'Hint', exact: true }).tap();
    const apply = page.getByRole('button', { name: 'Apply', exact: true });
    await apply.waitFor();
    for (const [what, box] of [['the step', await page.locator('.hint-note').boundingBox()], ['Apply', await apply.boundingBox()]]) {
      assert.ok(box.y >= 0 && box.y + box.height <= height, `${what} ends at ${box.y + box.height}`);
    }
    assert.equal(await pad.isVisible(), false, 'the pad folded away for the step');
    await page.locator('table.board td').nth(open).tap();
    assert.ok(await pad.isVisible(), 'a tap brings the pad back');
    assert.deepEqual(errors, []);
  } finally {
    await tall.close();
  }
});

test('on a 390×844 phone the new controls leave the board and Solve on the first screen', async () => {
  const tall = await launchPhone();
  try {
    const { page, errors } = await openPage(tall.context, `${server.url}?p=${inkala.puzzle}`);
    const solve = await page.getByRole('button', { name: 'Solve', exact: true }).boundingBox();
    assert.ok(solve.y + solve.height <= 844, `Solve ends at ${solve.y + solve.height}`);
    for (const name of ['Check', 'Hint']) {
      const box = await page.getByRole('button', { name, exact: true }).boundingBox();
      assert.ok(box.y + box.height <= 844, `${name} ends at ${box.y + box.height}`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await tall.close();
  }
});


/** The next step on `puzzle` as the command line says it (build it with `cargo build --release --bin sudoku`). */
function cliHint(puzzle) {
  const target = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
  const out = execFileSync(join(target, 'release', 'sudoku'), ['hint', '--json', puzzle], { encoding: 'utf8' });
  const step = JSON.parse(out.trim().split('\n')[0]);
  const cell = ([r, c]) => (r - 1) * 9 + (c - 1);
  const placements = step.placements.map((t) => [cell(t), String(t[2])]);
  const eliminations = step.eliminations.map((t) => [cell(t), String(t[2])]);
  const targets = [...new Set([...placements, ...eliminations].map(([i]) => i))].sort((a, b) => a - b);
  return { placements, eliminations, targets };
}

/** Each cell's `data-hint`, `data-value` and `data-marks`. */
const cellStates = (page) =>
  page.$$eval('table.board td', (tds) => tds.map((td) => ({ hint: td.dataset.hint, value: td.dataset.value, marks: td.dataset.marks })));

/** Hint shows the command line's step on `puzzle`; Apply changes exactly those cells. */
async function hintAndApply(page, puzzle, press) {
  const step = cliHint(puzzle);
  const before = await cellStates(page);
  await press(page.getByRole('button', { name: 'Hint', exact: true }));
  await page.waitForSelector('[role=note]');
  const shown = await cellStates(page);
  const targets = shown.flatMap((c, i) => (c.hint === 'target' ? [i] : []));
  assert.deepEqual(targets, step.targets, 'the targets are the step’s cells');
  for (const [i, d] of step.eliminations) assert.ok(shown[i].marks.includes(d), `${d} shown struck at ${i}`);
  if (step.eliminations.length > 0) assert.ok(shown.some((c) => c.hint === 'pattern'), 'a pattern');
  assert.ok((await page.getByRole('note').textContent()).length > 10, 'a sentence');
  await press(page.getByRole('button', { name: 'Apply', exact: true }));
  await page.waitForFunction(() => !document.querySelector('[role=note]'));
  const after = await cellStates(page);
  for (let i = 0; i < 81; i++) {
    if (step.targets.includes(i)) continue;
    assert.deepEqual([after[i].value, after[i].marks], [before[i].value, before[i].marks], `cell ${i} unchanged`);
  }
  for (const [i, d] of step.placements) assert.equal(after[i].value, d, `placed at ${i}`);
  for (const [i, d] of step.eliminations) {
    assert.ok(after[i].marks && !after[i].marks.includes(d), `${d} struck at ${i}: ${after[i].marks}`);
  }
  assert.ok(after.every((c) => c.hint === undefined), 'the hint goes once made');
}

test('Hint highlights the command line’s step; Apply makes exactly it; Hint again gives the next', async () => {
  const { page, errors } = await openPage(desktop.context, `${server.url}?p=${NEWSPAPER}`);
  await hintAndApply(page, NEWSPAPER, (button) => button.click());
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await page.waitForSelector('[role=note]');
  assert.ok(await page.$('td[data-hint=target]'), 'the next step');
  await cellInput(page, 2).click();
  await page.keyboard.type('4');
  await page.waitForFunction(() => !document.querySelector('[role=note], td[data-hint]'));
  assert.deepEqual(errors, []);
  await page.close();
});

for (const device of ['desktop', '360 px phone']) {
  test(`a contradicted puzzle: Hint says which entry is wrong (${device})`, async () => {
    const browser = device === 'desktop' ? desktop : phone;
    const { page, errors } = await openPage(browser.context, `${server.url}?p=${inkala.puzzle}`);
    const i = openCells(inkala.puzzle).find((j) => candidates(inkala.puzzle, j).replace(inkala.solution[j], '') !== '');
    const digit = candidates(inkala.puzzle, i).replace(inkala.solution[i], '')[0];
    await cellInput(page, i).click();
    await page.keyboard.type(digit);
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await page.waitForSelector('[role=note]');
    assert.match(await page.getByRole('note').textContent(), /is wrong/);
    const targets = (await cellStates(page)).flatMap((c, j) => (c.hint === 'target' ? [j] : []));
    assert.deepEqual(targets, [i]);
    assert.equal(await td(page, i).getAttribute('data-wrong'), 'true');
    assert.equal(await page.getByRole('button', { name: 'Apply', exact: true }).count(), 0, 'nothing to apply');
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('on a 360 px phone: Hint shows a pattern and the candidate it strikes; Apply strikes it', async () => {
  const cheese = (await famous()).find((f) => f.name.startsWith('Cheese')).puzzle;
  const { page, errors } = await openPage(phone.context, `${server.url}?p=${cheese}`);
  assert.ok(cliHint(cheese).eliminations.length > 0, 'a step that strikes candidates');
  await hintAndApply(page, cheese, (button) => button.tap());
  const board = await page.locator('table.board').boundingBox();
  assert.ok(board.x >= 0 && board.x + board.width <= 360, 'the board fits the phone');
  assert.deepEqual(errors, []);
  await page.close();
});
