//! Writing a link: the query string Share and the address bar show. Apart from reading because
//! it is the strict side: it only ever writes the canonical form.

use super::{MAX_QUERY, View};
use crate::race::{self, Settings};
use sudoku_engine::board::{DigitSet, Grid, digit_char};
use sudoku_engine::registry::SolverKind;

/// A puzzle as the page writes it: the givens, and what the user wrote over them.
#[derive(Clone, Copy, Debug)]
pub struct Written<'a> {
    pub puzzle: &'a Grid,
    /// The user's digits over the open cells.
    pub progress: Option<&'a Grid>,
    /// The user's pencil marks, by cell.
    pub marks: &'a [(usize, DigitSet)],
}

/// The query string for a puzzle and solver: `?size=…&rules=…&p=…&s=…`, without `size` for
/// 9×9, `rules` for none and `p` for an empty grid. Only digits, `.`, letters and `-` appear, and it never ends in
/// a dot, so messengers that linkify text keep it whole.
pub fn write(puzzle: &Grid, solver: SolverKind) -> String {
    write_with(puzzle, None, solver)
}

/// The query string of a puzzle with the user's `progress` over its open cells: [`write()`]'s
/// with `e=…` after `p=…` (one character per cell, `.` where the user wrote nothing), then a
/// killer's cages, `k=…`, as the command line writes them without colons and pluses.
pub fn write_with(puzzle: &Grid, progress: Option<&Grid>, solver: SolverKind) -> String {
    let shape = puzzle.shape();
    let mut size = match shape.size() {
        9 => String::new(),
        n => format!("size={n}&"),
    };
    if !shape.rules().is_empty() {
        size.push_str(&format!("rules={}&", shape.rules().names()));
    }
    let mut query = format!("?{size}");
    if puzzle.filled() > 0 {
        query.push_str(&format!("p={}&", puzzle.to_line()));
    }
    if let Some(progress) = progress.filter(|p| p.filled() > 0 && p.shape() == shape) {
        query.push_str(&format!("e={}&", progress.to_line()));
    }
    if puzzle.is_killer() {
        query.push_str(&format!("k={}&", puzzle.cages().to_text(shape, true)));
    }
    format!("{query}s={}", solver.name)
}

/// The query string of the page: the puzzle's ([`write_with`]), then for a view other than the
/// solver's `view=…`, and for the race its settings (`racers=` when not every solver, `limit=`
/// when not the default, `seed=` when one is fixed), and last the pencil marks, `m=`, as
/// `<cell>-<digits>` joined by dots, when the link stays short enough to be read.
pub fn write_view(written: Written, solver: SolverKind, view: View, race: &Settings) -> String {
    let mut query = write_with(written.puzzle, written.progress, solver);
    push_view(&mut query, view, race);
    let puzzle = written.puzzle;
    if (puzzle.filled() > 0 || puzzle.is_killer()) && !written.marks.is_empty() {
        let marks: Vec<String> = (written.marks.iter())
            .map(|(cell, set)| {
                let digits: String = set.iter().map(|d| digit_char(d.get())).collect();
                format!("{cell}-{digits}")
            })
            .collect();
        let marks = format!("&m={}", marks.join("."));
        if query.len() + marks.len() <= MAX_QUERY {
            query.push_str(&marks);
        }
    }
    query
}

/// `view=…` and the race's settings, for a view other than the solver's.
fn push_view(query: &mut String, view: View, race: &Settings) {
    match view {
        View::Solve => {}
        View::Bench => query.push_str("&view=bench"),
        View::Race => {
            query.push_str("&view=race");
            if race.racers != Settings::default().racers {
                let names: Vec<&str> = race.racers.iter().map(|k| k.name).collect();
                query.push_str(&format!("&racers={}", names.join(",")));
            }
            if race.limit_s != race::DEFAULT_LIMIT {
                query.push_str(&format!("&limit={}", race.limit_s));
            }
            if let Some(seed) = race.seed {
                query.push_str(&format!("&seed={seed}"));
            }
        }
    }
}
