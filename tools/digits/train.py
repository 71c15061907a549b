"""Train the digit classifier that reads a Sudoku's cells, and export it for the Rust side.

A cell patch is 32x32 grey bytes, dark ink low, cut from the perspective-corrected grid so the
cell's borders sit at the patch's edges (a 16x16 grid's cell: its middle 75 %, enlarged, as
cells.rs cuts it; the rendered 16x16 cells below teach the network that scale).  The network
says whether the cell is empty (class 0) or holds a symbol: 1..9 (classes 1..9), the letters
A..G a 16x16 grid prints for 10..16 (classes 10..16), or the two-digit numbers 10..16 other
16x16 grids print (classes 17..23); one network for both sizes, so the app carries one set of
weights.  It learns from three sources:

* digits rendered from the machine's fonts with the distortions a phone photo of newspaper
  print shows (position, scale, rotation, shear, stroke weight, blur, noise, uneven light, low
  contrast, grid-line remnants along the edges, JPEG artefacts), and empty cells (paper, noise,
  line remnants, specks).  Fonts used: every TrueType/OpenType file fontconfig lists from the
  DejaVu, Liberation, FreeFont (fonts-freefont-ttf), URW base35 (fonts-urw-base35) and Carlito
  (fonts-crosextra-carlito) families; the script uses whichever of them are present.
* the real cells of the Wicht-Hennebert training photos (datasets/v2_train.desc only; never
  v2_test), cut by the reader's own Rust code (`cargo run --release --example read_cells`), so
  training sees exactly the patches the app will classify (along the outlines the reader
  finds, not the hand-marked ones, which are off on some photos).  The last 20 % of the training
  photos, in the list's order, are held out for validation.
* the cells of rendered pictures (tools/photos/render.py, 9x9 and 16x16, `--rendered DIR:LIST`,
  as many as given; never the held-out set "held"), cut the same way; the last 20 % of each list
  are held out for validation too.

Why PyTorch: it is installed here from PyPI with CPU wheels, its deterministic mode makes a
run reproducible from a seed, and a network this small needs nothing beyond its basic layers;
the export is plain little-endian f32, so nothing of PyTorch ships with the app.

Outputs: the weights (crates/engine/src/read/digits.bin: magic, shapes, then f32 tensors; batch norm folded
into the convolutions), a parity file of patches with PyTorch's probabilities
(tests/data/digits_parity.txt), and a few real validation cells with their labels
(tests/data/digits_cells.txt) for the Rust tests.

The weights in the repository (docs/READER.md), with DATASET Wicht and Hennebert's photos:

    python3 tools/photos/render.py --out /tmp/rendered --set train --count 563
    python3 tools/photos/render.py --out /tmp/rendered16 --set train16 --size 16 --count 400
    python3 tools/digits/train.py --seed 2 --threads 1 --epochs 8 --real-weight 2 --data DATASET \
        --rendered /tmp/rendered:datasets/train.desc --rendered /tmp/rendered16:datasets/train16.desc
"""

import argparse
import io
import os
import random
import struct
import subprocess
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from PIL import Image, ImageDraw, ImageFilter, ImageFont

PATCH = 32
SCALE = 3  # synthetic cells are drawn at 3x and shrunk, which antialiases like a camera
FAMILIES = ("DejaVu", "Liberation", "Free", "Nimbus", "C059", "P052", "URW", "Z003", "Carlito")
NOT_DIGITS = ("D050000L", "StandardSymbols")
MAGIC = b"SDG1"
CLASSES = 24
LETTERS = "ABCDEFG"
CREDIT = "Wicht and Hennebert's Sudoku photos (github wichtounet/sudoku_dataset), CC-BY-4.0"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def fonts():
    """The font files to draw digits with, sorted so a run does not depend on fc-list's order."""
    out = subprocess.run(["fc-list", "--format", "%{file}\n"], capture_output=True, text=True)
    files = set()
    for path in out.stdout.split("\n"):
        name = os.path.basename(path)
        if not name.endswith((".ttf", ".otf")) or name.startswith(NOT_DIGITS):
            continue
        if name.startswith(FAMILIES):
            files.add(path)
    if not files:
        sys.exit("no usable fonts: install fonts-dejavu-core or fonts-liberation")
    return sorted(files)


def normalize(patch):
    """Scale a patch of bytes to zero mean and unit spread; the Rust side does the same.

    The spread has a floor so the faint texture of an empty cell is not blown up into strokes.
    """
    x = patch.astype(np.float32) / 255.0
    mean = x.mean(axis=(-2, -1), keepdims=True)
    std = np.sqrt(((x - mean) ** 2).mean(axis=(-2, -1), keepdims=True))
    return (x - mean) / np.maximum(std, 0.05)


def symbol(label):
    """What a cell of class `label` prints: 1..9, A..G, or 10..16."""
    if label < 10:
        return str(label)
    return LETTERS[label - 10] if label < 17 else str(label - 7)


def ink(rng, font_files, label):
    """Ink coverage (0..1) of one symbol drawn at 3x with random font, size, weight and pose."""
    big = PATCH * SCALE
    canvas = Image.new("L", (big * 2, big * 2), 0)
    # Two digits side by side must fit the cell's width, so they are drawn smaller.
    size = int(big * (rng.uniform(0.35, 0.6) if label >= 17 else rng.uniform(0.45, 0.85)))
    font = ImageFont.truetype(font_files[rng.randrange(len(font_files))], size)
    draw = ImageDraw.Draw(canvas)
    stroke = rng.choice((0, 0, 0, 1, 2))
    draw.text((big, big), symbol(label), fill=255, font=font, anchor="mm", stroke_width=stroke,
              stroke_fill=255)
    thin = rng.random()
    if thin < 0.15:
        canvas = canvas.filter(ImageFilter.MinFilter(3))
    elif thin > 0.85:
        canvas = canvas.filter(ImageFilter.MaxFilter(3))
    angle = np.radians(rng.uniform(-6, 6))
    shear = rng.uniform(-0.15, 0.15)
    zoom = rng.uniform(0.85, 1.15)
    dx = rng.uniform(-4, 4) * SCALE
    dy = rng.uniform(-4, 4) * SCALE
    cos, sin = np.cos(angle) / zoom, np.sin(angle) / zoom
    # Output pixel (u, v) around the patch centre reads canvas pixel centre + A (u, v).
    a, b = cos, -sin + shear * cos
    c, d = sin, cos + shear * sin
    cx, cy = big / 2 + dx, big / 2 + dy
    coeffs = (a, b, big - a * cx - b * cy, c, d, big - c * cx - d * cy)
    out = canvas.transform((big, big), Image.AFFINE, coeffs, resample=Image.BILINEAR)
    return np.asarray(out, dtype=np.float32) / 255.0


def grid_lines(rng):
    """Ink coverage of grid-line remnants along 0-4 edges of the cell, at 3x."""
    big = PATCH * SCALE
    cover = np.zeros((big, big), np.float32)
    for edge in range(4):
        if rng.random() > 0.45:
            continue
        width = int(rng.uniform(0.5, 4) * SCALE)
        inset = int(rng.uniform(-1.5, 2) * SCALE)
        lo, hi = max(inset, 0), max(inset + width, 0)
        strength = rng.uniform(0.4, 1.0)
        if hi <= lo:
            continue
        if edge == 0:
            cover[lo:hi, :] = strength
        elif edge == 1:
            cover[big - hi:big - lo, :] = strength
        elif edge == 2:
            cover[:, lo:hi] = strength
        else:
            cover[:, big - hi:big - lo] = strength
    return cover


def specks(rng):
    """A few dots of dirt or print noise, at 3x."""
    big = PATCH * SCALE
    img = Image.new("L", (big, big), 0)
    draw = ImageDraw.Draw(img)
    for _ in range(rng.choice((0, 0, 1, 2, 4))):
        x, y = rng.uniform(0, big), rng.uniform(0, big)
        r = rng.uniform(1, 4)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=int(rng.uniform(80, 255)))
    return np.asarray(img, dtype=np.float32) / 255.0


def photograph(rng, nprng, cover):
    """Turn ink coverage at 3x into the bytes a phone photo's cell would give."""
    small = Image.fromarray((np.clip(cover, 0, 1) * 255).astype(np.uint8))
    small = small.resize((PATCH, PATCH), Image.BOX)
    cover = np.asarray(small, dtype=np.float32) / 255.0
    paper = rng.uniform(0.45, 1.0)
    yy, xx = np.mgrid[0:PATCH, 0:PATCH].astype(np.float32) / PATCH - 0.5
    tilt = rng.uniform(-0.35, 0.35) * paper
    light = paper + tilt * (xx * rng.uniform(-1, 1) + yy * rng.uniform(-1, 1))
    darkest = rng.uniform(0.0, 0.5) * paper
    img = light - cover * (light - darkest)
    blur = rng.choice((0, 0.4, 0.7, 1.0, 1.4))
    pil = Image.fromarray((np.clip(img, 0, 1) * 255).astype(np.uint8))
    if blur:
        pil = pil.filter(ImageFilter.GaussianBlur(blur))
    img = np.asarray(pil, dtype=np.float32) / 255.0
    img = img + nprng.normal(0, rng.uniform(0, 0.05), img.shape).astype(np.float32)
    pil = Image.fromarray((np.clip(img, 0, 1) * 255).astype(np.uint8))
    if rng.random() < 0.5:
        buf = io.BytesIO()
        pil.save(buf, "JPEG", quality=rng.randrange(20, 90))
        pil = Image.open(io.BytesIO(buf.getvalue())).convert("L")
    return np.asarray(pil, dtype=np.uint8)


def synthetic(count, seed, font_files):
    """`count` labelled synthetic patches: a quarter empty, half the digits 1..9, the rest the
    letters and the two-digit numbers of 16x16 grids."""
    rng = random.Random(seed)
    nprng = np.random.default_rng(seed)
    xs = np.zeros((count, PATCH, PATCH), np.uint8)
    ys = np.zeros(count, np.int64)
    for i in range(count):
        pick = rng.random()
        label = 0 if pick < 0.25 else rng.randrange(1, 10) if pick < 0.75 else \
            rng.randrange(10, CLASSES)
        cover = grid_lines(rng) + specks(rng)
        if label:
            cover = cover + ink(rng, font_files, label)
        xs[i] = photograph(rng, nprng, cover)
        ys[i] = label
    return xs, ys


def real_cells(data, names):
    """Patches and labels of the named photos, cut by the reader's Rust code along the outlines
    it finds itself (photos where it finds none are skipped): the cells the app will see."""
    base = "/tmp/digits-cells-%d" % os.getpid()
    with open(base + ".list", "w") as f:
        f.write("\n".join(names) + "\n")
    cmd = ["cargo", "run", "--release", "--quiet", "--example", "read_cells", "--", data,
           base + ".list", base + ".bin"]
    subprocess.run(cmd, check=True, cwd=ROOT, stderr=subprocess.DEVNULL)
    with open(base + ".bin", "rb") as f:
        raw = np.frombuffer(f.read(), np.uint8)
    os.remove(base + ".bin")
    os.remove(base + ".list")
    rows = raw.reshape(-1, 1 + PATCH * PATCH)
    return rows[:, 1:].reshape(-1, PATCH, PATCH).copy(), rows[:, 0].astype(np.int64)


def split_cells(data, listing, blanks):
    """The cells of a photo list's first 80 % to train on (`blanks` of their empty cells, every
    so many, kept) and of its last 20 % to validate on."""
    with open(os.path.join(data, listing)) as f:
        photos = [line.strip() for line in f if line.strip()]
    held = len(photos) // 5
    xs, ys = real_cells(data, photos[:-held])
    keep = (ys != 0) | (np.cumsum(ys == 0) % round(1 / blanks) == 0)
    return (xs[keep], ys[keep]), real_cells(data, photos[-held:])


class Net(nn.Module):
    """Three 3x3 convolutions without padding, each with ReLU and 2x2 max pooling, then two
    dense layers: 32 -> 30 -> 15 -> 13 -> 6 -> 4 -> 2, so 32 channels of 2x2 reach the head."""

    CHANNELS = (8, 16, 32)
    HIDDEN = 64

    def __init__(self):
        super().__init__()
        c1, c2, c3 = self.CHANNELS
        self.convs = nn.ModuleList([nn.Conv2d(1, c1, 3), nn.Conv2d(c1, c2, 3),
                                    nn.Conv2d(c2, c3, 3)])
        self.norms = nn.ModuleList([nn.BatchNorm2d(c) for c in self.CHANNELS])
        self.fc1 = nn.Linear(c3 * 4, self.HIDDEN)
        self.fc2 = nn.Linear(self.HIDDEN, CLASSES)
        self.drop = nn.Dropout(0.2)

    def forward(self, x):
        for conv, norm in zip(self.convs, self.norms):
            x = F.max_pool2d(F.relu(norm(conv(x))), 2)
        x = self.drop(F.relu(self.fc1(x.flatten(1))))
        return self.fc2(x)


def folded(net):
    """The inference tensors in the Rust side's order: each convolution with its batch norm
    folded in (weight, bias), then the two dense layers."""
    tensors = []
    for conv, norm in zip(net.convs, net.norms):
        scale = norm.weight / torch.sqrt(norm.running_var + norm.eps)
        tensors.append(conv.weight * scale[:, None, None, None])
        tensors.append((conv.bias - norm.running_mean) * scale + norm.bias)
    tensors += [net.fc1.weight, net.fc1.bias, net.fc2.weight, net.fc2.bias]
    return [t.detach().float().contiguous() for t in tensors]


def export(net, path):
    """Write magic, tensor count, each tensor's four dims (1-padded), then all data, LE f32."""
    tensors = folded(net)
    with open(path, "wb") as f:
        f.write(MAGIC + struct.pack("<I", len(tensors)))
        for t in tensors:
            dims = list(t.shape) + [1] * (4 - t.dim())
            f.write(struct.pack("<4I", *dims))
        for t in tensors:
            f.write(t.numpy().astype("<f4").tobytes())
    return sum(t.numel() for t in tensors)


def to_tensor(xs):
    return torch.from_numpy(normalize(xs)[:, None])


def predict(net, xs):
    net.eval()
    with torch.no_grad():
        return torch.cat([F.softmax(net(to_tensor(xs[i:i + 1024])), 1)
                          for i in range(0, len(xs), 1024)])


def jitter(xs, rng):
    """Shift real patches by up to 2 px (edge pixels repeated): the cutter's corners are not exact."""
    out = np.empty_like(xs)
    pad = np.pad(xs, ((0, 0), (2, 2), (2, 2)), mode="edge")
    for i in range(len(xs)):
        dy, dx = rng.randrange(5), rng.randrange(5)
        out[i] = pad[i, dy:dy + PATCH, dx:dx + PATCH]
    return out


def train(net, synth, real, args):
    """Adam with a cosine-decayed rate over synthetic cells and (jittered) real cells."""
    rng = random.Random(args.seed)
    gen = torch.Generator().manual_seed(args.seed)
    opt = torch.optim.Adam(net.parameters(), lr=3e-3, weight_decay=1e-4)
    steps = args.epochs * ((len(synth[0]) + args.real_weight * len(real[0])) // 128 + 1)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 3e-3, total_steps=steps)
    for epoch in range(args.epochs):
        xs = [synth[0]] + [jitter(real[0], rng) for _ in range(args.real_weight)]
        ys = [synth[1]] + [real[1]] * args.real_weight
        x = to_tensor(np.concatenate(xs))
        y = torch.from_numpy(np.concatenate(ys))
        order = torch.randperm(len(y), generator=gen)
        net.train()
        total = 0.0
        for i in range(0, len(y), 128):
            idx = order[i:i + 128]
            loss = F.cross_entropy(net(x[idx]), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.item() * len(idx)
        print("epoch %d loss %.4f" % (epoch + 1, total / len(y)), flush=True)


def report(name, probs, labels):
    guess = probs.argmax(1).numpy()
    empty = labels == 0
    right = guess == labels
    print("%s: %d/%d cells right (%.3f %%); empty %d/%d; digits %d/%d" % (
        name, right.sum(), len(labels), 100 * right.mean(), right[empty].sum(), empty.sum(),
        right[~empty].sum(), (~empty).sum()))


def write_parity(net, xs, path):
    probs = predict(net, xs)
    with open(path, "w") as f:
        f.write("# patch as 2048 hex digits, then the %d probabilities PyTorch gave it\n" % CLASSES)
        f.write("# the first four are cells of " + CREDIT + "\n")
        for x, p in zip(xs, probs):
            f.write(x.tobytes().hex() + " " + " ".join("%.7f" % v for v in p.tolist()) + "\n")


def write_cells(xs, ys, path):
    with open(path, "w") as f:
        f.write("# label, then a real cell patch (validation photos) as 2048 hex digits\n")
        f.write("# cells 0-9 of " + CREDIT + "; 10-23 of render.py's 16x16 pictures\n")
        for x, y in zip(xs, ys):
            f.write("%d %s\n" % (y, x.tobytes().hex()))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--synthetic", type=int, default=60000)
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--real-weight", type=int, default=4,
                        help="how many jittered copies of the real training cells per epoch")
    parser.add_argument("--data", default="/work/data/sudoku")
    parser.add_argument("--rendered", action="append", default=[], metavar="DIR:LIST",
                        help="a rendered training set's photos (render.py), 9x9 or 16x16")
    parser.add_argument("--rendered-blanks", type=float, default=0.25,
                        help="the share of a rendered set's empty cells trained on")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--out", default=os.path.join(ROOT, "crates/engine/src/read/digits.bin"))
    args = parser.parse_args()

    start = time.time()
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.use_deterministic_algorithms(True)
    torch.set_num_threads(args.threads)

    real, val = split_cells(args.data, "datasets/v2_train.desc", 1.0)
    print("v2_train cells: %d training, %d validation" % (len(real[1]), len(val[1])))
    for source in args.rendered:
        data, listing = source.split(":")
        more, more_val = split_cells(data, listing, args.rendered_blanks)
        print("%s cells: %d training, %d validation" % (source, len(more[1]), len(more_val[1])))
        real = tuple(np.concatenate(pair) for pair in zip(real, more))
        val = tuple(np.concatenate(pair) for pair in zip(val, more_val))
    synth = synthetic(args.synthetic, args.seed, fonts())
    print("%d synthetic cells in %.0f s" % (len(synth[1]), time.time() - start), flush=True)

    net = Net()
    train(net, synth, real, args)
    count = export(net, args.out)
    print("%d parameters, %d bytes in %s" % (count, os.path.getsize(args.out), args.out))

    report("validation (held-out training photos)", predict(net, val[0]), val[1])
    nine = val[1] < 10
    report("validation, 9x9 classes", predict(net, val[0][nine]), val[1][nine])
    report("synthetic (seen)", predict(net, synth[0][:5000]), synth[1][:5000])
    probs = predict(net, val[0])
    wrong = (probs.argmax(1).numpy() != val[1]).nonzero()[0]
    print("wrong validation cells (index, label, guess):",
          [(int(i), int(val[1][i]), int(probs[i].argmax())) for i in wrong[:40]])

    # Per class, the first validation cell read right and surely: a near tie could fall either
    # way in the Rust test's floats.
    sure = (probs.argmax(1).numpy() == val[1]) & (probs.max(1).values.numpy() > 0.9)
    pick = [int(np.nonzero((val[1] == d) & sure)[0][0]) for d in range(CLASSES)
            if ((val[1] == d) & sure).any()]
    write_parity(net, np.concatenate([val[0][pick[:4]], synth[0][:4]]),
                 os.path.join(ROOT, "tests/data/digits_parity.txt"))
    write_cells(val[0][pick], val[1][pick], os.path.join(ROOT, "tests/data/digits_cells.txt"))
    print("done in %.0f s" % (time.time() - start))


if __name__ == "__main__":
    main()
