//! A puzzle in the page's address: `?p=<81 characters>&s=<solver>`, plus SudokuWiki's
//! `?bd=<81 digits>` so that links from there open here. Reading never fails: whatever a link
//! holds, the page gets a grid (possibly empty) and, when something was wrong, a sentence saying
//! what.

use crate::board::{Grid, ParseError, Shape};
use crate::registry::SolverKind;

/// Longest query string read at all; anything longer is refused before it is decoded.
pub const MAX_QUERY: usize = 2048;

/// What a link asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The puzzle to show as givens, if the link carries one that could be read.
    pub puzzle: Option<Grid>,
    pub solver: Option<SolverKind>,
    /// What was wrong with the link, in words for the user.
    pub problem: Option<String>,
}

/// Reads a query string (with or without its leading `?`).
pub fn read(query: &str) -> Link {
    let mut link = Link {
        puzzle: None,
        solver: None,
        problem: None,
    };
    if query.len() > MAX_QUERY {
        link.problem = Some(format!(
            "The link is {} characters long, far too long to hold a puzzle; nothing was loaded.",
            query.len()
        ));
        return link;
    }
    let pairs: Vec<(String, String)> = query
        .trim_start_matches('?')
        .split('&')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            (decode(key), decode(value))
        })
        .collect();
    let value = |key: &str| {
        pairs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    if let Some(name) = value("s") {
        link.solver = SolverKind::from_name(name);
        if link.solver.is_none() {
            link.problem = Some("The link names a solver this page does not have.".to_string());
        }
    }
    let Some(text) = value("p").or_else(|| value("bd")) else {
        return link;
    };
    match Grid::parse(text) {
        Ok(grid) => link.puzzle = Some(grid),
        Err(ParseError::BadCharacter { .. }) if text.chars().count() == 81 => {
            let (grid, odd) = lenient(text);
            link.puzzle = Some(grid);
            link.problem = Some(format!(
                "The link's puzzle had {odd} character{} that {} not a digit or a blank; {} left empty.",
                if odd == 1 { "" } else { "s" },
                if odd == 1 { "is" } else { "are" },
                if odd == 1 {
                    "that cell is"
                } else {
                    "those cells are"
                },
            ));
        }
        Err(e) => {
            link.problem = Some(format!(
                "The link's puzzle could not be read ({e}); nothing was loaded."
            ));
        }
    }
    link
}

/// The grid of an 81-character text with anything that is not a digit read as a blank, and how
/// many such characters there were.
fn lenient(text: &str) -> (Grid, usize) {
    let mut grid = Grid::empty(Shape::CLASSIC);
    let mut odd = 0;
    for (cell, ch) in text.chars().enumerate() {
        match ch.to_digit(10) {
            Some(d) if d > 0 => grid.set(cell, Some(d as u8)),
            Some(_) => {}
            None if ch == '.' => {}
            None => odd += 1,
        }
    }
    (grid, odd)
}

/// The query string for a puzzle and solver: `?p=…&s=…` (just `?s=…` for an empty grid). Only
/// digits, `.`, letters and `-` appear, and it never ends in a dot, so messengers that linkify
/// text keep it whole.
pub fn write(puzzle: &Grid, solver: SolverKind) -> String {
    if puzzle.filled() == 0 {
        return format!("?s={}", solver.name);
    }
    format!("?p={}&s={}", puzzle.to_line(), solver.name)
}

/// Percent-decoding (and `+` as space), tolerant of malformed escapes, which stay as they are.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn canonical_links_round_trip() {
        let grid = Grid::parse(INKALA).expect("valid");
        let exact = SolverKind::from_name("exact").expect("registered");
        let query = write(&grid, exact);
        assert_eq!(query, format!("?p={INKALA}&s=exact"));
        let link = read(&query);
        assert_eq!(link.puzzle, Some(grid));
        assert_eq!(link.solver, Some(exact));
        assert_eq!(link.problem, None);
    }

    #[test]
    fn zero_blanks_sudokuwiki_links_and_escaped_dots_read_the_same() {
        let grid = Grid::parse(INKALA).expect("valid");
        let zeros = INKALA.replace('.', "0");
        assert_eq!(read(&format!("?bd={zeros}")).puzzle.as_ref(), Some(&grid));
        assert_eq!(read(&format!("p={zeros}")).puzzle.as_ref(), Some(&grid));
        let escaped = INKALA.replace('.', "%2E");
        assert_eq!(read(&format!("?p={escaped}")).puzzle.as_ref(), Some(&grid));
    }

    #[test]
    fn hostile_links_load_what_they_can_and_say_what_was_wrong() {
        let short = read("?p=123");
        assert_eq!(short.puzzle, None);
        assert!(
            short
                .problem
                .is_some_and(|p| p.contains("expected 81 cells, found 3"))
        );

        let markup = format!("?p=<b>{}", &INKALA[3..]);
        let link = read(&markup);
        assert_eq!(link.puzzle.as_ref().map(Grid::filled), Some(20));
        assert!(link.problem.is_some_and(|p| p.contains("3 characters")));

        let huge = format!("?p={}", "1".repeat(5_000_000));
        let link = read(&huge);
        assert_eq!(link.puzzle, None);
        assert!(link.problem.is_some_and(|p| p.contains("too long")));

        let link = read("?s=quantum&p=%ZZ%");
        assert_eq!((link.puzzle, link.solver), (None, None));
        assert!(link.problem.is_some());

        assert_eq!(
            read(""),
            Link {
                puzzle: None,
                solver: None,
                problem: None
            }
        );
    }
}
