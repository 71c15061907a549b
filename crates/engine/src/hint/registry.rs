//! Every technique the hints try, easiest first: one line each. A new technique is one new file
//! under `src/hint/` implementing [`super::Finder`], plus one line here.

use super::Finder;
use super::cages::{CageClaiming, CageCombination, CagePointing};
use super::chains::{AIC, X_CHAIN, XY_CHAIN};
use super::colouring::SimpleColouring;
use super::finned::FinnedFish;
use super::fish::Fish;
use super::forcing::ForcingChain;
use super::innies::Innies;
use super::locked::{CLAIMING, POINTING};
use super::singles::{HiddenSingle, NakedSingle};
use super::subsets::{HiddenSubset, NakedSubset};
use super::uniqueness::{BugPlusOne, UniqueRectangle};
use super::wings::{WWing, XyWing, XyzWing};

/// The ladder, easiest first.
static FINDERS: [&dyn Finder; 30] = [
    &NakedSingle,
    &HiddenSingle,
    &CageCombination,
    &POINTING,
    &CLAIMING,
    &CagePointing,
    &CageClaiming,
    &Innies,
    &NakedSubset(2),
    &HiddenSubset(2),
    &NakedSubset(3),
    &HiddenSubset(3),
    &NakedSubset(4),
    &HiddenSubset(4),
    &Fish(2),
    &Fish(3),
    &Fish(4),
    &FinnedFish(2),
    &FinnedFish(3),
    &FinnedFish(4),
    &XyWing,
    &XyzWing,
    &WWing,
    &SimpleColouring,
    &X_CHAIN,
    &UniqueRectangle,
    &BugPlusOne,
    &XY_CHAIN,
    &AIC,
    &ForcingChain,
];

/// Every technique's finder, easiest first.
pub fn finders() -> &'static [&'static dyn Finder] {
    &FINDERS
}
