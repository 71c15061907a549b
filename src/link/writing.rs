//! Writing a link: the query string Share and the address bar show. Apart from reading because
//! it is the strict side: it only ever writes the canonical form.

use super::View;
use crate::board::Grid;
use crate::race::{self, Settings};
use crate::registry::SolverKind;

/// The query string for a puzzle and solver: `?size=…&rules=…&p=…&s=…`, without `size` for
/// 9×9, `rules` for none and `p` for an empty grid. Only digits, `.`, letters and `-` appear, and it never ends in
/// a dot, so messengers that linkify text keep it whole.
pub fn write(puzzle: &Grid, solver: SolverKind) -> String {
    write_with(puzzle, None, solver)
}

/// The query string of a puzzle with the user's `progress` over its open cells: [`write()`]'s
/// with `e=…` after `p=…` (one character per cell, `.` where the user wrote nothing).
pub fn write_with(puzzle: &Grid, progress: Option<&Grid>, solver: SolverKind) -> String {
    let shape = puzzle.shape();
    let mut size = match shape.size() {
        9 => String::new(),
        n => format!("size={n}&"),
    };
    if !shape.rules().is_empty() {
        size.push_str(&format!("rules={}&", shape.rules().names()));
    }
    if puzzle.filled() == 0 {
        return format!("?{size}s={}", solver.name);
    }
    let progress = (progress.filter(|p| p.filled() > 0 && p.shape() == shape))
        .map(|p| format!("&e={}", p.to_line()))
        .unwrap_or_default();
    format!("?{size}p={}{progress}&s={}", puzzle.to_line(), solver.name)
}

/// The query string of a view other than the solver's: the puzzle's ([`write_with`]) and then
/// `view=…`, and for the race its settings (`racers=` when not every solver, `limit=` when not
/// the default, `seed=` when one is fixed).
pub fn write_view(
    (puzzle, progress): (&Grid, Option<&Grid>),
    solver: SolverKind,
    view: View,
    race: &Settings,
) -> String {
    let mut query = write_with(puzzle, progress, solver);
    match view {
        View::Solve => return query,
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
    query
}
