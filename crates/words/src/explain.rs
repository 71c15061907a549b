//! Plain words for newcomers: which solver is recommended, what the maker promises, and "What
//! am I looking at?" for the plot and the spins.

use super::status::quoted;
use sudoku_engine::spec::SolverSpec;
use sudoku_engine::step::Series;

/// The mark of the solver a newcomer should pick.
pub const RECOMMENDED: &str = "recommended";

/// Beside a solver that a killer's cages rule out.
pub const TAKES_NO_CAGES: &str = "takes no killer cages";

/// The summaries of the folds that explain the plot and the Spins view: two questions, so that
/// the two folds are told apart when both show.
pub const WHAT_THE_PLOT_SHOWS: &str = "What does the plot show?";
pub const WHAT_THE_DOTS_MEAN: &str = "What do the dots mean?";

/// The summary of the fold that holds a solver's physics.
pub const HOW_IT_WORKS: &str = "How it works";

/// Where the live plot will be, before a run: what it will show.
pub const PLOT_WAITS: &str = "Press Solve and watch: the run is plotted here as it goes, tick by \
                              tick (for the annealers, the energy and the temperature as the grid \
                              cools).";

/// Above the plot once an edit took the last run off the board: the plot stays until the next run.
pub const PLOT_OF_LAST_RUN: &str = "The last run's plot. Solve again for a new one.";

/// The plot's legend: the mark of a restart, and what runs along the bottom.
pub const RESTART_KEY: &str = "dashed: a restart";
pub const PLOT_ACROSS: &str = "left to right: the run's steps";

/// Under a 25×25 board, which is wider than a phone's screen at a size a finger can tap.
pub const PAN_NOTE: &str = "The board is wider than the screen: drag it sideways to see every \
                            column, or pinch to zoom out. During a run it shrinks to fit.";

/// A solver's plain name as the list beside Solve shows it, with the recommended one marked.
pub fn solver_title(spec: &SolverSpec, recommended: bool) -> String {
    if recommended {
        format!("{}, {RECOMMENDED}", spec.title)
    } else {
        spec.title.to_string()
    }
}

/// Why the solver chosen gave way to `to` when the board changed under it: `from` takes no
/// killer cages (`killer`), or not this board.
pub fn solver_gave_way(from: &SolverSpec, to: &SolverSpec, killer: bool) -> String {
    let why = if killer && !from.cages {
        TAKES_NO_CAGES
    } else {
        "does not take this board"
    };
    format!(
        "{} {why}: Solve now uses {}.",
        quoted(from.title),
        quoted(to.title)
    )
}

/// What New puzzle promises, true of every board and rule: one solution is always proved; that
/// no given is to spare is said of each puzzle when it is proved ([`super::made`]).
pub fn maker_promise() -> &'static str {
    "Every new puzzle has exactly one solution, proved by the exact search; the line under the \
     board says whether every given was proved necessary. Its level is the strongest technique \
     it needs, not its number of givens."
}

/// One line per plotted series saying what it shows, then how to read the rest of the plot.
pub fn plot_lines(series: &[Series; 2]) -> Vec<String> {
    let sides = ["left", "right"];
    let mut lines: Vec<String> = (series.iter().zip(sides))
        .map(|(s, side)| format!("{} ({side} scale): {}", s.name, series_meaning(&s.name)))
        .collect();
    lines.push(
        "A dashed red line is a restart: the solver gave up on its grid and began again from a random \
         one."
            .to_string(),
    );
    lines.push(
        "Left to right: the run's steps, each a small batch of the solver's moves (one per frame \
         while you watch)."
            .to_string(),
    );
    lines
}

/// What a series means, by its name.
fn series_meaning(name: &str) -> &'static str {
    match name {
        "Energy" => {
            "how badly the rules are broken, weighted by the solver's model. It falls as \
             conflicts are resolved and is lowest at a solution."
        }
        "Temperature" => {
            "how freely the solver still lets the grid change, even for the worse. It falls \
             as the grid cools, so the grid settles."
        }
        "Penalty" => {
            "how far the rows, columns and boxes are from holding each digit once; 0 at a \
             solution."
        }
        "Mean entropy" => {
            "how unsure the cells still are of their digit, on average; 0 when every cell is \
             certain."
        }
        "Actual score" => {
            "how many of the rules the network's grid keeps; it climbs to the best score at a \
             solution."
        }
        "Open cells" => "cells still empty; it falls as the search fills them.",
        "Backtracks" => "how often the search hit a dead end and took a guess back.",
        _ => "a figure of the run, as the list above names it.",
    }
}

/// "What do the dots mean?" for the Spins view: what the dots and their colours mean, for
/// spins up or down, or for graded `levels`.
pub fn spin_lines(levels: bool) -> Vec<&'static str> {
    let mut lines = vec![
        "Each cell holds one small dot per digit it can still take, placed as the digits sit in \
         a box: 1 at the top left.",
    ];
    if levels {
        lines.push(
            "The darker a dot's blue fill, the more the solver favours that digit; the ringed \
             dot is the digit it would write.",
        );
    } else {
        lines.push(
            "A blue, filled dot is a digit the solver has switched on in that cell; a hollow \
             dot is switched off. A settled cell has exactly one filled dot.",
        );
    }
    lines.push("A square dot is fixed: a given, or a digit the puzzle forces.");
    lines.push("A red outline marks a cell whose digit breaks a rule, such as the same digit twice in a row, column or box.");
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::registry::SolverKind;

    #[test]
    fn every_series_a_solver_plots_has_its_own_meaning() {
        let fallback = series_meaning("");
        for name in [
            "Energy",
            "Temperature",
            "Penalty",
            "Mean entropy",
            "Actual score",
            "Open cells",
            "Backtracks",
        ] {
            assert_ne!(series_meaning(name), fallback, "{name}");
        }
        let lines = plot_lines(&[Series::linear("Energy"), Series::log("Temperature")]);
        assert!(lines[0].starts_with("Energy (left scale): how badly the rules are broken"));
        assert!(lines[1].starts_with("Temperature (right scale):"));
    }

    #[test]
    fn no_solvers_words_count_the_spins_or_units_of_one_board_size() {
        for kind in SolverKind::all() {
            for words in [kind.title, kind.plain, kind.about] {
                for count in ["729", "324", "27 ", " 45"] {
                    assert!(!words.contains(count), "{}: {count} in {words}", kind.name);
                }
            }
        }
        assert!(
            !maker_promise().contains("spare"),
            "minimal is said per puzzle, when proved"
        );
    }

    #[test]
    fn only_the_default_solver_is_marked_recommended() {
        let marked: Vec<String> = SolverKind::all()
            .map(|k| solver_title(&k, k.recommended()))
            .filter(|t| t.ends_with(RECOMMENDED))
            .collect();
        assert_eq!(marked, ["Annealing (tuned), recommended"]);
    }
}
