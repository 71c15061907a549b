//! A puzzle read from a picture: it arrives as a puzzle typed in, its digits open to correction
//! until Solve makes them givens, with the cells the reader was unsure of marked; the same puzzle
//! read again keeps those corrections; a picture with no puzzle keeps the entries and says why.

use super::Page;
use super::sheet::Sheet;
use super::state::{Action, Phase, ScanError};
use sudoku_engine::board::Grid;
use sudoku_engine::read::Reading;
use sudoku_engine::worker::Report;
use sudoku_words as present;

impl Action {
    /// What a reader worker's answer does to the page: a reading, or its failure, is
    /// [`Action::Scanned`]; an outline only guides the camera.
    pub fn scanned(report: Report) -> Option<Action> {
        match report {
            Report::Read(read) => Some(Action::Scanned(read.map_err(ScanError::Reader))),
            Report::Failed(why) => Some(Action::Scanned(Err(ScanError::Broke(why)))),
            _ => None,
        }
    }
}

impl Page {
    /// The reading of a picture, or why there is none; nothing changes while a solver runs.
    pub(super) fn scanned(&mut self, scanned: Result<Reading, ScanError>) {
        if self.running() {
            return;
        }
        match scanned {
            Ok(reading) => {
                let rules = self.board.sheet.shape().rules();
                let grid = (reading.puzzle.clone().with_rules(rules)).unwrap_or(reading.puzzle);
                // Back at the paper to Solve on it, the person's corrections must not give way
                // to the misreads they corrected.
                if self.board.sheet.read_as(&grid) {
                    return self.read_again(&grid);
                }
                let givens = grid.filled();
                // The reader misreads a digit now and then, not always where it was unsure: each
                // stays open to correction, as typed, until Solve (or Check) makes them givens.
                let gave_way = self.put_sheet(Sheet::read(grid));
                self.findings.unsure = reading.unsure;
                let unsure = self.findings.unsure.len();
                let note = present::read_note(unsure, reading.corrected.len());
                self.loaded(givens, present::prefixed(&gave_way, &note));
            }
            Err(why) => {
                let message = match why {
                    ScanError::Reader(error) => present::not_read(&error),
                    ScanError::CameraRefused => present::no_camera(true),
                    ScanError::NoCamera => present::no_camera(false),
                    ScanError::NotAnImage => present::not_an_image(),
                    ScanError::NoPicture(why) => present::reader_failed(&why),
                    ScanError::Broke(why) => present::reader_failed(&present::failure(&why)),
                };
                self.set_status(Phase::Idle, message, Vec::new());
            }
        }
    }

    /// The puzzle on the board read from a picture again: the board stays as it is. Corrected
    /// since, it is kept and said so, and the referee looks at it again.
    fn read_again(&mut self, grid: &Grid) {
        let puzzle = self.board.sheet.puzzle();
        self.findings.kept = puzzle != grid;
        if self.findings.kept {
            self.loaded(puzzle.filled(), present::read_kept());
        }
    }
}
