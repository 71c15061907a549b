//! Hints: the next step a person would take on a position, found by the techniques people
//! solve with, easiest first, on every board size and rule set. Each technique is one
//! [`Finder`] in its own file, listed once in [`registry`]; the grader and `sudoku grade
//! --steps` walk the same ladder, and [`sudoku_words as present`] words each step.

mod cages;
mod chains;
mod colouring;
mod finned;
mod fish;
mod forcing;
mod innies;
mod locked;
mod mistakes;
pub mod registry;
mod singles;
mod state;
mod subsets;
mod sums;
mod uniqueness;
mod wings;

pub use mistakes::{Hint, Mistake, hint, mistakes};
pub use registry::finders;
pub use state::Marks;

use crate::board::{Digit, DigitSet, Geometry};

/// A technique of the ladder, easiest first: the order in which the hint looks for them.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Technique {
    NakedSingle,
    HiddenSingle,
    CageCombination,
    Pointing,
    Claiming,
    CagePointing,
    CageClaiming,
    Innies,
    NakedPair,
    HiddenPair,
    NakedTriple,
    HiddenTriple,
    NakedQuad,
    HiddenQuad,
    XWing,
    Swordfish,
    Jellyfish,
    FinnedXWing,
    FinnedSwordfish,
    FinnedJellyfish,
    XyWing,
    XyzWing,
    WWing,
    SimpleColouring,
    XChain,
    UniqueRectangle,
    BugPlusOne,
    XyChain,
    Aic,
    ForcingChain,
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 30] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::CageCombination,
        Technique::Pointing,
        Technique::Claiming,
        Technique::CagePointing,
        Technique::CageClaiming,
        Technique::Innies,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::XWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::FinnedXWing,
        Technique::FinnedSwordfish,
        Technique::FinnedJellyfish,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::WWing,
        Technique::SimpleColouring,
        Technique::XChain,
        Technique::UniqueRectangle,
        Technique::BugPlusOne,
        Technique::XyChain,
        Technique::Aic,
        Technique::ForcingChain,
    ];

    /// The technique's name in JSON and on the command line (`hidden-single`).
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked-single",
            Technique::HiddenSingle => "hidden-single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::CageCombination => "cage-combination",
            Technique::CagePointing => "cage-pointing",
            Technique::CageClaiming => "cage-claiming",
            Technique::Innies => "innies-and-outies",
            Technique::NakedPair => "naked-pair",
            Technique::HiddenPair => "hidden-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::HiddenTriple => "hidden-triple",
            Technique::NakedQuad => "naked-quad",
            Technique::HiddenQuad => "hidden-quad",
            Technique::XWing => "x-wing",
            Technique::Swordfish => "swordfish",
            Technique::Jellyfish => "jellyfish",
            Technique::FinnedXWing => "finned-x-wing",
            Technique::FinnedSwordfish => "finned-swordfish",
            Technique::FinnedJellyfish => "finned-jellyfish",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::WWing => "w-wing",
            Technique::SimpleColouring => "simple-colouring",
            Technique::XChain => "x-chain",
            Technique::UniqueRectangle => "unique-rectangle",
            Technique::BugPlusOne => "bug-plus-one",
            Technique::XyChain => "xy-chain",
            Technique::Aic => "alternating-inference-chain",
            Technique::ForcingChain => "forcing-chain",
        }
    }

    /// Whether the technique reads killer cages (and so finds nothing without them).
    pub fn needs_cages(self) -> bool {
        matches!(
            self,
            Technique::CageCombination
                | Technique::CagePointing
                | Technique::CageClaiming
                | Technique::Innies
        )
    }
}

/// One step: what a technique found, as data (the sentence is [`sudoku_words as present`]'s).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Step {
    pub technique: Technique,
    /// Digits the step places: `(cell, digit)`.
    pub placements: Vec<(usize, Digit)>,
    /// Candidates the step strikes: `(cell, digit)`.
    pub eliminations: Vec<(usize, Digit)>,
    /// The cells that make the pattern: what a person should look at.
    pub pattern: Vec<usize>,
    /// The pattern's digits.
    pub digits: DigitSet,
    /// The units the pattern lives in (indices into the geometry's units).
    pub units: Vec<usize>,
    /// The sum the pattern's cells make, for the killer techniques: what is left of a cage's,
    /// or of its units' for innies and outies.
    pub total: Option<u32>,
}

impl Step {
    /// A step of `technique` on `pattern`'s cells over `digits` in `units`, changing nothing yet.
    pub fn new(
        technique: Technique,
        pattern: Vec<usize>,
        digits: DigitSet,
        units: Vec<usize>,
    ) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            pattern,
            digits,
            units,
            total: None,
        }
    }

    /// This step, its pattern's cells making `total`.
    pub fn summing(mut self, total: u32) -> Step {
        self.total = Some(total);
        self
    }

    /// This step, striking `eliminations`; `None` when it strikes nothing (nothing found).
    pub fn striking(mut self, eliminations: Vec<(usize, Digit)>) -> Option<Step> {
        self.eliminations = eliminations;
        (!self.eliminations.is_empty()).then_some(self)
    }

    /// The cells the step changes, in order, each once: what the page marks as the target.
    pub fn targets(&self) -> Vec<usize> {
        // A step changes a few cells: each goes in its place, which spares the page a sort.
        let mut cells = Vec::new();
        for &(cell, _) in self.placements.iter().chain(&self.eliminations) {
            if let Err(at) = cells.binary_search(&cell) {
                cells.insert(at, cell);
            }
        }
        cells
    }

    /// This step, placing `d` at `cell`.
    pub fn placing(mut self, cell: usize, d: Digit) -> Step {
        self.placements.push((cell, d));
        self
    }
}

/// One technique: where it looks and what it finds.
pub trait Finder: Sync {
    /// Which technique this is.
    fn technique(&self) -> Technique;

    /// The first step this technique finds on `marks` that changes something.
    fn find(&self, marks: &Marks) -> Option<Step>;

    /// Whether the technique is sound on `geometry`'s board (its rules and cages), when the
    /// caller does (`unique`) or does not know the puzzle has exactly one solution.
    fn runs_with(&self, geometry: &Geometry, unique: bool) -> bool {
        let _ = (geometry, unique);
        true
    }
}

/// What the caller knows that some techniques need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The puzzle has exactly one solution: the uniqueness techniques may run.
    pub unique: bool,
    /// The hardest technique to try; `None` for all of them.
    pub ceiling: Option<Technique>,
}

impl Options {
    /// Every technique that needs no promise of one solution.
    pub const ANY: Options = Options {
        unique: false,
        ceiling: None,
    };
}

/// The next step on `marks`: the first technique of the ladder that finds something, or `None`
/// when they all stall (or the board is complete).
pub fn next_step(marks: &Marks, options: Options) -> Option<Step> {
    (finders().iter())
        .filter(|f| options.ceiling.is_none_or(|top| f.technique() <= top))
        .filter(|f| f.runs_with(marks.geometry(), options.unique))
        .find_map(|f| f.find(marks))
}

/// How solving by the ladder went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// Every step taken, in order.
    pub steps: Vec<Step>,
    /// The position after the last step.
    pub marks: Marks,
    /// How the walk ended.
    pub end: End,
}

/// Why solving by the ladder stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Every cell holds a digit.
    Solved,
    /// No technique (up to the ceiling) finds anything.
    Stalled,
    /// The position contradicts the rules: the puzzle (or the marks) have no solution.
    Broken,
}

/// Takes steps from `marks` until the board is solved, the ladder stalls, or a contradiction.
pub fn solve(mut marks: Marks, options: Options) -> Path {
    let mut steps = Vec::new();
    let end = loop {
        if marks.is_broken() {
            break End::Broken;
        }
        if marks.is_solved() {
            break End::Solved;
        }
        let Some(step) = next_step(&marks, options) else {
            break End::Stalled;
        };
        marks.apply(&step);
        steps.push(step);
    };
    Path { steps, marks, end }
}

/// Whether `geometry`'s board adds nothing to rows, columns and boxes: the uniqueness arguments
/// swap two digits in a rectangle, which extra units or chess moves may forbid and which changes
/// the sums of the cages around it.
pub fn plain_rules(geometry: &Geometry) -> bool {
    geometry.shape().rules().is_empty() && geometry.cages().is_empty()
}
