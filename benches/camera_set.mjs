// A photo set as the Scan view's camera sees it: each photo of LIST played by Chromium's fake
// camera, a 640×480 frame (tests/e2e/camera.mjs), written with its puzzle to OUT laid out as
// DATASET is, so the native reader measures the camera path:
//
//   node benches/camera_set.mjs DATASET LIST OUT
//   cargo bench --bench read -- OUT LIST --runs 1
import { readFileSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { cameraFrames } from '../tests/e2e/camera.mjs';

const [dataset, list, out] = process.argv.slice(2);
if (!out) throw new Error('usage: node benches/camera_set.mjs DATASET LIST OUT');
const names = readFileSync(join(dataset, list), 'utf8').split(/\s+/).filter(Boolean);
const frames = await cameraFrames(names.map((name) => readFileSync(join(dataset, name))));
mkdirSync(dirname(join(out, list)), { recursive: true });
writeFileSync(join(out, list), names.join('\n') + '\n');
names.forEach((name, i) => {
  mkdirSync(dirname(join(out, name)), { recursive: true });
  writeFileSync(join(out, name), frames[i]);
  const dat = name.replace(/\.jpg$/, '.dat');
  copyFileSync(join(dataset, dat), join(out, dat));
});
console.log(`${names.length} frames in ${out}`);
