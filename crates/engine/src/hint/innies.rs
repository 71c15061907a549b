//! Innies and outies, the rule of 45: a unit holds every digit once, so its cells sum to
//! 1 + 2 + … + n (45 on 9×9), and k units side by side to k times that. Less the cages lying
//! wholly inside them, the rest of their cells (the innies) make a known sum; when the cages
//! that reach in cover all of it, the cells they reach out to (the outies) make one too. A few
//! such cells then act as a cage of their own: one alone takes the sum as its digit.

use super::sums;
use super::{Finder, Marks, Step, Technique};
use crate::board::{Geometry, Shape};

/// Innies and outies of single units and of runs of adjacent rows, columns or boxes.
pub struct Innies;

/// The most open innies or outies the ladder treats as a cage: people look at one or two, now
/// and then three or four.
const MOST_CELLS: usize = 4;

impl Finder for Innies {
    fn technique(&self) -> Technique {
        Technique::Innies
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        let geometry = marks.geometry();
        if geometry.cages().is_empty() {
            return None;
        }
        regions(geometry).into_iter().find_map(|units| {
            remainders(marks, &units)
                .into_iter()
                .flatten()
                .find_map(|(cells, total)| as_cage(marks, &units, cells, total))
        })
    }
}

/// A remainder's cells and the sum they make.
type Remainder = (Vec<usize>, u32);

/// The open innies of the region made of `units` with their sum, when some cage lies wholly
/// inside it; and its open outies with theirs, when the cages that reach in cover the rest.
fn remainders(marks: &Marks, units: &[usize]) -> [Option<Remainder>; 2] {
    let geometry = marks.geometry();
    let mut inside = vec![false; marks.cells()];
    for &u in units {
        geometry
            .unit_cells(u)
            .iter()
            .for_each(|&c| inside[c] = true);
    }
    let (mut within, mut reaching) = (0, 0);
    let mut in_whole = vec![false; marks.cells()];
    let mut caged = vec![false; marks.cells()];
    let mut outies = Vec::new();
    for cage in geometry.cages().iter() {
        let cells_in = cage.cells().filter(|&c| inside[c]).count();
        cage.cells().for_each(|c| caged[c] |= cells_in > 0);
        if cells_in == cage.len() {
            within += cage.sum();
            cage.cells().for_each(|c| in_whole[c] = true);
        } else if cells_in > 0 {
            reaching += cage.sum();
            outies.extend(cage.cells().filter(|&c| !inside[c]));
        }
    }
    let region: Vec<usize> = (0..marks.cells()).filter(|&c| inside[c]).collect();
    let innies: Vec<usize> = region.iter().copied().filter(|&c| !in_whole[c]).collect();
    let n = marks.size() as u32;
    let Some(innie_sum) = (units.len() as u32 * n * (n + 1) / 2).checked_sub(within) else {
        return [None, None];
    };
    let all_caged = innies.iter().all(|&c| caged[c]);
    let innies_found = (innies.len() < region.len())
        .then(|| sums::open_part(marks, innies.into_iter(), innie_sum))
        .flatten();
    let outies_found = (all_caged && !outies.is_empty())
        .then(|| reaching.checked_sub(innie_sum))
        .flatten()
        .and_then(|sum| sums::open_part(marks, outies.into_iter(), sum));
    [innies_found, outies_found]
}

/// The step that the open `cells`, making `total`, take as a cage.
fn as_cage(marks: &Marks, units: &[usize], cells: Vec<usize>, total: u32) -> Option<Step> {
    if cells.len() > MOST_CELLS {
        return None;
    }
    let ways = sums::ways(marks, &cells, total, None)?;
    sums::as_step(
        marks,
        Technique::Innies,
        (cells, total),
        units.to_vec(),
        &ways,
    )
}

/// The regions the rule of 45 looks at, smallest first: every unit, then runs of adjacent rows,
/// columns, and boxes in a band or a stack (each as its units).
fn regions(geometry: &Geometry) -> Vec<Vec<usize>> {
    let shape = geometry.shape();
    let n = shape.size();
    let mut regions: Vec<Vec<usize>> = (0..geometry.units().count()).map(|u| vec![u]).collect();
    for len in 2..n {
        for start in 0..=n - len {
            regions.push((start..start + len).collect());
            regions.push((n + start..n + start + len).collect());
        }
        regions.extend(box_runs(shape, len));
    }
    regions
}

/// Runs of `len` boxes side by side in a band, or one above another in a stack, short of the
/// whole band or stack (those are runs of rows or columns).
fn box_runs(shape: Shape, len: usize) -> Vec<Vec<usize>> {
    let n = shape.size();
    // Boxes are numbered band by band: `per_band` boxes to a band, `bands` bands.
    let (per_band, bands) = (shape.box_rows(), shape.box_cols());
    let boxed = |band: usize, stack: usize| 2 * n + band * per_band + stack;
    let mut runs = Vec::new();
    if len < per_band {
        for band in 0..bands {
            for start in 0..=per_band - len {
                runs.push((start..start + len).map(|s| boxed(band, s)).collect());
            }
        }
    }
    if len < bands {
        for stack in 0..per_band {
            for start in 0..=bands - len {
                runs.push((start..start + len).map(|t| boxed(t, stack)).collect());
            }
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Cage, Digit, DigitSet, Grid};

    /// The first innies-and-outies step on an empty 9×9 board with `cages`.
    fn first_step(cages: Vec<Cage>) -> Step {
        let grid = Grid::empty(Shape::CLASSIC)
            .with_cages(cages)
            .expect("cages");
        Innies.find(&Marks::of(&grid)).expect("a step")
    }

    fn digit(d: u8) -> Digit {
        Digit::new(d).expect("a digit")
    }

    #[test]
    fn a_lone_innie_takes_what_its_row_leaves() {
        let step = first_step(vec![Cage::new(40, 0..8)]);
        assert_eq!(step.placements, vec![(8, digit(5))]);
        assert_eq!((step.units, step.total), (vec![0], Some(5)));
    }

    #[test]
    fn four_innies_summing_to_30_hold_6_to_9() {
        let step = first_step(vec![Cage::new(15, 0..5)]);
        assert_eq!(step.pattern, vec![5, 6, 7, 8]);
        let low: DigitSet = (1..=5).map(digit).collect();
        for cell in 5..9 {
            let struck: DigitSet = (step.eliminations.iter())
                .filter(|&&(c, _)| c == cell)
                .map(|&(_, d)| d)
                .collect();
            assert_eq!(struck, low, "cell {cell}");
        }
    }

    #[test]
    fn a_lone_outie_takes_what_the_cage_reaching_out_leaves() {
        // Row 1's first seven cells and the cell below the first sum to 41; the row's last two
        // to 11: the seven make 34, so the cell below makes 7.
        let reaching = Cage::new(41, (0..7).chain([9]));
        let step = first_step(vec![reaching, Cage::new(11, [7, 8])]);
        assert_eq!(step.placements, vec![(9, digit(7))]);
        assert_eq!(step.total, Some(7));
    }

    #[test]
    fn regions_are_units_then_runs_of_rows_columns_and_boxes() {
        let geometry = Geometry::of(Shape::CLASSIC);
        let regions = regions(&geometry);
        assert_eq!(regions[..27], (0..27).map(|u| vec![u]).collect::<Vec<_>>());
        assert!(regions.contains(&vec![0, 1, 2, 3]));
        assert!(regions.contains(&vec![18, 19]) && regions.contains(&vec![18, 21]));
        assert!(
            !regions.contains(&vec![18, 19, 20]),
            "a band is rows 1 to 3"
        );
        assert!(regions.iter().all(|r| r.len() < 9));
    }
}
