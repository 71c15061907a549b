//! The engine's tests, natively: one test crate, one module per subject.

mod annealers;
mod belief;
mod bench;
mod common;
mod digits;
mod drive;
mod exact;
mod generate;
mod hopfield;
mod parse_and_check;
mod rules;
