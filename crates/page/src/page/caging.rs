//! Cage mode: killer cages drawn by hand. Cells tapped (or dragged across) gather into a draft,
//! digits typed or tapped on the pad write its sum, and Add cage puts it on the board as one Undo
//! step; a cage tapped is picked, to be changed or removed. The board's usual edits wait until
//! cage mode is left.

use super::board::{Board, Edited};
use super::state::{CageDraft, CageEdit, Edit};
use sudoku_engine::board::{Cage, side_neighbours};
use sudoku_engine::exact;
use sudoku_words as present;

/// Longest sum typed: 25×25's largest cage sums to 325.
const SUM_DIGITS: usize = 3;

impl Board {
    /// A step of cage mode; `locked` while a solver runs.
    pub(super) fn cage(&mut self, edit: CageEdit, locked: bool) -> Edited {
        if locked || (self.caging.is_none() && edit != CageEdit::Start) {
            return Edited::Nothing;
        }
        self.refusal = None;
        let draft = self.caging.get_or_insert_default();
        match edit {
            CageEdit::Cell(cell) => self.tap_cell(cell),
            CageEdit::Drag(cell) => {
                let free = self
                    .sheet
                    .cages()
                    .iter()
                    .all(|c| !c.cells().any(|x| x == cell));
                if free && cell < self.sheet.shape().cells() && !draft.cells.contains(&cell) {
                    draft.cells.push(cell);
                }
                Edited::Nothing
            }
            CageEdit::Add => self.add_cage(),
            CageEdit::Remove => self.remove_cage(),
            CageEdit::Start => {
                self.pencil = false;
                Edited::Nothing
            }
            CageEdit::Stop => self.finish_caging(),
        }
    }

    /// Done: a cage drawn and not yet added is added first, as Add would; one that cannot be
    /// keeps cage mode open, with the reason and the way on (else Done and Solve seem dead).
    fn finish_caging(&mut self) -> Edited {
        let edited = match self.caging.as_ref().is_some_and(CageDraft::pending) {
            true => self.add_cage(),
            false => Edited::Nothing,
        };
        match self.refusal.as_mut() {
            Some(refusal) => refusal.reason = present::cage_keeps_caging(&refusal.reason),
            None => self.caging = None,
        }
        edited
    }

    /// A tap on `cell` in cage mode: in or out of the draft; in another cage, that cage is
    /// picked when the draft is empty. Away from a refused draft, it starts afresh.
    fn tap_cell(&mut self, cell: usize) -> Edited {
        let cages = self.sheet.cages().clone();
        let shape = self.sheet.shape();
        let Some(draft) = self.caging.as_mut() else {
            return Edited::Nothing;
        };
        let touches = |c: &usize| *c == cell || side_neighbours(shape, *c).any(|x| x == cell);
        if draft.refused && !draft.cells.iter().any(touches) {
            *draft = CageDraft::default();
        }
        if let Some(at) = draft.cells.iter().position(|&c| c == cell) {
            draft.cells.remove(at);
            if draft.cells.is_empty() {
                *draft = CageDraft::default();
            }
            return Edited::Nothing;
        }
        let owner = cages.iter().position(|c| c.cells().any(|x| x == cell));
        match owner {
            Some(i) if draft.picked == Some(i) => Edited::Nothing,
            Some(i) if draft.cells.is_empty() => {
                *draft = CageDraft {
                    cells: cages[i].cells().collect(),
                    sum: cages[i].sum().to_string(),
                    picked: Some(i),
                    sum_as_picked: true,
                    refused: false,
                };
                Edited::Nothing
            }
            Some(_) => {
                let pos = shape.pos(cell);
                self.refuse(Some(cell), present::cage_taken(pos))
            }
            None if cell < shape.cells() => {
                draft.cells.push(cell);
                Edited::Nothing
            }
            None => Edited::Nothing,
        }
    }

    /// Add cage: the draft goes on the board (in place of the cage picked), or is refused.
    fn add_cage(&mut self) -> Edited {
        let Some(draft) = self.caging.as_ref() else {
            return Edited::Nothing;
        };
        let sum = draft
            .sum
            .parse::<u32>()
            .ok()
            .filter(|_| !draft.cells.is_empty());
        let Some(sum) = sum else {
            return self.refuse(None, present::cage_incomplete(draft.cells.len()));
        };
        let mut cages = self.sheet.cages().to_vec();
        let cage = Cage::new(sum, draft.cells.iter().copied());
        match draft.picked {
            Some(i) if i < cages.len() => cages[i] = cage.clone(),
            _ => cages.push(cage.clone()),
        }
        let refused = match self.sheet.with_cages(cages) {
            // Well formed, but the givens leave its cells no digits that make the sum.
            Ok(sheet) if !exact::completable(&sheet.givens, &cage) => present::cage_unmakeable(sum),
            Ok(sheet) => {
                self.replace(sheet);
                self.caging = Some(CageDraft::default());
                return Edited::Caged;
            }
            Err(e) => present::cage_refused(&e),
        };
        // The next sum typed replaces the refused one rather than running on from it.
        if let Some(draft) = self.caging.as_mut() {
            draft.sum_as_picked = true;
            draft.refused = true;
        }
        self.refuse(None, refused)
    }

    /// Remove: the cage picked comes off the board; a draft not yet added (one refused, say) is
    /// dropped, so the next tap starts a new cage.
    fn remove_cage(&mut self) -> Edited {
        let picked = self
            .caging
            .replace(CageDraft::default())
            .and_then(|d| d.picked);
        let mut cages = self.sheet.cages().to_vec();
        let Some(i) = picked.filter(|&i| i < cages.len()) else {
            return Edited::Nothing;
        };
        cages.remove(i);
        match self.sheet.with_cages(cages) {
            Ok(sheet) => {
                self.replace(sheet);
                Edited::Caged
            }
            Err(e) => self.refuse(None, present::cage_refused(&e)),
        }
    }

    /// A key or pad press in cage mode: digits write the draft's sum, Erase and Backspace take
    /// its last digit back, Space taps the cell. Whether cage mode took it.
    pub(super) fn cage_key(&mut self, edit: &Edit) -> bool {
        let Some(draft) = self.caging.as_mut() else {
            return false;
        };
        // A sum typed or erased answers the refusal shown: it no longer holds.
        self.refusal = None;
        match edit {
            Edit::Typed { cell, text } if text == " " => {
                self.tap_cell(*cell);
            }
            Edit::Typed { text, .. } => {
                if std::mem::take(&mut draft.sum_as_picked) {
                    draft.sum.clear();
                }
                for digit in text.chars().filter(char::is_ascii_digit) {
                    if draft.sum.len() < SUM_DIGITS {
                        draft.sum.push(digit);
                    }
                }
            }
            Edit::Backspace { .. } => {
                draft.sum_as_picked = false;
                draft.sum.pop();
            }
            Edit::Pasted { .. } => {}
        }
        true
    }
}
