//! Which cells see each other, per shape: units, pairwise rules, peers, and their bit sets.

use super::{Cage, Cages, Digit, DigitSet, Grid, Pos, Rules, Shape, Unit, UnitKind};
use std::sync::{Arc, Mutex, OnceLock};

/// Which cells see each other, computed once per shape so that solvers never loop over the whole
/// board to find a cell's neighbours.
#[derive(Clone, Debug)]
pub struct Geometry {
    shape: Shape,
    /// `units[u]` lists the cells of unit `u`: rows first, then columns, then boxes, then the
    /// rules' diagonals and extra boxes.
    units: Vec<Vec<usize>>,
    /// What each unit is.
    names: Vec<Unit>,
    /// Pairs of cells (lower first) that see each other only through a pairwise rule or a
    /// killer cage, with the rule's move or the cage.
    pairs: Vec<(usize, usize, Unit)>,
    /// The killer cages, whose cells are also each other's peers.
    cages: Cages,
    /// The sums the cages imply by the rule of 45 ([`Cages::unit_sums`]), found when the exact
    /// search first asks: the page, which never does, links none of it.
    unit_sums: OnceLock<Vec<Cage>>,
    /// For boards of at most 128 cells: each unit, and each cell's peers, as a bit set of cells.
    unit_bits: Vec<u128>,
    peer_bits: Vec<u128>,
    /// Each cell's three units, as a bit set of unit indices (at most 75 units: 25×25).
    units_of: Vec<u128>,
    /// For boards of at most 128 cells: every (row or column, box) pair that share cells, as bit
    /// sets of cells.
    crossings: Vec<(u128, u128)>,
    /// Every row or column that shares cells with a box, on every board.
    meets: Vec<Meet>,
    /// Peers of cell `c` are `peers[peer_start[c] .. peer_start[c + 1]]`.
    peers: Vec<u16>,
    peer_start: Vec<usize>,
    /// Each cell's peers as a bit set of cells in [`CELL_WORDS`] words, on every board.
    peer_words: Vec<[u64; CELL_WORDS]>,
}

/// Words of a bit set of cells that holds any board (625 cells on 25×25).
pub const CELL_WORDS: usize = 10;

/// A row or column and a box that share cells, split three ways: what locked candidates looks
/// at.
#[derive(Clone, Debug)]
pub struct Meet {
    /// The line's and the box's unit numbers.
    pub line: usize,
    pub boxed: usize,
    /// The cells the line and the box share.
    pub shared: Vec<usize>,
    /// The line's other cells.
    pub line_only: Vec<usize>,
    /// The box's other cells.
    pub box_only: Vec<usize>,
}

impl Geometry {
    /// Works out every unit, pair and peer of `shape`; [`Geometry::of`] keeps one per shape.
    pub fn new(shape: Shape) -> Geometry {
        Geometry::caged(shape, Cages::none())
    }

    /// The geometry of `shape` with killer `cages` (checked against `shape`): a cage's cells
    /// see each other, since no digit repeats in a cage.
    pub fn caged(shape: Shape, cages: Cages) -> Geometry {
        let n = shape.size();
        let (units, names) = units_of_shape(shape);
        let mut pairs = rule_pairs(shape, &units);
        pairs.extend(cage_pairs(&cages, &units, &pairs));
        let peer_lists = peer_lists(shape, &units, &pairs);
        let peer_words = (peer_lists.iter()).map(|p| cell_words(p)).collect();
        let peer_start = std::iter::once(0)
            .chain(peer_lists.iter().scan(0, |end, p| {
                *end += p.len();
                Some(*end)
            }))
            .collect();
        let units_of = (0..shape.cells())
            .map(|cell| {
                (units.iter().enumerate())
                    .filter(|(_, u)| u.contains(&cell))
                    .fold(0u128, |set, (i, _)| set | 1 << i)
            })
            .collect();
        let (unit_bits, peer_bits, crossings) = small_board_bits(shape, &units, &peer_lists);
        Geometry {
            shape,
            meets: meets(&units, n),
            unit_sums: OnceLock::new(),
            names,
            pairs,
            cages,
            units,
            unit_bits,
            peer_bits,
            units_of,
            crossings,
            peers: peer_lists.concat(),
            peer_start,
            peer_words,
        }
    }

    /// The geometry of `shape`, computed once per process and shared after that.
    pub fn of(shape: Shape) -> Arc<Geometry> {
        static CLASSIC: OnceLock<Arc<Geometry>> = OnceLock::new();
        if shape == Shape::CLASSIC {
            return CLASSIC
                .get_or_init(|| Arc::new(Geometry::new(shape)))
                .clone();
        }
        // A list, not a hash map: a process meets a handful of boards, and the page's wasm is
        // spared a map's code and its hasher.
        static CACHE: OnceLock<Mutex<Vec<Arc<Geometry>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        let mut list = cache
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(found) = list.iter().find(|g| g.shape == shape) {
            return found.clone();
        }
        let made = Arc::new(Geometry::new(shape));
        list.push(made.clone());
        made
    }

    /// The geometry of `puzzle`'s board with its killer cages: shared per shape when it has
    /// none, and the last few caged ones kept, since the generator searches one cage set often.
    pub fn of_puzzle(puzzle: &Grid) -> Arc<Geometry> {
        if !puzzle.is_killer() {
            return Geometry::of(puzzle.shape());
        }
        type Recent = Vec<(Shape, Cages, Arc<Geometry>)>;
        static RECENT: OnceLock<Mutex<Recent>> = OnceLock::new();
        let key = (puzzle.shape(), puzzle.cages());
        let recent = RECENT.get_or_init(Default::default);
        let mut recent = recent.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((.., found)) = recent.iter().find(|(s, c, _)| (*s, c) == key) {
            return found.clone();
        }
        let made = Arc::new(Geometry::caged(key.0, key.1.clone()));
        if recent.len() == 8 {
            recent.remove(0);
        }
        recent.push((key.0, key.1.clone(), made.clone()));
        made
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The killer cages (none on most boards).
    pub fn cages(&self) -> &Cages {
        &self.cages
    }

    /// The cages, then the sums they imply by the rule of 45: what the exact search prunes by.
    pub fn sums(&self) -> impl Iterator<Item = &Cage> {
        let implied =
            (self.unit_sums).get_or_init(|| self.cages.unit_sums(&self.units, self.shape.size()));
        self.cages.iter().chain(implied)
    }

    /// Every unit as a bit set of cells (bit `c` for cell `c`); empty on boards of more than 128
    /// cells.
    pub fn unit_bits(&self) -> &[u128] {
        &self.unit_bits
    }

    /// Every (row or column, box) pair that share cells, each as bit sets of cells; empty on
    /// boards of more than 128 cells.
    pub fn crossings(&self) -> &[(u128, u128)] {
        &self.crossings
    }

    /// Every row or column and box that share cells.
    pub fn meets(&self) -> &[Meet] {
        &self.meets
    }

    /// The units that hold `cell` (rows `0..n`, columns `n..2n`, boxes `2n..3n`, then the rules'
    /// units), as a bit set.
    pub fn units_of(&self, cell: usize) -> u128 {
        self.units_of[cell]
    }

    /// The peers of `cell` as a bit set of cells, or `None` on boards of more than 128 cells.
    pub fn peer_bits(&self, cell: usize) -> Option<u128> {
        self.peer_bits.get(cell).copied()
    }

    /// Unit `u` by name (rows `0..n`, columns `n..2n`, boxes `2n..3n`, then the rules' units).
    pub fn unit(&self, u: usize) -> Unit {
        self.names.get(u).copied().unwrap_or(Unit {
            kind: UnitKind::Row,
            index: 0,
        })
    }

    /// Pairs of cells (lower first) that only a pairwise rule or a cage keeps apart, with the
    /// rule's move or the cage.
    pub fn rule_pairs(&self) -> &[(usize, usize, Unit)] {
        &self.pairs
    }

    /// The peers of `cell` as a bit set of cells (bit `c % 64` of word `c / 64`).
    pub fn peer_words(&self, cell: usize) -> &[u64; CELL_WORDS] {
        &self.peer_words[cell]
    }

    /// The most peers any cell has.
    pub fn max_peers(&self) -> usize {
        (self.peer_start.windows(2))
            .map(|w| w[1] - w[0])
            .max()
            .unwrap_or(0)
    }

    /// Every row, column and box (and the rules' units), each as its list of cells.
    pub fn units(&self) -> impl Iterator<Item = (Unit, &[usize])> {
        (self.units.iter().enumerate()).map(|(u, cells)| (self.unit(u), cells.as_slice()))
    }

    /// The cells of unit `u`.
    pub fn unit_cells(&self, u: usize) -> &[usize] {
        &self.units[u]
    }

    /// The cells that share a row, column or box with `cell` (20 on a 9×9 board).
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_start[cell]..self.peer_start[cell + 1]]
    }

    /// The digits each open cell of `grid` can still take: those no peer holds, under every
    /// rule of the board. A person's automatic pencil marks; empty for a filled cell.
    pub fn candidates(&self, grid: &Grid) -> Vec<DigitSet> {
        let all = DigitSet::all(self.shape.size());
        (0..self.shape.cells())
            .map(|cell| match grid.get(cell) {
                Some(_) => DigitSet::EMPTY,
                None => (self.peers(cell).iter())
                    .filter_map(|&p| grid.get(usize::from(p)).and_then(Digit::new))
                    .fold(all, |left, d| left - DigitSet::from(d)),
            })
            .collect()
    }
}

/// The units of `shape` and what each is: rows, then columns, then boxes, then the rules'
/// diagonals and extra boxes.
fn units_of_shape(shape: Shape) -> (Vec<Vec<usize>>, Vec<Unit>) {
    let n = shape.size();
    let mut units = Vec::with_capacity(3 * n + 2);
    let mut names = Vec::with_capacity(3 * n + 2);
    let mut add = |kind: UnitKind, found: Vec<Vec<usize>>| {
        names.extend((0..found.len()).map(|index| Unit { kind, index }));
        units.extend(found);
    };
    add(
        UnitKind::Row,
        (0..n)
            .map(|r| (0..n).map(|c| r * n + c).collect())
            .collect(),
    );
    add(
        UnitKind::Column,
        (0..n)
            .map(|c| (0..n).map(|r| r * n + c).collect())
            .collect(),
    );
    add(
        UnitKind::Box,
        (0..n)
            .map(|b| {
                (0..shape.cells())
                    .filter(|&cell| shape.box_of(cell) == b)
                    .collect()
            })
            .collect(),
    );
    let rules = shape.rules();
    if rules.contains(Rules::X) {
        add(
            UnitKind::Diagonal,
            vec![
                (0..n).map(|i| i * n + i).collect(),
                (0..n).map(|i| i * n + n - 1 - i).collect(),
            ],
        );
    }
    if rules.contains(Rules::WINDOKU) {
        add(UnitKind::Window, windows(shape));
    }
    (units, names)
}

/// Windoku's extra boxes: boxes of side b, one cell in from each box corner, (b − 1)² of them.
fn windows(shape: Shape) -> Vec<Vec<usize>> {
    let (n, b) = (shape.size(), shape.box_rows());
    let starts: Vec<usize> = (0..b.saturating_sub(1)).map(|k| 1 + k * (b + 1)).collect();
    (starts.iter())
        .flat_map(|&top| starts.iter().map(move |&left| (top, left)))
        .map(|(top, left)| {
            (0..b)
                .flat_map(|i| (0..b).map(move |j| (top + i) * n + left + j))
                .collect()
        })
        .collect()
}

/// Pairs of cells (lower first) of one cage that share no unit and no rule pair, with the cage.
fn cage_pairs(
    cages: &Cages,
    units: &[Vec<usize>],
    ruled: &[(usize, usize, Unit)],
) -> Vec<(usize, usize, Unit)> {
    let mut pairs = Vec::new();
    for (index, cage) in cages.iter().enumerate() {
        let cells: Vec<usize> = cage.cells().collect();
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                let seen = units.iter().any(|u| u.contains(&a) && u.contains(&b))
                    || ruled.iter().any(|&(x, y, _)| (x, y) == (a, b));
                if !seen {
                    let kind = UnitKind::Cage;
                    pairs.push((a, b, Unit { kind, index }));
                }
            }
        }
    }
    pairs
}

/// Pairs of cells (lower first) that see each other only through a pairwise rule (a king's or a
/// knight's move), with the rule's move.
fn rule_pairs(shape: Shape, units: &[Vec<usize>]) -> Vec<(usize, usize, Unit)> {
    let n = shape.size();
    let rules = shape.rules();
    let moves: Vec<(UnitKind, Vec<(isize, isize)>)> = [
        (
            Rules::ANTI_KING,
            UnitKind::KingMove,
            [(1, 1), (1, -1)].to_vec(),
        ),
        (
            Rules::ANTI_KNIGHT,
            UnitKind::KnightMove,
            [(1, 2), (1, -2), (2, 1), (2, -1)].to_vec(),
        ),
    ]
    .into_iter()
    .filter(|(rule, ..)| rules.contains(*rule))
    .map(|(_, kind, steps)| (kind, steps))
    .collect();
    let mut pairs = Vec::new();
    for cell in 0..shape.cells() {
        let Pos { row, col } = shape.pos(cell);
        for (kind, steps) in &moves {
            for &(dr, dc) in steps {
                let (r, c) = (row as isize + dr, col as isize + dc);
                if (0..n as isize).contains(&r) && (0..n as isize).contains(&c) {
                    let other = r as usize * n + c as usize;
                    if !units
                        .iter()
                        .any(|u| u.contains(&cell) && u.contains(&other))
                    {
                        pairs.push((
                            cell,
                            other,
                            Unit {
                                kind: *kind,
                                index: 0,
                            },
                        ));
                    }
                }
            }
        }
    }
    pairs
}

/// Each cell's peers, ascending: the other cells of its units and its rule pairs.
fn peer_lists(shape: Shape, units: &[Vec<usize>], pairs: &[(usize, usize, Unit)]) -> Vec<Vec<u16>> {
    (0..shape.cells())
        .map(|cell| {
            let mut seen = vec![false; shape.cells()];
            for unit in units.iter().filter(|u| u.contains(&cell)) {
                for &other in unit {
                    seen[other] = true;
                }
            }
            for &(a, b, _) in pairs {
                if a == cell {
                    seen[b] = true;
                } else if b == cell {
                    seen[a] = true;
                }
            }
            seen[cell] = false;
            (0..shape.cells())
                .filter(|&c| seen[c])
                .map(|c| c as u16)
                .collect()
        })
        .collect()
}

/// A set of cells as a bit set in [`CELL_WORDS`] words.
fn cell_words(cells: &[u16]) -> [u64; CELL_WORDS] {
    let mut words = [0u64; CELL_WORDS];
    for &p in cells {
        words[usize::from(p) / 64] |= 1 << (p % 64);
    }
    words
}

/// Units, peers and (line, box) crossings as bit sets of cells; empty past 128 cells, where a
/// board no longer fits the bits.
fn small_board_bits(
    shape: Shape,
    units: &[Vec<usize>],
    peer_lists: &[Vec<u16>],
) -> (Vec<u128>, Vec<u128>, Vec<(u128, u128)>) {
    if shape.cells() > 128 {
        return (Vec::new(), Vec::new(), Vec::new());
    }
    let bit_set = |cells: &mut dyn Iterator<Item = usize>| cells.fold(0u128, |b, c| b | 1 << c);
    let unit_bits: Vec<u128> = units
        .iter()
        .map(|u| bit_set(&mut u.iter().copied()))
        .collect();
    let peer_bits = (peer_lists.iter())
        .map(|p| bit_set(&mut p.iter().map(|&c| usize::from(c))))
        .collect();
    let (lines, boxes) = unit_bits.split_at(2 * shape.size());
    let crossings = (lines.iter())
        .flat_map(|&line| {
            boxes
                .iter()
                .filter(move |&&b| line & b != 0)
                .map(move |&b| (line, b))
        })
        .collect();
    (unit_bits, peer_bits, crossings)
}

/// Every row or column that shares cells with a box, split three ways.
fn meets(units: &[Vec<usize>], n: usize) -> Vec<Meet> {
    let (lines, boxes) = units.split_at(2 * n);
    (lines.iter().enumerate())
        .flat_map(|(l, line)| {
            (boxes.iter().enumerate()).map(move |(b, cells)| (l, line, 2 * n + b, cells))
        })
        .filter(|(_, line, _, b)| line.iter().any(|c| b.contains(c)))
        .map(|(l, line, boxed, b)| Meet {
            line: l,
            boxed,
            shared: line.iter().copied().filter(|c| b.contains(c)).collect(),
            line_only: line.iter().copied().filter(|c| !b.contains(c)).collect(),
            box_only: b.iter().copied().filter(|c| !line.contains(c)).collect(),
        })
        .collect()
}
