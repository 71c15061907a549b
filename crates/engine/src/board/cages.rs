//! Killer cages: sets of cells whose digits sum to a total, no digit twice in a cage. A puzzle
//! carries its cages beside its givens ([`super::Grid::cages`]); they are checked against the
//! board when made, so a puzzle's cages never overlap, leave the board or ask the impossible.

use super::{Pos, Shape, Unit, UnitKind};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// One cage: its cells (ascending, row-major indices) and their sum.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cage {
    sum: u32,
    cells: Vec<u16>,
}

impl Cage {
    /// A cage of `cells` summing to `sum`; its cells are sorted, and checked against a board
    /// only when the cages are ([`Cages::new`]).
    pub fn new(sum: u32, cells: impl IntoIterator<Item = usize>) -> Cage {
        // Each cell put in its place rather than a sort: a cage is small, and the page, which
        // makes cages from links and taps, links no sort (docs/BENCHMARKS.md, the page's size).
        let mut sorted: Vec<u16> = Vec::new();
        for cell in cells {
            let cell = u16::try_from(cell).unwrap_or(u16::MAX);
            sorted.insert(sorted.partition_point(|&c| c < cell), cell);
        }
        Cage { sum, cells: sorted }
    }

    pub fn sum(&self) -> u32 {
        self.sum
    }

    /// The cells, ascending.
    pub fn cells(&self) -> impl ExactSizeIterator<Item = usize> + Clone + '_ {
        self.cells.iter().map(|&c| usize::from(c))
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The cage's first cell (top left), where its sum is written.
    pub fn first(&self) -> usize {
        self.cells.first().map_or(0, |&c| usize::from(c))
    }
}

/// The smallest and largest sums of `k` distinct digits of `1..=n`.
pub fn sum_range(k: usize, n: usize) -> (u32, u32) {
    let k = k.min(n) as u32;
    let n = n as u32;
    (k * (k + 1) / 2, k * (2 * n - k + 1) / 2)
}

/// The cells beside `cell` (up, down, left, right).
pub fn side_neighbours(shape: Shape, cell: usize) -> impl Iterator<Item = usize> {
    let n = shape.size();
    let (row, col) = (cell / n, cell % n);
    [
        (row > 0).then(|| cell - n),
        (row + 1 < n).then(|| cell + n),
        (col > 0).then(|| cell - 1),
        (col + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// Whether `cells` hang together side by side (none or one do).
pub fn connected(shape: Shape, cells: &[usize]) -> bool {
    apart(shape, cells).is_none()
}

/// The first of `cells` not joined side by side, through the others, to the first of them.
fn apart(shape: Shape, cells: &[usize]) -> Option<usize> {
    pieces(shape, cells).iter().skip(1).flatten().min().copied()
}

/// `cells` in their pieces, each joined side by side within and apart from the others; the
/// first cell's piece first.
pub fn pieces(shape: Shape, cells: &[usize]) -> Vec<Vec<usize>> {
    let mut found: Vec<Vec<usize>> = Vec::new();
    for &start in cells {
        if found.iter().any(|piece| piece.contains(&start)) {
            continue;
        }
        let mut reached = vec![start];
        let mut next = 0;
        while let Some(&cell) = reached.get(next) {
            let joined: Vec<usize> = side_neighbours(shape, cell)
                .filter(|c| cells.contains(c) && !reached.contains(c))
                .collect();
            reached.extend(joined);
            next += 1;
        }
        found.push(reached);
    }
    found
}

/// A board's cages, checked against it: shared, since every copy of a puzzle carries them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cages(Arc<[Cage]>);

impl std::ops::Deref for Cages {
    type Target = [Cage];

    fn deref(&self) -> &[Cage] {
        &self.0
    }
}

/// Why a set of cages is no killer of its board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CageError {
    /// Cage text that cannot be read: what was found where (1-based cage number).
    Malformed { cage: usize, text: String },
    /// A cage without cells.
    Empty { cage: usize },
    /// A cell beyond the board's rows or columns.
    OffBoard { cage: usize, row: usize, col: usize },
    /// A cell in two cages, or twice in one.
    Overlap { pos: Pos },
    /// Cells in pieces that do not meet side by side: a killer's cage is one region, and its
    /// sum is written once, in its first cell.
    Disconnected { cage: usize, pos: Pos },
    /// More cells than the board has digits: some digit would repeat.
    TooLarge {
        cage: usize,
        cells: usize,
        digits: usize,
    },
    /// A sum no set of that many distinct digits makes.
    Sum {
        cage: usize,
        sum: u32,
        cells: usize,
        min: u32,
        max: u32,
    },
    /// The cages inside a row, column or box leave its other cells a total they cannot make
    /// (every unit holds each digit once, so its cells sum to 1 + 2 + … + n).
    Unit { unit: Unit, caged: u32, left: usize },
    /// The cages cover the whole board yet do not total n times 1 + 2 + … + n.
    Board { total: u32, expected: u32 },
}

impl CageError {
    /// Whether the cages are well formed but ask what no grid gives (no solution), rather than
    /// written wrong.
    pub fn is_impossible(&self) -> bool {
        matches!(
            self,
            CageError::TooLarge { .. }
                | CageError::Sum { .. }
                | CageError::Unit { .. }
                | CageError::Board { .. }
        )
    }
}

/// What `.0` different digits can sum to, from `.1` to `.2`, as people read it: the CLI's
/// refusal and the page's both say it so.
pub struct Reach(pub usize, pub u32, pub u32);

impl fmt::Display for Reach {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Reach(cells, min, max) = *self;
        // Every digit of the board: no range to speak of.
        if min == max {
            write!(f, "{cells} different digits always sum to {min}")
        } else {
            write!(f, "{cells} different digits sum to {min} to {max}")
        }
    }
}

impl fmt::Display for CageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CageError::Malformed { cage, text } => write!(
                f,
                "cage {cage} reads “{text}”: write each cage as SUM:r1c1+r1c2, cages separated by commas"
            ),
            CageError::Empty { cage } => write!(f, "cage {cage} has no cell"),
            CageError::OffBoard { cage, row, col } => {
                write!(
                    f,
                    "cage {cage} names r{row}c{col}, which is not on the board"
                )
            }
            CageError::Overlap { pos } => write!(f, "{pos} is in two cages"),
            CageError::Disconnected { cage, pos } => write!(
                f,
                "cage {cage} is in pieces: {pos} is not joined side by side to its first cell"
            ),
            CageError::TooLarge {
                cage,
                cells,
                digits,
            } => write!(
                f,
                "cage {cage} has {cells} cells but the board only {digits} digits, so one would repeat"
            ),
            CageError::Sum {
                cage,
                sum,
                cells,
                min,
                max,
            } => write!(
                f,
                "cage {cage} sums to {sum}, but {}",
                Reach(*cells, *min, *max)
            ),
            CageError::Unit { unit, caged, left } => write!(
                f,
                "the cages inside {unit} sum to {caged}, which its other {left} cells cannot make up"
            ),
            CageError::Board { total, expected } => write!(
                f,
                "the cages cover the board and sum to {total}, but a full board sums to {expected}"
            ),
        }
    }
}

impl std::error::Error for CageError {}

impl Cages {
    /// No cages.
    pub fn none() -> Cages {
        Cages::default()
    }

    /// `cages` on a board of `shape`, or why no grid of that board keeps them: cells off the
    /// board or in two cages, or sums that their cells, or a unit's other cells, cannot make.
    pub fn new(shape: Shape, cages: Vec<Cage>) -> Result<Cages, CageError> {
        let n = shape.size();
        let mut owner = vec![false; shape.cells()];
        for (i, cage) in cages.iter().enumerate() {
            let number = i + 1;
            if cage.is_empty() {
                return Err(CageError::Empty { cage: number });
            }
            for cell in cage.cells() {
                if cell >= shape.cells() {
                    let (row, col) = (cell / n + 1, cell % n + 1);
                    return Err(CageError::OffBoard {
                        cage: number,
                        row,
                        col,
                    });
                }
                if std::mem::replace(&mut owner[cell], true) {
                    return Err(CageError::Overlap {
                        pos: shape.pos(cell),
                    });
                }
            }
            let cells: Vec<usize> = cage.cells().collect();
            if let Some(cell) = apart(shape, &cells) {
                return Err(CageError::Disconnected {
                    cage: number,
                    pos: shape.pos(cell),
                });
            }
            if cage.len() > n {
                return Err(CageError::TooLarge {
                    cage: number,
                    cells: cage.len(),
                    digits: n,
                });
            }
            let (min, max) = sum_range(cage.len(), n);
            if !(min..=max).contains(&cage.sum) {
                return Err(CageError::Sum {
                    cage: number,
                    sum: cage.sum,
                    cells: cage.len(),
                    min,
                    max,
                });
            }
        }
        check_units(shape, &cages)?;
        Ok(Cages(cages.into()))
    }

    /// The sums the rule of 45 adds: in each unit (whose `n` cells hold each digit once), the
    /// cells outside the cages wholly inside it make what those cages leave of the unit's total
    /// (innies); where cages cover a unit, their cells outside it make what they hold beyond
    /// the total (outies), kept when those cells share a unit, so that no digit repeats.
    pub fn unit_sums(&self, units: &[Vec<usize>], n: usize) -> Vec<Cage> {
        let total = (n * (n + 1) / 2) as u32;
        let mut found = Vec::new();
        for unit in units.iter().filter(|u| u.len() == n) {
            let within = |c: &Cage| c.cells().all(|x| unit.contains(&x));
            let touching = |c: &Cage| c.cells().any(|x| unit.contains(&x));
            let inside: Vec<&Cage> = self.iter().filter(|c| within(c)).collect();
            let rest: Vec<usize> = (unit.iter().copied())
                .filter(|&x| !inside.iter().any(|c| c.cells().any(|y| y == x)))
                .collect();
            let inside_sum: u32 = inside.iter().map(|c| c.sum()).sum();
            if !inside.is_empty() && !rest.is_empty() {
                found.push(Cage::new(total.saturating_sub(inside_sum), rest));
            }
            let over: Vec<&Cage> = self.iter().filter(|c| touching(c) && !within(c)).collect();
            let covered: usize = self.iter().filter(|c| touching(c)).map(|c| c.len()).sum();
            let out: Vec<usize> = (over.iter().flat_map(|c| c.cells()))
                .filter(|x| !unit.contains(x))
                .collect();
            let shared = units.iter().any(|u| out.iter().all(|x| u.contains(x)));
            let over_sum = inside_sum + over.iter().map(|c| c.sum()).sum::<u32>();
            if !out.is_empty() && covered == n + out.len() && shared && over_sum > total {
                found.push(Cage::new(over_sum - total, out));
            }
        }
        found
    }

    /// Which cage holds each cell, if any.
    pub fn owners(&self, shape: Shape) -> Vec<Option<usize>> {
        let mut owners = vec![None; shape.cells()];
        for (i, cage) in self.iter().enumerate() {
            for cell in cage.cells() {
                owners[cell] = Some(i);
            }
        }
        owners
    }

    /// Reads cages written `SUM:CELL+CELL+…`, cages separated by commas, each cell `rRcC`
    /// (1-based row and column). Lenient: either case, spaces anywhere, `;` between cages too,
    /// `=` or nothing after the sum, and nothing between cells, as links write them.
    pub fn parse(shape: Shape, text: &str) -> Result<Cages, CageError> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        // A loop, not a collect into a `Result`: the page reads links with this and is short
        // of room.
        let mut cages = Vec::new();
        for part in compact.split([',', ';']).filter(|part| !part.is_empty()) {
            cages.push(parse_cage(shape, cages.len() + 1, part)?);
        }
        Cages::new(shape, cages)
    }

    /// The text [`Cages::parse`] reads back: `15:r1c1+r1c2,9:r2c1+r2c2+r2c3`; `compact` drops the
    /// colons and pluses, for links.
    pub fn to_text(&self, shape: Shape, compact: bool) -> String {
        let (colon, plus) = if compact { ("", "") } else { (":", "+") };
        // Written into one string, without joins: the page writes its links with this.
        let mut text = String::new();
        for (i, cage) in self.iter().enumerate() {
            let comma = if i == 0 { "" } else { "," };
            text.push_str(&format!("{comma}{}{colon}", cage.sum));
            for (k, cell) in cage.cells().enumerate() {
                let Pos { row, col } = shape.pos(cell);
                let plus = if k == 0 { "" } else { plus };
                text.push_str(&format!("{plus}r{}c{}", row + 1, col + 1));
            }
        }
        text
    }
}

/// One cage of [`Cages::parse`]'s text.
fn parse_cage(shape: Shape, number: usize, text: &str) -> Result<Cage, CageError> {
    let malformed = || CageError::Malformed {
        cage: number,
        text: text.chars().take(40).collect(),
    };
    let lower = text.to_ascii_lowercase();
    let digits_end = lower
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(lower.len());
    let sum: u32 = lower[..digits_end].parse().map_err(|_| malformed())?;
    let rest = lower[digits_end..].trim_start_matches([':', '=']);
    let mut cells = Vec::new();
    for cell in rest.split('+') {
        let mut chars = cell.chars().peekable();
        while chars.peek().is_some() {
            let mut number_after = |letter: char| -> Option<usize> {
                (chars.next()? == letter).then_some(())?;
                let mut value = String::new();
                while let Some(d) = chars.next_if(char::is_ascii_digit) {
                    value.push(d);
                }
                value.parse().ok().filter(|v: &usize| (1..=99).contains(v))
            };
            let (row, col) = (number_after('r'), number_after('c'));
            let (Some(row), Some(col)) = (row, col) else {
                return Err(malformed());
            };
            let n = shape.size();
            if row > n || col > n {
                return Err(CageError::OffBoard {
                    cage: number,
                    row,
                    col,
                });
            }
            cells.push((row - 1) * n + col - 1);
        }
    }
    Ok(Cage::new(sum, cells))
}

/// The rule of 45 as a check: the cages lying wholly inside a row, column or box leave its other
/// cells a total that distinct digits must make; and cages that cover the board must total it.
fn check_units(shape: Shape, cages: &[Cage]) -> Result<(), CageError> {
    let n = shape.size();
    let unit_total = sum_range(n, n).0;
    let units = [UnitKind::Row, UnitKind::Column, UnitKind::Box];
    let unit_of = |kind: UnitKind, cell: usize| match kind {
        UnitKind::Row => shape.pos(cell).row,
        UnitKind::Column => shape.pos(cell).col,
        _ => shape.box_of(cell),
    };
    for kind in units {
        let mut caged = vec![(0u32, 0usize); n];
        for cage in cages {
            let first = unit_of(kind, cage.first());
            if cage.cells().all(|c| unit_of(kind, c) == first) {
                caged[first].0 += cage.sum;
                caged[first].1 += cage.len();
            }
        }
        for (index, &(sum, cells)) in caged.iter().enumerate() {
            let left = n - cells.min(n);
            let (min, max) = sum_range(left, n);
            let fits = unit_total
                .checked_sub(sum)
                .is_some_and(|rest| (min..=max).contains(&rest));
            if !fits {
                return Err(CageError::Unit {
                    unit: Unit { kind, index },
                    caged: sum,
                    left,
                });
            }
        }
    }
    let covered: usize = cages.iter().map(Cage::len).sum();
    let total: u32 = cages.iter().map(Cage::sum).sum();
    let expected = unit_total * n as u32;
    if covered == shape.cells() && total != expected {
        return Err(CageError::Board { total, expected });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cage_text_reads_back_and_leniently() {
        let shape = Shape::CLASSIC;
        let cages = Cages::parse(shape, "15:r1c1+r1c2,9:r2c1+r2c2+r2c3").expect("valid");
        assert_eq!(cages.len(), 2);
        assert_eq!(cages[0].cells().collect::<Vec<_>>(), vec![0, 1]);
        assert_eq!(cages[1].sum(), 9);
        let text = cages.to_text(shape, false);
        assert_eq!(text, "15:r1c1+r1c2,9:r2c1+r2c2+r2c3");
        assert_eq!(Cages::parse(shape, &text), Ok(cages.clone()));
        let compact = cages.to_text(shape, true);
        assert_eq!(compact, "15r1c1r1c2,9r2c1r2c2r2c3");
        assert_eq!(Cages::parse(shape, &compact), Ok(cages.clone()));
        assert_eq!(
            Cages::parse(shape, " 15 = R1C1 + r1c2 ; 9:r2c1r2c2+r2c3 ,"),
            Ok(cages)
        );
    }

    #[test]
    fn cages_the_board_cannot_mean_are_refused_with_the_reason() {
        let shape = Shape::CLASSIC;
        let err = |text| Cages::parse(shape, text).expect_err(text);
        assert!(matches!(
            err("x:r1c1"),
            CageError::Malformed { cage: 1, .. }
        ));
        assert!(matches!(err("3:r1"), CageError::Malformed { .. }));
        assert!(matches!(
            err("3:r1c1,4:r1c1+r1c2"),
            CageError::Overlap { .. }
        ));
        assert!(matches!(err("3:r1c1+r1c1"), CageError::Overlap { .. }));
        assert!(matches!(
            err("3:r10c1"),
            CageError::OffBoard { row: 10, .. }
        ));
        assert!(matches!(err("2:r1c1+r1c2"), CageError::Sum { min: 3, .. }));
        assert!(matches!(
            err("18:r1c1+r1c2"),
            CageError::Sum { max: 17, .. }
        ));
        assert!(matches!(err("12:"), CageError::Empty { cage: 1 }));
        // Two pieces, touching only at a corner or not at all: one cage is one region.
        for pieces in ["17:r1c3+r3c1+r3c2", "10:r1c1+r2c2", "20:r5c5+r5c6+r7c7"] {
            let e = err(pieces);
            assert!(matches!(e, CageError::Disconnected { cage: 1, .. }), "{e}");
            assert!(
                !e.is_impossible(),
                "written wrong, not asking the impossible"
            );
        }
        let e = err("3:r1c1+r1c2,10:r5c5+r7c7");
        assert_eq!(
            e.to_string(),
            "cage 2 is in pieces: row 7, column 7 is not joined side by side to its first cell"
        );
        // Row 1 split in two cages inside it must total 45.
        let row = "20:r1c1+r1c2+r1c3+r1c4,20:r1c5+r1c6+r1c7+r1c8+r1c9";
        assert!(matches!(err(row), CageError::Unit { left: 0, .. }));
        // Eight cells of row 1 caged to 44 leave its ninth cell the digit 1: fine; to 33, a 12.
        assert!(Cages::parse(shape, "44:r1c1+r1c2+r1c3+r1c4+r1c5+r1c6+r1c7+r1c8").is_ok());
        let gap = err("3:r1c1+r1c2,30:r1c3+r1c4+r1c5+r1c6+r1c7+r1c8");
        assert!(matches!(gap, CageError::Unit { left: 1, .. }), "{gap}");
        assert!(gap.is_impossible());
        assert!(!err("3:r1c1,4:r1c1+r1c2").is_impossible());
        let four = Shape::new(2, 2).expect("4x4");
        let ten = "r1c1+r1c2+r1c3+r1c4+r2c1+r2c2+r2c3+r2c4";
        assert!(matches!(
            Cages::parse(four, &format!("20:{ten}")),
            Err(CageError::TooLarge { cells: 8, .. })
        ));
        assert!(matches!(
            Cages::parse(four, "3:r1c5"),
            Err(CageError::OffBoard { .. })
        ));
    }
}
