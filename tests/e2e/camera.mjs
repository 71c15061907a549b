// The Scan tests' camera: Chromium's fake camera playing a picture (the picture letterboxed on
// paper-coloured ground in a 640×480 frame, encoded as a baseline JPEG by Chromium's canvas; the
// camera-path benchmark, benches/camera_set.mjs, makes the same frames), what the page opens of
// it, and what the board holds once a picture is read.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launch, root } from './harness.mjs';

export const FAKE_CAMERA = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

/** Where the Scan tests print a puzzle in the 640×480 frame, corners from top-left clockwise:
 * the page leans back and turns a little. */
export const QUAD = [[150, 50], [490, 70], [470, 440], [170, 420]];
/** The newspaper puzzle with a 2 printed in row 1, column 3 (its solution has a 4 there): no
 * digit repeats, yet it has no solution until the person corrects it. */
export const WRONG_PRINT = '532.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
/** A rendered page the reader misreads: row 9, column 4 is an 8 read as a 6 with no doubt; row
 * 4, column 8 is blank on the page but read as an 8, which the rules chose. At full size it is
 * read (those two digits wrong); shrunk to a thumbnail, its cells are a few pixels of noise. */
export const MISREAD = join(root, 'tests', 'data', 'misread', 'held00310.jpg');

/** Each of `images` (bytes of any picture the browser decodes; null: a page of text with no
 * grid) as the fake camera's 640×480 frame, in one browser; `shift` moves each picture right by
 * that fraction of the frame's width, past its edge. */
export async function cameraFrames(images, shift = 0) {
  const browser = await launch();
  try {
    const page = await browser.context.newPage();
    const frames = [];
    for (const image of images) {
      const base64 = await page.evaluate(frame, [image && `data:image/jpeg;base64,${image.toString('base64')}`, shift]);
      frames.push(Buffer.from(base64, 'base64'));
    }
    return frames;
  } finally {
    await browser.close();
  }
}

/** `image` (bytes, or null for a page of text) as the fake camera's frame, moved right by
 * `shift` of its width. */
export async function asJpeg(image, shift = 0) {
  const [frame] = await cameraFrames([image], shift);
  return frame;
}

/** Chromium whose fake camera plays `jpeg` (written into the folder `work`); `allow`: the camera
 * is allowed without asking. */
export async function cameraPlaying(work, jpeg, allow = true, viewport = { width: 1280, height: 900 }) {
  const file = join(work, `camera-${Math.random().toString(36).slice(2)}.mjpeg`);
  await writeFile(file, jpeg);
  const args = [...(allow ? FAKE_CAMERA : FAKE_CAMERA.slice(1)), `--use-file-for-fake-video-capture=${file}`];
  return launch(viewport, { args });
}

/** Keeps every camera stream the page opens, and counts the messages posted to workers. */
export async function watchCameraAndWorkers(page) {
  await page.addInitScript(() => {
    window.streams = [];
    window.posted = 0;
    const open = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices);
    if (open) {
      navigator.mediaDevices.getUserMedia = async (wanted) => {
        const stream = await open(wanted);
        window.streams.push(stream);
        return stream;
      };
    }
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (...args) {
      window.posted += 1;
      return post.apply(this, args);
    };
  });
}

/** Whether every camera track the page opened has ended, within a second. */
export function cameraReleased(page) {
  // Within a second: the tracks stop as the view's hooks are dropped, which under a loaded
  // machine can land a moment after the dialog leaves the page.
  return page
    .waitForFunction(() => window.streams.every((s) => s.getTracks().every((t) => t.readyState === 'ended')), null, { timeout: 1000 })
    .then(() => true, () => false);
}

/** The givens on the board as a puzzle line. */
export function givens(page) {
  return page.$$eval('table.board td', (tds) => tds.map((td) => (td.dataset.source === 'given' ? td.dataset.value : '.')).join(''));
}

/** The puzzle of a photo's `.dat` (two lines about the phone, then nine rows; 0 is a blank). */
export async function datPuzzle(photo) {
  const text = await readFile(photo.replace(/\.jpg$/, '.dat'), 'utf8');
  const rows = text.trim().split('\n').slice(-9);
  return rows.map((r) => r.trim().split(/\s+/).join('')).join('').replace(/0/g, '.');
}

/** In the page: the frame of the picture at `src`, moved right by `shift` of the frame's width,
 * as base64 JPEG. */
async function frame([src, shift]) {
  const canvas = Object.assign(document.createElement('canvas'), { width: 640, height: 480 });
  const g = canvas.getContext('2d');
  g.fillStyle = '#f4f1ea';
  g.fillRect(0, 0, 640, 480);
  if (src) {
    const bitmap = await createImageBitmap(await (await fetch(src)).blob());
    const scale = Math.min(640 / bitmap.width, 480 / bitmap.height);
    const [w, h] = [bitmap.width * scale, bitmap.height * scale];
    g.drawImage(bitmap, (640 - w) / 2 + shift * 640, (480 - h) / 2, w, h);
  } else {
    g.fillStyle = '#222';
    g.font = '20px serif';
    for (let y = 40; y < 460; y += 30) g.fillText('A newspaper column of plain words, no grid at all.', 30, y);
  }
  return canvas.toDataURL('image/jpeg', 0.92).split(',')[1];
}
