//! The text format, the checker and the up-front validation, against plain-text test data.

use crate::common;

use common::{famous, read};
use sudoku_engine::board::{
    CellError, Grid, LineError, ParseError, Shape, parse_puzzle_line, parse_puzzle_list, read_cell,
};
use sudoku_engine::check::{self, PuzzleError};
use sudoku_engine::{Geometry, Mark};

/// `(first field, second field)` of each tab-separated, non-comment line.
fn cases(name: &str) -> Vec<(String, String)> {
    read(&format!("tests/data/{name}"))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (a, b) = l.split_once('\t').expect("two tab-separated fields");
            (a.to_string(), b.to_string())
        })
        .collect()
}

#[test]
fn parse_errors_say_what_is_wrong_and_where() {
    for (input, expected) in cases("parse_errors.txt") {
        let err = Grid::parse(&input).expect_err(&input);
        assert_eq!(err.to_string(), expected, "for {input:?}");
    }
}

#[test]
fn pasted_blocks_with_whitespace_and_zero_blanks_read_like_lines() {
    let (puzzle, _) = &famous()[0];
    let line = puzzle.to_line();
    let block: String = line
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let row = String::from_utf8_lossy(row).replace('.', "0");
            format!("  {} {} {}\r\n", &row[..3], &row[3..6], &row[6..])
        })
        .collect();
    assert_eq!(Grid::parse(&block).as_ref(), Ok(puzzle));
    assert_eq!(Grid::parse(&line).map(|g| g.to_line()), Ok(line.clone()));
    assert_eq!(puzzle.filled(), 21);
}

#[test]
fn digits_beyond_the_board_are_bad_characters() {
    let small = Shape::new(2, 2).expect("4x4");
    assert_eq!(
        Grid::parse_shaped(small, "1234341221434321").map(|g| g.filled()),
        Ok(16)
    );
    assert_eq!(
        Grid::parse_shaped(small, "1235341221434321"),
        Err(ParseError::BadCharacter {
            position: 4,
            found: '5',
            max_digit: 4
        })
    );
}

#[test]
fn one_cell_takes_one_digit_or_nothing() {
    let shape = Shape::CLASSIC;
    assert_eq!(read_cell(shape, "7"), Ok(Some(7)));
    assert_eq!(read_cell(shape, " 7 "), Ok(Some(7)));
    assert_eq!(read_cell(shape, ""), Ok(None));
    assert_eq!(
        read_cell(shape, "0"),
        Ok(None),
        "0 and . are blanks, as in a puzzle's line"
    );
    assert_eq!(read_cell(shape, "."), Ok(None));
    assert_eq!(read_cell(shape, "12"), Err(CellError::TooLong));
    assert_eq!(
        read_cell(shape, "a"),
        Err(CellError::NotADigit {
            found: 'a',
            max_digit: 9
        })
    );
}

#[test]
fn puzzle_files_skip_comments_and_ignore_extra_fields() {
    let text = "# header\n\n8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\tsolution\tname\n1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1\nbad\n";
    let parsed = parse_puzzle_list(text);
    assert_eq!(parsed.len(), 3);
    assert!(parsed[0].is_ok() && parsed[1].is_ok());
    assert!(matches!(
        parsed[2],
        Err((5, ParseError::BadCharacter { position: 1, .. }))
    ));
}

fn marks(grid: &Grid) -> Vec<Mark> {
    (0..81)
        .map(|c| grid.get(c).map_or(Mark::Empty, Mark::Digit))
        .collect()
}

#[test]
fn the_checker_accepts_published_solutions_and_counts_every_broken_rule() {
    let geometry = Geometry::new(Shape::CLASSIC);
    for (puzzle, solution) in famous() {
        assert!(check::is_solution(&geometry, &puzzle, &solution));
        assert_eq!(check::violations(&geometry, &puzzle, &marks(&solution)), 0);

        // Swapping two free cells of one row keeps the row but breaks columns and boxes.
        let free: Vec<usize> = (0..9).filter(|&c| puzzle.get(c).is_none()).collect();
        let (a, b) = (free[0], free[1]);
        let mut swapped = solution.clone();
        swapped.set(a, solution.get(b));
        swapped.set(b, solution.get(a));
        assert!(!check::is_solution(&geometry, &puzzle, &swapped));

        // A valid grid that changes a given is not a solution of this puzzle.
        let given = (0..81).find(|&c| puzzle.get(c).is_some()).expect("a given");
        let mut relabelled = solution.clone();
        for c in 0..81 {
            relabelled.set(c, solution.get(c).map(|d| d % 9 + 1));
        }
        assert!(check::is_solution(
            &geometry,
            &Grid::empty(Shape::CLASSIC),
            &relabelled
        ));
        assert_ne!(relabelled.get(given), puzzle.get(given));
        assert!(!check::is_solution(&geometry, &puzzle, &relabelled));

        // One blank cell: the cell itself, and its digit missing from its row, column and box.
        let mut holed = marks(&solution);
        holed[a] = Mark::Empty;
        assert_eq!(check::violations(&geometry, &puzzle, &holed), 4);
        holed[a] = Mark::Several;
        assert_eq!(check::violations(&geometry, &puzzle, &holed), 4);
    }
}

#[test]
fn givens_that_break_a_rule_are_refused_naming_the_cells() {
    let geometry = Geometry::new(Shape::CLASSIC);
    for (puzzle, expected) in cases("invalid.txt") {
        let grid = Grid::parse(&puzzle).expect("parses");
        let err = check::validate(&geometry, &grid).expect_err(&puzzle);
        assert_eq!(err.to_string(), expected);
        match err {
            PuzzleError::DuplicateGivens(d) => assert_eq!(d[0].cells.len(), 2),
            PuzzleError::NoCandidates { cell, .. } => assert_eq!(cell, 0),
            unsupported @ PuzzleError::Unsupported { .. } => panic!("{unsupported}"),
        }
    }
    for (puzzle, _) in famous() {
        assert_eq!(check::validate(&geometry, &puzzle), Ok(()));
    }
}

#[test]
fn the_checker_counts_odd_grids_as_broken_instead_of_panicking() {
    let geometry = Geometry::new(Shape::CLASSIC);
    let (puzzle, solution) = famous().remove(0);
    let marks: Vec<Mark> = solution.digits().iter().map(|&d| Mark::Digit(d)).collect();
    assert_eq!(check::violations(&geometry, &puzzle, &marks), 0);
    // A digit above the board's size.
    let mut ten = marks.clone();
    ten[1] = Mark::Digit(10);
    assert!(check::violations(&geometry, &puzzle, &ten) > 0);
    ten[1] = Mark::Digit(0);
    assert!(check::violations(&geometry, &puzzle, &ten) > 0);
    // Too few and too many marks.
    assert!(check::violations(&geometry, &puzzle, &marks[..80]) > 0);
    let mut long = marks.clone();
    long.push(Mark::Digit(1));
    assert!(check::violations(&geometry, &puzzle, &long) > 0);
    // A grid of another shape than the geometry.
    let small = Grid::empty(Shape::new(2, 2).expect("4x4"));
    assert!(!check::is_solution(&geometry, &puzzle, &small));
    assert!(check::violations(&Geometry::new(small.shape()), &puzzle, &marks) > 0);
}

#[test]
fn a_killers_line_keeps_its_cages_and_names_a_bad_one() {
    let givens = ".".repeat(16);
    let caged = parse_puzzle_line(&format!("{givens} 3:r1c1+r1c2")).expect("a killer's line");
    assert_eq!(caged.cages().len(), 1);
    let plain = parse_puzzle_line(&format!("{givens} a-name")).expect("a named puzzle");
    assert_eq!(plain.cages().len(), 0);
    assert!(matches!(
        parse_puzzle_line(&format!("{givens} 99:r1c1+r1c2")),
        Err(LineError::Cages(_))
    ));
    assert!(matches!(
        parse_puzzle_line("12x4 3:r1c1+r1c2"),
        Err(LineError::Puzzle(_))
    ));
}
