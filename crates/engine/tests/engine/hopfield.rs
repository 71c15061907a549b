//! The Hopfield networks: the notebook's network reproduces the notebook's runs, its dynamics
//! never raise its energy, and the mean-field network solves with fixed seeds; whatever any of
//! them calls solved obeys the rules.

use crate::common;

use common::{kind, obeys_the_rules, puzzles, run_to_end};
use sudoku_engine::board::{Geometry, Grid, Shape};
use sudoku_engine::grade::solve_by_singles;
use sudoku_engine::solvers::hopfield::{optimal_score, score};
use sudoku_engine::step::{Detail, Figures, NetworkFigures};
use sudoku_engine::{Frame, Mark, RunConfig, RunState, Solver};

/// The notebook's 4×4 puzzle.
const NOTEBOOK_4X4: &str = "3... .1.2 .... ..1.";
/// The notebook's "easy" 9×9 puzzle (from sudoku.com).
const NOTEBOOK_EASY: &str =
    "....79.3.5.2.61478376.859.2.175..8..2.983........2..4.....5.2.1.23....541..7.....";
/// What the notebook printed after its first step on that puzzle, blanks as `.`.
const NOTEBOOK_EASY_AFTER: &str =
    "48127953659236147837648591261754.8232498361.58351276497649532819236187541587.236.";

fn figures(frame: &Frame) -> NetworkFigures {
    match frame.figures {
        Figures::Network(f) => f,
        other => panic!("not a network: {other:?}"),
    }
}

fn line(frame: &Frame) -> String {
    frame
        .cells
        .iter()
        .map(|m| match m {
            Mark::Digit(d) => char::from(b'0' + d),
            Mark::Empty => '.',
            Mark::Several => '*',
        })
        .collect()
}

fn start(name: &str, puzzle: &Grid, seed: u64, moves: u64) -> Box<dyn Solver> {
    let config = RunConfig {
        seed,
        moves_per_tick: moves,
        ..RunConfig::default()
    };
    kind(name).start(puzzle, config).expect("valid puzzle")
}

#[test]
fn the_notebooks_network_solves_its_4x4_in_one_sweep() {
    let puzzle = Grid::parse_any(NOTEBOOK_4X4).expect("4x4");
    let mut net = start("hopfield-faithful", &puzzle, 1, 64);
    let end = net.tick().clone();
    assert_eq!(end.state, RunState::Solved);
    assert_eq!(line(&end), "3241413213242413");
    assert_eq!((figures(&end).actual, figures(&end).optimal), (64, 64));
    assert_eq!(figures(&end).sweeps, 1);
}

#[test]
fn the_notebooks_network_stops_at_308_of_324_on_its_easy_puzzle_as_printed() {
    let puzzle = Grid::parse(NOTEBOOK_EASY).expect("valid");
    let end = run_to_end(start("hopfield-faithful", &puzzle, 1, 729).as_mut());
    assert_eq!(end.state, RunState::GaveUp);
    assert_eq!(line(&end), NOTEBOOK_EASY_AFTER);
    assert_eq!((figures(&end).actual, figures(&end).optimal), (308, 324));
    // The first sweep fills the grid, the second changes nothing.
    assert_eq!(figures(&end).sweeps, 2);
    let closing = end.closing.unwrap_or_default();
    assert!(closing.contains("308 of 324"), "{closing}");
    // Singles alone solve this puzzle: the network's failure is its own.
    assert!(solve_by_singles(&Geometry::of(puzzle.shape()), &puzzle).is_some());
}

#[test]
fn neither_update_rule_ever_raises_the_notebooks_energy() {
    let puzzle = &puzzles("unbiased_easy_every_20th.txt")[1];
    for name in ["hopfield-faithful", "hopfield-faithful-random"] {
        for seed in 1..4 {
            let mut net = start(name, puzzle, seed, 1);
            let mut last = figures(net.frame()).energy;
            while net.tick().state == RunState::Running {
                let energy = figures(net.frame()).energy;
                assert!(energy <= last, "{name} seed {seed}: {last} -> {energy}");
                last = energy;
            }
            let end = net.frame();
            // A fixed point has no two rival neurons on: cells may be empty, but nothing else
            // is broken. Each empty cell costs its own constraint and its digit in three units.
            let empty = end.cells.iter().filter(|m| **m == Mark::Empty).count() as u32;
            assert!(end.cells.iter().all(|m| *m != Mark::Several), "{name}");
            assert_eq!(end.violations, 4 * empty, "{name}");
            assert_eq!(figures(end).actual, 324 - 4 * empty, "{name}");
            if end.state == RunState::Solved {
                assert!(obeys_the_rules(puzzle, &end.cells), "{name}");
            }
        }
    }
}

#[test]
fn the_random_rule_settles_too_and_its_seed_names_its_run() {
    let puzzle = Grid::parse(NOTEBOOK_EASY).expect("valid");
    let run = |seed| run_to_end(start("hopfield-faithful-random", &puzzle, seed, 729).as_mut());
    let (a, b, c) = (run(7), run(7), run(8));
    assert_eq!(a, b);
    assert_ne!(line(&a), line(&c));
    for end in [a, c] {
        assert!(matches!(end.state, RunState::GaveUp | RunState::Solved));
        assert!(figures(&end).actual <= 324);
    }
}

#[test]
fn the_score_counts_the_notebooks_four_constraints() {
    let geometry = Geometry::of(Shape::CLASSIC);
    assert_eq!(optimal_score(&geometry), 324);
    let four = Geometry::of(Shape::new(2, 2).expect("4x4"));
    assert_eq!(optimal_score(&four), 64);
    // The givens of the notebook's easy puzzle alone: the notebook printed "Actual: 144".
    let puzzle = Grid::parse(NOTEBOOK_EASY).expect("valid");
    let up: Vec<u32> = (0..81)
        .map(|c| puzzle.get(c).map_or(0, |d| 1 << (d - 1)))
        .collect();
    assert_eq!(score(&geometry, &up), 144);
    // Two digits on in one cell break that cell's constraint and add a second 1 to its units.
    let mut twice = up.clone();
    twice[0] = 0b11;
    assert!(score(&geometry, &twice) < 144 + 4);
}

#[test]
fn the_mean_field_network_solves_easy_and_famous_puzzles_with_fixed_seeds() {
    let mut set = puzzles("unbiased_easy_every_20th.txt");
    set.push(Grid::parse(NOTEBOOK_EASY).expect("valid"));
    set.push(Grid::parse_any(NOTEBOOK_4X4).expect("4x4"));
    for (i, puzzle) in set.iter().enumerate() {
        let config = RunConfig {
            seed: 500 + i as u64,
            moves_per_tick: 72_900,
            max_restarts: Some(2_000),
            ..RunConfig::default()
        };
        let mut net = kind("hopfield").start(puzzle, config).expect("valid");
        let end = run_to_end(net.as_mut());
        assert_eq!(end.state, RunState::Solved, "puzzle {i}: {puzzle}");
        if puzzle.shape() == Shape::CLASSIC {
            assert!(obeys_the_rules(puzzle, &end.cells), "puzzle {i}");
        }
        assert_eq!(figures(&end).actual, figures(&end).optimal);
    }
}

#[test]
fn analog_neurons_are_drawn_as_shades_that_follow_the_winner() {
    let puzzle = &puzzles("famous.txt")[0];
    let mut net = start("hopfield", puzzle, 3, 7_290);
    for _ in 0..30 {
        net.tick();
    }
    let frame = net.frame();
    let Detail::Spins {
        up, levels, free, ..
    } = &frame.detail
    else {
        panic!("a network shows its neurons");
    };
    assert_eq!(levels.len(), 81);
    for cell in 0..81 {
        let shades: Vec<u8> = (0..9)
            .map(|d| (levels[cell] >> (4 * d) & 0xF) as u8)
            .collect();
        let winner = up[cell].trailing_zeros() as usize;
        assert_eq!(up[cell].count_ones(), 1, "one read-out digit per cell");
        assert_eq!(
            shades[winner],
            *shades.iter().max().unwrap_or(&0),
            "cell {cell}"
        );
        if let Some(given) = puzzle.get(cell) {
            assert_eq!(winner + 1, usize::from(given));
            assert_eq!(free[cell], 0, "givens are clamped");
        }
    }
}
