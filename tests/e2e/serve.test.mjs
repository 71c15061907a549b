// The README's `./.ci/serve`, as a new user runs it: the app it serves on 127.0.0.1:8080 loads,
// solves Inkala's puzzle and raises no console error (the other browser tests serve dist/
// themselves, so they cannot see what its production build changes).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, withPage, famous, root } from './harness.mjs';
import { isSolutionOf, pasteInto, readCells } from './sudoku.mjs';

const URL = 'http://127.0.0.1:8080/';
let serve, browser, served, log = '';

/** Whether something answers at `url`. */
const answers = (url) => fetch(url).then((r) => r.ok, () => false);

before(async () => {
  assert.equal(await answers(URL), false, `something already serves ${URL}: stop it first`);
  // Its production build goes to a folder of its own: dist/ keeps the diagnostics build that the
  // other browser tests call.
  served = await mkdtemp(join(tmpdir(), 'serve-dist-'));
  const env = { ...process.env, TRUNK_BUILD_DIST: served };
  serve = spawn(join(root, '.ci', 'serve'), [], { cwd: root, detached: true, env });
  serve.stdout.on('data', (d) => (log += d));
  serve.stderr.on('data', (d) => (log += d));
  const deadline = Date.now() + 10 * 60_000;
  while (!(await answers(URL))) {
    assert.ok(Date.now() < deadline && serve.exitCode === null, `./.ci/serve did not serve:\n${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  browser = await launch();
});

after(async () => {
  await browser?.close();
  if (serve && serve.exitCode === null) process.kill(-serve.pid, 'SIGTERM');
  if (served) await rm(served, { recursive: true, force: true });
});

test('the app ./.ci/serve serves loads and solves with no console error', async () => {
  const { puzzle } = (await famous())[0];
  await withPage(browser.context, URL, async (page) => {
    await pasteInto(page, 0, puzzle);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForSelector('#status[data-state="solved"]', { timeout: 60_000 });
    const grid = (await readCells(page)).map((c) => c.value).join('');
    assert.ok(isSolutionOf(grid, puzzle), grid);
    await page.getByRole('button', { name: 'Race', exact: true }).click();
    await page.getByRole('button', { name: 'Start the race' }).click();
    await page.waitForSelector('#race-status[data-state="over"]', { timeout: 120_000 });
  });
});
