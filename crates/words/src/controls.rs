//! The words of the page's controls that are composed from data: the tagline, the options of
//! the speed, limit, level and sample lists, what a solver promises, the plot's legend keys and
//! a racer's place.

use super::numbers::counted;
use super::status::capitalised;
use sudoku_engine::grade::Difficulty;
use sudoku_engine::spec::{Noun, RUN_LIMIT_S, SolverSpec};
use sudoku_engine::step::{Scale, Series};

/// The line under the page's title, with the number of spins of the board: `spins` is its
/// cells times its digits.
pub fn tagline(spins: usize) -> String {
    format!(
        "Sudoku solved the way annealing hardware does it: {spins} spins cooling into a solution."
    )
}

/// A time limit as the limit lists offer it: "10 s".
pub fn seconds(limit: u32) -> String {
    format!("{limit} s")
}

/// A speed as the speed list offers it: "1,000 flips per frame".
pub fn per_frame(work: Noun, moves: u64) -> String {
    format!("{} per frame", counted(work, moves))
}

/// What a level of new puzzles means, or what "any" (`None`) does.
pub fn level_meaning(level: Option<Difficulty>) -> String {
    match level {
        Some(d) => format!("{}: {}.", capitalised(d.name()), d.meaning()),
        None => "Any level: the first puzzle made, graded.".to_string(),
    }
}

/// After the level's meaning, when the level is the board's own default above medium (on boards
/// above 9×9): said rather than changed silently.
pub const LEVEL_RAISED: &str = "Hard by default on this board: a medium one is solved by logic \
                                before the annealer has anything left to cool.";

/// A solver's title and its plain line, as under the run's figures.
pub fn solver_line(spec: &SolverSpec) -> String {
    format!("{}: {}", spec.title, spec.plain)
}

/// What a solver promises (whether it is complete) and the boards it handles.
pub fn solver_promise(spec: &SolverSpec) -> String {
    let promise = if spec.complete {
        "Complete: finds a solution whenever there is one, and proves it when there is none."
    } else {
        "Incomplete: it may stop without a solution; a solution it reports is always checked."
    };
    let limit = match spec.limit_s < RUN_LIMIT_S {
        true => format!(
            " It rarely solves a hard puzzle, so a run stops after {} s unless you pick a longer \
             time limit.",
            spec.limit_s
        ),
        false => String::new(),
    };
    format!("{promise} Handles {}.{limit}", spec.boards)
}

/// What Export QUBO downloads, for a board of `side` digits.
pub fn qubo_export_note(side: usize) -> String {
    format!(
        "Downloads the puzzle as the Digital Annealer tutorial's QUBO (JSON, variable \
         (row·{side} + column)·{side} + digit − 1)."
    )
}

/// A sample of the benchmark as its list offers it: its title and how many puzzles it holds.
pub fn sample_option(title: &str, puzzles: usize) -> String {
    format!("{title} ({puzzles})")
}

/// The race's main button: before the first race, while one runs (disabled then), and after.
pub fn race_button(begun: bool, running: bool) -> &'static str {
    match (begun, running) {
        (_, true) => "Racing…",
        (true, false) => "Race again",
        (false, false) => "Start the race",
    }
}

/// The race's settings, folded: how many of the `all` solvers race, and for how long at most.
pub fn race_choice(racers: usize, all: usize, limit_s: u32) -> String {
    let who = match racers == all {
        true => "every solver".to_string(),
        false => format!("{racers} of {all} solvers"),
    };
    format!("Racers: {who}, up to {limit_s} s")
}

/// The plot's legend keys for its two series: which axis each is on, and a log scale.
pub fn plot_keys(series: &[Series; 2]) -> [String; 2] {
    let second = match series[1].scale {
        Scale::Log => format!("{} (right, log scale)", series[1].name),
        Scale::Linear => format!("{} (right)", series[1].name),
    };
    [format!("{} (left)", series[0].name), second]
}

/// A racer's place: "1st", "2nd", "3rd", "4th", … "11th", "12th", "13th", "21st".
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::registry::SolverKind;

    #[test]
    fn places_take_their_english_suffixes() {
        let places: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111]
            .map(ordinal)
            .into();
        assert_eq!(
            places,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
                "111th"
            ]
        );
    }

    #[test]
    fn the_options_read_as_the_lists_showed_them() {
        assert_eq!(seconds(10), "10 s");
        assert_eq!(sample_option("easy", 50), "easy (50)");
        let flips = Noun {
            one: "flip",
            many: "flips",
        };
        assert_eq!(per_frame(flips, 1000), "1,000 flips per frame");
        assert_eq!(
            tagline(729),
            "Sudoku solved the way annealing hardware does it: 729 spins cooling into a solution."
        );
        assert_eq!(
            level_meaning(None),
            "Any level: the first puzzle made, graded."
        );
        let easy = level_meaning(Some(Difficulty::Easy));
        assert!(easy.starts_with("Easy: ") && easy.ends_with('.'), "{easy}");
    }

    #[test]
    fn a_solver_says_what_it_promises_and_which_boards_it_takes() {
        for kind in SolverKind::all() {
            let promise = solver_promise(&kind);
            let first = if kind.complete {
                "Complete: "
            } else {
                "Incomplete: "
            };
            assert!(promise.starts_with(first), "{promise}");
            assert!(
                promise.contains(&format!(" Handles {}.", kind.boards)),
                "{promise}"
            );
            // A model that rarely solves says so, and when its runs stop.
            let short = kind.limit_s < RUN_LIMIT_S;
            assert_eq!(promise.contains("rarely solves"), short, "{promise}");
            assert_eq!(
                solver_line(&kind),
                format!("{}: {}", kind.title, kind.plain)
            );
        }
        assert!(qubo_export_note(9).contains("(row·9 + column)·9 + digit − 1"));
    }

    #[test]
    fn the_legend_names_the_right_axis_and_its_log_scale() {
        let keys = plot_keys(&[Series::linear("Energy"), Series::log("Temperature")]);
        assert_eq!(keys, ["Energy (left)", "Temperature (right, log scale)"]);
        let keys = plot_keys(&[Series::linear("Penalty"), Series::linear("Mean entropy")]);
        assert_eq!(keys[1], "Mean entropy (right)");
    }
}
