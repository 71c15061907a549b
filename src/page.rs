//! The page's whole state and every way it changes, as one reducer: starting, stopping, clearing,
//! opening a link, Back/Forward, editing and every animation frame go through [`Page::apply`].
//! It is plain Rust: the Yew layer wraps it, draws what [`Page::cells`], [`Page::figures`] and
//! [`Page::trace`] say, and carries out the two side effects it asks for (the address bar and
//! the keyboard focus).

use crate::board::{Geometry, Grid, ParseError, Rules, Shape, UnitKind, digit_char, read_cell};
use crate::client::News;
use crate::drive::{Pace, SLICE_MS, Snapshot};
use crate::generate::{Generated, Generator, Request};
use crate::link::{self, Link, View};
use crate::plot::Trace;
use crate::race::{Race, RaceId, Settings};
use crate::referee::{self, Remark, Verdict};
use crate::registry::SolverKind;
use crate::run::{Ids, RunId, Work, WorkerRun};
use crate::step::{Detail, Mark, RunState, Series, group_thousands};
use std::cell::RefCell;
use std::rc::Rc;

/// Milliseconds of work per frame when the page itself works (making a puzzle); the rest is left
/// for drawing.
pub const FRAME_BUDGET_MS: f64 = 12.0;

/// Where the page stands; the names are the status element's `data-state` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Idle,
    /// Making a new puzzle.
    Generating,
    Running,
    Solved,
    Stopped,
    Failed,
    Invalid,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Idle => "idle",
            Phase::Generating => "generating",
            Phase::Running => "running",
            Phase::Solved => "solved",
            Phase::Stopped => "stopped",
            Phase::Failed => "failed",
            Phase::Invalid => "invalid",
        }
    }
}

/// What each cell draws: its digit, or the solver's own variables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layer {
    #[default]
    Digits,
    Spins,
}

/// An edit the user made in one cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// The cell's text after typing.
    Typed { cell: usize, text: String },
    /// More than one character pasted into the cell: possibly a whole puzzle.
    Pasted { cell: usize, text: String },
}

/// Where an entry came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    Keyboard,
    Paste,
    Pad,
}

/// Everything that can happen to the page.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Solve was pressed; the run gets this seed.
    Solve {
        seed: u64,
    },
    /// An animation frame: one frame's share of making a puzzle.
    Frame,
    /// The run numbered `run` (see [`Page::work`]) reached this state in its worker.
    Snapshot {
        run: RunId,
        snapshot: Box<Snapshot>,
    },
    /// The worker of run `run` failed (it refused the run or crashed), for this reason.
    Broke {
        run: RunId,
        reason: String,
    },
    Stop,
    Clear,
    /// Back or Forward moved to this link.
    Open(Link),
    Edit(Edit),
    /// A digit-pad key for the selected cell (`None`: Erase).
    Pad(Option<u8>),
    Select(usize),
    Choose(SolverKind),
    /// Moves per frame, or `None` for as many as fit in a frame.
    Speed(Option<u64>),
    Show(Layer),
    /// A new, empty board of this shape.
    Resize(Shape),
    /// The same entries under these rules.
    Rules(Rules),
    /// New puzzle was pressed: make one for `request` (its shape is the board's), from `seed`.
    Generate {
        request: Request,
        seed: u64,
    },
    /// Switch to `view`; opening the race starts it (with `seed` unless the settings fix one).
    View {
        view: View,
        seed: u64,
    },
    /// Race again, with `seed` unless the settings fix one.
    Race {
        seed: u64,
    },
    /// New race settings; they apply from the next race.
    RaceSettings(Settings),
    /// Every worker of race `race` has loaded: the race starts now.
    RaceGo {
        race: RaceId,
    },
    /// An animation frame of race `race`: what its racers' workers (by index) reported since the
    /// last one.
    RaceNews {
        race: RaceId,
        news: Vec<(usize, News)>,
    },
}

/// An edit the page refused, and why (about one cell, or about the pad with no cell chosen).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub cell: Option<usize>,
    pub reason: String,
}

/// What the address bar should hold: `push` adds a history entry, otherwise the current entry
/// is replaced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    pub query: String,
    pub push: bool,
}

/// Where a cell's digit comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Given,
    Solver,
    Empty,
}

impl Source {
    pub fn name(self) -> &'static str {
        match self {
            Source::Given => "given",
            Source::Solver => "solver",
            Source::Empty => "empty",
        }
    }
}

/// One cell's spins, as bit sets (bit `d` for digit `d + 1`): up, drawn at all, free to flip;
/// and for continuous variables their shades, packed as by [`crate::step::pack_levels`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spins {
    pub up: u32,
    pub shown: u32,
    pub free: u32,
    pub levels: Option<u128>,
}

/// Everything one cell draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellView {
    pub digit: Option<u8>,
    pub source: Source,
    /// What the solver's spins select here when it is not one digit: `Some(Mark::Several)` or
    /// `Some(Mark::Empty)`.
    pub undecided: Option<Mark>,
    /// Named by an error message (a repeated given, a cell with no digit left).
    pub flagged: bool,
    /// Its last edit was refused.
    pub refused: bool,
    /// The cell the digit pad writes to.
    pub selected: bool,
    /// The spins of the run shown, while an annealer runs or after it ran.
    pub spins: Option<Spins>,
    /// The extra regions of the rules the cell lies in.
    pub regions: Regions,
}

/// Which of the rules' extra units hold a cell, for drawing them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Regions {
    pub main_diagonal: bool,
    pub anti_diagonal: bool,
    pub window: bool,
}

impl Regions {
    /// The regions of `cell`: the units its rules add after its row, column and box.
    fn of(geometry: &Geometry, cell: usize) -> Regions {
        let first = 3 * geometry.shape().size();
        let mut extra = geometry.units_of(cell) >> first;
        let mut regions = Regions::default();
        while extra != 0 {
            let unit = geometry.unit(first + extra.trailing_zeros() as usize);
            extra &= extra - 1;
            match (unit.kind, unit.index) {
                (UnitKind::Diagonal, 0) => regions.main_diagonal = true,
                (UnitKind::Diagonal, _) => regions.anti_diagonal = true,
                (UnitKind::Window, _) => regions.window = true,
                _ => {}
            }
        }
        regions
    }
}

/// Names one puzzle being made by New puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MakingId(pub u64);

impl From<u64> for MakingId {
    fn from(n: u64) -> MakingId {
        MakingId(n)
    }
}

/// What the page's frame loop is for: following a run, or making a puzzle. A new identity starts
/// a new loop; none ends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loop {
    Run(RunId),
    Making(MakingId),
}

/// The page: the user's entries, the chosen solver, the run, and what the screen says.
#[derive(Clone)]
pub struct Page {
    pub entries: Grid,
    pub kind: SolverKind,
    pub speed: Option<u64>,
    pub layer: Layer,
    pub phase: Phase,
    pub message: String,
    /// Cells an error message names.
    pub flagged: Vec<usize>,
    pub refusal: Option<Refusal>,
    pub selected: Option<usize>,
    pub address: Address,
    /// A cell to give the keyboard focus, numbered so that asking twice for one cell is seen.
    pub focus: Option<(u64, usize)>,
    /// The run shown: in progress, or the last one until the next edit.
    pub run: Option<WorkerRun>,
    /// What the referee said of the puzzle of the run shown.
    remark: Remark,
    pub view: View,
    pub race_settings: Settings,
    /// The race shown in the race view: in progress, or the last one.
    pub race: Option<Race>,
    /// Names runs and races.
    ids: Ids,
    /// The puzzle being made, while New puzzle works (shared, as the run is, between the copies
    /// of the page the reducer makes).
    making: Option<(MakingId, Rc<RefCell<Generator>>)>,
    /// Milliseconds on a monotonic clock.
    clock: fn() -> f64,
}

/// What an empty board of `shape` says.
fn welcome(shape: Shape) -> String {
    format!(
        "Type a puzzle (or paste {} characters into any cell), or press New puzzle; then Solve.",
        shape.cells()
    )
}

impl Page {
    /// The page as opened with `link`, timed by `clock` (milliseconds).
    pub fn open(link: &Link, clock: fn() -> f64) -> Page {
        let kind = link.solver.unwrap_or_default();
        let mut page = Page {
            entries: Grid::empty(Shape::CLASSIC),
            kind,
            speed: Some(kind.default_speed),
            layer: Layer::Digits,
            phase: Phase::Idle,
            message: String::new(),
            flagged: Vec::new(),
            refusal: None,
            selected: None,
            address: Address {
                query: String::new(),
                push: false,
            },
            focus: None,
            run: None,
            remark: Remark::default(),
            view: View::Solve,
            race_settings: Settings::default(),
            race: None,
            ids: Ids::default(),
            making: None,
            clock,
        };
        page.load(link);
        if page.view == View::Race {
            // A race link without a seed of its own: the clock draws one.
            page.race(clock_seed(clock));
        }
        page
    }

    /// The state after `action`.
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::Solve { seed } => self.solve(seed),
            Action::Frame => self.make_puzzle(),
            Action::Snapshot { run, snapshot } => self.take(run, *snapshot),
            Action::Broke { run, reason } => {
                if let Some(r) = (self.run.as_mut()).filter(|r| r.id == run && r.running()) {
                    r.break_off(reason.clone());
                    self.say(
                        Phase::Failed,
                        format!("The solver failed: {reason}. Your entries are kept."),
                        Vec::new(),
                    );
                }
            }
            Action::Stop => self.stop(),
            Action::Clear => {
                self.end_run();
                self.entries = Grid::empty(self.entries.shape());
                self.say(Phase::Idle, welcome(self.entries.shape()), Vec::new());
                self.refusal = None;
                self.write_address(true);
            }
            Action::Open(link) => {
                self.end_run();
                self.race = None;
                self.load(&link);
                if self.view == View::Race {
                    self.race(clock_seed(self.clock));
                }
            }
            Action::View { view, seed } => {
                if view != self.view {
                    self.stop();
                    self.end_run();
                    self.race = None;
                    self.view = view;
                    if view == View::Race {
                        self.race(seed);
                    } else if self.phase != Phase::Invalid {
                        self.say(Phase::Idle, welcome(self.entries.shape()), Vec::new());
                    }
                    self.write_address(true);
                }
            }
            Action::Race { seed } => {
                if self.view == View::Race && !self.racing() {
                    self.race(seed);
                }
            }
            Action::RaceSettings(settings) => {
                if !self.racing() {
                    self.race_settings = settings;
                    self.write_address(false);
                }
            }
            Action::RaceGo { race } => {
                let now = (self.clock)();
                if let Some(r) = self.race.as_mut().filter(|r| r.id == race) {
                    r.go(now);
                }
            }
            Action::RaceNews { race, news } => {
                let now = (self.clock)();
                if let Some(r) = self.race.as_mut().filter(|r| r.id == race && r.running()) {
                    r.take_all(news, now);
                }
            }
            Action::Edit(edit) => self.edit(edit),
            Action::Pad(digit) => match self.selected {
                Some(cell) => {
                    let text = digit.map(|d| digit_char(d).to_string()).unwrap_or_default();
                    self.enter(cell, &text, Origin::Pad);
                }
                None if !self.running() => {
                    self.refusal = Some(Refusal {
                        cell: None,
                        reason: "Tap a cell first, then a digit.".to_string(),
                    });
                }
                None => {}
            },
            Action::Select(cell) => {
                if cell < self.entries.shape().cells() {
                    self.selected = Some(cell);
                }
            }
            Action::Choose(kind) => {
                if !self.running() && kind != self.kind {
                    self.choose(kind);
                    self.write_address(false);
                }
            }
            Action::Speed(speed) => {
                self.speed = speed;
                if let Some(run) = &mut self.run {
                    (run.pace, run.moves_per_tick) = pace_of(speed, run.kind);
                }
            }
            Action::Show(layer) => self.layer = layer,
            Action::Resize(shape) => {
                if !self.running() && shape != self.entries.shape() {
                    self.put_entries(Grid::empty(shape));
                    self.selected = None;
                    self.say(Phase::Idle, welcome(shape), Vec::new());
                }
            }
            Action::Rules(rules) => {
                if !self.running() && rules != self.entries.shape().rules() {
                    match self.entries.clone().with_rules(rules) {
                        Some(entries) => {
                            self.put_entries(entries);
                            match self.entries.filled() {
                                0 => {
                                    self.say(Phase::Idle, welcome(self.entries.shape()), Vec::new())
                                }
                                givens => self.loaded(givens),
                            }
                        }
                        None => {
                            self.refusal = Some(Refusal {
                                cell: None,
                                reason: "Windoku needs square boxes: 4×4, 9×9, 16×16 or 25×25."
                                    .to_string(),
                            });
                        }
                    }
                }
            }
            Action::Generate { request, seed } => {
                if !self.running() {
                    self.end_run();
                    self.refusal = None;
                    let generator = Rc::new(RefCell::new(Generator::new(request, seed)));
                    self.making = Some((self.ids.issue(), generator));
                    let level = request.difficulty.map_or("", |d| d.name());
                    let n = request.shape.size();
                    let message = format!("Making a new {level} {n}×{n} puzzle…");
                    self.say(Phase::Generating, message.replace("  ", " "), Vec::new());
                }
            }
        }
    }

    /// What the frame loop is for now: none when nothing runs and no puzzle is being made.
    pub fn frame_loop(&self) -> Option<Loop> {
        match (self.work(), &self.making) {
            (Some(work), _) => Some(Loop::Run(work.run)),
            (None, Some((id, _))) if self.phase == Phase::Generating => Some(Loop::Making(*id)),
            _ => None,
        }
    }

    /// Whether a solver runs or a puzzle is being made: the board is locked and frames come.
    pub fn running(&self) -> bool {
        matches!(self.phase, Phase::Running | Phase::Generating)
    }

    /// Switches to the default solver if the chosen one does not handle the board.
    fn fit_solver(&mut self) {
        if !(self.kind.supports)(self.entries.shape()) {
            self.choose(SolverKind::default());
        }
    }

    /// One frame's share of making a puzzle: steps until the frame budget is spent.
    fn make_puzzle(&mut self) {
        let before = (self.clock)();
        let Some((_, generator)) = &self.making else {
            return;
        };
        let made = loop {
            if let Some(made) = generator.borrow_mut().step() {
                break made;
            }
            if (self.clock)() - before >= FRAME_BUDGET_MS {
                return;
            }
        };
        self.making = None;
        match made {
            Ok(made) => self.show_made(made),
            Err(why) => self.say(
                Phase::Invalid,
                format!("No puzzle can be made: {why}. Your entries are kept."),
                Vec::new(),
            ),
        }
    }

    /// Puts a new puzzle on the board and says what it is.
    fn show_made(&mut self, made: Generated) {
        let n = made.puzzle.shape().size();
        let givens = made.puzzle.filled();
        self.put_entries(made.puzzle);
        let mut message = if made.as_asked {
            format!("New {} puzzle: {givens} givens", made.difficulty)
        } else {
            format!(
                "No puzzle of that level turned up in {} tries on {n}×{n}; this one is {}: {givens} givens",
                made.tries, made.difficulty
            )
        };
        message.push_str(", exactly one solution.");
        if !made.minimal {
            message.push_str(" Not every given was proved necessary.");
        }
        message.push_str(" Press Solve.");
        self.say(Phase::Idle, message, Vec::new());
    }

    /// Replaces the whole board (a paste, a new size or rules, a new puzzle): the run shown
    /// ends, the solver fits the board, and the address gets a new history entry.
    fn put_entries(&mut self, grid: Grid) {
        self.end_run();
        self.entries = grid;
        self.refusal = None;
        self.fit_solver();
        self.write_address(true);
    }

    fn say(&mut self, phase: Phase, message: impl Into<String>, flagged: Vec<usize>) {
        self.phase = phase;
        self.message = message.into();
        self.flagged = flagged;
    }

    fn choose(&mut self, kind: SolverKind) {
        self.kind = kind;
        self.speed = Some(kind.default_speed);
    }

    fn write_address(&mut self, push: bool) {
        let race = Settings {
            seed: (self.race.as_ref())
                .map(|r| r.seed)
                .or(self.race_settings.seed),
            ..self.race_settings.clone()
        };
        self.address = Address {
            query: link::write_view(&self.entries, self.kind, self.view, &race),
            push,
        };
    }

    /// Whether a race is on.
    pub fn racing(&self) -> bool {
        self.race.as_ref().is_some_and(Race::running)
    }

    /// Starts a race on the entries, if the referee lets them through.
    fn race(&mut self, seed: u64) {
        self.end_run();
        self.race = None;
        self.refusal = None;
        match referee::judge(&self.entries) {
            Verdict::Refuse { message, flagged } => {
                self.say(Phase::Invalid, format!("No race: {message}"), flagged);
            }
            Verdict::Proceed(remark) => {
                let seed = self.race_settings.seed.unwrap_or(seed);
                let now = (self.clock)();
                self.race = Some(Race::start(
                    &mut self.ids,
                    &self.entries,
                    &self.race_settings,
                    seed,
                    now,
                ));
                let remark = remark.before().map(|r| format!(" {r}")).unwrap_or_default();
                self.say(Phase::Idle, format!("The race is on.{remark}"), Vec::new());
                self.write_address(false);
            }
        }
    }

    /// Forgets the run shown and any puzzle being made; a frame loop still going for either
    /// stops.
    fn end_run(&mut self) {
        self.run = None;
        self.making = None;
    }

    /// Shows what `link` holds, and what the referee says of its puzzle.
    fn load(&mut self, link: &Link) {
        self.view = link.view;
        self.race_settings = link.race.clone();
        if let Some(kind) = link.solver
            && kind != self.kind
        {
            self.choose(kind);
        }
        let shape = link.shape.unwrap_or(self.entries.shape());
        self.entries = (link.puzzle.clone()).unwrap_or_else(|| Grid::empty(shape));
        self.refusal = None;
        self.fit_solver();
        match &link.puzzle {
            Some(grid) => self.loaded(grid.filled()),
            None => self.say(Phase::Idle, welcome(shape), Vec::new()),
        }
        if let Some(problem) = &link.problem {
            self.message = format!("{problem} {}", self.message);
        }
        self.write_address(false);
    }

    /// The message for a freshly loaded puzzle, after the referee has looked at it.
    fn loaded(&mut self, givens: usize) {
        let givens = format!("Puzzle loaded: {givens} givens.");
        match referee::judge(&self.entries) {
            Verdict::Refuse { message, flagged } => {
                self.say(Phase::Invalid, format!("{givens} {message}"), flagged)
            }
            Verdict::Proceed(remark) => {
                let parts = [Some(givens.as_str()), remark.before(), Some("Press Solve.")];
                let message = parts.into_iter().flatten().collect::<Vec<_>>().join(" ");
                self.say(Phase::Idle, message, Vec::new());
            }
        }
    }

    fn solve(&mut self, seed: u64) {
        if self.running() {
            return;
        }
        self.refusal = None;
        self.end_run();
        let remark = match referee::judge(&self.entries) {
            Verdict::Refuse { message, flagged } => {
                return self.say(Phase::Invalid, message, flagged);
            }
            Verdict::Proceed(remark) => remark,
        };
        // The worker starts the solver; only a board it does not take is refused here (the
        // referee has judged the givens already).
        if let Err(unsupported) = self.kind.takes(self.entries.shape()) {
            if let Verdict::Refuse { message, flagged } = referee::refusal(&unsupported) {
                self.say(Phase::Invalid, message, flagged);
            }
            return;
        }
        let (pace, moves_per_tick) = pace_of(self.speed, self.kind);
        let (id, now) = (self.ids.issue(), (self.clock)());
        let run = WorkerRun::new(
            id,
            self.kind,
            &self.entries,
            seed,
            pace,
            moves_per_tick,
            now,
        );
        self.run = Some(run);
        self.remark = remark;
        self.say(Phase::Running, "Starting…", Vec::new());
    }

    /// What the worker should be doing now: nothing unless a run is going.
    pub fn work(&self) -> Option<Work<'_>> {
        self.run
            .as_ref()
            .filter(|_| self.phase == Phase::Running)?
            .work()
    }

    /// A report from run `id`'s worker; one from an earlier run, or after Stop, is ignored.
    fn take(&mut self, id: RunId, snapshot: Snapshot) {
        let now = (self.clock)();
        let Some(run) = self.run.as_mut().filter(|r| r.id == id) else {
            return;
        };
        if self.phase == Phase::Running && run.take(&self.entries, snapshot, now) {
            self.describe_run();
        }
    }

    fn stop(&mut self) {
        let now = (self.clock)();
        if let Some(race) = self.race.as_mut().filter(|r| r.running()) {
            race.stop(now);
        }
        if self.phase == Phase::Generating {
            self.end_run();
            return self.say(
                Phase::Stopped,
                "Stopped making a puzzle. Your entries are kept.",
                Vec::new(),
            );
        }
        if !self.running() {
            return;
        }
        if let Some(run) = &mut self.run {
            run.halt(now);
        }
        self.describe_run();
    }

    /// The phase and message that the run's state calls for.
    fn describe_run(&mut self) {
        let Some(run) = &self.run else { return };
        let state = run.state();
        let (effort, closing) = run
            .frame
            .as_ref()
            .map_or((0, None), |f| (f.effort, f.closing.clone()));
        let seconds = run.elapsed_ms / 1000.0;
        let effort = run.kind.effort.count(effort);
        let (phase, message) = match state {
            RunState::Running => (Phase::Running, run.kind.activity.to_string()),
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
                closing.unwrap_or_else(|| format!("Gave up after {effort} without a solution.")),
            ),
            RunState::Unsolvable => (
                Phase::Invalid,
                "This puzzle has no solution: the search tried every possibility.".to_string(),
            ),
        };
        let remark = match state {
            RunState::Solved => self.remark.after(),
            RunState::Unsolvable => None,
            _ => self.remark.before(),
        };
        let message = match remark {
            Some(remark) => format!("{message} {remark}"),
            None => message,
        };
        self.say(phase, message, Vec::new());
    }

    fn edit(&mut self, edit: Edit) {
        match edit {
            Edit::Typed { cell, text } => self.enter(cell, &text, Origin::Keyboard),
            Edit::Pasted { cell, text } => self.enter(cell, &text, Origin::Paste),
        }
    }

    /// Takes what was entered into `cell`, or refuses it.
    fn enter(&mut self, cell: usize, text: &str, origin: Origin) {
        let shape = self.entries.shape();
        if self.running() || cell >= shape.cells() {
            return;
        }
        if text.chars().filter(|c| !c.is_whitespace()).count() > 1 {
            // A paste whose length names another board (256 characters: 16×16) opens that board,
            // under the same rules where they fit it.
            let pasted = Grid::parse_shaped(shape, text).or_else(|e| {
                let cells = text.chars().filter(|c| !c.is_whitespace()).count();
                let other = Shape::playable(cells).filter(|s| *s != shape);
                match (e, other) {
                    (ParseError::Length { .. }, Some(other)) => {
                        let other = other.with_rules(shape.rules()).unwrap_or(other);
                        Grid::parse_shaped(other, text)
                    }
                    (e, _) => Err(e),
                }
            });
            match pasted {
                Ok(grid) => {
                    self.put_entries(grid);
                    self.loaded(self.entries.filled());
                }
                Err(e) => {
                    let reason = match origin {
                        Origin::Paste => format!("That paste is not a puzzle: {e}."),
                        _ => "A cell holds one digit.".to_string(),
                    };
                    self.refusal = Some(Refusal {
                        cell: Some(cell),
                        reason,
                    });
                }
            }
            return;
        }
        match read_cell(shape, text) {
            Err(e) => {
                self.refusal = Some(Refusal {
                    cell: Some(cell),
                    reason: format!("{}: {e}.", capitalised(&shape.pos(cell).to_string())),
                });
            }
            Ok(digit) => {
                self.entries.set(cell, digit);
                self.refusal = None;
                if self.run.is_some() || self.phase != Phase::Idle || self.message != welcome(shape)
                {
                    self.end_run();
                    self.say(Phase::Idle, welcome(shape), Vec::new());
                }
                // After a digit, on to the next empty cell: the pad moves its selection, the
                // keyboard its focus.
                if let (Some(_), Some(next)) = (digit, next_empty(&self.entries, cell)) {
                    if origin == Origin::Pad {
                        self.selected = Some(next);
                    } else {
                        let serial = self.focus.map_or(0, |(n, _)| n + 1);
                        self.focus = Some((serial, next));
                    }
                }
                self.write_address(false);
            }
        }
    }

    /// What each cell shows: the user's givens in black, over them the run's latest frame.
    pub fn cells(&self) -> Vec<CellView> {
        let frame = self.run.as_ref().and_then(|r| r.frame.as_deref());
        let spins = |cell: usize| match frame.map(|f| &f.detail) {
            Some(Detail::Spins {
                up,
                shown,
                free,
                levels,
            }) => Some(Spins {
                up: up.get(cell).copied().unwrap_or(0),
                shown: shown.get(cell).copied().unwrap_or(0),
                free: free.get(cell).copied().unwrap_or(0),
                levels: levels.get(cell).copied(),
            }),
            _ => None,
        };
        let geometry = Geometry::of(self.entries.shape());
        (0..self.entries.shape().cells())
            .map(|cell| {
                let mark = frame.and_then(|f| f.cells.get(cell).copied());
                let (digit, source) = match (self.entries.get(cell), mark) {
                    (Some(given), _) => (Some(given), Source::Given),
                    (None, Some(Mark::Digit(d))) => (Some(d), Source::Solver),
                    _ => (None, Source::Empty),
                };
                let spins = spins(cell);
                CellView {
                    digit,
                    source,
                    // A blank cell under a spin model: its spins select no digit or several.
                    undecided: mark.filter(|_| spins.is_some() && source == Source::Empty),
                    flagged: self.flagged.contains(&cell),
                    refused: self.refusal.as_ref().is_some_and(|r| r.cell == Some(cell)),
                    selected: self.selected == Some(cell),
                    spins,
                    regions: Regions::of(&geometry, cell),
                }
            })
            .collect()
    }

    /// The run's figures as the page lists them: the solver's own, then time, rate and cost.
    pub fn figures(&self) -> Vec<(String, String)> {
        let Some((run, frame)) = (self.run.as_ref()).and_then(|r| Some((r, r.frame.as_ref()?)))
        else {
            return Vec::new();
        };
        let seconds = run.elapsed_ms / 1000.0;
        let rate = if seconds > 0.0 {
            frame.moves as f64 / seconds
        } else {
            0.0
        };
        let rate = if rate >= 1e6 {
            format!("{:.1} M", rate / 1e6)
        } else {
            group_thousands(rate as i64)
        };
        let mut rows: Vec<(String, String)> = (frame.figures.iter())
            .map(|f| (f.name.to_string(), f.text()))
            .collect();
        rows.extend([
            ("Tick".to_string(), group_thousands(frame.ticks as i64)),
            (format!("{}/s", capitalised(run.kind.work.many)), rate),
            ("Time".to_string(), format!("{seconds:.2} s")),
            (
                "Tick cost".to_string(),
                format!("{:.2} ms", run.compute_ms / frame.ticks.max(1) as f64),
            ),
            ("Seed".to_string(), run.seed.to_string()),
        ]);
        rows
    }

    /// What the plot draws: its series and the run's history; `None` before any run.
    pub fn trace(&self) -> Option<(&[Series; 2], &Trace)> {
        let run = self.run.as_ref()?;
        Some((&run.frame.as_ref()?.series, &run.trace))
    }

    /// The hint under the grid: why the last edit was refused, if it was.
    pub fn hint(&self) -> &str {
        self.refusal.as_ref().map_or("", |r| r.reason.as_str())
    }
}

/// How a run at `speed` is driven: a tick per frame at an animated speed, slices as fast as
/// possible otherwise.
fn pace_of(speed: Option<u64>, kind: SolverKind) -> (Pace, u64) {
    match speed {
        Some(moves) => (Pace::Tick, moves),
        None => (Pace::For(SLICE_MS), kind.fastest()),
    }
}

/// A seed from the clock, for a race a link opens without one: 32 bits, like the page's others.
fn clock_seed(clock: fn() -> f64) -> u64 {
    (clock() * 1000.0) as u64 % (1 << 32)
}

/// The first empty cell after `cell`, in reading order, wrapping around.
fn next_empty(grid: &Grid, cell: usize) -> Option<usize> {
    let cells = grid.shape().cells();
    (1..cells)
        .map(|k| (cell + k) % cells)
        .find(|&c| grid.get(c).is_none())
}

/// "row 3, column 4" as "Row 3, column 4".
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
