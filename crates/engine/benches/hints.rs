//! The hint ladder over the shared files: the share each solves by logic alone, the share per
//! hardest technique beside the old ladder (singles, locked candidates, subsets), and the time
//! of one hint and of a whole logical solution; then hints on generated 16×16 boards, and on
//! generated 9×9 killers without givens by grade (the generator's own cut, and asked for easy).
//! Every step is checked against the solution on the way.
//!
//!   cargo bench --bench hints [-- --limit N] [--killers]   (--killers: the killers alone)
//!
//! Prints markdown tables.

fn main() {
    native::main();
}

mod native {
    use std::collections::BTreeMap;
    use std::time::{Duration, Instant};
    use sudoku_engine::board::{Digit, Grid, Shape, parse_puzzle_list};
    use sudoku_engine::exact;
    use sudoku_engine::generate::{Request, generate_many, killer_graded_many};
    use sudoku_engine::grade::Difficulty;
    use sudoku_engine::harness;
    use sudoku_engine::hint::{Options, Technique};

    /// The files and how many of their first puzzles to take.
    const SETS: [(&str, usize); 2] = [("unbiased_first1000.txt", 1000), ("17_clue.txt", 2000)];

    /// One puzzle solved by the ladder.
    struct Walk {
        solved: bool,
        hardest: Option<Technique>,
        hints: Vec<Duration>,
        whole: Duration,
        unsound: usize,
    }

    /// Solves `puzzle` step by step, timing each hint and checking it against the solution.
    fn walk(puzzle: &Grid) -> Walk {
        let solution = exact::count(puzzle, 2)
            .ok()
            .and_then(|c| c.first)
            .unwrap_or_else(|| puzzle.clone());
        let want = |cell: usize| solution.get(cell).and_then(Digit::new);
        let options = Options {
            unique: true,
            ..Options::ANY
        };
        let origin = Instant::now();
        let walked = harness::walk_hints(puzzle, options, &mut || {
            origin.elapsed().as_secs_f64() * 1e3
        });
        let unsound = (walked.steps.iter())
            .map(|step| {
                let placed = (step.placements.iter()).filter(|&&(c, d)| want(c) != Some(d));
                let struck = (step.eliminations.iter()).filter(|&&(c, d)| want(c) == Some(d));
                placed.count() + struck.count()
            })
            .sum();
        let ms = |t: f64| Duration::from_secs_f64(t / 1e3);
        Walk {
            solved: walked.solved,
            hardest: walked.steps.iter().map(|s| s.technique).max(),
            hints: walked.hint_ms.iter().map(|&t| ms(t)).collect(),
            whole: ms(walked.whole_ms),
            unsound,
        }
    }

    fn percentile(xs: &mut [Duration], p: f64) -> Duration {
        xs.sort();
        xs.get(((xs.len() as f64 - 1.0) * p).round() as usize)
            .copied()
            .unwrap_or_default()
    }

    fn ms(d: Duration) -> String {
        format!("{:.3}", d.as_secs_f64() * 1e3)
    }

    fn report(name: &str, puzzles: &[Grid]) {
        let walks: Vec<Walk> = puzzles.iter().map(walk).collect();
        let total = walks.len() as f64;
        let solved = walks.iter().filter(|w| w.solved).count();
        let old = walks
            .iter()
            .filter(|w| w.solved && w.hardest <= Some(Technique::HiddenQuad))
            .count();
        let chains = (walks.iter())
            .filter(|w| w.solved && w.hardest < Some(Technique::ForcingChain))
            .count();
        let unsound: usize = walks.iter().map(|w| w.unsound).sum();
        let mut hints: Vec<Duration> = walks.iter().flat_map(|w| w.hints.iter().copied()).collect();
        let mut wholes: Vec<Duration> = walks.iter().map(|w| w.whole).collect();
        println!("\n### {name} ({} puzzles)\n", walks.len());
        println!("| measure | value |\n|---|---|");
        println!(
            "| solved by logic alone | {:.1} % |",
            100.0 * solved as f64 / total
        );
        println!(
            "| solved without forcing chains | {:.1} % |",
            100.0 * chains as f64 / total
        );
        println!(
            "| solved by the old ladder (singles, locked candidates, subsets) | {:.1} % |",
            100.0 * old as f64 / total
        );
        println!("| unsound steps | {unsound} |");
        println!(
            "| hint median / p99 / max (ms) | {} / {} / {} |",
            ms(percentile(&mut hints, 0.5)),
            ms(percentile(&mut hints, 0.99)),
            ms(percentile(&mut hints, 1.0))
        );
        println!(
            "| whole solution median / p99 (ms) | {} / {} |",
            ms(percentile(&mut wholes, 0.5)),
            ms(percentile(&mut wholes, 0.99))
        );
        let mut by: BTreeMap<Option<Technique>, usize> = BTreeMap::new();
        for w in walks.iter().filter(|w| w.solved) {
            *by.entry(w.hardest).or_default() += 1;
        }
        println!("\n| hardest technique | share |\n|---|---|");
        for (t, k) in by {
            println!(
                "| {} | {:.1} % |",
                t.map_or("none", Technique::name),
                100.0 * k as f64 / total
            );
        }
        println!(
            "| (stalled) | {:.1} % |",
            100.0 * (total - solved as f64) / total
        );
    }

    /// `count` killers from seed 1 (9×9, no givens), by the grade the generator gave them;
    /// `asked` is the grade asked for, as New puzzle asks (none: the generator's own cut).
    fn killers(count: usize, asked: Option<Difficulty>) {
        let made = killer_graded_many(Shape::CLASSIC, 0, asked, 1, count).unwrap_or_default();
        let asked = asked.map_or("no level".to_string(), |l| format!("{l}"));
        println!(
            "\n### generated 9×9 killers, no givens, {asked} asked, seed 1 ({} puzzles)\n",
            made.len()
        );
        println!("| grade | killers | solved by logic | unsound steps | hint median / p99 (ms) |");
        println!("|---|---:|---:|---:|---|");
        for level in Difficulty::ALL {
            let walks: Vec<Walk> = (made.iter())
                .filter(|m| m.difficulty == level)
                .map(|m| walk(&m.puzzle))
                .collect();
            let solved = walks.iter().filter(|w| w.solved).count();
            let unsound: usize = walks.iter().map(|w| w.unsound).sum();
            let mut hints: Vec<Duration> =
                walks.iter().flat_map(|w| w.hints.iter().copied()).collect();
            println!(
                "| {level} | {} | {solved} | {unsound} | {} / {} |",
                walks.len(),
                ms(percentile(&mut hints, 0.5)),
                ms(percentile(&mut hints, 0.99))
            );
        }
    }

    pub fn main() {
        let args: Vec<String> = std::env::args().collect();
        let limit: Option<usize> =
            (args.iter().position(|a| a == "--limit")).and_then(|i| args.get(i + 1)?.parse().ok());
        if args.iter().any(|a| a == "--killers") {
            killers(limit.unwrap_or(200), None);
            killers(limit.unwrap_or(200), Some(Difficulty::Easy));
            return;
        }
        for (file, count) in SETS {
            let path = format!(
                "{}/../../../shared/puzzles/{file}",
                env!("CARGO_MANIFEST_DIR")
            );
            let Ok(text) = std::fs::read_to_string(&path) else {
                eprintln!("{path} is missing: skipped");
                continue;
            };
            let puzzles: Vec<Grid> = (parse_puzzle_list(&text).into_iter().flatten())
                .take(limit.unwrap_or(count).min(count))
                .collect();
            report(file, &puzzles);
        }
        let sixteen = Shape::new(4, 4).expect("16x16");
        let request = Request {
            shape: sixteen,
            difficulty: None,
            symmetric: false,
            killer: false,
        };
        let made: Vec<Grid> = (generate_many(request, 1, limit.unwrap_or(10).min(10))
            .into_iter()
            .flatten())
        .map(|g| g.puzzle)
        .collect();
        report("generated 16×16 (seeds from 1)", &made);
        killers(limit.unwrap_or(200).min(200), None);
        killers(limit.unwrap_or(200).min(200), Some(Difficulty::Easy));
    }
}
