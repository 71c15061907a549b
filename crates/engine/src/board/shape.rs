//! A board's shape: its box size and the rules on top of rows, columns and boxes, and how cells
//! and units are named.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Rules on top of rows, columns and boxes, any combination: two add units (each holds every
/// digit once), two forbid a digit from repeating between two cells a chess move apart.
///
/// In messages, its bits; bits of no rule are refused on arrival.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Rules(u8);

impl TryFrom<u8> for Rules {
    type Error = NotABoard;

    fn try_from(bits: u8) -> Result<Rules, NotABoard> {
        let all = Rules::ALL.iter().fold(0, |all, (rule, ..)| all | rule.0);
        match bits & !all {
            0 => Ok(Rules(bits)),
            _ => Err(NotABoard),
        }
    }
}

impl From<Rules> for u8 {
    fn from(rules: Rules) -> u8 {
        rules.0
    }
}

/// What a message that names no board (or no grid of its board) is refused with on arrival.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotABoard;

impl fmt::Display for NotABoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("no board the page knows")
    }
}

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
    pub fn parse(text: &str) -> Result<Rules, UnknownRule> {
        let mut rules = Rules::NONE;
        for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match Rules::ALL.iter().find(|(_, known, _)| *known == name) {
                Some((rule, ..)) => rules = rules.with(*rule),
                None if name == "none" => {}
                None => return Err(UnknownRule(name.to_string())),
            }
        }
        Ok(rules)
    }
}

/// A rule name [`Rules::parse`] does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRule(pub String);

impl std::fmt::Display for UnknownRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "no rule named “{}” (x, windoku, anti-king, anti-knight)",
            self.0
        )
    }
}

impl std::error::Error for UnknownRule {}

/// A board: its dimensions, fixed by its boxes (`box_rows × box_cols` cells per box and
/// `n = box_rows · box_cols` digits, rows, columns and boxes), and its extra rules.
///
/// In messages, its box size and rules, checked on arrival: a decoded shape is always a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "(usize, usize, Rules)", into = "(usize, usize, Rules)")]
pub struct Shape {
    box_rows: usize,
    box_cols: usize,
    rules: Rules,
}

impl TryFrom<(usize, usize, Rules)> for Shape {
    type Error = NotABoard;

    fn try_from((box_rows, box_cols, rules): (usize, usize, Rules)) -> Result<Shape, NotABoard> {
        (Shape::new(box_rows, box_cols).and_then(|s| s.with_rules(rules))).ok_or(NotABoard)
    }
}

impl From<Shape> for (usize, usize, Rules) {
    fn from(shape: Shape) -> (usize, usize, Rules) {
        (shape.box_rows, shape.box_cols, shape.rules)
    }
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// A killer cage: its cells sum to its total, no digit twice (not a unit either).
    Cage,
}

/// One row, column or box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
            UnitKind::Cage => "cage",
        };
        write!(f, "{kind} {}", self.index + 1)
    }
}
