//! The generator's promises, checked by the exact search and the checker rather than trusted:
//! one solution, no given to spare, the grade asked for, the same puzzles for the same seed.

use sudoku_engine::board::{Geometry, Grid, Rules, Shape};
use sudoku_engine::check;
use sudoku_engine::exact;
use sudoku_engine::generate::{
    Generated, Generator, MAX_TRIES, Request, general_givens, general_many, general_with_rng,
    generate_many, generate_with_rng, killer_graded_many,
};
use sudoku_engine::grade::{self, Difficulty};
use sudoku_engine::rng::{Draws, Rng, SeedableRng};
use sudoku_engine::step::{Detail, RunState};

use crate::common::{kind, obeys_the_rules, run_to_end};

fn request(side: usize, difficulty: Option<Difficulty>, symmetric: bool) -> Request {
    Request {
        shape: Shape::of_cells(side * side).expect("a board"),
        difficulty,
        symmetric,
        killer: false,
    }
}

fn solutions(puzzle: &Grid) -> u64 {
    let count = exact::count(puzzle, 2).expect("valid givens");
    assert!(count.complete, "{puzzle}");
    count.solutions
}

/// One solution, which is the one reported, and the givens are the solution's.
fn assert_sound(made: &Generated) {
    let geometry = Geometry::of(made.puzzle.shape());
    assert_eq!(solutions(&made.puzzle), 1, "{}", made.puzzle);
    assert!(check::is_solution(&geometry, &made.puzzle, &made.solution));
    assert_eq!(grade::grade(&geometry, &made.puzzle), Some(made.difficulty));
}

/// No single given can be removed with the puzzle keeping one solution.
fn assert_minimal(puzzle: &Grid) {
    for cell in (0..puzzle.digits().len()).filter(|&c| puzzle.get(c).is_some()) {
        let mut fewer = puzzle.clone();
        fewer.set(cell, None);
        assert!(
            solutions(&fewer) > 1,
            "{puzzle}: the given at {cell} is not needed"
        );
    }
}

#[test]
fn every_level_of_9x9_is_unique_minimal_and_graded_as_asked() {
    let mut rng = Rng::seed_from_u64(12);
    for difficulty in Difficulty::ALL {
        for _ in 0..4 {
            let made =
                generate_with_rng(request(9, Some(difficulty), false), &mut rng).expect("a grid");
            assert_sound(&made);
            assert!(made.as_asked && made.minimal, "{made:?}");
            assert_eq!(made.difficulty, difficulty);
            assert_minimal(&made.puzzle);
        }
    }
}

#[test]
fn symmetric_puzzles_mirror_under_a_half_turn_and_stay_minimal() {
    let mut rng = Rng::seed_from_u64(5);
    for side in [6, 9] {
        for _ in 0..3 {
            let made = generate_with_rng(request(side, None, true), &mut rng).expect("a grid");
            assert_sound(&made);
            let cells = made.puzzle.digits().len();
            for c in 0..cells {
                assert_eq!(
                    made.puzzle.get(c).is_some(),
                    made.puzzle.get(cells - 1 - c).is_some(),
                    "{}",
                    made.puzzle
                );
            }
            assert!(made.minimal);
            assert_minimal(&made.puzzle);
        }
    }
}

#[test]
fn one_seed_one_puzzle_and_the_steps_add_up_to_the_run() {
    let ask = request(9, Some(Difficulty::Hard), false);
    let once = Generator::new(ask, 77).run().expect("a grid");
    let mut stepped = Generator::new(ask, 77);
    let again = loop {
        if let Some(done) = stepped.step() {
            break done.expect("a grid");
        }
    };
    assert_eq!(once, again);
    let other = Generator::new(ask, 78).run().expect("a grid");
    assert_ne!(once.puzzle, other.puzzle);
}

#[test]
fn a_level_a_board_does_not_have_gives_the_nearest_and_says_so() {
    // Every minimal 4×4 puzzle falls to singles.
    let made = Generator::new(request(4, Some(Difficulty::Expert), false), 3)
        .run()
        .expect("a grid");
    assert_sound(&made);
    assert!(!made.as_asked);
    assert_eq!((made.difficulty, made.tries), (Difficulty::Easy, MAX_TRIES));
}

#[test]
fn large_boards_come_unique_at_every_level_asked_for() {
    for (difficulty, seed) in [(Difficulty::Easy, 1), (Difficulty::Expert, 2)] {
        let made = Generator::new(request(16, Some(difficulty), false), seed)
            .run()
            .expect("a grid");
        assert_sound(&made);
        assert!(made.as_asked, "{made:?}");
        // Minimal 16×16 puzzles need guessing: an easy one is held to its level instead.
        assert_eq!(made.minimal, difficulty == Difficulty::Expert);
        if made.minimal {
            assert_minimal(&made.puzzle);
        }
    }
}

/// The page's referee decides every puzzle made past 9×9 within its budget: the digging proves
/// uniqueness with the solution in hand, and a 25×25 hard puzzle so proved may need far more
/// guesses than the referee's count to two may make.
#[test]
fn the_referee_decides_every_large_puzzle_made() {
    // The fourth of seed 500's 25×25 hard puzzles ran past the referee's budget before it ruled.
    let made = generate_many(request(25, Some(Difficulty::Hard), false), 500, 4).expect("grids");
    for made in &made {
        assert_eq!(
            exact::diagnose(&made.puzzle, exact::DIAGNOSIS_BUDGET),
            Ok(exact::Diagnosis::Unique),
            "{}",
            made.puzzle
        );
    }
}

#[test]
fn general_instances_keep_as_many_givens_as_lewis_instances_do() {
    // Counted in Lewis's published instances: the share of cells, rounded up.
    for (cells, percent, givens) in [
        (625, 35, 219),
        (625, 40, 250),
        (625, 45, 282),
        (256, 40, 103),
        (81, 40, 33),
        (81, 5, 5),
        (81, 0, 0),
        (81, 100, 81),
    ] {
        assert_eq!(
            general_givens(cells, percent),
            givens,
            "{cells} at {percent} %"
        );
    }
}

/// A solution found by the exact search, checked against the givens and the rules.
fn assert_solvable(puzzle: &Grid) {
    let mut search = exact::Search::new(puzzle, 1).expect("no givens repeat");
    search.run(1_000_000);
    let solution = search.take_first_solution().expect("a solution");
    assert!(
        check::is_solution(&Geometry::of(puzzle.shape()), puzzle, &solution),
        "{puzzle}"
    );
}

#[test]
fn general_instances_keep_a_random_share_of_a_solution_grid() {
    let mut rng = Rng::seed_from_u64(3);
    let x = Shape::CLASSIC.with_rules(Rules::X).expect("a board");
    for (shape, percent) in [
        (Shape::CLASSIC, 0),
        (Shape::CLASSIC, 40),
        (Shape::CLASSIC, 100),
        (x, 30),
        (request(16, None, false).shape, 45),
        (request(25, None, false).shape, 60),
    ] {
        let puzzle = general_with_rng(shape, percent, &mut rng).expect("a grid");
        assert_eq!(puzzle.shape(), shape);
        assert_eq!(puzzle.filled(), general_givens(shape.cells(), percent));
        assert_solvable(&puzzle);
    }
}

#[test]
fn general_instances_follow_the_seed() {
    let shape = request(16, None, false).shape;
    let once = general_many(shape, 40, 8, 3).expect("grids");
    assert_eq!(once, general_many(shape, 40, 8, 3).expect("grids"));
    assert_ne!(once, general_many(shape, 40, 9, 3).expect("grids"));
    assert!(once[0] != once[1] && once[1] != once[2]);
}

/// `grade::within`, the generator's question while it digs toward an easy level, says what the
/// full grade says, at every level, on puzzles of every grade, on plain boards and under every
/// extra rule (where it takes its shortcut through the exact search's propagation and where not).
#[test]
fn within_answers_as_the_grade_does() {
    let text = crate::common::read("tests/data/unbiased_first100.txt");
    let mut puzzles: Vec<Grid> = (sudoku_engine::board::parse_puzzle_list(&text).into_iter())
        .map(|p| p.expect("test puzzles parse"))
        .take(40)
        .collect();
    for (rules, _, _) in Rules::ALL {
        let shape = Shape::CLASSIC.with_rules(rules).expect("a board");
        for difficulty in Difficulty::ALL {
            let asked = Request {
                shape,
                difficulty: Some(difficulty),
                symmetric: false,
                killer: false,
            };
            let made = generate_many(asked, 5, 1).expect("a puzzle");
            puzzles.extend(made.into_iter().map(|g| g.puzzle));
        }
    }
    let mut answers = [[0; 2]; 4];
    for puzzle in &puzzles {
        let geometry = Geometry::of(puzzle.shape());
        let graded = grade::grade(&geometry, puzzle);
        for (i, level) in Difficulty::ALL.into_iter().enumerate() {
            let said = grade::within(&geometry, puzzle, level);
            assert_eq!(
                said,
                graded.is_some_and(|g| g <= level),
                "{puzzle} {level:?}"
            );
            answers[i][usize::from(said)] += 1;
        }
    }
    assert!(answers[..3].iter().flatten().all(|&n| n > 0), "{answers:?}");
}

/// Whether some solution of `puzzle` differs from `known` at one of `cells`, asked one
/// placement at a time: a digit other than `known`'s at one of the cells, then any solution.
fn differs_by_placing(puzzle: &Grid, known: &Grid, cells: &[usize]) -> bool {
    let geometry = Geometry::of(puzzle.shape());
    cells.iter().any(|&cell| {
        let others = check::candidates(&geometry, puzzle, cell);
        others
            .into_iter()
            .filter(|d| known.get(cell) != Some(d.get()))
            .any(|d| {
                let mut placed = puzzle.clone();
                placed.set(cell, Some(d.get()));
                exact::count(&placed, 1).is_ok_and(|count| count.solutions == 1)
            })
    })
}

/// `exact::differs_at`, the generator's uniqueness proof, finds a solution that differs from a
/// known grid at the given cells exactly when one placement there has a solution, and after
/// givens are taken away from a puzzle with one solution it says what counting to two says: on
/// puzzles with one, several and no solutions, every size from 4×4 to 25×25 and a variant rule.
#[test]
fn differing_at_the_cells_taken_agrees_with_counting_to_two() {
    let shapes = [(2, 2), (2, 3), (3, 3), (4, 4), (5, 5)].map(|(r, c)| Shape::new(r, c));
    let x = Shape::CLASSIC.with_rules(Rules::X);
    let mut rng = Rng::seed_from_u64(29);
    let mut seen = [0; 3];
    for shape in shapes.into_iter().chain([x]).flatten() {
        let asked = Request {
            shape,
            difficulty: Some(Difficulty::Easy),
            symmetric: false,
            killer: false,
        };
        let made = generate_with_rng(asked, &mut rng).expect("a puzzle");
        let givens: Vec<usize> = (0..shape.cells())
            .filter(|&c| made.puzzle.get(c).is_some())
            .collect();
        // A third of a 25×25 puzzle's givens taken away leaves a search too long for a test.
        let many = if shape.size() > 16 {
            3
        } else {
            givens.len() / 3
        };
        for taken in [1, 2, many] {
            let mut cells = givens.clone();
            rng.shuffle(&mut cells);
            cells.truncate(taken);
            let mut fewer = made.puzzle.clone();
            cells.iter().for_each(|&c| fewer.set(c, None));
            let found = exact::differs_at(&fewer, &made.solution, &cells, u64::MAX);
            let count = solutions(&fewer);
            assert_eq!(found, Ok(Some(count > 1)), "{fewer}");
            seen[count as usize] += 1;
            // The same puzzle with a given changed: mostly no solution at all.
            let Some(&moved) = givens.iter().find(|c| !cells.contains(c)) else {
                continue;
            };
            let geometry = Geometry::of(shape);
            fewer.set(moved, None);
            let other = (check::candidates(&geometry, &fewer, moved).into_iter())
                .find(|d| made.solution.get(moved) != Some(d.get()));
            let Some(other) = other else { continue };
            fewer.set(moved, Some(other.get()));
            let found = exact::differs_at(&fewer, &made.solution, &cells, u64::MAX);
            let by_placing = differs_by_placing(&fewer, &made.solution, &cells);
            assert_eq!(found, Ok(Some(by_placing)), "{fewer}");
            seen[solutions(&fewer) as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n > 1), "none, one, several: {seen:?}");
}

#[test]
fn above_nine_by_nine_the_default_level_leaves_the_annealer_something_to_anneal() {
    assert_eq!(Request::default_level(Shape::CLASSIC), Difficulty::Medium);
    let tuned = sudoku_engine::SolverKind::from_name("ising").expect("the tuned annealer");
    for side in [16, 25] {
        let shape = Shape::of_cells(side * side).expect("a board");
        // Whether the tuned annealer's clamps alone solve a puzzle made at `level`.
        let forced = |level: Difficulty| {
            let made = generate_many(request(side, Some(level), false), 7, 1).expect("made");
            let run = tuned
                .start(&made[0].puzzle, tuned.run_config(1))
                .expect("it starts");
            run.frame().forced.is_some()
        };
        assert!(
            forced(Difficulty::Medium),
            "{side}: a medium puzzle is all forced moves"
        );
        assert!(
            !forced(Request::default_level(shape)),
            "{side}: the default anneals"
        );
    }
}

#[test]
fn new_puzzle_makes_killers_of_one_solution_graded_on_their_cages() {
    for (side, level, seed) in [
        (9, Difficulty::Easy, 1),
        (9, Difficulty::Medium, 2),
        (6, Difficulty::Easy, 3),
    ] {
        let asked = Request {
            killer: true,
            ..request(side, Some(level), false)
        };
        let made = Generator::new(asked, seed).run().expect("a killer");
        assert!(
            made.puzzle.is_killer() && made.puzzle.filled() == 0,
            "{made:?}"
        );
        assert_eq!(solutions(&made.puzzle), 1, "{}", made.puzzle);
        let geometry = Geometry::of_puzzle(&made.puzzle);
        assert!(check::is_solution(&geometry, &made.puzzle, &made.solution));
        assert_eq!(grade::grade(&geometry, &made.puzzle), Some(level));
        assert!(made.as_asked && made.minimal);
    }
    // Past 9×9 a killer's proof takes minutes: the generator says none turned up.
    let wide = Request {
        killer: true,
        ..request(16, Some(Difficulty::Hard), false)
    };
    assert!(Generator::new(wide, 1).run().is_err());
}

/// Whether `cells` of a 9×9 board hang together side by side.
fn side_by_side(cells: &[usize]) -> bool {
    let mut reached = vec![cells[0]];
    let mut next = 0;
    while let Some(&c) = reached.get(next) {
        for other in cells.iter().copied() {
            let beside = (c / 9 == other / 9 && c.abs_diff(other) == 1) || c.abs_diff(other) == 9;
            if beside && !reached.contains(&other) {
                reached.push(other);
            }
        }
        next += 1;
    }
    reached.len() == cells.len()
}

#[test]
fn killers_look_printed_with_cages_of_two_to_six_side_by_side_and_one_solution() {
    let made = killer_graded_many(Shape::CLASSIC, 0, None, 3, 6).expect("killers");
    let (mut cages, mut alone) = (0, 0);
    for made in &made {
        assert_eq!(made.puzzle.filled(), 0);
        assert_eq!(solutions(&made.puzzle), 1, "{}", made.puzzle);
        let geometry = Geometry::of_puzzle(&made.puzzle);
        assert!(check::is_solution(&geometry, &made.puzzle, &made.solution));
        for cage in made.puzzle.cages().iter() {
            let cells: Vec<usize> = cage.cells().collect();
            assert!(cells.len() <= 6 && side_by_side(&cells), "{cells:?}");
            cages += 1;
            alone += usize::from(cells.len() == 1);
        }
    }
    // Killers in print have a cage of one in twenty or fewer.
    assert!(alone * 20 <= cages, "{alone} of {cages} cages of one cell");
}

/// The cells the tuned annealer's clamps leave a choice in on `puzzle`, as its first frame
/// shows them.
fn unforced(puzzle: &Grid) -> usize {
    let run = (kind("ising").start(puzzle, kind("ising").run_config(1))).expect("it starts");
    match &run.frame().detail {
        Detail::Spins { free, .. } => free.iter().filter(|&&bits| bits != 0).count(),
        _ => 0,
    }
}

#[test]
fn a_medium_killer_that_propagation_fills_leaves_the_annealer_cells_to_cool() {
    // Seed 5's first medium killer is all forced moves, by either way of making it.
    let medium = Some(Difficulty::Medium);
    let graded = killer_graded_many(Shape::CLASSIC, 0, medium, 5, 1).expect("a killer");
    let asked = Request {
        killer: true,
        ..request(9, medium, false)
    };
    let paged = Generator::new(asked, 5).run().expect("a killer");
    for made in graded.iter().chain([&paged]) {
        assert_eq!(made.difficulty, Difficulty::Medium);
        assert!(made.as_asked && made.puzzle.filled() == 0);
        assert_eq!(solutions(&made.puzzle), 1, "{}", made.puzzle);
        let open = unforced(&made.puzzle);
        assert!(open * 3 >= 81, "{open} cells to cool: {}", made.puzzle);
    }
}

#[test]
fn an_easy_killer_that_propagation_fills_is_still_annealed() {
    // Propagation places every digit of an easy killer; the annealer then keeps its cages'
    // sums alone as domains, so a run has cells to cool and still ends solved.
    let easy = Some(Difficulty::Easy);
    let made = killer_graded_many(Shape::CLASSIC, 0, easy, 1, 1).expect("a killer");
    let puzzle = &made[0].puzzle;
    let settled = exact::settled_candidates(puzzle).expect("no contradiction");
    assert!(settled.iter().all(|s| s.len() == 1), "not filled: {puzzle}");
    let open = unforced(puzzle);
    assert!(open * 3 >= 81, "{open} cells to cool: {puzzle}");
    for name in ["ising", "qubo"] {
        let mut run = (kind(name).start(puzzle, kind(name).run_config(3))).expect("it starts");
        let end = run_to_end(run.as_mut());
        assert_eq!(end.state, RunState::Solved, "{name}: {puzzle}");
        assert!(obeys_the_rules(puzzle, &end.cells), "{name}: {puzzle}");
    }
}
