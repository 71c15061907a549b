//! The puzzle's QUBO drawn on two canvases: its coupling matrix, one pixel per pair of
//! variables (drawn once per puzzle), and over it the bits a run has set (redrawn each frame).

use sudoku_engine::qubo::Qubo;
use wasm_bindgen::{Clamped, JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// A colour from the page's CSS custom property `name` (written `#rrggbb`), or `fallback`.
fn css_colour(element: &web_sys::Element, name: &str, fallback: [u8; 3]) -> [u8; 3] {
    let text = web_sys::window()
        .and_then(|w| w.get_computed_style(element).ok().flatten())
        .and_then(|s| s.get_property_value(name).ok())
        .unwrap_or_default();
    let hex = text.trim().trim_start_matches('#');
    let channel = |i: usize| {
        hex.get(i..i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
    };
    match (hex.len(), channel(0), channel(2), channel(4)) {
        (6, Some(r), Some(g), Some(b)) => [r, g, b],
        _ => fallback,
    }
}

fn context(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas.get_context("2d").ok()??.dyn_into().ok()
}

/// The coupling matrix, one pixel per pair of variables: grey within a cell, blue between one
/// digit in two peer cells (darker where a row or column and a box both couple them), the
/// diagonal in ink, and the hints' variables in red.
pub fn draw_matrix(canvas: &HtmlCanvasElement, qubo: &Qubo, n: usize) -> Result<(), JsValue> {
    let size = qubo.variables();
    canvas.set_width(size as u32);
    canvas.set_height(size as u32);
    let paper = css_colour(canvas, "--paper", [255, 255, 255]);
    let within = css_colour(canvas, "--muted", [85, 85, 85]);
    let peers = css_colour(canvas, "--solver", [2, 132, 199]);
    let both = css_colour(canvas, "--accent", [3, 105, 161]);
    let ink = css_colour(canvas, "--ink", [17, 17, 17]);
    let hint = css_colour(canvas, "--flag", [220, 38, 38]);
    let mut rgba = vec![255u8; size * size * 4];
    let mut put = |i: usize, j: usize, c: [u8; 3]| {
        let at = (i * size + j) * 4;
        rgba[at..at + 3].copy_from_slice(&c);
    };
    for i in 0..size {
        for j in 0..size {
            put(i, j, paper);
        }
    }
    for &(i, j, c) in &qubo.pairs {
        let (i, j) = (i as usize, j as usize);
        let colour = if i / n == j / n {
            within
        } else if c > 2 * sudoku_engine::qubo::DEFAULT_WEIGHT {
            both
        } else {
            peers
        };
        put(i, j, colour);
        put(j, i, colour);
    }
    let plain = qubo.linear.iter().copied().max().unwrap_or(0);
    for (i, &c) in qubo.linear.iter().enumerate() {
        put(i, i, ink);
        // A hint's variable as a small square: one pixel of 729 is lost when the matrix is
        // drawn a third of its size.
        if c < plain {
            let near = |k: usize| k.saturating_sub(2)..(k + 3).min(size);
            for (a, b) in near(i).flat_map(|a| near(i).map(move |b| (a, b))) {
                put(a, b, hint);
            }
        }
    }
    let image = web_sys::ImageData::new_with_u8_clamped_array_and_sh(
        Clamped(&rgba),
        size as u32,
        size as u32,
    )?;
    context(canvas)
        .ok_or("no 2d context")?
        .put_image_data(&image, 0.0, 0.0)
}

/// The set bits: a square on the diagonal and a faint line through their rows and columns.
pub fn draw_bits(canvas: &HtmlCanvasElement, bits: &[u32], n: usize) -> Result<(), JsValue> {
    let size = (bits.len() * n) as u32;
    if canvas.width() != size {
        canvas.set_width(size);
        canvas.set_height(size);
    }
    let ctx = context(canvas).ok_or("no 2d context")?;
    let size = f64::from(size);
    ctx.clear_rect(0.0, 0.0, size, size);
    // Amber, as the caption says: the focus ring's colour is the keyboard's alone.
    let [r, g, b] = css_colour(canvas, "--hot", [217, 119, 6]);
    let colour = format!("rgb({r}, {g}, {b})");
    ctx.set_fill_style_str(&colour);
    ctx.set_global_alpha(0.12);
    let set = || {
        (bits.iter().enumerate()).flat_map(move |(cell, &up)| {
            (0..n)
                .filter(move |d| up >> d & 1 == 1)
                .map(move |d| (cell * n + d) as f64)
        })
    };
    for v in set() {
        ctx.fill_rect(v - 1.0, 0.0, 3.0, size);
        ctx.fill_rect(0.0, v - 1.0, size, 3.0);
    }
    ctx.set_global_alpha(1.0);
    // Hollow, so that a hint's red square shows inside its bit's.
    ctx.set_stroke_style_str(&colour);
    ctx.set_line_width(3.0);
    for v in set() {
        ctx.stroke_rect(v - 5.0, v - 5.0, 11.0, 11.0);
    }
    Ok(())
}
