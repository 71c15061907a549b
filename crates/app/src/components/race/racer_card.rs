//! A racer's card: its small live grid and plot, its place and its note. A card re-renders
//! only when the race says it has something new to draw.

use crate::components::grid::cell::cage_line;
use crate::hooks::use_plot;
use std::rc::Rc;
use sudoku_engine::board::{Grid, digit_char};
use sudoku_engine::step::{Frame, Mark};
use sudoku_page::page::CageMark;
use sudoku_page::race::{Racer, Standing};
use sudoku_words as present;
use yew::prelude::*;

#[derive(Properties)]
pub struct RacerProps {
    pub racer: Racer,
    pub puzzle: Rc<Grid>,
}

impl PartialEq for RacerProps {
    /// A card is drawn again when the race says so (at most twenty times a second while the
    /// racer runs, see [`sudoku_page::race::REDRAW_MS`]), not for every frame its worker brings.
    fn eq(&self, other: &RacerProps) -> bool {
        let (a, b) = (&self.racer, &other.racer);
        a.kind == b.kind
            && a.drawn == b.drawn
            && a.standing == b.standing
            && a.note == b.note
            && Rc::ptr_eq(&self.puzzle, &other.puzzle)
    }
}

/// A racer's board: the givens in black, its own digits in sky blue, a killer's cages outlined
/// with their sums as on the main board (the sums hidden where the cells are too small to read
/// them, styles/main.css), read-only.
fn mini_board(puzzle: &Grid, frame: Option<&Frame>) -> Html {
    let shape = puzzle.shape();
    let n = shape.size();
    let cages = CageMark::of_board(puzzle.cages(), shape);
    let rows = (0..n).map(|row| {
        let cells = (0..n).map(|col| {
            let cell = row * n + col;
            let mark = frame.and_then(|f| f.cells.get(cell).copied());
            let (digit, source) = match (puzzle.get(cell), mark) {
                (Some(d), _) => (Some(d), "given"),
                (None, Some(Mark::Digit(d))) => (Some(d), "solver"),
                _ => (None, "empty"),
            };
            let text = digit.map(|d| digit_char(d).to_string()).unwrap_or_default();
            let cage = cages.get(cell).copied().flatten();
            let class = classes!(
                source,
                ((col + 1) % shape.box_cols() == 0 && col + 1 < n).then_some("box-end"),
                cage.map(|_| "caged"),
            );
            let line = cage.map(cage_line);
            html! {
                <td {class} data-value={text.clone()} data-source={source}
                    data-cage={cage.map(|c| c.index.to_string())}>
                    { text }{ line.unwrap_or_default() }
                </td>
            }
        });
        let class = ((row + 1) % shape.box_rows() == 0 && row + 1 < n).then_some("box-end");
        html! { <tr {class}>{ for cells }</tr> }
    });
    html! {
        <table class="mini" style={format!("--n: {n}")} aria-label="Its grid">
            <tbody>{ for rows }</tbody>
        </table>
    }
}

/// Fewer points than this make a segment or two, not a curve to read.
const MIN_PLOTTED: usize = 6;

/// How many ticks a trace has points for: a run that ends within its first slice reports its
/// one tick more than once.
fn ticks_plotted(trace: &sudoku_page::plot::Trace) -> usize {
    let mut ticks: Vec<u64> = trace.samples.iter().map(|s| s.tick).collect();
    ticks.dedup();
    ticks.len()
}

/// A racer's plot, once its trace has enough points to draw a curve; until then (or if it
/// finished first) a line saying there is nothing to plot, rather than a bare segment.
fn racer_plot(racer: &Racer, canvas: NodeRef) -> Html {
    let Some(run) = racer.run.as_ref() else {
        return Html::default();
    };
    match run
        .frame
        .as_ref()
        .filter(|_| ticks_plotted(&run.trace) >= MIN_PLOTTED)
    {
        Some(frame) => {
            let label = sudoku_page::plot::describe(&frame.series, &run.trace);
            html! { <canvas ref={canvas} class="racer-plot" role="img" aria-label={label} /> }
        }
        None => html! {
            <p class="no-plot">{ present::nothing_to_plot(racer.standing == Standing::Running, racer.standing == Standing::Stopped) }</p>
        },
    }
}

#[component]
pub fn RacerCard(props: &RacerProps) -> Html {
    let racer = &props.racer;
    let canvas = use_node_ref();
    let frame = racer.frame().cloned();
    use_plot(
        canvas.clone(),
        (
            racer.run.as_ref().map(|r| Rc::as_ptr(&r.trace) as usize),
            frame.as_ref().map(|f| Rc::as_ptr(f) as usize),
        ),
        (racer.run.as_ref()).and_then(|r| Some((frame?.series.clone(), r.trace.clone()))),
    );
    let label = racer.kind.title.to_string();
    let frame = racer.frame().map(Rc::as_ref);
    html! {
        <section class="racer" role="region" aria-label={label.clone()} data-state={racer.standing.name()}
            data-moves={frame.map(|f| f.moves.to_string())} data-worker-ms={present::fixed(racer.compute_ms(), 1)}>
            <div class="racer-body">
                <header>
                    <h3>{ label }</h3>
                    if let Some(place) = racer.place {
                        <span class="place">{ present::ordinal(place) }</span>
                    }
                </header>
                if racer.standing != Standing::Unsupported {
                    { mini_board(&props.puzzle, frame) }
                }
                <div class="racer-side">
                    { racer_plot(racer, canvas) }
                    <p class="note">{ racer.note.clone() }</p>
                </div>
            </div>
        </section>
    }
}
