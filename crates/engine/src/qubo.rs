//! Sudoku as a QUBO, exactly as the Digital Annealer tutorial builds it: one binary variable per
//! (row, column, digit), numbered `(i·n + j)·n + k` (0-based), a penalty `A·(Σx − 1)²` for every
//! cell and for every digit of every row, column and box, and `2A·(1 − x)` for every hint. A valid
//! solution has energy exactly 0 and every broken constraint costs at least `A`.
//!
//! The polynomial is kept sparse (about eleven thousand terms for 9×9, never a dense 729×729
//! array), with a neighbour list per variable for the samplers' local fields, and exported in the
//! tutorial's JSON format.

use crate::board::{Geometry, Grid};

/// A quadratic polynomial over binary variables: `Σᵢ linear[i]·xᵢ + Σ_{i<j} Q_ij·xᵢxⱼ + constant`.
#[derive(Clone, Debug, PartialEq)]
pub struct Qubo {
    /// `Q_ii`, the coefficient of `xᵢ` (equal to `xᵢ²` for binary variables).
    pub linear: Vec<i64>,
    /// `(i, j, Q_ij)` with `i < j`, sorted, no zero and no repeat.
    pub pairs: Vec<(u32, u32, i64)>,
    pub constant: i64,
    /// Variable `i`'s partners and their coefficients: `neighbours[start[i]..start[i + 1]]`.
    start: Vec<usize>,
    neighbours: Vec<(u32, i64)>,
}

/// The tutorial's default penalty weight.
pub const DEFAULT_WEIGHT: i64 = 1;

/// The variable of `digit` (1-based) in `cell` on a board of `n` digits.
pub fn variable(n: usize, cell: usize, digit: u8) -> usize {
    cell * n + usize::from(digit) - 1
}

/// `pairs` with each `(i, j)` once, its coefficients added, zeros dropped, ordered by `i` then
/// `j`: gathered row by row and read off a bit set of the partners touched, in linear time and
/// without a sort (the page builds this QUBO, and a sort's code is kilobytes of its wasm).
fn merged(vars: usize, pairs: Vec<(u32, u32, i64)>) -> Vec<(u32, u32, i64)> {
    let mut rows: Vec<Vec<(u32, i64)>> = vec![Vec::new(); vars];
    for (i, j, c) in pairs {
        rows[i as usize].push((j, c));
    }
    let mut sums = vec![0i64; vars];
    let mut touched = vec![0u64; vars.div_ceil(64)];
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        for &(j, c) in row {
            sums[j as usize] += c;
            touched[j as usize / 64] |= 1 << (j % 64);
        }
        let Some(first) = row.iter().map(|&(j, _)| j as usize / 64).min() else {
            continue;
        };
        for (word, bits) in touched.iter_mut().enumerate().skip(first) {
            let mut bits = std::mem::take(bits);
            while bits != 0 {
                let j = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                match std::mem::take(&mut sums[j]) {
                    0 => {}
                    c => out.push((i as u32, j as u32, c)),
                }
            }
        }
    }
    out
}

impl Qubo {
    /// The QUBO of `puzzle` with penalty weight `weight` (the tutorial's `A`), for whatever board
    /// and rules its geometry has.
    pub fn sudoku(puzzle: &Grid, weight: i64) -> Qubo {
        Qubo::weighed(puzzle, weight, weight)
    }

    /// The QUBO of `puzzle` with its cages' sum penalties at `cage_weight` and every other
    /// penalty at `weight`; a cage weight of 0 leaves the sums out (a sampler may keep them
    /// apart, as running sums).
    pub fn weighed(puzzle: &Grid, weight: i64, cage_weight: i64) -> Qubo {
        // A cage's cells are each other's peers: its no-repeat rule joins the rule pairs below.
        let geometry = Geometry::of_puzzle(puzzle);
        let n = puzzle.shape().size();
        let cells = puzzle.shape().cells();
        let mut linear = vec![0i64; cells * n];
        let mut pairs: Vec<(u32, u32, i64)> = Vec::new();
        let mut constant = 0i64;
        // A·(Σx − 1)² = A·(1 − Σx + 2·Σ_{i<j} xᵢxⱼ) for binary x.
        let mut one_hot = |vars: &mut dyn Iterator<Item = usize>| {
            let vars: Vec<usize> = vars.collect();
            constant += weight;
            for (a, &i) in vars.iter().enumerate() {
                linear[i] -= weight;
                for &j in &vars[a + 1..] {
                    pairs.push((i.min(j) as u32, i.max(j) as u32, 2 * weight));
                }
            }
        };
        for cell in 0..cells {
            one_hot(&mut (0..n).map(|k| cell * n + k));
        }
        for (_, unit) in geometry.units() {
            for k in 0..n {
                one_hot(&mut unit.iter().map(|&cell| cell * n + k));
            }
        }
        // A·xᵢxⱼ for one digit in two cells that a pairwise rule keeps apart.
        for &(a, b, _) in geometry.rule_pairs() {
            for k in 0..n {
                pairs.push(((a * n + k) as u32, (b * n + k) as u32, weight));
            }
        }
        // A·(Σ_cells Σ_k k·x_{c,k} − S)² for every cage = A·(Σᵢ kᵢ²·xᵢ + 2·Σ_{i<j} kᵢkⱼ·xᵢxⱼ
        // − 2S·Σᵢ kᵢ·xᵢ + S²), over the cage's spins i with digit kᵢ.
        for cage in puzzle.cages().iter().filter(|_| cage_weight != 0) {
            let sum = i64::from(cage.sum());
            let spins: Vec<(usize, i64)> = (cage.cells())
                .flat_map(|cell| (1..=n as i64).map(move |k| (cell * n + k as usize - 1, k)))
                .collect();
            constant += cage_weight * sum * sum;
            for (a, &(i, k)) in spins.iter().enumerate() {
                linear[i] += cage_weight * (k * k - 2 * sum * k);
                for &(j, l) in &spins[a + 1..] {
                    pairs.push((i.min(j) as u32, i.max(j) as u32, 2 * cage_weight * k * l));
                }
            }
        }
        // 2A·(1 − x) for every hint.
        for cell in 0..cells {
            if let Some(d) = puzzle.get(cell) {
                linear[variable(n, cell, d)] -= 2 * weight;
                constant += 2 * weight;
            }
        }
        let merged = merged(linear.len(), pairs);
        Qubo::from_parts(linear, merged, constant)
    }

    /// A QUBO from its coefficients, with the neighbour lists built.
    fn from_parts(linear: Vec<i64>, pairs: Vec<(u32, u32, i64)>, constant: i64) -> Qubo {
        let vars = linear.len();
        let mut degree = vec![0usize; vars + 1];
        for &(i, j, _) in &pairs {
            degree[i as usize + 1] += 1;
            degree[j as usize + 1] += 1;
        }
        for v in 0..vars {
            degree[v + 1] += degree[v];
        }
        let start = degree;
        let mut fill = start.clone();
        let mut neighbours = vec![(0u32, 0i64); pairs.len() * 2];
        for &(i, j, c) in &pairs {
            neighbours[fill[i as usize]] = (j, c);
            fill[i as usize] += 1;
            neighbours[fill[j as usize]] = (i, c);
            fill[j as usize] += 1;
        }
        Qubo {
            linear,
            pairs,
            constant,
            start,
            neighbours,
        }
    }

    /// Number of variables.
    pub fn variables(&self) -> usize {
        self.linear.len()
    }

    /// Terms of the exported polynomial: the non-zero linear and pair terms and the constant.
    pub fn terms(&self) -> usize {
        self.linear.iter().filter(|&&c| c != 0).count()
            + self.pairs.len()
            + usize::from(self.constant != 0)
    }

    /// The largest change one bit's flip can make to the energy: a bound for acceptance tables.
    pub fn largest_field(&self) -> i64 {
        (0..self.variables())
            .map(|i| {
                self.linear[i].abs() + self.neighbours(i).iter().map(|p| p.1.abs()).sum::<i64>()
            })
            .max()
            .unwrap_or(0)
    }

    /// Variable `i`'s partners in a pair term, with their coefficients.
    pub fn neighbours(&self, i: usize) -> &[(u32, i64)] {
        &self.neighbours[self.start[i]..self.start[i + 1]]
    }

    /// The polynomial's value at `x`.
    pub fn energy(&self, x: &[bool]) -> i64 {
        let on = |i: u32| x.get(i as usize).copied().unwrap_or(false);
        let linear: i64 = (self.linear.iter().zip(x))
            .filter(|(_, on)| **on)
            .map(|(c, _)| c)
            .sum();
        let pairs: i64 = (self.pairs.iter())
            .filter(|&&(i, j, _)| on(i) && on(j))
            .map(|&(_, _, c)| c)
            .sum();
        linear + pairs + self.constant
    }

    /// The variables of a grid: `x = 1` for each cell's digit, 0 elsewhere (blank cells: none).
    pub fn assignment(grid: &Grid) -> Vec<bool> {
        let n = grid.shape().size();
        let mut x = vec![false; grid.shape().cells() * n];
        for cell in 0..grid.shape().cells() {
            if let Some(d) = grid.get(cell) {
                x[variable(n, cell, d)] = true;
            }
        }
        x
    }

    /// The file name the page offers the export under: the puzzle's digits, `0` for blanks.
    pub fn file_name(puzzle: &Grid) -> String {
        format!("sudoku-qubo-{}.json", puzzle.to_line().replace('.', "0"))
    }

    /// The tutorial's JSON: `{"binary_polynomial": {"terms": [{"coefficient": c, "polynomials":
    /// [i, j]}, …, {"coefficient": constant, "polynomials": []}]}}`, linear terms as `[i, i]`, in
    /// row-major order of the upper triangle, integer coefficients.
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(self.terms() * 48);
        out.push_str("{\"binary_polynomial\":{\"terms\":[");
        let mut first = true;
        let mut term = |out: &mut String, c: i64, vars: &str| {
            if !std::mem::take(&mut first) {
                out.push(',');
            }
            out.push_str(&format!("{{\"coefficient\":{c},\"polynomials\":[{vars}]}}"));
        };
        let mut pairs = self.pairs.iter().peekable();
        for (i, &c) in self.linear.iter().enumerate() {
            if c != 0 {
                term(&mut out, c, &format!("{i},{i}"));
            }
            while let Some(&&(a, b, q)) = pairs.peek() {
                if a as usize != i {
                    break;
                }
                term(&mut out, q, &format!("{a},{b}"));
                pairs.next();
            }
        }
        if self.constant != 0 {
            term(&mut out, self.constant, "");
        }
        out.push_str("]}}");
        out
    }
}

/// A sampler's view of an assignment: its energy and every variable's local field
/// `h_i = Q_ii + Σ_j Q_ij·x_j`, kept up to date bit by bit, so that flipping bit `i` is known to
/// change the energy by `±h_i` without evaluating the polynomial.
#[derive(Clone, Debug)]
pub struct Fields {
    pub h: Vec<i64>,
    pub energy: i64,
}

impl Fields {
    /// The fields of the assignment with every bit clear.
    pub fn cleared(qubo: &Qubo) -> Fields {
        Fields {
            h: qubo.linear.clone(),
            energy: qubo.constant,
        }
    }

    /// Back to every bit clear.
    pub fn clear(&mut self, qubo: &Qubo) {
        self.h.copy_from_slice(&qubo.linear);
        self.energy = qubo.constant;
    }

    /// Sets (`on`) or clears bit `i`, which must be the other way now.
    pub fn set(&mut self, qubo: &Qubo, i: usize, on: bool) {
        let sign = if on { 1 } else { -1 };
        self.energy += sign * self.h[i];
        for &(j, q) in qubo.neighbours(i) {
            self.h[j as usize] += sign * q;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;

    #[test]
    fn the_classic_qubo_has_the_terms_the_tutorials_code_gives() {
        let puzzle = Grid::empty(Shape::CLASSIC);
        let q = Qubo::sudoku(&puzzle, 1);
        // Every variable is in four groups: −1 each.
        assert!(q.linear.iter().all(|&c| c == -4));
        // Pairs in one cell (36 × 81) and the same digit in peer cells (810 × 9): 2 per shared
        // group, 4 for a row (or column) and box at once.
        assert_eq!(q.pairs.len(), 36 * 81 + 810 * 9);
        assert!(q.pairs.iter().all(|&(_, _, c)| c == 2 || c == 4));
        assert_eq!(q.constant, 4 * 81);
        assert_eq!(q.terms(), 729 + 36 * 81 + 810 * 9 + 1);
        assert_eq!(variable(9, 80, 9), 728);
    }

    #[test]
    fn any_board_gets_its_qubo_the_same_way_with_solutions_at_zero() {
        // A 4×4 solution (2×2 boxes), then the same grid with two digits swapped in a row.
        let shape = Shape::new(2, 2).expect("4x4");
        let solution = Grid::parse_shaped(shape, "1234341221434321").expect("valid");
        let mut puzzle = solution.clone();
        for cell in (0..16).step_by(2) {
            puzzle.set(cell, None);
        }
        let q = Qubo::sudoku(&puzzle, 5);
        assert_eq!(q.variables(), 64);
        assert_eq!(q.energy(&Qubo::assignment(&solution)), 0);
        let swapped = Grid::parse_shaped(shape, "2134341221434321").expect("parses");
        assert!(q.energy(&Qubo::assignment(&swapped)) >= 5);
        assert_eq!(q.constant, 5 * (16 + 3 * 4 * 4) + 2 * 5 * 8);
    }

    #[test]
    fn neighbour_lists_hold_every_pair_from_both_ends() {
        let q = Qubo::sudoku(&Grid::empty(Shape::new(2, 2).expect("4x4")), 3);
        for &(i, j, c) in &q.pairs {
            assert!(q.neighbours(i as usize).contains(&(j, c)));
            assert!(q.neighbours(j as usize).contains(&(i, c)));
        }
        let listed: usize = (0..q.variables()).map(|v| q.neighbours(v).len()).sum();
        assert_eq!(listed, 2 * q.pairs.len());
    }

    #[test]
    fn a_cage_costs_its_sum_penalty_and_nothing_at_a_solution() {
        let shape = crate::board::Shape::CLASSIC;
        let killers = crate::generate::killer_many(shape, 0, 3, 1).expect("a killer");
        let (puzzle, solution) = &killers[0];
        let plain = Qubo::sudoku(&Grid::empty(shape), 1);
        for weight in [1, 3] {
            let q = Qubo::sudoku(puzzle, weight);
            assert_eq!(q.energy(&Qubo::assignment(solution)), 0);
            // Relabel digits 1 and 2: every unit still holds each digit once, but each cage
            // that holds one of them and not the other is off its sum by one.
            let swapped: Vec<u8> = (solution.digits().iter())
                .map(|&d| [0, 2, 1].get(usize::from(d)).copied().unwrap_or(d))
                .collect();
            let swapped = Grid::from_digits(shape, swapped).expect("fits");
            let x = Qubo::assignment(&swapped);
            assert_eq!(plain.energy(&x), 0);
            let off: i64 = (puzzle.cages().iter())
                .map(|cage| {
                    let sum: i64 = cage
                        .cells()
                        .map(|c| i64::from(swapped.get(c).unwrap_or(0)))
                        .sum();
                    (sum - i64::from(cage.sum())).pow(2)
                })
                .sum();
            assert!(off > 0);
            assert_eq!(q.energy(&x), weight * off);
            // The sums weighed apart, or left out: the cages' no-repeat rule stays either way.
            assert_eq!(Qubo::weighed(puzzle, weight, 3).energy(&x), 3 * off);
            assert_eq!(Qubo::weighed(puzzle, weight, 0).energy(&x), 0);
            let repeated = Grid::from_digits(shape, vec![1; 81]).expect("fits");
            let x = Qubo::assignment(&repeated);
            assert!(Qubo::weighed(puzzle, weight, 0).energy(&x) > plain.energy(&x) * weight);
        }
    }

    #[test]
    fn merged_terms_are_the_sorted_sums_of_the_pairs_without_zeros() {
        // Repeats, cancelling pairs, rows with none and partners across 64-bit words.
        let pairs = vec![
            (3, 130, 2),
            (0, 5, 1),
            (3, 7, 4),
            (0, 5, 2),
            (3, 130, -2),
            (70, 129, 1),
            (0, 1, 5),
            (3, 64, 1),
        ];
        let mut expected: Vec<(u32, u32, i64)> = Vec::new();
        let mut sorted = pairs.clone();
        sorted.sort_unstable_by_key(|&(i, j, _)| (i, j));
        for (i, j, c) in sorted {
            match expected.last_mut() {
                Some(last) if (last.0, last.1) == (i, j) => last.2 += c,
                _ => expected.push((i, j, c)),
            }
        }
        expected.retain(|&(_, _, c)| c != 0);
        assert_eq!(merged(131, pairs), expected);
    }
}
