//! What classifying one cell costs: `classify` over the committed real cell patches.
//!
//!   cargo bench --bench digits [-- --runs 15]
//!
//! Prints the median and the best time per patch over the runs (the best is the one least
//! disturbed by other work on the machine).

fn main() {
    native::main();
}

mod native {
    use std::hint::black_box;
    use std::time::Instant;
    use sudoku_engine::read::Patch;
    use sudoku_engine::read::digits::classify;

    /// Passes over the patches per timed run: long enough to time.
    const PASSES: usize = 1000;

    fn patches() -> Vec<Patch> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/digits_cells.txt"
        );
        let text = std::fs::read_to_string(path).unwrap_or_default();
        (text.lines().filter(|l| !l.starts_with('#')))
            .filter_map(|l| l.split_whitespace().nth(1))
            .filter_map(|hex| {
                let bytes: Option<Vec<u8>> = (0..hex.len())
                    .step_by(2)
                    .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
                    .collect();
                bytes?.try_into().ok()
            })
            .collect()
    }

    pub fn main() {
        let args: Vec<String> = std::env::args().collect();
        let runs = (args.iter().position(|a| a == "--runs"))
            .and_then(|i| args.get(i + 1)?.parse().ok())
            .unwrap_or(15);
        let patches = patches();
        let mut times: Vec<f64> = (0..runs)
            .map(|_| {
                let start = Instant::now();
                for _ in 0..PASSES {
                    for p in &patches {
                        black_box(classify(black_box(p)));
                    }
                }
                start.elapsed().as_secs_f64() / (PASSES * patches.len().max(1)) as f64
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
        let best = times.first().copied().unwrap_or(0.0);
        println!(
            "classify: {:.1} µs per patch median, {:.1} µs best (of {runs} runs over {} patches)",
            median * 1e6,
            best * 1e6,
            patches.len()
        );
    }
}
