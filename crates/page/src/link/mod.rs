//! A puzzle in the page's address: `?size=<side>&rules=<names>&p=<one character per
//! cell>&e=<the user's progress, likewise>&k=<killer cages>&s=<solver>&m=<pencil marks>` (no
//! `size` for 9×9, no `rules` for none, no `e`, `k` or `m` without progress, cages or marks),
//! plus SudokuWiki's `?bd=<81 digits>` so that links from there open here. Reading never fails: whatever a link
//! holds, the page gets a grid (possibly empty) and, when something was wrong, a sentence saying
//! what.
//!
//! What a link holds is here; reading one ([`read()`]) and writing one ([`write()`],
//! [`write_view`]) live in their own files.

mod reading;
mod writing;

pub use reading::read;
pub use writing::{Written, write, write_view, write_with};

use crate::race::Settings;
use sudoku_engine::board::{DigitSet, Grid, Shape};
use sudoku_engine::registry::SolverKind;

/// Longest query string read at all; anything longer is refused before it is decoded.
pub const MAX_QUERY: usize = 2048;

/// Which screen the page shows: `view=race` and `view=bench` in a link, nothing for the solver.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    #[default]
    Solve,
    Race,
    Bench,
}

impl View {
    pub const ALL: [View; 3] = [View::Solve, View::Race, View::Bench];

    /// Its name in links.
    pub fn name(self) -> &'static str {
        match self {
            View::Solve => "solve",
            View::Race => "race",
            View::Bench => "bench",
        }
    }
}

/// What a link asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Link {
    /// The puzzle to show as givens, if the link carries one that could be read.
    pub puzzle: Option<Grid>,
    /// The user's progress over the puzzle's open cells (`e=`), if the link carries any.
    pub progress: Option<Grid>,
    /// The user's pencil marks (`m=`), by cell, in reading order.
    pub marks: Vec<(usize, DigitSet)>,
    /// The board, when the link names one (or its puzzle does, by its length).
    pub shape: Option<Shape>,
    pub solver: Option<SolverKind>,
    /// What was wrong with the link, in words for the user.
    pub problem: Option<String>,
    pub view: View,
    /// The race's settings (`racers=`, `limit=`, `seed=`), the defaults where the link names none.
    pub race: Settings,
    /// The query as given when its puzzle could not be read or a cage was left out: the address
    /// keeps it until the puzzle changes, so that it can be mended there and shared again.
    pub as_given: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::race;
    use sudoku_engine::board::Rules;

    /// A puzzle written without the user's progress or marks.
    fn bare(puzzle: &Grid) -> Written<'_> {
        Written {
            puzzle,
            progress: None,
            marks: &[],
        }
    }

    const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    /// A link kept as given in the address carries no markup, and reads back as itself.
    #[test]
    fn a_link_kept_as_given_is_escaped_as_an_address_and_reads_back_the_same() {
        for query in ["?p=<b>x</b>", "?p=a\"b c", "?k=a\"", "?p=ü%4", "?p=1#2"] {
            let link = read(query);
            let kept = link.as_given.clone().expect("kept as given");
            assert!(!kept.contains(['<', '>', '"', ' ', '#']), "{kept}");
            assert!(kept.is_ascii(), "{kept}");
            assert_eq!(read(&kept), link, "{query} → {kept}");
        }
    }

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

        assert_eq!(read(""), Link::default());
        let link = read("?size=7&p=123");
        assert_eq!((link.shape, link.puzzle), (None, None));
        assert!(link.problem.is_some_and(|p| p.contains("“7”")));
    }

    #[test]
    fn every_size_travels_in_the_link() {
        let bp = SolverKind::from_name("bp").expect("registered");
        for side in [4, 6, 16, 25] {
            let shape = Shape::of_cells(side * side).expect("a board");
            let mut grid = Grid::empty(shape);
            assert_eq!(write(&grid, bp), format!("?size={side}&s=bp"));
            assert_eq!(read(&write(&grid, bp)).shape, Some(shape));
            grid.set(0, Some(side as u8));
            grid.set(shape.cells() - 1, Some(1));
            let query = write(&grid, bp);
            assert!(query.starts_with(&format!("?size={side}&p=")), "{query}");
            let link = read(&query);
            assert_eq!((link.puzzle, link.problem), (Some(grid.clone()), None));
            // Without `size`, the puzzle's length names the board.
            let bare = read(&format!("?p={}", grid.to_line()));
            assert_eq!(bare.puzzle, Some(grid));
        }
        // Rules travel too, in any order, and a rule that does not fit the board is dropped
        // with a word.
        let x_king = Shape::CLASSIC
            .with_rules(Rules::X.with(Rules::ANTI_KING))
            .expect("fits");
        let mut grid = Grid::empty(x_king);
        assert_eq!(write(&grid, bp), "?rules=x,anti-king&s=bp");
        grid.set(40, Some(5));
        let link = read(&write(&grid, bp));
        assert_eq!((link.puzzle, link.problem), (Some(grid), None));
        assert_eq!(read("?rules=anti-king,x").shape, Some(x_king));
        let six = read("?size=6&rules=windoku,x");
        let six_x = Shape::new(2, 3).and_then(|s| s.with_rules(Rules::X));
        assert_eq!(six.shape, six_x);
        assert!(six.problem.is_some_and(|p| p.contains("square boxes")));
        let bad = read("?rules=queen");
        assert!(bad.problem.is_some_and(|p| p.contains("“queen”")));
        // A 16×16 link's puzzle with junk in it: the junk cells are left blank.
        let line = format!("G{}<", ".".repeat(254));
        let link = read(&format!("?size=16&p={line}"));
        assert_eq!(link.puzzle.as_ref().map(Grid::filled), Some(1));
        assert!(link.problem.is_some_and(|p| p.contains("1 character")));
    }

    #[test]
    fn progress_travels_apart_from_the_givens_and_old_links_still_read() {
        let grid = Grid::parse(INKALA).expect("valid");
        let mut progress = Grid::empty(grid.shape());
        progress.set(1, Some(1));
        progress.set(80, Some(9));
        let exact = SolverKind::from_name("exact").expect("registered");
        let query = write_with(&grid, Some(&progress), exact);
        let dots = ".".repeat(78);
        assert_eq!(query, format!("?p={INKALA}&e=.1{dots}9&s=exact"));
        let link = read(&query);
        assert_eq!(
            (&link.puzzle, &link.progress),
            (&Some(grid.clone()), &Some(progress.clone()))
        );
        assert_eq!(link.problem, None);
        assert_eq!(
            read(&write(&grid, exact)).progress,
            None,
            "a link without e="
        );
        // A digit over a given is dropped, a junk character left blank, a wrong length named.
        let over = read(&format!("?p={INKALA}&e=71{dots}<"));
        assert_eq!(over.progress.as_ref().map(Grid::filled), Some(1));
        // Pencil marks travel last, in open cells only; odd parts are named and left out.
        let marks = [(1, DigitSet::from_bits(0b101)), (2, DigitSet::EMPTY)];
        let written = Written {
            puzzle: &grid,
            progress: Some(&progress),
            marks: &marks,
        };
        let query = write_view(written, exact, View::Solve, &Settings::default());
        assert!(query.ends_with("&s=exact&m=1-13.2-"), "{query}");
        let link = read(&query);
        assert_eq!(
            (link.marks, link.progress),
            (marks.to_vec(), Some(progress))
        );
        let odd = read(&format!("?p={INKALA}&m=0-1.1-9.2-x.99-1.3-2"));
        assert_eq!(
            odd.marks,
            vec![
                (1, DigitSet::from_bits(1 << 8)),
                (3, DigitSet::from_bits(2))
            ]
        );
        assert!(odd.problem.is_some_and(|p| p.contains("3 parts")));
        let short = read(&format!("?p={INKALA}&e=123"));
        assert_eq!((short.puzzle, short.progress), (Some(grid), None));
        assert!(short.problem.is_some_and(|p| p.contains("progress")));
    }

    #[test]
    fn killer_cages_travel_in_the_link_and_cages_no_board_takes_are_left_out() {
        let exact = SolverKind::exact();
        let killers = sudoku_engine::generate::killer_many(Shape::CLASSIC, 0, 7, 1);
        let (killer, _) = killers.expect("a killer").remove(0);
        let query = write(&killer, exact);
        assert!(query.starts_with("?k="), "a killer without givens: {query}");
        let link = read(&query);
        assert_eq!(
            (&link.puzzle, &link.problem),
            (&Some(killer.clone()), &None)
        );
        // With givens and progress, and written as the command line writes cages.
        let mut givens = killer.clone();
        givens.set(0, Some(1));
        let mut progress = Grid::empty(Shape::CLASSIC);
        progress.set(1, Some(2));
        let link = read(&write_with(&givens, Some(&progress), exact));
        assert_eq!((link.puzzle, link.progress), (Some(givens), Some(progress)));
        let spaced = read("?k=15:r1c1+r1c2, 9 : r2c1+r2c2+r2c3&e=12");
        assert_eq!(spaced.puzzle.map(|p| p.cages().len()), Some(2));
        assert!(spaced.problem.is_some_and(|p| p.contains("progress")));
        // Overlapping, impossible, gapped or unreadable cages: named in the page's words and
        // left out; the cages before them and the digits stay.
        let digits = format!("p={INKALA}");
        for (cages, kept, words) in [
            (
                "3r1c1,4r1c1r1c2",
                1,
                "cage 2, “4r1c1r1c2”, was left out: row 1, column 1 is in another cage",
            ),
            (
                "2r1c1r1c2",
                0,
                "cage 1, “2r1c1r1c2”, was left out: 2 different digits sum to 3 to 17, not 2",
            ),
            (
                "44r1c1r1c2r1c3r1c4r1c5r1c6r1c7r1c8r1c9",
                0,
                "was left out: 9 different digits always sum to 45, not 44",
            ),
            ("3r1c1r1c2,30r1c3r1c4r1c5r1c6r1c7r1c8", 1, "cannot make up"),
            (
                "3r1c1r1c",
                0,
                "cage 1, “3r1c1r1c”, was left out: it is not a sum followed by cells",
            ),
            (
                "3r1c1r1c2,x,15r2c1r2c2r2c3,4r10c1",
                2,
                "cage 2, “x”, was left out (and 1 cage after it)",
            ),
        ] {
            let link = read(&format!("?{digits}&k={cages}"));
            let puzzle = link.puzzle.expect("the digits stay");
            assert_eq!(puzzle.to_line(), INKALA, "{cages}");
            assert_eq!(puzzle.cages().len(), kept, "{cages}");
            let problem = link.problem.expect("a word on the cage left out");
            assert!(problem.contains(words), "{cages}: {problem}");
            // The command line's syntax is no help on the page.
            assert!(
                !problem.contains("SUM") && !problem.contains("r1c1+"),
                "{problem}"
            );
            let cages_alone = read(&format!("?k={cages}")).puzzle;
            assert_eq!(
                cages_alone.map(|p| p.cages().len()),
                (kept > 0).then_some(kept)
            );
        }
    }

    #[test]
    fn the_race_and_its_settings_travel_in_the_link() {
        let grid = Grid::parse(INKALA).expect("valid");
        let ising = SolverKind::from_name("ising").expect("registered");
        let three: Vec<SolverKind> = SolverKind::all()
            .filter(|k| ["exact", "ising", "qubo"].contains(&k.name))
            .collect();
        let settings = Settings {
            racers: three,
            limit_s: 10,
            seed: Some(42),
        };
        let query = write_view(bare(&grid), ising, View::Race, &settings);
        assert_eq!(
            query,
            format!("?p={INKALA}&s=ising&view=race&racers=ising,qubo,exact&limit=10&seed=42")
        );
        let link = read(&query);
        assert_eq!(
            (link.view, &link.race, link.problem),
            (View::Race, &settings, None)
        );
        // Defaults are left out, and the bench view carries only its name.
        let plain = write_view(bare(&grid), ising, View::Race, &Settings::default());
        assert!(plain.ends_with("&view=race"), "{plain}");
        assert!(write_view(bare(&grid), ising, View::Bench, &settings).ends_with("&view=bench"));
        assert_eq!(
            write_view(bare(&grid), ising, View::Solve, &settings),
            write(&grid, ising)
        );
        // Odd settings are named and replaced by the defaults.
        let odd = read("?view=derby&racers=ising,warp&limit=7&seed=-3");
        assert_eq!(odd.view, View::Solve);
        assert_eq!(odd.race.racers, vec![ising]);
        assert_eq!(
            (odd.race.limit_s, odd.race.seed),
            (race::DEFAULT_LIMIT, None)
        );
        let problem = odd.problem.unwrap_or_default();
        for words in ["view", "1 name", "limit", "seed"] {
            assert!(problem.contains(words), "{words}: {problem}");
        }
        assert_eq!(
            read("?racers=,,zzz").race.racers,
            Settings::default().racers
        );
    }
}
