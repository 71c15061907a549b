//! What a worker message costs: bytes and encode-plus-decode time of a `Report::Snapshot` as the
//! annealer sends it, for a 9×9 and a 25×25 board, after a tick and after a 15-tick slice; and
//! the bytes of the messages that carry a puzzle (a run's start, the referee's look, New
//! puzzle's request and the puzzle it made).
//!
//!   cargo bench --bench messages [-- --runs 15]
//!
//! Prints two markdown tables: each snapshot's size and its median time over the runs, then
//! each puzzle-carrying message's size.

fn main() {
    native::main();
}

mod native {
    use std::hint::black_box;
    use std::time::Instant;
    use sudoku_engine::board::{Grid, Rules, Shape};
    use sudoku_engine::generate::Request;
    use sudoku_engine::grade::Difficulty;
    use sudoku_engine::worker::{self, Host, Job, Order, Pace, Report};

    /// Inkala's puzzle: a 9×9 run that stays busy for the whole measurement.
    const NINE: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    /// Round trips per timed run: long enough to time, short enough for many runs.
    const ROUND_TRIPS: u32 = 2000;

    /// The snapshot after `ticks` single ticks and then a slice of `slice` ticks (the clock moves
    /// a millisecond per reading, so a slice of `slice` ms is that many ticks).
    fn snapshot(puzzle: &Grid, ticks: usize, slice: usize) -> Report {
        let mut host = Host::default();
        let mut now = 0.0;
        let mut clock = move || {
            now += 1.0;
            now
        };
        let job = Job {
            solver: "ising".into(),
            puzzle: puzzle.clone(),
            seed: 7,
            max_restarts: None,
            watched: false,
        };
        let first = host.handle(Order::Start(job), &mut clock);
        assert!(matches!(first, Report::Snapshot(_)), "{first:?}");
        let advance = |pace| Order::Advance {
            pace,
            moves_per_tick: 1000,
        };
        for _ in 0..ticks {
            host.handle(advance(Pace::Tick), &mut clock);
        }
        host.handle(advance(Pace::For(slice as f64)), &mut clock)
    }

    /// Microseconds per encode-and-decode of `report`, once over [`ROUND_TRIPS`].
    fn round_trip_us(report: &Report) -> f64 {
        let start = Instant::now();
        for _ in 0..ROUND_TRIPS {
            let bytes = worker::encode(black_box(report));
            black_box(worker::decode::<Report>(&bytes).ok());
        }
        start.elapsed().as_secs_f64() * 1e6 / f64::from(ROUND_TRIPS)
    }

    pub fn main() {
        let args: Vec<String> = std::env::args().collect();
        let runs = (args.iter().position(|a| a == "--runs"))
            .and_then(|at| args.get(at + 1)?.parse().ok())
            .unwrap_or(15);
        let nine = Grid::parse(NINE).expect("the 9×9 puzzle parses");
        let big = Grid::empty(Shape::new(5, 5).expect("a 25×25 board exists"));
        println!("| snapshot | bytes | µs per encode + decode (median of {runs}) |");
        println!("|---|---:|---:|");
        for (name, puzzle, ticks, slice) in [
            ("9×9, one tick", &nine, 50, 1),
            ("9×9, 15-tick slice", &nine, 50, 15),
            ("25×25, one tick", &big, 5, 1),
            ("25×25, 15-tick slice", &big, 5, 15),
        ] {
            let report = snapshot(puzzle, ticks, slice);
            let bytes = worker::encode(&report);
            assert_eq!(worker::decode::<Report>(&bytes).as_ref(), Ok(&report));
            let mut times: Vec<f64> = (0..runs).map(|_| round_trip_us(&report)).collect();
            times.sort_by(f64::total_cmp);
            let median = times[(times.len() - 1) / 2];
            println!("| {name} | {} | {median:.1} |", bytes.len());
        }
        println!();
        println!("| message | bytes |");
        println!("|---|---:|");
        for (name, bytes) in puzzle_messages(&nine) {
            println!("| {name} | {bytes} |");
        }
    }

    /// The messages that carry a puzzle, by name, with their sizes in bytes.
    fn puzzle_messages(nine: &Grid) -> Vec<(&'static str, usize)> {
        let job = Job {
            solver: "ising".into(),
            puzzle: nine.clone(),
            seed: 7,
            max_restarts: None,
            watched: false,
        };
        let ruled = Shape::CLASSIC.with_rules(Rules::X.with(Rules::WINDOKU));
        let request = Request {
            shape: ruled.expect("an X windoku board"),
            difficulty: Some(Difficulty::Medium),
            symmetric: true,
            killer: false,
        };
        let any = Request {
            shape: Shape::CLASSIC,
            difficulty: None,
            symmetric: false,
            killer: false,
        };
        let mut host = Host::default();
        let mut now = 0.0;
        let mut clock = move || {
            now += 1.0;
            now
        };
        let mut made = host.handle(
            Order::Make {
                request: any,
                seed: 3,
            },
            &mut clock,
        );
        while made == Report::Making {
            made = host.handle(Order::KeepMaking, &mut clock);
        }
        assert!(matches!(made, Report::Made(Ok(_))), "{made:?}");
        vec![
            ("start, 9×9", worker::encode(&Order::Start(job)).len()),
            (
                "judge, 9×9",
                worker::encode(&Order::Judge(nine.clone())).len(),
            ),
            (
                "make, 9×9 X windoku medium",
                worker::encode(&Order::Make { request, seed: 3 }).len(),
            ),
            ("made, 9×9", worker::encode(&made).len()),
        ]
    }
}
