//! The board: its shape and rules ([`shape`]), the peer structure every solver shares
//! ([`geometry`]), the grid of digits with its text format ([`grid`]), and digits and sets of
//! digits as types ([`digits`]).

mod cages;
mod digits;
mod geometry;
mod grid;
mod shape;

pub use cages::{Cage, CageError, Cages, Reach, connected, pieces, side_neighbours, sum_range};
pub use digits::{Digit, DigitIter, DigitSet, once_and_any};
pub use geometry::{CELL_WORDS, Geometry, Meet};
pub use grid::{
    CellError, Grid, LineError, ParseError, digit_char, is_layout, parse_puzzle_line,
    parse_puzzle_list, puzzle_lines, read_cell, split_cages,
};
pub use shape::{NotABoard, Pos, Rules, Shape, Unit, UnitKind, UnknownRule};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_geometry_has_27_units_and_20_peers() {
        let g = Geometry::new(Shape::CLASSIC);
        assert_eq!(g.units().count(), 27);
        for cell in 0..81 {
            let peers = g.peers(cell);
            assert_eq!(peers.len(), 20);
            assert!(!peers.contains(&(cell as u16)));
        }
        // r1c1 sees r3c3 through its box, but not r4c4.
        assert!(g.peers(0).contains(&20));
        assert!(!g.peers(0).contains(&30));
    }

    #[test]
    fn a_puzzle_of_any_size_is_read_by_its_length() {
        let sides = |cells| Shape::of_cells(cells).map(|s| (s.box_rows(), s.box_cols()));
        assert_eq!(sides(16), Some((2, 2)));
        assert_eq!(sides(36), Some((2, 3)));
        assert_eq!(sides(81), Some((3, 3)));
        assert_eq!(sides(144), Some((3, 4)));
        assert_eq!(sides(625), Some((5, 5)));
        assert_eq!(sides(49), None, "7 is prime: no boxes");
        assert_eq!(sides(80), None);
        let four = Grid::parse_any("3... .1.2 .... ..1.").expect("a 4x4 puzzle");
        assert_eq!(
            (four.shape().size(), four.get(0), four.get(7)),
            (4, Some(3), Some(2))
        );
        let err = Grid::parse_any("123").expect_err("no board has 3 cells");
        assert!(err.to_string().contains("81"), "{err}");
    }

    #[test]
    fn boards_above_9x9_round_trip_through_the_text_format() {
        for (rows, cols) in [(4, 4), (5, 5), (3, 4)] {
            let shape = Shape::new(rows, cols).expect("valid shape");
            let n = shape.size();
            let digits: Vec<u8> = (0..shape.cells()).map(|c| (c % (n + 1)) as u8).collect();
            let grid = Grid::from_digits(shape, digits).expect("fits");
            let line = grid.to_line();
            assert_eq!(Grid::parse_shaped(shape, &line), Ok(grid.clone()), "{line}");
            assert_eq!(Grid::parse_shaped(shape, &line.to_lowercase()), Ok(grid));
        }
        let sixteen = Shape::new(4, 4).expect("16x16");
        assert_eq!(read_cell(sixteen, "g"), Ok(Some(16)));
        assert!(read_cell(sixteen, "h").is_err());
        assert!(read_cell(Shape::CLASSIC, "a").is_err());
        let err = Grid::parse_shaped(sixteen, "Z").expect_err("not a digit");
        assert!(err.to_string().contains("1-9 and A-G"), "{err}");
    }

    #[test]
    fn rectangular_boxes_are_laid_out_row_major() {
        let shape = Shape::new(2, 3).expect("6x6 is a valid shape");
        assert_eq!(shape.size(), 6);
        assert_eq!(shape.box_of(0), 0);
        assert_eq!(shape.box_of(3), 1);
        assert_eq!(shape.box_of(12), 2);
        assert_eq!(Geometry::new(shape).peers(0).len(), 5 + 5 + 2);
        assert!(Shape::new(6, 5).is_none());
        assert!(Shape::new(0, 3).is_none());
    }
}
