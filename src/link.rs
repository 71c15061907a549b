//! A puzzle in the page's address: `?size=<side>&rules=<names>&p=<one character per
//! cell>&s=<solver>` (no `size` for 9×9, no `rules` for none), plus SudokuWiki's `?bd=<81 digits>` so that links from there open here. Reading never fails: whatever a link
//! holds, the page gets a grid (possibly empty) and, when something was wrong, a sentence saying
//! what.

use crate::board::{Grid, ParseError, Rules, Shape, read_cell};
use crate::race::{self, Settings};
use crate::registry::SolverKind;

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
    /// The board, when the link names one (or its puzzle does, by its length).
    pub shape: Option<Shape>,
    pub solver: Option<SolverKind>,
    /// What was wrong with the link, in words for the user.
    pub problem: Option<String>,
    pub view: View,
    /// The race's settings (`racers=`, `limit=`, `seed=`), the defaults where the link names none.
    pub race: Settings,
}

impl Link {
    /// Adds a sentence to what was wrong with the link.
    fn note(&mut self, sentence: String) {
        self.problem = Some(match self.problem.take() {
            Some(before) => format!("{before} {sentence}"),
            None => sentence,
        });
    }

    /// `s=` and `view=`: the solver and the screen.
    fn read_names(&mut self, solver: Option<&str>, view: Option<&str>) {
        if let Some(name) = solver {
            self.solver = SolverKind::from_name(name);
            if self.solver.is_none() {
                self.note("The link names a solver this page does not have.".to_string());
            }
        }
        if let Some(name) = view {
            match View::ALL.into_iter().find(|v| v.name() == name) {
                Some(view) => self.view = view,
                None => self.note("The link names a view this page does not have.".to_string()),
            }
        }
    }

    /// `racers=`: the solvers that race, every one where the link names none this page has.
    fn read_racers(&mut self, names: &str) {
        let (known, unknown): (Vec<_>, Vec<_>) = (names.split(',').filter(|n| !n.is_empty()))
            .map(|n| SolverKind::from_name(n).ok_or(n))
            .partition(Result::is_ok);
        let chosen: Vec<SolverKind> = known.into_iter().flatten().collect();
        self.race.racers = SolverKind::all().filter(|k| chosen.contains(k)).collect();
        if !unknown.is_empty() || self.race.racers.is_empty() {
            self.note(format!(
                "The link's racers include {} name{} this page does not have{}.",
                unknown.len(),
                if unknown.len() == 1 { "" } else { "s" },
                if self.race.racers.is_empty() {
                    "; every solver races"
                } else {
                    ""
                },
            ));
        }
        if self.race.racers.is_empty() {
            self.race.racers = Settings::default().racers;
        }
    }

    /// `limit=` and `seed=`: the race's time limit and seed.
    fn read_race_numbers(&mut self, limit: Option<&str>, seed: Option<&str>) {
        if let Some(limit) = limit {
            match limit.parse::<u32>() {
                Ok(s) if race::LIMITS.contains(&s) => self.race.limit_s = s,
                _ => self.note(format!(
                    "The link's race limit is not one of {:?} seconds; it is {} s.",
                    race::LIMITS,
                    race::DEFAULT_LIMIT
                )),
            }
        }
        if let Some(seed) = seed {
            self.race.seed = seed.parse().ok();
            if self.race.seed.is_none() {
                self.note("The link's seed is not a whole number; a new one is drawn.".to_string());
            }
        }
    }

    /// `size=` and `rules=`: the board the link names (with its rules) and the rules.
    fn read_board(&mut self, size: Option<&str>, rules: Option<&str>) -> Rules {
        if let Some(side) = size {
            self.shape = side.parse().ok().and_then(Shape::of_side);
            if self.shape.is_none() {
                self.note(format!(
                    "The link asks for a board of side {side:?}, which this page does not have."
                ));
            }
        }
        let rules = match rules.map(Rules::parse) {
            None => Rules::NONE,
            Some(Ok(rules)) => rules,
            Some(Err(e)) => {
                self.note(format!("The link's rules could not be read: {e}."));
                Rules::NONE
            }
        };
        if let Some(shape) = self.shape {
            self.shape = Some(self.ruled(shape, rules));
        }
        rules
    }

    /// `shape` under `rules`, or under all of them but Windoku where its boxes are not square.
    fn ruled(&mut self, shape: Shape, rules: Rules) -> Shape {
        shape.with_rules(rules).unwrap_or_else(|| {
            self.note("Windoku needs square boxes; the board is shown without it.".to_string());
            shape
                .with_rules(rules.without(Rules::WINDOKU))
                .unwrap_or(shape)
        })
    }

    /// `p=` (or `bd=`): the puzzle, on the link's board or the one its length names, read
    /// leniently when only some characters are odd.
    fn read_puzzle(&mut self, text: &str, rules: Rules) {
        let length = text.chars().filter(|c| !c.is_whitespace()).count();
        let shape = match self.shape {
            Some(shape) => shape,
            None => self.ruled(Shape::playable(length).unwrap_or(Shape::CLASSIC), rules),
        };
        match Grid::parse_shaped(shape, text) {
            Ok(grid) => {
                self.shape = Some(shape);
                self.puzzle = Some(grid);
            }
            Err(ParseError::BadCharacter { .. }) if text.chars().count() == shape.cells() => {
                let (grid, odd) = lenient(shape, text);
                self.shape = Some(shape);
                self.puzzle = Some(grid);
                self.note(format!(
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
                self.note(format!(
                    "The link's puzzle could not be read ({e}); nothing was loaded."
                ));
            }
        }
    }
}

/// Reads a query string (with or without its leading `?`).
pub fn read(query: &str) -> Link {
    let mut link = Link::default();
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
    link.read_names(value("s"), value("view"));
    if let Some(names) = value("racers") {
        link.read_racers(names);
    }
    link.read_race_numbers(value("limit"), value("seed"));
    let rules = link.read_board(value("size"), value("rules"));
    match value("p").or_else(|| value("bd")) {
        Some(text) => link.read_puzzle(text, rules),
        None if link.shape.is_none() && !rules.is_empty() => {
            link.shape = Some(link.ruled(Shape::CLASSIC, rules));
        }
        None => {}
    }
    link
}

/// The grid of a text of one character per cell with anything that is not a digit of the board
/// read as a blank, and how many such characters there were.
fn lenient(shape: Shape, text: &str) -> (Grid, usize) {
    let mut grid = Grid::empty(shape);
    let mut odd = 0;
    for (cell, ch) in text.chars().enumerate() {
        match read_cell(shape, &ch.to_string()) {
            Ok(digit) => grid.set(cell, digit),
            Err(_) => odd += 1,
        }
    }
    (grid, odd)
}

/// The query string for a puzzle and solver: `?size=…&rules=…&p=…&s=…`, without `size` for
/// 9×9, `rules` for none and `p` for an empty grid. Only digits, `.`, letters and `-` appear, and it never ends in
/// a dot, so messengers that linkify text keep it whole.
pub fn write(puzzle: &Grid, solver: SolverKind) -> String {
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
    format!("?{size}p={}&s={}", puzzle.to_line(), solver.name)
}

/// The query string of a view other than the solver's: the puzzle's ([`write`]) and then
/// `view=…`, and for the race its settings (`racers=` when not every solver, `limit=` when not
/// the default, `seed=` when one is fixed).
pub fn write_view(puzzle: &Grid, solver: SolverKind, view: View, race: &Settings) -> String {
    let mut query = write(puzzle, solver);
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

        assert_eq!(read(""), Link::default());
        let link = read("?size=7&p=123");
        assert_eq!((link.shape, link.puzzle), (None, None));
        assert!(link.problem.is_some_and(|p| p.contains("\"7\"")));
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
        assert!(bad.problem.is_some_and(|p| p.contains("\"queen\"")));
        // A 16×16 link's puzzle with junk in it: the junk cells are left blank.
        let line = format!("G{}<", ".".repeat(254));
        let link = read(&format!("?size=16&p={line}"));
        assert_eq!(link.puzzle.as_ref().map(Grid::filled), Some(1));
        assert!(link.problem.is_some_and(|p| p.contains("1 character")));
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
        let query = write_view(&grid, ising, View::Race, &settings);
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
        let plain = write_view(&grid, ising, View::Race, &Settings::default());
        assert!(plain.ends_with("&view=race"), "{plain}");
        assert!(write_view(&grid, ising, View::Bench, &settings).ends_with("&view=bench"));
        assert_eq!(
            write_view(&grid, ising, View::Solve, &settings),
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
