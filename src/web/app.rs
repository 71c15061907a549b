//! The main screen: the grid, the buttons, the status line, and the run that animates them.

use super::board::{Board, CellView, Edit, Source};
use super::frames::next_frame;
use super::now_ms;
use super::panel::{Panel, group_thousands};
use crate::board::{Grid, Shape, read_cell};
use crate::solver::{Mark, RunConfig, RunState, Snapshot, Solver, SolverKind};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// Restarts a run in the page may make before it gives up (tens of minutes at 60 frames a second).
const MAX_RESTARTS: u32 = 1000;

/// Where the page stands; the names are the status element's `data-state` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Idle,
    Running,
    Solved,
    Stopped,
    Failed,
    Invalid,
}

impl Phase {
    fn name(self) -> &'static str {
        match self {
            Phase::Idle => "idle",
            Phase::Running => "running",
            Phase::Solved => "solved",
            Phase::Stopped => "stopped",
            Phase::Failed => "failed",
            Phase::Invalid => "invalid",
        }
    }
}

/// What the screen shows besides the user's entries.
#[derive(Clone, Debug, PartialEq)]
struct View {
    phase: Phase,
    message: String,
    /// The run's latest frame, drawn over the entries until the next edit.
    snapshot: Option<Snapshot>,
    elapsed_ms: f64,
    /// Mean milliseconds of computation per tick (the rest of each frame is drawing and idle).
    tick_ms: f64,
    seed: u64,
    /// Cells an error message names.
    flagged: Vec<usize>,
}

impl View {
    fn note(phase: Phase, message: impl Into<String>, flagged: Vec<usize>) -> View {
        View {
            phase,
            message: message.into(),
            snapshot: None,
            elapsed_ms: 0.0,
            tick_ms: 0.0,
            seed: 0,
            flagged,
        }
    }

    fn idle() -> View {
        View::note(
            Phase::Idle,
            "Type a puzzle (or paste 81 characters into any cell) and press Solve.",
            Vec::new(),
        )
    }

    fn of_run(snapshot: Snapshot, runner: &Runner) -> View {
        let elapsed_ms = now_ms() - runner.started_ms;
        let seconds = elapsed_ms / 1000.0;
        let restarts = match snapshot.restarts {
            1 => "1 restart".to_string(),
            n => format!("{n} restarts"),
        };
        let (phase, message) = match snapshot.state {
            RunState::Running => (Phase::Running, "Annealing…".to_string()),
            RunState::Solved => (
                Phase::Solved,
                format!("Solved in {seconds:.2} s after {restarts}."),
            ),
            RunState::Stopped => (
                Phase::Stopped,
                format!("Stopped after {seconds:.1} s. Your entries are kept."),
            ),
            RunState::GaveUp => (
                Phase::Failed,
                format!("Gave up after {restarts} without a solution."),
            ),
        };
        View {
            phase,
            message,
            tick_ms: runner.tick_ms / snapshot.ticks.max(1) as f64,
            snapshot: Some(snapshot),
            elapsed_ms,
            seed: runner.seed,
            flagged: Vec::new(),
        }
    }
}

/// The run in progress. Solvers are neither `Clone` nor `PartialEq`, so the run lives beside Yew's
/// state and frames reach it through a shared cell.
#[derive(Default)]
struct Runner {
    solver: Option<Box<dyn Solver>>,
    /// Bumped by every start, stop, clear and unmount; a frame of an older generation does nothing.
    generation: u64,
    started_ms: f64,
    seed: u64,
    /// Milliseconds spent inside `tick` so far.
    tick_ms: f64,
}

impl Runner {
    /// One tick of the current run, timed; `None` when no run of `generation` is current.
    fn tick(&mut self, generation: u64) -> Option<View> {
        if self.generation != generation {
            return None;
        }
        let before = now_ms();
        let snapshot = self.solver.as_mut()?.tick();
        self.tick_ms += now_ms() - before;
        Some(View::of_run(snapshot, self))
    }
}

/// One tick per animation frame until the run ends or its generation is superseded.
fn animate(runner: Rc<RefCell<Runner>>, generation: u64, on_frame: Callback<View>) {
    next_frame(move || {
        let Some(view) = runner.borrow_mut().tick(generation) else {
            return;
        };
        let again = view.phase == Phase::Running;
        on_frame.emit(view);
        if again {
            animate(runner, generation, on_frame);
        }
    });
}

/// An edit the app refused, and why.
#[derive(Clone, Debug, PartialEq)]
struct Refusal {
    cell: usize,
    reason: String,
}

#[component]
pub fn App() -> Html {
    let shape = Shape::CLASSIC;
    let entries = use_state(|| Grid::empty(shape));
    let kind = use_state(|| SolverKind::Ising);
    let moves_per_tick = use_state(|| RunConfig::default().moves_per_tick);
    let view = use_state(View::idle);
    let refusal = use_state(|| None::<Refusal>);
    let runner = use_mut_ref(Runner::default);
    {
        let runner = runner.clone();
        use_effect_with((), move |_| move || runner.borrow_mut().generation += 1);
    }
    let running = view.phase == Phase::Running;

    let on_frame = {
        let view = view.clone();
        Callback::from(move |v: View| view.set(v))
    };
    let on_solve = {
        let (entries, kind, speed) = (entries.clone(), kind.clone(), moves_per_tick.clone());
        let (view, runner, refusal) = (view.clone(), runner.clone(), refusal.clone());
        Callback::from(move |_: MouseEvent| {
            let seed = (js_sys::Math::random() * f64::from(u32::MAX)) as u64;
            let config = RunConfig {
                seed,
                moves_per_tick: *speed,
                max_restarts: Some(MAX_RESTARTS),
                schedule: None,
            };
            refusal.set(None);
            match kind.start(&entries, config) {
                Err(e) => view.set(View::note(
                    Phase::Invalid,
                    format!("This puzzle cannot be solved: {e}."),
                    e.cells(),
                )),
                Ok(solver) => {
                    let generation = {
                        let mut r = runner.borrow_mut();
                        r.generation += 1;
                        r.solver = Some(solver);
                        r.started_ms = now_ms();
                        r.seed = seed;
                        r.tick_ms = 0.0;
                        r.generation
                    };
                    let mut starting = View::note(Phase::Running, "Annealing…", Vec::new());
                    starting.seed = seed;
                    view.set(starting);
                    animate(runner.clone(), generation, on_frame.clone());
                }
            }
        })
    };
    let on_stop = {
        let (view, runner) = (view.clone(), runner.clone());
        Callback::from(move |_: MouseEvent| {
            let mut r = runner.borrow_mut();
            if let Some(solver) = r.solver.as_mut() {
                solver.stop();
            }
            r.generation += 1;
            let generation = r.generation;
            if let Some(stopped) = r.tick(generation) {
                view.set(stopped);
            }
        })
    };
    let on_clear = {
        let (entries, view, runner, refusal) = (
            entries.clone(),
            view.clone(),
            runner.clone(),
            refusal.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let mut r = runner.borrow_mut();
            r.generation += 1;
            r.solver = None;
            entries.set(Grid::empty(shape));
            view.set(View::idle());
            refusal.set(None);
        })
    };
    let on_edit = {
        let (entries, view, refusal) = (entries.clone(), view.clone(), refusal.clone());
        Callback::from(move |edit: Edit| {
            if view.phase == Phase::Running {
                return;
            }
            let (cell, text) = match &edit {
                Edit::Typed { cell, text } | Edit::Pasted { cell, text } => (*cell, text),
            };
            let several_chars = text.chars().filter(|c| !c.is_whitespace()).count() > 1;
            let outcome = if several_chars {
                Grid::parse_shaped(shape, text)
                    .map(|grid| {
                        let givens = grid.filled();
                        entries.set(grid);
                        View::note(
                            Phase::Idle,
                            format!("Puzzle loaded: {givens} givens. Press Solve."),
                            Vec::new(),
                        )
                    })
                    .map_err(|e| match edit {
                        Edit::Pasted { .. } => format!("That paste is not a puzzle: {e}."),
                        Edit::Typed { .. } => "A cell holds one digit from 1 to 9.".to_string(),
                    })
            } else {
                read_cell(shape, text)
                    .map(|digit| {
                        let mut grid = (*entries).clone();
                        grid.set(cell, digit);
                        entries.set(grid);
                        View::idle()
                    })
                    .map_err(|e| format!("{}: {e}.", capitalised(shape, cell)))
            };
            match outcome {
                Ok(next) => {
                    refusal.set(None);
                    if *view != next {
                        view.set(next);
                    }
                }
                Err(reason) => refusal.set(Some(Refusal { cell, reason })),
            }
        })
    };
    let on_kind = {
        let kind = kind.clone();
        Callback::from(move |k: SolverKind| kind.set(k))
    };
    let on_speed = {
        let (speed, runner) = (moves_per_tick.clone(), runner.clone());
        Callback::from(move |moves: u64| {
            if let Some(solver) = runner.borrow_mut().solver.as_mut() {
                solver.set_moves_per_tick(moves);
            }
            speed.set(moves);
        })
    };

    let cells = cell_views(&entries, &view, refusal.as_ref());
    html! {
        <div class="app">
            <header>
                <h1>{ "Ising Sudoku" }</h1>
                <p class="tagline">
                    { "Sudoku solved the way annealing hardware does it: 729 spins cooling into a solution." }
                </p>
            </header>
            <main class="layout">
                <section class="play">
                    <Board
                        {cells}
                        size={shape.size()}
                        box_rows={shape.box_rows()}
                        box_cols={shape.box_cols()}
                        locked={running}
                        {on_edit}
                    />
                    <p id="hint" class="hint" aria-live="polite">
                        { refusal.as_ref().map(|r| r.reason.clone()).unwrap_or_default() }
                    </p>
                    <div class="controls">
                        <button type="button" class="solve" onclick={on_solve} disabled={running}>{ "Solve" }</button>
                        <button type="button" onclick={on_stop} disabled={!running}>{ "Stop" }</button>
                        <button type="button" onclick={on_clear}>{ "Clear" }</button>
                    </div>
                    <p id="status" class="status" role="status" data-state={view.phase.name()}>
                        { view.message.clone() }
                    </p>
                    { stats(&view) }
                </section>
                <Panel
                    kind={*kind}
                    {on_kind}
                    moves_per_tick={*moves_per_tick}
                    {on_speed}
                    {running}
                />
            </main>
        </div>
    }
}

/// "Row 3, column 4", for messages about one cell.
fn capitalised(shape: Shape, cell: usize) -> String {
    let text = shape.pos(cell).to_string();
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// What each cell shows: the user's givens in black, over them the run's latest frame.
fn cell_views(entries: &Grid, view: &View, refusal: Option<&Refusal>) -> Vec<CellView> {
    (0..entries.shape().cells())
        .map(|cell| {
            let mark = view
                .snapshot
                .as_ref()
                .and_then(|s| s.cells.get(cell).copied());
            let (digit, source) = match (entries.get(cell), mark) {
                (Some(given), _) => (Some(given), Source::Given),
                (None, Some(Mark::Digit(d))) => (Some(d), Source::Solver),
                _ => (None, Source::Empty),
            };
            CellView {
                digit,
                source,
                // A blank cell under a run: its spins select no digit or several.
                undecided: mark.filter(|_| source == Source::Empty),
                flagged: view.flagged.contains(&cell),
                refused: refusal.is_some_and(|r| r.cell == cell),
            }
        })
        .collect()
}

/// The run's figures: temperature, tick, restarts, flips per second, energy.
fn stats(view: &View) -> Html {
    let Some(s) = &view.snapshot else {
        return html! {};
    };
    let seconds = view.elapsed_ms / 1000.0;
    let rate = if seconds > 0.0 {
        s.moves as f64 / seconds
    } else {
        0.0
    };
    let rows = [
        (
            "Temperature",
            s.temperature.map_or("–".to_string(), |t| format!("{t:.3}")),
        ),
        ("Tick", group_thousands(s.ticks)),
        ("Restarts", group_thousands(u64::from(s.restarts))),
        ("Flips/s", format!("{:.1} M", rate / 1e6)),
        ("Energy", format!("{:.0}", s.energy)),
        ("Broken rules", s.violations.to_string()),
        ("Time", format!("{seconds:.2} s")),
        ("Tick cost", format!("{:.2} ms", view.tick_ms)),
        ("Seed", view.seed.to_string()),
    ];
    html! {
        <dl class="stats">
            { for rows.into_iter().map(|(name, value)| html! {
                <div><dt>{ name }</dt><dd>{ value }</dd></div>
            }) }
        </dl>
    }
}
