//! The puzzle samples the browser's benchmark view offers, compiled into the app: small fixed
//! selections from the public collections, so the page needs no download to benchmark
//! (`benches/data/samples/README.md` says how each was taken).

use crate::board::{Grid, parse_puzzle_list};

/// One bundled sample.
pub struct SampleSet {
    /// Its name in tables (as `sudoku bench --set` would print the file's).
    pub name: &'static str,
    /// What it is, for people.
    pub about: &'static str,
    text: &'static str,
}

/// Every sample, the quickest first.
pub const SETS: [SampleSet; 7] = [
    SampleSet {
        name: "famous",
        about: "9 famous hard puzzles (Inkala's, Easter Monster, Golden Nugget, …)",
        text: include_str!("../../../benches/data/samples/famous.txt"),
    },
    SampleSet {
        name: "17_clue_50",
        about: "50 of the 49,158 puzzles with 17 givens (mostly easy)",
        text: include_str!("../../../benches/data/samples/17_clue_50.txt"),
    },
    SampleSet {
        name: "unbiased_50",
        about: "50 minimal puzzles sampled without bias (tdoku's set)",
        text: include_str!("../../../benches/data/samples/unbiased_50.txt"),
    },
    SampleSet {
        name: "magictour_50",
        about: "50 of magictour's top 1,465 (moderately hard)",
        text: include_str!("../../../benches/data/samples/magictour_50.txt"),
    },
    SampleSet {
        name: "hard20",
        about: "the classic hard20 solver benchmark",
        text: include_str!("../../../benches/data/samples/hard20.txt"),
    },
    SampleSet {
        name: "forum_hardest_50",
        about: "50 of the forum's hardest 1,106 (hardest for backtracking)",
        text: include_str!("../../../benches/data/samples/forum_hardest_50.txt"),
    },
    SampleSet {
        name: "generated_16_hard_20",
        about: "20 hard 16×16 puzzles made by this app's generator",
        text: include_str!("../../../benches/data/samples/generated_16_hard_20.txt"),
    },
];

impl SampleSet {
    /// The set named `name`, if bundled.
    pub fn named(name: &str) -> Option<&'static SampleSet> {
        SETS.iter().find(|s| s.name == name)
    }

    /// Its puzzles (the bundled files are checked to parse by the tests).
    pub fn puzzles(&self) -> Vec<Grid> {
        parse_puzzle_list(self.text)
            .into_iter()
            .filter_map(Result::ok)
            .collect()
    }
}
