//! The puzzle samples the browser's benchmark view offers: small fixed selections from the
//! public collections (`benches/data/samples/README.md` says how each was taken). The page
//! knows them by name, size and board; their puzzles are compiled into the worker alone, which
//! benchmarks a sample's puzzle by its place, so the first visit does not download them.

use crate::board::{Grid, Shape, parse_puzzle_line, puzzle_lines};

/// One bundled sample, as the page offers it.
pub struct SampleSet {
    /// Its name in tables (as `sudoku bench --set` would print the file's).
    pub name: &'static str,
    /// Its name for people, in the benchmark view's list.
    pub title: &'static str,
    /// What it is, for people.
    pub about: &'static str,
    /// How many puzzles it holds.
    pub count: usize,
    /// The side of its boards.
    pub side: usize,
    /// Its puzzles are killers: only solvers that take cages are timed on it.
    pub killer: bool,
}

/// Every sample, the quickest first.
pub const SETS: [SampleSet; 8] = [
    SampleSet {
        name: "famous",
        title: "Famous hard puzzles",
        about: "9 famous hard puzzles (Inkala's, Easter Monster, Golden Nugget, …)",
        count: 9,
        side: 9,
        killer: false,
    },
    SampleSet {
        name: "17_clue_50",
        title: "Puzzles with 17 givens",
        about: "50 of the 49,158 puzzles with 17 givens (mostly easy)",
        count: 50,
        side: 9,
        killer: false,
    },
    SampleSet {
        name: "unbiased_50",
        title: "Minimal puzzles, unbiased",
        about: "50 minimal puzzles sampled without bias (tdoku's set)",
        count: 50,
        side: 9,
        killer: false,
    },
    SampleSet {
        name: "magictour_50",
        title: "Magictour's top puzzles",
        about: "50 of magictour's top 1,465 (moderately hard)",
        count: 50,
        side: 9,
        killer: false,
    },
    SampleSet {
        name: "hard20",
        title: "The hard20 benchmark",
        about: "the classic hard20 solver benchmark",
        count: 20,
        side: 9,
        killer: false,
    },
    SampleSet {
        name: "forum_hardest_50",
        title: "The forum's hardest",
        about: "50 of the forum's hardest 1,106 (hardest for backtracking)",
        count: 50,
        side: 9,
        killer: false,
    },
    SampleSet {
        name: "generated_16_hard_20",
        title: "Hard 16×16, made here",
        about: "20 hard 16×16 puzzles made by this app's generator",
        count: 20,
        side: 16,
        killer: false,
    },
    SampleSet {
        name: "killer_10",
        title: "Killers, no givens, made here",
        about: "10 killer sudokus without givens made by this app's generator; only the solvers that take cages are timed",
        count: 10,
        side: 9,
        killer: true,
    },
];

/// Each sample's text by name. Apart from [`SETS`] so that a build which only names the
/// samples (the page) links none of it.
const TEXTS: [(&str, &str); 8] = [
    (
        "famous",
        include_str!("../../../benches/data/samples/famous.txt"),
    ),
    (
        "17_clue_50",
        include_str!("../../../benches/data/samples/17_clue_50.txt"),
    ),
    (
        "unbiased_50",
        include_str!("../../../benches/data/samples/unbiased_50.txt"),
    ),
    (
        "magictour_50",
        include_str!("../../../benches/data/samples/magictour_50.txt"),
    ),
    (
        "hard20",
        include_str!("../../../benches/data/samples/hard20.txt"),
    ),
    (
        "forum_hardest_50",
        include_str!("../../../benches/data/samples/forum_hardest_50.txt"),
    ),
    (
        "generated_16_hard_20",
        include_str!("../../../benches/data/samples/generated_16_hard_20.txt"),
    ),
    (
        "killer_10",
        include_str!("../../../benches/data/samples/killer_10.txt"),
    ),
];

impl SampleSet {
    /// The set named `name`, if bundled.
    pub fn named(name: &str) -> Option<&'static SampleSet> {
        SETS.iter().find(|s| s.name == name)
    }

    /// The shape of its boards.
    pub fn shape(&self) -> Option<Shape> {
        Shape::of_side(self.side)
    }

    /// Its puzzles, a killer's with its cages (the tests check there are [`SampleSet::count`]
    /// of [`SampleSet::side`]).
    pub fn puzzles(&self) -> Vec<Grid> {
        let text = TEXTS.iter().find(|(name, _)| *name == self.name);
        let lines = text.into_iter().flat_map(|(_, text)| puzzle_lines(text));
        lines
            .filter_map(|(_, line)| parse_puzzle_line(line).ok())
            .collect()
    }
}

/// Puzzle `index` of the sample named `set`, if there is one.
pub fn puzzle(set: &str, index: usize) -> Option<Grid> {
    SampleSet::named(set)?.puzzles().into_iter().nth(index)
}
