//! The user's entries and every edit to them: typing, pasting, the digit pad, a new size or
//! new rules.

use super::state::{Edit, JustEntered, Page, Phase, Refusal, Sheet};
use std::rc::Rc;
use sudoku_engine::board::{Grid, Rules, Shape, digit_char, is_layout, read_cell};
use sudoku_words::{self as present, welcome};

/// Where an entry came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    Keyboard,
    Paste,
    Pad,
}

impl Page {
    pub(super) fn edit(&mut self, edit: Edit) {
        match edit {
            Edit::Typed { cell, text } => self.enter(cell, &text, Origin::Keyboard),
            Edit::Backspace { cell } => {
                // Back over a given without a word: it stays, and the focus moves on.
                if !self.given(cell) {
                    self.enter(cell, "", Origin::Keyboard);
                }
                if !self.running() && self.refusal.is_none() {
                    let cells = self.entries.shape().cells();
                    self.move_focus((cell + cells - 1) % cells);
                }
            }
            Edit::Pasted { cell, text } => self.enter(cell, &text, Origin::Paste),
        }
    }

    /// Selects `cell` and gives it the keyboard focus, so that one cell looks selected and the
    /// pad writes where the focus ring is; numbered so that asking twice for one cell is seen.
    fn move_focus(&mut self, cell: usize) {
        self.selected = Some(cell);
        let serial = self.focus.map_or(0, |(n, _)| n + 1);
        self.focus = Some((serial, cell));
    }

    /// Takes what was entered into `cell`, or refuses it.
    fn enter(&mut self, cell: usize, text: &str, origin: Origin) {
        let shape = self.entries.shape();
        if self.running() || cell >= shape.cells() {
            return;
        }
        if text.chars().filter(|&c| !is_layout(c)).count() > 1 {
            return self.paste(cell, text, origin);
        }
        match read_cell(shape, text) {
            Err(e) => self.refuse(Some(cell), present::typed_refused(shape.pos(cell), &e)),
            Ok(Some(digit)) if self.pencil => self.toggle_mark(cell, digit),
            Ok(None) if self.pencil && self.erase_marks(cell) => self.refusal = None,
            Ok(digit) if self.given(cell) && digit != self.entries.get(cell) => {
                self.refuse(Some(cell), present::given_fixed(shape.pos(cell)))
            }
            Ok(digit) => {
                if self.entries.get(cell) != digit {
                    self.remember();
                }
                self.entries.set(cell, digit);
                self.unsure.retain(|&c| c != cell);
                self.wrong.retain(|&c| c != cell);
                self.refusal = None;
                self.end_run();
                self.set_status(Phase::Idle, self.entries_status(), Vec::new());
                // After a digit, on to the next empty cell, from the pad as from the keyboard. A
                // blank typed (`.`, `0`, Space) moves on one cell, as a puzzle's line is typed.
                if let (Some(_), Some(next)) = (digit, next_empty(&self.entries, cell)) {
                    self.move_focus(next);
                    self.just_entered = (!self.given(cell)).then_some(JustEntered {
                        cell,
                        next,
                        arrived: false,
                    });
                } else if digit.is_none() && !text.is_empty() && origin == Origin::Keyboard {
                    self.move_focus((cell + 1) % shape.cells());
                }
                self.write_address(false);
            }
        }
    }

    /// More than one character entered into `cell`: a whole puzzle, or a refusal.
    fn paste(&mut self, cell: usize, text: &str, origin: Origin) {
        let shape = self.entries.shape();
        // A paste whose length names another board (256 characters: 16×16) opens that board,
        // under the same rules where they fit it. The length decides before the characters do:
        // a 16×16 puzzle's letters are no digits of this board.
        let cells = text.chars().filter(|&c| !is_layout(c)).count();
        let board = match Shape::playable(cells) {
            Some(other) if cells != shape.cells() => {
                other.with_rules(shape.rules()).unwrap_or(other)
            }
            _ => shape,
        };
        let pasted = Grid::parse_shaped(board, text);
        match pasted {
            Ok(grid) => {
                self.put_entries(grid);
                self.loaded(self.entries.filled(), String::new());
            }
            Err(e) => {
                let reason = match origin {
                    Origin::Paste => present::paste_refused(&e),
                    _ => present::one_digit_a_cell(),
                };
                self.refuse(Some(cell), reason);
            }
        }
    }

    /// A digit-pad key (`None`: Erase) for the selected cell.
    pub(super) fn pad(&mut self, digit: Option<u8>) {
        match self.selected {
            Some(cell) => {
                let text = digit.map(|d| digit_char(d).to_string()).unwrap_or_default();
                self.enter(cell, &text, Origin::Pad);
            }
            None if !self.running() => self.refuse(None, present::tap_a_cell_first()),
            None => {}
        }
    }

    /// Erase right after a digit went into `cell`: the digit goes, as Backspace takes it on a
    /// keyboard, and the selection comes back to the cell.
    pub(super) fn take_back(&mut self, cell: usize) {
        self.enter(cell, "", Origin::Pad);
        if !self.running() {
            self.move_focus(cell);
        }
    }

    /// The cell the pad writes to.
    pub(super) fn select(&mut self, cell: usize) {
        if cell < self.entries.shape().cells() {
            self.selected = Some(cell);
        }
    }

    /// A new, empty board of `shape`.
    pub(super) fn resize(&mut self, shape: Shape) {
        if !self.running() && shape != self.entries.shape() {
            self.put_entries(Grid::empty(shape));
            self.selected = None;
            self.set_status(Phase::Idle, welcome(shape), Vec::new());
        }
    }

    /// The same entries under `rules`, where they fit the board.
    pub(super) fn set_rules(&mut self, rules: Rules) {
        if self.running() || rules == self.entries.shape().rules() {
            return;
        }
        let givens = self.givens.clone().with_rules(rules);
        match (givens, self.entries.clone().with_rules(rules)) {
            (Some(givens), Some(entries)) => {
                self.put_sheet(givens, Some(&entries));
                match self.puzzle().filled() {
                    0 => self.set_status(Phase::Idle, welcome(self.entries.shape()), Vec::new()),
                    givens => self.loaded(givens, String::new()),
                }
            }
            _ => self.refuse(None, present::windoku_needs_square_boxes()),
        }
    }

    /// Replaces the whole board with a puzzle of givens (a paste, a new size, a new puzzle, a
    /// photo): see [`Page::put_sheet`].
    pub(super) fn put_entries(&mut self, grid: Grid) {
        self.put_sheet(grid, None);
    }

    /// Replaces the whole board with `givens` and `progress` over them: the run shown ends,
    /// the solver fits the board, and the address gets a new history entry.
    pub(super) fn put_sheet(&mut self, givens: Grid, progress: Option<&Grid>) {
        self.end_run();
        self.remember();
        self.set_sheet(givens, progress);
        self.unsure.clear();
        self.refusal = None;
        self.fit_solver();
        self.write_address(true);
    }
}

/// How many changes Undo can take back.
const UNDO_DEPTH: usize = 500;

impl Page {
    /// Keeps the entries as they are, for Undo, before a change; what was undone is forgotten.
    pub(super) fn remember(&mut self) {
        self.shown_hint = None;
        let sheet = self.sheet();
        let history = Rc::make_mut(&mut self.history);
        history.undo.push(sheet);
        if history.undo.len() > UNDO_DEPTH {
            history.undo.remove(0);
        }
        history.redo.clear();
    }

    /// Undo (`back`) or Redo: the entries before the last change, or before the last Undo,
    /// while nothing runs.
    pub(super) fn travel(&mut self, back: bool) {
        if self.running() {
            return;
        }
        let now = self.sheet();
        let history = Rc::make_mut(&mut self.history);
        let (from, to) = match back {
            true => (&mut history.undo, &mut history.redo),
            false => (&mut history.redo, &mut history.undo),
        };
        if let Some(sheet) = from.pop() {
            if sheet.entries.shape() != self.entries.shape() {
                self.selected = None;
            }
            to.push(now);
            self.shown_hint = None;
            Sheet {
                givens: self.givens,
                entries: self.entries,
                marks: self.marks,
            } = sheet;
            self.wrong.clear();
            self.restored();
        }
    }

    /// Refuses an edit of `cell` (or of the pad, with none) for `reason`.
    pub(super) fn refuse(&mut self, cell: Option<usize>, reason: String) {
        self.refusal = Some(Refusal { cell, reason });
    }

    /// Whether Undo, and Redo, have something to take back or bring again.
    pub fn can_undo_redo(&self) -> (bool, bool) {
        (!self.history.undo.is_empty(), !self.history.redo.is_empty())
    }

    /// Entries brought back by Undo or Redo: the run shown ends and the page says what to do.
    fn restored(&mut self) {
        self.end_run();
        self.unsure.clear();
        self.refusal = None;
        self.fit_solver();
        self.set_status(Phase::Idle, self.entries_status(), Vec::new());
        self.write_address(false);
    }

    /// What the status line says of the board after an edit: how far the entries have got and
    /// what to press next (the welcome on an empty board).
    pub(super) fn entries_status(&self) -> String {
        let shape = self.entries.shape();
        present::entries_status(shape, self.givens.filled(), self.entries.filled())
    }
}

/// The first empty cell after `cell`, in reading order, wrapping around.
fn next_empty(grid: &Grid, cell: usize) -> Option<usize> {
    let cells = grid.shape().cells();
    (1..cells)
        .map(|k| (cell + k) % cells)
        .find(|&c| grid.get(c).is_none())
}
