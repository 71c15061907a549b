// The production wasm's bytes and exports, as markdown: issue 22 asks that the app and the
// worker grow no larger and ship no test-only export, so two builds are compared by this table.
//
//   trunk build --release && node benches/wasm_size.mjs [DIR] [--production]   # DIR: dist/
//
// With --production it fails when a wasm file exports anything of ours but `main`: the test and
// benchmark exports belong to the `diagnostics` feature's build only.
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const production = args.includes('--production');
const dir = args.find((a) => !a.startsWith('--')) ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
// Trunk names each file with a content hash; the table names it without, so builds line up.
const label = (file) => file.replace(/-[0-9a-f]{8,}(?=_bg\.wasm$|\.wasm$)/, '');
const files = readdirSync(dir).filter((f) => f.endsWith('.wasm')).sort((a, b) => label(a).localeCompare(label(b)));
if (files.length === 0) {
  console.error(`wasm_size.mjs: no .wasm in ${dir}; run trunk build --release first`);
  process.exit(2);
}

// The crate's own exports: not wasm-bindgen's glue (whose closure names carry build hashes).
const own = (name) => name !== 'memory' && !name.startsWith('__') && !name.startsWith('wasm_bindgen');

const wasm = files.map((file) => {
  const bytes = readFileSync(join(dir, file));
  const module = new WebAssembly.Module(bytes);
  return {
    name: label(file),
    bytes: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    exports: WebAssembly.Module.exports(module).map((e) => `${e.name} (${e.kind})`),
    own: WebAssembly.Module.exports(module).map((e) => e.name).filter(own),
    imports: WebAssembly.Module.imports(module).length,
  };
});

console.log('| wasm | bytes | gzip -9 bytes | exports | imports | own exports |');
console.log('|---|---:|---:|---:|---:|---|');
for (const w of wasm) {
  const names = w.own.map((e) => `\`${e}\``).join(', ');
  console.log(`| ${w.name} | ${w.bytes} | ${w.gzip} | ${w.exports.length} | ${w.imports} | ${names} |`);
}
for (const w of wasm) {
  console.log(`\n${w.name}, every export: ${w.exports.map((e) => `\`${e}\``).join(', ')}`);
}
const leaked = wasm.flatMap((w) => w.own.filter((e) => e !== 'main').map((e) => `${w.name}: ${e}`));
if (production && leaked.length > 0) {
  console.error(`\na production build exports test-only functions: ${leaked.join(', ')}`);
  process.exit(1);
}
