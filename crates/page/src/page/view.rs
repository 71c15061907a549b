//! What the screen draws of the page: each cell, the run's figures, the plot's trace, the hint.

use super::Page;
use super::hinting::HintCell;
use super::state::Phase;
use crate::plot::Trace;
use sudoku_engine::board::{Cages, DigitSet, Geometry, Shape, UnitKind};
use sudoku_engine::check;
use sudoku_engine::step::{Detail, Mark, RunState, Series, level_of};
use sudoku_words::{self as present, figures_key, run_rows};

/// Where a cell's digit comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Given,
    /// The user's own entry over the puzzle's givens.
    Progress,
    Solver,
    Empty,
}

impl Source {
    pub fn name(self) -> &'static str {
        match self {
            Source::Given => "given",
            Source::Progress => "progress",
            Source::Solver => "solver",
            Source::Empty => "empty",
        }
    }
}

/// One cell's spins, as bit sets (bit `d` for digit `d + 1`): up, drawn at all, free to flip;
/// and for continuous variables their shades, packed as by [`sudoku_engine::step::pack_levels`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spins {
    pub up: u32,
    pub shown: u32,
    pub free: u32,
    pub levels: Option<u128>,
}

/// How one digit's spin is drawn, the same by the cells' dots and by the canvas of a large
/// board: up (for analog variables, the cell's leading digit), clamped, and the shade of an
/// analog variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dot {
    pub up: bool,
    pub clamped: bool,
    pub shade: Option<u8>,
}

impl Spins {
    /// The spins of `cell` in a frame's `detail`, if it has spins.
    fn of(detail: &Detail, cell: usize) -> Option<Spins> {
        let Detail::Spins {
            up,
            shown,
            free,
            levels,
        } = detail
        else {
            return None;
        };
        Some(Spins {
            up: up.get(cell).copied().unwrap_or(0),
            shown: shown.get(cell).copied().unwrap_or(0),
            free: free.get(cell).copied().unwrap_or(0),
            levels: levels.get(cell).copied(),
        })
    }

    /// The dot of digit index `d` (0-based); none for a digit the cell cannot take.
    pub fn dot(&self, d: usize) -> Option<Dot> {
        let bit = 1u32.checked_shl(d as u32)?;
        (self.shown & bit != 0).then(|| Dot {
            up: self.up & bit != 0,
            clamped: self.free & bit == 0,
            shade: self.levels.map(|l| level_of(l, d)),
        })
    }
}

/// Everything one cell draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellView {
    pub digit: Option<u8>,
    pub source: Source,
    /// What the solver's spins select here when it is not one digit: `Some(Mark::Several)` or
    /// `Some(Mark::Empty)`.
    pub undecided: Option<Mark>,
    /// Named by an error message (a repeated given, a cell with no digit left).
    pub flagged: bool,
    /// Its digit is repeated in a row, column, box or rule it lies in.
    pub conflict: bool,
    /// Its last edit was refused.
    pub refused: bool,
    /// The reader of a picture was unsure of it: the person should check it.
    pub unsure: bool,
    /// The cell the digit pad writes to.
    pub selected: bool,
    /// The pencil marks it shows (none while it holds a digit).
    pub marks: DigitSet,
    /// Whether those marks are the user's own rather than its candidates.
    pub own_marks: bool,
    /// Check found its digit to disagree with the solution.
    pub wrong: bool,
    /// Its part in the hint shown.
    pub hint: HintCell,
    /// The spins of the run shown, while an annealer runs or after it ran.
    pub spins: Option<Spins>,
    /// The extra regions of the rules the cell lies in.
    pub regions: Regions,
    /// Its killer cage, if it lies in one.
    pub cage: Option<CageMark>,
    /// It is in the cage being drawn in cage mode.
    pub drafted: bool,
}

/// A cell's part in a killer cage: the cage's index, its sum on the cage's first cell, and the
/// sides of the cell that the cage's outline runs along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CageMark {
    pub index: usize,
    pub sum: Option<u32>,
    /// The sides facing out of the cage: [`CageMark::TOP`], `RIGHT`, `BOTTOM`, `LEFT`.
    pub edges: u8,
    /// The corners where the outline turns inwards across the cell (both neighbours on that
    /// corner's sides are in the cage, the cell across the corner is not): `TOP | LEFT` for the
    /// top left, and so on.
    pub corners: u8,
}

impl CageMark {
    pub const TOP: u8 = 1;
    pub const RIGHT: u8 = 2;
    pub const BOTTOM: u8 = 4;
    pub const LEFT: u8 = 8;

    /// The mark of each cell of a board of `shape` with `cages` (the board's, or a racer's
    /// small grid's).
    pub fn of_board(cages: &Cages, shape: Shape) -> Vec<Option<CageMark>> {
        let (owners, n) = (cages.owners(shape), shape.size());
        let owner = |cell: Option<usize>| cell.and_then(|c| owners.get(c).copied().flatten());
        (0..owners.len())
            .map(|cell| {
                let index = owner(Some(cell))?;
                let (row, col) = (cell / n, cell % n);
                let sides = [
                    (row.checked_sub(1).map(|r| r * n + col), CageMark::TOP),
                    ((col + 1 < n).then_some(cell + 1), CageMark::RIGHT),
                    ((row + 1 < n).then_some(cell + n), CageMark::BOTTOM),
                    (col.checked_sub(1).map(|c| row * n + c), CageMark::LEFT),
                ];
                let edges = (sides.iter())
                    .filter(|(next, _)| owner(*next) != Some(index))
                    .fold(0, |edges, (_, side)| edges | side);
                let corners = [
                    (-1, -1, CageMark::TOP | CageMark::LEFT),
                    (-1, 1, CageMark::TOP | CageMark::RIGHT),
                    (1, 1, CageMark::BOTTOM | CageMark::RIGHT),
                    (1, -1, CageMark::BOTTOM | CageMark::LEFT),
                ];
                let across = |dr: isize, dc: isize| {
                    let (r, c) = (row.checked_add_signed(dr)?, col.checked_add_signed(dc)?);
                    (r < n && c < n).then_some(r * n + c)
                };
                let corners = (corners.iter())
                    .filter(|&&(dr, dc, sides)| {
                        edges & sides == 0 && owner(across(dr, dc)) != Some(index)
                    })
                    .fold(0, |corners, (.., sides)| corners | sides);
                let sum = (cages[index].first() == cell).then(|| cages[index].sum());
                Some(CageMark {
                    index,
                    sum,
                    edges,
                    corners,
                })
            })
            .collect()
    }
}

/// How a cell draws its pencil marks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MarkDrawing {
    /// Each digit in a slot of a grid of `columns`, `None` for an empty slot.
    Slots {
        columns: usize,
        slots: Vec<Option<u8>>,
    },
    /// Only how many marks there are: more than a 20–24 px cell of a large board can show.
    Count(usize),
}

/// Most marks a cell of a board above 9×9 draws as digits, in a square of two by two: a box of
/// 16 or 25 would not be legible.
pub const LARGE_MARKS_DRAWN: usize = 4;

/// How a cell of a board of side `size` draws `marks`: each digit in its place of a box up to
/// 9×9; above, up to four in a square, and past that their count, which stays legible.
pub fn mark_drawing(marks: DigitSet, size: usize) -> MarkDrawing {
    match size {
        0..=9 => MarkDrawing::Slots {
            columns: if size == 6 { 3 } else { size.isqrt() },
            slots: (1..=size as u8)
                .map(|d| marks.iter().any(|m| m.get() == d).then_some(d))
                .collect(),
        },
        _ if marks.len() <= LARGE_MARKS_DRAWN => MarkDrawing::Slots {
            columns: 2,
            slots: marks.iter().map(|d| Some(d.get())).collect(),
        },
        _ => MarkDrawing::Count(marks.len()),
    }
}

/// Which of the rules' extra units hold a cell, for drawing them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Regions {
    pub main_diagonal: bool,
    pub anti_diagonal: bool,
    pub window: bool,
}

impl Regions {
    /// The regions of `cell`: the units its rules add after its row, column and box.
    fn of(geometry: &Geometry, cell: usize) -> Regions {
        let first = 3 * geometry.shape().size();
        let mut extra = geometry.units_of(cell) >> first;
        let mut regions = Regions::default();
        while extra != 0 {
            let unit = geometry.unit(first + extra.trailing_zeros() as usize);
            extra &= extra - 1;
            match (unit.kind, unit.index) {
                (UnitKind::Diagonal, 0) => regions.main_diagonal = true,
                (UnitKind::Diagonal, _) => regions.anti_diagonal = true,
                (UnitKind::Window, _) => regions.window = true,
                _ => {}
            }
        }
        regions
    }
}

impl Page {
    /// What each cell shows: the givens, the user's progress, over them the run's latest frame,
    /// and in open cells the pencil marks.
    pub fn cells(&self) -> Vec<CellView> {
        let (sheet, findings) = (&self.board.sheet, &self.findings);
        let frame = self.solving.run.as_ref().and_then(|r| r.frame.as_deref());
        let geometry = Geometry::of_puzzle(&sheet.entries);
        let typed_puzzle = sheet.typed();
        let shown = |cell: usize| {
            let mark = frame.and_then(|f| f.cells.get(cell).copied());
            match (sheet.entries.get(cell), mark) {
                // The solver's first: a run solved on an empty board leaves it with no givens.
                (Some(entry), _) if sheet.solver[cell] => (Some(entry), Source::Solver),
                (Some(given), _) if typed_puzzle || sheet.given(cell) => {
                    (Some(given), Source::Given)
                }
                (Some(entry), _) => (Some(entry), Source::Progress),
                (None, Some(Mark::Digit(d))) => (Some(d), Source::Solver),
                _ => (None, Source::Empty),
            }
        };
        let clashes = check::clashes(&geometry, |cell| shown(cell).0);
        // A given is the puzzle's: the digit the person put beside it is the one marked, and the
        // given only where it clashes with another given (looked for only where it clashes).
        let repeats_a_given = |cell: usize, digit: Option<u8>| {
            (geometry.peers(cell).iter().map(|&p| usize::from(p)))
                .any(|p| sheet.given(p) && shown(p).0 == digit)
        };
        // A run's digits cover the marks.
        let marks = match frame {
            Some(_) => vec![DigitSet::EMPTY; sheet.shape().cells()],
            None => sheet.shown_marks(self.board.show_marks),
        };
        let hints = findings.hint_cells(sheet.shape().cells());
        let checked = !findings.wrong.is_empty();
        let refused = self.board.refusal.as_ref().and_then(|r| r.cell);
        // A cage refused rings each of its cells, so that the next tap is not taken for a new
        // cage's first.
        let cage_refused = self.board.caging.is_some() && self.board.refusal.is_some();
        let cages = CageMark::of_board(sheet.cages(), sheet.shape());
        let draft = self.board.caging.as_ref().map_or(&[][..], |d| &d.cells);
        (0..sheet.shape().cells())
            .map(|cell| {
                let mark = frame.and_then(|f| f.cells.get(cell).copied());
                let (digit, source) = shown(cell);
                let spins = frame.and_then(|f| Spins::of(&f.detail, cell));
                let wrong = findings.wrong.contains(&cell);
                CellView {
                    digit,
                    source,
                    // Check's verdict replaces the clash marks on a wrong digit and on all the
                    // solver's: one mark for wrong, not a clash's tint and ring beside it.
                    conflict: clashes[cell]
                        && (!sheet.given(cell) || repeats_a_given(cell, digit))
                        && !wrong
                        && !(checked && source == Source::Solver),
                    // A blank cell under a spin model: its spins select no digit or several.
                    undecided: mark.filter(|_| spins.is_some() && source == Source::Empty),
                    flagged: self.status.flagged.contains(&cell),
                    refused: refused == Some(cell) || (cage_refused && draft.contains(&cell)),
                    unsure: findings.unsure.contains(&cell),
                    selected: self.board.selected == Some(cell),
                    // The candidates a hint strikes show, struck, even while marks are hidden.
                    marks: marks[cell] | hints[cell].struck,
                    hint: hints[cell],
                    own_marks: sheet.marks[cell].is_some(),
                    wrong,
                    spins,
                    regions: Regions::of(&geometry, cell),
                    cage: cages.get(cell).copied().flatten(),
                    drafted: draft.contains(&cell),
                }
            })
            .collect()
    }

    /// Whether a run that ended unsolved still shows its digits over open cells.
    pub fn run_digits_shown(&self) -> bool {
        let frame = self.solving.run.as_ref().and_then(|r| r.frame.as_deref());
        let entries = &self.board.sheet.entries;
        frame.is_some_and(|f| {
            (f.cells.iter().enumerate())
                .any(|(cell, mark)| matches!(mark, Mark::Digit(_)) && entries.get(cell).is_none())
        })
    }

    /// The run's figures as the page lists them: the solver's own, then time, rate and cost.
    /// None before the first tick: a worker answers a run's start with the frame it begins
    /// from, whose figures are all zero ("Nodes 0, Tick 0").
    pub fn figures(&self) -> Vec<(String, String)> {
        let Some((run, frame)) = (self.solving.run.as_ref())
            .and_then(|r| Some((r, r.frame.as_ref()?)))
            .filter(|(_, f)| f.ticks > 0 || f.state != RunState::Running)
        else {
            return Vec::new();
        };
        let (elapsed_ms, compute_ms) = (run.elapsed_ms, run.compute_ms);
        run_rows(frame, run.kind.work, elapsed_ms, compute_ms, run.seed)
    }

    /// The key under the run's figures, while they are listed.
    pub fn figures_key(&self) -> Option<String> {
        let frame = self.solving.run.as_ref()?.frame.as_ref()?;
        let listed = frame.ticks > 0 || frame.state != RunState::Running;
        (listed && frame.forced.is_none()).then(|| figures_key(&frame.figures))
    }

    /// What the plot draws: its series and the run's history; `None` before any run.
    pub fn trace(&self) -> Option<(&[Series; 2], &Trace)> {
        let run = self.solving.run.as_ref()?;
        Some((&run.frame.as_ref()?.series, &run.trace))
    }

    /// What the run is doing, in plain words, while it runs; once solved, where it ended, until
    /// the next edit: the short verdict takes the place of the short running line, so the plot
    /// under them stays put. A stopped run's longer sentence takes the place of both.
    pub fn progress(&self) -> Option<String> {
        let frame = self.solving.run.as_ref()?.frame.as_deref()?;
        let shown = matches!(self.status.phase, Phase::Running | Phase::Solved);
        shown.then(|| present::progress(frame))
    }

    /// The hint under the grid: why the last edit was refused, if it was.
    pub fn hint(&self) -> &str {
        self.board.refused()
    }

    /// What the line under the grid says: the hint, or in pencil mode what a digit does; in
    /// cage mode nothing, since the cage bar says it ([`Page::cage_note`]).
    pub fn note(&self) -> String {
        match (self.hint(), self.board.pencil) {
            _ if self.board.caging.is_some() => String::new(),
            ("", true) => present::pencil_mode(),
            (hint, _) => hint.to_string(),
        }
    }

    /// In cage mode, what the cage bar says: why the last step was refused, or the cage in hand
    /// and what to do next.
    pub fn cage_note(&self) -> Option<String> {
        let draft = self.board.caging.as_ref()?;
        Some(match self.hint() {
            "" => present::cage_draft(draft.cells.len(), &draft.sum, draft.picked.is_some()),
            refused => refused.to_string(),
        })
    }
}
