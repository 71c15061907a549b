//! The solvers, one file each, and the machinery they share.

pub mod anneal;
pub mod belief;
pub mod bp;
pub mod bp_faithful;
pub mod digital_annealer;
pub mod domains;
pub mod exact;
pub mod hopfield;
pub mod hopfield_faithful;
pub mod ising_faithful;
pub mod ising_tuned;
pub mod metropolis;
pub mod qubo_faithful;
pub mod qubo_onehot;

/// The index of the largest value (the first of equals): the digit a cell of analog neurons or
/// beliefs reads out.
pub fn strongest<T: PartialOrd>(values: &[T]) -> usize {
    let mut best = 0;
    for (i, v) in values.iter().enumerate() {
        if *v > values[best] {
            best = i;
        }
    }
    best
}
