// What Chromium's fake camera plays a picture as: the picture letterboxed on paper-coloured
// ground in a 640×480 frame and encoded as a plain baseline JPEG by Chromium's canvas. Shared by
// the Scan tests and the camera-path benchmark (benches/camera_set.mjs).
import { launch } from './harness.mjs';

/** Each of `images` (bytes of any picture the browser decodes; null: a page of text with no
 * grid) as the fake camera's 640×480 frame, in one browser. */
export async function cameraFrames(images) {
  const browser = await launch();
  try {
    const page = await browser.context.newPage();
    const frames = [];
    for (const image of images) {
      const base64 = await page.evaluate(frame, image && `data:image/jpeg;base64,${image.toString('base64')}`);
      frames.push(Buffer.from(base64, 'base64'));
    }
    return frames;
  } finally {
    await browser.close();
  }
}

/** In the page: the frame of the picture at `src`, as base64 JPEG. */
async function frame(src) {
  const canvas = Object.assign(document.createElement('canvas'), { width: 640, height: 480 });
  const g = canvas.getContext('2d');
  g.fillStyle = '#f4f1ea';
  g.fillRect(0, 0, 640, 480);
  if (src) {
    const bitmap = await createImageBitmap(await (await fetch(src)).blob());
    const scale = Math.min(640 / bitmap.width, 480 / bitmap.height);
    const [w, h] = [bitmap.width * scale, bitmap.height * scale];
    g.drawImage(bitmap, (640 - w) / 2, (480 - h) / 2, w, h);
  } else {
    g.fillStyle = '#222';
    g.font = '20px serif';
    for (let y = 40; y < 460; y += 30) g.fillText('A newspaper column of plain words, no grid at all.', 30, y);
  }
  return canvas.toDataURL('image/jpeg', 0.92).split(',')[1];
}
