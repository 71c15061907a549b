"""Render Sudoku pictures the reader should read: a varied, reproducible test and training set.

Each picture is a 9x9 (or, with --size 16, 16x16) puzzle drawn in a layout picked at random -- line weights from all equal
to heavy box lines, shaded alternate boxes, paper and ink colours, light and dark screenshots
with an app's chrome around the grid, a printed page with text around it -- in one of the
machine's typefaces (serif, sans, condensed, light, bold, monospaced), then, for a photo,
distorted as a phone sees paper: perspective, tilt, blur, uneven light, noise and JPEG.

The output is laid out as Wicht and Hennebert's photos, so the reader's bench and training
tools read it unchanged:

    OUT/images/NAME.jpg, OUT/images/NAME.dat   the picture and its puzzle (0 for a blank)
    OUT/datasets/SET.desc                       the pictures' names, one a line
    OUT/outlines_sorted.csv                     the grid's corners (outer line's middle)

Picture k of a set is drawn from the seed "SET-k" alone, so any picture can be made again;
the held-out sets ("held", "held16") are never trained on, the training sets are "train" and
"train16":

    python3 tools/photos/render.py --out /tmp/rendered --set held --count 400
    python3 tools/photos/render.py --out /tmp/rendered --set train --count 3000
    python3 tools/photos/render.py --out /tmp/rendered16 --set held16 --size 16 --count 200

A 16x16 picture prints 10 to 16 either as the letters A to G or as two-digit numbers, as
sources do, chosen per picture; its .dat holds the values (0 to 16) and says on its second line
which ("letters" or "numbers"). Its puzzles are tools/photos/puzzles16.txt, made by
`sudoku generate --size 16 --count 120 --seed 1` (each with one solution).

Fonts: every TrueType/OpenType file fontconfig lists whose ten digits draw as ten distinct
shapes, less symbol and script faces; the pictures depend on which font packages are
installed (tools/photos/fonts.txt names those the figures were measured with).
"""

import argparse
import io
import math
import os
import random
import subprocess
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PUZZLES = ("17_clue_every_1000th.txt", "forum_hardest_1106_every_10th.txt",
           "forum_hardest_1905_11plus_every_1200th.txt", "magictour_top1465_every_97th.txt",
           "unbiased_first100.txt", "unbiased_easy_every_20th.txt")
# Faces whose digits are pictures, scripts or symbols rather than numerals a puzzle prints.
NOT_NUMERALS = ("D050000L", "StandardSymbols", "Z003", "DejaVuMathTeXGyre", "NotoSansSymbols",
                "NotoColorEmoji", "NotoMusic", "NotoSansMath")
# Hairline weights: no puzzle prints its givens so faint.
HAIRLINE = ("Thin", "Hairline", "ExtraLight", "UltraLight")
WORDS = ("the puzzle of the day place a digit from one to nine in each empty cell so that every "
         "row column and box holds each digit once solution tomorrow difficulty medium hard "
         "easy weekend edition crossword answers across down").split()


def puzzles(size):
    if size == 16:
        with open(os.path.join(ROOT, "tools/photos/puzzles16.txt")) as f:
            return [line[:256] for line in f if len(line) >= 256]
    lines = []
    for name in PUZZLES:
        with open(os.path.join(ROOT, "tests/data", name)) as f:
            lines += [line[:81] for line in f if len(line) >= 81 and not line.startswith("#")]
    return lines


def usable(path):
    """Whether the font's ten digits (and two letters, for the text around a grid) are
    distinct, visible shapes."""
    try:
        font = ImageFont.truetype(path, 40)
    except OSError:
        return False
    shapes = set()
    for d in "0123456789ab":
        img = Image.new("L", (60, 60), 0)
        ImageDraw.Draw(img).text((30, 30), d, fill=255, font=font, anchor="mm")
        data = img.tobytes()
        if sum(data) < 255 * 20:
            return False
        shapes.add(data)
    return len(shapes) == 12


def fonts():
    out = subprocess.run(["fc-list", "--format", "%{file}\n"], capture_output=True, text=True)
    files = sorted({p for p in out.stdout.split("\n") if p.endswith((".ttf", ".otf"))
                    and not os.path.basename(p).startswith(NOT_NUMERALS)})
    # Noto's core package holds a face per script; its Latin faces are the ones named plainly.
    files = [p for p in files if not os.path.basename(p).startswith("Noto")
             or os.path.basename(p).split("-")[0] in ("NotoSans", "NotoSerif", "NotoSansMono",
                                                       "NotoSerifDisplay", "NotoSansDisplay")]
    files = [p for p in files if usable(p) and not any(t in os.path.basename(p) for t in HAIRLINE)]
    if not files:
        sys.exit("no usable fonts: install fonts-dejavu-core or fonts-liberation")
    return files


def shuffled_puzzle(rng, line, n=9):
    """The puzzle relabelled, transposed and its bands and stacks reordered: still unique."""
    b = math.isqrt(n)
    grid = [[0 if ch in ".0" else "123456789ABCDEFG".index(ch) + 1 for ch in line[r * n:r * n + n]]
            for r in range(n)]
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    grid = [[labels[v - 1] if v else 0 for v in row] for row in grid]
    if rng.random() < 0.5:
        grid = [list(r) for r in zip(*grid)]
    bands = rng.sample(range(b), b)
    rows = [band * b + r for band in bands for r in rng.sample(range(b), b)]
    stacks = rng.sample(range(b), b)
    cols = [s * b + c for s in stacks for c in rng.sample(range(b), b)]
    return [[grid[r][c] for c in cols] for r in rows]


def grey(v):
    v = int(max(0, min(255, v)))
    return (v, v, v)


def tint(rng, base, spread):
    return tuple(int(max(0, min(255, base + rng.uniform(-spread, spread)))) for _ in range(3))


def mix(a, b, t):
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b))


def style(rng, font_files, n):
    """The look of one picture."""
    screen = rng.random() < 0.4
    dark = rng.random() < (0.4 if screen else 0.04)
    s = {"screen": screen, "dark": dark, "font": rng.choice(font_files)}
    if dark:
        s["ground"] = tint(rng, rng.uniform(15, 55), 8)
        s["ink"] = tint(rng, rng.uniform(190, 250), 10) if rng.random() < 0.7 else \
            rng.choice([(120, 180, 255), (140, 220, 180), (250, 200, 120)])
        line = rng.uniform(70, 170)
        s["cell_line"] = tint(rng, line, 6)
        s["box_line"] = tint(rng, min(255, line + rng.uniform(0, 70)), 6)
        s["shade"] = mix(s["ground"], (255, 255, 255), rng.uniform(0.06, 0.16))
    else:
        paper = rng.choice([(255, 255, 255), (250, 248, 240), (238, 234, 222), (230, 230, 228),
                            (245, 240, 215), (225, 238, 250), (250, 230, 230)])
        s["ground"] = mix(paper, (128, 128, 128), rng.uniform(0, 0.15))
        s["ink"] = tint(rng, rng.uniform(0, 70), 10) if rng.random() < 0.8 else \
            rng.choice([(20, 40, 140), (30, 30, 90), (110, 20, 20), (40, 90, 160)])
        box = tint(rng, rng.uniform(0, 60), 5)
        s["box_line"] = box if rng.random() < 0.8 else rng.choice([(30, 60, 150), (90, 40, 40)])
        s["cell_line"] = mix(s["box_line"], s["ground"], rng.choice((0, 0, 0.3, 0.5, 0.7)))
        s["shade"] = mix(s["ground"], rng.choice([(0, 0, 0), (60, 110, 200), (200, 160, 60),
                                                   (120, 120, 120)]), rng.uniform(0.08, 0.3))
    s["shaded"] = rng.random() < 0.35
    s["cell_w"] = rng.choice((0.5, 1, 1, 1.5, 2, 3))
    s["box_w"] = s["cell_w"] * rng.choice((1, 1, 1.3, 1.6, 2, 3))
    s["border_w"] = s["box_w"] * rng.choice((1, 1, 1.5, 2))
    if s["shaded"] and rng.random() < 0.5:
        s["box_w"] = s["cell_w"]
    s["digit_size"] = rng.uniform(0.45, 0.8)
    s["stroke"] = rng.choice((0, 0, 0, 0, 1))
    s["jitter"] = rng.uniform(0, 0.06)
    s["n"] = n
    # A 16x16 grid's 10 to 16: letters or two-digit numbers, which are drawn smaller to fit.
    s["numbers"] = n == 16 and rng.random() < 0.5
    if s["numbers"]:
        s["digit_size"] *= 0.75
    return s


def symbol(s, v):
    return str(v) if v < 10 or s["numbers"] else "ABCDEFG"[v - 10]


def draw_grid(draw, rng, s, x0, y0, cell, grid, scale):
    """Draws the grid with its top-left outer corner (line's middle) at (x0, y0)."""
    n = s["n"]
    b = math.isqrt(n)
    side = cell * n
    draw.rectangle((x0, y0, x0 + side, y0 + side), fill=s["ground"])
    if s["shaded"]:
        first = rng.random() < 0.7  # the corner boxes shaded, or the others
        for box in range(n):
            if ((box % b + box // b) % 2 == 0) == first:
                bx, by = x0 + (box % b) * b * cell, y0 + (box // b) * b * cell
                draw.rectangle((bx, by, bx + b * cell, by + b * cell), fill=s["shade"])
    # Cell lines first, so the box lines and the border are drawn over them.
    for k in sorted(range(n + 1), key=lambda k: (k % b == 0) + (k in (0, n))):
        kind = "border_w" if k in (0, n) else "box_w" if k % b == 0 else "cell_w"
        colour = s["box_line"] if k % b == 0 else s["cell_line"]
        w = max(1, round(s[kind] * scale))
        at = k * cell
        draw.rectangle((x0 + at - w / 2, y0 - w / 2, x0 + at + w / 2, y0 + side + w / 2), fill=colour)
        draw.rectangle((x0 - w / 2, y0 + at - w / 2, x0 + side + w / 2, y0 + at + w / 2), fill=colour)
    font = ImageFont.truetype(s["font"], max(6, int(cell * s["digit_size"])))
    for r in range(n):
        for c in range(n):
            v = grid[r][c]
            if not v:
                continue
            cx = x0 + (c + 0.5 + rng.uniform(-s["jitter"], s["jitter"])) * cell
            cy = y0 + (r + 0.5 + rng.uniform(-s["jitter"], s["jitter"])) * cell
            text = symbol(s, v)
            box = draw.textbbox((0, 0), text, font=font)
            tx, ty = cx - (box[0] + box[2]) / 2, cy - (box[1] + box[3]) / 2
            draw.text((tx, ty), text, fill=s["ink"], font=font,
                      stroke_width=round(s["stroke"] * scale), stroke_fill=s["ink"])


def words(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n))


def chrome(draw, rng, s, w, h, top, bottom, scale, font_files):
    """An app's bars and buttons around the grid (between rows `top` and `bottom`)."""
    bar = mix(s["ground"], (128, 128, 128), rng.uniform(0.1, 0.4))
    text = s["ink"]
    font = ImageFont.truetype(rng.choice(font_files), int(18 * scale))
    draw.rectangle((0, 0, w, 24 * scale), fill=bar)
    draw.text((10 * scale, 3 * scale), "%d:%02d" % (rng.randrange(24), rng.randrange(60)), fill=text, font=font)
    draw.text((w / 2, top * 0.45), rng.choice(("Sudoku", "Classic Sudoku", "Daily Puzzle")),
              fill=text, font=font, anchor="mm")
    draw.text((12 * scale, top * 0.78), rng.choice(("Easy", "Medium", "Hard", "Expert")),
              fill=text, font=font)
    draw.text((w - 12 * scale, top * 0.78), "%02d:%02d" % (rng.randrange(60), rng.randrange(60)),
              fill=text, font=font, anchor="ra")
    # Tools and a keypad of the nine digits below the grid.
    y = bottom + (h - bottom) * 0.2
    for i in range(4):
        cx = w * (i + 0.5) / 4
        r = 14 * scale
        draw.ellipse((cx - r, y - r, cx + r, y + r), outline=text, width=max(1, int(2 * scale)))
    y = bottom + (h - bottom) * 0.55
    pad = w / 9
    big = ImageFont.truetype(s["font"], int(pad * 0.6))
    for d in range(9):
        cx = pad * (d + 0.5)
        if rng.random() < 0.5:
            draw.rounded_rectangle((cx - pad * 0.42, y - pad * 0.55, cx + pad * 0.42, y + pad * 0.55),
                                   radius=pad * 0.15, fill=bar)
        draw.text((cx, y), str(d + 1), fill=text, font=big, anchor="mm")


def page(draw, rng, s, w, h, x0, y0, side, scale, font_files):
    """A printed page's title and text around the grid."""
    font = ImageFont.truetype(rng.choice(font_files), int(rng.uniform(12, 20) * scale))
    title = ImageFont.truetype(rng.choice(font_files), int(rng.uniform(20, 34) * scale))
    if y0 > 50 * scale:
        draw.text((x0, y0 - 12 * scale), "SUDOKU %d" % rng.randrange(1000), fill=s["ink"],
                  font=title, anchor="ld")
    line = font.size * 1.4
    y = y0 + side + 12 * scale
    while y + line < h:
        draw.text((x0, y), words(rng, 12), fill=s["ink"], font=font)
        y += line
    if x0 + side + 30 * scale < w:
        y = y0
        while y + line < y0 + side:
            draw.text((x0 + side + 20 * scale, y), words(rng, 6), fill=s["ink"], font=font)
            y += line


def homography(src, dst):
    """The 3x3 matrix taking each src point to its dst point."""
    a, b = [], []
    for (x, y), (u, v) in zip(src, dst):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b += [u, v]
    h = np.linalg.solve(np.array(a, float), np.array(b, float))
    return np.append(h, 1).reshape(3, 3)


def apply(m, x, y):
    p = m @ np.array([x, y, 1.0])
    return p[0] / p[2], p[1] / p[2]


def render(set_name, k, lines, font_files, n):
    rng = random.Random("%s-%d" % (set_name, k))
    # A picture whose grid came out cut by the frame is drawn again from the same seed's rng.
    while True:
        jpeg, grid, corners, size, s = attempt(rng, lines, font_files, n)
        margin = 0.01 * max(size)
        if all(margin < x < size[0] - margin and margin < y < size[1] - margin for x, y in corners):
            return jpeg, grid, corners, s


def attempt(rng, lines, font_files, n):
    nprng = np.random.default_rng(rng.randrange(2 ** 32))
    grid = shuffled_puzzle(rng, rng.choice(lines), n)
    s = style(rng, font_files, n)
    ss = 2  # drawn at twice the size and shrunk: antialiased edges
    if s["screen"]:
        w, h = rng.choice(((720, 1280), (1080, 1920), (1170, 2532), (800, 1280), (1280, 800)))
        scale = w / 400
        side = min(w, h) * rng.uniform(0.8, 0.97) if w < h else h * rng.uniform(0.6, 0.8)
        x0, y0 = (w - side) / 2, (h - side) * rng.uniform(0.3, 0.5)
    else:
        w = rng.randrange(900, 1700)
        h = int(w * rng.uniform(0.9, 1.4))
        scale = w / 700
        side = min(w, h) * rng.uniform(0.45, 0.8)
        if n == 16:  # a page printing a 16x16 grid prints it large
            side = min(w, h) * rng.uniform(0.7, 0.9)
        x0, y0 = rng.uniform(0.05, 0.95) * (w - side), rng.uniform(0.15, 0.9) * (h - side)
    img = Image.new("RGB", (w * ss, h * ss), s["ground"])
    draw = ImageDraw.Draw(img)
    if s["screen"] and h > w and rng.random() < 0.7:
        chrome(draw, rng, s, w * ss, h * ss, y0 * ss, (y0 + side) * ss, scale * ss, font_files)
    elif not s["screen"]:
        page(draw, rng, s, w * ss, h * ss, x0 * ss, y0 * ss, side * ss, scale * ss, font_files)
    draw_grid(draw, rng, s, x0 * ss, y0 * ss, side * ss / n, grid, scale * ss)
    img = img.resize((w, h), Image.LANCZOS)
    corners = [(x0, y0), (x0 + side, y0), (x0 + side, y0 + side), (x0, y0 + side)]
    photo = not s["screen"] or rng.random() < 0.25
    if photo:
        img, corners = photograph(rng, nprng, img, corners, n)
    else:
        out = rng.choice((1.0, 1.0, 0.75, 0.5))
        if out != 1.0:
            img = img.resize((int(w * out), int(h * out)), Image.LANCZOS)
            corners = [(x * out, y * out) for x, y in corners]
    buf = io.BytesIO()
    img.convert("RGB").save(buf, "JPEG", quality=rng.randrange(35, 95) if photo else rng.randrange(70, 96))
    return buf.getvalue(), grid, corners, img.size, s


def photograph(rng, nprng, img, corners, n):
    """The picture as a phone photo of it: on a table, in perspective, lit unevenly, blurred,
    noisy."""
    w, h = img.size
    # A phone photo of a 16x16 grid is taken closer or sharper: its cells stay legible.
    out_w = rng.randrange(640, 1600) if n == 9 else rng.randrange(1100, 1800)
    out_h = int(out_w * rng.choice((0.75, 1.0, 1.333, 1.25)))
    # Where the page's corners land: centred, shrunk, turned and each corner pushed about.
    fill = rng.uniform(0.7, 1.15)
    turn = math.radians(rng.uniform(-12, 12))
    zoom = fill * min(out_w / w, out_h / h)
    cx, cy = out_w / 2 + rng.uniform(-0.05, 0.05) * out_w, out_h / 2 + rng.uniform(-0.05, 0.05) * out_h
    src = [(0, 0), (w, 0), (w, h), (0, h)]
    push = rng.uniform(0, 0.08) * min(out_w, out_h)
    dst = []
    for x, y in src:
        dx, dy = (x - w / 2) * zoom, (y - h / 2) * zoom
        dst.append((cx + dx * math.cos(turn) - dy * math.sin(turn) + rng.uniform(-push, push),
                    cy + dx * math.sin(turn) + dy * math.cos(turn) + rng.uniform(-push, push)))
    forward = homography(src, dst)
    back = np.linalg.inv(forward)
    back = back / back[2, 2]
    table = tint(rng, rng.uniform(40, 200), 30)
    flat = Image.new("RGB", (out_w, out_h), table)
    warped = img.transform((out_w, out_h), Image.PERSPECTIVE, tuple(back.flatten()[:8]),
                           resample=Image.BILINEAR, fillcolor=table)
    flat.paste(warped)
    corners = [apply(forward, x, y) for x, y in corners]
    a = np.asarray(flat, np.float32) / 255.0
    yy, xx = np.mgrid[0:out_h, 0:out_w].astype(np.float32)
    gx, gy = rng.uniform(-1, 1), rng.uniform(-1, 1)
    light = 1 + rng.uniform(0, 0.45) * ((xx / out_w - 0.5) * gx + (yy / out_h - 0.5) * gy)
    if rng.random() < 0.3:  # a soft shadow across part of the picture
        edge = (xx / out_w) * math.cos(rng.uniform(0, 6.3)) + (yy / out_h) * rng.uniform(-1, 1)
        light = light * (1 - rng.uniform(0.15, 0.4) / (1 + np.exp(-(edge - rng.uniform(0.2, 0.8)) * 25)))
    a = a * light[..., None] * rng.uniform(0.75, 1.05)
    pil = Image.fromarray((np.clip(a, 0, 1) * 255).astype(np.uint8))
    blur = rng.choice((0, 0.5, 0.8, 1.1, 1.5))
    if blur:
        pil = pil.filter(ImageFilter.GaussianBlur(blur))
    a = np.asarray(pil, np.float32) + nprng.normal(0, rng.uniform(0, 7), (out_h, out_w, 1))
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)), corners


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--set", default="held", help="the set's name, which seeds it")
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--size", type=int, choices=(9, 16), default=9)
    args = parser.parse_args()
    lines = puzzles(args.size)
    font_files = fonts()
    os.makedirs(os.path.join(args.out, "images"), exist_ok=True)
    os.makedirs(os.path.join(args.out, "datasets"), exist_ok=True)
    names, outlines = [], []
    for k in range(args.start, args.start + args.count):
        jpeg, grid, corners, s = render(args.set, k, lines, font_files, args.size)
        name = "images/%s%05d.jpg" % (args.set, k)
        with open(os.path.join(args.out, name), "wb") as f:
            f.write(jpeg)
        with open(os.path.join(args.out, name[:-4] + ".dat"), "w") as f:
            kind = "" if args.size == 9 else " numbers" if s["numbers"] else " letters"
            f.write("rendered by tools/photos/render.py\n%s %d%s\n" % (args.set, k, kind))
            f.write("".join(" ".join(str(v) for v in row) + " \n" for row in grid))
        names.append(name)
        outlines.append("./%s,%s" % (name, ",".join("%.1f,%.1f" % p for p in corners)))
    with open(os.path.join(args.out, "datasets/%s.desc" % args.set), "w") as f:
        f.write("\n".join(names) + "\n")
    path = os.path.join(args.out, "outlines_sorted.csv")
    old = []
    if os.path.exists(path):
        with open(path) as f:
            old = [l.rstrip("\n") for l in f.readlines()[1:] if not l.startswith("./images/%s" % args.set)]
    with open(path, "w") as f:
        f.write('"filepath","p1_x","p1_y","p2_x","p2_y","p3_x","p3_y","p4_x","p4_y"\n')
        f.write("\n".join(old + outlines) + "\n")
    print("%d pictures of set %s in %s, %d fonts" % (len(names), args.set, args.out, len(font_files)))


if __name__ == "__main__":
    main()
