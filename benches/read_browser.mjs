// The photo reader in Chromium's wasm, against the native one: every photo of a list is decoded
// by the browser, turned grey, and read by the diagnostics build's `read_picture` on the page's
// thread, and by the reader worker (its own wasm, built for speed where the page's is built for
// size) as the Scan view asks it, an `Order::Read` message; prints a markdown table of photos
// read exactly and the median times from grey pixels to puzzle, with the native `sudoku read`
// of the same photos beside it.
//
//   trunk build --release --features diagnostics && cargo build --release --bin sudoku
//   node benches/read_browser.mjs DATASET LIST [--runs 3]
//
// DATASET is laid out as Wicht and Hennebert's set (images/NAME.jpg and images/NAME.dat, LIST a
// file of names in it, as datasets/v2_test.desc, or a rendered set's datasets/held.desc);
// `node benches/read_browser.mjs tests/data/photos` reads the committed photos.
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { serveDist, launch } from '../tests/e2e/harness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runs = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 3);
const [dataset, list] = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs');
const names = list
  ? readFileSync(join(dataset, list), 'utf8').split(/\s+/).filter(Boolean)
  : readdirSync(dataset).filter((f) => f.endsWith('.jpg')).sort();
const truth = (name) => {
  const rows = readFileSync(join(dataset, name.replace(/\.jpg$/, '.dat')), 'utf8').split('\n').slice(2);
  return rows.join(' ').trim().split(/\s+/).map((d) => (d === '0' ? '.' : d)).join('');
};
// One photo at a time: `sudoku read` stops with an error status at a photo without a grid, and
// says why on standard error, which the page's reader says the same way.
const native = names.map((name) => {
  const path = join(dataset, name);
  try {
    return execFileSync(join(root, 'target/release/sudoku'), ['read', path], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch (failed) {
    return String(failed.stderr).trim().replace(`sudoku: ${path}: `, '');
  }
});

const server = await serveDist();
const browser = await launch();
const page = await browser.context.newPage();
await page.goto(server.url);
await page.waitForFunction(() => typeof window.wasmBindings?.read_picture === 'function');
// A worker of its own, answering until it has loaded its wasm (orders before that are lost).
await page.evaluate(async () => {
  window.benchWorker = new Worker('solver-worker.js');
  for (;;) {
    const answered = new Promise((resolve) => {
      window.benchWorker.onmessage = () => resolve(true);
      setTimeout(() => resolve(false), 200);
    });
    // `Order::KeepMaking` in postcard: its variant's index; any report says the worker listens.
    window.benchWorker.postMessage(new Uint8Array([7]));
    if (await answered) return;
  }
});
let exact = 0;
let same = 0;
const times = [];
const workerTimes = [];
for (const [i, name] of names.entries()) {
  const data = readFileSync(join(dataset, name)).toString('base64');
  const { line, ms, worker } = await page.evaluate(
    async ({ data, runs }) => {
      // From bytes, not a data: address, which the page's Content Security Policy refuses.
      const blob = new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))]);
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      context.drawImage(bitmap, 0, 0);
      const rgba = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      const luma = new Uint8Array(bitmap.width * bitmap.height);
      for (let p = 0; p < luma.length; p += 1) {
        luma[p] = (rgba[4 * p] * 77 + rgba[4 * p + 1] * 150 + rgba[4 * p + 2] * 29) >> 8;
      }
      let best = Infinity;
      let line = '';
      for (let r = 0; r < runs; r += 1) {
        const start = performance.now();
        line = window.wasmBindings.read_picture(bitmap.width, bitmap.height, luma.slice());
        best = Math.min(best, performance.now() - start);
      }
      // `Order::Read(Picture)` in postcard: the variant's index, then width, height and the
      // pixels' count as varints, then the pixels.
      const varint = (n) => {
        const out = [];
        for (; n >= 0x80; n = Math.floor(n / 0x80)) out.push((n % 0x80) | 0x80);
        out.push(n);
        return out;
      };
      const head = [9, ...varint(bitmap.width), ...varint(bitmap.height), ...varint(luma.length)];
      let worker = Infinity;
      for (let r = 0; r < runs; r += 1) {
        const order = new Uint8Array(head.length + luma.length);
        order.set(head);
        order.set(luma, head.length);
        const start = performance.now();
        await new Promise((resolve) => {
          window.benchWorker.onmessage = resolve;
          window.benchWorker.postMessage(order, [order.buffer]);
        });
        worker = Math.min(worker, performance.now() - start);
      }
      return { line, ms: best, worker };
    },
    { data, runs },
  );
  times.push(ms);
  workerTimes.push(worker);
  if (line === truth(name)) exact += 1;
  if (line === native[i]) same += 1;
  else console.error(`${name}: wasm ${line} native ${native[i]}`);
}
await browser.close();
await server.close();
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)].toFixed(1);
console.log('| photos | read exactly (wasm) | same as native | median ms a photo, page (size) | reader worker |');
console.log('|---|---|---|---|---|');
console.log(`| ${names.length} | ${exact} | ${same} | ${median(times)} | ${median(workerTimes)} |`);
