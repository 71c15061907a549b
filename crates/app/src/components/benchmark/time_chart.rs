//! The benchmark's times: each solver's on a logarithmic axis from 0.1 ms to the limit, its
//! whole name on a line of its own, under it a dot per puzzle (filled when solved) and a bar at
//! the median.

use sudoku_engine::harness;
use sudoku_words as present;
use yew::prelude::*;

/// A solver's times: its title, and each puzzle's seconds and whether it was solved.
#[derive(Clone, PartialEq)]
pub struct LaneTimes {
    pub title: &'static str,
    pub times: Vec<(f64, bool)>,
}

pub struct TimeChartProps {
    pub lanes: Vec<LaneTimes>,
    /// The time limit per puzzle, in seconds: the axis's end.
    pub limit_s: f64,
}

/// Each lane's height, in pixels. Across, the axis is the drawing's whole width, in per cent,
/// so that the chart fills any width while its text keeps the page's size.
const ROW: f64 = 34.0;

/// The seconds of each of `lane`'s puzzles.
fn seconds(lane: &LaneTimes) -> Vec<f64> {
    lane.times.iter().map(|&(s, _)| s).collect()
}

/// A height for the SVG, in pixels: a tenth is finer than the screen's.
fn at(v: f64) -> String {
    present::fixed(v, 1)
}

/// A plain view, not a component, since each component costs the page's wasm some 2 kB.
pub fn time_chart(props: &TimeChartProps) -> Html {
    let limit_s = props.limit_s;
    let (lo, hi) = (1e-4_f64.log10(), limit_s.max(1e-3).log10());
    let x = |s: f64| {
        let across = ((s.max(1e-4).log10() - lo) / (hi - lo)).clamp(0.0, 1.0);
        format!("{}%", present::fixed(100.0 * across, 2))
    };
    let height = ROW * props.lanes.len() as f64 + 24.0;
    let ticks = [1e-4, 1e-3, 1e-2, 1e-1, 1.0, 10.0]
        .into_iter()
        .filter(|&t| t <= limit_s)
        .map(|t| {
            html! {
                <g>
                    <line class="grid" x1={x(t)} x2={x(t)} y1="0" y2={at(height - 18.0)} />
                    <text class="tick" x={x(t)} y={at(height - 4.0)}>{ present::log_tick(t) }</text>
                </g>
            }
        });
    let lanes = props.lanes.iter().enumerate().map(|(i, lane)| {
        let y = ROW * i as f64 + 24.0;
        let times = seconds(lane);
        let median = (!times.is_empty()).then(|| harness::median(&times));
        html! {
            <g>
                <text class="lane" x="5" y={at(y - 11.0)}>{ lane.title }</text>
                { for lane.times.iter().map(|&(s, solved)| html! {
                    <circle class={if solved { "solved" } else { "unsolved" }} cx={x(s)} cy={at(y)} r="3.5" />
                }) }
                if let Some(m) = median {
                    <line class="median" x1={x(m)} x2={x(m)} y1={at(y - 7.0)} y2={at(y + 7.0)} />
                }
            </g>
        }
    });
    let label =
        present::bench_times((props.lanes.iter()).map(|l| (l.title, harness::median(&seconds(l)))));
    html! {
        <figure class="chart">
            <figcaption>{ present::BENCH_TIMES_CAPTION }</figcaption>
            <svg class="times" height={at(height)} role="img" aria-label={label}>
                { for ticks }
                { for lanes }
            </svg>
        </figure>
    }
}
