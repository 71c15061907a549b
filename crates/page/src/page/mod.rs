//! The page's whole state and every way it changes, as one reducer: starting, stopping, clearing,
//! opening a link, Back/Forward, editing and every animation frame go through [`Page::apply`].
//! It is plain Rust: the Yew layer wraps it, draws what the view models of [`view`] say, and
//! carries out the side effects it asks for (the address bar, the keyboard focus, the frame loop
//! keyed by [`Page::frame_loop`]).
//!
//! The page is made of parts, each a struct with the actions it handles itself: the board being
//! edited ([`Board`], over its [`Sheet`]), the solver and its run ([`Solving`]), the race view
//! ([`Racing`]); beside them what was found in the cells ([`Findings`]), the status line and
//! the address. No part reads another. What crosses between them is the page's alone, in
//! [`Page::apply`] and the flows it calls: a part is told whether the board is locked (a run or
//! New puzzle going) and hands back what its action changed ([`Edited`], [`Steered`],
//! [`Raced`]); the page then ends the run shown, forgets findings, fits the solver to the board,
//! says so on the status line and rewrites the address. The page's long jobs (the referee, runs,
//! New puzzle) are [`Task`]s its worker carries out; their answers come back as
//! [`Action::Heard`] ([`judging`]). Check and Hint live in [`checking`], the reader's pictures
//! in [`reading`], what the screen draws in [`view`].

mod board;
mod caging;
mod checking;
mod hinting;
mod judging;
mod racing;
mod reading;
mod sheet;
mod solving;
mod state;
pub mod view;

use crate::client::Task;
use crate::link::{self, Link, View};
use crate::race::Settings;
use crate::run::{Ids, TaskId};
use state::{Judging, Making};
use sudoku_engine::SolverKind;
use sudoku_engine::board::{Geometry, Grid};
use sudoku_engine::check;
use sudoku_words as present;

pub use board::{Board, Edited};
pub use hinting::{Findings, HintCell, HintRole};
pub use racing::{Raced, Racing};
pub use sheet::Sheet;
pub use solving::{Solving, Steered};
pub use state::{
    Action, Address, CageDraft, CageEdit, Edit, Layer, Phase, Purpose, Refusal, ScanError, Speed,
    Status, Wanted,
};
pub use view::{
    CageMark, CellView, Dot, LARGE_MARKS_DRAWN, MarkDrawing, Regions, Source, Spins, mark_drawing,
};

/// The page: the board being edited, what was found on it, the solver and its run, the race,
/// what the screen says and the address; each part is a struct of its own (see [`Page::apply`]).
#[derive(Clone)]
pub struct Page {
    /// The sheet and how the user edits it.
    pub board: Board,
    /// What Check, a hint and the reader of a picture found in the board's cells.
    pub findings: Findings,
    /// The solver chosen, how it runs, and the run shown.
    pub solving: Solving,
    /// The race view's settings and race.
    pub racing: Racing,
    pub status: Status,
    pub address: Address,
    pub view: View,
    /// The referee's look at the entries, while the page waits for it.
    judging: Option<Judging>,
    /// The puzzle being made, while New puzzle works.
    making: Option<Making>,
    /// What was wrong with the link the page opened, said at the head of the status line.
    link_problem: String,
    /// Names runs, races, looks and puzzles being made.
    ids: Ids,
    /// Milliseconds on a monotonic clock.
    clock: fn() -> f64,
}

impl Page {
    /// The page as opened with `link`, timed by `clock` (milliseconds).
    pub fn open(link: &Link, clock: fn() -> f64) -> Page {
        let mut page = Page {
            board: Board::new(),
            findings: Findings::default(),
            solving: Solving::new(link.solver.unwrap_or_default()),
            racing: Racing::default(),
            status: Status::idle(),
            address: Address {
                query: String::new(),
                push: false,
                keep: false,
            },
            view: View::Solve,
            judging: None,
            making: None,
            link_problem: String::new(),
            ids: Ids::default(),
            clock,
        };
        page.load(link);
        if page.view == View::Race {
            page.show_race();
        }
        page
    }

    /// The state after `action`: the board, the solver and the race view each take their own
    /// actions, and the page carries out what follows from what they changed; the rest are the
    /// page's flows across the parts.
    pub fn apply(&mut self, action: Action) {
        let locked = self.running();
        if let Some(edited) = self.board.notice(&action, locked) {
            return self.edited(edited);
        }
        match action {
            Action::Edit(_) | Action::Pad(_) | Action::Pencil | Action::ShowMarks(_) => {
                let edited = self.board.update(action, locked);
                self.edited(edited);
            }
            // Undo after a run that did not solve takes the run back (its digits are no
            // entries): the board is the entries again, as before Solve. A solved run's digits
            // are entries, which the board's own Undo takes back.
            Action::Undo if !locked && self.solving.run.as_ref().is_some_and(|r| !r.solved()) => {
                self.undo_run()
            }
            Action::Redo if !locked && self.can_redo_run() => self.redo_run(),
            Action::Select(_) | Action::Undo | Action::Redo => {
                let edited = self.board.update(action, locked);
                self.edited(edited);
            }
            Action::Cage(_) => {
                let (caging, kind) = (self.board.caging.is_some(), self.solving.kind);
                let edited = self.board.update(action, locked);
                self.edited(edited);
                let from = (self.solving.kind != kind).then_some(kind);
                // Into or out of cage mode: the status line says what to do there. Out of it
                // with a killer drawn, the referee looks at it as at a killer from a link, so
                // that one with several solutions is said to have them.
                if caging != self.board.caging.is_some() {
                    self.set_status(Phase::Idle, self.stands_after(from), Vec::new());
                    if caging && !self.board.sheet.cages().is_empty() {
                        self.judge(Purpose::Drawn);
                    }
                }
            }
            Action::Resize(_) | Action::Rules(_) => {
                let edited = self.board.update(action, locked);
                self.edited(edited);
            }
            Action::Choose(_) | Action::Speed(_) | Action::Limit(_) | Action::Show(_) => {
                let steered = self.solving.update(action, locked);
                self.steered(steered);
            }
            Action::RaceSettings(_) | Action::RaceGo { .. } | Action::RaceAnswers { .. } => {
                let raced = self.racing.update(action, self.clock);
                self.raced(raced);
            }
            Action::Solve { seed } => self.solve(seed),
            Action::Heard { from, answer } => self.heard(from, answer),
            Action::Stop => self.stop(),
            Action::Clear => self.clear(),
            Action::Open(link) => self.open_link(&link),
            Action::View { view } => self.switch_view(view),
            Action::Race { seed } => self.race_again(seed),
            Action::Check => self.check(),
            Action::Hint => self.ask_hint(),
            Action::Apply => self.apply_hint(),
            Action::Generate { request, seed } => self.generate(request, seed),
            Action::Scanned(scanned) => self.scanned(scanned),
        }
    }

    /// What follows an edit of the board.
    fn edited(&mut self, edited: Edited) {
        let shape = self.board.sheet.shape();
        match edited {
            Edited::Nothing => {}
            Edited::Marks => {
                // The status line that names the hint goes with it.
                if self.findings.hint.take().is_some() {
                    self.set_status(Phase::Idle, self.entries_status(), Vec::new());
                }
                self.write_address(false);
            }
            Edited::Entry(cell) => {
                self.findings.edited(cell);
                self.end_run();
                self.set_status(Phase::Idle, self.entries_status(), Vec::new());
                self.write_address(false);
            }
            Edited::Pasted => {
                let gave_way = self.replaced();
                self.loaded(self.board.sheet.entries.filled(), gave_way);
            }
            Edited::Resized { dropped } => {
                let welcome = present::welcome(shape);
                let welcome = match dropped {
                    true => present::prefixed(&present::board_resized(shape), &welcome),
                    false => welcome,
                };
                let message = present::prefixed(&self.replaced(), &welcome);
                self.set_status(Phase::Idle, message, Vec::new());
            }
            Edited::Ruled => {
                let gave_way = self.replaced();
                match self.board.sheet.puzzle().filled() {
                    0 => {
                        let message = present::prefixed(&gave_way, &present::welcome(shape));
                        self.set_status(Phase::Idle, message, Vec::new())
                    }
                    givens => self.loaded(givens, gave_way),
                }
            }
            Edited::Restored | Edited::Caged => {
                self.findings.clear();
                self.end_run();
                // The menu changes under the person's hand: the status line says why.
                let from = self.solving.fit(&self.board.sheet.entries);
                self.set_status(Phase::Idle, self.stands_after(from), Vec::new());
                self.write_address(false);
            }
        }
    }

    /// Where the board stands, after the solver given up (`from`) for the default, if any.
    fn stands_after(&self, from: Option<SolverKind>) -> String {
        present::prefixed(&self.gave_way(from), &self.entries_status())
    }

    /// The sentence naming the solver given up (`from`) for the default, if any: the menu
    /// changed under the person's hand.
    fn gave_way(&self, from: Option<SolverKind>) -> String {
        let killer = self.board.sheet.entries.is_killer();
        (from.map(|from| present::solver_gave_way(&from, &self.solving.kind, killer)))
            .unwrap_or_default()
    }

    /// What follows a change of the solver.
    fn steered(&mut self, steered: Steered) {
        if steered == Steered::Chose {
            self.write_address(false);
            // The status line pointed to the hint: with another solver in hand, the hint goes
            // and the line says where the board stands (the run shown keeps its words).
            if self.findings.hint.take().is_some() {
                self.set_status(Phase::Idle, self.entries_status(), Vec::new());
            }
        }
    }

    /// What follows new race settings.
    fn raced(&mut self, raced: Raced) {
        if let Raced::Settings { waiting } = raced {
            if waiting {
                self.show_race();
            }
            self.write_address(false);
        }
    }

    /// Clear: an empty board of the same shape.
    fn clear(&mut self) {
        self.forget_runs();
        let shape = self.board.sheet.shape();
        self.board.replace(Sheet::empty(shape));
        self.findings.clear();
        self.set_status(Phase::Idle, present::welcome(shape), Vec::new());
        self.write_address(true);
    }

    /// Back or Forward: what the link holds, raced again if it is a race.
    fn open_link(&mut self, link: &Link) {
        self.forget_runs();
        self.racing.race = None;
        self.load(link);
        if self.view == View::Race {
            self.show_race();
        }
    }

    /// Whether a solver runs (or is about to) or a puzzle is being made: the board is locked and
    /// frames come.
    pub fn running(&self) -> bool {
        self.status.busy()
    }

    /// What the page's worker should be doing now.
    pub fn task(&self) -> Option<Task<'_>> {
        if let Some(work) = self.work() {
            return Some(Task::Run(work));
        }
        let sheet = &self.board.sheet;
        if let Some(judging) = &self.judging {
            let id = judging.id;
            return Some(match judging.purpose {
                Purpose::Check => Task::Solution {
                    id,
                    puzzle: sheet.puzzle(),
                    entries: &sheet.entries,
                },
                Purpose::Hint => Task::Hint {
                    id,
                    puzzle: sheet.puzzle(),
                    entries: &sheet.entries,
                    marks: sheet.own_marks(),
                },
                Purpose::Describe { .. } | Purpose::Drawn => Task::Judge {
                    id,
                    puzzle: sheet.puzzle(),
                },
                Purpose::Solve { .. } | Purpose::Race { .. } => Task::Judge {
                    id,
                    puzzle: &sheet.entries,
                },
            });
        }
        let making = self
            .making
            .filter(|_| self.status.phase == Phase::Generating)?;
        Some(Task::Make {
            id: making.id,
            request: making.request,
            seed: making.seed,
        })
    }

    /// What the frame loop is for now: none when the worker has nothing to do for the page.
    pub fn frame_loop(&self) -> Option<TaskId> {
        self.task().map(|task| task.id())
    }

    fn set_status(&mut self, phase: Phase, message: impl Into<String>, flagged: Vec<usize>) {
        self.status.set(phase, message, flagged);
    }

    fn write_address(&mut self, push: bool) {
        let racing = &self.racing;
        let race = Settings {
            seed: (racing.race.as_ref().filter(|r| r.begun()))
                .map(|r| r.seed)
                .or(racing.settings.seed),
            ..racing.settings.clone()
        };
        let sheet = &self.board.sheet;
        self.address = Address {
            query: link::write_view(
                link::Written {
                    puzzle: sheet.puzzle(),
                    progress: sheet.user_entries().as_ref(),
                    marks: &sheet.marks_to_share(),
                },
                self.solving.kind,
                self.view,
                &race,
            ),
            push,
            keep: !sheet.is_blank(),
        };
    }

    /// Forgets the run shown (a finished one's plot stays, as the past run's), the hint shown,
    /// any verdict waited for and any puzzle being made; a frame loop still going for any of
    /// them stops.
    fn end_run(&mut self) {
        if let Some(run) = self.solving.run.take().filter(|run| !run.running()) {
            self.solving.past = Some(run);
        }
        // Check's marks on a stopped run's digits go with them.
        let entries = &self.board.sheet.entries;
        (self.findings.wrong).retain(|&cell| entries.get(cell).is_some());
        self.findings.hint = None;
        self.judging = None;
        self.making = None;
    }

    /// Forgets the run shown and the past run's plot too: the board is another puzzle.
    fn forget_runs(&mut self) {
        self.end_run();
        self.solving.past = None;
    }

    /// Replaces the whole board with `sheet` (a new puzzle, a photo), as one Undo step; says
    /// which solver gave way, as [`Page::replaced`].
    fn put_sheet(&mut self, sheet: Sheet) -> String {
        self.board.replace(sheet);
        self.replaced()
    }

    /// The board was replaced: the run shown ends, nothing found on the old board holds, the
    /// solver fits the board, and the address gets a new history entry. The sentence naming
    /// the solver given up for the board, if any, for the status line to lead with.
    fn replaced(&mut self) -> String {
        self.forget_runs();
        self.findings.clear();
        let from = self.solving.fit(&self.board.sheet.entries);
        self.write_address(true);
        self.gave_way(from)
    }

    /// Shows what `link` holds, and what the referee says of its puzzle.
    fn load(&mut self, link: &Link) {
        self.view = link.view;
        self.racing.settings = link.race.clone();
        if let Some(kind) = link.solver
            && kind != self.solving.kind
        {
            self.solving.choose(kind);
        }
        let shape = link.shape.unwrap_or(self.board.sheet.shape());
        let givens = (link.puzzle.clone()).unwrap_or_else(|| Grid::empty(shape));
        let mut sheet = Sheet::new(givens, link.progress.as_ref());
        sheet.put_marks(&link.marks);
        self.board.load(sheet);
        self.findings.clear();
        let from = self.solving.fit(&self.board.sheet.entries);
        self.link_problem = link.problem.clone().unwrap_or_default();
        let prefix = present::prefixed(&self.link_problem, &self.gave_way(from));
        // A puzzle without a given or a cage is an empty board: nothing to call loaded or to
        // judge.
        match (link.puzzle.as_ref()).filter(|grid| grid.filled() > 0 || grid.is_killer()) {
            Some(grid) => self.loaded(grid.filled(), prefix),
            None => {
                let message = present::prefixed(&prefix, &self.entries_status());
                self.set_status(Phase::Idle, message, Vec::new());
            }
        }
        match &link.as_given {
            Some(query) => {
                self.address = Address {
                    query: query.clone(),
                    push: false,
                    keep: !self.board.sheet.is_blank(),
                }
            }
            None => self.write_address(false),
        }
    }

    /// A freshly loaded puzzle: said at once, and again once the referee has looked at it.
    fn loaded(&mut self, givens: usize, prefix: String) {
        let cages = self.board.sheet.cages().len();
        let message = present::prefixed(&prefix, &present::loaded(givens, cages));
        self.set_status(Phase::Idle, message, Vec::new());
        self.judge(Purpose::Describe { givens, prefix });
    }

    /// What the status line says of the board after an edit: how far the entries have got and
    /// what to press next (the welcome on an empty board); in cage mode, what to do there.
    fn entries_status(&self) -> String {
        let sheet = &self.board.sheet;
        if self.board.caging.is_some() {
            return present::caging_status(sheet.cages().len());
        }
        let (givens, entries) = (sheet.givens.filled(), sheet.entries.filled());
        let said = present::entries_status(sheet.shape(), givens, entries, sheet.cages().len());
        // The ring on a repeated digit is said too, for whoever does not see it.
        let geometry = Geometry::of_puzzle(&sheet.entries);
        match check::clashes(&geometry, |cell| sheet.entries.get(cell)).contains(&true) {
            true => present::prefixed(present::REPEATED, &said),
            false => said,
        }
    }

    /// The status line in two parts: what was wrong with the link, while the line still leads
    /// with it (drawn as the page's other refusals are), and the rest.
    pub fn status_parts(&self) -> (&str, &str) {
        let message = self.status.message.as_str();
        match message.strip_prefix(self.link_problem.as_str()) {
            Some(rest) if !self.link_problem.is_empty() => (&self.link_problem, rest),
            _ => ("", message),
        }
    }

    /// Whether Undo, and Redo, have something to take back or bring again: Undo a run shown,
    /// Redo a stopped run Undo took off.
    pub fn can_undo_redo(&self) -> (bool, bool) {
        let (undo, redo) = self.board.can_undo_redo();
        (
            undo || self.solving.run.is_some(),
            redo || self.can_redo_run(),
        )
    }
}
