//! The engine's tests, natively: one test crate, one module per subject.

mod annealers;
mod belief;
mod cages;
mod common;
mod digits;
mod exact;
mod generate;
mod harness;
mod hopfield;
mod parse_and_check;
mod rules;
mod worker;
