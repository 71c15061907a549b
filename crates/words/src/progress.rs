//! One plain sentence on what a running solver is doing now, under the status line, for people
//! who do not speak physics; the figures below it keep the physics' own words.

use super::numbers::{counted, fixed};
use sudoku_engine::spec::Noun;
use sudoku_engine::step::{BeliefSearch, Figures, Frame, RunState};

const RULE: Noun = Noun {
    one: "broken rule",
    many: "broken rules",
};
pub(crate) const CELL: Noun = Noun {
    one: "cell",
    many: "cells",
};
const DEAD_END: Noun = Noun {
    one: "dead end",
    many: "dead ends",
};

/// What the run shown in `frame` is doing, in a sentence.
pub fn progress(frame: &Frame) -> String {
    let ended = frame.state != RunState::Running;
    match &frame.figures {
        Figures::Annealer(f) => {
            let broken = u64::from(f.broken_rules);
            let words = cooling(f.temperature, f.restarts, broken, ended);
            match f.escape_offset {
                Some(_) => format!(
                    "{words} When a step takes no change, an escape offset makes the next one easier."
                ),
                None => words,
            }
        }
        Figures::Network(f) => {
            let unmet = u64::from(f.optimal.saturating_sub(f.actual));
            match f.cooling {
                Some(c) => cooling(c.temperature, c.restarts, unmet, ended),
                None => format!(
                    "The neurons push each other towards a grid that meets every rule: {} still unmet.",
                    counted(UNMET, unmet)
                ),
            }
        }
        Figures::Belief(f) => {
            let cells = frame.cells.len() as u64;
            let then = match f.search {
                BeliefSearch::Decimation { .. } => "the surest cell is then fixed",
                BeliefSearch::Pollination { .. } => "a swarm then searches the rest",
            };
            format!(
                "Each row, column and box tells its cells which digits they can still hold, and {then}: {} of {} decided.",
                f.decided,
                counted(CELL, cells)
            )
        }
        Figures::Search(f) => format!(
            "Trying digits cell by cell and backing up at each dead end: {} open, {} so far.",
            counted(CELL, f.open_cells),
            counted(DEAD_END, f.backtracks)
        ),
    }
}

const UNMET: Noun = Noun {
    one: "rule",
    many: "rules",
};

/// An annealing run: the temperature now and the broken rules left; a restart starts hot. It
/// names no fall: a watched run's few moves a tick can hold one temperature for many ticks.
/// Once the run has `ended`, where it ended (the status line says how).
fn cooling(temperature: f64, restarts: u32, broken: u64, ended: bool) -> String {
    let (temperature, left) = (fixed(temperature, 2), counted(RULE, broken));
    if ended {
        return format!("It ended at temperature {temperature}, {left} left.");
    }
    let attempt = match restarts {
        0 => String::new(),
        n => format!(" Attempt {}: a restart begins hot again.", n + 1),
    };
    format!("Temperature {temperature}, lowered step by step: {left} left.{attempt}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::step::{AnnealerFigures, Detail, Series};

    fn frame(figures: Figures) -> Frame {
        let series = [Series::linear("Energy"), Series::log("Temperature")];
        let mut frame = Frame::new(81, figures, series, Detail::None);
        frame.figures = figures;
        frame
    }

    #[test]
    fn an_annealer_says_how_hot_it_is_and_what_is_left() {
        let figures = AnnealerFigures {
            temperature: 0.567,
            broken_rules: 1,
            restarts: 2,
            ..AnnealerFigures::default()
        };
        let words = progress(&frame(Figures::Annealer(figures)));
        assert!(words.starts_with("Temperature 0.57, lowered"), "{words}");
        assert!(
            !words.contains("Cooling"),
            "a held temperature is not cooling: {words}"
        );
        assert!(!words.contains("escape offset"), "{words}");
        assert!(words.contains("1 broken rule left"), "{words}");
        assert!(words.contains("Attempt 3"), "{words}");
        let digital = AnnealerFigures {
            escape_offset: Some(4),
            ..figures
        };
        let words = progress(&frame(Figures::Annealer(digital)));
        assert!(
            words.ends_with("an escape offset makes the next one easier."),
            "{words}"
        );
        // Once solved, where it ended: no step is lowered any more.
        let mut solved = frame(Figures::Annealer(AnnealerFigures {
            broken_rules: 0,
            ..figures
        }));
        solved.state = RunState::Solved;
        assert_eq!(
            progress(&solved),
            "It ended at temperature 0.57, 0 broken rules left."
        );
    }
}
