//! The digit classifier: whether a cell of the photographed grid is empty or holds 1..=9, a
//! letter A..=G or a number 10..=16 (as 16×16 grids print their symbols).
//!
//! A small convolutional network trained by `tools/digits/train.py` (three 3×3 convolutions
//! without padding, each with ReLU and 2×2 max pooling, then two dense layers). Its weights are
//! compiled in from `digits.bin`, whose layout is checked at compile time, and converted to
//! floats at compile time too, so a call allocates nothing and reads no file. The forward pass
//! is a few lines of our own rather than an inference crate: the network is five layers of four
//! kinds, and a general runtime (tract, candle) would add far more wasm than these lines for
//! no speed the patches need.

use super::{PATCH, Patch};

/// The classes: 0 for an empty cell, the digits 1..=9, the letters A..=G (10..=16), then the
/// two-digit numbers 10..=16 (17..=23). One network reads both sizes, so one set of weights ships.
pub const CLASSES: usize = 24;
/// Where the two-digit numbers' classes start.
const NUMBERS: usize = 17;

/// The values a cell may hold on the boards read: blank (0), then 1..=16.
pub const VALUES: usize = 17;

/// Per cell, how likely it is blank (index 0) or holds each value.
pub type Odds = [f32; VALUES];

const C1: usize = 8;
const C2: usize = 16;
const C3: usize = 32;
const HIDDEN: usize = 64;
/// The last convolution's output side after pooling: 32 → 30 → 15 → 13 → 6 → 4 → 2.
const LAST: usize = 2;
const FLAT: usize = C3 * LAST * LAST;

/// Each tensor's four dimensions in the file's order: a convolution's weights and bias for
/// each of the three, then the two dense layers' weights and biases.
const SHAPES: [[usize; 4]; 10] = [
    [C1, 1, 3, 3],
    [C1, 1, 1, 1],
    [C2, C1, 3, 3],
    [C2, 1, 1, 1],
    [C3, C2, 3, 3],
    [C3, 1, 1, 1],
    [HIDDEN, FLAT, 1, 1],
    [HIDDEN, 1, 1, 1],
    [CLASSES, HIDDEN, 1, 1],
    [CLASSES, 1, 1, 1],
];
const MAGIC: &[u8; 4] = b"SDG1";
const HEADER: usize = 8 + 16 * SHAPES.len();
const WEIGHTS: &[u8] = include_bytes!("digits.bin");

const fn u32_at(bytes: &[u8], at: usize) -> usize {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]) as usize
}

/// Whether `bytes` carry the magic, the network's shapes and exactly their floats.
const fn layout_matches(bytes: &[u8]) -> bool {
    if bytes.len() < HEADER || u32_at(bytes, 4) != SHAPES.len() {
        return false;
    }
    let mut i = 0;
    while i < MAGIC.len() {
        if bytes[i] != MAGIC[i] {
            return false;
        }
        i += 1;
    }
    let mut floats = 0;
    let mut t = 0;
    while t < SHAPES.len() {
        let mut d = 0;
        while d < 4 {
            if u32_at(bytes, 8 + 16 * t + 4 * d) != SHAPES[t][d] {
                return false;
            }
            d += 1;
        }
        floats += SHAPES[t][0] * SHAPES[t][1] * SHAPES[t][2] * SHAPES[t][3];
        t += 1;
    }
    bytes.len() == HEADER + 4 * floats
}

const _: () = assert!(
    layout_matches(WEIGHTS),
    "src/read/digits.bin does not match the network's layout"
);

/// A 3×3 convolution from `I` channels to `O`, batch norm folded in.
struct Conv<const I: usize, const O: usize> {
    weights: [[[f32; 9]; I]; O],
    bias: [f32; O],
}

/// A dense layer from `I` inputs to `O` outputs.
struct Dense<const I: usize, const O: usize> {
    weights: [[f32; I]; O],
    bias: [f32; O],
}

struct Net {
    conv1: Conv<1, C1>,
    conv2: Conv<C1, C2>,
    conv3: Conv<C2, C3>,
    fc1: Dense<FLAT, HIDDEN>,
    fc2: Dense<HIDDEN, CLASSES>,
}

/// Reads the floats of `WEIGHTS` in order, at compile time.
struct Reader {
    at: usize,
}

impl Reader {
    const fn next(&mut self) -> f32 {
        let b = WEIGHTS;
        let at = self.at;
        self.at += 4;
        f32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
    }

    const fn vector<const N: usize>(&mut self) -> [f32; N] {
        let mut v = [0.0; N];
        let mut i = 0;
        while i < N {
            v[i] = self.next();
            i += 1;
        }
        v
    }

    const fn conv<const I: usize, const O: usize>(&mut self) -> Conv<I, O> {
        let mut weights = [[[0.0; 9]; I]; O];
        let mut o = 0;
        while o < O {
            let mut i = 0;
            while i < I {
                weights[o][i] = self.vector();
                i += 1;
            }
            o += 1;
        }
        Conv {
            weights,
            bias: self.vector(),
        }
    }

    const fn dense<const I: usize, const O: usize>(&mut self) -> Dense<I, O> {
        let mut weights = [[0.0; I]; O];
        let mut o = 0;
        while o < O {
            weights[o] = self.vector();
            o += 1;
        }
        Dense {
            weights,
            bias: self.vector(),
        }
    }
}

const fn net() -> Net {
    let mut reader = Reader { at: HEADER };
    Net {
        conv1: reader.conv(),
        conv2: reader.conv(),
        conv3: reader.conv(),
        fc1: reader.dense(),
        fc2: reader.dense(),
    }
}

static NET: Net = net();

/// The probabilities that `patch` (a cell, `PATCH` rows of `PATCH` grey bytes, dark ink low,
/// its borders at the patch's edges) is empty (index 0) or holds the digit 1..=9, summing to
/// one. The patch is normalized here, as the training script does, so any brightness and
/// contrast will do.
pub fn classify(patch: &Patch) -> [f32; CLASSES] {
    let mut input = [0.0f32; PATCH * PATCH];
    normalize(patch, &mut input);
    let mut wide = [0.0f32; C1 * 30 * PATCH];
    let mut pooled1 = [0.0f32; C1 * 15 * 15];
    conv(&NET.conv1, &input, PATCH, &mut wide);
    relu_pool(&wide, 30, &mut pooled1);
    let mut pooled2 = [0.0f32; C2 * 6 * 6];
    conv(&NET.conv2, &pooled1, 15, &mut wide);
    relu_pool(&wide[..C2 * 13 * 15], 13, &mut pooled2);
    let mut flat = [0.0f32; FLAT];
    conv(&NET.conv3, &pooled2, 6, &mut wide);
    relu_pool(&wide[..C3 * 4 * 6], 4, &mut flat);
    let mut hidden = dense(&NET.fc1, &flat);
    hidden.iter_mut().for_each(|h| *h = h.max(0.0));
    softmax(dense(&NET.fc2, &hidden))
}

/// How likely `patch` is blank or holds each value of a board of `side` symbols: a 9×9 grid's
/// cells hold no letters (their classes are dropped and the rest scaled to sum to one); on a
/// 16×16 grid a letter and its number are the same value.
pub fn odds(patch: &Patch, side: usize) -> Odds {
    let p = classify(patch);
    let mut odds = [0.0; VALUES];
    for (value, o) in odds.iter_mut().enumerate().take(side + 1) {
        *o = p[value]
            + if value >= 10 {
                p[value + NUMBERS - 10]
            } else {
                0.0
            };
    }
    let total: f32 = odds.iter().sum();
    odds.map(|o| o / total.max(f32::MIN_POSITIVE))
}

/// Bytes to zero mean and unit spread, the spread floored at 0.05 (of full scale) so an empty
/// cell's faint texture is not blown up into strokes; as `normalize` in the training script.
fn normalize(patch: &Patch, out: &mut [f32; PATCH * PATCH]) {
    for (o, &p) in out.iter_mut().zip(patch) {
        *o = f32::from(p) / 255.0;
    }
    let n = out.len() as f32;
    let mean = out.iter().sum::<f32>() / n;
    let spread = (out.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / n).sqrt();
    let scale = 1.0 / spread.max(0.05);
    out.iter_mut().for_each(|v| *v = (*v - mean) * scale);
}

/// A valid 3×3 convolution of `I` planes of `side`² into the first `O` planes of `out`, each
/// (`side` − 2) rows at a stride of `side` (the last two floats of a row are junk). The stride
/// lets each kernel tap run as one long loop over contiguous floats, which vectorizes.
fn conv<const I: usize, const O: usize>(
    layer: &Conv<I, O>,
    input: &[f32],
    side: usize,
    out: &mut [f32],
) {
    let n = side - 2;
    let len = (n - 1) * side + n;
    let planes = out.chunks_exact_mut(n * side).take(O);
    for ((plane, kernels), &bias) in planes.zip(&layer.weights).zip(&layer.bias) {
        let plane = &mut plane[..len];
        plane.fill(bias);
        for (src, kernel) in input.chunks_exact(side * side).zip(kernels) {
            for (k, &w) in kernel.iter().enumerate() {
                let tap = &src[(k / 3) * side + k % 3..][..len];
                for (d, s) in plane.iter_mut().zip(tap) {
                    *d += w * s;
                }
            }
        }
    }
}

/// ReLU and 2×2 max pooling of planes of `side` rows at a stride of `side` + 2 (as [`conv`]
/// leaves them) into planes of (`side` / 2)², the odd last row and column dropped as PyTorch
/// does.
fn relu_pool(input: &[f32], side: usize, out: &mut [f32]) {
    let (half, stride) = (side / 2, side + 2);
    for (src, dst) in input
        .chunks_exact(side * stride)
        .zip(out.chunks_exact_mut(half * half))
    {
        for (y, row) in dst.chunks_exact_mut(half).enumerate() {
            let (top, bottom) = (&src[2 * y * stride..], &src[(2 * y + 1) * stride..]);
            for (x, d) in row.iter_mut().enumerate() {
                let quad = [top[2 * x], top[2 * x + 1], bottom[2 * x], bottom[2 * x + 1]];
                *d = quad.into_iter().fold(0.0, f32::max);
            }
        }
    }
}

fn dense<const I: usize, const O: usize>(layer: &Dense<I, O>, input: &[f32; I]) -> [f32; O] {
    let mut out = layer.bias;
    for (o, weights) in out.iter_mut().zip(&layer.weights) {
        *o += weights.iter().zip(input).map(|(w, x)| w * x).sum::<f32>();
    }
    out
}

fn softmax(logits: [f32; CLASSES]) -> [f32; CLASSES] {
    let top = logits.into_iter().fold(f32::NEG_INFINITY, f32::max);
    let exp = logits.map(|l| (l - top).exp());
    let total: f32 = exp.iter().sum();
    exp.map(|e| e / total)
}
