//! What the board says beside its digits: the grid's and each cell's name, a cell's notes for
//! screen readers and its tooltip, the legends of the Spins view, and the extra rules in words.

use super::marks::{hint_role_words, marks_words};
use sudoku_engine::board::{DigitSet, Rules};
use sudoku_engine::step::Mark;

/// A board side as the size list offers it: "9 × 9".
pub fn board_side(side: usize) -> String {
    format!("{side} × {side}")
}

/// The grid's accessible name: "Sudoku grid, 9 by 9".
pub fn grid_label(side: usize) -> String {
    format!("Sudoku grid, {side} by {side}")
}

/// A cell's accessible name, from its 0-based row and column: "Row 1, column 1".
pub fn cell_label(row: usize, col: usize) -> String {
    format!("Row {}, column {}", row + 1, col + 1)
}

/// What a cell's look says beyond its digit, for screen readers: wrong, its part in the hint
/// (`Some(true)`: the hint's step changes it; `Some(false)`: part of its pattern) and its
/// pencil marks, joined by semicolons; empty when there is nothing to say.
pub fn cell_notes(wrong: bool, hint_target: Option<bool>, marks: Option<DigitSet>) -> String {
    let words: Vec<String> = (wrong.then(|| "wrong".to_string()).into_iter())
        .chain(hint_target.map(hint_role_words))
        .chain(marks.map(marks_words))
        .collect();
    words.join("; ")
}

/// Why a cell the spins leave undecided shows no digit, for its tooltip.
pub fn undecided_title(mark: Mark) -> &'static str {
    match mark {
        Mark::Several => "The spins here select several digits at once",
        _ => "No spin is up here: the cell selects no digit",
    }
}

/// Under the board while the spins leave cells undecided: what the striped (`several`) and the
/// grey (`none`) cells mean; nothing when there are none.
pub fn undecided_key(several: bool, none: bool) -> Option<&'static str> {
    match (several, none) {
        (true, true) => Some("Striped cells: the spins select several digits there; grey: none."),
        (true, false) => Some("Striped cells: the spins select several digits there."),
        (false, true) => Some("Grey cells: no spin is up there, so no digit is selected."),
        (false, false) => None,
    }
}

/// The Spins view's legend when the board has no spins to draw: the solver that `ran` has
/// none, or no run has started.
pub fn no_spins_drawn(ran: bool) -> &'static str {
    if ran {
        "This solver has no spins to draw, so the board shows its digits. The annealers, the \
         Hopfield networks and belief propagation have them."
    } else {
        "The spins appear on the board once a run starts."
    }
}

/// The Spins view's legend under the board: spins up or down, or graded `levels`.
pub fn spin_legend(levels: bool) -> &'static str {
    if levels {
        "Each cell shows one dot per digit it can still take, laid out like a box: the fill is \
         the neuron's activation or the digit's belief, the ring marks the strongest (the digit \
         read out), square = clamped (a given or a decided cell)."
    } else {
        "Each cell shows one spin per digit it can take, laid out like a box: filled = up, \
         hollow = down, square = clamped (a given, or a digit the givens force)."
    }
}

/// The note under a board with extra `rules`: each in words, with how the grid draws it.
pub fn rules_note(rules: Rules) -> String {
    let words: Vec<String> = (Rules::ALL.iter())
        .filter(|(rule, ..)| rules.contains(*rule))
        .map(|&(rule, _, words)| match rule {
            Rules::X => format!("{words} (drawn through their cells)"),
            Rules::WINDOKU => format!("{words} (tinted)"),
            _ => words.to_string(),
        })
        .collect();
    format!("Extra rules. {}.", words.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::board::Digit;

    #[test]
    fn the_grid_and_its_cells_are_named_as_the_browser_tests_find_them() {
        assert_eq!(board_side(16), "16 × 16");
        assert_eq!(grid_label(9), "Sudoku grid, 9 by 9");
        assert_eq!(cell_label(0, 8), "Row 1, column 9");
    }

    #[test]
    fn a_cells_notes_say_what_its_look_shows_in_order() {
        assert_eq!(cell_notes(false, None, None), "");
        let marks: DigitSet = [1, 3].into_iter().filter_map(Digit::new).collect();
        assert_eq!(
            cell_notes(true, Some(true), Some(marks)),
            "wrong; the hint's step changes this cell; pencil marks 1 3"
        );
        assert_eq!(
            cell_notes(false, Some(false), None),
            "part of the hint's pattern"
        );
    }

    #[test]
    fn the_rules_note_says_how_the_grid_draws_each_rule() {
        let rules = Rules::NONE.with(Rules::X).with(Rules::WINDOKU);
        assert_eq!(
            rules_note(rules),
            "Extra rules. X: both diagonals (drawn through their cells); Windoku: extra boxes \
             (tinted)."
        );
        assert!(rules_note(Rules::NONE.with(Rules::ANTI_KING)).ends_with("king's move apart."));
    }

    #[test]
    fn the_spin_legends_tell_levels_from_spins() {
        assert!(spin_legend(true).contains("ring marks the strongest"));
        assert!(spin_legend(false).contains("filled = up"));
        assert!(no_spins_drawn(true).starts_with("This solver has no spins"));
        assert_eq!(
            no_spins_drawn(false),
            "The spins appear on the board once a run starts."
        );
        assert_ne!(undecided_title(Mark::Several), undecided_title(Mark::Empty));
    }
}
