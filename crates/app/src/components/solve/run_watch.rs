//! The run's side of the solver view, right by the board so that a phone shows both: the next
//! step, the status line, the hint under it, the run's progress, figures and plot, the QUBO's
//! picture beside a QUBO solver, the notes on reading the board, and what the solver is.

use super::board_notes::{BoardNotesProps, board_notes};
use super::qubo_matrix::QuboProps;
use super::qubo_show::qubo_show;
use super::run_plot::{RunPlot, RunPlotProps};
use super::stats::stats;
use sudoku_page::page::Action;
use sudoku_words as present;
use yew::prelude::*;

#[derive(PartialEq, Clone)]
pub struct RunWatchProps {
    /// The line by the board: what to do next, or what is happening.
    pub note: String,
    /// The note says why an edit was refused (drawn as a refusal), not what a mode does.
    pub refused: bool,
    /// The hint's sentence, and whether Apply can carry its step out.
    pub hint: Option<String>,
    pub can_apply: bool,
    /// The status line (what was wrong with the link first, if it still says so), and the
    /// name of the page's phase it is in.
    pub problem: String,
    pub message: String,
    pub phase: &'static str,
    pub progress: Option<String>,
    pub figures: Vec<(String, String)>,
    /// What the figures mean beside each other, under them.
    pub figures_key: Option<String>,
    /// The run's plot, once it has a curve to show.
    pub plot: Option<RunPlotProps>,
    /// Whether a run has started: before one, the plot's place says what it will show.
    pub ran: bool,
    /// The puzzle's QUBO, beside a solver of the QUBO.
    pub qubo: Option<QuboProps>,
    pub notes: BoardNotesProps,
    /// The solver's title and plain line.
    pub about: String,
}

/// A plain view over the solver view's `dispatch`, not a component, since each component
/// costs the page's wasm some 2 kB.
pub fn run_watch(props: &RunWatchProps, dispatch: &Callback<Action>) -> Html {
    html! {
        <section class="watch" aria-label="The run">
            <p id="hint" class={classes!("hint", (!props.refused).then_some("mode"))} aria-live="polite">{ props.note.clone() }</p>
            // A phone keeps this block's height from a run to its end, so the plot stays put.
            <div class="run-words">
                <p id="status" class="status" role="status" data-state={props.phase}>
                    if !props.problem.is_empty() {
                        <span class="link-problem">{ props.problem.clone() }</span>
                    }
                    { props.message.clone() }
                </p>
                if let Some(words) = props.progress.clone() {
                    <p class="progress">{ words }</p>
                }
            </div>
            // The hint's step under the status line that names it.
            if let Some(sentence) = props.hint.clone() {
                <div class="hint-box">
                    <p role="note" class="hint-note">{ sentence }</p>
                    if props.can_apply {
                        <button type="button" onclick={dispatch.reform(|_: MouseEvent| Action::Apply)}>{ "Apply" }</button>
                    }
                </div>
            }
            { stats(&props.figures) }
            if let Some(key) = props.figures_key.clone() {
                <p class="stats-key">{ key }</p>
            }
            if let Some(plot) = props.plot.clone() {
                <RunPlot ..plot />
            } else if !props.ran {
                <div class="plot-idle"><p>{ present::PLOT_WAITS }</p></div>
            }
            if let Some(qubo) = &props.qubo {
                { qubo_show(qubo) }
            }
            { board_notes(&props.notes) }
            <p id="solver-plain" class="about">{ props.about.clone() }</p>
        </section>
    }
}
