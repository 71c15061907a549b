//! Finding the grid: the largest connected web of thin lines that fits a grid's lines.
//!
//! Lines are found as ridges (thinner than their surroundings on both sides), not as ink
//! darker than its neighbourhood: a shaded box's edge or a page's edge on a table is a step,
//! not a ridge, so neither joins the grid nor passes for one. Ridges are looked for both dark
//! on light and light on dark, so a dark-mode screenshot's grid is found like a printed one.

use super::blobs::outlines;
use super::edge::runs_off;
use super::profiles::{Profiles, SMEAR, crossings, profiles, refined};
use super::ridges::{FAINT_MARGIN, RIDGE_MARGIN, inked, lines, ridges};
use super::{Perspective, Picture, Point, Quad};

/// The longer side the search works at: enough to place corners within a pixel or two of a
/// phone photo's grid, small enough for a live preview.
pub const SEARCH_SIDE: usize = 640;

/// A grid found: its outline (on the middles of its outer lines), how many cells a side its
/// lines make, whether its lines are light on a dark ground, and whether it runs off the
/// picture's edge.
#[derive(Clone, Copy, Debug)]
pub struct Found {
    pub outline: Quad,
    pub side: usize,
    pub light_on_dark: bool,
    pub runs_off: bool,
}

/// The likeliest grid in `picture`, in its own pixels.
pub fn find(picture: &Picture) -> Option<Found> {
    let (small, factor) = picture.fitted(SEARCH_SIDE);
    let webs: Vec<Web> = [false, true]
        .into_iter()
        .filter_map(|light_on_dark| web(&small, light_on_dark))
        .collect();
    // Each candidate borrows its web's ridge pixels: copying them per candidate cost a picture.
    let candidates: Vec<Candidate> = (webs.iter())
        .flat_map(|web| {
            web.quads.iter().filter_map(move |&(quad, wide)| {
                Some(Candidate {
                    quad,
                    fit: fit(&web.inked, &quad, Lines::Anywhere, 9)?,
                    light_on_dark: web.light_on_dark,
                    wide,
                    inked: &web.inked,
                })
            })
        })
        .collect();
    let Candidate {
        quad: blob,
        fit: first,
        light_on_dark,
        inked,
        ..
    } = pick(&candidates)?;
    // Snapped onto its lines' middles, which the blob's extreme points miss by half a border: a
    // 9×9 grid onto ten lines a side, a 16×16 one onto seventeen, from its outer lines' middles
    // (a blob that took in text around the grid starts there no worse than before). Smaller
    // boards are not read, so their outlines stay the blob's.
    let side = first.side;
    let best = match side {
        9 => snapped(inked, *blob, first, Lines::Anywhere, side),
        16 => sixteen(inked, first.bordered),
        _ => *blob,
    };
    Some(Found {
        outline: unshrunk(&best, factor),
        side,
        light_on_dark: *light_on_dark,
        runs_off: runs_off(&small, inked, &best, side, *light_on_dark),
    })
}

/// The ridges of one polarity: their pixels and the outlines of their largest webs.
struct Web {
    light_on_dark: bool,
    inked: Picture,
    /// Each outline, and whether it is of the wide web.
    quads: Vec<(Quad, bool)>,
}

/// The ridges of `small` dark on light (or `light_on_dark`) and their webs' outlines; `None`
/// when no web makes one.
fn web(small: &Picture, light_on_dark: bool) -> Option<Web> {
    let (w, h) = (small.width(), small.height());
    let stand_out = ridges(small, light_on_dark);
    let (ink, faint) = (
        lines(&stand_out, RIDGE_MARGIN),
        lines(&stand_out, FAINT_MARGIN),
    );
    // Strong ridges make webs next to each other and across a blank pixel; faint ones, a
    // thin line that a blurred photo broke into dashes, next to each other only.
    let near = outlines(&[(&ink, 1), (&ink, 2), (&faint, 1)], w, h, CANDIDATES);
    let wide = outlines(&[(&ink, WIDE_REACH)], w, h, CANDIDATES);
    let wide = wide
        .into_iter()
        .filter(|q| !near.iter().any(|n| n.is_near(q)));
    let quads: Vec<(Quad, bool)> = (near.iter().map(|&q| (q, false)))
        .chain(wide.map(|q| (q, true)))
        .collect();
    if quads.is_empty() {
        return None;
    }
    Some(Web {
        light_on_dark,
        inked: inked(&ink, w, h)?,
        quads,
    })
}

/// The outline of the 16×16 grid whose outer lines' middles are near `start`'s corners: snapped
/// onto seventeen lines each way when the lines then lie where it puts them better than where
/// `start` puts them (text beside the grid may pass for its last line, a cell off).
fn sixteen(inked: &Picture, start: Quad) -> Quad {
    let Some(at_start) = fit(inked, &start, Lines::Anywhere, 16) else {
        return start;
    };
    let moved = snapped(inked, start, &at_start, Lines::Anywhere, 16);
    match fit(inked, &moved, Lines::Anywhere, 16) {
        Some(fit) if fit.in_place > at_start.in_place => moved,
        _ => start,
    }
}

/// The likeliest grid of the candidates: the largest outline whose inner lines carry ink as a
/// grid's do, and at least half the ink of the clearest one's (a page of text around a grid, or
/// an inverted copy, carries less); else the one that fits a grid best (a faint grid is better
/// than none). But an outline inside it whose lines are clearly clearer is the grid, and the
/// larger one the grid with text or a frame that joined its web; and so is an outline of the
/// wide web clearly clearer than any other, a frame whose thick corners broke apart. The wide
/// web alone is no grid: it joins a page of text into one block.
fn pick<'a, 'b>(candidates: &'b [Candidate<'a>]) -> Option<&'b Candidate<'a>> {
    candidates.iter().any(|c| !c.wide).then_some(())?;
    let clearest = |wide: bool| {
        (candidates.iter())
            .filter(|c| wide || !c.wide)
            .map(|c| c.fit.score)
            .fold(f32::MIN, f32::max)
    };
    let bar = CLEAR_GRID
        .max(clearest(true) * LARGER_SHARE)
        .min(clearest(true));
    let by_area = |a: &&Candidate, b: &&Candidate| a.quad.area().total_cmp(&b.quad.area());
    let passing = || candidates.iter().filter(|c| c.fit.score >= bar);
    let largest =
        (passing().filter(|c| !c.wide).max_by(by_area)).or_else(|| passing().max_by(by_area))?;
    let near_best = clearest(false);
    let clearer = |c: &&Candidate| match c.wide {
        true => c.fit.score >= near_best * CLEARER,
        false => c.fit.score >= largest.fit.score * CLEARER && largest.quad.holds(&c.quad),
    };
    Some(passing().filter(clearer).max_by(by_area).unwrap_or(largest))
}

/// `quad`, in the pixels of a search picture shrunk by `factor`, in the picture's own pixels
/// (a search pixel's middle is half a pixel in).
pub(super) fn unshrunk(quad: &Quad, factor: usize) -> Quad {
    let scale = factor as f32;
    Quad(quad.0.map(|p| Point {
        x: (p.x + 0.5) * scale,
        y: (p.y + 0.5) * scale,
    }))
}

/// An outline checked: how it fits a grid, whether it is light on dark, whether it came from the
/// wide web, and the ridge pixels it was fitted to.
struct Candidate<'a> {
    quad: Quad,
    fit: Fit,
    light_on_dark: bool,
    wide: bool,
    inked: &'a Picture,
}

/// How many times clearer than the largest outline's lines an outline inside it, or one of the
/// wide web, must have to be taken for the grid.
const CLEARER: f32 = 1.2;

/// How far apart, in search pixels, two ridge pixels of the wide web may be and join: a thick
/// frame's sides, whose corners are no ridge, stay one web.
const WIDE_REACH: usize = 6;

/// The largest plausible outlines of each polarity and web that are checked against a grid's
/// lines.
const CANDIDATES: usize = 2;

/// A larger outline is taken over the clearest grid only when its inner lines carry at least
/// this share of the clearest one's ink.
const LARGER_SHARE: f32 = 0.5;

/// Rounds of snapping: the second straightens what the first left slanted.
const REFINEMENTS: usize = 2;

/// The side of the square a candidate outline is straightened to when it is checked; a grid
/// followed from the frame before, smaller, to its own size (enough to place its lines).
const SNAP_SIDE: usize = 360;

/// The fewest pixels a side a followed grid is straightened to.
const SNAP_LEAST: usize = 144;

/// Where a fit looks for the grid's lines each way.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Lines {
    /// Anywhere in the outline: a blob's extreme points may take in a page's edge or text.
    Anywhere,
    /// About as far apart as the outline's own: it is where the grid was a frame before.
    Near,
}

/// The outline moved onto the lines of a grid of `side` cells a side, round after round, while
/// that fits them better.
pub(super) fn snapped(inked: &Picture, blob: Quad, first: &Fit, lines: Lines, side: usize) -> Quad {
    let (w, h) = (inked.width(), inked.height());
    let (mut best, mut current) = (blob, *first);
    for _ in 0..REFINEMENTS {
        let quad = current.snapped;
        if !quad.is_plausible(w, h) {
            break;
        }
        match fit(inked, &quad, lines, side) {
            Some(next) if next.score >= current.score * KEEP => {
                best = quad;
                current = next;
            }
            _ => break,
        }
    }
    best
}

/// A snapped outline is kept unless it scores clearly below the one it came from.
const KEEP: f32 = 0.9;

/// A candidate outline whose inner lines hold this much more ink than its average is a grid
/// (the real ones score 0.3 to 0.9; a page's edge with text inside, or a paragraph, near 0).
pub(super) const CLEAR_GRID: f32 = 0.1;

/// How well an outline fits a grid, and where its lines each way seem to be.
#[derive(Clone, Copy)]
pub(super) struct Fit {
    /// How much more ink lies on the inner lines (as snapped) than on average, the poorer way
    /// of the two.
    pub score: f32,
    /// The outline moved onto the evenly spaced lines each way with the most ink.
    snapped: Quad,
    /// How many cells a side the grid's inner lines make: 9, 16 or one of [`SMALLER_SIDES`].
    pub side: usize,
    /// How much more ink lies on the inner lines where the outline puts them than on average,
    /// the poorer way of the two.
    in_place: f32,
    /// The outline moved onto its outer lines' middles, each way (a 16×16 grid's cells are cut
    /// along it).
    bordered: Quad,
}

/// The boards smaller than 9×9 a grid's lines are told apart from a 9×9 one: cells a side.
const SMALLER_SIDES: [usize; 2] = [4, 6];

/// How many times more ink a smaller board's own lines must have than a 9×9 grid's own lines
/// for the grid to be taken for that board.
const OTHER_SIDE_RATIO: f32 = 2.0;

/// How many times more ink most of a 16×16 grid's own lines must have than most of a 9×9
/// grid's: a 9×9 grid's heavy lines lend ink to the few 16×16 lines near them, not to most.
const SIXTEEN_RATIO: f32 = 1.65;

/// Straightens the outline to a square and looks at its ink, column by column and row by row,
/// a margin beyond the outline included (a blob's corners may sit inside the border), for the
/// `cells` + 1 lines each way of a grid of `cells` a side. `inked` is 255 on ink and 0 elsewhere.
pub(super) fn fit(inked: &Picture, quad: &Quad, lines: Lines, cells: usize) -> Option<Fit> {
    let map = Perspective::onto(quad)?;
    let longest = quad.sides().into_iter().fold(0.0, f32::max);
    let n = match lines {
        Lines::Anywhere => SNAP_SIDE,
        Lines::Near => (longest.ceil() as usize).clamp(SNAP_LEAST, SNAP_SIDE),
    };
    // Half a cell beyond the outline: a blob's corners may sit inside the border.
    let margin = n / 18;
    let total = n + 2 * margin;
    let Profiles {
        columns,
        rows,
        column_halves,
        row_halves,
    } = profiles(inked, &map, n, margin);
    let inside = margin..margin + n;
    let mean = columns[inside.clone()].iter().sum::<f32>() / n as f32;
    let cell = n as f32 / cells as f32;
    let spacings = match lines {
        Lines::Anywhere => (
            total as f32 / (2 * cells) as f32,
            (total + 1) as f32 / cells as f32,
        ),
        Lines::Near => (cell * (1.0 - NEAR_SPACING), cell * (1.0 + NEAR_SPACING)),
    };
    let (left, across) = even_lines(&columns, spacings, cells + 1);
    let (top, down) = even_lines(&rows, spacings, cells + 1);
    let inner = |profile: &[f32], start: f32, spacing: f32| {
        (1..cells)
            .map(|k| line_ink(profile, start + k as f32 * spacing))
            .sum::<f32>()
    };
    // Both ways: text's evenly spaced lines fit one way only.
    let score =
        inner(&columns, left, across).min(inner(&rows, top, down)) / (cells - 1) as f32 - mean;
    let (at, step) = (margin as f32, cell);
    let in_place =
        inner(&columns, at, step).min(inner(&rows, at, step)) / (cells - 1) as f32 - mean;
    let snapped = crossings(
        &map,
        (n, margin, cells),
        [&column_halves, &row_halves],
        [(left, across), (top, down)],
    );
    let ends = (outer_lines(&columns, margin), outer_lines(&rows, margin));
    let side = board_side(&columns, &rows, ends);
    // A profile pixel's middle is half a pixel in.
    let at = |x: f32, y: f32| map.map(f64::from(x + 0.5) / n as f64, f64::from(y + 0.5) / n as f64);
    let ((left, right), (top, bottom)) = ends;
    let m = margin as f32;
    let bordered = Quad([
        at(left - m, top - m),
        at(right - m, top - m),
        at(right - m, bottom - m),
        at(left - m, bottom - m),
    ]);
    Some(Fit {
        score,
        snapped,
        side,
        in_place,
        bordered,
    })
}

/// How far a grid's spacing may change between frames, as a share of a cell.
const NEAR_SPACING: f32 = 0.08;

/// How many cells a side the grid's inner lines make, from the ink of `columns` and `rows` of a
/// straightened outline whose outer lines' middles are at `across` and `down`: 9, 16, or one
/// of [`SMALLER_SIDES`] when that board's own lines carry the ink.
fn board_side(columns: &[f32], rows: &[f32], (across, down): Ends) -> usize {
    // The ink on each inner line of a `side` board that boards of `others` lack, both ways.
    let ink_on = |side: usize, others: &[usize]| -> Vec<f32> {
        let at =
            |(first, last): (f32, f32), k: usize| first + (last - first) * k as f32 / side as f32;
        (1..side)
            .filter(|&k| others.iter().all(|&o| k * o % side != 0))
            .flat_map(|k| {
                [
                    line_ink(columns, at(across, k)),
                    line_ink(rows, at(down, k)),
                ]
            })
            .collect()
    };
    let mean = |inks: Vec<f32>| inks.iter().sum::<f32>() / inks.len().max(1) as f32;
    let median = |mut inks: Vec<f32>| {
        crate::order::sort_by(&mut inks, |a, b| a.total_cmp(b).is_lt());
        inks.get(inks.len() / 2).copied().unwrap_or(0.0)
    };
    // A 16×16 grid holds every line of a 4×4 one, but a 4×4 grid none of the 16×16's own.
    let sixteen = median(ink_on(16, &[9, 4])) / median(ink_on(9, &[16])).max(1e-6);
    if sixteen > SIXTEEN_RATIO {
        return 16;
    }
    // How much more ink a smaller board's own lines have than the 9×9 grid's own lines; above
    // OTHER_SIDE_RATIO, the lines are that board's.
    let fits = |side: usize| {
        let ratio = mean(ink_on(side, &[9])) / mean(ink_on(9, &[side])).max(1e-6);
        (ratio > OTHER_SIDE_RATIO).then_some((side, ratio))
    };
    SMALLER_SIDES
        .into_iter()
        .filter_map(fits)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map_or(9, |(side, _)| side)
}

/// The first and last lines' middles of a profile, each way.
type Ends = ((f32, f32), (f32, f32));

/// Where the outer lines' middles lie in a profile whose outline sits `margin` pixels in from
/// each end: a blob's outline runs along the border's outer edge, half a border off its middle,
/// which puts a 16×16 grid's far lines pixels off where they are.
fn outer_lines(profile: &[f32], margin: usize) -> (f32, f32) {
    let far = profile.len().saturating_sub(margin + 1);
    let reach = margin / 2;
    (middle(profile, margin, reach), middle(profile, far, reach))
}

/// The middle of the line with the most ink within `reach` of `at`: of the pixels around its
/// peak holding at least half the peak's ink.
fn middle(profile: &[f32], at: usize, reach: usize) -> f32 {
    let window = at.saturating_sub(reach)..(at + reach + 1).min(profile.len());
    let peak = window
        .clone()
        .max_by(|&a, &b| profile[a].total_cmp(&profile[b]))
        .unwrap_or(at);
    let half = profile.get(peak).map_or(0.0, |top| top / 2.0);
    let held = |i: &usize| profile[*i] >= half;
    let lo = (window.start..peak)
        .rev()
        .take_while(held)
        .last()
        .unwrap_or(peak);
    let hi = (peak..window.end).take_while(held).last().unwrap_or(peak);
    (lo + hi) as f32 / 2.0
}

/// The most ink a profile has within a pixel of `x`.
fn line_ink(profile: &[f32], x: f32) -> f32 {
    let at = x.round() as isize;
    (at - 1..=at + 1)
        .filter_map(|k| usize::try_from(k).ok().and_then(|k| profile.get(k)))
        .fold(0.0f32, |a, &b| a.max(b))
}

/// Where `lines` evenly spaced lines take the most ink from `profile`: the first line's position
/// and the spacing, between the two `spacings` (pixels). Searched on the profile
/// widened by a few pixels (a slanted outline smears its lines), each line taking the most
/// within a pixel of where it is placed, then each line's own middle
/// is found near where the search put it and all are fitted by least squares.
fn even_lines(profile: &[f32], spacings: (f32, f32), lines: usize) -> (f32, f32) {
    let n = profile.len();
    // The ink a line placed at each pixel from -1 to n + 1 takes: the most of the profile within
    // a pixel of it, widened; looked up once a placing instead of searched for every line.
    let reach = SMEAR as isize + 1;
    let taken: Vec<f32> = (-1..=n as isize + 1)
        .map(|at| match at <= n as isize {
            true => {
                let lo = usize::try_from(at - reach).unwrap_or(0);
                let hi = usize::try_from(at + reach + 1).unwrap_or(0).min(n);
                profile
                    .get(lo..hi)
                    .unwrap_or_default()
                    .iter()
                    .copied()
                    .fold(0.0, f32::max)
            }
            false => 0.0,
        })
        .collect();
    let take = |x: f32| {
        let at = x.round() as isize + 1;
        usize::try_from(at)
            .ok()
            .and_then(|i| taken.get(i))
            .copied()
            .unwrap_or(0.0)
    };
    let (span, gaps) = (n as f32, (lines - 1) as f32);
    let mut best = (0.0, spacings.1, f32::MIN);
    let mut spacing = spacings.0;
    while spacing <= spacings.1 && spacing * gaps <= span + 1.0 {
        let mut start = -1.0;
        while start + gaps * spacing <= span + 1.0 {
            let score: f32 = (0..lines).map(|k| take(start + k as f32 * spacing)).sum();
            if score > best.2 {
                best = (start, spacing, score);
            }
            start += 0.5;
        }
        spacing += 0.25;
    }
    refined(profile, best.0, best.1, lines)
}
