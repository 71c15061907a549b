"""Photos whose grid the frame cuts off: each photo of a list cut on each side, BY cells in from
the outline `sudoku read --json` finds in it (0: through the border's middle; 1: a column or row
gone), for measuring that the reader refuses them (issue 44):

    python3 tools/photos/cut.py DATASET LIST OUT --by 0 0.5 1 2 --count 12
    for f in OUT/*.jpg; do target/release/sudoku read "$f"; done

Writes OUT/NAME_SIDE_BY.jpg (SIDE l, r, t or b); a photo the reader does not read whole is skipped.
"""
import argparse
import json
import os
import subprocess

from PIL import Image

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')


def outline(sudoku, path):
    """The grid's corners the reader finds in the photo, or None."""
    done = subprocess.run([sudoku, 'read', '--json', path], capture_output=True, text=True)
    return json.loads(done.stdout)['corners'] if done.returncode == 0 else None


def main():
    args = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    args.add_argument('dataset')
    args.add_argument('list')
    args.add_argument('out')
    args.add_argument('--by', type=float, nargs='+', default=[0.0, 0.5, 1.0, 2.0])
    args.add_argument('--count', type=int, default=12)
    args.add_argument('--sudoku', default=os.path.join(ROOT, 'target', 'release', 'sudoku'))
    a = args.parse_args()
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.dataset, a.list)) as names:
        photos = names.read().split()[: a.count]
    for name in photos:
        path = os.path.join(a.dataset, name)
        corners = outline(a.sudoku, path)
        if corners is None:
            continue
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        cell_x, cell_y = (max(xs) - min(xs)) / 9, (max(ys) - min(ys)) / 9
        photo = Image.open(path).convert('RGB')
        w, h = photo.size
        stem = os.path.splitext(os.path.basename(name))[0]
        for by in a.by:
            boxes = {
                'l': (min(xs) + by * cell_x, 0, w, h),
                'r': (0, 0, max(xs) - by * cell_x, h),
                't': (0, min(ys) + by * cell_y, w, h),
                'b': (0, 0, w, max(ys) - by * cell_y),
            }
            for side, (left, top, right, bottom) in boxes.items():
                box = (max(0, int(left)), max(0, int(top)), min(w, int(right)), min(h, int(bottom)))
                photo.crop(box).save(os.path.join(a.out, f'{stem}_{side}_{by:g}.jpg'), quality=92)


if __name__ == '__main__':
    main()
