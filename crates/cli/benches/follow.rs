//! How fast the reader follows a grid from one camera frame to the next, against the whole
//! search on the same frame (the baseline), over a photo collection laid out as Wicht and
//! Hennebert's:
//!
//!   cargo bench --bench follow -- DATASET datasets/v2_test.desc [--runs 5] [--side 320]
//!
//! Each photo is shrunk to the side the page tracks at (a first frame), then moved by a few
//! pixels (the next frame). Prints a markdown table: photos whose grid the whole search finds,
//! photos followed without the whole search, the worst corner distance between the two
//! outlines, and the median time of each. Names the photos whose outlines differ most.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    native::main()
}

mod native {
    use std::path::Path;
    use std::time::Instant;
    use sudoku_cli::photo;
    use sudoku_engine::harness;
    use sudoku_engine::read::{self, Picture, Quad, Tracker};

    /// How far the next frame moves the picture, in frame pixels.
    const MOVE: usize = 3;

    #[derive(Default)]
    struct Tally {
        photos: usize,
        found: usize,
        followed: usize,
        worst: f32,
        searched_ms: Vec<f64>,
        followed_ms: Vec<f64>,
    }

    pub fn main() -> Result<(), Box<dyn std::error::Error>> {
        let args = photo::bench_args();
        let [dataset, list, rest @ ..] = args.as_slice() else {
            eprintln!("usage: cargo bench --bench follow -- DATASET LIST [--runs N] [--side S]");
            return Ok(());
        };
        let flag = |name: &str, default: usize| -> Result<usize, String> {
            match rest.iter().position(|a| a == name) {
                Some(i) => rest
                    .get(i + 1)
                    .and_then(|n| n.parse().ok())
                    .ok_or(format!("{name} takes a number")),
                None => Ok(default),
            }
        };
        let (runs, side) = (flag("--runs", 5)?, flag("--side", 320)?);
        let dataset = Path::new(dataset);
        let names = std::fs::read_to_string(dataset.join(list)).map_err(|e| e.to_string())?;
        let mut tally = Tally::default();
        for name in names.split_whitespace() {
            let photo = photo::load(&dataset.join(name))?;
            let worst = tally.worst;
            follow_one(&photo, side, runs, &mut tally);
            if tally.worst > worst.max(1.0) {
                eprintln!("{name}: the outlines are {:.1} px apart", tally.worst);
            }
        }
        let (searched, followed) = (
            harness::median(&tally.searched_ms),
            harness::median(&tally.followed_ms),
        );
        println!(
            "| photos | grid found | followed | worst corner apart, px | whole search, median ms | followed, median ms | ratio |"
        );
        println!("|---|---|---|---|---|---|---|");
        println!(
            "| {} | {} | {} | {:.2} | {searched:.2} | {followed:.2} | {:.2} |",
            tally.photos,
            tally.found,
            tally.followed,
            tally.worst,
            followed / searched.max(1e-9),
        );
        Ok(())
    }

    /// Times the whole search and the following on the photo's next frame, alternately.
    fn follow_one(photo: &Picture, side: usize, runs: usize, tally: &mut Tally) {
        tally.photos += 1;
        // Both frames the same size, as a camera's are.
        let factor = photo.width().max(photo.height()).div_ceil(side);
        let shift = MOVE * factor;
        let (w, h) = (photo.width() - shift, photo.height() - shift);
        let (Some(still), Some(moved)) =
            (photo.window(0, 0, w, h), photo.window(shift, shift, w, h))
        else {
            return;
        };
        let (first, next) = (still.fitted(side).0, moved.fitted(side).0);
        let mut tracker = Tracker::default();
        if tracker.find(&first).is_none() {
            return;
        }
        let (mut searched, mut followed) = (f64::INFINITY, f64::INFINITY);
        let (mut whole, mut near) = (None, None);
        for _ in 0..runs {
            let start = Instant::now();
            whole = read::find_grid(&next);
            searched = searched.min(start.elapsed().as_secs_f64() * 1e3);
            let mut again = tracker.clone();
            let start = Instant::now();
            near = again.find(&next).map(|seen| seen.outline);
            followed = followed.min(start.elapsed().as_secs_f64() * 1e3);
        }
        let (Some(whole), Some(near)) = (whole, near) else {
            return;
        };
        tally.found += 1;
        tally.worst = tally.worst.max(apart(&whole, &near));
        tally.followed += usize::from(tracker.near(&next).is_some());
        tally.searched_ms.push(searched);
        tally.followed_ms.push(followed);
    }

    /// The farthest corresponding corners of two outlines are apart.
    fn apart(a: &Quad, b: &Quad) -> f32 {
        (a.0.iter().zip(&b.0))
            .map(|(p, q)| (p.x - q.x).hypot(p.y - q.y))
            .fold(0.0, f32::max)
    }
}
