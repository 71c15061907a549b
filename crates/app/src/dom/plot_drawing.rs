//! The live plot, drawn on a canvas of our own: two series on their own axes (left and right),
//! a killer's cage-sum penalty dotted on the first one's, restarts as dashed marks, round
//! labelled ticks, the page's colours (so dark mode follows), and crisp lines at any pixel ratio.
//! A canvas because a frame redraws up to two thousand points; the axes, ticks and the
//! description come from [`sudoku_page::plot`], which is tested natively.

use sudoku_engine::step::{Scale, Series};
use sudoku_page::plot::Trace;
use sudoku_page::plot::{Axis, legible, tick_label};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// Room around the plotting area for the tick labels, in CSS pixels: the least at each side, more
/// where an axis's widest label needs it.
const LEFT: f64 = 44.0;
const RIGHT: f64 = 44.0;
/// The tick labels' font.
const LABEL_FONT: &str = "11px system-ui, sans-serif";
/// Between a side tick label and the plotting area.
const LABEL_PAD: f64 = 4.0;
const TOP: f64 = 8.0;
const BOTTOM: f64 = 20.0;
/// Closest two tick labels of an axis may be drawn (11 px text).
const LABEL_GAP: f64 = 14.0;
/// …and along the bottom, where labels stand side by side.
const X_LABEL_GAP: f64 = 40.0;
/// Closest two restart marks may be drawn.
const RESTART_GAP_PX: f64 = 6.0;

/// The page's colours, read from its CSS custom properties.
struct Colours {
    ink: String,
    line: String,
    first: String,
    second: String,
    cages: String,
    restart: String,
}

impl Colours {
    fn of(canvas: &HtmlCanvasElement) -> Colours {
        let style = web_sys::window().and_then(|w| w.get_computed_style(canvas).ok().flatten());
        let read = |name: &str, fallback: &str| {
            style
                .as_ref()
                .and_then(|s| s.get_property_value(name).ok())
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
                .unwrap_or_else(|| fallback.to_string())
        };
        Colours {
            ink: read("--muted", "#555"),
            line: read("--line", "#9aa3ad"),
            first: read("--solver", "#0284c7"),
            second: read("--series-2", "#c2410c"),
            cages: read("--series-3", "#7e22ce"),
            restart: read("--flag", "#dc2626"),
        }
    }
}

/// The plotting area of one drawing: the axes fitted to the trace, and its size.
struct Area {
    x_axis: Axis,
    axes: [Axis; 2],
    /// Where the plotting area starts, after the left axis's labels.
    left: f64,
    width: f64,
    height: f64,
}

impl Area {
    fn x(&self, tick: f64) -> f64 {
        self.left + self.x_axis.position(tick) * self.width
    }

    fn y(&self, k: usize, v: f64) -> f64 {
        TOP + (1.0 - self.axes[k].position(v)) * self.height
    }
}

/// The canvas's 2D context, sized to its CSS box at the device's pixel ratio, cleared, and
/// the box's size; none while the canvas has no room for a plot.
fn prepare(canvas: &HtmlCanvasElement) -> Option<(CanvasRenderingContext2d, f64, f64)> {
    let ctx = (canvas.get_context("2d").ok().flatten())
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())?;
    let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    let (width, height) = (
        f64::from(canvas.client_width()),
        f64::from(canvas.client_height()),
    );
    if width <= LEFT + RIGHT || height <= TOP + BOTTOM {
        return None;
    }
    let (px_w, px_h) = (
        (width * ratio).round() as u32,
        (height * ratio).round() as u32,
    );
    if canvas.width() != px_w || canvas.height() != px_h {
        canvas.set_width(px_w);
        canvas.set_height(px_h);
    }
    let _ = ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
    ctx.clear_rect(0.0, 0.0, width, height);
    Some((ctx, width, height))
}

/// Grid lines at the left axis's ticks, the frame, and each axis labelled in its series'
/// colour.
fn draw_axes(ctx: &CanvasRenderingContext2d, area: &Area, colours: &Colours) {
    ctx.set_line_width(1.0);
    ctx.set_stroke_style_str(&colours.line);
    ctx.set_global_alpha(0.5);
    ctx.begin_path();
    let ticks = [0, 1].map(|k| legible(&area.axes[k].ticks, |t| area.y(k, t), LABEL_GAP));
    for &t in &ticks[0] {
        let yy = area.y(0, t).round() + 0.5;
        ctx.move_to(area.left, yy);
        ctx.line_to(area.left + area.width, yy);
    }
    ctx.stroke();
    ctx.set_global_alpha(1.0);
    ctx.stroke_rect(
        area.left + 0.5,
        TOP + 0.5,
        area.width - 1.0,
        area.height - 1.0,
    );
    ctx.set_text_baseline("middle");
    for (k, colour, align, at) in [
        (0, &colours.first, "right", area.left - LABEL_PAD),
        (
            1,
            &colours.second,
            "left",
            area.left + area.width + LABEL_PAD,
        ),
    ] {
        ctx.set_fill_style_str(colour);
        ctx.set_text_align(align);
        for &t in &ticks[k] {
            let _ = ctx.fill_text(&tick_label(t), at, area.y(k, t));
        }
    }
    ctx.set_fill_style_str(&colours.ink);
    ctx.set_text_baseline("top");
    ctx.set_text_align("center");
    for t in legible(&area.x_axis.ticks, |t| area.x(t), X_LABEL_GAP) {
        let _ = ctx.fill_text(&tick_label(t), area.x(t), TOP + area.height + 4.0);
    }
}

/// Restarts: dashed vertical marks, at least a few pixels apart (a run that restarts every
/// tick would otherwise paint the plot over).
fn draw_restarts(ctx: &CanvasRenderingContext2d, area: &Area, restarts: &[u64], colour: &str) {
    if restarts.is_empty() {
        return;
    }
    ctx.set_stroke_style_str(colour);
    let _ = ctx.set_line_dash(&js_sys::Array::of2(&3.0.into(), &3.0.into()));
    ctx.begin_path();
    let mut last = f64::NEG_INFINITY;
    for &tick in restarts {
        let xx = area.x(tick as f64).round() + 0.5;
        if xx - last < RESTART_GAP_PX {
            continue;
        }
        last = xx;
        ctx.move_to(xx, TOP);
        ctx.line_to(xx, TOP + area.height);
    }
    ctx.stroke();
    let _ = ctx.set_line_dash(&js_sys::Array::new());
}

/// A line through `points` (x, y in CSS pixels), in `colour`, `width` wide, dashed by `dash`
/// (none: solid).
fn draw_line(
    ctx: &CanvasRenderingContext2d,
    points: &mut dyn Iterator<Item = (f64, f64)>,
    (colour, width): (&str, f64),
    dash: Option<(f64, f64)>,
) {
    ctx.set_stroke_style_str(colour);
    ctx.set_line_width(width);
    // A sharp peak's mitred corner would reach past the axis's top (or bottom) by the line's
    // width and more: rounded joins end at the point.
    ctx.set_line_join("round");
    if let Some((on, off)) = dash {
        let _ = ctx.set_line_dash(&js_sys::Array::of2(&on.into(), &off.into()));
        ctx.set_line_cap("round");
    }
    ctx.begin_path();
    for (i, (xx, yy)) in points.enumerate() {
        if i == 0 {
            ctx.move_to(xx, yy);
        } else {
            ctx.line_to(xx, yy);
        }
    }
    ctx.stroke();
    if dash.is_some() {
        let _ = ctx.set_line_dash(&js_sys::Array::new());
        ctx.set_line_cap("butt");
    }
}

/// Redraws the whole plot for `trace` (a no-op while the canvas has no size).
pub fn draw(canvas: &HtmlCanvasElement, series: &[Series; 2], trace: &Trace) {
    let Some((ctx, width, height)) = prepare(canvas) else {
        return;
    };
    let colours = Colours::of(canvas);
    let (samples, cages) = (&trace.samples, &trace.cages);
    // A killer's cage-sum penalty is part of the energy: on its axis.
    let values = |k: usize| {
        let penalty = cages.iter().filter(move |_| k == 0).map(|c| c.1);
        samples.iter().map(move |s| s.values[k]).chain(penalty)
    };
    let axes = [0, 1].map(|k| Axis::fit(values(k), series[k].scale));
    // A label such as "−130.6k" is wider than the least room: the area gives way to it.
    ctx.set_font(LABEL_FONT);
    let [left, right] = [(0, LEFT), (1, RIGHT)].map(|(k, least)| {
        (axes[k].ticks.iter())
            .filter_map(|&t| ctx.measure_text(&tick_label(t)).ok())
            .fold(least, |room, m| room.max(m.width() + 2.0 * LABEL_PAD))
    });
    if width <= left + right {
        return;
    }
    let area = Area {
        x_axis: Axis::fit(samples.iter().map(|s| s.tick as f64), Scale::Linear),
        axes,
        left,
        width: width - left - right,
        height: height - TOP - BOTTOM,
    };
    draw_axes(&ctx, &area, &colours);
    draw_restarts(&ctx, &area, &trace.restarts, &colours.restart);
    // The two series, the figure of merit on top, and the penalty dotted beneath it.
    for (k, colour, width) in [(1, &colours.second, 1.5), (0, &colours.first, 2.0)] {
        let mut points = (samples.iter()).map(|s| (area.x(s.tick as f64), area.y(k, s.values[k])));
        draw_line(&ctx, &mut points, (colour, width), None);
    }
    let mut points = cages.iter().map(|&(t, v)| (area.x(t as f64), area.y(0, v)));
    draw_line(&ctx, &mut points, (&colours.cages, 2.5), Some((0.5, 4.0)));
}
