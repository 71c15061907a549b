//! Reading puzzles from photos: the committed phone photos read exactly, natively and through
//! `sudoku read`; pictures without a grid say so; a drawn grid's outline is found where it was
//! drawn, whatever the perspective.

// Photos are decoded by the command line's decoder, natively only.
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};
use std::process::Command;
use sudoku_cli::photo;
use sudoku_engine::read::{self, Perspective, Picture, Point, Quad, ReadError, Tracker};

/// The committed photos (Wicht and Hennebert's, CC-BY-4.0: see tests/data/photos/README.md).
fn photos() -> Vec<PathBuf> {
    pictures("photos")
}

/// The `.jpg` pictures in a folder of tests/data, in name order.
fn pictures(folder: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(folder);
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the photos folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jpg"))
        .collect();
    found.sort();
    found
}

/// A photo's puzzle line, from its `.dat` file.
fn truth(photo: &Path) -> String {
    let digits = photo::dataset_puzzle(&photo.with_extension("dat")).expect("the photo's .dat");
    let boxes = digits.len().isqrt().isqrt();
    let shape = sudoku_engine::Shape::new(boxes, boxes).expect("9x9 or 16x16");
    sudoku_engine::Grid::from_digits(shape, digits)
        .expect("a grid")
        .to_line()
}

#[test]
fn every_committed_photo_reads_exactly() {
    let photos = photos();
    assert!(photos.len() >= 5, "the photos are committed");
    reads_exactly(photos);
}

#[test]
fn rendered_shaded_dark_even_lined_and_16x16_grids_read_exactly() {
    let rendered = pictures("rendered");
    assert!(rendered.len() >= 4, "the rendered pictures are committed");
    reads_exactly(rendered);
}

fn reads_exactly(pictures: Vec<PathBuf>) {
    for path in pictures {
        let picture = photo::load(&path).expect("the photo decodes");
        let reading = read::read(&picture).expect("a grid is found");
        assert_eq!(reading.puzzle.to_line(), truth(&path), "{}", path.display());
        assert_eq!(reading.confidence.len(), reading.puzzle.shape().cells());
        assert!(reading.corrected.iter().all(|c| reading.unsure.contains(c)));
    }
}

#[test]
fn sudoku_read_prints_each_puzzle_line_and_json_on_request() {
    let photos = photos();
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg("read")
        .args(&photos[..2])
        .output()
        .expect("sudoku runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(lines, [truth(&photos[0]), truth(&photos[1])]);
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["read", "--json"])
        .arg(&photos[0])
        .output()
        .expect("sudoku runs");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(json["puzzle"], truth(&photos[0]));
    assert_eq!(json["cells"].as_array().map(Vec::len), Some(81));
    assert!(json["cells"][0]["confidence"].as_f64().is_some());
    assert_eq!(json["corners"].as_array().map(Vec::len), Some(4));
}

#[test]
fn a_picture_without_a_grid_says_so_and_exits_2() {
    let dir = std::env::temp_dir().join(format!("sudoku-read-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let blank = dir.join("blank.png");
    let page = image::GrayImage::from_fn(320, 240, |x, y| image::Luma([200 + (x + y) as u8 % 7]));
    page.save(&blank).expect("a PNG is written");
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg("read")
        .arg(&blank)
        .output()
        .expect("sudoku runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("No grid found"));
    let garbage = dir.join("garbage.jpg");
    std::fs::write(&garbage, b"not a jpeg").expect("a file is written");
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg("read")
        .arg(&garbage)
        .output()
        .expect("sudoku runs");
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn pixels_that_do_not_make_a_picture_are_refused() {
    assert_eq!(
        Picture::from_luma(0, 0, Vec::new()),
        Err(ReadError::NotAPicture)
    );
    assert_eq!(
        Picture::from_luma(3, 3, vec![0; 8]),
        Err(ReadError::NotAPicture)
    );
    assert_eq!(
        Picture::from_rgba(2, 2, &[0; 15]),
        Err(ReadError::NotAPicture)
    );
    let grey = Picture::from_rgba(1, 1, &[255, 255, 255, 0]).expect("one white pixel");
    assert_eq!(grey.pixels(), &[255]);
    assert_eq!(read::read(&grey).map(|r| r.puzzle), Err(ReadError::NoGrid));
}

/// A white picture with a `side × side` grid drawn onto `quad`: lines a little thicker every
/// third.
fn drawn_grid(width: usize, height: usize, quad: &Quad, side: usize) -> Picture {
    let map = Perspective::onto(quad).expect("a proper quadrilateral");
    let mut luma = vec![235u8; width * height];
    let steps = 2000;
    for line in 0..=side {
        let thick: i32 = if line % 3 == 0 { 2 } else { 1 };
        let along = line as f64 / side as f64;
        for s in 0..=steps {
            let t = s as f64 / steps as f64;
            for p in [map.map(along, t), map.map(t, along)] {
                for dy in -thick..thick {
                    for dx in -thick..thick {
                        let (x, y) = (p.x as i32 + dx, p.y as i32 + dy);
                        if (0..width as i32).contains(&x) && (0..height as i32).contains(&y) {
                            luma[y as usize * width + x as usize] = 30;
                        }
                    }
                }
            }
        }
    }
    Picture::from_luma(width, height, luma).expect("a picture")
}

#[test]
fn a_grid_drawn_in_perspective_is_found_at_its_corners() {
    let p = |x, y| Point { x, y };
    let quads = [
        Quad([
            p(100.0, 60.0),
            p(520.0, 80.0),
            p(540.0, 430.0),
            p(80.0, 450.0),
        ]),
        Quad([
            p(200.0, 40.0),
            p(430.0, 60.0),
            p(600.0, 440.0),
            p(40.0, 420.0),
        ]),
        Quad([
            p(220.0, 30.0),
            p(590.0, 150.0),
            p(470.0, 460.0),
            p(100.0, 340.0),
        ]),
    ];
    for quad in quads {
        let found = read::find_grid(&drawn_grid(640, 480, &quad, 9)).expect("the grid is found");
        // The drawn lines are centred on the quad, and the outline sits on their middles.
        for (a, b) in found.0.iter().zip(quad.0) {
            assert!((a.x - b.x).hypot(a.y - b.y) < 2.0, "{found:?} vs {quad:?}");
        }
    }
}

#[test]
fn a_16x16_grid_with_text_beside_it_is_found_at_its_lines() {
    let quad = upright((120.0, 100.0), (520.0, 460.0));
    let grid = drawn_grid(640, 480, &quad, 16);
    let (width, mut luma) = (grid.width(), grid.pixels().to_vec());
    // A caption's strokes standing on the grid's top line, as an app's title and clock do: the
    // web of lines takes them in, so only the grid's own lines place its top corners.
    for x in (124..330).step_by(9) {
        for y in 86..100 {
            for dx in 0..2 {
                luma[y * width + x + dx] = 30;
            }
        }
    }
    let picture = Picture::from_luma(width, grid.height(), luma).expect("a picture");
    let found = read::find_grid(&picture).expect("the grid is found");
    assert!(apart(&found, &quad) < 2.0, "{found:?} vs {quad:?}");
    let read = read::read(&picture).expect("an empty puzzle");
    assert_eq!(read.puzzle.shape().size(), 16);
}

#[test]
fn a_16x16_grid_is_cut_from_its_cells_middles_and_a_9x9_one_whole() {
    let quad = upright((40.0, 40.0), (440.0, 440.0));
    // The lines a patch's edge crosses: a cell's own borders when the whole cell is cut.
    let edge_ink = |side: usize| {
        let patches = read::cell_patches(&drawn_grid(480, 480, &quad, side), &quad, side)
            .expect("a proper outline");
        (patches.iter())
            .filter(|patch| {
                (0..read::PATCH).any(|k| patch[k] < 128 || patch[k * read::PATCH] < 128)
            })
            .count()
    };
    assert_eq!(edge_ink(9), 81);
    // Enlarged, so small symbols fill more of the patch; the lines stay out.
    assert_eq!(edge_ink(16), 0);
}

/// The outline of an upright rectangle from its top-left and bottom-right corners.
fn upright((left, top): (f32, f32), (right, bottom): (f32, f32)) -> Quad {
    let p = |x, y| Point { x, y };
    Quad([
        p(left, top),
        p(right, top),
        p(right, bottom),
        p(left, bottom),
    ])
}

/// The farthest corresponding corners of two outlines are apart.
fn apart(a: &Quad, b: &Quad) -> f32 {
    (a.0.iter().zip(&b.0))
        .map(|(p, q)| (p.x - q.x).hypot(p.y - q.y))
        .fold(0.0, f32::max)
}

#[test]
fn a_grid_is_followed_near_where_it_was_and_searched_for_when_it_jumps() {
    let p = |x, y| Point { x, y };
    let at = Quad([
        p(60.0, 40.0),
        p(250.0, 50.0),
        p(240.0, 225.0),
        p(70.0, 215.0),
    ]);
    let moved = |quad: &Quad, dx: f32, dy: f32| Quad(quad.0.map(|q| p(q.x + dx, q.y + dy)));
    let mut tracker = Tracker::default();
    let blank = Picture::from_luma(320, 240, vec![235; 320 * 240]).expect("a picture");
    assert_eq!(tracker.near(&blank), None, "nothing seen yet");
    let first = tracker
        .find(&drawn_grid(320, 240, &at, 9))
        .expect("found")
        .outline;
    assert!(apart(&first, &at) < 2.0, "{first:?} vs {at:?}");
    // A few pixels on, the grid is followed, and lands where it was drawn.
    let step = moved(&at, 4.0, -3.0);
    let next = drawn_grid(320, 240, &step, 9);
    let near = tracker.near(&next).expect("followed");
    assert!(apart(&near, &step) < 2.0, "{near:?} vs {step:?}");
    assert_eq!(tracker.find(&next).map(|seen| seen.outline), Some(near));
    // Two cells on, it is too far to follow, but the whole search finds it.
    let jump = moved(&step, 42.0, 0.0);
    let far = drawn_grid(320, 240, &jump, 9);
    assert_eq!(tracker.near(&far), None);
    let found = tracker.find(&far).expect("searched for").outline;
    assert!(apart(&found, &jump) < 2.0, "{found:?} vs {jump:?}");
    // Gone from the view, then back: nothing to follow, found again.
    assert_eq!(tracker.find(&blank), None);
    assert_eq!(tracker.near(&far), None);
    assert!(tracker.find(&far).is_some());
    // A frame of another size is searched whole.
    assert_eq!(tracker.near(&drawn_grid(321, 240, &jump, 9)), None);
}

#[test]
fn a_grid_of_another_size_is_named_by_its_side() {
    let p = |x, y| Point { x, y };
    let quad = Quad([
        p(100.0, 60.0),
        p(520.0, 80.0),
        p(540.0, 430.0),
        p(80.0, 450.0),
    ]);
    for side in [4, 6] {
        let picture = drawn_grid(640, 480, &quad, side);
        let read = read::read(&picture).map(|r| r.puzzle);
        assert_eq!(read, Err(ReadError::OtherSize { side }), "{side}");
    }
    for side in [9, 16] {
        let empty = read::read(&drawn_grid(640, 480, &quad, side)).expect("an empty puzzle");
        assert_eq!(empty.puzzle.filled(), 0);
        assert_eq!(empty.puzzle.shape().size(), side);
    }
}

#[test]
fn a_picture_in_a_message_is_checked_like_any_other() {
    let picture = Picture::from_luma(2, 2, vec![1, 2, 3, 4]).expect("a picture");
    let bytes = postcard::to_allocvec(&picture).expect("encoded");
    assert_eq!(postcard::from_bytes::<Picture>(&bytes), Ok(picture));
    let mut lying = bytes.clone();
    lying[0] = 3;
    assert!(
        postcard::from_bytes::<Picture>(&lying).is_err(),
        "3 wide, 4 pixels"
    );
}

#[test]
fn a_photo_taken_sideways_or_upside_down_reads_the_same() {
    let path = &photos()[0];
    let mut picture = photo::load(path).expect("the photo decodes");
    for turn in 1..4 {
        // A quarter turn clockwise: the new row y, column x is the old row h-1-x, column y.
        let (w, h) = (picture.width(), picture.height());
        let old = picture.pixels();
        let turned = (0..w * h)
            .map(|k| old[(h - 1 - k % h) * w + k / h])
            .collect();
        picture = Picture::from_luma(h, w, turned).expect("a picture");
        let reading = read::read(&picture).expect("a grid is found");
        assert_eq!(
            reading.puzzle.to_line(),
            truth(path),
            "{turn} quarter turns"
        );
    }
}

/// `picture` cut at `by` cells in from its grid's `outline` on one side (0: left, 1: right, 2:
/// top, 3: bottom; a negative `by` leaves that much ground beyond the grid).
fn cut(picture: &Picture, outline: &Quad, side: usize, by: f32) -> Picture {
    let (xs, ys) = (outline.0.map(|p| p.x), outline.0.map(|p| p.y));
    let least = |v: [f32; 4]| v.into_iter().fold(f32::INFINITY, f32::min);
    let most = |v: [f32; 4]| v.into_iter().fold(0.0, f32::max);
    let (cell_x, cell_y) = ((most(xs) - least(xs)) / 9.0, (most(ys) - least(ys)) / 9.0);
    let (w, h) = (picture.width(), picture.height());
    let at = |v: f32| v.max(0.0) as usize;
    let (left, top, right, bottom) = match side {
        0 => (at(least(xs) + by * cell_x), 0, w, h),
        1 => (0, 0, at(most(xs) - by * cell_x), h),
        2 => (0, at(least(ys) + by * cell_y), w, h),
        _ => (0, 0, w, at(most(ys) - by * cell_y)),
    };
    picture
        .window(left, top, right - left, bottom - top)
        .expect("part of the photo")
}

#[test]
fn a_photo_that_cuts_the_grid_off_is_refused_and_one_that_holds_it_reads() {
    for path in photos() {
        let picture = photo::load(&path).expect("the photo decodes");
        let outline = read::read(&picture).expect("a grid is found").outline;
        for side in 0..4 {
            // Half a cell cut, the border with it: what is left still makes a 9×9 web.
            let refused = read::read(&cut(&picture, &outline, side, 0.5)).map(|r| r.puzzle);
            let what = format!("{}, side {side} cut", path.display());
            assert_eq!(refused, Err(ReadError::RunsOff), "{what}");
            let held = read::read(&cut(&picture, &outline, side, -0.5)).map(|r| r.puzzle);
            let line = held.map(|p| p.to_line());
            assert_eq!(line, Ok(truth(&path)), "{}, side {side}", path.display());
        }
    }
}

#[test]
fn the_live_view_sees_a_grid_the_frame_cuts_as_cut_and_does_not_follow_it() {
    for path in photos() {
        let picture = photo::load(&path).expect("the photo decodes");
        let outline = read::read(&picture).expect("a grid is found").outline;
        for side in 0..4 {
            let what = format!("{}, side {side}", path.display());
            let mut tracker = Tracker::default();
            let part = cut(&picture, &outline, side, 0.5);
            let seen = tracker.find(&part).expect("the rest of the grid is seen");
            assert!(seen.runs_off, "{what} cut");
            assert_eq!(
                tracker.near(&part),
                None,
                "{what}: a cut grid is not followed"
            );
            let held = cut(&picture, &outline, side, -0.5);
            let seen = tracker.find(&held).expect("the whole grid is seen");
            assert!(!seen.runs_off, "{what} held");
            assert!(
                tracker.near(&held).is_some(),
                "{what}: a whole grid is followed"
            );
        }
    }
}

#[test]
fn sudoku_read_says_a_grid_runs_off_the_photo() {
    let path = &photos()[0];
    let picture = photo::load(path).expect("the photo decodes");
    let outline = read::read(&picture).expect("a grid is found").outline;
    let cut = cut(&picture, &outline, 1, 1.0);
    let dir = std::env::temp_dir().join(format!("sudoku-cut-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("cut.png");
    let (w, h) = (cut.width() as u32, cut.height() as u32);
    image::GrayImage::from_raw(w, h, cut.pixels().to_vec())
        .expect("the cut photo's pixels")
        .save(&file)
        .expect("a PNG is written");
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg("read")
        .arg(&file)
        .output()
        .expect("sudoku runs");
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("The grid runs off the photo's edge: fit all of it in."),
        "{said}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_thumbnail_of_a_puzzle_is_refused_as_too_small_to_read() {
    // As in the app: a reading this small is noise, not a puzzle to pass on.
    let dir = std::env::temp_dir().join(format!("sudoku-thumb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let photo = image::open(&photos()[0]).expect("the photo decodes");
    let thumb = dir.join("thumb.png");
    let height = photo.height() * 80 / photo.width();
    (photo.thumbnail_exact(80, height).save(&thumb)).expect("a PNG is written");
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg("read")
        .arg(&thumb)
        .output()
        .expect("sudoku runs");
    let _ = std::fs::remove_dir_all(dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("too small or unclear to read"), "{said}");
}
