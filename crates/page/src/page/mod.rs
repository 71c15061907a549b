//! The page's whole state and every way it changes, as one reducer: starting, stopping, clearing,
//! opening a link, Back/Forward, editing and every animation frame go through [`Page::apply`],
//! which hands each action to one method. It is plain Rust: the Yew layer wraps it, draws what
//! the view models of [`view`] say, and carries out the side effects it asks for (the address
//! bar, the keyboard focus, the frame loop keyed by [`Page::frame_loop`]).
//!
//! The state is here; the entries and their edits in [`entries`], the referee's verdicts in
//! [`judging`], the run and the puzzle being made in [`solving`], the race in [`racing`], what
//! the screen draws in [`view`]. The page's long jobs (the referee, runs, New puzzle) are
//! [`Task`]s its worker carries out; their answers come back as [`Action::Heard`].

mod entries;
mod hinting;
mod judging;
mod marking;
mod racing;
mod reading;
mod solving;
mod state;
pub mod view;

use crate::client::Task;
use crate::link::{self, Link, View};
use crate::race::Settings;
use crate::run::{Ids, TaskId};
use state::{JustEntered, Then};
use std::rc::Rc;
use sudoku_engine::board::{Grid, Shape};
use sudoku_engine::referee::Remark;
use sudoku_engine::registry::SolverKind;
use sudoku_words as present;

pub use hinting::{HintCell, HintRole};
pub use state::{Action, Address, Edit, Layer, Page, Phase, Refusal, Speed, Unread};
pub use view::{
    CellView, Dot, LARGE_MARKS_DRAWN, MarkDrawing, Regions, Source, Spins, mark_drawing,
};

/// A run's time limit until the user picks another: at the default speed the tuned annealer
/// solves the hardest 9×9 puzzles well within it.
pub const RUN_LIMIT: u32 = 60;

impl Page {
    /// The page as opened with `link`, timed by `clock` (milliseconds).
    pub fn open(link: &Link, clock: fn() -> f64) -> Page {
        let kind = link.solver.unwrap_or_default();
        let mut page = Page {
            givens: Grid::empty(Shape::CLASSIC),
            entries: Grid::empty(Shape::CLASSIC),
            marks: vec![None; Shape::CLASSIC.cells()],
            show_marks: false,
            pencil: false,
            wrong: Vec::new(),
            shown_hint: None,
            kind,
            speed: Speed::Watch,
            limit_s: RUN_LIMIT,
            layer: Layer::Digits,
            phase: Phase::Idle,
            message: String::new(),
            flagged: Vec::new(),
            unsure: Vec::new(),
            refusal: None,
            selected: None,
            address: Address {
                query: String::new(),
                push: false,
            },
            focus: None,
            just_entered: None,
            run: None,
            remark: Remark::default(),
            view: View::Solve,
            race_settings: Settings::default(),
            race: None,
            ids: Ids::default(),
            history: Rc::default(),
            judging: None,
            making: None,
            clock,
        };
        page.load(link);
        if page.view == View::Race {
            page.show_race();
        }
        page
    }

    /// The state after `action`.
    pub fn apply(&mut self, action: Action) {
        // "Right after a digit" lasts until the next action, save the worker's answers and the
        // focus arriving where the digit moved it.
        let just_entered = self.just_entered.take();
        match &action {
            Action::Heard { .. } => self.just_entered = just_entered,
            Action::Select(cell) => {
                self.just_entered = just_entered
                    .filter(|j| j.next == *cell && !j.arrived)
                    .map(|j| JustEntered { arrived: true, ..j });
            }
            Action::Pad(None) if !self.pencil => {
                if let Some(slip) = just_entered {
                    return self.take_back(slip.cell);
                }
            }
            _ => {}
        }
        match action {
            Action::Solve { seed } => self.solve(seed),
            Action::Heard { from, answer } => self.heard(from, answer),
            Action::Stop => self.stop(),
            Action::Clear => self.clear(),
            Action::Undo => self.travel(true),
            Action::Redo => self.travel(false),
            Action::Open(link) => self.open_link(&link),
            Action::View { view } => self.switch_view(view),
            Action::Race { seed } => self.race_again(seed),
            Action::RaceSettings(settings) => self.set_race(settings),
            Action::RaceGo { race } => self.race_go(race),
            Action::RaceAnswers { race, answers } => self.race_answers(race, answers),
            Action::Edit(edit) => self.edit(edit),
            Action::Pad(digit) => self.pad(digit),
            Action::Pencil => self.pencil = !self.pencil,
            Action::ShowMarks(on) => self.show_marks = on,
            Action::Check => self.check(),
            Action::Hint => self.ask_hint(),
            Action::Apply => self.apply_hint(),
            Action::Select(cell) => self.select(cell),
            Action::Choose(kind) => self.choose_solver(kind),
            Action::Speed(speed) => self.set_speed(speed),
            Action::Limit(seconds) => self.limit_s = seconds,
            Action::Show(layer) => self.layer = layer,
            Action::Resize(shape) => self.resize(shape),
            Action::Rules(rules) => self.set_rules(rules),
            Action::Generate { request, seed } => self.generate(request, seed),
            Action::Scanned(scanned) => self.scanned(scanned),
        }
    }

    /// Clear: an empty board of the same shape.
    fn clear(&mut self) {
        self.end_run();
        self.remember();
        self.set_sheet(Grid::empty(self.entries.shape()), None);
        self.unsure.clear();
        self.set_status(
            Phase::Idle,
            present::welcome(self.entries.shape()),
            Vec::new(),
        );
        self.refusal = None;
        self.write_address(true);
    }

    /// Back or Forward: what the link holds, raced again if it is a race.
    fn open_link(&mut self, link: &Link) {
        self.end_run();
        self.race = None;
        self.load(link);
        if self.view == View::Race {
            self.show_race();
        }
    }

    /// Another solver, with its own speed, while nothing runs.
    fn choose_solver(&mut self, kind: SolverKind) {
        if !self.running() && kind != self.kind {
            self.choose(kind);
            self.write_address(false);
            // The last run's status and figures were the other solver's: they go with it.
            if self.run.take().is_some() {
                self.set_status(Phase::Idle, self.entries_status(), Vec::new());
            }
        }
    }

    /// Whether a solver runs (or is about to) or a puzzle is being made: the board is locked and
    /// frames come.
    pub fn running(&self) -> bool {
        matches!(
            self.phase,
            Phase::Checking | Phase::Running | Phase::Generating
        )
    }

    /// What the page's worker should be doing now.
    pub fn task(&self) -> Option<Task<'_>> {
        if let Some(work) = self.work() {
            return Some(Task::Run(work));
        }
        if let Some(judging) = &self.judging {
            let id = judging.id;
            return Some(match judging.then {
                Then::Check => Task::Solution {
                    id,
                    puzzle: self.puzzle(),
                },
                Then::Hint => Task::Hint {
                    id,
                    puzzle: self.puzzle(),
                    entries: &self.entries,
                    marks: self.own_marks(),
                },
                Then::Describe { .. } => Task::Judge {
                    id,
                    puzzle: self.puzzle(),
                },
                Then::Solve { .. } | Then::Race { .. } => Task::Judge {
                    id,
                    puzzle: &self.entries,
                },
            });
        }
        let making = self.making.filter(|_| self.phase == Phase::Generating)?;
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

    /// Switches to the default solver if the chosen one does not handle the board.
    fn fit_solver(&mut self) {
        if !(self.kind.supports)(self.entries.shape()) {
            self.choose(SolverKind::default());
        }
    }

    fn set_status(&mut self, phase: Phase, message: impl Into<String>, flagged: Vec<usize>) {
        self.phase = phase;
        self.message = message.into();
        self.flagged = flagged;
    }

    fn choose(&mut self, kind: SolverKind) {
        self.kind = kind;
        self.speed = Speed::Watch;
    }

    fn write_address(&mut self, push: bool) {
        let race = Settings {
            seed: (self.race.as_ref().filter(|r| r.begun()))
                .map(|r| r.seed)
                .or(self.race_settings.seed),
            ..self.race_settings.clone()
        };
        self.address = Address {
            query: link::write_view(
                link::Written {
                    puzzle: self.puzzle(),
                    progress: self.user_entries().as_ref(),
                    marks: &self.marks_to_share(),
                },
                self.kind,
                self.view,
                &race,
            ),
            push,
        };
    }

    /// Forgets the run shown, the hint shown, any verdict waited for and any puzzle being made;
    /// a frame loop still going for any of them stops.
    fn end_run(&mut self) {
        self.run = None;
        self.shown_hint = None;
        self.judging = None;
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
        let givens = (link.puzzle.clone()).unwrap_or_else(|| Grid::empty(shape));
        self.set_sheet(givens, link.progress.as_ref());
        for &(cell, marks) in &link.marks {
            if let Some(slot) = self.marks.get_mut(cell) {
                *slot = Some(marks);
            }
        }
        self.unsure.clear();
        self.refusal = None;
        self.fit_solver();
        let prefix = link.problem.clone().unwrap_or_default();
        // A puzzle without a given is an empty board: nothing to call loaded or to judge.
        match link.puzzle.as_ref().filter(|grid| grid.filled() > 0) {
            Some(grid) => self.loaded(grid.filled(), prefix),
            None => {
                let message = present::prefixed(&prefix, &self.entries_status());
                self.set_status(Phase::Idle, message, Vec::new());
            }
        }
        self.write_address(false);
    }

    /// A freshly loaded puzzle: said at once, and again once the referee has looked at it.
    fn loaded(&mut self, givens: usize, prefix: String) {
        let message = present::prefixed(&prefix, &present::loaded(givens));
        self.set_status(Phase::Idle, message, Vec::new());
        self.judge(Then::Describe { givens, prefix });
    }
}
