//! A run's figures as the page lists them: names, order, precision and units per family.

use super::numbers::{duration, fixed, group_thousands};
use super::status::capitalised;
use sudoku_engine::spec::Noun;
use sudoku_engine::step::{
    AnnealerFigures, BeliefFigures, BeliefSearch, Figures, Frame, NetworkFigures, SearchFigures,
};

/// The rows the page lists for a run's figures, in order: (name, value as text).
pub fn figure_rows(figures: &Figures) -> Vec<(String, String)> {
    let rows = match figures {
        Figures::Annealer(f) => annealer(f),
        Figures::Network(f) => network(f),
        Figures::Belief(f) => belief(f),
        Figures::Search(f) => search(f),
    };
    rows.into_iter()
        .map(|(name, value)| (name.to_string(), value))
        .collect()
}

/// The rows the page lists for a run at `frame`, `elapsed_ms` after its start with `compute_ms`
/// of work, counting moves of `work`: the solver's own figures, then tick, rate, time, the time
/// a tick takes and the `seed`. A run that the givens' forced moves solved lists what they
/// filled and the time only: its own counts and rates would all read zero.
pub fn run_rows(
    frame: &Frame,
    work: Noun,
    elapsed_ms: f64,
    compute_ms: f64,
    seed: u64,
) -> Vec<(String, String)> {
    if let Some(filled) = frame.forced {
        return vec![
            ("Forced cells".to_string(), whole(filled)),
            ("Time".to_string(), duration(elapsed_ms)),
        ];
    }
    let seconds = elapsed_ms / 1000.0;
    let rate = if seconds > 0.0 {
        frame.moves as f64 / seconds
    } else {
        0.0
    };
    let rate = if rate >= 1e6 {
        format!("{} million", fixed(rate / 1e6, 1))
    } else {
        group_thousands(rate as i64)
    };
    let mut rows = figure_rows(&frame.figures);
    rows.extend([
        ("Tick".to_string(), group_thousands(frame.ticks as i64)),
        (format!("{} per second", capitalised(work.many)), rate),
        ("Time".to_string(), format!("{} s", fixed(seconds, 2))),
        (COMPUTING.to_string(), duration(compute_ms)),
        (
            format!("{COMPUTING} per tick"),
            format!("{} ms", fixed(compute_ms / frame.ticks.max(1) as f64, 2)),
        ),
        ("Seed".to_string(), seed.to_string()),
    ]);
    rows
}

/// The figure of the time the solver itself worked, which a watched run's wall time dwarfs.
const COMPUTING: &str = "Computing";

/// The key under a run's figures: how its time splits and, for an annealer, how its energy and
/// broken rules relate, which differ for the same grid.
pub fn figures_key(figures: &Figures) -> String {
    let time = "Computing is the solver's own work; for the rest of the time it waits, so that \
                you can watch.";
    match figures {
        Figures::Annealer(_) => format!(
            "Energy is what the solver lowers: its model's weight on clashes of equal digits. \
             Broken rules count each digit missing from or repeated in a row, column, box or \
             cage, so one clash breaks two; on the board an amber frame marks a digit that clashes. \
             Both are 0 at a solution. {time}"
        ),
        _ => time.to_string(),
    }
}

/// A whole number with thousands separators: `-29,874`.
fn whole(value: impl Into<i64>) -> String {
    group_thousands(value.into())
}

/// A count too large for `i64` never occurs in a run; it would show saturated.
fn count(value: u64) -> String {
    whole(i64::try_from(value).unwrap_or(i64::MAX))
}

/// A real value rounded to a whole number, as an energy is listed.
fn rounded(value: f64) -> String {
    whole(value.round() as i64)
}

/// Under the Spins view of a killer's run: the cage-sum penalty now.
pub fn cage_penalty_now(penalty: f64) -> String {
    format!("Cage sums' penalty now: {}.", rounded(penalty))
}

fn annealer(f: &AnnealerFigures) -> Vec<(&'static str, String)> {
    let mut rows = vec![
        ("Temperature", fixed(f.temperature, 3)),
        ("Energy", rounded(f.energy)),
        ("Restarts", whole(f.restarts)),
        ("Broken rules", whole(f.broken_rules)),
    ];
    rows.extend(f.escape_offset.map(|o| ("Escape offset", whole(o))));
    rows.extend(f.cage_energy.map(|e| ("Cage sums' penalty", rounded(e))));
    rows
}

fn network(f: &NetworkFigures) -> Vec<(&'static str, String)> {
    let mut rows = vec![
        ("Optimal", whole(f.optimal)),
        ("Actual", whole(f.actual)),
        ("Energy", fixed(f.energy, 2)),
        ("Sweeps", count(f.sweeps)),
    ];
    if let Some(cooling) = f.cooling {
        rows.push(("Restarts", whole(cooling.restarts)));
        rows.push(("Temperature", fixed(cooling.temperature, 3)));
    }
    rows
}

fn belief(f: &BeliefFigures) -> Vec<(&'static str, String)> {
    let mut rows = vec![
        ("Mean entropy", format!("{} bits", fixed(f.mean_entropy, 3))),
        ("Penalty", whole(f.penalty)),
        ("Decided", count(f.decided)),
        ("Rounds", count(f.rounds)),
    ];
    match f.search {
        BeliefSearch::Decimation { fixes, backtracks } => {
            rows.push(("Fixes", count(fixes)));
            rows.push(("Backtracks", count(backtracks)));
        }
        BeliefSearch::Pollination { generations } => rows.push(("Generations", count(generations))),
    }
    rows
}

fn search(f: &SearchFigures) -> Vec<(&'static str, String)> {
    vec![
        ("Nodes", count(f.nodes)),
        ("Backtracks", count(f.backtracks)),
        ("Open cells", count(f.open_cells)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::step::{Cooling, Detail, Series};

    fn names(figures: Figures) -> Vec<String> {
        figure_rows(&figures).into_iter().map(|(n, _)| n).collect()
    }

    #[test]
    fn figures_print_with_their_precision_and_unit() {
        let rows = figure_rows(&Figures::Annealer(AnnealerFigures {
            temperature: 0.35,
            energy: -29_874.4,
            restarts: 1_234_567,
            broken_rules: 3,
            escape_offset: None,
            cage_energy: Some(4.0),
        }));
        let texts: Vec<&str> = rows.iter().map(|(_, v)| v.as_str()).collect();
        assert_eq!(texts, ["0.350", "-29,874", "1,234,567", "3", "4"]);
        // One name for the cage sums' part, in the figures and under the Spins view alike.
        assert!(
            cage_penalty_now(4.0).starts_with(&rows[4].0),
            "{}",
            rows[4].0
        );
        let rows = figure_rows(&Figures::Belief(BeliefFigures {
            mean_entropy: 1.5,
            penalty: 0,
            decided: 81,
            rounds: 12,
            search: BeliefSearch::Pollination { generations: 7 },
        }));
        assert_eq!(rows[0].1, "1.500 bits");
    }

    #[test]
    fn run_figures_are_named_in_words_with_units_and_rates_in_millions() {
        let mut frame = Frame::new(
            81,
            Figures::Search(SearchFigures::default()),
            [Series::linear("Open cells"), Series::linear("Backtracks")],
            Detail::None,
        );
        (frame.ticks, frame.moves) = (40, 2_500_000);
        let work = Noun {
            one: "flip",
            many: "flips",
        };
        let rows = run_rows(&frame, work, 2_000.0, 100.0, 7);
        let find = |name: &str| {
            rows.iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        assert_eq!(
            find("Flips per second"),
            Some("1.3 million"),
            "1.25 rounds up, as people round"
        );
        assert_eq!(find("Computing per tick"), Some("2.50 ms"));
        assert_eq!(find("Computing"), Some("0.10 s"), "beside the wall time");
        assert_eq!(find("Time"), Some("2.00 s"));
        assert!(
            rows.iter()
                .all(|(n, _)| !n.contains('/') && !n.contains("cost"))
        );
        frame.moves = 12_345;
        let rows = run_rows(&frame, work, 1_000.0, 100.0, 7);
        assert!(rows.contains(&("Flips per second".to_string(), "12,345".to_string())));
    }

    #[test]
    fn the_key_says_how_time_splits_and_an_annealers_energy_meets_its_broken_rules() {
        let annealer = figures_key(&Figures::Annealer(AnnealerFigures::default()));
        assert!(
            annealer.starts_with("Energy is what the solver lowers"),
            "{annealer}"
        );
        assert!(annealer.contains("one clash breaks two"), "{annealer}");
        let search = figures_key(&Figures::Search(SearchFigures::default()));
        assert!(
            search.starts_with("Computing is the solver's own work"),
            "{search}"
        );
        assert!(!search.contains("Energy"), "{search}");
    }

    #[test]
    fn only_an_annealed_network_lists_restarts_and_temperature() {
        let plain = NetworkFigures::default();
        assert_eq!(
            names(Figures::Network(plain)),
            ["Optimal", "Actual", "Energy", "Sweeps"]
        );
        let annealed = NetworkFigures {
            cooling: Some(Cooling::default()),
            ..plain
        };
        assert_eq!(names(Figures::Network(annealed)).len(), 6);
    }
}
