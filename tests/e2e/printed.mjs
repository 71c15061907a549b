// A printed puzzle photographed at an angle, rendered in Chromium so that a test knows exactly
// where the grid is: the page is drawn flat, then warped onto known corners in a 640×480 JPEG,
// the picture Chromium's fake camera plays.

/** The perspective taking the unit square onto `quad` ([x, y] corners top-left, top-right,
 * bottom-right, bottom-left), as a function of (u, v). */
export function perspective(quad) {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = quad;
  const [dx1, dx2, dx3] = [x1 - x2, x3 - x2, x0 - x1 + x2 - x3];
  const [dy1, dy2, dy3] = [y1 - y2, y3 - y2, y0 - y1 + y2 - y3];
  const det = dx1 * dy2 - dx2 * dy1;
  const g = (dx3 * dy2 - dx2 * dy3) / det;
  const h = (dx1 * dy3 - dx3 * dy1) / det;
  const [a, b, c] = [x1 - x0 + g * x1, x3 - x0 + h * x3, x0];
  const [d, e, f] = [y1 - y0 + g * y1, y3 - y0 + h * y3, y0];
  return (u, v) => {
    const w = g * u + h * v + 1;
    return [(a * u + b * v + c) / w, (d * u + e * v + f) / w];
  };
}

/** The centre of cell `cell` (row by row) of a 9×9 grid outlined by `quad`, in photo pixels. */
export function cellCentre(quad, cell) {
  return perspective(quad)(((cell % 9) + 0.5) / 9, (Math.floor(cell / 9) + 0.5) / 9);
}

/** A 640×480 JPEG of `puzzle` (81 characters, `.` blank) printed in a serif face on a page
 * whose grid lies on `quad`, rendered by `page` (a Playwright page). */
export async function printedPhoto(page, puzzle, quad) {
  const base64 = await page.evaluate(([puzzle, quad, source]) => {
    const perspective = new Function(`return ${source}`)();
    const side = 540;
    const flat = Object.assign(document.createElement('canvas'), { width: side, height: side });
    const g = flat.getContext('2d');
    g.fillStyle = '#fbfaf5';
    g.fillRect(0, 0, side, side);
    g.fillStyle = '#1a1a1a';
    g.font = 'bold 42px "DejaVu Serif", serif';
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    const cell = side / 9;
    [...puzzle].forEach((ch, i) => {
      if (ch !== '.') g.fillText(ch, ((i % 9) + 0.5) * cell, (Math.floor(i / 9) + 0.5) * cell + 2);
    });
    g.strokeStyle = '#1a1a1a';
    for (let k = 0; k <= 9; k++) {
      g.lineWidth = k % 3 === 0 ? 9 : 2.5;
      const at = Math.min(Math.max(k * cell, 4), side - 4);
      g.beginPath();
      g.moveTo(at, 0);
      g.lineTo(at, side);
      g.moveTo(0, at);
      g.lineTo(side, at);
      g.stroke();
    }
    const grid = g.getImageData(0, 0, side, side).data;
    // Each photo pixel looks back through the inverse perspective (found by Newton steps from
    // the forward one) onto the page; the page's paper reaches a fifth of the grid beyond it.
    const map = perspective(quad);
    const out = Object.assign(document.createElement('canvas'), { width: 640, height: 480 });
    const o = out.getContext('2d');
    const image = o.createImageData(640, 480);
    const inverse = (x, y) => {
      let [u, v] = [0.5, 0.5];
      for (let step = 0; step < 8; step++) {
        const [px, py] = map(u, v);
        const e = 1e-4;
        const [ax, ay] = map(u + e, v);
        const [bx, by] = map(u, v + e);
        const [j11, j21, j12, j22] = [(ax - px) / e, (ay - py) / e, (bx - px) / e, (by - py) / e];
        const det = j11 * j22 - j12 * j21;
        const [rx, ry] = [x - px, y - py];
        u += (j22 * rx - j12 * ry) / det;
        v += (j11 * ry - j21 * rx) / det;
      }
      return [u, v];
    };
    for (let y = 0; y < 480; y++) {
      for (let x = 0; x < 640; x++) {
        const [u, v] = inverse(x + 0.5, y + 0.5);
        const k = 4 * (y * 640 + x);
        let rgb = [200, 190, 170];
        if (u >= -0.2 && u <= 1.2 && v >= -0.2 && v <= 1.2) rgb = [248, 246, 238];
        if (u >= 0 && u < 1 && v >= 0 && v < 1) {
          const at = 4 * (Math.floor(v * side) * side + Math.floor(u * side));
          rgb = [grid[at], grid[at + 1], grid[at + 2]];
        }
        // Light falls off towards one side, as under a lamp.
        const light = 0.85 + 0.15 * (1 - x / 640);
        image.data.set([...rgb.map((c) => c * light), 255], k);
      }
    }
    o.putImageData(image, 0, 0);
    return out.toDataURL('image/jpeg', 0.9).split(',')[1];
  }, [puzzle, quad, perspective.toString()]);
  return Buffer.from(base64, 'base64');
}
