//! The benchmark's success rate: a labelled bar per solver.

use sudoku_words as present;
use yew::prelude::*;

/// A solver's bar: its title, the puzzles it solved, those it is done with and those it never
/// ran, and whether the benchmark is over.
#[derive(Clone, PartialEq)]
pub struct Bar {
    pub title: &'static str,
    pub solved: usize,
    pub done: usize,
    pub not_run: usize,
    pub over: bool,
}

/// A plain view, not a component, since each component costs the page's wasm some 2 kB.
pub fn success_chart(bars: &[Bar]) -> Html {
    html! {
        <figure class="chart bars">
            <figcaption>{ "Solved" }</figcaption>
            { for bars.iter().map(|bar| {
                let pct = if bar.done > 0 { 100.0 * bar.solved as f64 / bar.done as f64 } else { 0.0 };
                html! {
                    <div class="bar-row">
                        <span class="bar-name">{ bar.title }</span>
                        <span class="bar"><span class="fill" style={format!("width: {}%", present::fixed(pct, 1))} /></span>
                        <span class="bar-value">{ present::solved_share(bar.solved, bar.done, bar.not_run, bar.over) }</span>
                    </div>
                }
            }) }
        </figure>
    }
}
