//! How a hint reads: the technique's title, and one plain sentence that says what the pattern
//! is and what it changes ("Only r4c7 can hold 7 in row 4: every other cell of the row sees a 7
//! or is filled. Place 7 at r4c7.").

use crate::board::{Digit, DigitSet, Geometry, UnitKind, digit_char};
use crate::hint::{Hint, Mistake, Step, Technique};
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

/// A cell as people write it in hints: `r4c7`.
pub fn cell_name(geometry: &Geometry, cell: usize) -> String {
    let pos = geometry.shape().pos(cell);
    format!("r{}c{}", pos.row + 1, pos.col + 1)
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
fn listed(mut words: Vec<String>) -> String {
    match words.len() {
        0 => String::new(),
        1 => words.remove(0),
        _ => {
            let last = words.pop().unwrap_or_default();
            format!("{} and {last}", words.join(", "))
        }
    }
}

/// Cells as a list.
fn cells(geometry: &Geometry, list: &[usize]) -> String {
    listed(list.iter().map(|&c| cell_name(geometry, c)).collect())
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
    }
}

/// Why the step holds, in one clause or two.
fn reason(step: &Step, geometry: &Geometry) -> String {
    let d = step.digits.first().map_or('?', digit);
    let pattern = cells(geometry, &step.pattern);
    let first_unit = step
        .units
        .first()
        .map(|&u| unit(geometry, u))
        .unwrap_or_default();
    let target = (step.placements.first().or(step.eliminations.first()))
        .map(|&(c, _)| cell_name(geometry, c))
        .unwrap_or_default();
    match step.technique {
        Technique::NakedSingle => {
            format!("Only {d} fits in {target}: its peers hold every other digit")
        }
        Technique::HiddenSingle => {
            let kind = step
                .units
                .first()
                .map_or("unit", |&u| kind_word(geometry, u));
            format!(
                "Only {target} can hold {d} in {first_unit}: every other cell of the {kind} sees a {d} or is filled"
            )
        }
        Technique::Pointing | Technique::Claiming => {
            let other = step
                .units
                .get(1)
                .map(|&u| unit(geometry, u))
                .unwrap_or_default();
            format!("In {first_unit}, {d} can only go in {pattern}, which all lie in {other}")
        }
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => format!(
            "{pattern} in {first_unit} hold only {} between them",
            digits(step.digits)
        ),
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => format!(
            "In {first_unit}, {} can only go in {pattern}",
            digits(step.digits)
        ),
        _ => wider_reason(step, geometry, &pattern, &target, d),
    }
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
            "The {d}s of {pattern} are joined in pairs by units where {d} has only two places, so one colour of them holds every {d}"
        ),
        Technique::XChain | Technique::XyChain | Technique::Aic => format!(
            "In the chain through {pattern}, if the first candidate is false the last is true"
        ),
        Technique::UniqueRectangle => format!(
            "{pattern} form a rectangle over {}: the puzzle would have two solutions unless {target} takes another digit",
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
                "{} and {} both hold only {}, and the {}s of {} and {} join them, so one of them holds {z_char}",
                name(0),
                name(1),
                digits(step.digits),
                digits(x),
                name(2),
                name(3)
            )
        }
        Technique::XyzWing => format!(
            "Whichever digit {} takes, it or {} or {} holds {z_char}, and the cells struck see all three",
            name(0),
            name(1),
            name(2)
        ),
        _ => format!(
            "Whichever digit {} takes, {} or {} holds {z_char}, and the cells struck see both",
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
    for d in struck {
        let at: Vec<usize> = (step.eliminations.iter())
            .filter(|&&(_, e)| e == d)
            .map(|&(c, _)| c)
            .collect();
        parts.push(format!("strike {} from {}", digit(d), cells(geometry, &at)));
    }
    let text = listed(parts);
    let mut chars = text.chars();
    chars
        .next()
        .map(|f| f.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The step's sentence: why, then what to do.
pub fn step_sentence(step: &Step, geometry: &Geometry) -> String {
    format!("{}. {}.", reason(step, geometry), effect(step, geometry))
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
            "The marks of {} leave out {}, which the solution needs there.",
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
        Hint::Stuck => "No technique of the ladder finds a step here.".to_string(),
    }
}
