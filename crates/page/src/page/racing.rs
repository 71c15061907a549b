//! The views and the race: the race view's own state ([`Racing`]), and the page's switching of
//! views and starting a race on the entries.

use super::Page;
use super::state::{Action, Phase, Purpose};
use crate::link::View;
use crate::race::{Race, Settings};
use sudoku_engine::board::Geometry;
use sudoku_engine::check;
use sudoku_engine::referee::{Reason, Remark};
use sudoku_words as present;

/// The race view's settings and its race.
#[derive(Clone, Debug, Default)]
pub struct Racing {
    pub settings: Settings,
    /// The race shown in the race view: in progress, or the last one.
    pub race: Option<Race>,
    /// A race begun, kept while another view is shown: back on the same board it is shown
    /// again, stopped if it was going, its results kept.
    kept: Option<Race>,
}

/// What an action did to the race view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Raced {
    Nothing,
    /// New settings, for the next race; a race waiting to be started must be shown anew.
    Settings {
        waiting: bool,
    },
}

impl Racing {
    /// The race view's own actions (its settings, its start, its workers' answers), timed by
    /// `clock` (milliseconds).
    pub fn update(&mut self, action: Action, clock: fn() -> f64) -> Raced {
        match action {
            Action::RaceSettings(settings) if !self.racing() => {
                self.settings = settings;
                let waiting = self.race.as_ref().is_some_and(|r| !r.begun());
                return Raced::Settings { waiting };
            }
            Action::RaceSettings(_) => {}
            // Every worker of the race has loaded: it starts now.
            Action::RaceGo { race } => {
                if let Some(r) = self.race.as_mut().filter(|r| r.id == race) {
                    r.start_clock(clock());
                }
            }
            // What the race's workers reported since the last frame.
            Action::RaceAnswers { race, answers } => {
                let running = |r: &&mut Race| r.id == race && r.running();
                if let Some(r) = self.race.as_mut().filter(running) {
                    r.receive(answers, clock());
                }
            }
            _ => {}
        }
        Raced::Nothing
    }

    /// Whether a race is on.
    pub fn racing(&self) -> bool {
        self.race.as_ref().is_some_and(Race::running)
    }
}

impl Page {
    /// Switches to `view`; the race view shows its racers waiting for Start the race: eleven
    /// workers at full speed are not what a tap on a tab should set off on a phone.
    pub(super) fn switch_view(&mut self, view: View) {
        if view == self.view {
            return;
        }
        // A run going stops, as Stop stops it: its digits and plot wait on the board, and the
        // status line says so again there, save a solved run's on the way to a race, which
        // takes the solution off the board. A race the referee has yet to let through is off.
        self.solving.left |= self.running();
        let now = (self.clock)();
        if let Some(race) = self.racing.race.as_mut() {
            race.leave(now);
        }
        self.stop();
        if view == View::Race && self.solving.run.as_ref().is_some_and(|r| r.solved()) {
            self.end_run();
        }
        self.judging
            .take_if(|j| matches!(j.purpose, Purpose::Race { .. }));
        let begun = self.racing.race.take().filter(|r| r.begun());
        if self.view == View::Race {
            self.racing.kept = begun;
        }
        self.view = view;
        let status = &self.status;
        if view == View::Race {
            self.show_race();
        } else if self.solving.run.is_some() {
            self.describe_run();
        } else if let Some(refusal) = status.message.strip_prefix(present::NO_RACE) {
            let (message, flagged) = (refusal.to_string(), status.flagged.clone());
            self.set_status(status.phase, message, flagged);
        } else if status.phase != Phase::Invalid {
            self.set_status(Phase::Idle, self.entries_status(), Vec::new());
        }
        self.write_address(true);
    }

    /// The racers the settings ask for, waiting to be started on the entries; none when the
    /// entries break a rule on their face or the referee has refused the puzzle loaded: that
    /// is said at once, in the words Start would bring.
    pub(super) fn show_race(&mut self) {
        self.board.sheet.forget_solver();
        let board = &self.board.sheet.entries;
        if let Some(race) = self.racing.kept.take().filter(|r| *r.puzzle == *board) {
            self.racing.race = Some(race);
            return;
        }
        let (entries, settings) = (&self.board.sheet.entries, &self.racing.settings);
        // A link whose puzzle could not be read leaves an empty board: the race says why
        // rather than racing nothing.
        let unread = !self.link_problem.is_empty() && self.board.sheet.is_blank();
        let refused = match check::validate(&Geometry::of_puzzle(entries), entries) {
            _ if unread => Some((self.link_problem.clone(), Vec::new())),
            Err(e) => Some((present::refusal(&Reason::Puzzle(e.clone())), e.cells())),
            Ok(()) => self.findings.refusal.clone().map(|refusal| {
                let status = &self.status;
                let flagged = (status.phase == Phase::Invalid).then(|| status.flagged.clone());
                (refusal, flagged.unwrap_or_default())
            }),
        };
        match refused {
            Some((refusal, flagged)) => {
                self.racing.race = None;
                self.set_status(Phase::Invalid, present::no_race(&refusal), flagged);
            }
            None => self.racing.race = Some(Race::waiting(&mut self.ids, entries, settings)),
        }
    }

    /// Whether the race view shows racers not yet started.
    pub(super) fn race_waiting(&self) -> bool {
        self.view == View::Race && (self.racing.race.as_ref()).is_some_and(|r| !r.begun())
    }

    /// Start the race (or race again), with `seed` unless the settings fix one.
    pub(super) fn race_again(&mut self, seed: u64) {
        if self.view == View::Race && !self.racing.racing() {
            self.start_race(seed);
        }
    }

    /// Starts a race on the entries, once the referee lets them through.
    pub(super) fn start_race(&mut self, seed: u64) {
        self.end_run();
        self.racing.race = None;
        self.board.refusal = None;
        self.judge(Purpose::Race { seed });
        self.set_status(Phase::Idle, present::checking(), Vec::new());
    }

    /// The referee let the entries through, with `remark`: the race is on.
    pub(super) fn race_on(&mut self, seed: u64, remark: Remark) {
        let settings = &self.racing.settings;
        let (seed, now) = (settings.seed.unwrap_or(seed), (self.clock)());
        let entries = &self.board.sheet.entries;
        let race = Race::start(&mut self.ids, entries, settings, seed, now);
        self.racing.race = Some(race);
        self.set_status(Phase::Idle, present::race_on(remark), Vec::new());
        self.write_address(false);
    }
}
