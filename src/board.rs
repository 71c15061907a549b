//! The board: its shape, the grid of digits, the text format, and the peer structure every solver
//! shares.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

/// Rules on top of rows, columns and boxes, any combination: two add units (each holds every
/// digit once), two forbid a digit from repeating between two cells a chess move apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules(u8);

impl Rules {
    pub const NONE: Rules = Rules(0);
    /// X (diagonal) Sudoku: both main diagonals hold every digit once.
    pub const X: Rules = Rules(1);
    /// Windoku (hyper): extra boxes, one cell in from the boxes' corners, hold every digit once.
    pub const WINDOKU: Rules = Rules(2);
    /// No digit repeats between two cells a king's move apart.
    pub const ANTI_KING: Rules = Rules(4);
    /// No digit repeats between two cells a knight's move apart.
    pub const ANTI_KNIGHT: Rules = Rules(8);

    /// Every rule with its name in links and on the command line, and in words.
    pub const ALL: [(Rules, &'static str, &'static str); 4] = [
        (Rules::X, "x", "X: both diagonals"),
        (Rules::WINDOKU, "windoku", "Windoku: extra boxes"),
        (
            Rules::ANTI_KING,
            "anti-king",
            "Anti-king: no repeat a king's move apart",
        ),
        (
            Rules::ANTI_KNIGHT,
            "anti-knight",
            "Anti-knight: no repeat a knight's move apart",
        ),
    ];

    pub fn contains(self, other: Rules) -> bool {
        self.0 & other.0 == other.0
    }

    pub fn with(self, other: Rules) -> Rules {
        Rules(self.0 | other.0)
    }

    pub fn without(self, other: Rules) -> Rules {
        Rules(self.0 & !other.0)
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether a rule ties pairs of cells rather than whole units (anti-king, anti-knight): what
    /// solvers built on units alone cannot take.
    pub fn has_pairs(self) -> bool {
        self.0 & (Rules::ANTI_KING.0 | Rules::ANTI_KNIGHT.0) != 0
    }

    /// The rules' names, comma-separated (`x,anti-king`); empty for none.
    pub fn names(self) -> String {
        (Rules::ALL.iter())
            .filter(|(r, ..)| self.contains(*r))
            .map(|(_, name, _)| *name)
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Reads comma-separated names (`x,windoku`; `none` or nothing for none).
    pub fn parse(text: &str) -> Result<Rules, String> {
        let mut rules = Rules::NONE;
        for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match Rules::ALL.iter().find(|(_, known, _)| *known == name) {
                Some((rule, ..)) => rules = rules.with(*rule),
                None if name == "none" => {}
                None => {
                    return Err(format!(
                        "no rule named {name:?} (x, windoku, anti-king, anti-knight)"
                    ));
                }
            }
        }
        Ok(rules)
    }
}

/// A board: its dimensions, fixed by its boxes (`box_rows × box_cols` cells per box and
/// `n = box_rows · box_cols` digits, rows, columns and boxes), and its extra rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    box_rows: usize,
    box_cols: usize,
    rules: Rules,
}

impl Shape {
    /// The classic 9×9 board with 3×3 boxes and no extra rule.
    pub const CLASSIC: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
        rules: Rules::NONE,
    };

    /// A board of `box_rows × box_cols` boxes; `None` when a side is zero or the board would need
    /// more than 25 digits.
    pub fn new(box_rows: usize, box_cols: usize) -> Option<Shape> {
        let n = box_rows.checked_mul(box_cols)?;
        (box_rows > 0 && box_cols > 0 && n <= 25).then_some(Shape {
            box_rows,
            box_cols,
            rules: Rules::NONE,
        })
    }

    /// This board under `rules` instead of its own; `None` for windoku on boxes that are not
    /// square or smaller than 2×2 (its extra boxes are copies of the boxes, one cell in).
    pub fn with_rules(self, rules: Rules) -> Option<Shape> {
        let windows_fit = self.box_rows == self.box_cols && self.box_rows >= 2;
        (!rules.contains(Rules::WINDOKU) || windows_fit).then_some(Shape { rules, ..self })
    }

    /// The extra rules.
    pub fn rules(self) -> Rules {
        self.rules
    }

    /// The board with `cells` cells and boxes as near square as its side allows (wider than tall):
    /// 16 cells is 4×4 with 2×2 boxes, 36 is 6×6 with 2×3 boxes. `None` when `cells` is not a
    /// square, or its side is a prime above 3 (no boxes at all).
    pub fn of_cells(cells: usize) -> Option<Shape> {
        let n = (1..=25).find(|n| n * n == cells)?;
        let box_rows = (1..=n).rev().find(|r| r * r <= n && n % r == 0)?;
        (box_rows > 1 || n < 4)
            .then(|| Shape::new(box_rows, n / box_rows))
            .flatten()
    }

    /// A board the page and the command line offer, by its number of cells: 4×4 up to 25×25,
    /// boxes as in [`Shape::of_cells`] (the engine's 1×1 to 3×3 boards are not offered).
    pub fn playable(cells: usize) -> Option<Shape> {
        Shape::of_cells(cells).filter(|s| s.size() >= 4)
    }

    /// The [playable](Shape::playable) board of side `n`.
    pub fn of_side(n: usize) -> Option<Shape> {
        n.checked_mul(n).and_then(Shape::playable)
    }

    /// Digits per unit, and the side of the board.
    pub fn size(self) -> usize {
        self.box_rows * self.box_cols
    }

    /// Number of cells.
    pub fn cells(self) -> usize {
        self.size() * self.size()
    }

    /// Rows of cells in one box.
    pub fn box_rows(self) -> usize {
        self.box_rows
    }

    /// Columns of cells in one box.
    pub fn box_cols(self) -> usize {
        self.box_cols
    }

    /// Where a cell index (row-major) lies on the board.
    pub fn pos(self, cell: usize) -> Pos {
        Pos {
            row: cell / self.size(),
            col: cell % self.size(),
        }
    }

    /// The box a cell belongs to, numbered row-major from 0.
    pub fn box_of(self, cell: usize) -> usize {
        let Pos { row, col } = self.pos(cell);
        (row / self.box_rows) * self.box_rows + col / self.box_cols
    }
}

/// A cell's place on the board, 0-based; shown 1-based as "row R, column C".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    pub row: usize,
    pub col: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row + 1, self.col + 1)
    }
}

/// The kinds of unit that must each hold every digit once, and the two chess moves across
/// which a digit may not repeat (not units, but named the same way in messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitKind {
    Row,
    Column,
    Box,
    /// 0: the main diagonal (top left to bottom right), 1: the anti-diagonal.
    Diagonal,
    /// One of windoku's extra boxes.
    Window,
    KingMove,
    KnightMove,
}

/// One row, column or box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    pub kind: UnitKind,
    /// 0-based index among the units of its kind.
    pub index: usize,
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
            UnitKind::Window => "extra box",
            UnitKind::Diagonal if self.index == 0 => return f.write_str("the main diagonal"),
            UnitKind::Diagonal => return f.write_str("the anti-diagonal"),
            UnitKind::KingMove => return f.write_str("a king's move"),
            UnitKind::KnightMove => return f.write_str("a knight's move"),
        };
        write!(f, "{kind} {}", self.index + 1)
    }
}

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
    /// Pairs of cells (lower first) that see each other only through a pairwise rule, with the
    /// rule's move.
    pairs: Vec<(usize, usize, UnitKind)>,
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
    pub fn new(shape: Shape) -> Geometry {
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
            // Boxes of side b, one cell in from each box corner: (b − 1)² of them.
            let b = shape.box_rows();
            let starts: Vec<usize> = (0..b.saturating_sub(1)).map(|k| 1 + k * (b + 1)).collect();
            let windows = (starts.iter())
                .flat_map(|&top| starts.iter().map(move |&left| (top, left)))
                .map(|(top, left)| {
                    (0..b)
                        .flat_map(|i| (0..b).map(move |j| (top + i) * n + left + j))
                        .collect()
                })
                .collect();
            add(UnitKind::Window, windows);
        }
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
                            pairs.push((cell, other, *kind));
                        }
                    }
                }
            }
        }
        let peer_lists: Vec<Vec<u16>> = (0..shape.cells())
            .map(|cell| {
                let mut seen = vec![false; shape.cells()];
                for unit in units.iter().filter(|u| u.contains(&cell)) {
                    for &other in unit {
                        seen[other] = true;
                    }
                }
                for &(a, b, _) in &pairs {
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
            .collect();
        let peer_words = (peer_lists.iter())
            .map(|peers| {
                let mut words = [0u64; CELL_WORDS];
                for &p in peers {
                    words[usize::from(p) / 64] |= 1 << (p % 64);
                }
                words
            })
            .collect();
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
        // The bit-set forms exist only where a board fits 128 bits.
        let (mut unit_bits, mut peer_bits, mut crossings) = (Vec::new(), Vec::new(), Vec::new());
        if shape.cells() <= 128 {
            let bit_set =
                |cells: &mut dyn Iterator<Item = usize>| cells.fold(0u128, |b, c| b | 1 << c);
            unit_bits = units
                .iter()
                .map(|u| bit_set(&mut u.iter().copied()))
                .collect();
            peer_bits = (peer_lists.iter())
                .map(|p| bit_set(&mut p.iter().map(|&c| usize::from(c))))
                .collect();
            let (lines, boxes) = unit_bits.split_at(2 * n);
            crossings = (lines.iter())
                .flat_map(|&line| {
                    boxes
                        .iter()
                        .filter(move |&&b| line & b != 0)
                        .map(move |&b| (line, b))
                })
                .collect();
        }
        let (lines, boxes) = units.split_at(2 * n);
        let meets = (lines.iter().enumerate())
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
            .collect();
        Geometry {
            shape,
            meets,
            names,
            pairs,
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
        static CACHE: OnceLock<Mutex<HashMap<Shape, Arc<Geometry>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        let mut map = cache
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        map.entry(shape)
            .or_insert_with(|| Arc::new(Geometry::new(shape)))
            .clone()
    }

    pub fn shape(&self) -> Shape {
        self.shape
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

    /// Pairs of cells (lower first) that only a pairwise rule keeps apart, with the rule's move.
    pub fn rule_pairs(&self) -> &[(usize, usize, UnitKind)] {
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
}

/// A board's cells, each holding a digit `1..=n` or nothing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

/// Why a line of text is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A character that is neither a digit of the board, a blank nor white space.
    BadCharacter {
        /// 1-based position among the cell characters (white space not counted).
        position: usize,
        found: char,
        max_digit: usize,
    },
    /// The wrong number of cells.
    Length { expected: usize, found: usize },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseError::BadCharacter {
                position,
                found,
                max_digit,
            } => write!(
                f,
                "bad character {found:?} at position {position}: use {} for digits and . or 0 for blanks",
                digit_range(max_digit)
            ),
            ParseError::Length { expected, found } => {
                write!(f, "expected {expected} cells, found {found}")
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// The digits of a board of `n` digits as written: `1-9`, then letters from `A` (10) on.
fn digit_range(n: usize) -> String {
    match n {
        0..=9 => format!("1-{n}"),
        _ => format!("1-9 and A-{}", digit_char(n as u8)),
    }
}

/// A digit as the text format writes it: `1`-`9`, then `A` for 10 up to `P` for 25.
pub fn digit_char(d: u8) -> char {
    char::from_digit(u32::from(d), 36).map_or('?', |c| c.to_ascii_uppercase())
}

/// The digit a character stands for on a board of `n` digits (letters from 10 on, either case).
fn digit_of(ch: char, n: usize) -> Option<u8> {
    let radix = if n > 9 { 36 } else { 10 };
    ch.to_digit(radix)
        .filter(|&d| d >= 1 && d as usize <= n)
        .map(|d| d as u8)
}

impl Grid {
    /// An empty board.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// Reads a classic 9×9 puzzle from its 81-character line (see [`Grid::parse_shaped`]).
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        Grid::parse_shaped(Shape::CLASSIC, text)
    }

    /// Reads a puzzle of any size, its shape told by its length (see [`Shape::of_cells`]).
    pub fn parse_any(text: &str) -> Result<Grid, ParseError> {
        let cells = text.chars().filter(|c| !c.is_whitespace()).count();
        Grid::parse_shaped(Shape::of_cells(cells).unwrap_or(Shape::CLASSIC), text)
    }

    /// Reads a puzzle row-major: `1`–`n` are digits, `.` and `0` blanks; white space and line
    /// breaks are ignored so that pasted blocks read as well as single lines.
    pub fn parse_shaped(shape: Shape, text: &str) -> Result<Grid, ParseError> {
        let mut cells = Vec::with_capacity(shape.cells());
        for (i, ch) in text.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let value = match ch {
                '.' | '0' => Some(0),
                _ => digit_of(ch, shape.size()),
            };
            match value {
                Some(v) => cells.push(v),
                None => {
                    return Err(ParseError::BadCharacter {
                        position: i + 1,
                        found: ch,
                        max_digit: shape.size(),
                    });
                }
            }
        }
        if cells.len() != shape.cells() {
            return Err(ParseError::Length {
                expected: shape.cells(),
                found: cells.len(),
            });
        }
        Ok(Grid { shape, cells })
    }

    /// Builds a grid from digits (`0` for blank); `None` when the length or a digit does not fit
    /// the shape.
    pub fn from_digits(shape: Shape, digits: Vec<u8>) -> Option<Grid> {
        let fits =
            digits.len() == shape.cells() && digits.iter().all(|&d| d as usize <= shape.size());
        fits.then_some(Grid {
            shape,
            cells: digits,
        })
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The same digits under `rules`; `None` when the rules do not fit the board (see
    /// [`Shape::with_rules`]).
    pub fn with_rules(self, rules: Rules) -> Option<Grid> {
        let shape = self.shape.with_rules(rules)?;
        Some(Grid { shape, ..self })
    }

    /// The digit in `cell`, if any.
    pub fn get(&self, cell: usize) -> Option<u8> {
        self.cells.get(cell).copied().filter(|&d| d != 0)
    }

    /// Puts `digit` (or nothing) in `cell`; digits outside `1..=n` and cells off the board are
    /// ignored.
    pub fn set(&mut self, cell: usize, digit: Option<u8>) {
        let value = digit.unwrap_or(0);
        if let Some(slot) = self.cells.get_mut(cell)
            && value as usize <= self.shape.size()
        {
            *slot = value;
        }
    }

    /// Digits row-major, `0` for blank.
    pub fn digits(&self) -> &[u8] {
        &self.cells
    }

    /// How many cells hold a digit.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// The one-line form: digits and `.` for blanks.
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|&d| match d {
                0 => '.',
                d => digit_char(d),
            })
            .collect()
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

/// Why the text typed into one cell is not a digit of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellError {
    /// `0`, which the line format uses for blanks but is no digit of a cell.
    Zero,
    /// A character that is not a digit of the board.
    NotADigit { found: char, max_digit: usize },
    /// More than one character.
    TooLong,
}

impl fmt::Display for CellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CellError::Zero => {
                write!(
                    f,
                    "0 is not a Sudoku digit; erase the cell to leave it blank"
                )
            }
            CellError::NotADigit { found, max_digit } => {
                write!(f, "{found:?} is not a digit ({})", digit_range(max_digit))
            }
            CellError::TooLong => write!(f, "a cell holds one digit"),
        }
    }
}

impl std::error::Error for CellError {}

/// Reads what was typed into one cell: nothing (blank) or one digit `1..=n`; surrounding white
/// space is ignored.
pub fn read_cell(shape: Shape, text: &str) -> Result<Option<u8>, CellError> {
    let mut chars = text.trim().chars();
    let (Some(ch), None) = (chars.next(), chars.next()) else {
        return if text.trim().is_empty() {
            Ok(None)
        } else {
            Err(CellError::TooLong)
        };
    };
    match (ch, digit_of(ch, shape.size())) {
        ('0', _) => Err(CellError::Zero),
        (_, Some(d)) => Ok(Some(d)),
        _ => Err(CellError::NotADigit {
            found: ch,
            max_digit: shape.size(),
        }),
    }
}

/// Reads a puzzle file: one puzzle per line (its length names the board), `#` lines and blank
/// lines skipped, and anything after
/// the puzzle's first whitespace-separated field ignored (solutions, names, ratings).
pub fn parse_puzzle_list(text: &str) -> Vec<Result<Grid, (usize, ParseError)>> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(i, line)| {
            let first = line.split_whitespace().next().unwrap_or("");
            Grid::parse_any(first).map_err(|e| (i + 1, e))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_geometry_has_27_units_and_20_peers() {
        let g = Geometry::new(Shape::CLASSIC);
        assert_eq!(g.units().count(), 27);
        for cell in 0..81 {
            let peers = g.peers(cell);
            assert_eq!(peers.len(), 20);
            assert!(!peers.contains(&(cell as u16)));
        }
        // r1c1 sees r3c3 through its box, but not r4c4.
        assert!(g.peers(0).contains(&20));
        assert!(!g.peers(0).contains(&30));
    }

    #[test]
    fn a_puzzle_of_any_size_is_read_by_its_length() {
        let sides = |cells| Shape::of_cells(cells).map(|s| (s.box_rows(), s.box_cols()));
        assert_eq!(sides(16), Some((2, 2)));
        assert_eq!(sides(36), Some((2, 3)));
        assert_eq!(sides(81), Some((3, 3)));
        assert_eq!(sides(144), Some((3, 4)));
        assert_eq!(sides(625), Some((5, 5)));
        assert_eq!(sides(49), None, "7 is prime: no boxes");
        assert_eq!(sides(80), None);
        let four = Grid::parse_any("3... .1.2 .... ..1.").expect("a 4x4 puzzle");
        assert_eq!(
            (four.shape().size(), four.get(0), four.get(7)),
            (4, Some(3), Some(2))
        );
        let err = Grid::parse_any("123").expect_err("no board has 3 cells");
        assert!(err.to_string().contains("81"), "{err}");
    }

    #[test]
    fn boards_above_9x9_round_trip_through_the_text_format() {
        for (rows, cols) in [(4, 4), (5, 5), (3, 4)] {
            let shape = Shape::new(rows, cols).expect("valid shape");
            let n = shape.size();
            let digits: Vec<u8> = (0..shape.cells()).map(|c| (c % (n + 1)) as u8).collect();
            let grid = Grid::from_digits(shape, digits).expect("fits");
            let line = grid.to_line();
            assert_eq!(Grid::parse_shaped(shape, &line), Ok(grid.clone()), "{line}");
            assert_eq!(Grid::parse_shaped(shape, &line.to_lowercase()), Ok(grid));
        }
        let sixteen = Shape::new(4, 4).expect("16x16");
        assert_eq!(read_cell(sixteen, "g"), Ok(Some(16)));
        assert!(read_cell(sixteen, "h").is_err());
        assert!(read_cell(Shape::CLASSIC, "a").is_err());
        let err = Grid::parse_shaped(sixteen, "Z").expect_err("not a digit");
        assert!(err.to_string().contains("1-9 and A-G"), "{err}");
    }

    #[test]
    fn rectangular_boxes_are_laid_out_row_major() {
        let shape = Shape::new(2, 3).expect("6x6 is a valid shape");
        assert_eq!(shape.size(), 6);
        assert_eq!(shape.box_of(0), 0);
        assert_eq!(shape.box_of(3), 1);
        assert_eq!(shape.box_of(12), 2);
        assert_eq!(Geometry::new(shape).peers(0).len(), 5 + 5 + 2);
        assert!(Shape::new(6, 5).is_none());
        assert!(Shape::new(0, 3).is_none());
    }
}
