//! The photo reader on any picture: the first byte sets the width, the rest are grey pixels.
//! Reading never panics or hangs, and what it reads is a 9×9 or 16×16 puzzle whose marks add up; a
//! live view's tracker finds what the whole search finds, then follows it without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::read::{self, Picture};

fuzz_target!(|bytes: &[u8]| {
    let Some((&width, pixels)) = bytes.split_first() else {
        return;
    };
    let width = usize::from(width.max(1));
    let height = pixels.len() / width;
    let Ok(picture) = Picture::from_luma(width, height, pixels[..width * height].to_vec()) else {
        return;
    };
    let found = read::find_grid(&picture);
    let mut tracker = read::Tracker::default();
    assert_eq!(
        tracker.find(&picture).map(|seen| seen.outline),
        found,
        "the first frame is searched whole"
    );
    let _ = tracker.find(&picture);
    match read::read(&picture) {
        Ok(reading) => {
            assert!(found.is_some(), "read without a grid");
            assert_eq!(reading.puzzle.shape().cells(), reading.confidence.len());
            assert!(reading.confidence.iter().all(|c| (0.0..=1.0).contains(c)));
            assert!(reading.corrected.iter().all(|c| reading.unsure.contains(c)));
        }
        Err(read::ReadError::NoGrid) => assert!(found.is_none(), "a grid the reader missed"),
        Err(read::ReadError::OtherSize { side }) => {
            assert!(found.is_some() && side != 9 && side != 16)
        }
        Err(read::ReadError::RunsOff) => assert!(found.is_some(), "cut off but not found"),
        Err(e) => panic!("{e:?} from a proper picture"),
    }
});
