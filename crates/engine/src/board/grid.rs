//! The grid of digits, its text format, and how a cell's text is read.

use super::shape::NotABoard;
use super::{Cage, CageError, Cages, Rules, Shape};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A board's cells, each holding a digit `1..=n` or nothing.
///
/// A puzzle also carries its killer cages, if any ([`Grid::cages`]).
///
/// In messages, its shape, a byte a cell and its cages, checked on arrival: a decoded grid
/// always fits its board, and its cages too.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Wire", into = "Wire")]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
    cages: Cages,
}

/// A grid as messages carry it.
type Wire = (Shape, Vec<u8>, Vec<Cage>);

impl TryFrom<Wire> for Grid {
    type Error = NotABoard;

    fn try_from((shape, digits, cages): Wire) -> Result<Grid, NotABoard> {
        let grid = Grid::from_digits(shape, digits).ok_or(NotABoard)?;
        grid.with_cages(cages).map_err(|_| NotABoard)
    }
}

impl From<Grid> for Wire {
    fn from(grid: Grid) -> Wire {
        (grid.shape, grid.cells, grid.cages.to_vec())
    }
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
                "bad character {} at position {position}: use {} for digits and . or 0 for blanks",
                quoted_char(found),
                digit_range(max_digit)
            ),
            ParseError::Length { expected, found } => {
                write!(f, "expected {expected} cells, found {found}")
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// A character as a message shows it: `'x'`, or its code point when it has no glyph (`U+0009`).
/// Written out rather than with `{:?}`, whose escaping tables the page would otherwise carry.
pub(crate) fn quoted_char(c: char) -> String {
    if c.is_control() || c.is_whitespace() {
        format!("U+{:04X}", u32::from(c))
    } else {
        format!("'{c}'")
    }
}

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

/// Whether a character of a pasted puzzle only lays it out: white space, and the rules of the
/// "pretty" grids puzzle sites print (`5 3 . | . 7 .` between `------+------` lines, or
/// box-drawing characters).
pub fn is_layout(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, '|' | '-' | '+' | '\u{2500}'..='\u{257F}')
}

/// The characters of a puzzle's text that stand for cells.
fn cell_chars(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars().filter(|&c| !is_layout(c))
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
            cages: Cages::none(),
        }
    }

    /// Reads a classic 9×9 puzzle from its 81-character line (see [`Grid::parse_shaped`]).
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        Grid::parse_shaped(Shape::CLASSIC, text)
    }

    /// Reads a puzzle of any size, its shape told by its length (see [`Shape::of_cells`]).
    pub fn parse_any(text: &str) -> Result<Grid, ParseError> {
        let cells = cell_chars(text).count();
        Grid::parse_shaped(Shape::of_cells(cells).unwrap_or(Shape::CLASSIC), text)
    }

    /// Reads a puzzle row-major: `1`–`n` are digits, `.` and `0` blanks; white space, line
    /// breaks and a pretty grid's rules are ignored (see [`is_layout`]) so that pasted blocks
    /// read as well as single lines.
    pub fn parse_shaped(shape: Shape, text: &str) -> Result<Grid, ParseError> {
        let mut cells = Vec::with_capacity(shape.cells());
        for (i, ch) in cell_chars(text).enumerate() {
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
        Ok(Grid {
            shape,
            cells,
            cages: Cages::none(),
        })
    }

    /// Builds a grid from digits (`0` for blank); `None` when the length or a digit does not fit
    /// the shape.
    pub fn from_digits(shape: Shape, digits: Vec<u8>) -> Option<Grid> {
        let fits =
            digits.len() == shape.cells() && digits.iter().all(|&d| d as usize <= shape.size());
        fits.then_some(Grid {
            shape,
            cells: digits,
            cages: Cages::none(),
        })
    }

    /// The same givens with `cages`, or why the board cannot take them.
    pub fn with_cages(self, cages: Vec<Cage>) -> Result<Grid, CageError> {
        let cages = Cages::new(self.shape, cages)?;
        Ok(Grid { cages, ..self })
    }

    /// The same givens with the cages written `text` (as `--cages` and links write them), or why
    /// the board cannot take them.
    pub fn with_cage_text(self, text: &str) -> Result<Grid, CageError> {
        let cages = Cages::parse(self.shape, text)?;
        self.with_cages(cages.to_vec())
    }

    /// The same digits with `puzzle`'s cages (checked when it got them), or `None` when
    /// `puzzle` is of another board.
    pub fn caged_as(self, puzzle: &Grid) -> Option<Grid> {
        let cages = puzzle.cages.clone();
        (self.shape == puzzle.shape).then_some(Grid { cages, ..self })
    }

    /// The killer cages: none on a plain puzzle.
    pub fn cages(&self) -> &Cages {
        &self.cages
    }

    /// Whether the puzzle has killer cages.
    pub fn is_killer(&self) -> bool {
        !self.cages.is_empty()
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
    /// A character that is not a digit of the board.
    NotADigit { found: char, max_digit: usize },
    /// More than one character.
    TooLong,
}

impl fmt::Display for CellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CellError::NotADigit { found, max_digit } => {
                let found = quoted_char(found);
                write!(f, "{found} is not a digit ({})", digit_range(max_digit))
            }
            CellError::TooLong => write!(f, "a cell holds one digit"),
        }
    }
}

impl std::error::Error for CellError {}

/// Reads what was typed into one cell: nothing (blank: no character, white space, `.` or `0`, as
/// a puzzle's line writes blanks) or one digit `1..=n`; surrounding white space is ignored.
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
        ('0' | '.', _) => Ok(None),
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
    puzzle_lines(text)
        .map(|(number, line)| first_puzzle(line).map_err(|e| (number, e)))
        .collect()
}

/// The puzzle of a puzzle file's line: its first whitespace-separated field.
fn first_puzzle(line: &str) -> Result<Grid, ParseError> {
    Grid::parse_any(line.split_whitespace().next().unwrap_or(""))
}

/// A puzzle file's line split into its puzzle and a killer's cages: the last word when it holds a
/// colon (as `sudoku generate --killer` prints them), else `default`.
pub fn split_cages<'a>(line: &'a str, default: Option<&'a str>) -> (&'a str, Option<&'a str>) {
    let line = line.trim();
    match line.rsplit_once(char::is_whitespace) {
        Some((puzzle, cages)) if cages.contains(':') => (puzzle, Some(cages)),
        _ => (line, default),
    }
}

/// Why a line of a puzzle file was refused: its puzzle or its cages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    Puzzle(ParseError),
    Cages(CageError),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Puzzle(e) => e.fmt(f),
            LineError::Cages(e) => e.fmt(f),
        }
    }
}

/// A puzzle file's line read as a benchmark reads it: the puzzle of its first word, with a
/// killer's cages when [`split_cages`] finds them; other fields (solutions, names) ignored.
pub fn parse_puzzle_line(line: &str) -> Result<Grid, LineError> {
    let (text, cages) = split_cages(line, None);
    let puzzle = first_puzzle(text).map_err(LineError::Puzzle)?;
    match cages {
        Some(cages) => puzzle.with_cage_text(cages).map_err(LineError::Cages),
        None => Ok(puzzle),
    }
}

/// The lines of a puzzle file that hold a puzzle, each with its 1-based number: all but blank
/// lines and `#` lines.
pub fn puzzle_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    (text.lines().enumerate())
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(i, line)| (i + 1, line))
}
