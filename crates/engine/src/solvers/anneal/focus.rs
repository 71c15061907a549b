//! The cells in conflict, kept as they change, so that a move can be aimed at one of them: the
//! focused Metropolis search of Seitz, Alava and Orponen (2005), which picks among the variables
//! of unsatisfied constraints and accepts by the Metropolis rule.

/// A set of cells with constant-time insert, remove and uniform pick.
#[derive(Clone, Debug)]
pub struct Conflicted {
    cells: Vec<u16>,
    /// Where each cell sits in `cells`, or `NONE`.
    at: Vec<u16>,
}

const NONE: u16 = u16::MAX;

impl Conflicted {
    /// An empty set over `cells` cells.
    pub fn new(cells: usize) -> Conflicted {
        Conflicted {
            cells: Vec::with_capacity(cells),
            at: vec![NONE; cells],
        }
    }

    /// Puts `cell` in or out of the set.
    #[inline]
    pub fn set(&mut self, cell: usize, conflicted: bool) {
        let at = self.at[cell];
        if conflicted && at == NONE {
            self.at[cell] = self.cells.len() as u16;
            self.cells.push(cell as u16);
        } else if !conflicted && at != NONE {
            let last = self.cells.pop().unwrap_or(cell as u16);
            if usize::from(last) != cell {
                self.cells[usize::from(at)] = last;
                self.at[usize::from(last)] = at;
            }
            self.at[cell] = NONE;
        }
    }

    /// Empties the set.
    pub fn clear(&mut self) {
        for &c in &self.cells {
            self.at[usize::from(c)] = NONE;
        }
        self.cells.clear();
    }

    /// The cells in the set, in no particular order.
    #[inline]
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follows_inserts_and_removes() {
        let mut set = Conflicted::new(10);
        for c in [3, 7, 1, 7] {
            set.set(c, true);
        }
        set.set(3, false);
        set.set(4, false);
        let mut got: Vec<u16> = set.cells().to_vec();
        got.sort();
        assert_eq!(got, [1, 7]);
        set.set(7, false);
        set.set(1, false);
        assert!(set.cells().is_empty());
        set.set(9, true);
        set.clear();
        set.set(9, true);
        assert_eq!(set.cells(), [9]);
    }
}
