// What a built app exports: each wasm file of dist/ with its size and its exports, and whether
// the test-and-benchmark exports of the `diagnostics` feature are among them.
//
//   node benches/exports.mjs [DIST] [--production]
//
// With --production it fails when any of those exports is there: a `trunk build --release`
// must leave them out (the browser tests' `--features diagnostics` build keeps them).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const DIAGNOSTICS = [
  'solver_names',
  'bench_set',
  'bench_diagnosis',
  'qubo_json',
  'solved_by_singles',
  'generate_puzzles',
  'bench_generation',
  'heap_bytes_in_use',
];

const args = process.argv.slice(2);
const production = args.includes('--production');
const dist = args.find((a) => !a.startsWith('--')) ?? 'dist';
let leaked = 0;
for (const file of (await readdir(dist)).filter((f) => f.endsWith('.wasm')).sort()) {
  const bytes = await readFile(join(dist, file));
  const names = WebAssembly.Module.exports(new WebAssembly.Module(bytes)).map((e) => e.name);
  const found = DIAGNOSTICS.filter((n) => names.includes(n));
  leaked += found.length;
  console.log(`${file}: ${bytes.length} bytes, ${names.length} exports`);
  console.log(`  diagnostics: ${found.length ? found.join(', ') : 'none'}`);
  console.log(`  exports: ${names.join(' ')}`);
}
if (production && leaked > 0) {
  console.error(`a production build exports ${leaked} diagnostics function(s)`);
  process.exit(1);
}
