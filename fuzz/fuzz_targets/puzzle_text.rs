//! The puzzle parser, as the command line, the page's paste and puzzle files use it: any text
//! reads to a grid or an error, and a grid read back from its own one-line form is the same;
//! killer cages too, in both their written and their compact form.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::board::{Cages, Grid, Rules, Shape, parse_puzzle_list, read_cell};

fuzz_target!(|text: &str| {
    if let Ok(grid) = Grid::parse_any(text) {
        assert_eq!(Grid::parse_any(&grid.to_line()).ok(), Some(grid));
    }
    for grid in parse_puzzle_list(text).into_iter().flatten() {
        assert_eq!(
            Grid::parse_shaped(grid.shape(), &grid.to_line()).ok(),
            Some(grid)
        );
    }
    if let Ok(rules) = Rules::parse(text) {
        assert_eq!(Rules::parse(&rules.names()).ok(), Some(rules));
    }
    for side in [4, 6, 9, 16, 25] {
        if let Some(shape) = Shape::of_side(side)
            && let Ok(cages) = Cages::parse(shape, text)
        {
            for compact in [false, true] {
                let written = cages.to_text(shape, compact);
                assert_eq!(
                    Cages::parse(shape, &written).as_ref(),
                    Ok(&cages),
                    "{written}"
                );
            }
        }
        if let Some(shape) = Shape::of_side(side)
            && let Ok(Some(digit)) = read_cell(shape, text)
        {
            assert!(
                (1..=side).contains(&usize::from(digit)),
                "{digit} on {side}"
            );
        }
    }
});
