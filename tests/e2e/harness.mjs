// Shared set-up for the browser tests and the browser benchmark: serve dist/ on loopback and
// drive Debian's Chromium with playwright-core.
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveFolder } from '../../.ci/static.mjs';
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import { before, after } from 'node:test';

export const root = fileURLToPath(new URL('../..', import.meta.url));
// DIST serves another build (a copy kept still while dist/ is rebuilt).
const dist = process.env.DIST ?? join(root, 'dist');

/** Serves the built app from dist/ (or `from`, another build) on 127.0.0.1 at a free port, under
 * `base` (.ci/static.mjs says more). */
export const serveDist = (base = '/', from = dist, { gzip = false } = {}) =>
  serveFolder(from, { base, gzip });

/** A 390×844 touch phone, the size every phone test takes. */
export function launchPhone() {
  return launch({ width: 390, height: 844 }, { isMobile: true, hasTouch: true });
}

/** Headless Chromium on a fresh profile, with the flags this closed network needs (and any
 * `options.args` after them, such as a fake camera's). */
export async function launch(viewport = { width: 1280, height: 900 }, options = {}) {
  const { args = [], ...rest } = options;
  const profile = await mkdtemp(join(tmpdir(), 'ising-sudoku-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    viewport,
    ...rest,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...args,
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Opens `url` in a new page that records console errors and uncaught exceptions. */
export async function openPage(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(url);
  await page.waitForSelector('nav.views button');
  return { page, errors };
}

/** Opens `url` in `context`, runs `body` on the page, and fails on any console error it caused. */
export async function withPage(context, url, body) {
  const { page, errors } = await openPage(context, url);
  try {
    await body(page);
    assert.deepEqual(errors, [], 'console errors');
  } finally {
    await page.close();
  }
}

/** The nearest-rank percentile, the definition of `bench::percentile` in the engine (the median
 * is the lower middle of an even count); NaN for no values. */
export function percentile(xs, pct) {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil((pct * sorted.length) / 100)) - 1] ?? NaN;
}

/** Starts recording the page's animation-frame intervals (until the page is left). */
export async function recordFrameGaps(page) {
  await page.evaluate(() => {
    window.frameGaps = [];
    let last = 0;
    const tick = (t) => {
      if (last) window.frameGaps.push(t - last);
      last = t;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** The frame intervals recorded since the last call, in milliseconds. */
export function takeFrameGaps(page) {
  return page.evaluate(() => window.frameGaps.splice(0));
}

/** Opens the settings sheet as a person does (the toolbar's Settings button) and returns it. */
export async function openSettings(page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Settings' });
  await sheet.waitFor();
  return sheet;
}

/** Closes the settings sheet with its Done button. */
export async function closeSettings(page) {
  const sheet = page.getByRole('dialog', { name: 'Settings' });
  await sheet.getByRole('button', { name: 'Done', exact: true }).click();
  await sheet.waitFor({ state: 'hidden' });
}

/** Opens the settings sheet, does `body(sheet)` there, and closes it again. */
export async function inSettings(page, body) {
  const sheet = await openSettings(page);
  await body(sheet);
  await closeSettings(page);
}

/** Picks `value` in the settings sheet's select named `label` (Speed, Time limit, Difficulty,
 * Board size). */
export function pick(page, label, value) {
  return inSettings(page, (sheet) => sheet.getByRole('combobox', { name: label, exact: true }).selectOption(value));
}

/** Presses Stop if a run is still going; a run that ends meanwhile disables it, which is fine. */
export async function stopIfRunning(page) {
  const stop = page.getByRole('button', { name: 'Stop', exact: true });
  if (!(await stop.isEnabled())) return;
  try {
    await stop.click({ timeout: 5_000 });
  } catch (error) {
    if (await stop.isEnabled()) throw error;
  }
}

/** Reads the famous puzzles (puzzle, solution, name) from tests/data. */
export async function famous() {
  const text = await readFile(join(root, 'tests', 'data', 'famous.txt'), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [puzzle, solution, name] = line.split('\t');
      return { puzzle, solution, name };
    });
}

/** A test file's set-up: the built app served, one browser, and Inkala's puzzle (`app.inkala`),
 * started before its tests and closed after them. */
export function useApp() {
  const app = {};
  before(async () => {
    app.server = await serveDist();
    app.browser = await launch();
    app.inkala = (await famous())[0];
  });
  after(async () => {
    await app.browser?.close();
    await app.server?.close();
  });
  return app;
}
