//! How well and how fast the reader reads a photo collection laid out as Wicht and Hennebert's
//! (`images/NAME.jpg` with its puzzle in `images/NAME.dat`, lists in `datasets/`):
//!
//!   cargo bench --bench read -- DATASET datasets/v2_train.desc [--runs 5]
//!
//! Prints a markdown table: photos read exactly, cells right, photos the rules rescued, photos
//! without a grid found, and the median time per photo from grey pixels to puzzle. Lists the
//! photos read wrong, with the cells that differ, to standard error.

fn main() -> Result<(), String> {
    native::main()
}

mod native {
    use std::path::Path;
    use std::time::Instant;
    use sudoku_cli::photo;
    use sudoku_engine::read;

    pub fn main() -> Result<(), String> {
        let args: Vec<String> = std::env::args()
            .skip(1)
            .filter(|a| a != "--bench")
            .collect();
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
        let (mut exact, mut cells, mut right, mut rescued, mut lost, mut photos) =
            (0, 0, 0, 0, 0, 0);
        let mut times = Vec::new();
        let mut decodes = Vec::new();
        for name in names.split_whitespace() {
            let mut decode = f64::INFINITY;
            let mut picture = None;
            for _ in 0..runs {
                let start = Instant::now();
                picture = Some(photo::load(&dataset.join(name))?);
                decode = decode.min(start.elapsed().as_secs_f64() * 1e3);
            }
            decodes.push(decode);
            let picture = picture.ok_or("no runs")?;
            let truth = photo::dataset_puzzle(&dataset.join(name.replace(".jpg", ".dat")))?;
            photos += 1;
            let mut best = f64::INFINITY;
            let mut reading = None;
            for _ in 0..runs {
                let start = Instant::now();
                reading = Some(read::read(&picture));
                best = best.min(start.elapsed().as_secs_f64() * 1e3);
            }
            times.push(best);
            cells += truth.len();
            let Some(Ok(reading)) = reading else {
                lost += 1;
                eprintln!("{name}: no grid");
                continue;
            };
            let wrong: Vec<usize> = (0..truth.len())
                .filter(|&c| reading.puzzle.digits()[c] != truth[c])
                .collect();
            right += truth.len() - wrong.len();
            if wrong.is_empty() {
                exact += 1;
                rescued += usize::from(!reading.corrected.is_empty());
            } else {
                eprintln!(
                    "{name}: cells {wrong:?} wrong, {} unsure",
                    reading.unsure.len()
                );
            }
        }
        let median = median_of(&mut times);
        let decode = median_of(&mut decodes);
        println!(
            "| photos | read exactly | cells right | rescued by the rules | no grid | median ms a photo | decoding it (baseline) | ratio |"
        );
        println!("|---|---|---|---|---|---|---|---|");
        println!(
            "| {photos} | {exact} ({:.1} %) | {:.2} % | {rescued} | {lost} | {median:.1} | {decode:.1} | {:.2} |",
            100.0 * f64::from(exact) / f64::from(photos.max(1)),
            100.0 * right as f64 / cells.max(1) as f64,
            median / decode.max(1e-9),
        );
        Ok(())
    }

    fn median_of(values: &mut [f64]) -> f64 {
        values.sort_by(f64::total_cmp);
        values.get(values.len() / 2).copied().unwrap_or(0.0)
    }
}
