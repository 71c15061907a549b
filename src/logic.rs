//! The techniques a person solves with, weakest first, and the grade they give a puzzle: the
//! strongest technique it needs, or guessing when they all stall. Singles alone are also the
//! yardstick for the "easy" puzzles that a solver must never miss.
//!
//! Every technique works on whatever units and peers the board's geometry has, so the grades of
//! every size and rule set come from the same code.

use crate::board::{Digit, DigitSet, Geometry, Grid};
use std::fmt;
use std::ops::BitOr;

/// How hard a puzzle is, by the strongest technique it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Naked and hidden singles solve it.
    Easy,
    /// It also needs locked candidates.
    Medium,
    /// It also needs naked or hidden pairs, triples or quads.
    Hard,
    /// Those techniques stall: it takes trial and error.
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
            Difficulty::Expert => "those techniques stall: it takes guessing",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The solution that naked and hidden singles alone reach from `puzzle`, if they complete it
/// without a contradiction.
pub fn solve_by_singles(geometry: &Geometry, puzzle: &Grid) -> Option<Grid> {
    let mut pencil = Pencil::new(geometry, puzzle);
    pencil.singles().ok()?;
    pencil.solution()
}

/// The level of `puzzle`: the weakest set of techniques that completes it, or
/// [`Difficulty::Expert`] when they all stall. `None` when the techniques reach a contradiction
/// (the puzzle has no solution).
pub fn grade(geometry: &Geometry, puzzle: &Grid) -> Option<Difficulty> {
    let mut pencil = Pencil::new(geometry, puzzle);
    let mut level = Difficulty::Easy;
    loop {
        pencil.singles().ok()?;
        if pencil.solution().is_some() {
            return Some(level);
        }
        if pencil.locked_candidates().ok()? {
            level = level.max(Difficulty::Medium);
        } else if pencil.subsets().ok()? {
            level = Difficulty::Hard;
        } else {
            return Some(Difficulty::Expert);
        }
    }
}

/// Each cell's candidates once naked and hidden singles and locked candidates have done all they
/// can: what the givens force, for the annealers that start from it. `None` on a contradiction
/// (the puzzle has no solution).
pub fn forced_candidates(geometry: &Geometry, puzzle: &Grid) -> Option<Vec<DigitSet>> {
    let mut pencil = Pencil::new(geometry, puzzle);
    loop {
        pencil.singles().ok()?;
        if !pencil.locked_candidates().ok()? {
            return Some(pencil.candidates);
        }
    }
}

/// Over a unit's digit sets: the digits that occur in exactly one of them (hidden singles), and
/// the digits that occur in any.
pub fn once_and_any(sets: impl Iterator<Item = DigitSet>) -> (DigitSet, DigitSet) {
    sets.fold((DigitSet::EMPTY, DigitSet::EMPTY), |(once, any), set| {
        ((once - set) | (set - any), any | set)
    })
}

/// The techniques reached a contradiction: the puzzle has no solution.
struct Contradiction;

/// The largest subsets looked for (quads).
const MAX_SUBSET: usize = 4;

/// A board in pencil marks: each cell's candidates, and which cells are placed.
struct Pencil<'g> {
    geometry: &'g Geometry,
    all: DigitSet,
    candidates: Vec<DigitSet>,
    placed: Vec<bool>,
    /// Placements found but not made yet.
    queue: Vec<(usize, Digit)>,
    /// The pairs of units locked candidates looks at, found on first use.
    overlaps: Vec<(usize, usize)>,
}

impl<'g> Pencil<'g> {
    fn new(geometry: &'g Geometry, puzzle: &Grid) -> Pencil<'g> {
        let cells = puzzle.shape().cells();
        let all = DigitSet::all(puzzle.shape().size());
        Pencil {
            geometry,
            all,
            candidates: vec![all; cells],
            placed: vec![false; cells],
            queue: (0..cells)
                .filter_map(|c| Some((c, puzzle.get(c).and_then(Digit::new)?)))
                .collect(),
            overlaps: Vec::new(),
        }
    }

    /// The completed grid, once every cell is placed.
    fn solution(&self) -> Option<Grid> {
        let shape = self.geometry.shape();
        let digits = (self.candidates.iter().zip(&self.placed))
            .map(|(&c, &placed)| match c.first() {
                Some(d) if placed => d.get(),
                _ => 0,
            })
            .collect();
        Grid::from_digits(shape, digits).filter(|g| g.filled() == shape.cells())
    }

    /// Whether `cell` is open and may still take digit `d`.
    fn open_with(&self, cell: usize, d: Digit) -> bool {
        !self.placed[cell] && self.candidates[cell].contains(d)
    }

    /// Removes `digits` from `cell`'s candidates; a cell left with one is queued as a naked
    /// single. Returns whether anything was removed.
    fn strike(&mut self, cell: usize, digits: DigitSet) -> Result<bool, Contradiction> {
        let before = self.candidates[cell];
        let left = before - digits;
        if left == before {
            return Ok(false);
        }
        if left.is_empty() {
            return Err(Contradiction);
        }
        self.candidates[cell] = left;
        if let Some(d) = left.single().filter(|_| !self.placed[cell]) {
            self.queue.push((cell, d));
        }
        Ok(true)
    }

    /// Naked and hidden singles until neither finds anything.
    fn singles(&mut self) -> Result<(), Contradiction> {
        loop {
            while let Some((cell, d)) = self.queue.pop() {
                if !self.candidates[cell].contains(d) {
                    return Err(Contradiction);
                }
                if self.placed[cell] {
                    continue;
                }
                self.placed[cell] = true;
                self.candidates[cell] = d.into();
                for &p in self.geometry.peers(cell) {
                    self.strike(usize::from(p), d.into())?;
                }
            }
            for (_, members) in self.geometry.units() {
                let done = (members.iter())
                    .filter(|&&c| self.placed[c])
                    .fold(DigitSet::EMPTY, |d, &c| d | self.candidates[c]);
                let (once, seen) = once_and_any(
                    (members.iter())
                        .filter(|&&c| !self.placed[c])
                        .map(|&c| self.candidates[c]),
                );
                if (seen | done) != self.all {
                    return Err(Contradiction);
                }
                for d in once - done {
                    if let Some(&c) = (members.iter()).find(|&&c| self.open_with(c, d)) {
                        self.queue.push((c, d));
                    }
                }
            }
            if self.queue.is_empty() {
                return Ok(());
            }
        }
    }

    /// Locked candidates, over every two units that share cells (a box and a line; with extra
    /// rules, any two): when a digit's open places in one all lie in the other, it leaves the
    /// rest of the other. Returns whether anything was removed.
    fn locked_candidates(&mut self) -> Result<bool, Contradiction> {
        let geometry = self.geometry;
        if self.overlaps.is_empty() {
            self.overlaps = overlapping_units(geometry);
        }
        let mut removed = false;
        for i in 0..self.overlaps.len() {
            let (a, b) = self.overlaps[i];
            let (inside, other) = (geometry.unit_cells(a), geometry.unit_cells(b));
            for d in DigitSet::all(geometry.shape().size()) {
                let places = inside.iter().filter(|&&c| self.open_with(c, d)).count();
                let shared = (inside.iter())
                    .filter(|&&c| self.open_with(c, d) && other.contains(&c))
                    .count();
                if places == 0 || places != shared {
                    continue;
                }
                for &cell in other.iter().filter(|c| !inside.contains(c)) {
                    if !self.placed[cell] {
                        removed |= self.strike(cell, d.into())?;
                    }
                }
            }
        }
        Ok(removed)
    }

    /// Naked subsets (k open cells of a unit holding only k digits between them: those digits
    /// leave the unit's other cells) and hidden subsets (k digits whose open places in a unit
    /// are k cells: those cells keep only those digits), for k from 2 to [`MAX_SUBSET`].
    /// Returns whether anything was removed.
    fn subsets(&mut self) -> Result<bool, Contradiction> {
        let geometry = self.geometry;
        for (_, members) in geometry.units() {
            let open: Vec<usize> = (members.iter().copied())
                .filter(|&c| !self.placed[c])
                .collect();
            let sets: Vec<DigitSet> = open.iter().map(|&c| self.candidates[c]).collect();
            // Each open digit, and its places as bits over `open`.
            let digits: Vec<Digit> = sets
                .iter()
                .fold(DigitSet::EMPTY, |m, &s| m | s)
                .into_iter()
                .collect();
            let places: Vec<u32> = (digits.iter())
                .map(|&d| {
                    (sets.iter().enumerate())
                        .filter(|(_, s)| s.contains(d))
                        .fold(0, |m, (i, _)| m | 1 << i)
                })
                .collect();
            for k in 2..=MAX_SUBSET.min(open.len().saturating_sub(1)) {
                for (chosen, union) in subsets_of(&sets, k) {
                    let mut removed = false;
                    for (i, &cell) in open.iter().enumerate() {
                        if chosen >> i & 1 == 0 {
                            removed |= self.strike(cell, union)?;
                        }
                    }
                    if removed {
                        return Ok(true);
                    }
                }
                for (chosen, at) in subsets_of(&places, k) {
                    let keep: DigitSet = (digits.iter().enumerate())
                        .filter(|(i, _)| chosen >> i & 1 == 1)
                        .map(|(_, &d)| d)
                        .collect();
                    let mut removed = false;
                    for (i, &cell) in open.iter().enumerate() {
                        if at >> i & 1 == 1 {
                            removed |= self.strike(cell, self.all - keep)?;
                        }
                    }
                    if removed {
                        return Ok(true);
                    }
                }
            }
        }
        Ok(false)
    }
}

/// Every two units that share at least two cells, both ways round.
fn overlapping_units(geometry: &Geometry) -> Vec<(usize, usize)> {
    let count = geometry.units().count();
    let mut pairs = Vec::new();
    for a in 0..count {
        for b in 0..count {
            let shared = (geometry.unit_cells(a).iter())
                .filter(|c| geometry.unit_cells(b).contains(c))
                .count();
            if a != b && shared >= 2 {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

/// A set [`subsets_of`] can take: digits (of cells, for naked subsets) or cells (of digits, as
/// bits over a unit's open cells, for hidden subsets).
trait Members: Copy + Default + BitOr<Output = Self> {
    /// How many members the set has.
    fn members(self) -> usize;
}

impl Members for DigitSet {
    fn members(self) -> usize {
        self.len()
    }
}

impl Members for u32 {
    fn members(self) -> usize {
        self.count_ones() as usize
    }
}

/// Every choice of `k` of `sets` (as bits over their indices) whose union has exactly `k`
/// members, with that union.
fn subsets_of<S: Members>(sets: &[S], k: usize) -> Vec<(u32, S)> {
    fn pick<S: Members>(
        sets: &[S],
        k: usize,
        from: usize,
        chosen: u32,
        union: S,
        found: &mut Vec<(u32, S)>,
    ) {
        if union.members() > k {
            return;
        }
        if chosen.count_ones() as usize == k {
            found.push((chosen, union));
            return;
        }
        for i in from..sets.len() {
            pick(sets, k, i + 1, chosen | 1 << i, union | sets[i], found);
        }
    }
    let mut found = Vec::new();
    pick(sets, k, 0, 0, S::default(), &mut found);
    found
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

    #[test]
    fn subsets_are_found_only_where_the_union_is_small_enough() {
        let sets = [0b0011u32, 0b0110, 0b0011, 0b1111];
        assert_eq!(subsets_of(&sets, 2), vec![(0b101, 0b0011)]);
        assert_eq!(subsets_of(&sets, 3), vec![(0b111, 0b0111)]);
        assert_eq!(subsets_of(&[0b011u32, 0b110, 0b101], 2), vec![]);
        let digits = |ds: &[u8]| {
            ds.iter()
                .filter_map(|&d| Digit::new(d))
                .collect::<DigitSet>()
        };
        let pair = [digits(&[2, 7]), digits(&[1, 2, 7]), digits(&[7, 2])];
        assert_eq!(subsets_of(&pair, 2), vec![(0b101, digits(&[2, 7]))]);
    }
}
