//! The board being edited: the sheet and its Undo history, the selected cell and the keyboard
//! focus, pencil mode, and the edit refused last. It takes the user's edits (typing, pasting,
//! the digit pad, marks, Undo and Redo, a new size or new rules) and says what changed as an
//! [`Edited`]; what that does to the rest of the page ([`Page::apply`](super::Page::apply))
//! is not its business.

use super::sheet::Sheet;
use super::state::{Action, CageDraft, Edit, Refusal};
use std::rc::Rc;
use sudoku_engine::board::{Digit, DigitSet, Grid, Rules, Shape, digit_char, is_layout, read_cell};
use sudoku_engine::hint::{Marks, Step};
use sudoku_words as present;

/// How many changes Undo can take back.
const UNDO_DEPTH: usize = 500;

/// Where an entry came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    Keyboard,
    Paste,
    Pad,
}

/// A digit entered into `cell` that moved the selection on to `next`. The pad's Erase right
/// after it means "take that back", not "erase the empty cell the selection moved to".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct JustEntered {
    cell: usize,
    next: usize,
    /// The focus has arrived at `next` (its input reports that as a selection of `next`).
    arrived: bool,
}

/// The sheets before each change, for Undo, and those undone since, for Redo.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct EditHistory {
    undo: Vec<Sheet>,
    redo: Vec<Sheet>,
}

/// What an edit changed on the sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edited {
    /// Nothing on the sheet (the selection, pencil mode or the refusal may have changed).
    Nothing,
    /// The user's marks.
    Marks,
    /// The digit in this cell was entered or erased.
    Entry(usize),
    /// A whole puzzle was pasted over the board.
    Pasted,
    /// Undo or Redo brought back another sheet.
    Restored,
    /// A new, empty board of another shape, in place of one that held something (`dropped`).
    Resized { dropped: bool },
    /// The same entries under other rules.
    Ruled,
    /// A killer cage was added, changed or removed.
    Caged,
}

/// The board being edited.
#[derive(Clone, Debug)]
pub struct Board {
    pub sheet: Sheet,
    /// Earlier sheets, shared between the copies of the page the reducer makes until an edit.
    history: Rc<EditHistory>,
    pub selected: Option<usize>,
    /// A cell to give the keyboard focus, numbered so that asking twice for one cell is seen.
    pub focus: Option<(u64, usize)>,
    /// The digit just entered, while nothing else has happened since: Erase takes it back.
    just_entered: Option<JustEntered>,
    /// Pencil mode: a digit typed or tapped toggles that mark in the selected cell.
    pub pencil: bool,
    /// Whether open cells show pencil marks.
    pub show_marks: bool,
    pub refusal: Option<Refusal>,
    /// Cage mode, with the cage being drawn.
    pub caging: Option<CageDraft>,
}

impl Board {
    /// An empty classic board.
    pub fn new() -> Board {
        Board {
            sheet: Sheet::empty(Shape::CLASSIC),
            history: Rc::default(),
            selected: None,
            focus: None,
            just_entered: None,
            pencil: false,
            show_marks: false,
            refusal: None,
            caging: None,
        }
    }

    /// Sees every action first: "right after a digit" lasts until the next action, save the
    /// worker's answers and the focus arriving where the digit moved it; the pad's Erase, or
    /// Backspace where the digit moved the focus, right after a digit takes it back, and what
    /// that changed is the answer.
    pub fn notice(&mut self, action: &Action, locked: bool) -> Option<Edited> {
        let just_entered = self.just_entered.take();
        let taking_back = !self.pencil && self.caging.is_none();
        match *action {
            Action::Heard { .. } => self.just_entered = just_entered,
            Action::Select(cell) => {
                self.just_entered = just_entered
                    .filter(|j| j.next == cell && !j.arrived)
                    .map(|j| JustEntered { arrived: true, ..j });
            }
            Action::Pad(None) if taking_back => {
                return just_entered.map(|slip| self.take_back(slip.cell, locked));
            }
            // The key a person presses for the slip they just typed: the focus has moved on, so
            // the Backspace reaches the next cell, but it is meant for the digit.
            Action::Edit(Edit::Backspace { cell }) if taking_back => {
                let slip = just_entered.filter(|j| j.next == cell)?;
                return Some(self.take_back(slip.cell, locked));
            }
            _ => {}
        }
        None
    }

    /// The board's own actions (edits, the pad, pencil mode, marks shown, the selection, Undo
    /// and Redo, a new size or new rules); `locked` while a solver runs or a puzzle is being
    /// made. What changed on the sheet.
    pub fn update(&mut self, action: Action, locked: bool) -> Edited {
        match action {
            Action::Edit(edit) if !locked && self.cage_key(&edit) => Edited::Nothing,
            Action::Edit(edit) => self.edit(&edit, locked),
            Action::Pad(digit) if !locked && self.caging.is_some() => {
                let text = digit.map(|d| d.to_string());
                let cell = self.selected.unwrap_or_default();
                self.cage_key(&match text {
                    Some(text) => Edit::Typed { cell, text },
                    None => Edit::Backspace { cell },
                });
                Edited::Nothing
            }
            Action::Pad(digit) => self.pad(digit, locked),
            Action::Cage(edit) => self.cage(edit, locked),
            Action::Pencil => {
                self.pencil = !self.pencil;
                Edited::Nothing
            }
            Action::ShowMarks(on) => {
                self.show_marks = on;
                Edited::Nothing
            }
            Action::Select(cell) => {
                if cell < self.sheet.shape().cells() {
                    self.selected = Some(cell);
                }
                Edited::Nothing
            }
            Action::Undo if !locked => self.travel(true),
            Action::Redo if !locked => self.travel(false),
            Action::Undo | Action::Redo => Edited::Nothing,
            Action::Resize(shape) => self.resize(shape, locked),
            Action::Rules(rules) => self.set_rules(rules, locked),
            _ => Edited::Nothing,
        }
    }

    fn edit(&mut self, edit: &Edit, locked: bool) -> Edited {
        match edit {
            Edit::Typed { cell, text } => self.enter(*cell, text, Origin::Keyboard, locked),
            Edit::Backspace { cell } => {
                // Back over a given without a word: it stays, and the focus moves on.
                let edited = match self.sheet.given(*cell) {
                    true => Edited::Nothing,
                    false => self.enter(*cell, "", Origin::Keyboard, locked),
                };
                if !locked && self.refusal.is_none() {
                    let cells = self.sheet.shape().cells();
                    self.move_focus((cell + cells - 1) % cells);
                }
                edited
            }
            Edit::Pasted { cell, text } => self.enter(*cell, text, Origin::Paste, locked),
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
    fn enter(&mut self, cell: usize, text: &str, origin: Origin, locked: bool) -> Edited {
        let shape = self.sheet.shape();
        if locked || cell >= shape.cells() {
            return Edited::Nothing;
        }
        if text.chars().filter(|&c| !is_layout(c)).count() > 1 {
            return self.paste(cell, text, origin);
        }
        let pos = shape.pos(cell);
        match read_cell(shape, text) {
            Err(e) => self.refuse(Some(cell), present::typed_refused(pos, &e)),
            Ok(Some(digit)) if self.pencil => self.toggle_mark(cell, digit),
            Ok(None) if self.pencil && self.erase_marks(cell) => {
                self.refusal = None;
                Edited::Marks
            }
            Ok(digit) if self.sheet.given(cell) && digit != self.sheet.entries.get(cell) => {
                self.refuse(Some(cell), present::given_fixed(pos))
            }
            Ok(digit) => {
                self.put_digit(cell, digit, text, origin);
                Edited::Entry(cell)
            }
        }
    }

    /// `digit` (or none) goes into `cell`, typed as `text`, and the focus moves on.
    fn put_digit(&mut self, cell: usize, digit: Option<u8>, text: &str, origin: Origin) {
        if self.sheet.entries.get(cell) != digit || self.sheet.solver[cell] {
            self.remember();
        }
        self.sheet.entries.set(cell, digit);
        self.sheet.solver[cell] = false;
        self.refusal = None;
        // After a digit, on to the next empty cell, from the pad as from the keyboard. A blank
        // typed (`.`, `0`, Space) moves on one cell, as a puzzle's line is typed.
        if let (Some(_), Some(next)) = (digit, self.sheet.next_empty(cell)) {
            self.move_focus(next);
            self.just_entered = (!self.sheet.given(cell)).then_some(JustEntered {
                cell,
                next,
                arrived: false,
            });
        } else if digit.is_none() && !text.is_empty() && origin == Origin::Keyboard {
            self.move_focus((cell + 1) % self.sheet.shape().cells());
        }
    }

    /// More than one character entered into `cell`: a whole puzzle, or a refusal.
    fn paste(&mut self, cell: usize, text: &str, origin: Origin) -> Edited {
        let shape = self.sheet.shape();
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
        match Grid::parse_shaped(board, text) {
            Ok(grid) => {
                self.replace(Sheet::new(grid, None));
                Edited::Pasted
            }
            Err(e) => {
                let reason = match origin {
                    Origin::Paste => present::paste_refused(&e),
                    _ => present::one_digit_a_cell(),
                };
                self.refuse(Some(cell), reason)
            }
        }
    }

    /// A digit-pad key (`None`: Erase) for the selected cell.
    fn pad(&mut self, digit: Option<u8>, locked: bool) -> Edited {
        match self.selected {
            Some(cell) => {
                let text = digit.map(|d| digit_char(d).to_string()).unwrap_or_default();
                self.enter(cell, &text, Origin::Pad, locked)
            }
            None if !locked => self.refuse(None, present::tap_a_cell_first()),
            None => Edited::Nothing,
        }
    }

    /// Erase right after a digit went into `cell`: the digit goes, as Backspace takes it on a
    /// keyboard, and the selection comes back to the cell.
    fn take_back(&mut self, cell: usize, locked: bool) -> Edited {
        let edited = self.enter(cell, "", Origin::Pad, locked);
        if !locked {
            self.move_focus(cell);
        }
        edited
    }

    /// A new, empty board of `shape`.
    fn resize(&mut self, shape: Shape, locked: bool) -> Edited {
        if locked || shape == self.sheet.shape() {
            return Edited::Nothing;
        }
        let dropped = !self.sheet.is_blank();
        self.replace(Sheet::empty(shape));
        self.selected = None;
        Edited::Resized { dropped }
    }

    /// The same entries under `rules`, where they fit the board.
    fn set_rules(&mut self, rules: Rules, locked: bool) -> Edited {
        if locked || rules == self.sheet.shape().rules() {
            return Edited::Nothing;
        }
        match self.sheet.with_rules(rules) {
            Some((givens, entries)) => {
                self.replace(Sheet::new(givens, Some(&entries)));
                Edited::Ruled
            }
            None => self.refuse(None, present::windoku_needs_square_boxes()),
        }
    }

    /// Toggles the mark `digit` in the open `cell`, starting from the marks it shows.
    fn toggle_mark(&mut self, cell: usize, digit: u8) -> Edited {
        let Some(d) = Digit::new(digit) else {
            return Edited::Nothing;
        };
        if self.sheet.entries.get(cell).is_some() {
            let pos = self.sheet.shape().pos(cell);
            return self.refuse(Some(cell), present::marks_need_an_open_cell(pos));
        }
        let marks = self.sheet.toggled(cell, d, self.show_marks);
        self.remember();
        self.sheet.marks[cell] = Some(marks);
        self.refusal = None;
        Edited::Marks
    }

    /// Erase in pencil mode: the user's marks in `cell` go, and the cell shows its candidates
    /// again. Whether there were any.
    fn erase_marks(&mut self, cell: usize) -> bool {
        if self.sheet.entries.get(cell).is_some() || self.sheet.marks[cell].is_none() {
            return false;
        }
        self.remember();
        self.sheet.marks[cell] = None;
        true
    }

    /// Refuses an edit of `cell` (or of the pad, with none) for `reason`.
    pub(super) fn refuse(&mut self, cell: Option<usize>, reason: String) -> Edited {
        self.refusal = Some(Refusal { cell, reason });
        Edited::Nothing
    }
}

impl Board {
    /// Keeps the sheet as it is, for Undo, before a change; what was undone is forgotten.
    fn remember(&mut self) {
        let sheet = self.sheet.clone();
        let history = Rc::make_mut(&mut self.history);
        history.undo.push(sheet);
        if history.undo.len() > UNDO_DEPTH {
            history.undo.remove(0);
        }
        history.redo.clear();
    }

    /// Undo (`back`) or Redo: the sheet before the last change, or before the last Undo.
    fn travel(&mut self, back: bool) -> Edited {
        let history = Rc::make_mut(&mut self.history);
        let (from, to) = match back {
            true => (&mut history.undo, &mut history.redo),
            false => (&mut history.redo, &mut history.undo),
        };
        let Some(sheet) = from.pop() else {
            return Edited::Nothing;
        };
        if sheet.shape() != self.sheet.shape() {
            self.selected = None;
        }
        to.push(std::mem::replace(&mut self.sheet, sheet));
        self.refusal = None;
        Edited::Restored
    }

    /// Drops what Redo would bring back.
    pub fn forget_redo(&mut self) {
        if !self.history.redo.is_empty() {
            Rc::make_mut(&mut self.history).redo.clear();
        }
    }

    /// Whether Undo, and Redo, have something to take back or bring again.
    pub fn can_undo_redo(&self) -> (bool, bool) {
        (!self.history.undo.is_empty(), !self.history.redo.is_empty())
    }

    /// Replaces the whole board with `sheet`, as one Undo step.
    pub fn replace(&mut self, sheet: Sheet) {
        self.remember();
        self.sheet = sheet;
        self.refusal = None;
    }

    /// Shows `sheet` (from a link), with no Undo step.
    pub fn load(&mut self, sheet: Sheet) {
        self.sheet = sheet;
        self.refusal = None;
    }

    /// Before Check or Hint: the digits typed on a board without givens become its givens, so
    /// that the solution is theirs (a solved run's digits are not typed: they stay the
    /// solver's). How many there were (`None` when the puzzle had givens). No Undo step: a
    /// typed puzzle's digits are drawn as givens already, so Undo would change nothing seen.
    pub fn fix_typed(&mut self) -> Option<usize> {
        self.refusal = None;
        if !self.sheet.typed() {
            return None;
        }
        let mut typed = self.sheet.entries.clone();
        for cell in (0..self.sheet.solver.len()).filter(|&c| self.sheet.solver[c]) {
            typed.set(cell, None);
        }
        let count = typed.filled();
        if count > 0 {
            self.sheet.givens = typed;
        }
        Some(count)
    }

    /// The position a hint works on: the entries with the user's own marks.
    pub fn position(&self) -> Marks {
        let mut own = vec![DigitSet::EMPTY; self.sheet.shape().cells()];
        for (cell, marks) in self.sheet.own_marks() {
            own[cell] = marks;
        }
        Marks::with_marks(&self.sheet.entries, &own)
    }

    /// Apply: `step` is made, as one Undo step; placements become progress and the struck
    /// candidates leave the cell's marks (the user's own from then on).
    pub fn make_step(&mut self, step: &Step) {
        let before = self.position();
        self.remember();
        // A step may strike several digits from one cell: all of them go.
        for &(cell, _) in &step.eliminations {
            let struck: DigitSet = (step.eliminations.iter())
                .filter(|&&(c, _)| c == cell)
                .map(|&(_, digit)| digit)
                .collect();
            self.sheet.marks[cell] = Some(before.candidates(cell) - struck);
        }
        for &(cell, digit) in &step.placements {
            self.sheet.entries.set(cell, Some(digit.get()));
        }
        self.refusal = None;
        // Apply leaves with the hint: the focus goes to the cell it changed, not the page's top.
        let changed = (step.placements.first().map(|&(cell, _)| cell))
            .or_else(|| step.eliminations.first().map(|&(cell, _)| cell));
        if let Some(cell) = changed {
            self.move_focus(cell);
        }
    }

    /// A solved run's `digits` become the entries, as one Undo step that takes the run back.
    pub fn take_solution(&mut self, digits: impl Iterator<Item = Option<u8>>) {
        self.remember();
        self.sheet.take_solution(digits);
    }

    /// No cell is selected until one is tapped again.
    pub fn deselect(&mut self) {
        self.selected = None;
    }

    /// The reason the last edit was refused, if it was.
    pub fn refused(&self) -> &str {
        self.refusal.as_ref().map_or("", |r| r.reason.as_str())
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}
