//! How a hint reads: the technique's title, and one plain sentence that says what the pattern
//! is and what it changes ("In row 4, only column 7 can hold 7: every other cell of the row is
//! filled or sees a 7. Place 7 at row 4, column 7."). Cells are named in words, as the cells'
//! labels name them, never in the solvers' shorthand (r4c7).

mod cages;

use super::status::capitalised;
use sudoku_engine::board::{Digit, DigitSet, Geometry, Shape, UnitKind, digit_char};
use sudoku_engine::hint::{Hint, Mistake, Step, Technique};
/// What `sudoku grade` says beside the level: the hardest technique the ladder needed, or that
/// the ladder stalled (`None` for a puzzle the givens alone complete).
pub fn hardest_needed(hardest: Option<Technique>, stalled: bool) -> &'static str {
    match (stalled, hardest) {
        (true, _) => "beyond the hint ladder",
        (false, Some(technique)) => technique_title(technique),
        (false, None) => "nothing left to do",
    }
}

/// The technique's name as a title.
pub fn technique_title(technique: Technique) -> &'static str {
    match technique {
        Technique::NakedSingle => "Naked single",
        Technique::HiddenSingle => "Hidden single",
        Technique::Pointing => "Pointing",
        Technique::Claiming => "Claiming",
        Technique::CageCombination => "Cage combination",
        Technique::CagePointing => "Cage pointing",
        Technique::CageClaiming => "Cage claiming",
        Technique::Innies => "Innies and outies",
        Technique::NakedPair => "Naked pair",
        Technique::HiddenPair => "Hidden pair",
        Technique::NakedTriple => "Naked triple",
        Technique::HiddenTriple => "Hidden triple",
        Technique::NakedQuad => "Naked quad",
        Technique::HiddenQuad => "Hidden quad",
        Technique::XWing => "X-Wing",
        Technique::Swordfish => "Swordfish",
        Technique::Jellyfish => "Jellyfish",
        Technique::FinnedXWing => "Finned X-Wing",
        Technique::FinnedSwordfish => "Finned Swordfish",
        Technique::FinnedJellyfish => "Finned Jellyfish",
        Technique::XyWing => "XY-Wing",
        Technique::XyzWing => "XYZ-Wing",
        Technique::WWing => "W-Wing",
        Technique::SimpleColouring => "Simple colouring",
        Technique::XChain => "X-chain",
        Technique::UniqueRectangle => "Unique rectangle",
        Technique::BugPlusOne => "BUG+1",
        Technique::XyChain => "XY-chain",
        Technique::Aic => "Alternating inference chain",
        Technique::ForcingChain => "Forcing chain",
    }
}

/// A cell as people read it in hints: `row 4, column 7`.
pub fn cell_name(geometry: &Geometry, cell: usize) -> String {
    geometry.shape().pos(cell).to_string()
}

/// A digit as the board shows it (letters past 9 on large boards).
fn digit(d: Digit) -> char {
    digit_char(d.get())
}

/// Digits as a list: `2, 7 and 9`.
fn digits(set: DigitSet) -> String {
    listed(set.into_iter().map(|d| digit(d).to_string()).collect())
}

/// Words joined with commas and a final "and".
fn listed(words: Vec<String>) -> String {
    joined(words, ", ", " and ")
}

/// Parts that have commas of their own, joined so they stay apart: `a; b; and c`.
fn listed_apart(parts: Vec<String>) -> String {
    joined(parts, "; ", "; and ")
}

/// `parts` with `between` between them, but `last` before the last.
fn joined(mut parts: Vec<String>, between: &str, last: &str) -> String {
    match parts.pop() {
        None => String::new(),
        Some(end) if parts.is_empty() => end,
        Some(end) => format!("{}{last}{end}", parts.join(between)),
    }
}

/// The distinct cells of `list` on the board of `shape`, lowest first: as cells are numbered row
/// by row, that is reading order. Marked, not sorted, so the page's wasm carries no sort for it.
fn in_order(shape: Shape, list: &[usize]) -> impl Iterator<Item = usize> {
    let mut listed = vec![false; shape.cells()];
    for &cell in list {
        if let Some(slot) = listed.get_mut(cell) {
            *slot = true;
        }
    }
    (0..listed.len()).filter(move |&c| listed[c])
}

/// Cells as a list, by row: `row 1, columns 2 and 5; and row 4, column 5`; cells down one
/// column as `column 3, rows 1 and 7`.
pub fn cells_named(geometry: &Geometry, list: &[usize]) -> String {
    let shape = geometry.shape();
    let pos: Vec<_> = in_order(shape, list).map(|c| shape.pos(c)).collect();
    let numbers = |ns: Vec<usize>| listed(ns.iter().map(|n| (n + 1).to_string()).collect());
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let one_column = pos.len() > 1 && pos.iter().all(|p| p.col == pos[0].col);
    let one_row_each = pos.windows(2).all(|w| w[0].row != w[1].row);
    if one_column && one_row_each {
        let rows = pos.iter().map(|p| p.row).collect::<Vec<_>>();
        return format!("column {}, rows {}", pos[0].col + 1, numbers(rows));
    }
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for p in pos {
        match groups.last_mut() {
            Some((row, cols)) if *row == p.row => cols.push(p.col),
            _ => groups.push((p.row, vec![p.col])),
        }
    }
    let parts = groups
        .into_iter()
        .map(|(row, cols)| {
            let n = cols.len();
            format!("row {}, column{} {}", row + 1, plural(n), numbers(cols))
        })
        .collect();
    listed_apart(parts)
}

/// Cells as a list inside unit `u`, which the sentence has named: `columns 2 and 5` in a row,
/// `rows 3 and 6` in a column, and as [`cells_named`] elsewhere.
fn cells_within(geometry: &Geometry, list: &[usize], u: Option<usize>) -> String {
    let shape = geometry.shape();
    let pos: Vec<_> = in_order(shape, list).map(|c| shape.pos(c)).collect();
    let numbers = |ns: Vec<usize>| listed(ns.iter().map(|n| (n + 1).to_string()).collect());
    let plural = if pos.len() == 1 { "" } else { "s" };
    let unit = u.map(|u| geometry.unit(u));
    match unit.map(|u| (u.kind, u.index)) {
        Some((UnitKind::Row, r)) if pos.iter().all(|p| p.row == r) => {
            format!(
                "column{plural} {}",
                numbers(pos.iter().map(|p| p.col).collect())
            )
        }
        Some((UnitKind::Column, c)) if pos.iter().all(|p| p.col == c) => {
            format!(
                "row{plural} {}",
                numbers(pos.iter().map(|p| p.row).collect())
            )
        }
        _ => cells_named(geometry, list),
    }
}

/// Unit `u`'s name: `row 4`, `box 2`, `the main diagonal`.
fn unit(geometry: &Geometry, u: usize) -> String {
    geometry.unit(u).to_string()
}

/// What kind of unit `u` is, as a noun: `row`, `box`, `diagonal`.
fn kind_word(geometry: &Geometry, u: usize) -> &'static str {
    match geometry.unit(u).kind {
        UnitKind::Row => "row",
        UnitKind::Column => "column",
        UnitKind::Box => "box",
        UnitKind::Diagonal => "diagonal",
        UnitKind::Window => "extra box",
        UnitKind::KingMove | UnitKind::KnightMove => "unit",
        UnitKind::Cage => "cage",
    }
}

/// Why the step holds, in one clause or two.
fn reason(step: &Step, geometry: &Geometry) -> String {
    let d = step.digits.first().map_or('?', digit);
    let pattern = cells_named(geometry, &step.pattern);
    let inside = cells_within(geometry, &step.pattern, step.units.first().copied());
    let first_unit = step
        .units
        .first()
        .map(|&u| unit(geometry, u))
        .unwrap_or_default();
    let target = (step.placements.first().or(step.eliminations.first()))
        .map(|&(c, _)| cell_name(geometry, c))
        .unwrap_or_default();
    match step.technique {
        Technique::NakedSingle => naked_single(step, geometry, &target, d),
        Technique::HiddenSingle => hidden_single(step, geometry, &first_unit, &target, d),
        Technique::Pointing | Technique::Claiming => {
            let other = step
                .units
                .get(1)
                .map(|&u| unit(geometry, u))
                .unwrap_or_default();
            format!("In {first_unit}, {d} can only go in {inside}, which all lie in {other}")
        }
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => format!(
            "In {first_unit}, the cells in {inside} hold only {} between them",
            digits(step.digits)
        ),
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => format!(
            "In {first_unit}, {} can only go in {inside}",
            digits(step.digits)
        ),
        t if t.needs_cages() => cages::cage_reason(step, geometry, d),
        _ => wider_reason(step, geometry, &pattern, &target, d),
    }
}

/// Why a naked single holds: the cells it sees (and the user's marks) rule out every other digit.
fn naked_single(step: &Step, geometry: &Geometry, target: &str, d: char) -> String {
    // The pattern holds one cell for each other digit, unless the user's marks struck some of
    // them.
    let all_seen = step.pattern.len() + 1 == geometry.shape().size();
    let plain = geometry.shape().rules().is_empty() && geometry.cages().is_empty();
    let seen_by = match plain {
        true => "its row, column and box",
        false => "the cells it sees",
    };
    match all_seen {
        true => format!("Only {d} fits in {target}: {seen_by} hold every other digit"),
        false => format!(
            "Only {d} fits in {target}: the cells it sees and its marks rule out every other digit"
        ),
    }
}

/// Why a hidden single holds: no other cell of its unit can take the digit.
fn hidden_single(
    step: &Step,
    geometry: &Geometry,
    first_unit: &str,
    target: &str,
    d: char,
) -> String {
    let cell = (step.placements.first()).map(|&(c, _)| geometry.shape().pos(c));
    let kind = step
        .units
        .first()
        .map_or("unit", |&u| kind_word(geometry, u));
    // In a row the column says which cell; in a column, the row.
    let place = match (step.units.first().map(|&u| geometry.unit(u).kind), cell) {
        (Some(UnitKind::Row), Some(c)) => format!("column {}", c.col + 1),
        (Some(UnitKind::Column), Some(c)) => format!("row {}", c.row + 1),
        _ => target.to_string(),
    };
    format!(
        "In {first_unit}, only {place} can hold {d}: every other cell of the {kind} is filled, sees a {d}, or has no {d} left in its marks"
    )
}

/// Why a step past subsets holds.
fn wider_reason(step: &Step, geometry: &Geometry, pattern: &str, target: &str, d: char) -> String {
    match step.technique {
        Technique::XWing
        | Technique::Swordfish
        | Technique::Jellyfish
        | Technique::FinnedXWing
        | Technique::FinnedSwordfish
        | Technique::FinnedJellyfish => {
            let half = step.units.len() / 2;
            let names = |us: &[usize]| listed(us.iter().map(|&u| unit(geometry, u)).collect());
            let why = if step.technique >= Technique::FinnedXWing {
                format!(" or in the fins beside them: either way the cells struck see a {d}")
            } else {
                format!(", so those lines' {d}s are all in those rows and columns")
            };
            format!(
                "In {}, {d} can only go in {}{why}",
                names(&step.units[..half]),
                names(&step.units[half..])
            )
        }
        Technique::XyWing | Technique::XyzWing | Technique::WWing => wing_reason(step, geometry),
        Technique::SimpleColouring => format!(
            "The {d}s at {pattern} are joined in pairs by units where {d} has only two places, so one colour of them holds every {d}"
        ),
        Technique::XChain | Technique::XyChain | Technique::Aic => format!(
            "In the chain through {pattern}, if the first candidate is false the last is true"
        ),
        Technique::UniqueRectangle => format!(
            "The cells at {pattern} form a rectangle over {}: the puzzle would have two solutions unless {target} takes another digit",
            digits(step.digits)
        ),
        Technique::BugPlusOne => format!(
            "Every other open cell has two candidates: unless {target} is {d}, the puzzle would not have one solution"
        ),
        Technique::ForcingChain => format!(
            "If {target} were {d}, the singles that follow would leave a cell or a unit with no digit"
        ),
        _ => String::new(),
    }
}

/// Why a wing holds: one of its ends holds the digit struck.
fn wing_reason(step: &Step, geometry: &Geometry) -> String {
    let z = step.eliminations.first().map(|&(_, z)| z);
    let name = |i: usize| {
        step.pattern
            .get(i)
            .map(|&c| cell_name(geometry, c))
            .unwrap_or_default()
    };
    let z_char = z.map_or('?', digit);
    match step.technique {
        Technique::WWing => {
            let x = z.map_or(step.digits, |z| step.digits - z.into());
            format!(
                "The cells at {} and at {} both hold only {}, and the {}s at {} and at {} join them, so one of them holds {z_char}",
                name(0),
                name(1),
                digits(step.digits),
                digits(x),
                name(2),
                name(3)
            )
        }
        Technique::XyzWing => format!(
            "Whichever digit the cell at {} takes, it, the cell at {} or the one at {} holds {z_char}; the cells struck see all three",
            name(0),
            name(1),
            name(2)
        ),
        _ => format!(
            "Whichever digit the cell at {} takes, the cell at {} or the one at {} holds {z_char}; the cells struck see both",
            name(0),
            name(1),
            name(2)
        ),
    }
}

/// What the step changes.
fn effect(step: &Step, geometry: &Geometry) -> String {
    let mut parts = Vec::new();
    for &(c, d) in &step.placements {
        parts.push(format!("place {} at {}", digit(d), cell_name(geometry, c)));
    }
    let struck: DigitSet = step.eliminations.iter().map(|&(_, d)| d).collect();
    // Digits struck from the same cells go together: a cage's sum strikes several at once.
    let mut groups: Vec<(Vec<usize>, DigitSet)> = Vec::new();
    for d in struck {
        let at: Vec<usize> = (step.eliminations.iter())
            .filter(|&&(_, e)| e == d)
            .map(|&(c, _)| c)
            .collect();
        match groups.iter_mut().find(|(cells, _)| *cells == at) {
            Some((_, same)) => same.insert(d),
            None => groups.push((at, d.into())),
        }
    }
    for (at, struck) in groups {
        parts.push(format!(
            "strike {} from {}",
            digits(struck),
            cells_named(geometry, &at)
        ));
    }
    capitalised(&listed_apart(parts))
}

/// The step's sentence: why, then what to do.
pub fn step_sentence(step: &Step, geometry: &Geometry) -> String {
    format!(
        "{}. {}.",
        capitalised(&reason(step, geometry)),
        effect(step, geometry)
    )
}

/// The sentence of a mistake.
pub fn mistake_sentence(mistake: Mistake, geometry: &Geometry) -> String {
    match mistake {
        Mistake::Entry { cell, digit: d } => format!(
            "The {} at {} is wrong: the puzzle's solution has another digit there.",
            digit(d),
            cell_name(geometry, cell)
        ),
        Mistake::Mark { cell, digit: d } => format!(
            "The marks at {} leave out {}, which the solution needs there.",
            cell_name(geometry, cell),
            digit(d)
        ),
    }
}

/// The sentence of any hint.
pub fn hint_sentence(hint: &Hint, geometry: &Geometry) -> String {
    match hint {
        Hint::Step(step) => step_sentence(step, geometry),
        Hint::Wrong(mistake) => mistake_sentence(*mistake, geometry),
        Hint::Solved => "The puzzle is solved.".to_string(),
        Hint::Stuck => {
            "None of the techniques Hint knows finds a step here: the puzzle needs harder \
             logic or a guess. Solve shows its answer."
                .to_string()
        }
    }
}
