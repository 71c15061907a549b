//! The words of the benchmark's charts and table and of the QUBO's picture: shares solved, the
//! time axis's ticks, the charts' descriptions and the coupling matrix's caption.

use super::numbers::{fixed, group_thousands};
use super::status::bench_median;

/// A solver of the benchmark with no puzzle done yet, beside its bar and in its row.
pub const WAITING: &str = "waiting";
/// …and once the benchmark is over, stopped before that solver's turn.
pub const NOT_RUN: &str = "not run";

/// A share of puzzles solved, as beside a bar: "7/10 (70 %)", and how many of the sample the
/// solver never ran (a benchmark stopped): "3/3 (100 %), 6 not run"; before the first,
/// "waiting", or "not run" once the benchmark is `over`.
pub fn solved_share(solved: usize, done: usize, not_run: usize, over: bool) -> String {
    if done == 0 {
        return idle_lane(over).to_string();
    }
    let pct = 100.0 * solved as f64 / done as f64;
    format!("{solved}/{done} ({} %){}", fixed(pct, 0), unrun(not_run))
}

/// ", 6 not run" after a share, or nothing.
fn unrun(not_run: usize) -> String {
    match not_run {
        0 => String::new(),
        n => format!(", {n} {NOT_RUN}"),
    }
}

/// What a solver that has done no puzzle says: it waits its turn, or, the benchmark `over`, it
/// never had one.
pub fn idle_lane(over: bool) -> &'static str {
    if over { NOT_RUN } else { WAITING }
}

/// Solved out of all, as in the results table: "7/10", or "3/3, 6 not run".
pub fn tally(solved: usize, total: usize, not_run: usize) -> String {
    format!("{solved}/{total}{}", unrun(not_run))
}

/// Puzzles a second, to a tenth; from a thousand on, whole and grouped as the other rates are.
pub fn per_second(puzzles: f64) -> String {
    match puzzles < 1000.0 {
        true => fixed(puzzles, 1),
        false => group_thousands(puzzles.round() as i64),
    }
}

/// A tick of the time chart's log axis, `seconds` a power of ten: "0.1 ms", "10 ms", "1 s".
pub fn log_tick(seconds: f64) -> String {
    let (value, unit) = if seconds < 1.0 {
        (seconds * 1000.0, "ms")
    } else {
        (seconds, "s")
    };
    let text = fixed(value, 1);
    format!("{} {unit}", text.strip_suffix(".0").unwrap_or(&text))
}

/// The time chart's description: each solver's median time per puzzle, by title.
pub fn bench_times<'a>(medians: impl IntoIterator<Item = (&'a str, f64)>) -> String {
    let each: Vec<String> = (medians.into_iter())
        .map(|(title, seconds)| bench_median(title, seconds))
        .collect();
    format!("Times: {}.", each.join("; "))
}

/// The QUBO picture's description: its matrix's size, its terms and the bits set now.
pub fn qubo_label(variables: usize, terms: usize, set: u32) -> String {
    format!(
        "The puzzle's QUBO: its {variables}×{variables} coupling matrix with {terms} terms; {set} \
         bits set now."
    )
}

/// The QUBO picture's caption: its terms, and what each colour is.
pub fn qubo_caption(terms: usize) -> String {
    format!(
        "{terms} terms. Grey: two digits of one cell; blue: one digit in two cells that see each \
         other (darker: a line and a box at once); on the diagonal, each bit's own weight, red for \
         the hints; amber squares, with faint lines along their rows and columns: the bits set now."
    )
}

/// Why a large board's QUBO matrix is not drawn, `variables` a side (largest drawn: `max_side`).
pub fn qubo_not_drawn(max_side: usize, variables: usize) -> String {
    format!(
        "The coupling matrix is drawn for boards up to {max_side} × {max_side}; this board's QUBO \
         has {variables} variables."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_and_ticks_read_as_the_charts_showed_them() {
        assert_eq!(solved_share(7, 10, 0, false), "7/10 (70 %)");
        assert_eq!(solved_share(3, 3, 6, true), "3/3 (100 %), 6 not run");
        assert_eq!(
            solved_share(0, 0, 0, false),
            "waiting",
            "no 0/0 before the first puzzle"
        );
        assert_eq!(
            solved_share(0, 0, 9, true),
            "not run",
            "stopped before its turn"
        );
        assert_eq!(tally(3, 4, 0), "3/4");
        assert_eq!(tally(3, 3, 6), "3/3, 6 not run");
        assert_eq!(per_second(12.345), "12.3");
        assert_eq!(per_second(35_714.29), "35,714");
        let ticks: Vec<String> = [1e-4, 1e-3, 1e-2, 1e-1, 1.0, 10.0].map(log_tick).into();
        assert_eq!(ticks, ["0.1 ms", "1 ms", "10 ms", "100 ms", "1 s", "10 s"]);
    }

    #[test]
    fn the_time_chart_lists_each_solvers_median() {
        let label = bench_times([("Exact", 0.001), ("Annealing, tuned", 0.25)]);
        assert_eq!(
            label,
            "Times: \u{201c}Exact\u{201d}: median 0.0010 s; \u{201c}Annealing, tuned\u{201d}: \
             median 0.2500 s."
        );
    }

    #[test]
    fn the_qubo_picture_says_its_size_terms_and_bits() {
        assert_eq!(
            qubo_label(729, 11_000, 81),
            "The puzzle's QUBO: its 729×729 coupling matrix with 11000 terms; 81 bits set now."
        );
        assert!(qubo_caption(5).starts_with("5 terms. Grey: two digits of one cell;"));
        assert_eq!(
            qubo_not_drawn(9, 4096),
            "The coupling matrix is drawn for boards up to 9 × 9; this board's QUBO has 4096 \
             variables."
        );
    }
}
