//! The link reader, as the page reads its address: any query reads to a link (a puzzle, or
//! none and a reason), and the link the page writes for what it read reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::board::Shape;
use sudoku_page::link;

fuzz_target!(|query: &str| {
    let read = link::read(query);
    let Some(puzzle) = read.puzzle else {
        return;
    };
    let solver = read.solver.unwrap_or_default();
    let progress = read.progress.as_ref();
    let written = link::Written {
        puzzle: &puzzle,
        progress,
        marks: &read.marks,
    };
    let written = link::write_view(written, solver, read.view, &read.race);
    let again = link::read(&written);
    // An empty board's link names only the board, and a plain 9×9 board not even that; a
    // killer is a puzzle by its cages alone.
    let named = puzzle.filled() > 0 || puzzle.is_killer();
    let expected = named.then_some(&puzzle);
    assert_eq!(again.puzzle.as_ref(), expected, "{written}");
    if named {
        assert_eq!(again.progress.as_ref(), progress, "{written}");
        // Marks are left out of a link that would grow too long with them.
        if written.contains("&m=") {
            assert_eq!(again.marks, read.marks, "{written}");
        }
    }
    let shape = again.shape.unwrap_or(Shape::CLASSIC);
    assert_eq!(shape, puzzle.shape(), "{written}");
    assert_eq!(again.view, read.view, "{written}");
    if read.view == link::View::Race {
        assert_eq!(again.race, read.race, "{written}");
    }
    assert!(again.problem.is_none(), "{written}: {:?}", again.problem);
});
