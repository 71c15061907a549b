//! The race view: a small live grid and plot per racer, the finishing order, and the results
//! table. Each racer re-renders only when its worker brought a new frame.

use crate::components::limit_pick::LimitPick;
use crate::components::results_table::results_table;
use crate::components::solver_checks::SolverChecks;
use crate::dom::clock::fresh_seed;
use crate::hooks::use_plot;
use crate::state::use_dispatch;
use std::rc::Rc;
use sudoku_engine::board::{Grid, digit_char};
use sudoku_engine::registry::SolverKind;
use sudoku_engine::step::{Frame, Mark};
use sudoku_page::link::View;
use sudoku_page::page::Action;
use sudoku_page::race::{LIMITS, Race, Racer, Settings, Standing};
use sudoku_words as present;
use yew::prelude::*;

#[derive(Properties)]
struct RacerProps {
    racer: Racer,
    puzzle: Rc<Grid>,
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

/// "1st", "2nd", "3rd", "4th", … "11th", "12th", "13th", "21st".
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A racer's board: the givens in black, its own digits in sky blue, read-only.
fn mini_board(puzzle: &Grid, frame: Option<&Frame>) -> Html {
    let shape = puzzle.shape();
    let n = shape.size();
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
            let class = classes!(
                source,
                ((col + 1) % shape.box_cols() == 0 && col + 1 < n).then_some("box-end"),
            );
            html! { <td {class} data-value={text.clone()} data-source={source}>{ text }</td> }
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
            <p class="no-plot">{ present::nothing_to_plot(racer.standing != Standing::Running) }</p>
        },
    }
}

#[component]
fn RacerCard(props: &RacerProps) -> Html {
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
            data-moves={frame.map(|f| f.moves.to_string())} data-worker-ms={format!("{:.1}", racer.compute_ms())}>
            <header>
                <h3>{ label }</h3>
                if let Some(place) = racer.place {
                    <span class="place">{ ordinal(place) }</span>
                }
            </header>
            <div class="racer-body">
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

/// The results table: one row per racer, the finishers first in their order. Each cell names
/// its column too, for the stacked rows of a narrow screen.
fn results(race: &Race) -> Html {
    const COLUMNS: [&str; 6] = [
        "Place",
        "Solver",
        "Result",
        "Time",
        "Moves",
        "Restarts or backtracks",
    ];
    let rows = race.results().into_iter().map(|row| {
        html! {
            <tr data-state={row.state}>
                <td data-label={COLUMNS[0]}>{ row.place }</td>
                <th scope="row" data-label={COLUMNS[1]}>{ row.solver }</th>
                <td data-label={COLUMNS[2]}>{ row.result }</td>
                <td class="number" data-label={COLUMNS[3]}>{ row.time }</td>
                <td class="number" data-label={COLUMNS[4]}>{ row.moves }</td>
                <td class="number" data-label={COLUMNS[5]}>{ row.thrown_away }</td>
            </tr>
        }
    });
    html! {
        <>
            { results_table(classes!("results"), &COLUMNS, rows.collect::<Html>()) }
            <p class="times-note">{ present::race_times_vary() }</p>
        </>
    }
}

/// The settings: which solvers race, and for how long at most.
fn settings_form(settings: &Settings, racing: bool, dispatch: &Callback<Action>) -> Html {
    let on_racers = {
        let (dispatch, current) = (dispatch.clone(), settings.clone());
        Callback::from(move |racers: Vec<SolverKind>| {
            if !racers.is_empty() {
                dispatch.emit(Action::RaceSettings(Settings {
                    racers,
                    ..current.clone()
                }));
            }
        })
    };
    let on_limit = {
        let (dispatch, current) = (dispatch.clone(), settings.clone());
        Callback::from(move |limit_s: u32| {
            dispatch.emit(Action::RaceSettings(Settings {
                limit_s,
                ..current.clone()
            }));
        })
    };
    html! {
        <fieldset class="race-settings">
            <legend>{ "Racers" }</legend>
            <SolverChecks name="racer" chosen={settings.racers.clone()} disabled={racing} onchange={on_racers} />
            <LimitPick label="Time limit" limits={&LIMITS[..]} limit={settings.limit_s} disabled={racing} onchange={on_limit} />
        </fieldset>
    }
}

#[derive(Properties)]
pub struct RaceViewProps {
    /// The race shown: in progress, or the last one.
    pub race: Option<Race>,
    pub settings: Settings,
    /// What the page says when there is no race (why the referee refused one).
    pub message: String,
}

impl PartialEq for RaceViewProps {
    /// Drawn again with every state of the page; each racer's card skips the frames that
    /// brought it nothing new.
    fn eq(&self, _: &RaceViewProps) -> bool {
        false
    }
}

/// The race view: its status, controls, racers, results and settings.
#[component]
pub fn RaceView(props: &RaceViewProps) -> Html {
    let dispatch = use_dispatch();
    let racing = props.race.as_ref().is_some_and(Race::running);
    let on_again = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::Race { seed: fresh_seed() }))
    };
    let on_stop = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::Stop))
    };
    let on_back = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::View { view: View::Solve }))
    };
    let begun = props.race.as_ref().is_some_and(Race::begun);
    let (state, status) = match &props.race {
        Some(race) if racing => ("running", race.summary()),
        Some(race) if !begun => ("ready", race.summary()),
        Some(race) => ("over", race.summary()),
        None => ("invalid", props.message.clone()),
    };
    html! {
        <section class="race-view">
            <p id="race-status" class="status" role="status" data-state={state}>{ status }</p>
            <div class="controls">
                <button type="button" class="solve" onclick={on_again} disabled={racing}>
                    { if begun { "Race again" } else { "Start the race" } }
                </button>
                <button type="button" onclick={on_stop} disabled={!racing}>{ "Stop" }</button>
                <button type="button" onclick={on_back}>{ "Edit the puzzle" }</button>
            </div>
            if let Some(race) = &props.race {
                <div class="racers">
                    { for race.racers.iter().map(|racer| html! {
                        <RacerCard key={racer.kind.name} racer={racer.clone()} puzzle={race.puzzle.clone()} />
                    }) }
                </div>
                if race.begun() {
                    { results(race) }
                }
            }
            { settings_form(&props.settings, racing, &dispatch) }
        </section>
    }
}
