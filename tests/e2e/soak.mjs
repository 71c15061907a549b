// The soak: an annealer that cannot solve its puzzle (the faithful Ising preset on Inkala's),
// animated for a long time, sampled every window for the page's frame intervals, its JS heap
// after a collection, its DOM, and the wasm heaps of the page and of the solver's worker: the
// bytes they hold live (which a leak raises) and the size of their memories (a high-water mark,
// which the allocator raises a 64 KiB page at a time as fragmentation asks, and never lowers).
// `tests/e2e/soak.test.mjs` runs it for a minute; `node benches/soak.mjs` for ten.
import { famous, percentile, recordFrameGaps, takeFrameGaps, pick } from './harness.mjs';

/** Seconds of the run before the first sample, while the page's first frames, run and plot
 * take their memory. */
const WARM_UP = 20;

/** Runs the soak in `context` against the app at `url` for `seconds` after a warm-up,
 * sampling every `window` seconds; returns the samples, how long Stop took, and any console
 * errors. */
export async function soak(context, url, { seconds, window, log = () => {} }) {
  const inkala = (await famous())[0];
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.addInitScript(() => {
    addEventListener('TrunkApplicationStarted', (e) => {
      window.soakWasm = e.detail.wasm;
    });
  });
  await page.goto(`${url}?p=${inkala.puzzle}&s=ising-faithful`);
  await page.waitForSelector('table.board input');
  // The 2019 demo's pace throughout, and the longest time limit (a run reaching it is started
  // again below, as one that solves is).
  await pick(page, 'Speed', '50000');
  await pick(page, 'Time limit', '300');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await recordFrameGaps(page);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'running');
  await page.waitForFunction(() => window.soakWasm);
  const status = page.locator('#status');
  // A wasm heap as [bytes in use, memory size]: the page's engine, then the worker's.
  const pageHeap = () =>
    page.evaluate(() => [window.soakWasm.heap_bytes_in_use(), window.soakWasm.memory.buffer.byteLength]);
  const workerHeap = async () => {
    for (const w of page.workers().reverse()) {
      const heap = await w.evaluate(() =>
        self.engine ? [self.engine.heap_bytes_in_use(), self.engine.memory.buffer.byteLength] : null,
      );
      if (heap !== null) return heap;
    }
    return [null, null];
  };
  // The faithful preset very rarely solves Inkala's puzzle (a few per cent of seeds within a
  // minute of racing): should it, or should the run reach its time limit, Solve is pressed again
  // at once, as a person watching would, so that a run animates through every window. Solves are
  // counted.
  await page.evaluate(() => {
    window.soakSolves = 0;
    window.soakGoing = true;
    const status = document.querySelector('#status');
    new MutationObserver(() => {
      const state = status.dataset.state;
      if (!window.soakGoing || (state !== 'solved' && state !== 'stopped')) return;
      if (state === 'solved') window.soakSolves += 1;
      [...document.querySelectorAll('button')].find((b) => b.textContent === 'Solve').click();
    }).observe(status, { attributes: true, attributeFilter: ['data-state'] });
  });
  await page.waitForTimeout(WARM_UP * 1000);
  const samples = [];
  const started = Date.now();
  await takeFrameGaps(page);
  // A count of windows, not a deadline: on a loaded machine the sampling itself takes seconds.
  for (let taken = 0; taken < Math.ceil(seconds / window); taken += 1) {
    await page.waitForTimeout(window * 1000);
    const gaps = await takeFrameGaps(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const [pageInUse, pageWasm] = await pageHeap();
    const [workerInUse, workerWasm] = await workerHeap();
    const metrics = Object.fromEntries(
      (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
    );
    const sample = {
      at: (Date.now() - started) / 1000,
      frames: gaps.length,
      median: percentile(gaps, 50),
      p95: percentile(gaps, 95),
      heap: metrics.JSHeapUsedSize,
      nodes: metrics.Nodes,
      listeners: metrics.JSEventListeners,
      pageInUse,
      pageWasm,
      workerInUse,
      workerWasm,
      state: await status.getAttribute('data-state'),
      solves: await page.evaluate(() => window.soakSolves),
      ticks: await page.evaluate(
        () => [...document.querySelectorAll('dl.stats div')].find((d) => d.querySelector('dt').textContent === 'Tick')?.querySelector('dd').textContent,
      ),
    };
    samples.push(sample);
    log(sample);
    if (sample.state !== 'running') break;
  }
  await page.evaluate(() => {
    window.soakGoing = false;
  });
  const before = Date.now();
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'stopped');
  const stopMs = Date.now() - before;
  const solveEnabled = await page.getByRole('button', { name: 'Solve', exact: true }).isEnabled();
  await page.close();
  return { samples, stopMs, solveEnabled, errors };
}

/** Growth of `key` over the soak, as a fraction (0.05 is 5 %): the lowest value of the last
 * third of the samples against the lowest of the first third. What a collection cannot free sets
 * the floor, so a leak raises it, while objects still in flight at one reading (a message, a
 * frame's strings) only lift single samples. */
export function growth(samples, key) {
  const third = Math.max(1, Math.floor(samples.length / 3));
  const floor = (part) => Math.min(...part.map((s) => s[key]));
  const first = floor(samples.slice(0, third));
  return (floor(samples.slice(-third)) - first) / first;
}
