//! Killer cages as properties (issue 46): random cage sets cut from random solved grids of 4×4,
//! 6×6 and 9×9 boards under random rule sets. The referee takes the grid with its cages and
//! refuses it once a caged digit changes; the cages read back from their text; the exact search
//! on the empty board finds a grid keeping them; and a changed sum never yields a grid breaking it.

// proptest is a native dev-dependency (the wasm32 lint pass compiles the tests too).
#![cfg(not(target_arch = "wasm32"))]

use crate::common::{obeys_the_rules, proptest_cases, rules_of};
use proptest::prelude::*;
use proptest::sample::Index;
use sudoku_engine::board::{Cage, Cages, Geometry, Grid, Rules, Shape, sum_range};
use sudoku_engine::check::{is_solution, violations};
use sudoku_engine::exact;
use sudoku_engine::generate::{cut_cages, general_with_rng};
use sudoku_engine::hint::{Marks, Options, next_step};
use sudoku_engine::rng::{Draws, Rng, SeedableRng};
use sudoku_engine::{Mark, RunConfig, RunState, SolverKind};

/// A solved grid and the empty board of its shape with cages cut from it.
struct Caged {
    solution: Grid,
    puzzle: Grid,
}

/// The board of `side` under the rules of `bits` (windoku dropped where its windows do not fit),
/// a grid solving it from `seed`, and the cages cut from that grid, each kept at `keep` % (one at
/// least). `None` when no grid obeys those rules (anti-king on 4×4, for one).
fn caged(side: usize, bits: u8, seed: u64, keep: u32) -> Option<Caged> {
    let board = Shape::of_side(side).expect("a playable side");
    let rules = rules_of(bits);
    let shape =
        (board.with_rules(rules)).or_else(|| board.with_rules(rules.without(Rules::WINDOKU)))?;
    let mut rng = Rng::seed_from_u64(seed);
    let solution = general_with_rng(shape, 100, &mut rng).ok()?;
    let mut cages = cut_cages(&solution, &mut rng);
    let first = cages.swap_remove(0);
    cages.retain(|_| rng.below(100) < keep);
    cages.push(first);
    let puzzle = Grid::empty(shape)
        .with_cages(cages)
        .expect("cages cut from a solved grid fit it");
    Some(Caged { solution, puzzle })
}

/// Each cell's mark in `grid`.
fn marks(grid: &Grid) -> Vec<Mark> {
    (0..grid.shape().cells())
        .map(|cell| grid.get(cell).map_or(Mark::Empty, Mark::Digit))
        .collect()
}

/// A caged cell of `puzzle` picked by `cell`, and a digit other than `solution`'s there.
fn wrong_caged(puzzle: &Grid, solution: &Grid, cell: Index, digit: Index) -> (usize, u8) {
    let caged: Vec<usize> = puzzle.cages().iter().flat_map(Cage::cells).collect();
    let cell = *cell.get(&caged);
    let was = solution.get(cell).expect("a solved grid is full");
    let others: Vec<u8> = (1..=puzzle.shape().size() as u8)
        .filter(|&d| d != was)
        .collect();
    (cell, *digit.get(&others))
}

/// Times the exact search may ask to go on (every few thousand nodes). Some empty 9×9 boards
/// with a few cages and rules take it hundreds of thousands of nodes: those cases are skipped.
const SEARCH_LOOKS: u32 = 16;

/// The first grid the exact search finds for `puzzle` (`Some(None)` when it proves there is
/// none), or a rejected case when it runs past [`SEARCH_LOOKS`].
fn first_grid(puzzle: &Grid) -> Result<Option<Grid>, TestCaseError> {
    let mut looks = 0;
    let mut keep_going = || {
        looks += 1;
        looks < SEARCH_LOOKS
    };
    let count = exact::count_while(puzzle, 1, &mut keep_going).expect("an empty board is valid");
    match count.complete {
        true => Ok(count.first),
        false => Err(TestCaseError::reject("the search ran out of budget")),
    }
}

/// Whether `grid` solves `puzzle` by the referee and by the rules checked from first principles.
fn solves(puzzle: &Grid, grid: &Grid) -> bool {
    is_solution(&Geometry::of_puzzle(puzzle), puzzle, grid) && obeys_the_rules(puzzle, &marks(grid))
}

/// Cases: 16 in every `cargo test`, more with `PROPTEST_CASES=N`. Rule sets without a grid
/// (about a third of the draws) and searches out of budget are rejected, not counted.
fn config() -> ProptestConfig {
    let cases = proptest_cases(16);
    ProptestConfig {
        max_global_rejects: cases * 4,
        ..ProptestConfig::with_cases(cases)
    }
}

/// Seed, side, rule bits and the share of cages kept.
fn boards() -> impl Strategy<Value = (u64, usize, u8, u32)> {
    (
        any::<u64>(),
        prop_oneof![Just(4usize), Just(6), Just(9)],
        0u8..16,
        1u32..=100,
    )
}

proptest! {
    #![proptest_config(config())]

    /// The referee takes the grid the cages were cut from; one caged digit changed, it refuses,
    /// and the broken cage counts as one more violation than the same grid without cages shows.
    #[test]
    fn the_referee_takes_the_cut_grid_and_counts_a_changed_caged_digit(
        (seed, side, bits, keep) in boards(), cell in any::<Index>(), digit in any::<Index>(),
    ) {
        let Some(Caged { solution, puzzle }) = caged(side, bits, seed, keep) else {
            return Err(TestCaseError::reject("no grid under these rules"));
        };
        let text = puzzle.cages().to_text(puzzle.shape(), false);
        prop_assert!(solves(&puzzle, &solution), "{} with {text}", solution.to_line());
        let mut changed = solution.clone();
        let (cell, wrong) = wrong_caged(&puzzle, &solution, cell, digit);
        changed.set(cell, Some(wrong));
        prop_assert!(!solves(&puzzle, &changed), "{} with {text}", changed.to_line());
        let plain = Geometry::new(puzzle.shape());
        let uncaged = Grid::empty(puzzle.shape());
        prop_assert_eq!(
            violations(&plain, &puzzle, &marks(&changed)),
            violations(&plain, &uncaged, &marks(&changed)) + 1,
            "{} with {}", changed.to_line(), text
        );
    }

    /// A wrong digit in a caged cell: the cage techniques (the sums of cages, innies and
    /// outies) never offer a step over no combination, nor strike a cell's last candidate.
    #[test]
    fn a_wrong_entry_never_gets_a_cage_step_that_empties_a_cell(
        (seed, side, bits, keep) in boards(), cell in any::<Index>(), digit in any::<Index>(),
    ) {
        let Some(Caged { solution, puzzle }) = caged(side, bits, seed, keep) else {
            return Err(TestCaseError::reject("no grid under these rules"));
        };
        let mut entries = puzzle.clone();
        let (cell, wrong) = wrong_caged(&puzzle, &solution, cell, digit);
        entries.set(cell, Some(wrong));
        let mut marks = Marks::of(&entries);
        for _ in 0..side * side {
            let Some(step) = next_step(&marks, Options::ANY) else { break };
            let had: Vec<usize> = marks.open().filter(|&c| !marks.candidates(c).is_empty()).collect();
            marks.apply(&step);
            if !step.technique.needs_cages() {
                continue;
            }
            prop_assert!(!step.digits.is_empty(), "{step:?} on {}", entries.to_line());
            let emptied = had.iter().find(|&&c| marks.value(c).is_none() && marks.candidates(c).is_empty());
            prop_assert!(emptied.is_none(), "{step:?} empties {emptied:?} on {}", entries.to_line());
        }
    }

    /// Cages written out, either way, read back as the same cages.
    #[test]
    fn cages_read_back_from_their_text_written_and_compact((seed, side, bits, keep) in boards()) {
        let Some(Caged { puzzle, .. }) = caged(side, bits, seed, keep) else {
            return Err(TestCaseError::reject("no grid under these rules"));
        };
        let (shape, cages) = (puzzle.shape(), puzzle.cages());
        for compact in [false, true] {
            let text = cages.to_text(shape, compact);
            prop_assert_eq!(Cages::parse(shape, &text), Ok(cages.clone()), "{}", text);
        }
    }

    /// The exact search on the empty board with the cages finds a grid keeping every cage and
    /// rule, not necessarily the one they were cut from.
    #[test]
    fn the_search_finds_a_grid_keeping_every_cut_cage((seed, side, bits, keep) in boards()) {
        let Some(Caged { puzzle, .. }) = caged(side, bits, seed, keep) else {
            return Err(TestCaseError::reject("no grid under these rules"));
        };
        let text = puzzle.cages().to_text(puzzle.shape(), false);
        let found = first_grid(&puzzle)?;
        prop_assert!(found.is_some(), "no grid found for {}", text);
        let found = found.expect("checked");
        prop_assert!(solves(&puzzle, &found), "{} breaks {text}", found.to_line());
    }

    /// One cage's sum changed: the cages are refused as impossible, or the search proves no grid
    /// keeps them, or it finds one that keeps the new sum, never one that breaks it.
    #[test]
    fn a_changed_sum_is_refused_or_kept_never_broken(
        (seed, side, bits, keep) in boards(), which in any::<Index>(), sum in any::<Index>(),
    ) {
        let Some(Caged { puzzle, .. }) = caged(side, bits, seed, keep) else {
            return Err(TestCaseError::reject("no grid under these rules"));
        };
        let shape = puzzle.shape();
        let mut cages = puzzle.cages().to_vec();
        let which = which.index(cages.len());
        let (old, cells) = (cages[which].sum(), cages[which].cells().collect::<Vec<_>>());
        // Sums from 0 to one past the largest the cage can make, the old one left out.
        let max = sum_range(cells.len(), side).1;
        let sums: Vec<u32> = (0..=max + 1).filter(|&s| s != old).collect();
        cages[which] = Cage::new(*sum.get(&sums), cells);
        match Grid::empty(shape).with_cages(cages) {
            Err(e) => prop_assert!(e.is_impossible(), "{e} is not a refusal of a sum"),
            Ok(changed) => if let Some(found) = first_grid(&changed)? {
                let text = changed.cages().to_text(shape, false);
                prop_assert!(solves(&changed, &found), "{} breaks {text}", found.to_line());
            },
        }
    }
}

/// The one-hot QUBO annealer, which keeps the sums apart from its polynomial as running sums, on
/// fixed seeds: cage sets cut from random grids of 4×4 and 6×6 boards under the rule sets that
/// have one, a share of the cages kept and on some seeds a few givens. It solves each, and what
/// it calls solved keeps every cage and rule.
#[test]
fn the_one_hot_qubo_solves_cut_cage_sets_keeping_every_cage_and_rule() {
    let mut runs = 0;
    for seed in 0..100u64 {
        if runs == 12 {
            break;
        }
        let side = [4, 6][seed as usize % 2];
        let keep = 20 + (seed as u32 * 7) % 81;
        let Some(Caged {
            solution,
            mut puzzle,
        }) = caged(side, seed as u8 % 16, seed, keep)
        else {
            continue;
        };
        for cell in (0..puzzle.shape().cells())
            .step_by(5)
            .filter(|_| seed % 4 == 1)
        {
            puzzle.set(cell, solution.get(cell));
        }
        let text = puzzle.cages().to_text(puzzle.shape(), false);
        let kind = SolverKind::from_name("qubo").expect("registered");
        let config = RunConfig {
            max_restarts: Some(50),
            ..kind.run_config(seed)
        };
        let mut solver = kind.start(&puzzle, config).expect("a caged board it takes");
        let end = crate::common::run_to_end(solver.as_mut());
        assert_eq!(end.state, RunState::Solved, "seed {seed}: {text}");
        assert!(obeys_the_rules(&puzzle, &end.cells), "seed {seed}: {text}");
        runs += 1;
    }
    assert_eq!(runs, 12, "boards with a grid under their rules");
}
