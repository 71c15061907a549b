//! The search's own tests: every way of keeping states counts alike, the small boards have
//! their known number of grids, and the wide state fills and counts 16×16 and 25×25 boards.

use super::{Layout, Search};
use crate::board::{Grid, Shape, parse_puzzle_list};
use crate::check;
use crate::rng::{Draws, Rng, SeedableRng};

/// Every puzzle of a file of the tests' own samples (`tests/data`).
fn sample(name: &str) -> Vec<Grid> {
    let path = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    (parse_puzzle_list(&text).into_iter())
        .map(|p| p.expect("test puzzles parse"))
        .collect()
}

/// Solutions up to two, and the first one, as a search keeping its states one way finds them.
fn count(puzzle: &Grid, layout: Layout) -> (u64, Option<Grid>) {
    let mut search = Search::keeping(puzzle, 2, layout).expect("valid givens");
    assert!(search.run(u64::MAX), "{puzzle}");
    (search.solutions(), search.take_first_solution())
}

/// Every kind of state must find the same number of solutions on every puzzle: the sample
/// files (unique and several), and the same puzzles with one given more or one digit
/// changed, most of which have no solution.
#[test]
fn every_kind_of_state_counts_alike_and_every_solution_checks() {
    let mut set = sample("magictour_top1465_every_97th.txt");
    set.extend(sample("forum_hardest_1106_every_10th.txt"));
    set.extend(sample("17_clue_every_1000th.txt"));
    set.extend(sample("forum_hardest_1905_11plus_every_1200th.txt"));
    set.extend(sample("serg_benchmark_every_250th.txt"));
    set.extend(sample("unbiased_easy_every_20th.txt"));
    let mut rng = Rng::seed_from_u64(2026);
    let mut changed = Vec::new();
    for puzzle in &set {
        let mut one = puzzle.clone();
        let cell = rng.below(81) as usize;
        one.set(cell, Some(rng.below(9) as u8 + 1));
        if check::validate(&crate::Geometry::of(one.shape()), &one).is_ok() {
            changed.push(one);
        }
    }
    let (mut none, mut several) = (0, 0);
    for puzzle in set.iter().chain(&changed) {
        let layouts = [
            Layout::Bands,
            Layout::Digits,
            Layout::Cells,
            Layout::PlainCells,
        ];
        let counts = layouts.map(|s| count(puzzle, s));
        for other in &counts[1..] {
            assert_eq!(counts[0].0, other.0, "{puzzle}");
        }
        none += usize::from(counts[0].0 == 0);
        several += usize::from(counts[0].0 == 2);
        for solution in counts.into_iter().filter_map(|c| c.1) {
            let geometry = crate::Geometry::of(puzzle.shape());
            assert!(check::is_solution(&geometry, puzzle, &solution), "{puzzle}");
        }
    }
    assert!(
        none > 40 && several > 40,
        "{none} without, {several} with several"
    );
}

/// Counted to the end, the band state (which guesses between a digit's configurations in a band
/// or stack of boxes, not only at cells) finds every solution the plain cell state does: on
/// puzzles with several solutions, and on the same with a quarter of their givens taken away,
/// up to 2,000 solutions each.
#[test]
fn the_band_state_finds_every_solution_the_plain_search_does() {
    let mut rng = Rng::seed_from_u64(45);
    let mut set = sample("serg_benchmark_every_250th.txt");
    set.extend(
        sample("magictour_top1465_every_97th.txt")
            .into_iter()
            .map(|mut p| {
                let givens: Vec<usize> = (0..81).filter(|&c| p.get(c).is_some()).collect();
                for _ in 0..givens.len() / 4 {
                    p.set(givens[rng.below(givens.len() as u32) as usize], None);
                }
                p
            }),
    );
    let mut many = 0;
    for puzzle in &set {
        let all = |layout| {
            let mut search = Search::keeping(puzzle, 2_000, layout).expect("valid givens");
            assert!(search.run(u64::MAX), "{puzzle}");
            search.solutions()
        };
        let bands = all(Layout::Bands);
        assert_eq!(bands, all(Layout::PlainCells), "{puzzle}");
        many += usize::from(bands > 100);
    }
    assert!(many > 10, "{many} puzzles with over 100 solutions");
}

/// On the small boards the digit and cell states both find the known number of grids, each a
/// different solution: 288 of 4×4, and 28,200,960 of 6×6 with 2×3 boxes, which is 39,168
/// with the first row fixed as 1–6.
#[test]
fn the_small_boards_have_their_known_number_of_grids() {
    for ((rows, cols), known) in [((2, 2), 288), ((2, 3), 28_200_960 / 720)] {
        let shape = Shape::new(rows, cols).expect("a board");
        let mut empty = Grid::empty(shape);
        if rows * cols == 6 {
            (0..6).for_each(|c| empty.set(c, Some(c as u8 + 1)));
        }
        let geometry = crate::Geometry::of(shape);
        for layout in [Layout::Digits, Layout::Cells, Layout::PlainCells] {
            let mut search = Search::keeping(&empty, u64::MAX, layout).expect("no givens");
            let mut grids = std::collections::HashSet::new();
            let mut digits = vec![0; shape.cells()];
            while search.step() {
                if search.solutions() > grids.len() as u64 {
                    assert!(search.write_shown(&mut digits));
                    let grid = Grid::from_digits(shape, digits.clone()).expect("fits");
                    assert!(check::is_solution(&geometry, &empty, &grid), "{grid}");
                    grids.insert(grid);
                }
            }
            assert_eq!((search.solutions(), grids.len()), (known, known as usize));
        }
    }
}

/// Boards past 128 cells: a 16×16 and a 25×25 filled from nothing, each a solution, by the
/// cell state and by the widened band state.
#[test]
fn the_large_boards_fill_from_nothing() {
    for (rows, cols) in [(4, 4), (3, 4), (5, 5)] {
        let shape = Shape::new(rows, cols).expect("a board");
        let empty = Grid::empty(shape);
        for layout in [Layout::Wide, Layout::Cells] {
            let mut search = Search::keeping(&empty, 1, layout).expect("no givens");
            assert!(
                search.run(100_000),
                "{rows}x{cols} filled within 100,000 nodes"
            );
            let grid = search.take_first_solution().expect("a solution");
            let geometry = crate::Geometry::of(shape);
            assert!(check::is_solution(&geometry, &empty, &grid), "{grid}");
        }
    }
}

/// The widened band state counts as the cell state does on generated 16×16 and 25×25
/// puzzles (one solution), on the same with givens taken away (several) and with a given
/// changed (most have none).
#[test]
fn the_wide_state_counts_as_the_cell_state_does() {
    let bench = |name: &str, n: usize| {
        let path = format!("{}/../../benches/data/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let puzzles = parse_puzzle_list(&text).into_iter().take(n);
        puzzles
            .map(|p| p.expect("bench puzzles parse"))
            .collect::<Vec<_>>()
    };
    let mut rng = Rng::seed_from_u64(27);
    let mut counted = [0; 3];
    for puzzle in bench("generated_16_hard.txt", 16)
        .iter()
        .chain(&bench("generated_25_expert.txt", 2))
    {
        let cells = puzzle.shape().cells() as u32;
        let (mut fewer, mut changed) = (puzzle.clone(), puzzle.clone());
        (0..6).for_each(|_| fewer.set(rng.below(cells) as usize, None));
        let given = (0..cells as usize)
            .filter(|&c| puzzle.get(c).is_some())
            .nth(rng.below(50) as usize);
        let size = puzzle.shape().size() as u32;
        changed.set(given.expect("50 givens"), Some(rng.below(size) as u8 + 1));
        let geometry = crate::Geometry::of(puzzle.shape());
        let valid = check::validate(&geometry, &changed).is_ok();
        for one in [Some(puzzle), Some(&fewer), valid.then_some(&changed)]
            .into_iter()
            .flatten()
        {
            let (wide, cells) = (count(one, Layout::Wide), count(one, Layout::Cells));
            assert_eq!(wide.0, cells.0, "{one}");
            counted[wide.0 as usize] += 1;
            if let Some(solution) = wide.1 {
                assert!(check::is_solution(&geometry, one, &solution), "{one}");
            }
        }
    }
    assert!(
        counted.iter().all(|&c| c > 2),
        "none, one, several: {counted:?}"
    );
}

/// Solutions of a killer up to `limit` as a search keeping its states one way counts them,
/// each checked against every rule and cage.
fn count_caged(puzzle: &Grid, layout: Layout, limit: u64) -> u64 {
    let mut search = Search::keeping(puzzle, limit, layout).expect("valid givens");
    assert!(search.run(u64::MAX), "{puzzle}");
    if let Some(solution) = search.take_first_solution() {
        let geometry = crate::Geometry::of(puzzle.shape());
        assert!(check::is_solution(&geometry, puzzle, &solution), "{puzzle}");
    }
    search.solutions()
}

/// Cages of `solution`: its rows (or, on a coin, its columns) cut in runs of one to four cells.
fn cut_lines(solution: &Grid, rng: &mut Rng) -> Vec<crate::board::Cage> {
    let n = solution.shape().size();
    let by_column = rng.coin();
    let mut cages = Vec::new();
    for line in 0..n {
        let mut at = 0;
        while at < n {
            let len = (1 + rng.below(4) as usize).min(n - at);
            let cells: Vec<usize> = (at..at + len)
                .map(|i| {
                    if by_column {
                        i * n + line
                    } else {
                        line * n + i
                    }
                })
                .collect();
            let sum = cells.iter().filter_map(|&c| solution.get(c)).map(u32::from);
            cages.push(crate::board::Cage::new(sum.sum(), cells));
            at += len;
        }
    }
    cages
}

/// Cages cut from `solution`, each kept with odds `keep` in 8, and a few of its digits given.
fn some_cages(solution: &Grid, rng: &mut Rng, keep: u32, givens: usize) -> Grid {
    let cages = cut_lines(solution, rng);
    let kept = cages.into_iter().filter(|_| rng.below(8) < keep).collect();
    let mut puzzle = Grid::empty(solution.shape());
    for _ in 0..givens {
        let cell = rng.below(solution.shape().cells() as u32) as usize;
        puzzle.set(cell, solution.get(cell));
    }
    puzzle
        .with_cages(kept)
        .expect("cages cut from a grid fit it")
}

/// Every 4×4 grid, by the cell state: the ground truth the killer counts are held to.
fn every_grid(shape: Shape) -> Vec<Grid> {
    let mut search = Search::keeping(&Grid::empty(shape), u64::MAX, Layout::Cells).expect("empty");
    let (mut grids, mut digits) = (Vec::new(), vec![0; shape.cells()]);
    while search.step() {
        if search.solutions() > grids.len() as u64 && search.write_shown(&mut digits) {
            grids.extend(Grid::from_digits(shape, digits.clone()));
        }
    }
    grids
}

/// Random cage sets cut from random grids: on 4×4 every state counts exactly the grids that
/// keep every cage (all 288 looked at one by one); on 9×9 the states agree with each other up
/// to a limit, and at least the grid the cages were cut from is found.
#[test]
fn killer_counts_match_the_grids_that_keep_every_cage() {
    let mut rng = Rng::seed_from_u64(46);
    let four = Shape::new(2, 2).expect("4x4");
    let grids = every_grid(four);
    assert_eq!(grids.len(), 288);
    let layouts = [
        Layout::Bands,
        Layout::Digits,
        Layout::Cells,
        Layout::PlainCells,
    ];
    let mut seen = [0; 3];
    for _ in 0..150 {
        let solution = &grids[rng.below(288) as usize];
        let (keep, givens) = (2 + rng.below(6), rng.below(3) as usize);
        let puzzle = some_cages(solution, &mut rng, keep, givens);
        let geometry = crate::Geometry::of(four);
        let truth = (grids.iter())
            .filter(|g| check::is_solution(&geometry, &puzzle, g))
            .count() as u64;
        for layout in layouts {
            let cages = puzzle.cages().to_text(four, false);
            assert_eq!(count_caged(&puzzle, layout, u64::MAX), truth, "{cages}");
        }
        seen[truth.min(2) as usize] += 1;
    }
    assert!(seen[1] >= 5 && seen[2] > 10, "one, several: {seen:?}");
    for puzzle in sample("unbiased_easy_every_20th.txt").iter().take(30) {
        let solution = count(puzzle, Layout::Digits).1.expect("a solution");
        let keep = 5 + rng.below(4);
        let puzzle = some_cages(&solution, &mut rng, keep, 0);
        let counts = layouts.map(|layout| count_caged(&puzzle, layout, 20));
        assert!(
            counts[0] >= 1,
            "{}",
            puzzle.cages().to_text(Shape::CLASSIC, false)
        );
        assert!(counts.iter().all(|&c| c == counts[0]), "{counts:?}");
    }
}

/// Cages that contradict the givens or each other are refused by the search with the cage.
#[test]
fn a_killer_without_solution_is_refused_with_its_cage() {
    let puzzle = Grid::parse(&format!("1{}", ".".repeat(80))).expect("parses");
    let cages = crate::board::Cages::parse(Shape::CLASSIC, "3:r1c2+r1c3").expect("possible");
    let puzzle = puzzle.with_cages(cages.to_vec()).expect("fits");
    // 3 in two cells is 1 + 2, yet row 1 already holds its 1.
    let search = Search::new(&puzzle, 2).expect("no repeated givens");
    assert_eq!(search.solutions(), 0);
    let why = search.forced_contradiction().expect("forced");
    assert!(why.to_string().contains("cage"), "{why}");
}
