//! Why the killer steps hold: the sums a cage's open cells, or the rule of 45's innies and
//! outies, must make, and what that leaves them.

use super::{cells_named, digits, listed, unit};
use sudoku_engine::board::{Geometry, UnitKind};
use sudoku_engine::hint::{Step, Technique};

/// Why a killer step holds, in a clause or two.
pub(super) fn cage_reason(step: &Step, geometry: &Geometry, d: char) -> String {
    let pattern = cells_named(geometry, &step.pattern);
    let total = step.total.unwrap_or_default();
    let units = || listed(step.units.iter().map(|&u| unit(geometry, u)).collect());
    match step.technique {
        Technique::CageCombination if step.pattern.len() == 1 => {
            format!("The cage's last open cell, at {pattern}, must make up its sum with a {total}")
        }
        Technique::CageCombination => format!(
            "The cage's open cells at {pattern} must sum to {total} with no digit twice, and every way to do it uses only {}",
            digits(step.digits)
        ),
        Technique::CagePointing if step.units.is_empty() => format!(
            "Every way the cage's open cells at {pattern} sum to {total} uses a {d}, and every cell struck sees all the cage's cells that can take it"
        ),
        Technique::CagePointing => format!(
            "Every way the cage's open cells at {pattern} sum to {total} uses a {d}, and the cage's cells that can take it all lie in {}",
            units()
        ),
        Technique::CageClaiming => format!(
            "In {}, {d} can only go in the cage at {pattern}, so its open cells sum to {total} with a {d} among them",
            units()
        ),
        _ => innies_reason(step, geometry, &pattern, total),
    }
}

/// Why innies or outies make their sum.
fn innies_reason(step: &Step, geometry: &Geometry, pattern: &str, total: u32) -> String {
    let n = geometry.shape().size() as u32;
    let whole = step.units.len() as u32 * n * (n + 1) / 2;
    let region = region_name(geometry, &step.units);
    let region_bits = step.units.iter().fold(0u128, |s, &u| s | 1 << u);
    let inside = (step.pattern.first()).is_some_and(|&c| geometry.units_of(c) & region_bits != 0);
    let why = match inside {
        true => format!(
            "The digits of {region} sum to {whole}; less the cages wholly inside and the digits placed, the cells at {pattern} must sum to {total}"
        ),
        false => format!(
            "The digits of {region} sum to {whole}, and the cages reaching into it cover every cell the cages wholly inside leave; less those sums and the digits placed, the cells they reach out to, at {pattern}, must sum to {total}"
        ),
    };
    match step.pattern.len() {
        1 => why,
        _ => format!("{why}, which only {} can do there", digits(step.digits)),
    }
}

/// The units of a region as people name them: `row 4`, `rows 1 to 3`, `boxes 1 and 2`.
fn region_name(geometry: &Geometry, units: &[usize]) -> String {
    let named: Vec<_> = units.iter().map(|&u| geometry.unit(u)).collect();
    let kind = named.first().map(|u| u.kind);
    let plural = match kind {
        Some(UnitKind::Row) => "rows",
        Some(UnitKind::Column) => "columns",
        Some(UnitKind::Box) => "boxes",
        _ => "",
    };
    let same = named.iter().all(|u| Some(u.kind) == kind);
    if named.len() < 2 || !same || plural.is_empty() {
        return listed(named.iter().map(ToString::to_string).collect());
    }
    let numbers: Vec<usize> = named.iter().map(|u| u.index + 1).collect();
    let run = numbers.windows(2).all(|w| w[1] == w[0] + 1);
    match (run && numbers.len() > 2, numbers.first(), numbers.last()) {
        (true, Some(first), Some(last)) => format!("{plural} {first} to {last}"),
        _ => format!(
            "{plural} {}",
            listed(numbers.iter().map(ToString::to_string).collect())
        ),
    }
}
