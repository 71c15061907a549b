//! The exact search beside the `sudoku` crate 0.8 (a port of JCZSolve), both counting every
//! puzzle of the shared files to two (solving it and proving it unique, no solution written
//! out), run after run in turn so that both meet the same machine. Before timing, the two must
//! agree on every puzzle's count.
//!
//!   cargo bench --bench exact [-- --runs 5] [-- --set NAME] [-- --alone] [-- --puzzles DIR]
//!
//! Prints a markdown table: the puzzles with one solution, each one's median puzzles per second
//! over the runs, and the ratio (`benches/tdoku.sh` reads it to set tdoku beside both).
//! `--alone` times ours only and leaves the crate out, check included (`benches/fastdoku.sh`,
//! which checks the counts against fastdoku's instead).

fn main() {
    native::main();
}

mod native {
    use std::hint::black_box;
    use std::time::Instant;
    use sudoku::Sudoku;
    use sudoku_engine::board::{Grid, parse_puzzle_list};
    use sudoku_engine::exact::{self, Diagnosis};

    const SETS: [&str; 6] = [
        "17_clue.txt",
        "magictour_top1465.txt",
        "forum_hardest_1905_11plus.txt",
        "forum_hardest_1106.txt",
        "unbiased_first1000.txt",
        "serg_benchmark.txt",
    ];

    fn arg(name: &str) -> Option<String> {
        let args: Vec<String> = std::env::args().collect();
        let at = args.iter().position(|a| a == name)?;
        args.get(at + 1).cloned()
    }

    /// Puzzles per second of `solve` over `puzzles`, once.
    fn rate<P>(puzzles: &[P], solve: impl Fn(&P) -> u64) -> f64 {
        let start = Instant::now();
        let counted: u64 = puzzles.iter().map(|p| solve(black_box(p))).sum();
        black_box(counted);
        puzzles.len() as f64 / start.elapsed().as_secs_f64()
    }

    fn median(mut xs: Vec<f64>) -> f64 {
        xs.sort_by(f64::total_cmp);
        xs[(xs.len() - 1) / 2]
    }

    /// The referee's count to two, which, like the crate's, writes no solution out.
    fn ours(puzzle: &Grid) -> u64 {
        match exact::diagnose(puzzle, u64::MAX) {
            Ok(Diagnosis::Unique) => 1,
            Ok(Diagnosis::Several) => 2,
            _ => 0,
        }
    }

    fn theirs(puzzle: &Sudoku) -> u64 {
        puzzle.solutions_count_up_to(2) as u64
    }

    pub fn main() {
        let runs: usize = arg("--runs").and_then(|r| r.parse().ok()).unwrap_or(5);
        let only = arg("--set");
        let alone = std::env::args().any(|a| a == "--alone");
        let dir = arg("--puzzles").unwrap_or_else(|| {
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/puzzles").to_string()
        });
        println!(
            "| set | puzzles | unique | exact search | `sudoku` 0.8 | ratio | nodes per puzzle |"
        );
        println!("|---|---:|---:|---:|---:|---:|---:|");
        for set in SETS
            .iter()
            .filter(|s| only.as_deref().is_none_or(|o| o == **s))
        {
            let text = std::fs::read_to_string(format!("{dir}/{set}"))
                .unwrap_or_else(|e| panic!("{dir}/{set}: {e}"));
            let grids: Vec<Grid> = (parse_puzzle_list(&text).into_iter())
                .map(|p| p.expect("shared puzzles parse"))
                .collect();
            let sudokus: Vec<Sudoku> = (grids.iter())
                .filter(|_| !alone)
                .map(|g| Sudoku::from_str_line(&g.to_line()).expect("the crate reads the line"))
                .collect();
            let (mut unique, mut nodes) = (0, 0);
            for (at, grid) in grids.iter().enumerate() {
                let count = exact::count(grid, 2).expect("shared puzzles are valid");
                if let Some(sudoku) = sudokus.get(at) {
                    assert_eq!(count.solutions, theirs(sudoku), "{grid}");
                }
                unique += usize::from(count.solutions == 1);
                nodes += count.nodes;
            }
            let (mut a, mut b) = (Vec::new(), Vec::new());
            for _ in 0..runs {
                a.push(rate(&grids, ours));
                if !alone {
                    b.push(rate(&sudokus, theirs));
                }
            }
            let (a, b) = (median(a), if alone { f64::NAN } else { median(b) });
            println!(
                "| {set} | {} | {unique} | {a:.0}/s | {b:.0}/s | {:.2} | {:.2} |",
                grids.len(),
                a / b,
                nodes as f64 / grids.len() as f64
            );
        }
    }
}
