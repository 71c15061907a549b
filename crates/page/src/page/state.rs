//! The actions that change the page and the small types its parts share: the types only, so
//! that every part of the reducer reads them from here.

use crate::link::{Link, View};
use crate::race::{RaceId, Settings};
use crate::run::{JudgeId, MakingId, TaskId};
use sudoku_engine::board::{Rules, Shape};
use sudoku_engine::generate::Request;
use sudoku_engine::grade::Difficulty;
use sudoku_engine::read::{ReadError, Reading};
use sudoku_engine::registry::SolverKind;
use sudoku_engine::worker::{Failure, Report};

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

/// A step in drawing killer cages by hand (cage mode).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CageEdit {
    /// Cage mode on: cells tapped gather into a cage; digits typed or tapped make its sum.
    Start,
    /// A tap (or Space) on this cell: in or out of the cage drawn, or a cage picked to change.
    Cell(usize),
    /// A drag went over this cell: it joins the cage drawn if it is in no other.
    Drag(usize),
    /// The cage drawn goes on the board (Add cage, or Enter).
    Add,
    /// The cage picked comes off the board (or the cage drawn is dropped).
    Remove,
    /// Done: a cage drawn and not added yet is added, then cage mode is off; a cage that cannot
    /// be added keeps cage mode on, with the reason.
    Stop,
}

/// The cage being drawn in cage mode.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CageDraft {
    /// Its cells, in the order they were tapped.
    pub cells: Vec<usize>,
    /// Its sum as typed so far.
    pub sum: String,
    /// The board's cage it changes, when one was picked.
    pub picked: Option<usize>,
    /// The sum is the picked cage's, untouched, or one just refused: the first digit typed
    /// replaces it, as typing over a selected field does.
    pub sum_as_picked: bool,
    /// Add cage refused it: a tap that neither is in it nor beside it drops it and starts a new
    /// cage, as a person tapping elsewhere means.
    pub refused: bool,
}

impl CageDraft {
    /// Whether it holds cells not yet on the board as drawn: new ones, or a picked cage's
    /// sum typed over.
    pub fn pending(&self) -> bool {
        !self.cells.is_empty() && (self.picked.is_none() || !self.sum_as_picked)
    }

    /// Whether Remove has something to take: a picked cage, or cells gathered (a draft refused
    /// must have a way out that is not tapping each cell again).
    pub fn removable(&self) -> bool {
        self.picked.is_some() || !self.cells.is_empty()
    }
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
pub enum ScanError {
    /// The reader looked and found none.
    Reader(ReadError),
    /// The person did not allow the camera.
    CameraRefused,
    /// The device has no camera (or the browser offers none).
    NoCamera,
    /// The file was not an image the browser could decode.
    NotAnImage,
    /// The browser could not draw the picture to read (in its own words).
    NoPicture(String),
    /// The reader's worker failed, and why.
    Broke(Failure),
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
        answer: Report,
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
    /// Cage mode and its steps.
    Cage(CageEdit),
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
    Scanned(Result<Reading, ScanError>),
    /// Every worker of race `race` has loaded: the race starts now.
    RaceGo {
        race: RaceId,
    },
    /// An animation frame of race `race`: what its racers' workers (by index) reported since the
    /// last one.
    RaceAnswers {
        race: RaceId,
        answers: Vec<(usize, Report)>,
    },
}

/// An edit the page refused, and why (about one cell, or about the pad with no cell chosen).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub cell: Option<usize>,
    pub reason: String,
}

/// What the address bar should hold: `push` adds a history entry, otherwise the current entry
/// is replaced; `keep` when the board holds something (a digit, a mark, a cage) to open again
/// from the home screen, where no address carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    pub query: String,
    pub push: bool,
    pub keep: bool,
}

/// What the referee's look at the puzzle is for: what happens once its verdict is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// A puzzle was loaded: say what it is, after `prefix` (what was wrong with its link).
    Describe { givens: usize, prefix: String },
    /// Cages were drawn by hand (Done): a killer with several solutions, or none, is said so.
    Drawn,
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
    pub purpose: Purpose,
}

/// New puzzle, under way in the page's worker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Making {
    pub id: MakingId,
    pub request: Request,
    pub seed: u64,
}

/// What New puzzle makes beyond the board, as the settings hold it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wanted {
    /// The level picked (`Some(None)`: any), or `None` for the board's default.
    pub level: Option<Option<Difficulty>>,
    pub symmetric: bool,
    /// A killer, where the board is small enough for one to be made.
    pub killer: bool,
}

impl Wanted {
    /// Whether New puzzle makes killers on a board of `shape`.
    pub fn killer_fits(shape: Shape) -> bool {
        shape.size() <= Request::KILLER_SIDE
    }

    /// What New puzzle asks for on a board of `shape`: a killer only where one fits, and then
    /// no symmetry, since a killer has no givens.
    pub fn request(self, shape: Shape) -> Request {
        let killer = self.killer && Wanted::killer_fits(shape);
        Request {
            shape,
            difficulty: self.level.unwrap_or(Some(Request::default_level(shape))),
            symmetric: self.symmetric && !killer,
            killer,
        }
    }
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

/// What the status line says, and the cells an error message names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    pub phase: Phase,
    pub message: String,
    /// Cells an error message names.
    pub flagged: Vec<usize>,
}

impl Status {
    pub fn idle() -> Status {
        Status {
            phase: Phase::Idle,
            message: String::new(),
            flagged: Vec::new(),
        }
    }

    pub fn set(&mut self, phase: Phase, message: impl Into<String>, flagged: Vec<usize>) {
        self.phase = phase;
        self.message = message.into();
        self.flagged = flagged;
    }

    /// Whether a solver runs (or is about to) or a puzzle is being made: the board is locked
    /// and frames come.
    pub fn busy(&self) -> bool {
        matches!(
            self.phase,
            Phase::Checking | Phase::Running | Phase::Generating
        )
    }
}
