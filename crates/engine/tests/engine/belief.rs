//! Belief propagation: the decimation preset solves every band and the famous puzzles with its
//! search complete; the report's pipeline and messages alone stop honestly; whatever any of them
//! calls solved obeys the rules and keeps the givens.

use crate::common;

use common::{kind, obeys_the_rules, puzzles, run_to_end};
use sudoku_engine::board::{Geometry, Grid, Shape};
use sudoku_engine::solvers::belief::penalty;
use sudoku_engine::step::{BeliefFigures, Detail, Figures};
use sudoku_engine::{Frame, Mark, RunConfig, RunState};

fn band(name: &str) -> Vec<Grid> {
    common::read(&format!("benches/data/bands_{name}.txt"))
        .lines()
        .map(|l| Grid::parse(l).expect("band puzzles parse"))
        .collect()
}

fn run(name: &str, puzzle: &Grid, seed: u64) -> Frame {
    let config = RunConfig {
        seed,
        moves_per_tick: 100,
        ..RunConfig::default()
    };
    run_to_end(kind(name).start(puzzle, config).expect("valid").as_mut())
}

fn figures(frame: &Frame) -> BeliefFigures {
    match frame.figures {
        Figures::Belief(f) => f,
        other => panic!("not a message-passing run: {other:?}"),
    }
}

#[test]
fn decimation_solves_every_band_sample_and_the_famous_puzzles() {
    let mut set: Vec<Grid> = ["21_24", "25_28", "29_32"]
        .iter()
        .flat_map(|b| band(b).into_iter().step_by(10))
        .collect();
    set.extend(puzzles("famous.txt"));
    for (i, puzzle) in set.iter().enumerate() {
        let end = run("bp", puzzle, i as u64);
        assert_eq!(end.state, RunState::Solved, "puzzle {i}: {puzzle}");
        assert!(obeys_the_rules(puzzle, &end.cells), "puzzle {i}");
        assert_eq!(figures(&end).penalty, 0);
    }
}

#[test]
fn decimation_proves_a_puzzle_without_a_solution_unsolvable() {
    // Inkala's puzzle with one given changed so that no solution is left (the referee says so
    // too), though no two givens clash.
    let inkala = puzzles("famous.txt")[0].to_line();
    let mut cells: Vec<char> = inkala.chars().collect();
    cells[1] = '2';
    let puzzle = Grid::parse(&cells.iter().collect::<String>()).expect("valid");
    let counted = sudoku_engine::exact::count(&puzzle, 1).expect("no clash");
    assert_eq!(
        counted.solutions, 0,
        "the changed puzzle must have no solution"
    );
    let end = run("bp", &puzzle, 1);
    assert_eq!(end.state, RunState::Unsolvable);
}

#[test]
fn messages_alone_and_the_pollination_pipeline_never_call_a_wrong_grid_solved() {
    let set: Vec<Grid> = ["21_24", "25_28", "29_32"]
        .iter()
        .flat_map(|b| band(b).into_iter().step_by(25))
        .collect();
    for name in ["bp-alone", "bp-faithful"] {
        let mut solved = 0;
        for (i, puzzle) in set.iter().enumerate() {
            let config = RunConfig {
                seed: i as u64,
                moves_per_tick: 1_000,
                ..RunConfig::default()
            };
            let mut solver = kind(name).start(puzzle, config).expect("valid");
            let mut end = solver.tick().clone();
            for _ in 0..200 {
                if end.state != RunState::Running {
                    break;
                }
                end = solver.tick().clone();
            }
            match end.state {
                RunState::Solved => {
                    solved += 1;
                    assert!(obeys_the_rules(puzzle, &end.cells), "{name} {i}");
                }
                RunState::GaveUp => {
                    assert!(end.closing.is_some(), "{name} {i} says how it stopped");
                }
                state => assert_eq!(state, RunState::Running, "{name} {i}"),
            }
        }
        assert!(solved > 0, "{name} solved none");
    }
}

#[test]
fn messages_alone_count_their_setbacks_in_a_unit_they_have() {
    // The race's Setbacks column and the status line quote this noun: messages alone never
    // pollinate, so no "0 generations".
    assert_eq!(kind("bp-alone").effort.many, kind("bp").effort.many);
    assert_eq!(kind("bp-faithful").effort.many, "generations");
}

#[test]
fn beliefs_are_drawn_as_shades_over_the_pencil_marks() {
    let puzzle = &puzzles("famous.txt")[0];
    let config = RunConfig {
        seed: 1,
        moves_per_tick: 1,
        ..RunConfig::default()
    };
    let mut solver = kind("bp").start(puzzle, config).expect("valid");
    solver.tick();
    let frame = solver.frame();
    let Detail::Spins {
        shown,
        free,
        levels,
        ..
    } = &frame.detail
    else {
        panic!("beliefs are shown per cell");
    };
    for cell in 0..81 {
        for d in 0..9 {
            let level = (levels[cell] >> (4 * d) & 0xF) as u8;
            if shown[cell] >> d & 1 == 0 {
                assert_eq!(level, 0, "a struck-out digit has no belief");
            }
        }
        if puzzle.get(cell).is_some() {
            assert_eq!(free[cell], 0, "givens are clamped");
        }
    }
    let entropy = figures(frame).mean_entropy;
    assert!(entropy > 0.0 && entropy < 9f64.log2(), "{entropy}");
}

#[test]
fn the_penalty_is_the_reports_sum_of_unit_distances_from_45() {
    let geometry = Geometry::of(Shape::CLASSIC);
    let (puzzle, solution) = common::famous().remove(0);
    assert_eq!(penalty(&geometry, solution.digits()), 0);
    // All fives: every unit sums to 45, the report's own example of a false zero.
    assert_eq!(penalty(&geometry, &[5; 81]), 0);
    // The empty cells of a puzzle count as 0.
    let blanks = 81 - puzzle.filled();
    assert!(penalty(&geometry, puzzle.digits()) >= blanks as u32);
    let marks: Vec<Mark> = solution.digits().iter().map(|&d| Mark::Digit(d)).collect();
    assert!(obeys_the_rules(&puzzle, &marks));
}
