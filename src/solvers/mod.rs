//! The solvers, one file each, and the machinery they share.

pub mod anneal;
pub mod exact;
pub mod ising_faithful;
pub mod ising_tuned;
pub mod metropolis;
