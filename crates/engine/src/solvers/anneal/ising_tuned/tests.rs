//! The model's bookkeeping checked against counts from scratch; the moves' own tests sit in
//! `moves.rs`.

use super::*;
use crate::rng::SeedableRng;

/// The conflicts counted from scratch: pairs of non-given peers holding one digit.
pub(super) fn recounted(model: &TunedIsing) -> i32 {
    let geometry = &model.geometry;
    let cells = geometry.shape().cells();
    let twice: usize = (0..cells)
        .filter(|&c| !model.is_given(c))
        .map(|c| {
            (geometry.peers(c).iter())
                .filter(|&&p| !model.is_given(usize::from(p)))
                .filter(|&&p| model.digit[usize::from(p)] == model.digit[c])
                .count()
        })
        .sum();
    twice as i32 / 2
}

/// The tallies of the cells with a choice (those a move keeps), counted from scratch with
/// the weights as they stand, beside the model's own.
fn tallied(model: &TunedIsing) -> (Vec<i32>, Vec<i32>) {
    let mut tallies = vec![0; model.tallies.len()];
    for cell in (0..model.digit.len()).filter(|&c| !model.is_given(c)) {
        let mark = weights::tally(model.weights.of(cell, model.digit[cell]));
        for &p in model.geometry.peers(cell) {
            tallies[usize::from(p) * model.n + usize::from(model.digit[cell])] += mark;
        }
    }
    let n = model.n;
    let open = |t: &[i32]| -> Vec<i32> {
        (model.domains.movable().iter())
            .flat_map(|&c| t[usize::from(c) * n..(usize::from(c) + 1) * n].to_vec())
            .collect()
    };
    (open(&model.tallies), open(&tallies))
}

/// The first generated 16×16 hard puzzle and its model.
pub(super) fn hard_16() -> (Grid, TunedIsing) {
    let hard_16 = include_str!("../../../../../../benches/data/generated_16_hard.txt");
    let line = hard_16.lines().next().expect("a puzzle");
    let puzzle = Grid::parse_any(line).expect("valid");
    let model = TunedIsing::new(&puzzle).expect("a model");
    (puzzle, model)
}

#[test]
fn moves_and_rounds_keep_the_energy_the_tallies_and_the_conflicted_cells_true() {
    let (puzzle, mut model) = hard_16();
    assert!(model.tactics.focused && model.tactics.swaps > 0);
    let mut rng = Rng::seed_from_u64(5);
    model.randomize(&mut rng);
    for t in [2.0, 1.0, 0.5, 0.35] {
        model.sweep(30_000, t, &mut rng);
        assert_eq!(model.conflicts, recounted(&model), "at T = {t}");
        let (kept, counted) = tallied(&model);
        assert_eq!(kept, counted, "at T = {t}");
        let mut focus: Vec<usize> = (model.conflicted.cells().iter())
            .map(|&c| usize::from(c))
            .collect();
        focus.sort_unstable();
        let clashing: Vec<usize> = (0..puzzle.shape().cells())
            .filter(|&c| model.domains.allowed(c).len() > 1)
            .filter(|&c| {
                let peers = model.geometry.peers(c).iter();
                peers
                    .into_iter()
                    .any(|&p| model.digit[usize::from(p)] == model.digit[c])
            })
            .collect();
        assert_eq!(focus, clashing, "at T = {t}");
        let cells = puzzle.shape().cells();
        assert!(
            (0..cells).any(|c| (0..model.n as u8).any(|d| model.weights.of(c, d) > 8)),
            "no weight moved at T = {t}"
        );
        for cell in 0..puzzle.shape().cells() {
            let d = model.digit[cell];
            let given = puzzle.get(cell).map(|g| g - 1);
            assert!(model.domains.bits(cell) >> d & 1 == 1);
            assert!(given.is_none_or(|g| g == d));
        }
    }
}
