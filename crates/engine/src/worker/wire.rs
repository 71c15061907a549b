//! The data that travels between the page and a worker inside orders and reports: puzzles,
//! New puzzle's wishes and results, and readings of pictures, each as plain serde fields that
//! any bytes can be checked against on arrival.

use crate::board::{Grid, Rules, Shape};
use crate::generate::{Generated, Request};
use crate::grade::Difficulty;
use crate::read::{Quad, Reading};
use serde::{Deserialize, Serialize};

/// A puzzle as it travels to a worker: its board, its rules by their link names, its cells as
/// text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    pub box_rows: usize,
    pub box_cols: usize,
    pub rules: String,
    pub cells: String,
}

impl Puzzle {
    pub fn of(grid: &Grid) -> Puzzle {
        let shape = grid.shape();
        Puzzle {
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
            rules: shape.rules().names(),
            cells: grid.to_line(),
        }
    }

    /// The grid again, or what is wrong with the message.
    pub fn grid(&self) -> Result<Grid, String> {
        let shape = shape_of(self.box_rows, self.box_cols, &self.rules)?;
        Grid::parse_shaped(shape, &self.cells).map_err(|e| e.to_string())
    }
}

/// The board a message names, or what is wrong with it.
fn shape_of(box_rows: usize, box_cols: usize, rules: &str) -> Result<Shape, String> {
    let rules = Rules::parse(rules)?;
    Shape::new(box_rows, box_cols)
        .and_then(|s| s.with_rules(rules))
        .ok_or_else(|| format!("no board of {box_rows}×{box_cols} boxes"))
}

/// New puzzle's request as it travels to a worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Wish {
    pub box_rows: usize,
    pub box_cols: usize,
    pub rules: String,
    /// The grade's name, or none for any grade.
    pub difficulty: Option<String>,
    pub symmetric: bool,
}

impl Wish {
    pub fn of(request: &Request) -> Wish {
        Wish {
            box_rows: request.shape.box_rows(),
            box_cols: request.shape.box_cols(),
            rules: request.shape.rules().names(),
            difficulty: request.difficulty.map(|d| d.name().to_string()),
            symmetric: request.symmetric,
        }
    }

    /// The request again, or what is wrong with the message.
    pub fn request(&self) -> Result<Request, String> {
        let difficulty = match &self.difficulty {
            Some(name) => {
                Some(Difficulty::from_name(name).ok_or_else(|| format!("no grade {name:?}"))?)
            }
            None => None,
        };
        Ok(Request {
            shape: shape_of(self.box_rows, self.box_cols, &self.rules)?,
            difficulty,
            symmetric: self.symmetric,
        })
    }
}

/// A puzzle New puzzle made, as it travels back to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Made {
    pub puzzle: Puzzle,
    pub solution: Puzzle,
    pub difficulty: String,
    pub tries: u32,
    pub as_asked: bool,
    pub minimal: bool,
}

impl Made {
    pub fn of(made: &Generated) -> Made {
        Made {
            puzzle: Puzzle::of(&made.puzzle),
            solution: Puzzle::of(&made.solution),
            difficulty: made.difficulty.name().to_string(),
            tries: made.tries,
            as_asked: made.as_asked,
            minimal: made.minimal,
        }
    }

    /// The generated puzzle again, or what is wrong with the message.
    pub fn generated(&self) -> Result<Generated, String> {
        let difficulty = Difficulty::from_name(&self.difficulty)
            .ok_or_else(|| format!("no grade {:?}", self.difficulty))?;
        Ok(Generated {
            puzzle: self.puzzle.grid()?,
            solution: self.solution.grid()?,
            difficulty,
            tries: self.tries,
            as_asked: self.as_asked,
            minimal: self.minimal,
        })
    }
}

/// A puzzle read from a picture, as it travels back to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scanned {
    pub puzzle: Puzzle,
    pub confidence: Vec<f32>,
    pub unsure: Vec<usize>,
    pub corrected: Vec<usize>,
    pub outline: Quad,
}

impl Scanned {
    pub fn of(reading: &Reading) -> Scanned {
        Scanned {
            puzzle: Puzzle::of(&reading.puzzle),
            confidence: reading.confidence.clone(),
            unsure: reading.unsure.clone(),
            corrected: reading.corrected.clone(),
            outline: reading.outline,
        }
    }

    /// The reading again, or what is wrong with the message (a cell beyond the board).
    pub fn reading(&self) -> Result<Reading, String> {
        let puzzle = self.puzzle.grid()?;
        let cells = puzzle.shape().cells();
        if let Some(cell) = (self.unsure.iter().chain(&self.corrected)).find(|&&c| c >= cells) {
            return Err(format!("no cell {cell} on the board read"));
        }
        Ok(Reading {
            puzzle,
            confidence: self.confidence.clone(),
            unsure: self.unsure.clone(),
            corrected: self.corrected.clone(),
            outline: self.outline,
        })
    }
}
