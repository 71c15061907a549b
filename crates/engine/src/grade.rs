//! The generator's levels, read off the hint ladder ([`crate::hint`]): a puzzle's level is the
//! strongest technique it needs, or expert past subsets. Singles alone are also the yardstick
//! for the "easy" puzzles that a solver must never miss, and singles with locked candidates are
//! what the annealers start from.

use crate::board::{Digit, DigitSet, Geometry, Grid};
use crate::exact;
use crate::hint::{self, End, Finder, Marks, Options, Technique};
use std::fmt;

/// How hard a puzzle is, by the strongest technique it needs.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Difficulty {
    /// Naked and hidden singles solve it.
    Easy,
    /// It also needs locked candidates.
    Medium,
    /// It also needs naked or hidden pairs, triples or quads.
    Hard,
    /// Those techniques stall: it needs fish, wings, chains or guessing.
    Expert,
}

impl Difficulty {
    /// Every level, easiest first.
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
    ];

    /// The level's name, as the command line and links write it.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        }
    }

    /// The level of a puzzle whose hardest step is `technique`: singles (and a killer's cage
    /// combinations) are easy, locked candidates (and their cage forms, and innies and outies)
    /// medium, subsets hard, and everything past them expert.
    pub fn of(technique: Technique) -> Difficulty {
        match technique {
            Technique::NakedSingle | Technique::HiddenSingle | Technique::CageCombination => {
                Difficulty::Easy
            }
            t if t <= Technique::Innies => Difficulty::Medium,
            t if t <= Technique::HiddenQuad => Difficulty::Hard,
            _ => Difficulty::Expert,
        }
    }

    /// The level named `name`.
    pub fn from_name(name: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.name() == name)
    }

    /// What the level means, for the panel and `--help`.
    pub fn meaning(self) -> &'static str {
        match self {
            Difficulty::Easy => "naked and hidden singles solve it",
            Difficulty::Medium => "it also needs locked candidates (pointing and claiming)",
            Difficulty::Hard => "it also needs naked or hidden pairs, triples or quads",
            Difficulty::Expert => {
                "those techniques stall: it needs fish, wings, chains or guessing"
            }
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The solution that naked and hidden singles alone reach from `puzzle`, if they complete it
/// without a contradiction. `geometry` is the puzzle's (the ladder finds its own).
pub fn solve_by_singles(geometry: &Geometry, puzzle: &Grid) -> Option<Grid> {
    let path = ladder(geometry, puzzle, Technique::HiddenSingle);
    (path.end == End::Solved).then(|| path.marks.grid())
}

/// The level of `puzzle`: the weakest set of techniques that completes it, or
/// [`Difficulty::Expert`] when they all stall. `None` when the techniques reach a contradiction
/// (the puzzle has no solution). The uniqueness techniques never run, so a level short of expert
/// proves the puzzle has one solution.
pub fn grade(geometry: &Geometry, puzzle: &Grid) -> Option<Difficulty> {
    let path = ladder(geometry, puzzle, Technique::HiddenQuad);
    let hardest = path.steps.iter().map(|s| s.technique).max();
    match path.end {
        End::Broken => None,
        End::Stalled => Some(Difficulty::Expert),
        End::Solved => Some(hardest.map_or(Difficulty::Easy, Difficulty::of)),
    }
}

/// Whether `puzzle`'s grade is `level` or easier, as [`grade`] would say: the generator asks
/// this at every given it digs toward an easy level. Singles, and on plain boards locked
/// candidates, are asked of the exact search's propagation, which reaches the ladder's fixed
/// point far faster; beyond them [`closure`] goes on from the candidates it leaves to the
/// fixed point of `level`'s techniques.
pub fn within(geometry: &Geometry, puzzle: &Grid, level: Difficulty) -> bool {
    if level == Difficulty::Easy {
        return exact::fills_without_guessing(puzzle, false);
    }
    let start = if hint::plain_rules(geometry) {
        let Some(settled) = exact::settled_candidates(puzzle) else {
            return false;
        };
        let filled = settled.iter().all(|set| set.len() == 1);
        if filled || level == Difficulty::Medium {
            return filled;
        }
        Marks::with_marks(puzzle, &settled)
    } else {
        Marks::of(puzzle)
    };
    let top = match level {
        Difficulty::Easy | Difficulty::Medium => Technique::Innies,
        Difficulty::Hard | Difficulty::Expert => Technique::HiddenQuad,
    };
    match closure(geometry, start, top) {
        End::Solved => true,
        End::Stalled => level == Difficulty::Expert,
        End::Broken => false,
    }
}

/// How the ladder held to the techniques up to `top` (locked candidates or stronger) ends from
/// `marks`, reached without walking it step by step: singles and locked candidates are
/// settled unit by unit, looking again only where cells changed, and the ladder's stronger
/// finders run only once those are spent.
/// Each of these techniques strikes only what its pattern rules out, and a pattern outlives
/// any other strike, so they reach one fixed point in any order; a contradiction met on the
/// way is still there at the end.
fn closure(geometry: &Geometry, mut marks: Marks, top: Technique) -> End {
    // `settle` does singles and locked candidates; a killer's cage techniques lie among them.
    let settled = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
    ];
    let stronger: Vec<&dyn Finder> = (hint::finders().iter().copied())
        .filter(|f| !settled.contains(&f.technique()) && f.technique() <= top)
        .filter(|f| f.runs_with(geometry, false))
        .collect();
    let mut dirty = u128::MAX >> (128 - geometry.units().count());
    loop {
        settle(geometry, &mut marks, dirty);
        if marks.is_solved() {
            break;
        }
        let Some(step) = stronger.iter().find_map(|f| f.find(&marks)) else {
            break;
        };
        marks.apply(&step);
        dirty = (step.eliminations.iter()).fold(0, |s, &(c, _)| s | geometry.units_of(c));
    }
    match (marks.is_broken(), marks.is_solved()) {
        (true, _) => End::Broken,
        (false, true) => End::Solved,
        (false, false) => End::Stalled,
    }
}

/// Naked and hidden singles and locked candidates (from every kind of unit into any other),
/// unit by unit from the units in `dirty`, until no unit changed since it was last looked at.
fn settle(geometry: &Geometry, marks: &mut Marks, mut dirty: u128) {
    while dirty != 0 {
        let u = dirty.trailing_zeros() as usize;
        dirty &= dirty - 1;
        dirty |= settle_unit(geometry, marks, u);
    }
}

/// Places `d` at `cell`; returns the units whose cells changed.
fn place(geometry: &Geometry, marks: &mut Marks, cell: usize, d: Digit) -> u128 {
    marks.place(cell, d);
    (geometry.peers(cell).iter()).fold(geometry.units_of(cell), |s, &p| {
        s | geometry.units_of(usize::from(p))
    })
}

/// Naked and hidden singles and locked candidates of unit `u`; returns the units whose cells
/// changed. Places are read once the naked singles are in, so a hidden single placed during
/// the look only leaves other digits a place more than they have, which strikes less.
fn settle_unit(geometry: &Geometry, marks: &mut Marks, u: usize) -> u128 {
    let cells = geometry.unit_cells(u);
    let mut changed = 0;
    for &c in cells {
        if let Some(d) = marks.candidates(c).single().filter(|&d| marks.has(c, d)) {
            changed |= place(geometry, marks, c, d);
        }
    }
    // Each digit's places in the unit, as bits over the unit's cells.
    let mut places = [0u32; 32];
    for (i, &c) in cells.iter().enumerate() {
        if marks.value(c).is_none() {
            for d in marks.candidates(c) {
                places[d.index()] |= 1 << i;
            }
        }
    }
    for (d, &at) in places.iter().enumerate().filter(|(_, at)| **at != 0) {
        let Some(digit) = Digit::new(d as u8 + 1) else {
            continue;
        };
        if at.count_ones() == 1 {
            let cell = cells[at.trailing_zeros() as usize];
            if marks.has(cell, digit) {
                changed |= place(geometry, marks, cell, digit);
            }
            continue;
        }
        let mut inside = ((0..cells.len()).filter(|i| at >> i & 1 == 1))
            .fold(u128::MAX, |s, i| s & geometry.units_of(cells[i]))
            & !(1 << u);
        while inside != 0 {
            let v = inside.trailing_zeros() as usize;
            inside &= inside - 1;
            for &c in geometry.unit_cells(v) {
                if geometry.units_of(c) >> u & 1 == 0 && marks.has(c, digit) {
                    marks.strike(c, digit);
                    changed |= geometry.units_of(c);
                }
            }
        }
    }
    changed
}

/// Each cell's candidates once naked and hidden singles and locked candidates have done all they
/// can: what the givens force, for the annealers that start from it. `None` on a contradiction
/// (the puzzle has no solution).
pub fn forced_candidates(geometry: &Geometry, puzzle: &Grid) -> Option<Vec<DigitSet>> {
    let path = ladder(geometry, puzzle, Technique::Claiming);
    (path.end != End::Broken).then(|| {
        (0..path.marks.cells())
            .map(|c| path.marks.candidates(c))
            .collect()
    })
}

/// Solves `puzzle` by the ladder's techniques up to `ceiling`, never the uniqueness ones.
fn ladder(geometry: &Geometry, puzzle: &Grid, ceiling: Technique) -> hint::Path {
    debug_assert_eq!(geometry.shape(), puzzle.shape());
    let options = Options {
        unique: false,
        ceiling: Some(ceiling),
    };
    hint::solve(Marks::of(puzzle), options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check;

    fn solve(text: &str) -> Option<Grid> {
        let puzzle = Grid::parse(text).expect("valid puzzle");
        let geometry = Geometry::of(puzzle.shape());
        solve_by_singles(&geometry, &puzzle)
    }

    #[test]
    fn the_notebooks_easy_puzzle_falls_to_singles_and_the_checker_agrees() {
        let text =
            "....79.3.5.2.61478376.859.2.175..8..2.983........2..4.....5.2.1.23....541..7.....";
        let puzzle = Grid::parse(text).expect("valid puzzle");
        let geometry = Geometry::of(puzzle.shape());
        let solution = solve_by_singles(&geometry, &puzzle).expect("singles solve it");
        assert!(check::is_solution(&geometry, &puzzle, &solution));
        assert_eq!(grade(&geometry, &puzzle), Some(Difficulty::Easy));
    }

    #[test]
    fn the_hardest_puzzles_need_more_than_singles() {
        // Arto Inkala's 2012 puzzle.
        let inkala =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        assert_eq!(solve(inkala), None);
        let puzzle = Grid::parse(inkala).expect("valid puzzle");
        let geometry = Geometry::of(puzzle.shape());
        assert_eq!(grade(&geometry, &puzzle), Some(Difficulty::Expert));
    }

    #[test]
    fn a_contradiction_is_no_solution() {
        // Two 1s forced into the first row's last cells' column.
        let mut text = String::from("12345678.");
        text.push_str(&".".repeat(8));
        text.push('9');
        text.push_str(&".".repeat(63));
        assert_eq!(solve(&text), None);
        let puzzle = Grid::parse(&text).expect("parses");
        assert_eq!(grade(&Geometry::of(puzzle.shape()), &puzzle), None);
    }

    #[test]
    fn forced_candidates_hold_the_solution_and_no_more_than_the_givens_allow() {
        let inkala =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        let solution =
            "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
        let easy =
            "....79.3.5.2.61478376.859.2.175..8..2.983........2..4.....5.2.1.23....541..7.....";
        let easy = Grid::parse(easy).expect("valid puzzle");
        let geometry = Geometry::of(easy.shape());
        let by_singles = solve_by_singles(&geometry, &easy).expect("singles solve it");
        let cases = [
            (
                Grid::parse(inkala).expect("valid"),
                Grid::parse(solution).expect("valid"),
            ),
            (easy, by_singles),
        ];
        for (puzzle, solved) in &cases {
            let forced = forced_candidates(&geometry, puzzle).expect("no contradiction");
            for (cell, set) in forced.iter().enumerate() {
                let d = Digit::new(solved.get(cell).unwrap_or(0)).expect("a digit");
                assert!(set.contains(d), "cell {cell} lost its solution digit");
                if puzzle.get(cell).is_none() {
                    let plain = check::candidates(&geometry, puzzle, cell);
                    assert!(*set - plain == DigitSet::EMPTY);
                }
            }
        }
        let easy_forced = forced_candidates(&geometry, &cases[1].0).expect("no contradiction");
        assert!(easy_forced.iter().all(|set| set.len() == 1));
        let mut text = String::from("12345678.");
        text.push_str(&".".repeat(8));
        text.push('9');
        text.push_str(&".".repeat(63));
        let dead = Grid::parse(&text).expect("parses");
        assert_eq!(forced_candidates(&geometry, &dead), None);
    }
}
