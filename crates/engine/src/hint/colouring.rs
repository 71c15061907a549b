//! Simple colouring: the places of one digit joined by conjugate pairs (units where it has only
//! two places) take two colours, one of which holds the digit throughout. A colour that meets
//! itself in a unit (or sees itself) is false; a cell that sees both colours loses the digit.

use super::{Finder, Marks, Step, Technique};
use crate::board::{Digit, DigitSet};

/// Simple colouring, both rules.
pub struct SimpleColouring;

impl Finder for SimpleColouring {
    fn technique(&self) -> Technique {
        Technique::SimpleColouring
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        DigitSet::all(marks.size()).into_iter().find_map(|d| {
            clusters(marks, d)
                .into_iter()
                .find_map(|c| verdict(marks, d, &c))
        })
    }
}

/// Every cluster of `d`'s conjugate pairs with at least two links, as its two colours.
fn clusters(marks: &Marks, d: Digit) -> Vec<[Vec<usize>; 2]> {
    let geometry = marks.geometry();
    let mut links: Vec<Vec<usize>> = vec![Vec::new(); marks.cells()];
    for u in 0..geometry.units().count() {
        let places: Vec<usize> = marks.places(u, d).collect();
        if let [a, b] = places[..] {
            links[a].push(b);
            links[b].push(a);
        }
    }
    let mut colour: Vec<Option<usize>> = vec![None; marks.cells()];
    let mut found = Vec::new();
    for start in 0..marks.cells() {
        if colour[start].is_some() || links[start].is_empty() {
            continue;
        }
        let mut sides = [vec![start], Vec::new()];
        colour[start] = Some(0);
        let mut queue = vec![start];
        while let Some(cell) = queue.pop() {
            let next = 1 - colour[cell].unwrap_or(0);
            for &other in &links[cell] {
                if colour[other].is_none() {
                    colour[other] = Some(next);
                    sides[next].push(other);
                    queue.push(other);
                }
            }
        }
        if sides[0].len() + sides[1].len() >= 3 {
            found.push(sides);
        }
    }
    found
}

/// The step a cluster gives: a colour that sees itself is false (the other colour's cells take
/// `d`), else every cell that sees both colours loses `d`.
fn verdict(marks: &Marks, d: Digit, sides: &[Vec<usize>; 2]) -> Option<Step> {
    let pattern: Vec<usize> = sides.concat();
    let step = || {
        Step::new(
            Technique::SimpleColouring,
            pattern.clone(),
            d.into(),
            Vec::new(),
        )
    };
    for (s, side) in sides.iter().enumerate() {
        let clash = (side.iter().enumerate())
            .any(|(i, &a)| side[i + 1..].iter().any(|&b| marks.sees(a, b)));
        if clash {
            let mut found = step();
            found.placements = sides[1 - s].iter().map(|&c| (c, d)).collect();
            found.eliminations = side.iter().map(|&c| (c, d)).collect();
            return Some(found);
        }
    }
    let gone = marks
        .open()
        .filter(|&c| marks.has(c, d) && !pattern.contains(&c))
        .filter(|&c| {
            sides
                .iter()
                .all(|side| side.iter().any(|&s| marks.sees(c, s)))
        })
        .map(|c| (c, d))
        .collect();
    step().striking(gone)
}
