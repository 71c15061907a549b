// The browser benchmark: the engine's rates and times in headless Chromium (wasm), each beside the
// native figure measured in the same run, and the animated solve as a person sees it.
//
//   node benches/browser.mjs [--runs 5] [--part ising|exact|frames|qubo|hopfield|bp|generate|large|hints|race|all]
//
// Needs `trunk build --release --features diagnostics` (dist/ with the benchmark exports) and
// `cargo build --release` (target/release/sudoku). That dist/ runs the engine as the page's thread
// is built, for size; `benches/worker_dist.sh` then `DIST=target/dist-worker` times it as the
// worker is built, where the page runs every solver.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { serveDist, launch, openPage, root, famous, percentile, recordFrameGaps, takeFrameGaps, stopIfRunning } from '../tests/e2e/harness.mjs';
import { typePuzzle } from '../tests/e2e/sudoku.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('--runs', 5));
const part = arg('--part', 'all');
const shared = join(root, '..', 'shared', 'puzzles');
const nativeBin = join(root, 'target', 'release', 'sudoku');
const median = (xs) => percentile(xs, 50);

/** A seeded pick of `n` lines (mulberry32 shuffle), so every run measures the same puzzles. */
function sample(lines, n, seed) {
  let a = seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...lines];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}

const dir = await mkdtemp(join(tmpdir(), 'ising-bench-'));
const inkala = (await famous())[0].puzzle;
const sets = {
  'inkala x100': Array(100).fill(inkala),
  'inkala x1': [inkala],
  'inkala x20': Array(20).fill(inkala),
  'easy 41 givens': (await readFile(join(shared, 'famous.txt'), 'utf8'))
    .split('\n').filter((l) => l && !l.startsWith('#')).map((l, i) => {
      // Each famous solution with 40 cells blanked by a seeded shuffle: 41 givens.
      const cells = [...l.split('\t')[1]];
      sample([...Array(81).keys()], 40, 2026 + i).forEach((c) => { cells[c] = '.'; });
      return cells.join('');
    }),
  'famous.txt': (await readFile(join(shared, 'famous.txt'), 'utf8'))
    .split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.slice(0, 81)),
  'magictour 100 random': sample(
    (await readFile(join(shared, 'magictour_top1465.txt'), 'utf8')).split('\n').filter(Boolean), 100, 2026),
};
const files = {};
for (const [name, lines] of Object.entries(sets)) {
  files[name] = join(dir, name.replace(/\W+/g, '_') + '.txt');
  await writeFile(files[name], lines.join('\n') + '\n');
}

const server = await serveDist();
const browser = await launch();
const { page, errors } = await openPage(browser.context, server.url);
await page.waitForFunction(() => window.wasmBindings?.bench_set);

async function wasm(solver, set, seed, timeout) {
  const text = sets[set].join('\n');
  return JSON.parse(await page.evaluate(
    ([s, n, p, seed, t]) => window.wasmBindings.bench_set(s, n, p, seed, t, 0), [solver, set, text, seed, timeout]));
}
function native(solver, set, seed, timeout) {
  return JSON.parse(execFileSync(nativeBin, [
    'bench', '--solver', solver, '--set', files[set], '--seed', String(seed), '--timeout', String(timeout), '--json',
  ]));
}

/** Runs a measurement `runs` times alternately in wasm and natively and keeps the medians. */
async function compare(label, solver, set, timeout, pick) {
  const w = [], n = [];
  let lastW, lastN;
  for (let r = 0; r < runs; r++) {
    lastW = await wasm(solver, set, 1 + r * 1000, timeout);
    lastN = native(solver, set, 1 + r * 1000, timeout);
    w.push(pick(lastW));
    n.push(pick(lastN));
  }
  return { label, solver, set, wasm: median(w), native: median(n), lastW, lastN };
}

if (part === 'all' || part === 'ising') {
const rows = [];
  const flips = (r) => r.moves_per_second;
  rows.push(await compare('faithful flips/s (Inkala, 3 s run)', 'ising-faithful', 'inkala x1', 3, flips));
  rows.push(await compare('tuned moves/s (Inkala x100)', 'ising', 'inkala x100', 5, flips));
  rows.push(await compare('tuned median s (Inkala x100 seeds)', 'ising', 'inkala x100', 5, (r) => r.median_s));
  rows.push(await compare('tuned p90 s (Inkala x100 seeds)', 'ising', 'inkala x100', 5, (r) => r.p90_s));
  rows.push(await compare('tuned max s (Inkala x100 seeds)', 'ising', 'inkala x100', 5, (r) => r.max_s));
  rows.push(await compare('tuned max s (famous.txt, 9)', 'ising', 'famous.txt', 5, (r) => r.max_s));
  rows.push(await compare('tuned max s (magictour 100 random)', 'ising', 'magictour 100 random', 5, (r) => r.max_s));
  
  // Animated, as a person watches it: type Inkala, press Solve at 50,000 flips per tick.
  const animated = [], tickCost = [];
  for (let r = 0; r < Math.max(runs, 10); r++) {
    await page.reload();
    await page.waitForSelector('table.board input');
    await typePuzzle(page, inkala);
    await page.getByLabel('Speed').selectOption('50000');
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForSelector('[role=status][data-state="solved"]', { timeout: 120_000 });
    const stats = await page.locator('.stats').innerText();
    animated.push(Number(/Time\s+([\d.]+) s/.exec(stats)[1]));
    tickCost.push(Number(/Tick cost\s+([\d.]+) ms/.exec(stats)[1]));
  }
  
  const fmt = (x) => (x >= 1e5 ? `${(x / 1e6).toFixed(1)} M` : x.toFixed(4));
  console.log(`Machine: ${cpus().length} × ${cpus()[0].model}; Chromium headless; ${runs} runs each, medians.\n`);
  console.log('| measurement | wasm (Chromium) | native | wasm / native |');
  console.log('|---|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.label} | ${fmt(r.wasm)} | ${fmt(r.native)} | ${(r.wasm / r.native).toFixed(2)} |`);
  }
  const solvedNote = (r) => `${r.lastW.solved}/${r.lastW.total} in wasm, ${r.lastN.solved}/${r.lastN.total} native`;
  console.log(`\nSolved in the last run: ${rows.slice(2).map((r) => `${r.set}: ${solvedNote(r)}`).filter((v, i, a) => a.indexOf(v) === i).join('; ')}.`);
  const faithful = rows[0].wasm;
  console.log(`50,000 faithful flips take ${(50000 / faithful * 1000).toFixed(3)} ms in wasm.`);
  console.log(`Animated Inkala at 50,000 flips per tick: median ${median(animated).toFixed(2)} s over ${animated.length} solves ` +
    `(min ${Math.min(...animated).toFixed(2)}, max ${Math.max(...animated).toFixed(2)}); median tick cost ${median(tickCost).toFixed(2)} ms.`);
}

if (part === 'all' || part === 'exact') {
  await page.waitForFunction(() => window.wasmBindings?.bench_diagnosis);
  // The exact solver, solve plus uniqueness (count to 2), in wasm and natively on the same files.
  const exactRows = [];
  for (const name of ['17_clue.txt', 'magictour_top1465.txt', 'forum_hardest_1905_11plus.txt', 'forum_hardest_1106.txt']) {
    const file = join(shared, name);
    sets[name] = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
    files[name] = file;
    exactRows.push(await compare(`exact puzzles/s (${name})`, 'exact', name, 10, (r) => r.puzzles_per_second));
  }
  console.log(`\n| exact solver, solve + uniqueness | wasm (Chromium) | native | wasm / native |`);
  console.log('|---|---:|---:|---:|');
  for (const r of exactRows) {
    console.log(`| ${r.set} | ${Math.round(r.wasm)}/s | ${Math.round(r.native)}/s | ${(r.wasm / r.native).toFixed(2)} |`);
  }
  // The referee as the page runs it: every puzzle of every file, timed one by one.
  const worst = [];
  for (const name of ['17_clue.txt', 'famous.txt', 'forum_hardest_1106.txt', 'forum_hardest_1905_11plus.txt',
    'hard20_plb.txt', 'magictour_top1465.txt', 'serg_benchmark.txt', 'unbiased_first1000.txt']) {
    const text = await readFile(join(shared, name), 'utf8');
    const report = JSON.parse(await page.evaluate((t) => window.wasmBindings.bench_diagnosis(t), text));
    worst.push({ name, ...report });
  }
  console.log('\n| diagnosis in Chromium | puzzles | undecided | median ms | worst ms (median of 5) | max ms, single pass |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const w of worst) {
    console.log(`| ${w.name} | ${w.puzzles} | ${w.undecided} | ${w.median_ms.toFixed(3)} | ${w.max_ms.toFixed(2)} | ${w.max_single_pass_ms.toFixed(2)} |`);
  }
}

if (part === 'all' || part === 'qubo') {
  const rows = [
    await compare('qubo median s (Inkala, 20 seeds)', 'qubo', 'inkala x20', 10, (r) => r.median_s),
    await compare('qubo max s (Inkala, 20 seeds)', 'qubo', 'inkala x20', 10, (r) => r.max_s),
    await compare('qubo solved (Inkala, 20 seeds)', 'qubo', 'inkala x20', 10, (r) => r.solved),
    await compare('qubo median s (famous.txt, 9)', 'qubo', 'famous.txt', 10, (r) => r.median_s),
    await compare('qubo max s (famous.txt, 9)', 'qubo', 'famous.txt', 10, (r) => r.max_s),
    await compare('qubo solved (famous.txt, 9)', 'qubo', 'famous.txt', 10, (r) => r.solved),
    await compare('qubo steps/s (Inkala, 20 seeds)', 'qubo', 'inkala x20', 10, (r) => r.moves_per_second),
    await compare('qubo-faithful median s (easy, 41 givens, 9)', 'qubo-faithful', 'easy 41 givens', 10, (r) => r.median_s),
    await compare('qubo-faithful solved (easy, 41 givens, 9)', 'qubo-faithful', 'easy 41 givens', 10, (r) => r.solved),
    await compare('qubo-faithful steps/s (easy, 41 givens)', 'qubo-faithful', 'easy 41 givens', 10, (r) => r.moves_per_second),
  ];
  console.log(`\n| QUBO solvers (${runs} runs, medians) | wasm (Chromium) | native | wasm / native |`);
  console.log('|---|---:|---:|---:|');
  for (const r of rows) {
    const f = (x) => (x >= 1e5 ? `${(x / 1e6).toFixed(2)} M` : Number.isInteger(x) ? String(x) : x.toFixed(4));
    console.log(`| ${r.label} | ${f(r.wasm)} | ${f(r.native)} | ${(r.wasm / r.native).toFixed(2)} |`);
  }
  const exportMs = await page.evaluate((p) => {
    const times = [];
    let terms = 0;
    for (let i = 0; i < 21; i++) {
      const t = performance.now();
      terms = JSON.parse(window.wasmBindings.qubo_json(p)).binary_polynomial.terms.length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return { median: times[10], max: times[20], terms };
  }, inkala);
  console.log(`\nQUBO export of Inkala in wasm (JSON built and parsed back): median ${exportMs.median.toFixed(2)} ms, max ${exportMs.max.toFixed(2)} ms over 21 calls; ${exportMs.terms} terms.`);
}

/** Runs `solver` on `set` `n` times alternately in wasm and natively; every report of each. */
async function measure(solver, set, timeout, n) {
  const w = [], nat = [];
  for (let r = 0; r < n; r++) {
    w.push(await wasm(solver, set, 1 + r * 1000, timeout));
    nat.push(native(solver, set, 1 + r * 1000, timeout));
  }
  return { w, n: nat };
}

if (part === 'all' || part === 'hopfield') {
  // The puzzles naked and hidden singles alone solve, picked by the engine itself.
  const unbiased = await readFile(join(shared, 'unbiased_first1000.txt'), 'utf8');
  sets['unbiased singles'] = (await page.evaluate((t) => window.wasmBindings.solved_by_singles(t), unbiased)).split('\n');
  files['unbiased singles'] = join(dir, 'unbiased_singles.txt');
  await writeFile(files['unbiased singles'], sets['unbiased singles'].join('\n') + '\n');
  const rows = [];
  const row = (label, m, pick) => rows.push({ label, wasm: median(m.w.map(pick)), native: median(m.n.map(pick)) });
  const singles = await measure('hopfield', 'unbiased singles', 10, runs);
  const count = sets['unbiased singles'].length;
  row(`solved of ${count} singles puzzles (10 s each)`, singles, (r) => r.solved);
  row('median s (singles)', singles, (r) => r.median_s);
  row('p90 s (singles)', singles, (r) => r.p90_s);
  row('max s (singles)', singles, (r) => r.max_s);
  row('neuron updates/s (singles)', singles, (r) => r.moves_per_second);
  const hard = Math.max(1, Math.ceil(runs / 3));
  const famousRuns = await measure('hopfield', 'famous.txt', 60, hard);
  row('solved of famous.txt (9, 60 s each)', famousRuns, (r) => r.solved);
  row('median s (famous.txt)', famousRuns, (r) => r.median_s);
  row('max s (famous.txt)', famousRuns, (r) => r.max_s);
  const inkalaRuns = await measure('hopfield', 'inkala x20', 60, hard);
  row('solved of Inkala x20 seeds (60 s each)', inkalaRuns, (r) => r.solved);
  row('median s (Inkala x20 seeds)', inkalaRuns, (r) => r.median_s);
  row('max s (Inkala x20 seeds)', inkalaRuns, (r) => r.max_s);
  console.log(`\n| hopfield (singles: ${runs} runs; famous, Inkala: ${hard}; medians) | wasm (Chromium) | native | wasm / native |`);
  console.log('|---|---:|---:|---:|');
  for (const r of rows) {
    const f = (x) => (x >= 1e5 ? `${(x / 1e6).toFixed(1)} M` : Number.isInteger(x) ? String(x) : x.toFixed(4));
    console.log(`| ${r.label} | ${f(r.wasm)} | ${f(r.native)} | ${(r.wasm / r.native).toFixed(2)} |`);
  }
}

if (part === 'all' || part === 'bp') {
  // The report's bands of givens (tools/make_bands.py), 100 puzzles each.
  for (const band of ['29_32', '25_28', '21_24']) {
    sets[`band ${band}`] = (await readFile(join(root, 'benches', 'data', `bands_${band}.txt`), 'utf8')).split('\n').filter(Boolean);
    files[`band ${band}`] = join(root, 'benches', 'data', `bands_${band}.txt`);
  }
  const rows = [];
  const row = (label, m, pick) => rows.push({ label, wasm: median(m.w.map(pick)), native: median(m.n.map(pick)) });
  const mean = (r) => 1 / r.puzzles_per_second;
  for (const band of ['29_32', '25_28', '21_24']) {
    const m = await measure('bp', `band ${band}`, 10, runs);
    row(`bp solved (${band.replace('_', '–')} givens, 100)`, m, (r) => r.solved);
    row(`bp mean s per puzzle (${band.replace('_', '–')})`, m, mean);
    row(`bp max s (${band.replace('_', '–')})`, m, (r) => r.max_s);
  }
  const famousBp = await measure('bp', 'famous.txt', 10, runs);
  row('bp solved (famous.txt, 9, 10 s each)', famousBp, (r) => r.solved);
  row('bp max s (famous.txt)', famousBp, (r) => r.max_s);
  const inkalaBp = await measure('bp', 'inkala x1', 10, runs);
  row('bp s (Inkala)', inkalaBp, (r) => r.max_s);
  // The report's pipeline gives up only after a million generations, so it runs on the first
  // 20 puzzles of each band with 5 s each.
  for (const band of ['29_32', '25_28', '21_24']) {
    sets[`band ${band} (20)`] = sets[`band ${band}`].slice(0, 20);
    files[`band ${band} (20)`] = join(dir, `band_${band}_20.txt`);
    await writeFile(files[`band ${band} (20)`], sets[`band ${band} (20)`].join('\n') + '\n');
    const m = await measure('bp-faithful', `band ${band} (20)`, 5, 1);
    row(`bp-faithful solved (${band.replace('_', '–')} givens, first 20, 5 s each)`, m, (r) => r.solved);
    const alone = await measure('bp-alone', `band ${band}`, 5, 1);
    row(`bp-alone solved (${band.replace('_', '–')} givens, 100)`, alone, (r) => r.solved);
  }
  console.log(`\n| belief propagation (bp: ${runs} runs, bp-faithful: 1; medians) | wasm (Chromium) | native | wasm / native |`);
  console.log('|---|---:|---:|---:|');
  for (const r of rows) {
    const f = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(4));
    console.log(`| ${r.label} | ${f(r.wasm)} | ${f(r.native)} | ${(r.wasm / r.native).toFixed(2)} |`);
  }
}

if (part === 'all' || part === 'frames') {
  // Frame intervals as a person's screen sees them: the page's own requestAnimationFrame cadence
  // while a run animates at 50,000 flips per frame on Inkala, in each view, plot visible.
  const intervals = async (solver, layer, seconds, board = `p=${inkala}`, speed = '50000') => {
    await page.goto(`${server.url}?${board}&s=${solver}`);
    await page.waitForSelector('table.board input');
    await page.getByRole('radio', { name: layer, exact: true }).check();
    if (speed) await page.getByLabel('Speed').selectOption(speed);
    await recordFrameGaps(page);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    // The grid and the plot both on screen, as a person watches them.
    const plot = await page.getByRole('img', { name: /^Plot/ }).boundingBox();
    const grid = await page.locator('table.board').boundingBox();
    if (!plot || !grid || plot.y + plot.height > page.viewportSize().height || grid.y < 0) throw new Error(`grid or plot off screen: ${JSON.stringify([plot, grid])}`);
    await page.waitForFunction(
      (s) => document.querySelector('[role=status]').dataset.state !== 'running' || performance.now() > s,
      (await page.evaluate(() => performance.now())) + seconds * 1000,
      { timeout: 0, polling: 100 },
    );
    await stopIfRunning(page);
    const gaps = await takeFrameGaps(page);
    // The first gap includes the click; keep the ones while the run animated.
    return gaps.slice(1);
  };
  // Tall enough for the grid and the plot under it, both painted.
  await page.setViewportSize({ width: 1280, height: 1600 });
  const frameRows = [];
  for (const [solver, seconds] of [['ising', 3], ['ising-faithful', 3]]) {
    for (const layer of ['Digits', 'Spins']) {
      const gaps = [];
      for (let r = 0; r < runs; r++) gaps.push(...(await intervals(solver, layer, seconds)));
      frameRows.push({ solver, layer, n: gaps.length, median: median(gaps), p95: percentile(gaps, 95), max: Math.max(...gaps) });
    }
  }
  // A 25×25 expert puzzle at the page's default speed: the board the annealer now solves.
  const expert25 = (await readFile(join(root, 'benches', 'data', 'generated_25_expert.txt'), 'utf8')).split('\n')[0];
  // Tall enough for the 25×25 grid and the plot below it, both painted.
  await page.setViewportSize({ width: 1280, height: 2400 });
  for (const layer of ['Digits', 'Spins']) {
    const gaps = [];
    for (let r = 0; r < runs; r++) gaps.push(...(await intervals('ising', layer, 5, `size=25&p=${expert25}`, null)));
    frameRows.push({ solver: 'ising, 25×25 expert, default speed', layer, n: gaps.length, median: median(gaps), p95: percentile(gaps, 95), max: Math.max(...gaps) });
  }
  console.log('\n| animated at 50,000 flips per frame (Inkala) | view | frames | median interval ms | p95 ms | max ms |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const r of frameRows) {
    console.log(`| ${r.solver} | ${r.layer} | ${r.n} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.max.toFixed(1)} |`);
  }
}

if (part === 'all' || part === 'generate') {
  // New puzzles: wasm in Chromium beside native, the same seeds; per level, the median time per
  // puzzle, and the mean guesses a plain search makes on them.
  const plan = [
    [9, ['easy', 'medium', 'hard', 'expert'], 100],
    [16, ['easy', 'medium', 'hard', 'expert'], 10],
    [25, ['easy', 'medium', 'hard', 'expert'], 3],
  ];
  console.log(`\n| generation (median of ${runs} runs) | puzzles | wasm median ms | wasm p90 ms | native median ms | wasm / native | as asked | minimal | givens | guesses |`);
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [side, levels, count] of plan) {
    for (const level of levels) {
      const w = [], n = [];
      let last;
      const times = side === 9 ? runs : 1;
      for (let r = 0; r < times; r++) {
        last = JSON.parse(await page.evaluate(
          ([s, l, seed, c]) => window.wasmBindings.bench_generation(s, l, false, seed, c),
          [side, level, 1 + r * 1000, count]));
        w.push(last);
        n.push(JSON.parse(execFileSync(nativeBin, [
          'generate', '--report', '--json', '--size', String(side), '--difficulty', level,
          '--seed', String(1 + r * 1000), '--count', String(count),
        ]))[0]);
      }
      const wm = median(w.map((x) => x.median_ms)), nm = median(n.map((x) => x.median_ms));
      console.log(`| ${side}×${side} ${level} | ${count} | ${wm.toFixed(1)} | ${median(w.map((x) => x.p90_ms)).toFixed(1)} | ${nm.toFixed(1)} | ${(wm / nm).toFixed(2)} | ${last.as_asked} | ${last.minimal} | ${last.mean_givens.toFixed(1)} | ${last.mean_guesses === null ? 'over 200000 on one' : last.mean_guesses.toFixed(1)} |`);
    }
  }
}

if (part === 'all' || part === 'hints') {
  // The hint ladder in wasm: each file solved hint by hint on the page's thread, every hint
  // timed (`cargo bench --bench hints` prints the native figures of the same files).
  await page.waitForFunction(() => window.wasmBindings?.bench_hints);
  const plan = [
    ['unbiased_first1000.txt', join(shared, 'unbiased_first1000.txt'), 1000],
    ['17_clue.txt, first 2000', join(shared, '17_clue.txt'), 2000],
    ['generated_16_hard.txt, first 10', join(root, 'benches', 'data', 'generated_16_hard.txt'), 10],
  ];
  console.log('\n| hints in wasm | puzzles | solved | hints | hint median ms | hint p99 ms | hint max ms | whole median ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [name, file, count] of plan) {
    const text = (await readFile(file, 'utf8')).split('\n').filter((l) => l && !l.startsWith('#')).slice(0, count).join('\n');
    const rows = [];
    for (let r = 0; r < runs; r++) rows.push(JSON.parse(await page.evaluate((t) => window.wasmBindings.bench_hints(t), text)));
    const m = (key) => median(rows.map((x) => x[key])).toFixed(3);
    const last = rows[rows.length - 1];
    console.log(`| ${name} | ${last.puzzles} | ${last.solved} | ${last.hints} | ${m('hint_median_ms')} | ${m('hint_p99_ms')} | ${m('hint_max_ms')} | ${m('whole_median_ms')} |`);
  }
}

if (part === 'all' || part === 'large') {
  // The tuned annealer on every generated 16×16 hard (10 s each) and 25×25 expert puzzle (60 s
  // each), in wasm and natively alternately, the same seeds (one run: failures take the limit).
  const plan = [
    ['16×16 hard', 'generated_16_hard.txt', 10],
    ['25×25 expert', 'generated_25_expert.txt', 60],
  ];
  console.log('\n| ising, generated puzzles | limit s | wasm solved | wasm median s | wasm p90 s | native solved | native median s | wasm / native median |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [name, file, limit] of plan) {
    sets[name] = (await readFile(join(root, 'benches', 'data', file), 'utf8')).split('\n').filter(Boolean);
    files[name] = join(dir, file);
    await writeFile(files[name], sets[name].join('\n') + '\n');
    const w = await wasm('ising', name, 1, limit);
    const n = native('ising', name, 1, limit);
    console.log(`| ${name} (${w.total}) | ${limit} | ${w.solved} | ${w.median_s.toFixed(2)} | ${w.p90_s.toFixed(2)} | ${n.solved} | ${n.median_s.toFixed(2)} | ${(w.median_s / n.median_s).toFixed(2)} |`);
  }
}

if (part === 'all' || part === 'race') {
  // The race: the main thread's frame intervals while six solvers race in workers, and each
  // racer's throughput beside its rate alone in a worker (the same page, the same run). Moves and
  // times are read from the results table, as a person reads them.
  const racing = async (puzzle, size, racers, limit) => {
    const sizeQuery = size === 9 ? '' : `size=${size}&`;
    await page.goto(`${server.url}?${sizeQuery}p=${puzzle}&view=race&racers=${racers.join(',')}&limit=${limit}&seed=7`);
    await page.waitForSelector('#race-status[data-state="running"]');
    await recordFrameGaps(page);
    await page.waitForSelector('#race-status[data-state="over"]', { timeout: (limit + 30) * 1000 });
    const gaps = await takeFrameGaps(page);
    const rows = await page.$$eval('table.results tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
    const labels = await page.$$eval('input[name="racer"]', (xs) => Object.fromEntries(xs.map((x) => [x.closest('label').textContent.trim(), x.value])));
    // Each racer's moves over the time its worker spent on them (both as of its last report):
    // exact even for solvers whose ticks are long (a QUBO tick on 16×16 is most of a second).
    const worked = await page.$$eval('[role=region]', (els) => Object.fromEntries(els.map((e) => [
      e.getAttribute('aria-label'), [Number(e.dataset.moves), Number(e.dataset.workerMs)]])));
    const rates = Object.fromEntries(rows.map((r) => [labels[r[1]], {
      state: r[2],
      rate: (1000 * worked[r[1]][0]) / worked[r[1]][1],
    }]));
    return { gaps: gaps.slice(1), rates };
  };
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const six = ['ising', 'ising-faithful', 'qubo', 'hopfield', 'bp', 'exact'];
  const frameRows = [];
  const gaps = [];
  for (let r = 0; r < runs; r++) gaps.push(...(await racing(inkala, 9, six, 10)).gaps);
  frameRows.push({ race: 'six on Inkala (10 s limit)', n: gaps.length, median: median(gaps), p95: percentile(gaps, 95), max: Math.max(...gaps) });
  // Six racers that all keep running for the whole window: a hard 16×16 puzzle.
  const sixteen = (await readFile(join(root, 'benches', 'data', 'generated_16_hard.txt'), 'utf8')).split('\n')[0].trim();
  const long = ['ising', 'ising-faithful', 'qubo', 'qubo-faithful', 'hopfield', 'bp-faithful'];
  const window = 5;
  const alone = Object.fromEntries(long.map((s) => [s, []]));
  const raced = Object.fromEntries(long.map((s) => [s, []]));
  const longGaps = [];
  for (let r = 0; r < runs; r++) {
    // Alternating: each solver alone, then all six together, in every run.
    for (const s of long) {
      const { rates } = await racing(sixteen, 16, [s], window);
      alone[s].push(rates[s].rate);
    }
    const { rates, gaps: g } = await racing(sixteen, 16, long, window);
    longGaps.push(...g);
    for (const s of long) raced[s].push(rates[s]);
  }
  frameRows.push({ race: `six on a hard 16×16 (${window} s, all running)`, n: longGaps.length, median: median(longGaps), p95: percentile(longGaps, 95), max: Math.max(...longGaps) });
  console.log(`\n| race (main thread, ${cores} cores) | frames | median interval ms | p95 ms | max ms |`);
  console.log('|---|---:|---:|---:|---:|');
  for (const f of frameRows) console.log(`| ${f.race} | ${f.n} | ${f.median.toFixed(2)} | ${f.p95.toFixed(2)} | ${f.max.toFixed(1)} |`);
  // A racer's rate is its moves over the time its worker spent on them (wall time, so a worker
  // the system set aside for others is slower): beside its rate alone, and beside its fair share
  // of the machine, alone × cores / racers.
  console.log(`\n| solver (16×16, ${window} s) | alone, moves/s | racing six, moves/s | ÷ (alone × ${cores}/6) | ran to the limit |`);
  console.log('|---|---:|---:|---:|---|');
  for (const s of long) {
    const a = median(alone[s]);
    const b = median(raced[s].map((x) => x.rate));
    const fair = a * Math.min(1, cores / long.length);
    const limited = raced[s].filter((x) => x.state === 'stopped').length;
    console.log(`| ${s} | ${a.toExponential(3)} | ${b.toExponential(3)} | ${(b / fair).toFixed(2)} | ${limited}/${runs} |`);
  }
}

await browser.close();
await server.close();

if (errors.length) {
  console.error('console errors:', errors);
  process.exit(1);
}

