//! Chains: alternating strong links (of two candidates, one is true: a cell with two
//! candidates, or a unit where a digit has two places) and weak links (of two candidates, one
//! is false: one cell, or one digit in cells that see each other). If the chain's first
//! candidate is false its last is true, so one of the ends is true: every candidate weakly
//! linked to both ends is false, and a candidate whose falsehood makes it true is true.
//!
//! X-chains take one digit and units only; XY-chains take cells with two candidates only;
//! alternating inference chains take both. The shortest chain found is the hint.

use super::{Finder, Marks, Step, Technique};
use crate::board::{Digit, DigitSet};
use std::collections::VecDeque;

/// Chains with some kinds of strong link.
pub struct Chains {
    technique: Technique,
    /// Strong links through cells with two candidates.
    cells: bool,
    /// Strong links through units where a digit has two places.
    units: bool,
}

/// One digit, strong links through units.
pub static X_CHAIN: Chains = Chains {
    technique: Technique::XChain,
    cells: false,
    units: true,
};

/// Strong links through cells with two candidates.
pub static XY_CHAIN: Chains = Chains {
    technique: Technique::XyChain,
    cells: true,
    units: false,
};

/// Every strong link.
pub static AIC: Chains = Chains {
    technique: Technique::Aic,
    cells: true,
    units: true,
};

/// A candidate: a cell and a digit it may take.
type Node = (usize, Digit);

impl Finder for Chains {
    fn technique(&self) -> Technique {
        self.technique
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        let strong = self.strong_links(marks);
        let mut best: Option<(usize, Step)> = None;
        for start in marks.open() {
            for d in marks.candidates(start) {
                let limit = best.as_ref().map_or(usize::MAX, |(len, _)| *len);
                if let Some(found) = self.search(marks, &strong, (start, d), limit) {
                    best = Some(found);
                }
            }
        }
        best.map(|(_, step)| step)
    }
}

/// Whether one of `a` and `b` (two different candidates) is false.
fn weak(marks: &Marks, a: Node, b: Node) -> bool {
    a != b && (a.0 == b.0 || a.1 == b.1 && marks.sees(a.0, b.0))
}

impl Chains {
    /// Each candidate's strong partners (by node index `cell * size + digit`).
    fn strong_links(&self, marks: &Marks) -> Vec<Vec<Node>> {
        let n = marks.size();
        let mut links = vec![Vec::new(); marks.cells() * n];
        for cell in marks.open() {
            let set = marks.candidates(cell);
            if self.cells && set.len() == 2 {
                let ds: Vec<Digit> = set.into_iter().collect();
                links[cell * n + ds[0].index()].push((cell, ds[1]));
                links[cell * n + ds[1].index()].push((cell, ds[0]));
            }
        }
        if self.units {
            for u in 0..marks.geometry().units().count() {
                for d in DigitSet::all(n) {
                    let places: Vec<usize> = marks.places(u, d).collect();
                    if let [a, b] = places[..] {
                        links[a * n + d.index()].push((b, d));
                        links[b * n + d.index()].push((a, d));
                    }
                }
            }
        }
        links
    }

    /// The weak partners of `node` this kind of chain walks to.
    fn weak_links(&self, marks: &Marks, node: Node) -> Vec<Node> {
        let (cell, d) = node;
        let mut out: Vec<Node> = (marks.geometry().peers(cell).iter())
            .map(|&p| (usize::from(p), d))
            .filter(|&(p, d)| marks.has(p, d))
            .collect();
        if self.cells && self.units {
            out.extend(
                (marks.candidates(cell) - d.into())
                    .into_iter()
                    .map(|e| (cell, e)),
            );
        }
        out
    }

    /// The shortest chain from `start` (assumed false) shorter than `limit` links that gives a
    /// step, with its length.
    fn search(
        &self,
        marks: &Marks,
        strong: &[Vec<Node>],
        start: Node,
        limit: usize,
    ) -> Option<(usize, Step)> {
        let n = marks.size();
        let index = |(c, d): Node| c * n + d.index();
        // States: a node false (even) or true (odd); parents for the chain.
        let mut parent: Vec<Option<usize>> = vec![None; 2 * marks.cells() * n];
        let mut depth = vec![usize::MAX; parent.len()];
        let first = 2 * index(start);
        depth[first] = 0;
        let mut queue = VecDeque::from([(start, false)]);
        while let Some((node, on)) = queue.pop_front() {
            let here = 2 * index(node) + usize::from(on);
            if depth[here] + 1 >= limit {
                break;
            }
            let next: Vec<Node> = if on {
                self.weak_links(marks, node)
            } else {
                strong[index(node)].clone()
            };
            for other in next {
                let there = 2 * index(other) + usize::from(!on);
                if depth[there] != usize::MAX {
                    continue;
                }
                depth[there] = depth[here] + 1;
                parent[there] = Some(here);
                if !on && let Some(step) = self.conclude(marks, start, other, &parent, there) {
                    return Some((depth[there], step));
                }
                queue.push_back((other, !on));
            }
        }
        None
    }

    /// What "`start` is true or `end` is true" gives, as a step along the chain ending at
    /// state `last`.
    fn conclude(
        &self,
        marks: &Marks,
        start: Node,
        end: Node,
        parent: &[Option<usize>],
        last: usize,
    ) -> Option<Step> {
        let n = marks.size();
        let mut chain = Vec::new();
        let mut at = Some(last);
        while let Some(state) = at {
            let node = state / 2;
            chain.push(node / n);
            at = parent[state];
        }
        chain.dedup();
        let pattern: Vec<usize> = chain.into_iter().rev().collect();
        let digits = DigitSet::from(start.1) | end.1.into();
        let step = Step::new(self.technique, pattern, digits, Vec::new());
        if end == start {
            return Some(step.placing(start.0, start.1));
        }
        let mut gone: Vec<Node> = (marks.geometry().peers(start.0).iter())
            .map(|&p| (usize::from(p), start.1))
            .chain(
                (marks.candidates(start.0) - start.1.into())
                    .into_iter()
                    .map(|e| (start.0, e)),
            )
            .filter(|&(c, d)| marks.has(c, d) && weak(marks, (c, d), end) && (c, d) != start)
            .collect();
        crate::order::sort_by(&mut gone, |a, b| a < b);
        gone.dedup();
        step.striking(gone)
    }
}
