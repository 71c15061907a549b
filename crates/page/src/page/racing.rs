//! The views and the race: switching views, starting a race on the entries, its settings and
//! its workers' answers.

use super::state::{Page, Phase, Then};
use crate::client::Answer;
use crate::link::View;
use crate::race::{Race, RaceId, Settings};
use sudoku_engine::referee::Remark;
use sudoku_words as present;

impl Page {
    /// Switches to `view`; the race view shows its racers waiting for Start the race: eleven
    /// workers at full speed are not what a tap on a tab should set off on a phone.
    pub(super) fn switch_view(&mut self, view: View) {
        if view == self.view {
            return;
        }
        self.stop();
        self.end_run();
        self.race = None;
        self.view = view;
        if view == View::Race {
            self.show_race();
        } else if self.phase != Phase::Invalid {
            let message = present::welcome(self.entries.shape());
            self.set_status(Phase::Idle, message, Vec::new());
        }
        self.write_address(true);
    }

    /// The racers the settings ask for, waiting to be started on the entries.
    pub(super) fn show_race(&mut self) {
        let race = Race::waiting(&mut self.ids, &self.entries, &self.race_settings);
        self.race = Some(race);
    }

    /// Start the race (or race again), with `seed` unless the settings fix one.
    pub(super) fn race_again(&mut self, seed: u64) {
        if self.view == View::Race && !self.racing() {
            self.start_race(seed);
        }
    }

    /// New race settings, for the next race.
    pub(super) fn set_race(&mut self, settings: Settings) {
        if !self.racing() {
            self.race_settings = settings;
            if self.race.as_ref().is_some_and(|r| !r.begun()) {
                self.show_race();
            }
            self.write_address(false);
        }
    }

    /// Every worker of race `race` has loaded: it starts now.
    pub(super) fn race_go(&mut self, race: RaceId) {
        let now = (self.clock)();
        if let Some(r) = self.race.as_mut().filter(|r| r.id == race) {
            r.start_clock(now);
        }
    }

    /// What race `race`'s workers reported since the last frame.
    pub(super) fn race_answers(&mut self, race: RaceId, answers: Vec<(usize, Answer)>) {
        let now = (self.clock)();
        if let Some(r) = self.race.as_mut().filter(|r| r.id == race && r.running()) {
            r.take_all(answers, now);
        }
    }

    /// Whether a race is on.
    pub fn racing(&self) -> bool {
        self.race.as_ref().is_some_and(Race::running)
    }

    /// Starts a race on the entries, once the referee lets them through.
    pub(super) fn start_race(&mut self, seed: u64) {
        self.end_run();
        self.race = None;
        self.refusal = None;
        self.judge(Then::Race { seed });
        self.set_status(Phase::Idle, present::checking(), Vec::new());
    }

    /// The referee let the entries through, with `remark`: the race is on.
    pub(super) fn race_on(&mut self, seed: u64, remark: Remark) {
        let seed = self.race_settings.seed.unwrap_or(seed);
        let now = (self.clock)();
        self.race = Some(Race::start(
            &mut self.ids,
            &self.entries,
            &self.race_settings,
            seed,
            now,
        ));
        self.set_status(Phase::Idle, present::race_on(remark), Vec::new());
        self.write_address(false);
    }
}
