//! The page's sentences about killer cages: what a killer holds, how cages are drawn by hand,
//! and why a cage was not taken.

use super::numbers::counted;
use super::progress::CELL;
use sudoku_engine::board::{CageError, Pos, Reach};
use sudoku_engine::spec::Noun;

/// What a puzzle gives: also the status line's word.
pub(crate) const GIVEN: Noun = Noun {
    one: "given",
    many: "givens",
};

const CAGE: Noun = Noun {
    one: "cage",
    many: "cages",
};

/// What a killer of `cages` cages and `givens` givens holds: "28 cages, no given".
pub fn killer_holds(cages: usize, givens: usize) -> String {
    let cages = counted(CAGE, cages as u64);
    match givens {
        0 => format!("{cages}, no given"),
        _ => format!("{cages} and {}", counted(GIVEN, givens as u64)),
    }
}

/// The note under the board while cages are drawn: the cage in hand, then what to do next.
pub fn cage_draft(cells: usize, sum: &str, changing: bool) -> String {
    let what = match changing {
        true => "Changing a cage",
        false => "Drawing a cage",
    };
    match (cells, sum) {
        (0, _) => {
            "Tap or drag over cells, type their sum, Add cage. Tap a cage to change it.".to_string()
        }
        (_, "") => format!("{what}: {}. Type its sum.", counted(CELL, cells as u64)),
        _ => format!(
            "{what}: {}, sum {sum}. Add cage (Enter) keeps it.",
            counted(CELL, cells as u64)
        ),
    }
}

/// A cage drawn by hand that the board does not take, and why.
pub fn cage_refused(e: &CageError) -> String {
    format!("That cage was not added: {}.", cage_problem(e))
}

/// Done or Solve with a cage drawn that was `refused`: cage mode stays, and how to leave it.
pub fn cage_keeps_caging(refused: &str) -> String {
    format!("{refused} Change it, or press Remove to drop it, then Done or Solve.")
}

/// A cage drawn by hand whose cells the givens leave no different digits that make `sum`.
pub fn cage_unmakeable(sum: u32) -> String {
    format!(
        "That cage was not added: with the givens, no different digits in its cells make {sum}."
    )
}

/// A link's cage `number`, written `text`, that the board does not take, and why, with `more`
/// left out after it: quoted, so that the person can find it in the address and mend it.
pub fn link_cage_left_out(number: usize, text: &str, e: &CageError, more: usize) -> String {
    let also = match more {
        0 => String::new(),
        _ => format!(" (and {} after it)", counted(CAGE, more as u64)),
    };
    // A hostile link's cage may be long: enough of it to find it by.
    let text: String = text.trim().chars().take(40).collect();
    format!(
        "The link's cage {number}, “{text}”, was left out{also}: {}.",
        cage_problem(e)
    )
}

/// Why a cage is no cage of the board, in the page's words: the command line's name its syntax
/// and number cages as written.
fn cage_problem(e: &CageError) -> String {
    match e {
        // Only links are read as text, and their sentence quotes the cage.
        CageError::Malformed { .. } => "it is not a sum followed by cells".to_string(),
        CageError::OffBoard { .. } => "it has a cell off the board".to_string(),
        CageError::Empty { .. } => "it has no cell".to_string(),
        CageError::Overlap { pos } => format!("{pos} is in another cage"),
        CageError::Disconnected { pos, .. } => {
            format!("its cells are in pieces, not one region joined side by side ({pos} is apart)")
        }
        CageError::TooLarge { cells, digits, .. } => {
            format!("{cells} cells cannot all differ on a board of {digits} digits")
        }
        CageError::Sum {
            sum,
            cells,
            min,
            max,
            ..
        } => match cells {
            1 => format!("its one cell holds {min} to {max}, not {sum}"),
            _ => format!("{}, not {sum}", Reach(*cells, *min, *max)),
        },
        // The rule of 45's reasons name units, not cages.
        e => e.to_string(),
    }
}

/// Add cage pressed with no cell or no sum.
pub fn cage_incomplete(cells: usize) -> String {
    match cells {
        0 => "Tap the cage's cells first, then type its sum.".to_string(),
        _ => "Type the cage's sum first.".to_string(),
    }
}

/// A cell of another cage tapped while a cage is drawn.
pub fn cage_taken(pos: Pos) -> String {
    let (row, col) = (pos.row + 1, pos.col + 1);
    format!(
        "Row {row}, column {col} is in another cage: add this cage first, then tap that one to change it."
    )
}

/// The status line in cage mode, with `cages` on the board so far: what to do.
pub fn caging_status(cages: usize) -> String {
    format!(
        "Drawing cages: {} so far. Press Done when the killer is complete, or Solve.",
        counted(CAGE, cages as u64)
    )
}

/// The settings' choice of killers for New puzzle.
pub const KILLER_CHOICE: &str = "Killer: cages, no givens (boards up to 9×9)";

/// The plot's legend key for a killer's cage-sum penalty.
pub const CAGE_PENALTY_KEY: &str = "cage sums' penalty (left, dotted)";
