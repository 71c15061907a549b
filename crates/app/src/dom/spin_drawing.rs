//! The spins of a large board, and a running solver's digits on it, drawn on one canvas over
//! its table. A 25×25 board has 15,625 spins: as elements, restyling, laying out and painting
//! them cost more than a frame, while a canvas redraws only the cells whose spins changed. Its
//! 625 inputs cost the same when a run changes their values at every frame (each input is a
//! small scroller of its own to lay out, paint and layerize), so while a solver runs its digits
//! and conflicts are drawn here too and the cells wait, blank, for the run to end. The inputs
//! under the canvas stay the cells.

use crate::dom::cells::cell_input;
use std::f64::consts::TAU;
use sudoku_engine::board::digit_char;
use sudoku_page::page::{Dot, Spins};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, DomRect, HtmlCanvasElement, HtmlElement};

/// Space between a cell's edge and its dots, in CSS pixels, as `.spins` leaves it.
const INSET: f64 = 3.0;
/// A dot's diameter as a share of its slot, as `.spin` draws it.
const DOT: f64 = 0.62;

/// What the canvas draws in one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    /// Nothing: the cell's input shows it.
    Blank,
    /// Its spins, a dot per digit.
    Spins(Spins),
    /// The digit a running solver shows there, its cell framed when it conflicts.
    Digit { digit: u8, conflict: bool },
}

/// Where the cells lie (column lefts and widths, row tops and heights, in the board frame's
/// CSS pixels), the pixel ratio, the colours and the digits' font: when any changes, every cell
/// is drawn again.
#[derive(Clone, PartialEq)]
pub struct Layout {
    /// The table's size, which the cells' places follow: they are read again only when it
    /// changes, since each read asks the browser for an up-to-date layout.
    table: (i32, i32),
    columns: Vec<(f64, f64)>,
    rows: Vec<(f64, f64)>,
    ratio: f64,
    colours: Colours,
    font: String,
}

/// The page's colours the canvas draws in: the solver's, the muted, the ink and a clash's.
type Colours = [String; 4];

/// A cell's left, top, width and height in the board frame's CSS pixels.
type Rect = (f64, f64, f64, f64);

/// What the canvas shows now, to redraw only what changed.
pub type Drawn = Option<(Layout, Vec<Ink>)>;

/// The element holding cell `cell`'s input, its table cell.
fn cell_box(cell: usize) -> Option<HtmlElement> {
    cell_input(cell)?
        .parent_element()?
        .dyn_into::<HtmlElement>()
        .ok()
}

/// The font of a solver's digits, as `.board td.solver input` sets it.
fn digit_font(window: &web_sys::Window) -> Option<String> {
    let input = cell_input(0)?;
    let style = window.get_computed_style(&input).ok()??;
    let read = |name: &str| style.get_property_value(name).unwrap_or_default();
    Some(format!(
        "italic 400 {} {}",
        read("font-size"),
        read("font-family")
    ))
}

/// Each column's (or row's) start, from `origin` (the canvas's own edge), and length, from the
/// first cell of each. Read from the cells' boxes on the page rather than their offsets, which
/// count from whichever ancestor is positioned (a row, since rows are paint layers).
fn sides(
    size: usize,
    cell: impl Fn(usize) -> usize,
    origin: f64,
    side: fn(&DomRect) -> (f64, f64),
) -> Option<Vec<(f64, f64)>> {
    (0..size)
        .map(|i| {
            let (at, length) = side(&cell_box(cell(i))?.get_bounding_client_rect());
            Some((at - origin, length))
        })
        .collect()
}

/// The cells' places on the page now, with the canvas's pixel ratio, colours and font; the
/// places and font of `before` when the table kept its size.
fn layout(canvas: &HtmlCanvasElement, size: usize, before: Option<&Layout>) -> Option<Layout> {
    let table = canvas
        .previous_element_sibling()?
        .dyn_into::<HtmlElement>()
        .ok()?;
    let table = (table.offset_width(), table.offset_height());
    let window = web_sys::window()?;
    let (columns, rows, font) = match before {
        Some(b) if b.table == table => (b.columns.clone(), b.rows.clone(), b.font.clone()),
        _ => {
            let origin = canvas.get_bounding_client_rect();
            (
                sides(size, |c| c, origin.left(), |r| (r.left(), r.width()))?,
                sides(size, |r| r * size, origin.top(), |r| (r.top(), r.height()))?,
                digit_font(&window)?,
            )
        }
    };
    let style = window.get_computed_style(canvas).ok().flatten()?;
    let read = |name: &str| style.get_property_value(name).unwrap_or_default();
    Some(Layout {
        table,
        columns,
        rows,
        ratio: window.device_pixel_ratio(),
        colours: [
            read("--solver"),
            read("--muted"),
            read("--ink"),
            read("--hot"),
        ],
        font,
    })
}

/// Brings the canvas up to `inks`: every cell when the layout changed, else those that did.
pub fn draw(
    canvas: &HtmlCanvasElement,
    drawn: &mut Drawn,
    inks: &[Ink],
    size: usize,
    box_cols: usize,
) {
    let Some(now) = layout(canvas, size, drawn.as_ref().map(|(l, _)| l)) else {
        return;
    };
    let Some(ctx) = (canvas.get_context("2d").ok().flatten())
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    let before = match drawn.take() {
        Some((layout, before)) if layout == now => before,
        _ => {
            fit(canvas, &ctx, &now);
            Vec::new()
        }
    };
    let changed: Vec<usize> = (0..inks.len().min(size * size))
        .filter(|&cell| before.get(cell) != inks.get(cell))
        .collect();
    let cell_rect = |cell: usize| -> Rect {
        let (left, width) = now.columns[cell % size];
        let (top, height) = now.rows[cell / size];
        (left, top, width, height)
    };
    for &cell in &changed {
        let (x, y, w, h) = cell_rect(cell);
        ctx.clear_rect(x, y, w, h);
    }
    let dots = changed.iter().flat_map(|&cell| {
        let (x, y, w, h) = cell_rect(cell);
        let spins = match inks[cell] {
            Ink::Spins(spins) => Some(spins),
            _ => None,
        };
        (0..size).filter_map(move |d| {
            let dot = spins?.dot(d)?;
            Some((place(x, y, w, h, d, size, box_cols), dot))
        })
    });
    paint(&ctx, &now.colours, &dots.collect::<Vec<_>>());
    let digits = changed.iter().filter_map(|&cell| match inks[cell] {
        Ink::Digit { digit, conflict } => Some((cell_rect(cell), digit, conflict)),
        _ => None,
    });
    write(&ctx, &now, &digits.collect::<Vec<_>>());
    *drawn = Some((now, inks.to_vec()));
}

/// Writes each digit centred in its cell as the inputs show a solver's digits, and frames a
/// conflicting one's cell in amber, as `td.conflict.solver` is.
fn write(ctx: &CanvasRenderingContext2d, layout: &Layout, digits: &[(Rect, u8, bool)]) {
    let [solver, _, _, hot] = &layout.colours;
    ctx.set_font(&layout.font);
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    ctx.set_fill_style_str(solver);
    for &((x, y, w, h), digit, _) in digits {
        drop(ctx.fill_text(&digit_char(digit).to_string(), x + w / 2.0, y + h / 2.0));
    }
    ctx.begin_path();
    for &((x, y, w, h), _, _) in digits.iter().filter(|(_, _, conflict)| *conflict) {
        ctx.rect(x + 1.0, y + 1.0, w - 2.0, h - 2.0);
    }
    ctx.set_stroke_style_str(hot);
    ctx.set_line_width(2.0);
    ctx.stroke();
}

/// Sizes the canvas to cover the cells at the device's pixel ratio, which also clears it.
fn fit(canvas: &HtmlCanvasElement, ctx: &CanvasRenderingContext2d, layout: &Layout) {
    let far = |sides: &[(f64, f64)]| sides.last().map_or(0.0, |(at, side)| at + side);
    let (width, height) = (far(&layout.columns), far(&layout.rows));
    canvas.set_width((width * layout.ratio).round() as u32);
    canvas.set_height((height * layout.ratio).round() as u32);
    let style = canvas.style();
    drop(style.set_property("width", &format!("{}px", sudoku_words::fixed(width, 2))));
    drop(style.set_property("height", &format!("{}px", sudoku_words::fixed(height, 2))));
    drop(ctx.set_transform(layout.ratio, 0.0, 0.0, layout.ratio, 0.0, 0.0));
}

/// The centre and outer radius of digit index `d`'s dot in a cell at `x, y` of `w × h`: the
/// dots lie like the digits of a box, `box_cols` to a row.
fn place(
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    d: usize,
    size: usize,
    box_cols: usize,
) -> (f64, f64, f64) {
    let cols = box_cols.max(1);
    let rows = size.div_ceil(cols).max(1);
    let (slot_w, slot_h) = (
        (w - 2.0 * INSET) / cols as f64,
        (h - 2.0 * INSET) / rows as f64,
    );
    let cx = x + INSET + slot_w * ((d % cols) as f64 + 0.5);
    let cy = y + INSET + slot_h * ((d / cols) as f64 + 0.5);
    (cx, cy, DOT * slot_w.min(slot_h) / 2.0)
}

/// Draws the dots as the cells' styles would: filled when up, hollow when down, square with a
/// dark edge when clamped, an analog variable filled as strongly as it is on with its cell's
/// leading digit ringed. Dots of one look share one path, so a frame makes few calls.
fn paint(ctx: &CanvasRenderingContext2d, colours: &Colours, dots: &[((f64, f64, f64), Dot)]) {
    let [solver, muted, ink, _] = colours;
    // The outline runs inside the dot's edge, as a border does in the stylesheet's boxes.
    let shape = |(cx, cy, outer): (f64, f64, f64), square: bool, line: f64| {
        let r = (outer - line / 2.0).max(0.5);
        if square {
            ctx.rect(cx - r, cy - r, 2.0 * r, 2.0 * r);
        } else {
            ctx.move_to(cx + r, cy);
            drop(ctx.arc(cx, cy, r, 0.0, TAU));
        }
    };
    let layer =
        |fill: Option<(&str, f64)>, edge: Option<(&str, f64)>, pick: &dyn Fn(&Dot) -> bool| {
            ctx.begin_path();
            let line = edge.map_or(1.0, |(_, width)| width);
            for (at, dot) in dots.iter().filter(|(_, dot)| pick(dot)) {
                shape(*at, dot.clamped, line);
            }
            if let Some((colour, alpha)) = fill {
                ctx.set_global_alpha(alpha);
                ctx.set_fill_style_str(colour);
                ctx.fill();
                ctx.set_global_alpha(1.0);
            }
            if let Some((colour, width)) = edge {
                ctx.set_stroke_style_str(colour);
                ctx.set_line_width(width);
                ctx.stroke();
            }
        };
    let lead = |dot: &Dot| dot.up && dot.shade.is_some();
    // The fills: up spins, and each shade of the analog variables.
    layer(Some((solver, 1.0)), None, &|dot| {
        dot.up && dot.shade.is_none()
    });
    for shade in 1..=sudoku_engine::step::LEVEL_MAX {
        let alpha = f64::from(shade) / f64::from(sudoku_engine::step::LEVEL_MAX);
        layer(Some((solver, alpha)), None, &|dot| dot.shade == Some(shade));
    }
    // The edges: hollow and shaded dots thin, up dots in their fill, clamped ones dark, the
    // leading digit ringed.
    let free = |dot: &Dot| !dot.clamped && !lead(dot);
    layer(None, Some((muted, 1.0)), &|dot| free(dot) && !dot.up);
    layer(None, Some((solver, 1.0)), &|dot| free(dot) && dot.up);
    layer(None, Some((ink, 2.0)), &|dot| dot.clamped && !lead(dot));
    layer(None, Some((solver, 2.0)), &lead);
}
