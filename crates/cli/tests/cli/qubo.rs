//! The QUBO export, read back by a reader written here from the tutorial's format alone: valid
//! solutions cost exactly 0, anything else costs more; and the two QUBO solvers through the step
//! API.

use crate::common;

use common::{famous, kind, puzzles, run_to_end};
use std::collections::HashMap;
use std::process::Command;
use sudoku_engine::board::{Grid, Shape};
use sudoku_engine::{Mark, RunConfig, RunState};

/// The exported polynomial: coefficients by sorted variable pair (`[i, i]` linear, `[]` constant).
fn read_export(json: &str) -> HashMap<Vec<usize>, i64> {
    let v: serde_json::Value = serde_json::from_str(json).expect("JSON");
    let terms = v["binary_polynomial"]["terms"]
        .as_array()
        .expect("a term list");
    let mut poly = HashMap::new();
    for term in terms {
        let c = term["coefficient"]
            .as_i64()
            .expect("an integer coefficient");
        let mut vars: Vec<usize> = (term["polynomials"].as_array().expect("variables").iter())
            .map(|x| x.as_u64().expect("an index") as usize)
            .collect();
        vars.sort_unstable();
        vars.dedup();
        *poly.entry(vars).or_insert(0) += c;
    }
    poly
}

/// The polynomial's value for a grid, numbering variables `(i·9 + j)·9 + k` as the tutorial does.
fn energy(poly: &HashMap<Vec<usize>, i64>, grid: &[u8]) -> i64 {
    let on: Vec<bool> = (0..729)
        .map(|v| grid[v / 9] as usize == v % 9 + 1)
        .collect();
    poly.iter()
        .filter(|(vars, _)| vars.iter().all(|&v| on[v]))
        .map(|(_, c)| c)
        .sum()
}

fn export(puzzle: &str, weight: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["qubo", "--weight", weight, puzzle])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn solutions_cost_exactly_zero_and_every_broken_rule_costs_more() {
    for (puzzle, solution) in famous().into_iter().take(4) {
        let poly = read_export(&export(&puzzle.to_line(), "1"));
        let digits = solution.digits().to_vec();
        assert_eq!(energy(&poly, &digits), 0, "{puzzle}");
        // One cell changed: a row, a column and a box broken (a given overwritten costs more).
        for cell in [0, 40, 80] {
            let mut wrong = digits.clone();
            wrong[cell] = wrong[cell] % 9 + 1;
            assert!(energy(&poly, &wrong) >= 6, "{puzzle}, cell {cell}");
        }
        // Two digits swapped within a row keep the row but break columns (and maybe boxes).
        let mut swapped = digits.clone();
        swapped.swap(0, 4);
        assert!(energy(&poly, &swapped) > 0);
        // A blank cell breaks its one-hot group and four more.
        let mut blank = digits.clone();
        blank[10] = 0;
        assert!(energy(&poly, &blank) > 0);
    }
}

#[test]
fn the_weight_scales_every_term_and_the_export_has_the_tutorials_shape() {
    let (puzzle, _) = famous().remove(0);
    let one = read_export(&export(&puzzle.to_line(), "1"));
    let three = read_export(&export(&puzzle.to_line(), "3"));
    assert_eq!(one.len(), three.len());
    for (vars, c) in &one {
        assert_eq!(three[vars], 3 * c, "{vars:?}");
    }
    // 729 linear terms, 36·81 cell pairs, 810·9 peer pairs, the constant: 4·81 + 2·21 givens.
    assert_eq!(one.len(), 729 + 36 * 81 + 810 * 9 + 1);
    assert_eq!(one[&Vec::new()], 4 * 81 + 2 * 21);
    let json = export(&puzzle.to_line(), "1");
    assert!(json.starts_with("{\"binary_polynomial\":{\"terms\":[{\"coefficient\":"));
    assert!(json.trim_end().ends_with("\"polynomials\":[]}]}}"));
}

#[test]
fn both_qubo_solvers_report_only_checked_solutions_and_keep_the_givens() {
    let mut set: Vec<Grid> = famous().into_iter().map(|(p, _)| p).collect();
    set.extend(
        puzzles("magictour_top1465_every_97th.txt")
            .into_iter()
            .step_by(3)
            .take(5),
    );
    for (i, puzzle) in set.iter().enumerate() {
        let config = RunConfig {
            seed: 40 + i as u64,
            moves_per_tick: 500,
            max_restarts: Some(200),
            ..RunConfig::default()
        };
        let mut solver = kind("qubo").start(puzzle, config).expect("valid");
        let end = run_to_end(solver.as_mut());
        assert_eq!(end.state, RunState::Solved, "{puzzle}");
        let digits: Vec<u8> = (end.cells.iter())
            .map(|m| match m {
                Mark::Digit(d) => *d,
                _ => 0,
            })
            .collect();
        let grid = Grid::from_digits(Shape::CLASSIC, digits).expect("fits");
        let geometry = sudoku_engine::Geometry::of(Shape::CLASSIC);
        assert!(
            sudoku_engine::check::is_solution(&geometry, puzzle, &grid),
            "{puzzle}"
        );
        assert_eq!(end.sample.values[0], 0.0, "energy 0 at the solution");
    }
    // The faithful preset on an easy puzzle: solved, and checked.
    let (_, solution) = famous().remove(0);
    let mut easy = solution.clone();
    for cell in (0..81).step_by(3) {
        easy.set(cell, None);
    }
    let config = RunConfig {
        seed: 3,
        moves_per_tick: 500,
        max_restarts: Some(50),
        ..RunConfig::default()
    };
    let mut solver = kind("qubo-faithful").start(&easy, config).expect("valid");
    let end = run_to_end(solver.as_mut());
    assert_eq!(end.state, RunState::Solved);
    assert_eq!(end.violations, 0);
}
