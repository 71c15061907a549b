//! A puzzle read from a picture: it arrives as givens, like a paste, with the cells the reader
//! was unsure of marked; a picture with no puzzle keeps the entries and says why.

use super::state::{Action, Page, Phase, Unread};
use crate::client::Answer;
use sudoku_engine::read::Reading;
use sudoku_words as present;

impl Action {
    /// What a reader worker's answer does to the page: a reading, or its failure, is
    /// [`Action::Scanned`]; an outline only guides the camera.
    pub fn scanned(answer: Answer) -> Option<Action> {
        match answer {
            Answer::Read(read) => Some(Action::Scanned(read.map_err(Unread::Reader))),
            Answer::Broke(why) => Some(Action::Scanned(Err(Unread::Broke(why)))),
            _ => None,
        }
    }
}

impl Page {
    /// The reading of a picture, or why there is none; nothing changes while a solver runs.
    pub(super) fn scanned(&mut self, scanned: Result<Reading, Unread>) {
        if self.running() {
            return;
        }
        match scanned {
            Ok(reading) => {
                let rules = self.entries.shape().rules();
                let grid = (reading.puzzle.clone().with_rules(rules)).unwrap_or(reading.puzzle);
                self.put_entries(grid);
                self.unsure = reading.unsure;
                let note = present::read_note(self.unsure.len(), reading.corrected.len());
                self.loaded(self.entries.filled(), note);
            }
            Err(why) => {
                let message = match why {
                    Unread::Reader(error) => present::not_read(&error),
                    Unread::CameraRefused => present::no_camera(true),
                    Unread::NoCamera => present::no_camera(false),
                    Unread::NotAnImage => present::not_an_image(),
                    Unread::Broke(reason) => present::reader_failed(&reason),
                };
                self.set_status(Phase::Idle, message, Vec::new());
            }
        }
    }
}
