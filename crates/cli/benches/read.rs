//! How well and how fast the reader reads a photo collection laid out as Wicht and Hennebert's
//! (`images/NAME.jpg` with its puzzle in `images/NAME.dat`, lists in `datasets/`):
//!
//!   cargo bench --bench read -- DATASET datasets/v2_train.desc [--runs 5]
//!
//! Prints a markdown table: photos read exactly, cells right, photos the rules rescued, photos
//! without a grid of their size found, and the median time per photo from grey pixels to
//! puzzle. Lists the photos read wrong, with the cells that differ (what was read and what is
//! there), to standard error. A 16×16 set (`render.py --size 16`) is read the same way.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    native::main()
}

mod native {
    use std::path::Path;
    use std::time::Instant;
    use sudoku_cli::photo;
    use sudoku_engine::{harness, read};

    /// Tallies over the photos read.
    #[derive(Default)]
    struct Tally {
        photos: u32,
        exact: u32,
        cells: usize,
        right: usize,
        rescued: usize,
        lost: usize,
        times: Vec<f64>,
        decodes: Vec<f64>,
    }

    pub fn main() -> Result<(), Box<dyn std::error::Error>> {
        let args = photo::bench_args();
        let [dataset, list, rest @ ..] = args.as_slice() else {
            eprintln!("usage: cargo bench --bench read -- DATASET LIST [--runs N]");
            return Ok(());
        };
        let runs = match rest {
            [flag, n] if flag == "--runs" => n.parse().map_err(|_| "--runs takes a number")?,
            _ => 3,
        };
        let dataset = Path::new(dataset);
        let names = std::fs::read_to_string(dataset.join(list)).map_err(|e| e.to_string())?;
        let mut tally = Tally::default();
        for name in names.split_whitespace() {
            read_one(dataset, name, runs, &mut tally)?;
        }
        print_table(&tally);
        Ok(())
    }

    /// Decodes and reads one photo `runs` times, keeping the fastest of each, and scores it.
    fn read_one(
        dataset: &Path,
        name: &str,
        runs: usize,
        tally: &mut Tally,
    ) -> Result<(), Box<dyn std::error::Error>> {
        let mut decode = f64::INFINITY;
        let mut picture = None;
        for _ in 0..runs {
            let start = Instant::now();
            picture = Some(photo::load(&dataset.join(name))?);
            decode = decode.min(start.elapsed().as_secs_f64() * 1e3);
        }
        tally.decodes.push(decode);
        let picture = picture.ok_or("no runs")?;
        let truth = photo::dataset_puzzle(&dataset.join(name.replace(".jpg", ".dat")))?;
        tally.photos += 1;
        let mut best = f64::INFINITY;
        let mut reading = None;
        for _ in 0..runs {
            let start = Instant::now();
            reading = Some(read::read(&picture));
            best = best.min(start.elapsed().as_secs_f64() * 1e3);
        }
        tally.times.push(best);
        tally.cells += truth.len();
        let Some(Ok(reading)) = reading else {
            tally.lost += 1;
            eprintln!("{name}: no grid");
            return Ok(());
        };
        let side = reading.puzzle.shape().size();
        if side * side != truth.len() {
            tally.lost += 1;
            eprintln!("{name}: a grid of {side} cells a side");
            return Ok(());
        }
        let wrong: Vec<usize> = (0..truth.len())
            .filter(|&c| reading.puzzle.digits()[c] != truth[c])
            .collect();
        tally.right += truth.len() - wrong.len();
        if wrong.is_empty() {
            tally.exact += 1;
            tally.rescued += usize::from(!reading.corrected.is_empty());
        } else {
            let misread: Vec<String> = (wrong.iter())
                .map(|&c| format!("{c}:{}/{}", reading.puzzle.digits()[c], truth[c]))
                .collect();
            eprintln!(
                "{name}: cells {} wrong (cell:read/true), {} unsure",
                misread.join(" "),
                reading.unsure.len()
            );
        }
        Ok(())
    }

    fn print_table(tally: &Tally) {
        let median = harness::median(&tally.times);
        let decode = harness::median(&tally.decodes);
        println!(
            "| photos | read exactly | cells right | rescued by the rules | no grid | median ms a photo | decoding it (baseline) | ratio |"
        );
        println!("|---|---|---|---|---|---|---|---|");
        println!(
            "| {} | {} ({:.1} %) | {:.2} % | {} | {} | {median:.1} | {decode:.1} | {:.2} |",
            tally.photos,
            tally.exact,
            100.0 * f64::from(tally.exact) / f64::from(tally.photos.max(1)),
            100.0 * tally.right as f64 / tally.cells.max(1) as f64,
            tally.rescued,
            tally.lost,
            median / decode.max(1e-9),
        );
    }
}
