// The page's main-thread CPU per frame while a 25×25 expert puzzle anneals at the default speed,
// from Chromium's trace: less sensitive to a loaded machine than the frame intervals. Builds are
// measured alternately (base, new, base, new …) in one browser.
//
//   node benches/trace.mjs [--dist base=/tmp/base-dist] [--dist new=dist] [--runs 3] [--seconds 4]
//
// Each `--dist` is a folder `trunk build --release` wrote (default: dist/). Prints, per build and
// view, the median over runs of the main thread's milliseconds per frame drawn: all its tasks, and
// the frame callbacks (script, with any layout they force), style, layout, paint and layerization.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { serveDist, launch, openPage, root, percentile, recordFrameGaps, takeFrameGaps, stopIfRunning } from '../tests/e2e/harness.mjs';

const values = (name) => process.argv.flatMap((a, i) => (a === name ? [process.argv[i + 1]] : []));
const runs = Number(values('--runs')[0] ?? 3);
const seconds = Number(values('--seconds')[0] ?? 4);
const builds = (values('--dist').length ? values('--dist') : ['new=dist']).map((d) => {
  const [name, path] = d.includes('=') ? d.split('=') : [d, d];
  return { name, dir: resolve(root, path) };
});
const views = ['Digits', 'Spins'];
// What each row sums: trace event names, inclusive of what runs inside them.
const parts = {
  'frame callbacks': ['FireAnimationFrame'],
  style: ['UpdateLayoutTree'],
  layout: ['Layout'],
  'pre-paint': ['PrePaint'],
  paint: ['Paint'],
  layerize: ['Layerize'],
  commit: ['Commit'],
};
const categories = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink'].join(',');

const expert25 = (await readFile(join(root, 'benches', 'data', 'generated_25_expert.txt'), 'utf8')).split('\n')[0];
const browser = await launch({ width: 1280, height: 2400 });
for (const build of builds) build.server = await serveDist('/', build.dir);
const { page } = await openPage(browser.context, builds[0].server.url);

/** The trace's events while `body` runs. */
async function traced(body) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  await body();
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  return events;
}

/** Thread milliseconds per frame: all top-level tasks, and each part, on the page's main thread
 * (the renderer thread that ran the most animation frames). */
function perFrame(events, frames) {
  const names = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  const count = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === 'FireAnimationFrame' && names.get(key) === 'CrRendererMain') count.set(key, (count.get(key) ?? 0) + 1);
  }
  const main = [...count].sort((a, b) => b[1] - a[1])[0]?.[0];
  const mine = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.tdur !== undefined);
  // Top-level tasks only: a task inside another is already counted in it.
  const tasks = mine.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
  let end = -Infinity;
  let total = 0;
  for (const t of tasks) {
    if (t.ts >= end) {
      total += t.tdur;
      end = t.ts + t.dur;
    }
  }
  const row = { all: total / 1000 / frames };
  for (const [part, eventNames] of Object.entries(parts)) {
    row[part] = mine.filter((e) => eventNames.includes(e.name)).reduce((s, e) => s + e.tdur, 0) / 1000 / frames;
  }
  return row;
}

/** One traced run of the first 25×25 expert puzzle in `view` on `build`. */
async function once(build, view) {
  await page.goto(`${build.server.url}?size=25&p=${expert25}&s=ising`);
  await page.waitForSelector('table.board input');
  await page.getByRole('radio', { name: view, exact: true }).check();
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForSelector('[role=status][data-state=running]');
  // Past the run's first frames, which lay the page out anew.
  await page.waitForTimeout(500);
  let frames = 0;
  const events = await traced(async () => {
    await recordFrameGaps(page);
    await page.waitForTimeout(seconds * 1000);
    frames = (await takeFrameGaps(page)).length;
  });
  const running = await page.evaluate(() => document.querySelector('[role=status]').dataset.state === 'running');
  await stopIfRunning(page);
  return { ...perFrame(events, frames), frames, running };
}

const results = [];
for (let r = 0; r < runs; r++) {
  for (const view of views) {
    for (const build of builds) {
      const row = await once(build, view);
      results.push({ build: build.name, view, ...row });
      console.error(`run ${r + 1} ${build.name} ${view}: ${row.all.toFixed(2)} ms/frame, ${row.frames} frames${row.running ? '' : ' (the run ended inside the trace)'}`);
    }
  }
}

const columns = ['all', ...Object.keys(parts)];
console.log(`\n| 25×25 expert, default speed | view | frames | ${columns.join(' ms | ')} ms |`);
console.log(`|---|---|---:|${columns.map(() => '---:').join('|')}|`);
for (const view of views) {
  for (const build of builds) {
    const mine = results.filter((r) => r.build === build.name && r.view === view);
    const med = (k) => percentile(mine.map((r) => r[k]), 50);
    console.log(`| ${build.name} | ${view} | ${med('frames')} | ${columns.map((k) => med(k).toFixed(2)).join(' | ')} |`);
  }
}
await browser.close();
for (const build of builds) await build.server.close();
