//! The page's state and the actions that change it: the types only, so that every part of the
//! reducer reads them from here and none reads another part.

use crate::client::Answer;
use crate::link::{Link, View};
use crate::race::{Race, RaceId, Settings};
use crate::run::{Ids, JudgeId, MakingId, TaskId, WorkerRun};
use std::rc::Rc;
use sudoku_engine::board::{DigitSet, Grid, Rules, Shape};
use sudoku_engine::generate::Request;
use sudoku_engine::hint::Hint;
use sudoku_engine::read::{ReadError, Reading};
use sudoku_engine::referee::Remark;
use sudoku_engine::registry::SolverKind;

/// An edit the user made in one cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// The cell's text after typing.
    Typed { cell: usize, text: String },
    /// Backspace in the cell: it is erased and the focus moves back a cell.
    Backspace { cell: usize },
    /// More than one character pasted into the cell: possibly a whole puzzle.
    Pasted { cell: usize, text: String },
}

/// Where the page stands; the names are the status element's `data-state` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Idle,
    /// Solve was pressed; the referee looks at the puzzle first.
    Checking,
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
            Phase::Checking => "checking",
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

/// Why a picture gave the page no puzzle.
#[derive(Clone, Debug, PartialEq)]
pub enum Unread {
    /// The reader looked and found none.
    Reader(ReadError),
    /// The person did not allow the camera.
    CameraRefused,
    /// The device has no camera (or the browser offers none).
    NoCamera,
    /// The file was not an image the browser could decode.
    NotAnImage,
    /// The reader's worker failed, and why.
    Broke(String),
}

/// Everything that can happen to the page.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Solve was pressed; the run gets this seed.
    Solve {
        seed: u64,
    },
    /// What the page's worker said, at an animation frame, about the task `from` (see
    /// [`Page::task`]).
    Heard {
        from: TaskId,
        answer: Answer,
    },
    Stop,
    Clear,
    /// The entries as they were before the last change (Redo: before the last Undo).
    Undo,
    Redo,
    /// Back or Forward moved to this link.
    Open(Link),
    Edit(Edit),
    /// A digit-pad key for the selected cell (`None`: Erase); in pencil mode a digit toggles
    /// that mark.
    Pad(Option<u8>),
    /// Pencil mode on or off, whichever it was not: digits typed or tapped toggle marks rather
    /// than fill cells.
    Pencil,
    /// Open cells show their candidates (the user's marks where they made some), or not.
    ShowMarks(bool),
    /// Check: each progress entry that disagrees with the puzzle's one solution is marked; on a
    /// board without givens, what was typed becomes the givens.
    Check,
    /// Hint: the next step on the entries and the user's own marks, or the wrong entry.
    Hint,
    /// Apply: the step the hint shows is made, as one Undo step.
    Apply,
    Select(usize),
    Choose(SolverKind),
    Speed(Speed),
    /// The time limit of a run, in seconds.
    Limit(u32),
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
    /// Switch to `view`; the race view shows its racers waiting to be started.
    View {
        view: View,
    },
    /// Race again, with `seed` unless the settings fix one.
    Race {
        seed: u64,
    },
    /// New race settings; they apply from the next race.
    RaceSettings(Settings),
    /// A picture was read (from the camera, a file, the clipboard or a drop): its puzzle, or
    /// why there is none.
    Scanned(Result<Reading, Unread>),
    /// Every worker of race `race` has loaded: the race starts now.
    RaceGo {
        race: RaceId,
    },
    /// An animation frame of race `race`: what its racers' workers (by index) reported since the
    /// last one.
    RaceAnswers {
        race: RaceId,
        answers: Vec<(usize, Answer)>,
    },
}

/// A digit entered into `cell` that moved the selection on to `next`. The pad's Erase right
/// after it means "take that back", not "erase the empty cell the selection moved to".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JustEntered {
    pub cell: usize,
    pub next: usize,
    /// The focus has arrived at `next` (its input reports that as a selection of `next`).
    pub arrived: bool,
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

/// What Undo brings back: the givens, the entries and the marks as they were.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    pub(super) givens: Grid,
    pub(super) entries: Grid,
    pub(super) marks: Vec<Option<DigitSet>>,
}

/// The sheets before each change, for Undo, and those undone since, for Redo.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EditHistory {
    pub(super) undo: Vec<Sheet>,
    pub(super) redo: Vec<Sheet>,
}

/// What waits for the referee's verdict on the entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Then {
    /// A puzzle was loaded: say what it is, after `prefix` (what was wrong with its link).
    Describe { givens: usize, prefix: String },
    /// Solve was pressed.
    Solve { seed: u64 },
    /// A race was asked for.
    Race { seed: u64 },
    /// Check was pressed: the worker finds the puzzle's one solution.
    Check,
    /// Hint was pressed: the worker finds the solution and the next step.
    Hint,
}

/// The referee's look at the entries, under way in the page's worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judging {
    pub id: JudgeId,
    pub then: Then,
}

/// New puzzle, under way in the page's worker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Making {
    pub id: MakingId,
    pub request: Request,
    pub seed: u64,
}

/// How fast the page runs a solver.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Speed {
    /// Slowly at first, then up to the solver's default speed: a run is there to be watched.
    #[default]
    Watch,
    /// This many of the solver's moves per display frame.
    Steady(u64),
    /// As many moves as fit in a frame.
    Fastest,
}

/// The page: the puzzle's givens and the user's entries, the chosen solver, the run, and what
/// the screen says.
#[derive(Clone)]
pub struct Page {
    /// The puzzle's givens (from New puzzle, a link, a paste of a whole puzzle, a photo, or
    /// fixed by Check): they cannot be edited. Empty while a puzzle is typed in by hand, when
    /// every entry is the puzzle.
    pub givens: Grid,
    /// Every digit on the board: the givens and the user's progress; what Solve takes.
    pub entries: Grid,
    /// The user's own pencil marks, by cell: `None` where they made none (the cell then shows
    /// its candidates, when marks are shown).
    pub marks: Vec<Option<DigitSet>>,
    /// Whether open cells show pencil marks.
    pub show_marks: bool,
    /// Pencil mode: a digit typed or tapped toggles that mark in the selected cell.
    pub pencil: bool,
    /// The progress entries Check found to disagree with the solution, until they are edited.
    pub wrong: Vec<usize>,
    /// The hint shown, until the next edit.
    pub shown_hint: Option<Hint>,
    pub kind: SolverKind,
    pub speed: Speed,
    /// A run still going after this many seconds is stopped.
    pub limit_s: u32,
    pub layer: Layer,
    pub phase: Phase,
    pub message: String,
    /// Cells an error message names.
    pub flagged: Vec<usize>,
    /// Cells the reader of a picture was unsure of, until the person edits them or the board
    /// changes.
    pub unsure: Vec<usize>,
    pub refusal: Option<Refusal>,
    pub selected: Option<usize>,
    pub address: Address,
    /// A cell to give the keyboard focus, numbered so that asking twice for one cell is seen.
    pub focus: Option<(u64, usize)>,
    /// The digit just entered, while nothing else has happened since: Erase takes it back.
    pub(super) just_entered: Option<JustEntered>,
    /// The run shown: in progress, or the last one until the next edit.
    pub run: Option<WorkerRun>,
    /// What the referee said of the puzzle of the run shown.
    pub(super) remark: Remark,
    pub view: View,
    pub race_settings: Settings,
    /// The race shown in the race view: in progress, or the last one.
    pub race: Option<Race>,
    /// Names runs and races.
    pub(super) ids: Ids,
    /// Earlier entries, shared between the copies of the page the reducer makes until an edit.
    pub(super) history: Rc<EditHistory>,
    /// The referee's look at the entries, while the page waits for it.
    pub(super) judging: Option<Judging>,
    /// The puzzle being made, while New puzzle works.
    pub(super) making: Option<Making>,
    /// Milliseconds on a monotonic clock.
    pub(super) clock: fn() -> f64,
}
