//! Reading a link: the query string taken apart, each parameter checked, and a sentence for
//! each thing that was wrong. Apart from writing because it is the lenient, hostile-input side.

use super::{Link, MAX_QUERY, View};
use crate::race::{self, Settings};
use sudoku_engine::board::{
    Cage, CageError, Cages, Digit, DigitSet, Grid, ParseError, Rules, Shape, read_cell,
};
use sudoku_engine::registry::SolverKind;

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
                    "The link's race limit is not one of {} seconds; it is {} s.",
                    race::LIMITS.map(|s| s.to_string()).join(", "),
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
                    "The link asks for a board of side “{side}”, which this page does not have."
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
            // A puzzle of the board's length with some odd characters loads what it can; one
            // with no digit at all is no puzzle, and loading it would claim an empty one.
            Err(e @ ParseError::BadCharacter { .. })
                if text.chars().count() == shape.cells()
                    && lenient(shape, text).0.filled() == 0 =>
            {
                self.note(format!(
                    "The link's puzzle could not be read ({e}); it has no digit of the board, so nothing was loaded."
                ));
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

impl Link {
    /// `k=`: a killer's cages, on the puzzle (a killer may have no given) or on the link's
    /// board, read one by one: a cage the board cannot take with those before it is named and
    /// left out; the other cages and the digits stay. Whether a cage was left out.
    fn read_cages(&mut self, text: &str) -> bool {
        let shape = self.shape.unwrap_or(Shape::CLASSIC);
        let puzzle = self.puzzle.take().unwrap_or_else(|| Grid::empty(shape));
        let mut kept: Vec<Cage> = Vec::new();
        let mut left_out: Option<(usize, &str, CageError)> = None;
        let mut more = 0;
        let parts = text.split([',', ';']).filter(|p| !p.trim().is_empty());
        for (i, part) in parts.enumerate() {
            let mut with = kept.clone();
            let cage = Cages::parse(shape, part).and_then(|one| {
                with.extend(one.iter().cloned());
                Cages::new(shape, with)
            });
            match cage {
                Ok(cages) => kept = cages.to_vec(),
                Err(_) if left_out.is_some() => more += 1,
                Err(e) => left_out = Some((i + 1, part, e)),
            }
        }
        let refused = left_out.is_some();
        if let Some((number, part, e)) = left_out {
            self.note(sudoku_words::link_cage_left_out(number, part, &e, more));
        }
        match puzzle.clone().with_cages(kept).ok().filter(Grid::is_killer) {
            Some(killer) => {
                self.shape = Some(shape);
                self.puzzle = Some(killer);
            }
            None => self.puzzle = Some(puzzle).filter(|p| p.filled() > 0),
        }
        refused
    }

    /// `e=`: the user's progress over the puzzle's open cells, read leniently like `p=`; a
    /// digit over a given is dropped.
    fn read_progress(&mut self, text: &str) {
        let Some(puzzle) = &self.puzzle else { return };
        let shape = puzzle.shape();
        let progress = match Grid::parse_shaped(shape, text) {
            Ok(grid) => grid,
            Err(ParseError::BadCharacter { .. }) if text.chars().count() == shape.cells() => {
                lenient(shape, text).0
            }
            Err(e) => {
                return self.note(format!(
                    "The link's progress could not be read ({e}); the puzzle is shown without it."
                ));
            }
        };
        let mut over = Grid::empty(shape);
        for cell in (0..shape.cells()).filter(|&c| puzzle.get(c).is_none()) {
            over.set(cell, progress.get(cell));
        }
        self.progress = Some(over).filter(|p| p.filled() > 0);
    }

    /// `m=`: the user's pencil marks, `<cell>-<digits>` joined by dots, in open cells of the
    /// puzzle; a part that is not one is left out, with a word.
    fn read_marks(&mut self, text: &str) {
        let Some(puzzle) = &self.puzzle else { return };
        let shape = puzzle.shape();
        let mark = |part: &str| {
            let (cell, digits) = part.split_once('-')?;
            let cell: usize = cell.parse().ok().filter(|&c| c < shape.cells())?;
            let set = (digits.chars())
                .map(|ch| {
                    read_cell(shape, &ch.to_string())
                        .ok()
                        .flatten()
                        .and_then(Digit::new)
                })
                .collect::<Option<DigitSet>>()?;
            puzzle.get(cell).is_none().then_some((cell, set))
        };
        let parts: Vec<&str> = text.split('.').collect();
        let mut by_cell: Vec<Option<DigitSet>> = vec![None; shape.cells()];
        let mut read = 0;
        for (cell, set) in parts.iter().filter_map(|p| mark(p)) {
            read += 1;
            // The first mark a cell gets in the link is the one kept.
            by_cell[cell].get_or_insert(set);
        }
        let odd = parts.len() - read;
        self.marks = (by_cell.into_iter().enumerate())
            .filter_map(|(cell, set)| Some((cell, set?)))
            .collect();
        if odd > 0 {
            self.note(format!(
                "The link's pencil marks had {odd} part{} that could not be read; {} left out.",
                if odd == 1 { "" } else { "s" },
                if odd == 1 { "it is" } else { "they are" },
            ));
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
        Some(text) => {
            link.read_puzzle(text, rules);
            if link.puzzle.is_none() {
                link.as_given = Some(as_address(query));
            }
        }
        None if link.shape.is_none() && !rules.is_empty() => {
            link.shape = Some(link.ruled(Shape::CLASSIC, rules));
        }
        None => {}
    }
    if let Some(cages) = value("k")
        && link.read_cages(cages)
    {
        link.as_given = Some(as_address(query));
    }
    if let Some(progress) = value("e") {
        link.read_progress(progress);
    }
    if let Some(marks) = value("m") {
        link.read_marks(marks);
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

/// A query kept as given, as an address holds it: what a browser escapes there (spaces, quotes,
/// angle brackets, anything not ASCII) percent-encoded, so that it carries no markup; reading it
/// again gives the same link.
fn as_address(query: &str) -> String {
    let mut out = String::with_capacity(query.len());
    for ch in query.chars() {
        if ch.is_ascii_alphanumeric() || "-._~!$&'()*+,;=:@/?%".contains(ch) {
            out.push(ch);
        } else {
            let mut bytes = [0u8; 4];
            for b in ch.encode_utf8(&mut bytes).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
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
