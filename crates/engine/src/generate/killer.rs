//! Killer puzzles as they are printed: cages of two to five cells cut from a random solution
//! grid (cells joined side by side, no digit twice in a cage, hardly ever a cage of one), then
//! mended where the exact search finds a second solution, until it proves one; no givens unless
//! asked; graded by the hint ladder, and made again until the grade is the one asked for.

use super::finish::keep_nearer;
use super::{Generated, Generator, MAX_TRIES, NoGrid, Phase, general_with_rng, seeded_many};
use crate::board::{Cage, Geometry, Grid, Shape, connected, pieces, side_neighbours};
use crate::exact;
use crate::grade::{self, Difficulty};
use crate::rng::{Draws, Rng};

/// The sizes a cut cage is drawn from: killers in print mostly cage two to four cells, some five.
const SIZES: [usize; 10] = [2, 2, 2, 3, 3, 3, 3, 4, 4, 5];

/// The sizes an easy killer's cages are drawn from: cages of one give digits away, and without
/// them no killer the cut makes falls to cage combinations alone.
const EASY_SIZES: [usize; 10] = [1, 2, 2, 2, 3, 3, 3, 4, 4, 5];

/// The sizes a killer of `level` has its cages cut to.
fn sizes_for(level: Option<Difficulty>) -> &'static [usize] {
    match level {
        Some(Difficulty::Easy) => &EASY_SIZES,
        _ => &SIZES,
    }
}

/// The most cells a cage grows to when it takes in a neighbour.
const MAX_CAGE: usize = 6;

/// Cages cut from the full grid `solution`: each grows from a random uncaged cell through
/// uncaged side neighbours whose digit it does not hold yet, to a size drawn from [`SIZES`],
/// and sums its digits. A cell left alone joins a neighbouring cage without its digit where one
/// has room. Every cell ends in a cage.
pub fn cut_cages(solution: &Grid, rng: &mut Rng) -> Vec<Cage> {
    (cut(solution, &SIZES, rng).into_iter())
        .map(|cells| cage_of(solution, cells))
        .collect()
}

/// The cells of the cages [`cut_cages`] cuts, their sizes drawn from `sizes`; cages of one
/// drawn there stay.
fn cut(solution: &Grid, sizes: &[usize], rng: &mut Rng) -> Vec<Vec<usize>> {
    let shape = solution.shape();
    let mut owner: Vec<Option<usize>> = vec![None; shape.cells()];
    let mut order: Vec<usize> = (0..shape.cells()).collect();
    rng.shuffle(&mut order);
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &start in &order {
        if owner[start].is_some() {
            continue;
        }
        let size = sizes[rng.below(sizes.len() as u32) as usize].min(shape.size());
        let mut cells = vec![start];
        owner[start] = Some(groups.len());
        while cells.len() < size {
            let holds = |c: usize| cells.iter().any(|&o| solution.get(o) == solution.get(c));
            let next: Vec<usize> = (cells.iter())
                .flat_map(|&c| side_neighbours(shape, c))
                .filter(|&c| owner[c].is_none() && !holds(c))
                .collect();
            if next.is_empty() {
                break;
            }
            let pick = next[rng.below(next.len() as u32) as usize];
            owner[pick] = Some(groups.len());
            cells.push(pick);
        }
        groups.push(cells);
    }
    let joins = !sizes.contains(&1);
    for lone in (0..groups.len()).filter(|_| joins) {
        if let [cell] = groups[lone][..] {
            let hosts = hosts(&groups, &owner, solution, cell);
            if let Some(&host) = hosts.get(rng.below(hosts.len().max(1) as u32) as usize) {
                groups[lone].clear();
                groups[host].push(cell);
                owner[cell] = Some(host);
            }
        }
    }
    groups.retain(|g| !g.is_empty());
    groups
}

/// The groups beside `cell` (other than its own) that may take it in: with room, and without
/// its digit.
fn hosts(
    groups: &[Vec<usize>],
    owner: &[Option<usize>],
    solution: &Grid,
    cell: usize,
) -> Vec<usize> {
    let mut found: Vec<usize> = Vec::new();
    for side in side_neighbours(solution.shape(), cell) {
        let Some(g) = owner[side].filter(|&g| Some(g) != owner[cell]) else {
            continue;
        };
        let holds = groups[g]
            .iter()
            .any(|&c| solution.get(c) == solution.get(cell));
        if groups[g].len() < MAX_CAGE && !holds && !found.contains(&g) {
            found.push(g);
        }
    }
    found
}

/// The cage of `cells` with the sum of their digits in `solution`.
fn cage_of(solution: &Grid, cells: Vec<usize>) -> Cage {
    let sum = cells.iter().filter_map(|&c| solution.get(c)).map(u32::from);
    Cage::new(sum.sum(), cells)
}

/// Nodes the exact search may spend proving a cut unique: cuts that need more are cut again.
const PROOF_BUDGET: u64 = 200_000;

/// Proofs that find a second solution (or run out of budget) before a cut is given up to
/// splitting alone, which always ends, if in cages of one.
const MENDS: usize = 60;

/// A killer puzzle of `shape` with its one solution: cages cut from a random grid, mended
/// where a second solution differs from it until the exact search proves it the only one, and
/// `givens` cells of it given as well (0 for a pure killer).
pub fn killer_with_rng(shape: Shape, givens: usize, rng: &mut Rng) -> Result<(Grid, Grid), NoGrid> {
    killer_of_sizes(shape, givens, &SIZES, rng)
}

/// A killer as [`killer_with_rng`] makes them, its cages cut to `sizes`.
fn killer_of_sizes(
    shape: Shape,
    givens: usize,
    sizes: &[usize],
    rng: &mut Rng,
) -> Result<(Grid, Grid), NoGrid> {
    let solution = general_with_rng(shape, 100, rng)?;
    let mut puzzle = Grid::empty(shape);
    let mut cells: Vec<usize> = (0..shape.cells()).collect();
    rng.shuffle(&mut cells);
    for &cell in cells.iter().take(givens) {
        puzzle.set(cell, solution.get(cell));
    }
    let mut groups = cut(&solution, sizes, rng);
    let open: Vec<usize> = (0..shape.cells())
        .filter(|&c| puzzle.get(c).is_none())
        .collect();
    for tries in 1.. {
        let cages = groups.iter().map(|g| cage_of(&solution, g.clone()));
        let caged = (puzzle.clone().with_cages(cages.collect())).map_err(|_| NoGrid::NotFound)?;
        let other = exact::another_solution(&caged, &solution, &open, PROOF_BUDGET);
        match other.map_err(|_| NoGrid::NotFound)? {
            Some(None) => return Ok((caged, solution)),
            Some(Some(other)) => {
                let differs: Vec<usize> = (open.iter().copied())
                    .filter(|&c| other.get(c) != solution.get(c))
                    .collect();
                if tries > MENDS || !mend(&mut groups, &differs, &solution, rng) {
                    split(&mut groups, differs.first().copied(), shape, rng);
                }
            }
            None if tries <= MENDS => groups = cut(&solution, sizes, rng),
            None => split(&mut groups, None, shape, rng),
        }
    }
    // Past `usize::MAX` proofs: never.
    Err(NoGrid::NotFound)
}

/// A cell and the group it joins, and with it, from a cage of two, the mate and its group.
type Mend = (usize, usize, Option<(usize, usize)>);

/// Takes away the second solution that differs from `solution` at `differs` without a cage of
/// one: a differing cell moves to a neighbouring cage that has room and lacks its digit, so its
/// old cage's sum leaves out a digit the other solution has another of. From a cage of two,
/// the mate moves too, to another cage. Returns whether a move was found.
fn mend(groups: &mut Vec<Vec<usize>>, differs: &[usize], solution: &Grid, rng: &mut Rng) -> bool {
    let shape = solution.shape();
    let mut owner = vec![None; shape.cells()];
    for (g, cells) in groups.iter().enumerate() {
        cells.iter().for_each(|&c| owner[c] = Some(g));
    }
    let mut moves: Vec<Mend> = Vec::new();
    for &cell in differs {
        let Some(own) = owner[cell] else { continue };
        let rest: Vec<usize> = (groups[own].iter().copied())
            .filter(|&c| c != cell)
            .collect();
        let to = hosts(groups, &owner, solution, cell);
        match rest[..] {
            [] => {}
            // Were both to join one cage, the other solution's pair would still make its sum.
            [mate] => {
                let mate_to = hosts(groups, &owner, solution, mate);
                for &host in &to {
                    let other = mate_to.iter().filter(|&&h| h != host);
                    moves.extend(other.map(|&h| (cell, host, Some((mate, h)))));
                }
            }
            _ if connected(shape, &rest) => moves.extend(to.iter().map(|&h| (cell, h, None))),
            _ => {}
        }
    }
    let Some(&(cell, host, mate)) = moves.get(rng.below(moves.len().max(1) as u32) as usize) else {
        return false;
    };
    for (cell, host) in std::iter::once((cell, host)).chain(mate) {
        if let Some(own) = owner[cell] {
            groups[own].retain(|&c| c != cell);
        }
        groups[host].push(cell);
    }
    groups.retain(|g| !g.is_empty());
    true
}

/// Splits the group holding `cell` (or, without one, a random group of more than one cell): the
/// half of its cells nearest `cell` (side by side from it), and the rest, in its pieces.
fn split(groups: &mut Vec<Vec<usize>>, cell: Option<usize>, shape: Shape, rng: &mut Rng) {
    let large: Vec<usize> = (0..groups.len()).filter(|&i| groups[i].len() > 1).collect();
    let chosen = match cell {
        Some(cell) => groups.iter().position(|g| g.contains(&cell)),
        None if large.is_empty() => None,
        None => Some(large[rng.below(large.len() as u32) as usize]),
    };
    let Some(i) = chosen.filter(|&i| groups[i].len() > 1) else {
        // A one-cell cage that still admits two solutions cannot be: its digit is fixed.
        return;
    };
    let cells = std::mem::take(&mut groups[i]);
    let start = cell.filter(|c| cells.contains(c)).unwrap_or(cells[0]);
    let mut half = vec![start];
    let mut next = 0;
    while half.len() < cells.len() / 2 && next < half.len() {
        let side = side_neighbours(shape, half[next]);
        let joined: Vec<usize> = side
            .filter(|c| cells.contains(c) && !half.contains(c))
            .collect();
        half.extend(joined.into_iter().take(cells.len() / 2 - half.len()));
        next += 1;
    }
    // The rest may fall in pieces (a line split at its middle): each is a cage, one region.
    let rest: Vec<usize> = cells.into_iter().filter(|c| !half.contains(c)).collect();
    groups.extend(pieces(shape, &rest));
    groups[i] = half;
}

impl Generator {
    /// New puzzle's killer: one cut from a random grid, then graded like any puzzle made.
    pub(super) fn killer(&mut self) -> Option<Generated> {
        let sizes = sizes_for(self.request.difficulty);
        match killer_of_sizes(self.request.shape, 0, sizes, &mut self.rng) {
            Ok((puzzle, solution)) => self.finish(puzzle, solution),
            Err(why) => {
                self.phase = Phase::Impossible(why);
                None
            }
        }
    }
}

/// The `count` killers (puzzle and solution) of any grade from `seed`.
pub fn killer_many(
    shape: Shape,
    givens: usize,
    seed: u64,
    count: usize,
) -> Result<Vec<(Grid, Grid)>, NoGrid> {
    seeded_many(seed, count, |rng| killer_with_rng(shape, givens, rng))
}

/// A killer as [`killer_with_rng`] makes them (an easy one with some cages of one), graded;
/// made again until its grade is `level` (any grade when `None`), or the nearest of [`MAX_TRIES`]. Minimal only without givens:
/// givens are drawn at random, not dug.
pub fn killer_graded(
    shape: Shape,
    givens: usize,
    level: Option<Difficulty>,
    rng: &mut Rng,
) -> Result<Generated, NoGrid> {
    let mut nearest = None;
    let sizes = sizes_for(level);
    for tries in 1..=MAX_TRIES {
        let (puzzle, solution) = killer_of_sizes(shape, givens, sizes, rng)?;
        // Proved to have one solution, so the ladder meets no contradiction.
        let difficulty =
            grade::grade(&Geometry::of_puzzle(&puzzle), &puzzle).ok_or(NoGrid::NotFound)?;
        let wanted = level.unwrap_or(difficulty);
        let made = Generated {
            puzzle,
            solution,
            difficulty,
            tries,
            as_asked: difficulty == wanted,
            minimal: givens == 0,
        };
        if made.as_asked {
            return Ok(made);
        }
        keep_nearer(&mut nearest, made, wanted);
    }
    let tries = MAX_TRIES;
    nearest
        .map(|n| Generated { tries, ..n })
        .ok_or(NoGrid::NotFound)
}

/// The `count` graded killers `sudoku generate --killer --seed seed` prints.
pub fn killer_graded_many(
    shape: Shape,
    givens: usize,
    level: Option<Difficulty>,
    seed: u64,
    count: usize,
) -> Result<Vec<Generated>, NoGrid> {
    seeded_many(seed, count, |rng| killer_graded(shape, givens, level, rng))
}
