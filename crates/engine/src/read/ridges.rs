//! Ridges: the pixels thinner than their surroundings on both sides, which is how a grid's lines
//! stand out whether they are darker than the paper or (a dark-mode screenshot) lighter.

use super::Picture;

/// How much each pixel stands out as a line's: how much darker (or, `light_on_dark`, lighter)
/// than the pixels at the same distance on both sides, across or down, at the best of a few
/// distances (a line's middle stands out at a distance over half its width).
pub(super) fn ridges(picture: &Picture, light_on_dark: bool) -> Vec<i16> {
    let (w, h) = (picture.width(), picture.height());
    let flip = if light_on_dark { 255 } else { 0 };
    let value: Vec<i16> = picture
        .pixels()
        .iter()
        .map(|&p| i16::from(p ^ flip))
        .collect();
    let mut most = vec![i16::MIN; w * h];
    let row = |y: usize| &value[y * w..(y + 1) * w];
    // A row from its `k`th pixel (none when the picture is narrower).
    fn from(row: &[i16], k: usize) -> &[i16] {
        row.get(k..).unwrap_or_default()
    }
    for &d in &RIDGE_DISTANCES {
        for y in 0..h {
            let (here, out) = (row(y), &mut most[y * w..(y + 1) * w]);
            let inner = out.get_mut(d..w.saturating_sub(d)).unwrap_or_default();
            for (((o, &l), &c), &r) in inner
                .iter_mut()
                .zip(here)
                .zip(from(here, d))
                .zip(from(here, 2 * d))
            {
                *o = (*o).max(l.min(r) - c);
            }
            if y < d || y + d >= h {
                continue;
            }
            let (up, down) = (row(y - d), row(y + d));
            for (((o, &u), &c), &b) in out.iter_mut().zip(up).zip(here).zip(down) {
                *o = (*o).max(u.min(b) - c);
            }
            // Where lines cross or meet at a corner, neither way across is brighter, but the
            // four cells or ground around on the diagonals are: without these the web falls
            // apart there.
            let inner = out.get_mut(d..w.saturating_sub(d)).unwrap_or_default();
            let corners = up
                .iter()
                .zip(from(up, 2 * d))
                .zip(down.iter().zip(from(down, 2 * d)));
            for ((o, &c), ((&a, &b), (&e, &f))) in inner.iter_mut().zip(from(here, d)).zip(corners)
            {
                *o = (*o).max(a.min(b).min(e.min(f)) - c);
            }
        }
    }
    most
}

/// The pixels that stand out as a line's by more than `margin`.
pub(super) fn lines(stand_out: &[i16], margin: i16) -> Vec<bool> {
    stand_out.iter().map(|&s| s > margin).collect()
}

/// The ridge pixels of a `w × h` picture as a picture: 255 on a line, 0 elsewhere.
pub(super) fn inked(ink: &[bool], w: usize, h: usize) -> Option<Picture> {
    let luma = ink.iter().map(|&i| if i { 255 } else { 0 }).collect();
    Picture::from_luma(w, h, luma).ok()
}

/// The distances, in search pixels, a line's middle is compared at: lines up to about twice
/// the largest wide are found.
const RIDGE_DISTANCES: [usize; 4] = [2, 4, 7, 11];

/// How much darker than both sides a pixel must be to count as on a line.
pub(super) const RIDGE_MARGIN: i16 = 10;

/// How much a pixel must stand out to join a faint web: only outlines are looked for in it.
pub(super) const FAINT_MARGIN: i16 = 5;
