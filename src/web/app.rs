//! The main screen: the grid, the buttons, the status line, and the run that animates them.

use super::address::{self, Shared};
use super::board::{Board, CellView, Edit, Source, focus_cell};
use super::frames::next_frame;
use super::now_ms;
use super::pad::Pad;
use super::panel::{Panel, group_thousands};
use crate::board::{Grid, Shape, read_cell};
use crate::check::PuzzleError;
use crate::link::{self, Link};
use crate::solver::{Mark, RunConfig, RunState, Snapshot, Solver, SolverKind};
use crate::solvers::exact::{self, DIAGNOSIS_BUDGET, Diagnosis};
use gloo_events::EventListener;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// Restarts a run in the page may make before it gives up (tens of minutes at 60 frames a second).
const MAX_RESTARTS: u32 = 1000;

/// Milliseconds of work per frame in "as fast as possible" mode; the rest is left for drawing.
const FRAME_BUDGET_MS: f64 = 12.0;

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
    kind: SolverKind,
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
            kind: SolverKind::default(),
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
        let searching = runner.kind == SolverKind::Exact;
        let effort = match (searching, snapshot.restarts) {
            (true, _) => plural(snapshot.backtracks, "backtrack"),
            (false, n) => plural(u64::from(n), "restart"),
        };
        let (phase, message) = match snapshot.state {
            RunState::Running if searching => (Phase::Running, "Searching…".to_string()),
            RunState::Running => (Phase::Running, "Annealing…".to_string()),
            RunState::Solved => (
                Phase::Solved,
                format!("Solved in {seconds:.2} s after {effort}."),
            ),
            RunState::Stopped => (
                Phase::Stopped,
                format!("Stopped after {seconds:.1} s. Your entries are kept."),
            ),
            RunState::GaveUp => (
                Phase::Failed,
                format!("Gave up after {effort} without a solution."),
            ),
            RunState::Unsolvable => (
                Phase::Invalid,
                "This puzzle has no solution: the search tried every possibility.".to_string(),
            ),
        };
        let remark = match snapshot.state {
            RunState::Solved => runner.remark.after(),
            RunState::Unsolvable => None,
            _ => runner.remark.before(),
        };
        let message = match remark {
            Some(remark) => format!("{message} {remark}"),
            None => message,
        };
        View {
            phase,
            message,
            tick_ms: runner.tick_ms / snapshot.ticks.max(1) as f64,
            snapshot: Some(snapshot),
            kind: runner.kind,
            elapsed_ms,
            seed: runner.seed,
            flagged: Vec::new(),
        }
    }
}

/// "1 restart", "3 restarts".
fn plural(n: u64, word: &str) -> String {
    match n {
        1 => format!("1 {word}"),
        n => format!("{} {word}s", group_thousands(n)),
    }
}

/// What the referee (the exact search, on a budget) says before anything runs.
enum Verdict {
    /// The puzzle cannot be solved: say why, and outline these cells.
    Refuse {
        message: String,
        flagged: Vec<usize>,
    },
    /// Go ahead, telling the user what there is to know.
    Proceed(Remark),
}

/// Something worth telling about a solvable (or undecided) puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Remark {
    #[default]
    Nothing,
    Several,
    Undecided,
}

impl Remark {
    /// The remark while nothing has been found yet.
    fn before(self) -> Option<&'static str> {
        match self {
            Remark::Nothing => None,
            Remark::Several => Some("It has more than one solution."),
            Remark::Undecided => Some("Could not decide quickly whether it has a solution."),
        }
    }

    /// The remark beside a solution.
    fn after(self) -> Option<&'static str> {
        match self {
            Remark::Several => Some("The puzzle has more than one solution; this is one of them."),
            other => other.before(),
        }
    }
}

/// What to say, and which cells to outline, about givens that already break a rule.
fn refusal_of(e: &PuzzleError) -> (String, Vec<usize>) {
    (format!("This puzzle cannot be solved: {e}."), e.cells())
}

fn referee(puzzle: &Grid) -> Verdict {
    match exact::diagnose(puzzle, DIAGNOSIS_BUDGET) {
        Err(e) => {
            let (message, flagged) = refusal_of(&e);
            Verdict::Refuse { message, flagged }
        }
        Ok(Diagnosis::NoSolution(dead)) => Verdict::Refuse {
            message: match &dead {
                Some(why) => format!("This puzzle has no solution: {why}."),
                None => "This puzzle has no solution.".to_string(),
            },
            flagged: dead.and_then(|d| d.cell()).into_iter().collect(),
        },
        Ok(Diagnosis::Unique) => Verdict::Proceed(Remark::Nothing),
        Ok(Diagnosis::Several) => Verdict::Proceed(Remark::Several),
        Ok(Diagnosis::Undecided) => Verdict::Proceed(Remark::Undecided),
    }
}

/// The run in progress. Solvers are neither `Clone` nor `PartialEq`, so the run lives beside Yew's
/// state and frames reach it through a shared cell.
#[derive(Default)]
struct Runner {
    solver: Option<Box<dyn Solver>>,
    kind: SolverKind,
    /// Tick until the frame budget is spent, instead of once per frame.
    flat_out: bool,
    /// Bumped by every start, stop, clear and unmount; a frame of an older generation does nothing.
    generation: u64,
    started_ms: f64,
    seed: u64,
    /// Milliseconds spent inside `tick` so far.
    tick_ms: f64,
    remark: Remark,
}

impl Runner {
    /// One frame's work on the current run, timed; `None` when no run of `generation` is current.
    fn frame(&mut self, generation: u64) -> Option<View> {
        if self.generation != generation {
            return None;
        }
        let solver = self.solver.as_mut()?;
        let before = now_ms();
        let mut snapshot = solver.tick();
        while self.flat_out
            && snapshot.state == RunState::Running
            && now_ms() - before < FRAME_BUDGET_MS
        {
            snapshot = solver.tick();
        }
        self.tick_ms += now_ms() - before;
        Some(View::of_run(snapshot, self))
    }
}

/// Runs frames until the run ends or its generation is superseded.
fn animate(runner: Rc<RefCell<Runner>>, generation: u64, on_frame: Callback<View>) {
    next_frame(move || {
        let Some(view) = runner.borrow_mut().frame(generation) else {
            return;
        };
        let again = view.phase == Phase::Running;
        on_frame.emit(view);
        if again {
            animate(runner, generation, on_frame);
        }
    });
}

/// Work per tick for a speed setting: the setting itself, or the kind's largest step when running
/// as fast as possible.
fn moves_per_tick(kind: SolverKind, speed: Option<u64>) -> u64 {
    speed.unwrap_or_else(|| kind.speeds().0.last().copied().unwrap_or(1))
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
    let opened = use_memo((), |_| link::read(&address::query()));
    let entries = use_state(|| opened.puzzle.clone().unwrap_or_else(|| Grid::empty(shape)));
    let kind = use_state(|| opened.solver.unwrap_or_default());
    let speed = use_state(|| Some(kind.speeds().1));
    let view = use_state(|| opened_view(&opened));
    let refusal = use_state(|| None::<Refusal>);
    let selected = use_state(|| None::<usize>);
    let share_note = use_state(String::new);
    let runner = use_mut_ref(Runner::default);
    {
        let runner = runner.clone();
        use_effect_with((), move |_| move || runner.borrow_mut().generation += 1);
    }
    // The address bar follows the grid and the solver, without a history entry per keystroke.
    use_effect_with(((*entries).clone(), *kind), |(grid, kind)| {
        address::show(&link::write(grid, *kind), false);
    });
    // Back and Forward bring back the puzzle of that entry.
    {
        let (entries, kind, view) = (entries.clone(), kind.clone(), view.clone());
        let (refusal, runner) = (refusal.clone(), runner.clone());
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|window| {
                EventListener::new(&window, "popstate", move |_| {
                    let link = link::read(&address::query());
                    let mut r = runner.borrow_mut();
                    r.generation += 1;
                    r.solver = None;
                    if let Some(k) = link.solver {
                        kind.set(k);
                    }
                    refusal.set(None);
                    view.set(opened_view(&link));
                    entries.set(link.puzzle.unwrap_or_else(|| Grid::empty(shape)));
                })
            });
            move || drop(listener)
        });
    }
    let running = view.phase == Phase::Running;

    let on_frame = {
        let view = view.clone();
        Callback::from(move |v: View| view.set(v))
    };
    let on_solve = {
        let (entries, kind, speed) = (entries.clone(), kind.clone(), speed.clone());
        let (view, runner, refusal) = (view.clone(), runner.clone(), refusal.clone());
        Callback::from(move |_: MouseEvent| {
            refusal.set(None);
            let remark = match referee(&entries) {
                Verdict::Refuse { message, flagged } => {
                    view.set(View::note(Phase::Invalid, message, flagged));
                    return;
                }
                Verdict::Proceed(remark) => remark,
            };
            let seed = (js_sys::Math::random() * f64::from(u32::MAX)) as u64;
            let config = RunConfig {
                seed,
                moves_per_tick: moves_per_tick(*kind, *speed),
                max_restarts: Some(MAX_RESTARTS),
                schedule: None,
            };
            match kind.start(&entries, config) {
                Err(e) => {
                    let (message, flagged) = refusal_of(&e);
                    view.set(View::note(Phase::Invalid, message, flagged));
                }
                Ok(solver) => {
                    let generation = {
                        let mut r = runner.borrow_mut();
                        *r = Runner {
                            solver: Some(solver),
                            kind: *kind,
                            flat_out: speed.is_none(),
                            generation: r.generation + 1,
                            started_ms: now_ms(),
                            seed,
                            tick_ms: 0.0,
                            remark,
                        };
                        r.generation
                    };
                    let mut starting = View::note(Phase::Running, "Starting…", Vec::new());
                    starting.kind = *kind;
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
            if let Some(stopped) = r.frame(generation) {
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
            address::show(&link::write(&Grid::empty(shape), r.kind), true);
            entries.set(Grid::empty(shape));
            view.set(View::idle());
            refusal.set(None);
        })
    };
    let on_edit = {
        let (entries, kind, view) = (entries.clone(), kind.clone(), view.clone());
        let (refusal, selected) = (refusal.clone(), selected.clone());
        Callback::from(move |edit: Edit| {
            if view.phase == Phase::Running {
                return;
            }
            let (cell, text) = match &edit {
                Edit::Typed { cell, text }
                | Edit::Pasted { cell, text }
                | Edit::Pad { cell, text } => (*cell, text),
            };
            if text.chars().filter(|c| !c.is_whitespace()).count() > 1 {
                match Grid::parse_shaped(shape, text) {
                    Ok(grid) => {
                        address::show(&link::write(&grid, *kind), true);
                        refusal.set(None);
                        view.set(loaded_view(&grid));
                        entries.set(grid);
                    }
                    Err(e) => {
                        let reason = match edit {
                            Edit::Pasted { .. } => format!("That paste is not a puzzle: {e}."),
                            _ => "A cell holds one digit from 1 to 9.".to_string(),
                        };
                        refusal.set(Some(Refusal { cell, reason }));
                    }
                }
                return;
            }
            match read_cell(shape, text) {
                Err(e) => {
                    let reason = format!("{}: {e}.", capitalised(shape, cell));
                    refusal.set(Some(Refusal { cell, reason }));
                }
                Ok(digit) => {
                    let mut grid = (*entries).clone();
                    grid.set(cell, digit);
                    refusal.set(None);
                    if *view != View::idle() {
                        view.set(View::idle());
                    }
                    // After a digit, on to the next empty cell: the pad moves its selection, the
                    // keyboard its focus.
                    if let (Some(_), Some(next)) = (digit, next_empty(&grid, cell)) {
                        match edit {
                            Edit::Pad { .. } => selected.set(Some(next)),
                            _ => focus_cell(next),
                        }
                    }
                    entries.set(grid);
                }
            }
        })
    };
    let on_select = {
        let selected = selected.clone();
        Callback::from(move |cell: usize| selected.set(Some(cell)))
    };
    let on_digit = {
        let (on_edit, selected) = (on_edit.clone(), selected.clone());
        Callback::from(move |digit: Option<u8>| {
            let cell = selected.unwrap_or(0);
            let text = digit.map(|d| d.to_string()).unwrap_or_default();
            on_edit.emit(Edit::Pad { cell, text });
        })
    };
    let on_share = {
        let (entries, kind, share_note) = (entries.clone(), kind.clone(), share_note.clone());
        Callback::from(move |_: MouseEvent| {
            let url = address::link_to(&link::write(&entries, *kind));
            let note = share_note.clone();
            wasm_bindgen_futures::spawn_local(async move {
                note.set(match address::share(&url, "A Sudoku puzzle").await {
                    Ok(Shared::Copied) => format!("Link copied to the clipboard: {url}"),
                    Ok(Shared::Sheet) => "Link shared.".to_string(),
                    Ok(Shared::Cancelled) => String::new(),
                    Err(e) => format!("Could not share ({e}). The link: {url}"),
                });
            });
        })
    };
    let on_kind = {
        let (kind, speed) = (kind.clone(), speed.clone());
        Callback::from(move |k: SolverKind| {
            kind.set(k);
            speed.set(Some(k.speeds().1));
        })
    };
    let on_speed = {
        let (speed, runner) = (speed.clone(), runner.clone());
        Callback::from(move |s: Option<u64>| {
            let mut r = runner.borrow_mut();
            let kind = r.kind;
            r.flat_out = s.is_none();
            if let Some(solver) = r.solver.as_mut() {
                solver.set_moves_per_tick(moves_per_tick(kind, s));
            }
            speed.set(s);
        })
    };

    let cells = cell_views(&entries, &view, refusal.as_ref(), *selected);
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
                        {on_select}
                    />
                    <Pad size={shape.size() as u8} {on_digit} disabled={running} />
                    <p id="hint" class="hint" aria-live="polite">
                        { refusal.as_ref().map(|r| r.reason.clone()).unwrap_or_default() }
                    </p>
                    <div class="controls">
                        <button type="button" class="solve" onclick={on_solve} disabled={running}>{ "Solve" }</button>
                        <button type="button" onclick={on_stop} disabled={!running}>{ "Stop" }</button>
                        <button type="button" onclick={on_clear}>{ "Clear" }</button>
                        <button type="button" onclick={on_share}>{ "Share" }</button>
                    </div>
                    <p id="share-note" class="share-note" aria-live="polite">{ (*share_note).clone() }</p>
                    <p id="status" class="status" role="status" data-state={view.phase.name()}>
                        { view.message.clone() }
                    </p>
                    { stats(&view) }
                </section>
                <Panel kind={*kind} {on_kind} speed={*speed} {on_speed} {running} />
            </main>
        </div>
    }
}

/// The message for a freshly loaded puzzle, after the referee has looked at it.
fn loaded_view(grid: &Grid) -> View {
    let givens = format!("Puzzle loaded: {} givens.", grid.filled());
    match referee(grid) {
        Verdict::Refuse { message, flagged } => {
            View::note(Phase::Invalid, format!("{givens} {message}"), flagged)
        }
        Verdict::Proceed(remark) => {
            let parts = [Some(givens.as_str()), remark.before(), Some("Press Solve.")];
            let message = parts.into_iter().flatten().collect::<Vec<_>>().join(" ");
            View::note(Phase::Idle, message, Vec::new())
        }
    }
}

/// What the page says about the link it was opened with (or moved to by Back/Forward).
fn opened_view(link: &Link) -> View {
    let mut view = match &link.puzzle {
        Some(grid) => loaded_view(grid),
        None => View::idle(),
    };
    if let Some(problem) = &link.problem {
        view.message = format!("{problem} {}", view.message);
    }
    view
}

/// The first empty cell after `cell`, in reading order, wrapping around.
fn next_empty(grid: &Grid, cell: usize) -> Option<usize> {
    let cells = grid.shape().cells();
    (1..cells)
        .map(|k| (cell + k) % cells)
        .find(|&c| grid.get(c).is_none())
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
fn cell_views(
    entries: &Grid,
    view: &View,
    refusal: Option<&Refusal>,
    selected: Option<usize>,
) -> Vec<CellView> {
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
            let annealing = view
                .snapshot
                .as_ref()
                .is_some_and(|s| s.temperature.is_some());
            CellView {
                digit,
                source,
                // A blank cell under an annealer: its spins select no digit or several.
                undecided: mark.filter(|_| annealing && source == Source::Empty),
                flagged: view.flagged.contains(&cell),
                refused: refusal.is_some_and(|r| r.cell == cell),
                selected: selected == Some(cell),
            }
        })
        .collect()
}

/// The run's figures: for an annealer temperature, restarts, flips per second and energy; for the
/// search nodes, backtracks and open cells.
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
    let timing = [
        ("Time", format!("{seconds:.2} s")),
        ("Tick cost", format!("{:.2} ms", view.tick_ms)),
    ];
    let rows: Vec<(&str, String)> = match view.kind {
        SolverKind::Exact => vec![
            ("Nodes", group_thousands(s.moves)),
            ("Backtracks", group_thousands(s.backtracks)),
            ("Open cells", format!("{:.0}", s.energy)),
            ("Nodes/s", group_thousands(rate as u64)),
        ],
        SolverKind::Ising | SolverKind::IsingFaithful => vec![
            (
                "Temperature",
                s.temperature.map_or("–".to_string(), |t| format!("{t:.3}")),
            ),
            ("Tick", group_thousands(s.ticks)),
            ("Restarts", group_thousands(u64::from(s.restarts))),
            ("Flips/s", format!("{:.1} M", rate / 1e6)),
            ("Energy", format!("{:.0}", s.energy)),
            ("Broken rules", s.violations.to_string()),
            ("Seed", view.seed.to_string()),
        ],
    };
    html! {
        <dl class="stats">
            { for rows.into_iter().chain(timing).map(|(name, value)| html! {
                <div><dt>{ name }</dt><dd>{ value }</dd></div>
            }) }
        </dl>
    }
}
