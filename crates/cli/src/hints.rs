//! `sudoku hint` and `sudoku grade --steps`: the hint ladder's steps, as sentences or as one
//! JSON object a line.

use super::{CliError, DONE, HintArgs, NO_SOLUTION, read_puzzle};
use sudoku_engine::board::{Geometry, Grid};
use sudoku_engine::hint::{self, Hint, Marks, Options, Step};
use sudoku_engine::referee::{self, Verdict};
use sudoku_words as present;

/// A step as one JSON line: rows, columns and digits counted from 1.
fn step_json(step: &Step, geometry: &Geometry) -> String {
    let shape = geometry.shape();
    let triple = |&(cell, d): &(usize, sudoku_engine::board::Digit)| {
        let pos = shape.pos(cell);
        [pos.row + 1, pos.col + 1, usize::from(d.get())]
    };
    let list = |moves: &[(usize, sudoku_engine::board::Digit)]| {
        serde_json::to_string(&moves.iter().map(triple).collect::<Vec<_>>()).unwrap_or_default()
    };
    // Written by hand so the keys keep the order the test contract shows.
    format!(
        "{{\"technique\": \"{}\", \"placements\": {}, \"eliminations\": {}}}",
        step.technique.name(),
        list(&step.placements),
        list(&step.eliminations)
    )
}

/// A step as a line of text: its title and sentence.
fn step_text(step: &Step, geometry: &Geometry) -> String {
    format!(
        "{}: {}",
        present::technique_title(step.technique),
        present::step_sentence(step, geometry)
    )
}

/// Prints `step` in the form asked for.
fn print_step(step: &Step, geometry: &Geometry, json: bool) {
    if json {
        outln!("{}", step_json(step, geometry));
    } else {
        outln!("{}", step_text(step, geometry));
    }
}

/// The ladder's solution of `puzzle`, the uniqueness techniques included when it has one
/// solution.
pub(super) fn solution_path(puzzle: &Grid) -> hint::Path {
    let options = Options {
        unique: referee::solution(puzzle).is_ok(),
        ..Options::ANY
    };
    hint::solve(Marks::of(puzzle), options)
}

/// Prints every step of `path`.
pub(super) fn print_steps(path: &hint::Path, json: bool) {
    for step in &path.steps {
        print_step(step, path.marks.geometry(), json);
    }
}

pub(super) fn hint(args: HintArgs) -> Result<i32, CliError> {
    let puzzle = read_puzzle(&args.puzzle)?;
    if let Verdict::Refuse { reason, .. } = referee::verdict(&puzzle) {
        eprintln!("sudoku: {}", present::refusal(&reason));
        return Ok(NO_SOLUTION);
    }
    let marks = Marks::of(&puzzle);
    let geometry = marks.geometry();
    match hint::hint(&marks, referee::solution(&puzzle).ok().as_ref()) {
        Hint::Step(step) => print_step(&step, geometry, args.json),
        other if args.json => {
            let status = if other == Hint::Solved {
                "solved"
            } else {
                "stuck"
            };
            outln!("{}", serde_json::json!({ "status": status }));
        }
        other => outln!("{}", present::hint_sentence(&other, geometry)),
    }
    Ok(DONE)
}
