//! The annealers through the step API every solver shares: fixed seeds, properties of
//! every grid they call solved, the 2019 schedule, Stop, and the faithful Hamiltonian's energy.

use crate::common;

use common::{famous, kind, obeys_the_rules, puzzles, run_to_end};
use sudoku_engine::board::{Cages, Grid, Shape};
use sudoku_engine::solvers::anneal::SpinModel;
use sudoku_engine::solvers::anneal::ising_faithful::{FaithfulIsing, GIVEN_BIAS, L1, L2};
use sudoku_engine::step::Figures;
use sudoku_engine::{Frame, RunConfig, RunState, SolverKind};

/// Starts `kind` on `puzzle` and ticks it until the run ends.
fn run(kind: SolverKind, puzzle: &Grid, config: RunConfig) -> Frame {
    let mut solver = kind.start(puzzle, config).expect("valid puzzle");
    run_to_end(solver.as_mut())
}

#[test]
fn tuned_annealer_solves_the_famous_and_hardest_puzzles_with_fixed_seeds() {
    let mut set = puzzles("famous.txt");
    set.extend(puzzles("magictour_top1465_every_97th.txt"));
    for (i, puzzle) in set.iter().enumerate() {
        let config = RunConfig {
            seed: 1000 + i as u64,
            max_restarts: Some(500),
            ..RunConfig::default()
        };
        let end = run(kind("ising"), puzzle, config);
        assert_eq!(end.state, RunState::Solved, "puzzle {i}: {puzzle}");
        assert!(
            obeys_the_rules(puzzle, &end.cells),
            "puzzle {i} 'solved' wrongly"
        );
        assert_eq!((end.violations, end.sample.values[0]), (0, 0.0));
    }
}

#[test]
fn the_same_seed_gives_the_same_run_and_another_seed_another() {
    let puzzle = &puzzles("famous.txt")[1];
    let trace = |seed| {
        let config = RunConfig {
            seed,
            moves_per_tick: 5_000,
            ..RunConfig::default()
        };
        let mut solver = kind("ising").start(puzzle, config).expect("valid");
        (0..20).map(|_| solver.tick().clone()).collect::<Vec<_>>()
    };
    assert_eq!(trace(5), trace(5));
    assert_ne!(trace(5), trace(6));
}

/// The speed changes how much of a run a frame shows, never the run.
#[test]
fn a_run_is_the_same_at_every_speed() {
    let puzzle = &puzzles("famous.txt")[2];
    for name in ["ising", "ising-faithful", "qubo", "qubo-faithful"] {
        let kind = kind(name);
        let ends: Vec<_> = [kind.speeds[0] / 7, kind.default_speed, kind.fastest()]
            .into_iter()
            .map(|moves| {
                let config = RunConfig {
                    moves_per_tick: moves,
                    max_restarts: Some(2),
                    ..kind.run_config(11)
                };
                let end = run(kind, puzzle, config);
                (end.state, end.moves, end.effort, end.cells)
            })
            .collect();
        assert!(ends.windows(2).all(|w| w[0] == w[1]), "{name}: {ends:?}");
    }
}

#[test]
fn faithful_preset_cools_from_100_by_0_9_and_restarts_after_48_ticks() {
    let puzzle = &puzzles("famous.txt")[0];
    let config = RunConfig {
        seed: 3,
        ..RunConfig::default()
    };
    let mut solver = kind("ising-faithful").start(puzzle, config).expect("valid");
    let first: Vec<Frame> = (0..48).map(|_| solver.tick().clone()).collect();
    for (k, s) in first.iter().enumerate() {
        let expected = 100.0 * 0.9f64.powi(k as i32);
        assert!((s.sample.values[1] - expected).abs() < 1e-9, "tick {k}");
        assert_eq!(s.moves, 50_000 * (k as u64 + 1));
    }
    // The 48th tick took T below 0.7: the grid failed the full check and the spins restarted.
    assert_eq!(first[46].effort, 0);
    assert_eq!(first[47].effort, 1);
    assert!(first[47].violations > 0);
    assert_eq!(solver.tick().sample.values[1], 100.0);
    assert!(
        solver.frame().sample.restarted,
        "the restart is marked on the plot"
    );
}

#[test]
fn a_run_out_of_restarts_gives_up_and_a_finished_run_does_no_more_work() {
    let puzzle = &puzzles("famous.txt")[0];
    let config = RunConfig {
        seed: 9,
        max_restarts: Some(0),
        ..RunConfig::default()
    };
    let mut solver = kind("ising-faithful")
        .start(puzzle, config)
        .expect("valid puzzle");
    let end = run_to_end(solver.as_mut());
    assert_eq!(
        (end.state, end.ticks, end.effort),
        (RunState::GaveUp, 48, 0)
    );
    assert_eq!(solver.tick(), &end);
}

#[test]
fn solvers_refuse_puzzles_with_repeated_givens() {
    let mut digits = vec![0u8; 81];
    digits[0] = 4;
    digits[40] = 4;
    digits[4] = 4;
    let puzzle = Grid::from_digits(Shape::CLASSIC, digits).expect("fits");
    for kind in SolverKind::all() {
        let err = kind
            .start(&puzzle, RunConfig::default())
            .err()
            .expect("refused");
        assert!(
            err.cells().contains(&0) && err.cells().contains(&4),
            "{err}"
        );
    }
}

#[test]
fn faithful_energy_of_a_solution_matches_the_hamiltonian_by_hand() {
    let (puzzle, solution) = famous().swap_remove(0);
    let mut model = FaithfulIsing::new(&puzzle).expect("valid");
    model.set_grid(&solution);

    // Per cell: 9 fields h = 3.5·L1 (one spin up, eight down: Σq = −7) and the 36 pairs inside
    // the cell (8 pairs with the up spin at −1, 28 pairs of down spins at +1) at J = 0.5·L1.
    let h = 7 * L1 / 2;
    let cell = h * -7 + (L1 / 2) * (28 - 8);
    // 810 pairs of peer cells; for each, 9 digits at J = L2: the two digits held give −1 each,
    // the seven others +1.
    let peers = 810 * L2 * (7 - 2);
    // A kept given: its own digit −50 (spin up), the other eight +50 (spins down): −50 − 400.
    let givens = puzzle.filled() as i32 * -(GIVEN_BIAS * 9);
    assert_eq!(model.energy(), f64::from(81 * cell + peers + givens));

    // A solution is a local minimum: changing any one free cell's digit raises the energy.
    let ground = model.energy();
    for c in (0..81).filter(|&c| puzzle.get(c).is_none()) {
        let mut other = solution.clone();
        other.set(c, solution.get(c).map(|d| d % 9 + 1));
        model.set_grid(&other);
        assert!(model.energy() > ground, "cell {c}");
    }
}

/// Two cages drawn on an empty board, as a person starts a killer: the cells outside them
/// need the plain schedule's floor to freeze, and a killer's warm floor never lets them.
#[test]
fn a_board_with_a_few_cages_is_solved_within_one_plain_attempt() {
    let cages = Cages::parse(Shape::CLASSIC, "11:r1c1+r1c2,15:r2c1+r2c2+r2c3").expect("cages");
    let puzzle = (Grid::empty(Shape::CLASSIC).with_cages(cages.to_vec())).expect("caged");
    for name in ["ising", "qubo"] {
        let kind = kind(name);
        for seed in 1..=3 {
            let config = RunConfig {
                max_restarts: Some(0),
                ..kind.run_config(seed)
            };
            let mut solver = kind.start(&puzzle, config).expect("a killer it takes");
            // A tick a step: the plain schedule's 7 steps of cooling and 400 at the floor.
            let mut end = solver.tick().clone();
            while end.state == RunState::Running && end.ticks < 407 {
                end = solver.tick().clone();
            }
            assert_eq!(end.state, RunState::Solved, "{name}, seed {seed}");
            assert!(obeys_the_rules(&puzzle, &end.cells), "{name}, seed {seed}");
        }
    }
}

#[test]
fn the_tuned_annealer_and_the_one_hot_qubo_solve_killers_with_fixed_seeds() {
    // 6×6 killers, which a debug build anneals in moments; 9×9 ones are measured in
    // docs/BENCHMARKS.md.
    let six = Shape::new(2, 3).expect("6x6");
    let killers = sudoku_engine::generate::killer_many(six, 0, 46, 4).expect("killers");
    for name in ["ising", "qubo"] {
        for (i, (puzzle, solution)) in killers.iter().enumerate() {
            assert_eq!(puzzle.filled(), 0, "no givens");
            let config = RunConfig {
                seed: 7 + i as u64,
                max_restarts: Some(2_000),
                ..RunConfig::default()
            };
            // The sum penalty's part of the energy is told apart, within the energy, until 0.
            let mut solver = kind(name).start(puzzle, config).expect("a killer it takes");
            let cage_part = |frame: &Frame| match frame.figures {
                Figures::Annealer(f) => f.cage_energy.filter(|&c| c >= 0.0 && c <= f.energy),
                _ => None,
            };
            assert!(
                cage_part(solver.tick()).is_some(),
                "{name} {i}: cage energy"
            );
            let end = run_to_end(solver.as_mut());
            assert_eq!(cage_part(&end), Some(0.0), "{name} {i}: sums met");
            assert_eq!(end.state, RunState::Solved, "{name} on killer {i}");
            assert!(
                obeys_the_rules(puzzle, &end.cells),
                "{name} {i}: rules and cages"
            );
            assert_eq!(
                common::digits(&end.cells),
                solution.digits(),
                "one solution"
            );
        }
    }
    // The solvers without the sums in their energy say so instead of running.
    for name in ["ising-faithful", "qubo-faithful", "bp"] {
        let refused = kind(name).start(&killers[0].0, RunConfig::default());
        let Err(why) = refused else {
            panic!("{name} took a killer");
        };
        assert!(why.to_string().contains("without cages"), "{why}");
    }
}
