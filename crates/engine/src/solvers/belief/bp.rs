//! Belief propagation with decimation: the default preset of the message-passing family.
//!
//! Messages run until the beliefs stop moving; every cell whose belief is certain is then fixed,
//! and when none is, the most certain open cell is fixed to its likeliest digit (decimation).
//! Each fix is a branch: the messages are re-run on the narrowed puzzle, and when a unit can no
//! longer be filled (a message sum of zero, which exact unit messages only give when no filling
//! exists) the last fix is undone and its digit struck out. So the search is complete, and belief
//! propagation decides the order: on most puzzles it fixes the right digit every time.

use super::{BELIEF, BeliefFrame, CERTAIN, CONVERGED, Contradiction, MAX_ROUNDS, Propagation};
use crate::board::Grid;
use crate::check::{self, PuzzleError};
use crate::spec::{Machine, SolverSpec, Words};
use crate::step::{BeliefSearch, Frame, RunConfig, RunState, Solver, solver_plumbing};

/// The default preset's registry entry.
pub static SPEC: SolverSpec = SolverSpec::new(
    BELIEF,
    "bp",
    "decimation",
    Words {
        title: "Likelihoods, with backtracking",
        short: "Likelihoods, backtrack",
        plain: "Rows, columns and boxes tell each cell how likely each digit is; the surest \
                cell is filled, and undone if it leads nowhere.",
        about: "Each row, column and box tells each of its cells how likely every digit is, \
                given what the other cells believe (summed exactly over every way to fill the \
                unit); the cells answer with their own beliefs. When the beliefs settle, \
                certain cells are fixed, or else the most certain one is; a fix that leaves a \
                unit impossible to fill is undone and its digit struck out.",
    },
);

/// How to run it.
pub static MACHINE: Machine = Machine::new(&SPEC, |puzzle, config| {
    Ok(Box::new(Decimation::new(puzzle, config)?))
});

/// A fix made during the search, to undo on a contradiction.
#[derive(Clone, Debug)]
struct Branch {
    allowed: Vec<u32>,
    cell: usize,
    digit: usize,
}

/// The default preset: belief propagation, hard decisions, decimation and backtracking.
pub struct Decimation {
    prop: Propagation,
    stack: Vec<Branch>,
    fixes: u64,
    backtracks: u64,
    config: RunConfig,
    shown: BeliefFrame,
}

impl Decimation {
    pub fn new(puzzle: &Grid, config: RunConfig) -> Result<Decimation, PuzzleError> {
        let shown = BeliefFrame::new(
            puzzle,
            BeliefSearch::Decimation {
                fixes: 0,
                backtracks: 0,
            },
        );
        check::validate(shown.geometry(), puzzle)?;
        let mut run = Decimation {
            prop: Propagation::new(shown.geometry(), puzzle),
            stack: Vec::new(),
            fixes: 0,
            backtracks: 0,
            config,
            shown,
        };
        run.refresh();
        Ok(run)
    }

    fn refresh(&mut self) {
        let search = BeliefSearch::Decimation {
            fixes: self.fixes,
            backtracks: self.backtracks,
        };
        self.prop.show(&mut self.shown, search);
        self.shown.frame.effort = self.backtracks;
    }

    /// Fixes `cell` to `digit` (0-based) as a new branch, and strikes the digit from its peers.
    fn fix(&mut self, cell: usize, digit: usize) -> Result<(), Contradiction> {
        self.fixes += 1;
        self.stack.push(Branch {
            allowed: self.prop.allowed.clone(),
            cell,
            digit,
        });
        self.assign(cell, digit)
    }

    /// Sets `cell` to `digit` and eliminates it from the peers, following naked singles.
    fn assign(&mut self, cell: usize, digit: usize) -> Result<(), Contradiction> {
        let geometry = self.shown.geometry().clone();
        let mut queue = vec![(cell, digit)];
        while let Some((c, d)) = queue.pop() {
            let bit = 1u32 << d;
            if self.prop.allowed[c] & bit == 0 {
                return Err(Contradiction);
            }
            self.prop.allowed[c] = bit;
            for &p in geometry.peers(c) {
                let p = usize::from(p);
                if self.prop.allowed[p] & bit != 0 {
                    self.prop.allowed[p] &= !bit;
                    match self.prop.allowed[p].count_ones() {
                        0 => return Err(Contradiction),
                        1 => queue.push((p, self.prop.allowed[p].trailing_zeros() as usize)),
                        _ => {}
                    }
                }
            }
        }
        Ok(())
    }

    /// Undoes fixes until one can be taken back with its digit struck out; false when none is
    /// left (the puzzle has no solution).
    fn backtrack(&mut self) -> bool {
        while let Some(branch) = self.stack.pop() {
            self.backtracks += 1;
            self.prop.allowed = branch.allowed;
            let bit = 1u32 << branch.digit;
            self.prop.allowed[branch.cell] &= !bit;
            let left = self.prop.allowed[branch.cell];
            let ok = match left.count_ones() {
                0 => false,
                1 => self
                    .assign(branch.cell, left.trailing_zeros() as usize)
                    .is_ok(),
                _ => true,
            };
            if ok {
                self.restart_messages();
                return true;
            }
        }
        false
    }

    fn restart_messages(&mut self) {
        self.prop.messages.reset(&self.prop.allowed);
        self.prop.settling = 0;
    }

    /// The beliefs have settled: fix what is certain, or the most certain open cell. Each fix
    /// is its own branch, so undoing the last one and striking its digit out stays sound.
    fn decide(&mut self) -> Result<(), Contradiction> {
        let open: Vec<usize> = (0..self.prop.allowed.len())
            .filter(|&c| self.prop.allowed[c].count_ones() > 1)
            .collect();
        let certain: Vec<(usize, usize)> = open
            .iter()
            .map(|&c| (c, self.prop.messages.best(c)))
            .filter(|(_, (_, b))| *b >= CERTAIN)
            .map(|(c, (d, _))| (c, d))
            .collect();
        if certain.is_empty() {
            let pick = open
                .iter()
                .map(|&c| (c, self.prop.messages.best(c)))
                .max_by(|a, b| a.1.1.total_cmp(&b.1.1));
            if let Some((c, (d, _))) = pick {
                self.fix(c, d)?;
            }
        } else {
            for (c, d) in certain {
                if self.prop.allowed[c].count_ones() > 1 {
                    self.fix(c, d)?;
                }
            }
        }
        for c in 0..self.prop.allowed.len() {
            self.prop.messages.restrict(c, self.prop.allowed[c]);
        }
        self.prop.settling = 0;
        Ok(())
    }
}

impl Solver for Decimation {
    fn tick(&mut self) -> &Frame {
        if self.shown.frame.state != RunState::Running {
            return &self.shown.frame;
        }
        for _ in 0..self.config.moves_per_tick {
            if self.prop.all_decided() {
                break;
            }
            self.prop.rounds += 1;
            self.shown.frame.moves += 1;
            self.prop.settling += 1;
            let settled = match self.prop.messages.iterate() {
                Err(Contradiction) => Err(Contradiction),
                Ok(change) if change < CONVERGED || self.prop.settling >= MAX_ROUNDS => {
                    self.decide()
                }
                Ok(_) => Ok(()),
            };
            if settled.is_err() && !self.backtrack() {
                self.shown.frame.state = RunState::Unsolvable;
                break;
            }
        }
        self.shown.frame.ticks += 1;
        if self.prop.all_decided() {
            // Every cell is fixed: show the grid itself.
            self.prop.messages.reset(&self.prop.allowed);
        }
        self.refresh();
        if self.shown.frame.violations == 0 {
            self.shown.frame.state = RunState::Solved;
        } else if self.shown.frame.state == RunState::Running
            && self.prop.all_decided()
            && !self.backtrack()
        {
            self.shown.frame.state = RunState::Unsolvable;
        }
        &self.shown.frame
    }

    solver_plumbing!(shown.frame, config.moves_per_tick);
}
