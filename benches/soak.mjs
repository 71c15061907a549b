// The ten-minute soak (see tests/e2e/soak.mjs), printed as a markdown table for
// docs/RELIABILITY.md:
//
//   node benches/soak.mjs [--minutes 10] [--window 30]
//
// Needs `trunk build --release --features diagnostics` (dist/ with the heap counter).
import { serveDist, launch } from '../tests/e2e/harness.mjs';
import { soak, growth } from '../tests/e2e/soak.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const minutes = arg('--minutes', 10);
const window = arg('--window', 30);

const server = await serveDist();
const browser = await launch();
const mb = (bytes) => (bytes / 2 ** 20).toFixed(2);
console.log('| at s | frames | median ms | p95 ms | JS heap MB | DOM nodes | listeners | page wasm in use / size MB | worker wasm in use / size MB | ticks | solves |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const result = await soak(browser.context, server.url, {
  seconds: minutes * 60,
  window,
  log: (s) =>
    console.log(
      `| ${s.at.toFixed(0)} | ${s.frames} | ${s.median.toFixed(2)} | ${s.p95.toFixed(2)} | ${mb(s.heap)} | ${s.nodes} | ${s.listeners} | ${mb(s.pageInUse)} / ${mb(s.pageWasm)} | ${mb(s.workerInUse)} / ${mb(s.workerWasm)} | ${s.ticks} | ${s.solves} |`,
    ),
});
const pct = (key) => `${(100 * growth(result.samples, key)).toFixed(1)} %`;
console.log(`\nGrowth, the lowest value of the last third of the windows against the lowest of the first third: JS heap ${pct('heap')}, DOM nodes ${pct('nodes')}, page wasm in use ${pct('pageInUse')} (size ${pct('pageWasm')}), worker wasm in use ${pct('workerInUse')} (size ${pct('workerWasm')}).`);
console.log(`Stop took ${result.stopMs} ms; Solve enabled after: ${result.solveEnabled}; console errors: ${result.errors.length}.`);
await browser.close();
await server.close();
