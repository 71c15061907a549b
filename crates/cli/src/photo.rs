//! `sudoku read`: photos from files, decoded natively (the browser decodes its own), read
//! into puzzles.

use crate::CliError;
use std::path::Path;
use sudoku_engine::read::{self, Picture, Reading};

/// The photo at `path` in grey, or why it cannot be read.
pub fn load(path: &Path) -> Result<Picture, CliError> {
    let decoded = image::open(path).map_err(|e| CliError::Photo(path.into(), Some(e)))?;
    let grey = decoded.into_luma8();
    let (width, height) = (grey.width() as usize, grey.height() as usize);
    Picture::from_luma(width, height, grey.into_raw())
        .map_err(|_| CliError::Photo(path.into(), None))
}

/// A benchmark's own arguments, without the `--bench` cargo adds.
pub fn bench_args() -> Vec<String> {
    std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect()
}

/// `sudoku read`: each photo's puzzle as one line (or a JSON object), in the order given; a
/// grid too small or unclear to be a puzzle is refused, as the app refuses it.
pub(super) fn read_photos(paths: &[std::path::PathBuf], json: bool) -> Result<i32, CliError> {
    let mut status = super::DONE;
    for path in paths {
        let reading = load(path).and_then(|picture| {
            read::read_puzzle(&picture).map_err(|e| CliError::Unread(path.clone(), e))
        });
        match reading {
            Ok(reading) if json => outln!("{}", to_json(&reading)),
            Ok(reading) => outln!("{}", reading.puzzle.to_line()),
            Err(why) => {
                eprintln!("sudoku: {why}");
                status = why.status();
            }
        }
    }
    Ok(status)
}

/// A reading as one JSON object: the puzzle line, each cell's digit and confidence, the cells
/// to check and those the rules changed, and the grid's corners in the photo's pixels.
fn to_json(reading: &Reading) -> serde_json::Value {
    let cells: Vec<serde_json::Value> = (0..reading.confidence.len())
        .map(|c| {
            serde_json::json!({
                "digit": reading.puzzle.get(c),
                "confidence": reading.confidence[c],
            })
        })
        .collect();
    let corners: Vec<[f32; 2]> = reading.outline.0.iter().map(|p| [p.x, p.y]).collect();
    serde_json::json!({
        "puzzle": reading.puzzle.to_line(),
        "cells": cells,
        "unsure": reading.unsure,
        "corrected": reading.corrected,
        "corners": corners,
    })
}

/// The puzzle of a photo of Wicht and Hennebert's set, from its `.dat` file (two header lines,
/// then nine rows of digits, 0 for a blank; or sixteen rows of 0 to 16 for a rendered 16×16
/// grid): what the reader's tests, benchmark and training compare against.
pub fn dataset_puzzle(path: &Path) -> Result<Vec<u8>, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError::File(path.into(), e))?;
    let digits: Vec<u8> = text
        .lines()
        .skip(2)
        .flat_map(str::split_whitespace)
        .filter_map(|d| d.parse().ok())
        .collect();
    let board =
        |side: usize| digits.len() == side * side && digits.iter().all(|&d| usize::from(d) <= side);
    (board(9) || board(16))
        .then_some(digits)
        .ok_or(CliError::NotDigits(path.into()))
}
