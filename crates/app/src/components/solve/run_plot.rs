//! The run's plot on a canvas, with its legend and what it shows.

use super::explainer::explainer;
use crate::hooks::use_plot;
use std::rc::Rc;
use sudoku_engine::step::Series;
use sudoku_page::plot::Trace;
use sudoku_page::run::RunId;
use sudoku_words as present;
use yew::prelude::*;

#[derive(Properties, Clone)]
pub struct RunPlotProps {
    pub series: [Series; 2],
    pub trace: Rc<Trace>,
    /// Which run, and how far it is: the plot is drawn again when it changes.
    pub progress: (RunId, u64),
    /// The plot is the last run's: the board changed since.
    pub past: bool,
}

impl PartialEq for RunPlotProps {
    fn eq(&self, other: &RunPlotProps) -> bool {
        (self.progress, self.past) == (other.progress, other.past)
    }
}

#[component]
pub fn RunPlot(props: &RunPlotProps) -> Html {
    let canvas = use_node_ref();
    let (series, trace) = (&props.series, &props.trace);
    use_plot(
        canvas.clone(),
        props.progress,
        Some((series.clone(), trace.clone())),
    );
    let label = sudoku_page::plot::describe(series, trace);
    let [first, second] = present::plot_keys(series);
    let cages = !trace.cages.is_empty();
    html! {
        <>
            <figure class="plot">
                <canvas ref={canvas} role="img" aria-label={label} />
                // Under the canvas, in the figure: on a phone the figure's place is by the board,
                // and a line above it would move the plot when a new run starts.
                if props.past {
                    <p class="plot-past">{ present::PLOT_OF_LAST_RUN }</p>
                }
                <figcaption class="legend">
                    <span class="key first">{ first }</span>
                    <span class="key second">{ second }</span>
                    if cages {
                        <span class="key cages">{ present::CAGE_PENALTY_KEY }</span>
                    }
                    <span class="key restart">{ present::RESTART_KEY }</span>
                    <span class="across">{ present::PLOT_ACROSS }</span>
                </figcaption>
            </figure>
            { explainer("plot", present::WHAT_THE_PLOT_SHOWS, present::plot_lines(series).into_iter().map(AttrValue::from).collect()) }
        </>
    }
}
