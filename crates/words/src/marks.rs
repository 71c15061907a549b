//! The words of pencil marks, givens, Check and Hint.

use super::status::capitalised;
use sudoku_engine::board::{DigitSet, Pos, digit_char};
use sudoku_engine::hint::Hint;
use sudoku_engine::referee::Remark;

/// A digit typed into a given: givens are the puzzle and stay as they are.
pub fn given_fixed(pos: Pos) -> String {
    format!(
        "{} is a given: it stays. New puzzle, or Clear in Settings, starts another.",
        capitalised(&pos.to_string())
    )
}

/// A pencil mark toggled in a cell that holds a digit.
pub fn marks_need_an_open_cell(pos: Pos) -> String {
    format!(
        "{} holds a digit: pencil marks go in empty cells.",
        capitalised(&pos.to_string())
    )
}

/// What pencil mode does, under the grid while it is on.
pub fn pencil_mode() -> String {
    "Pencil mode: a digit toggles that pencil mark in the cell; Erase clears the cell's marks. Pencil again switches back.".to_string()
}

/// The key that switches pencil mode, on the keyboard: a letter no board uses as a digit.
pub const PENCIL_KEY: char = 'Q';

/// Under the board on a desktop, beside the Pencil key: what the keyboard does.
pub fn pad_tip() -> String {
    format!("Type digits into the cells; {PENCIL_KEY} or Pencil switches to pencil marks.")
}

/// The words of a cell's pencil marks, for its label.
pub fn marks_words(marks: DigitSet) -> String {
    let digits: Vec<String> = marks
        .iter()
        .map(|d| digit_char(d.get()).to_string())
        .collect();
    format!("pencil marks {}", digits.join(" "))
}

/// Check on an empty board.
pub fn nothing_to_check() -> String {
    "Nothing to check: type a puzzle or press New puzzle first.".to_string()
}

/// Check on a board typed in by hand: its `givens` are now the puzzle.
pub fn givens_fixed(givens: usize) -> String {
    format!(
        "Your {givens} digit{} are now the puzzle's givens; digits you type from now on are your progress, and Check compares them with the solution.",
        if givens == 1 { "" } else { "s" }
    )
}

/// Check or Hint on a board typed in by hand whose digits repeat in a unit.
pub fn typed_digits_clash() -> String {
    "Some of your digits repeat (marked): fix them first, as Check and Hint make them the givens."
        .to_string()
}

/// Check's look at the solution, under way.
pub fn checking_entries() -> String {
    "Checking your entries against the solution…".to_string()
}

/// What Check found: `wrong` of the digits judged disagree with the solution; `own` of those
/// are the user's entries, `solver` the solver's (kept from a solved run, or a stopped run's).
pub fn checked(own: usize, solver: usize, wrong: usize) -> String {
    let judged = own + solver;
    let verb = |n: usize| if n == 1 { "disagrees" } else { "disagree" };
    let (of, all) = match (own, solver) {
        (0, 0) => {
            // True on an empty killer too, which has no givens.
            return "No entries of yours to check yet: type digits in the empty cells first."
                .to_string();
        }
        (1, 0) if wrong == 0 => return "Your entry agrees with the solution.".to_string(),
        (1, 0) => {
            return "Your entry disagrees with the solution: marked wrong on the board."
                .to_string();
        }
        (_, 0) => (
            format!("of your {judged} entries"),
            "of your entries".to_string(),
        ),
        (0, _) => (
            format!("of the solver's {judged} digits"),
            "of the solver's digits".to_string(),
        ),
        _ => {
            let whose = format!("digits ({own} yours, {solver} the solver's)");
            (format!("of the {judged} {whose}"), whose)
        }
    };
    match wrong {
        0 => format!("All {judged} {all} agree with the solution."),
        _ => format!(
            "{wrong} {of} {} with the solution: marked wrong on the board.",
            verb(wrong)
        ),
    }
}

/// Check could not compare: the puzzle has no one solution to compare with, as `remark` says.
pub fn not_one_solution(remark: Remark) -> String {
    match remark {
        Remark::Several => "This puzzle has more than one solution, so Check cannot tell which entries are wrong.".to_string(),
        _ => "Could not find this puzzle's solution quickly, so Check cannot tell which entries are wrong.".to_string(),
    }
}

/// Hint found no step on a puzzle with more than one solution.
pub fn no_step_between_solutions() -> String {
    "No step follows by logic here: this puzzle has more than one solution, and no technique can \
     choose between them. Solve shows one of them."
        .to_string()
}

/// Hint on an empty board.
pub fn nothing_to_hint() -> String {
    "Nothing to hint at: type a puzzle or press New puzzle first.".to_string()
}

/// Hint's look at the position, under way.
pub fn finding_hint() -> String {
    "Looking for the next step…".to_string()
}

/// The status line once a hint is shown (its sentence is in the note just above the status line,
/// on a phone and on a desktop alike).
pub fn hint_status(hint: &Hint) -> String {
    match hint {
        Hint::Step(step) => format!(
            "Hint: {}. Apply makes the step.",
            super::technique_title(step.technique)
        ),
        Hint::Wrong(_) => "Hint: something on the board is wrong.".to_string(),
        Hint::Solved => "Hint: nothing left to do. New puzzle gives another.".to_string(),
        Hint::Stuck => "Hint: no step by logic here. Solve shows the answer.".to_string(),
    }
}

/// Apply made the step of the hint shown.
pub fn hint_applied() -> String {
    "Step made. Hint gives the next one; Undo takes it back.".to_string()
}

/// A cell's part in the hint shown, for screen readers: in its pattern, or changed by its step.
pub fn hint_role_words(target: bool) -> String {
    match target {
        true => "the hint's step changes this cell".to_string(),
        false => "part of the hint's pattern".to_string(),
    }
}
