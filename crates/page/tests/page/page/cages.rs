//! Killers on the page: opened from a link, drawn by hand in cage mode, solved, checked and
//! taken back by Undo, their cages kept through all of it.

use super::*;
use sudoku_engine::board::Digit;
use sudoku_engine::generate::killer_many;
use sudoku_engine::registry::SolverKind;
use sudoku_page::page::{CageDraft, CageEdit, CageMark};

/// A killer without givens and its solution.
pub(super) fn killer(seed: u64) -> (Grid, Grid) {
    killer_many(Shape::CLASSIC, 0, seed, 1)
        .expect("a killer")
        .remove(0)
}

#[test]
fn a_killer_from_a_link_shows_its_cages_and_the_default_annealer_solves_it_keeping_them() {
    let (puzzle, solution) = killer(3);
    let mut page = open(&link::write(&puzzle, SolverKind::default()));
    assert_eq!(page.status.phase, Phase::Idle, "{}", page.status.message);
    assert!(
        page.status.message.contains("Killer loaded"),
        "{}",
        page.status.message
    );
    let cells = page.cells();
    for (i, cage) in puzzle.cages().iter().enumerate() {
        for cell in cage.cells() {
            let mark = cells[cell].cage.expect("caged");
            assert_eq!(mark.index, i);
            assert_eq!(mark.sum, (cell == cage.first()).then_some(cage.sum()));
        }
        // The first cell is the top left: its top and left sides are the cage's outline.
        let edges = cells[cage.first()].cage.map_or(0, |m| m.edges);
        assert_eq!(
            edges & (CageMark::TOP | CageMark::LEFT),
            CageMark::TOP | CageMark::LEFT
        );
    }
    // At the page's default pace, as a person watches it: the cooling takes many frames.
    solve(&mut page, 5);
    run_frames(&mut page, 100_000);
    assert_eq!(page.status.phase, Phase::Solved, "{}", page.status.message);
    let shown: Vec<Option<u8>> = page.cells().iter().map(|c| c.digit).collect();
    assert!((0..81).all(|c| shown[c] == solution.get(c)));
    assert_eq!(page.board.sheet.cages(), puzzle.cages());
    assert!(page.address.query.contains("k="));
    // The figures tell the sum penalty's part of the energy: none left.
    let figures = page.figures();
    let cage_part = figures
        .iter()
        .find(|(name, _)| name.starts_with("Cage sums"));
    assert_eq!(
        cage_part.map(|(_, value)| value.as_str()),
        Some("0"),
        "{figures:?}"
    );
    // The plot draws the penalty's history, down to none at the end.
    let (_, trace) = page.trace().expect("plotted");
    assert!(trace.cages.len() > 1, "{:?}", trace.cages);
    assert_eq!(trace.cages.last().map(|c| c.1), Some(0.0));
    assert!(
        trace.cages.iter().any(|c| c.1 > 0.0),
        "the sums were missed at first"
    );
}

#[test]
fn check_on_a_killer_without_givens_compares_the_progress_with_its_solution() {
    let (puzzle, solution) = killer(4);
    let mut page = open(&link::write(&puzzle, kind("exact")));
    let wrong = solution.get(0).map(|d| d % 9 + 1);
    page.apply(Action::Edit(Edit::Typed {
        cell: 0,
        text: wrong.map(|d| d.to_string()).unwrap_or_default(),
    }));
    assert_eq!(page.cells()[0].source, Source::Progress);
    page.apply(Action::Check);
    WORKER.with(|worker| worker.borrow_mut().settle(&mut page));
    assert!(page.cells()[0].wrong, "{}", page.status.message);
    assert_eq!(
        page.board.sheet.givens.filled(),
        0,
        "progress stays progress"
    );
}

#[test]
fn cages_drawn_by_hand_go_on_the_board_as_undo_steps_and_travel_in_the_link() {
    let mut page = open("");
    page.apply(Action::Cage(CageEdit::Start));
    page.apply(Action::Cage(CageEdit::Cell(0)));
    page.apply(Action::Cage(CageEdit::Drag(1)));
    page.apply(Action::Cage(CageEdit::Drag(1)));
    // Digits typed or tapped write the sum; Erase takes the last back.
    for key in [Some(1), Some(7), None, Some(0)] {
        page.apply(Action::Pad(key));
    }
    let draft = page.board.caging.clone().expect("cage mode");
    assert_eq!((draft.cells, draft.sum.as_str()), (vec![0, 1], "10"));
    assert!(page.cells()[1].drafted);
    page.apply(Action::Cage(CageEdit::Add));
    assert_eq!(page.hint(), "");
    assert_eq!(page.board.sheet.cages().len(), 1);
    assert!(
        page.address.query.contains("k=10r1c1r1c2"),
        "{}",
        page.address.query
    );
    assert!(
        page.status.message.contains("1 cage"),
        "{}",
        page.status.message
    );
    // A cage no board keeps is refused, with the reason; the board is as it was.
    page.apply(Action::Cage(CageEdit::Cell(9)));
    page.apply(Action::Edit(Edit::Typed {
        cell: 10,
        text: " ".into(),
    }));
    page.apply(Action::Edit(Edit::Typed {
        cell: 10,
        text: "2".into(),
    }));
    page.apply(Action::Cage(CageEdit::Add));
    assert!(
        page.hint().contains("sum to 3 to 17, not 2"),
        "{}",
        page.hint()
    );
    assert_eq!(page.board.sheet.cages().len(), 1);
    // A cell of another cage is refused while a cage is drawn.
    page.apply(Action::Cage(CageEdit::Cell(0)));
    assert!(page.hint().contains("another cage"), "{}", page.hint());
    // Picked from an empty draft, a cage can be removed; Undo brings it back.
    page.apply(Action::Cage(CageEdit::Remove));
    page.apply(Action::Cage(CageEdit::Cell(1)));
    assert_eq!(page.board.caging.as_ref().and_then(|d| d.picked), Some(0));
    page.apply(Action::Cage(CageEdit::Remove));
    assert!(page.board.sheet.cages().is_empty());
    page.apply(Action::Cage(CageEdit::Stop));
    page.apply(Action::Undo);
    assert_eq!(page.board.sheet.cages().len(), 1);
    assert_eq!(page.cells()[0].cage.and_then(|m| m.sum), Some(10));
}

#[test]
fn add_cage_with_no_cell_tapped_says_to_tap_them_first() {
    let mut page = open("");
    page.apply(Action::Cage(CageEdit::Start));
    page.apply(Action::Cage(CageEdit::Add));
    let note = page.cage_note().unwrap_or_default();
    assert!(note.contains("Tap the cage's cells first"), "{note}");
}

#[test]
fn digits_typed_before_the_first_cage_become_its_givens() {
    let mut page = open("");
    page.apply(Action::Edit(Edit::Typed {
        cell: 80,
        text: "9".into(),
    }));
    assert!(page.board.sheet.typed());
    page.apply(Action::Cage(CageEdit::Start));
    page.apply(Action::Cage(CageEdit::Cell(0)));
    page.apply(Action::Edit(Edit::Typed {
        cell: 0,
        text: "5".into(),
    }));
    page.apply(Action::Cage(CageEdit::Add));
    assert!(!page.board.sheet.typed());
    assert_eq!(page.board.sheet.givens.get(80), Some(9));
    assert_eq!(page.board.sheet.entries.get(0), None, "the sum is no digit");
}

#[test]
fn an_l_shaped_cage_turns_in_at_its_inner_corner() {
    let mut page = open("?k=11r1c1r1c2r2c2");
    let mark = |cell: usize| page.cells()[cell].cage.expect("caged");
    let (top, right, bottom, left) = (
        CageMark::TOP,
        CageMark::RIGHT,
        CageMark::BOTTOM,
        CageMark::LEFT,
    );
    assert_eq!((mark(0).edges, mark(0).corners), (top | bottom | left, 0));
    assert_eq!(
        (mark(1).edges, mark(1).corners),
        (top | right, bottom | left)
    );
    assert_eq!(
        (mark(10).edges, mark(10).corners),
        (right | bottom | left, 0)
    );
    assert_eq!(mark(0).sum, Some(11));
    page.apply(Action::Clear);
    assert!(page.cells().iter().all(|c| c.cage.is_none()));
}

#[test]
fn a_killers_pencil_marks_keep_to_its_cages_and_never_lose_the_solution() {
    let (puzzle, solution) = killer(3);
    let mut page = open(&link::write(&puzzle, SolverKind::default()));
    page.apply(Action::ShowMarks(true));
    let cells = page.cells();
    let mut narrowed = 0;
    for cage in puzzle.cages().iter() {
        for cell in cage.cells() {
            let marks = cells[cell].marks;
            let right = solution.get(cell).and_then(Digit::new).expect("solved");
            assert!(marks.contains(right), "cell {cell} lost its digit");
            if cage.cells().count() == 1 {
                assert_eq!(marks.len(), 1, "a one-cell cage's sum is its digit");
            }
            narrowed += usize::from(marks.len() < 9);
        }
    }
    assert!(narrowed > 0, "the sums narrow some marks");
}

#[test]
fn typing_over_a_picked_cages_sum_replaces_it() {
    let (puzzle, _) = killer(3);
    let mut page = open(&link::write(&puzzle, SolverKind::default()));
    let cage = puzzle.cages().iter().next().expect("a cage").clone();
    page.apply(Action::Cage(CageEdit::Start));
    page.apply(Action::Cage(CageEdit::Cell(cage.first())));
    let typed = |page: &mut Page, text: &str| {
        page.apply(Action::Edit(Edit::Typed {
            cell: cage.first(),
            text: text.into(),
        }))
    };
    typed(&mut page, "1");
    typed(&mut page, "2");
    let draft = page.board.caging.as_ref().expect("drawing");
    assert_eq!(draft.sum, "12", "the old sum {} is typed over", cage.sum());
}

#[test]
fn solve_adds_the_cage_being_drawn_and_refuses_while_its_sum_is_missing() {
    let mut page = open("");
    page.apply(Action::Cage(CageEdit::Start));
    page.apply(Action::Cage(CageEdit::Cell(0)));
    page.apply(Action::Cage(CageEdit::Cell(1)));
    page.apply(Action::Solve { seed: 1 });
    assert!(page.board.caging.is_some(), "no sum yet: still drawing");
    assert!(page.board.sheet.cages().is_empty());
    assert!(!page.running());
    page.apply(Action::Edit(Edit::Typed {
        cell: 1,
        text: "7".into(),
    }));
    page.apply(Action::Solve { seed: 1 });
    assert_eq!(page.board.sheet.cages().len(), 1, "the drawn cage is added");
    assert!(page.board.caging.is_none(), "the run leaves cage mode");
}

#[test]
fn done_adds_the_cage_being_drawn_and_stays_in_cage_mode_when_it_cannot() {
    let mut page = open("");
    let tap = |page: &mut Page, cell: usize| page.apply(Action::Cage(CageEdit::Cell(cell)));
    page.apply(Action::Cage(CageEdit::Start));
    assert!(
        page.status
            .message
            .starts_with("Drawing cages: 0 cages so far. Press Done"),
        "the status line says what to do in cage mode, not how to type a puzzle: {}",
        page.status.message
    );
    tap(&mut page, 0);
    tap(&mut page, 1);
    page.apply(Action::Pad(Some(9)));
    page.apply(Action::Cage(CageEdit::Stop));
    assert!(page.board.caging.is_none(), "{}", page.hint());
    assert!(
        page.status.message.starts_with("Killer: 1 cage"),
        "{}",
        page.status.message
    );
    assert_eq!(
        page.board.sheet.cages().len(),
        1,
        "Done adds the cage drawn"
    );
    assert!(
        page.address.query.contains("k=9r1c1r1c2"),
        "{}",
        page.address.query
    );
    // Two cells cannot sum to 2: Done keeps cage mode and says why; the board is as it was.
    page.apply(Action::Cage(CageEdit::Start));
    tap(&mut page, 9);
    tap(&mut page, 10);
    page.apply(Action::Pad(Some(2)));
    page.apply(Action::Cage(CageEdit::Stop));
    assert!(page.board.caging.is_some(), "still drawing");
    let ringed: Vec<usize> = (page.cells().iter().enumerate())
        .filter_map(|(cell, view)| view.refused.then_some(cell))
        .collect();
    assert_eq!(ringed, vec![9, 10], "the refused cage's cells stand out");
    assert!(
        page.cage_note()
            .is_some_and(|n| n.contains("sum to 3 to 17, not 2")),
        "{:?}",
        page.cage_note()
    );
    assert_eq!(page.board.sheet.cages().len(), 1);
    // The way out of the refused cage is Remove, offered for it: the cells go, and the next
    // cage drawn is a new one, not the refused one grown.
    assert!(page.board.caging.as_ref().is_some_and(CageDraft::removable));
    page.apply(Action::Cage(CageEdit::Remove));
    assert!(!page.board.caging.as_ref().is_some_and(CageDraft::removable));
    tap(&mut page, 30);
    tap(&mut page, 31);
    page.apply(Action::Pad(Some(5)));
    page.apply(Action::Cage(CageEdit::Stop));
    assert!(page.board.caging.is_none(), "{}", page.hint());
    let cages = page.board.sheet.cages();
    assert_eq!(cages.len(), 2);
    assert_eq!(cages[1].cells().collect::<Vec<_>>(), vec![30, 31]);
    assert_eq!(cages[1].sum(), 5);
}

#[test]
fn a_sum_typed_after_a_refused_one_replaces_it() {
    let mut page = open("");
    let tap = |page: &mut Page, cell: usize| page.apply(Action::Cage(CageEdit::Cell(cell)));
    page.apply(Action::Cage(CageEdit::Start));
    tap(&mut page, 0);
    tap(&mut page, 1);
    page.apply(Action::Pad(Some(2)));
    page.apply(Action::Cage(CageEdit::Add));
    assert!(page.hint().contains("not 2"), "{}", page.hint());
    // A person types the sum meant, not "2" followed by it.
    page.apply(Action::Pad(Some(1)));
    page.apply(Action::Pad(Some(7)));
    page.apply(Action::Cage(CageEdit::Stop));
    assert!(page.board.caging.is_none(), "{}", page.hint());
    let cages = page.board.sheet.cages();
    assert_eq!(cages.len(), 1);
    assert_eq!(cages[0].sum(), 17);
}

#[test]
fn a_solver_that_takes_no_cages_gives_way_to_the_default_on_a_killer() {
    let (puzzle, _) = killer(3);
    let hopfield = kind("hopfield");
    assert!(!hopfield.cages);
    let mut page = open(&link::write(&puzzle, hopfield));
    assert_eq!(page.solving.kind, SolverKind::default(), "from a link");
    let said = &page.status.message;
    assert!(
        said.contains("takes no killer cages: Solve now uses"),
        "{said}"
    );
    // Chosen on a plain board, it gives way once the first cage is drawn.
    let mut page_drawn = open("");
    page_drawn.apply(Action::Choose(hopfield));
    assert_eq!(page_drawn.solving.kind, hopfield);
    page_drawn.apply(Action::Cage(CageEdit::Start));
    page_drawn.apply(Action::Cage(CageEdit::Cell(0)));
    page_drawn.apply(Action::Pad(Some(5)));
    page_drawn.apply(Action::Cage(CageEdit::Add));
    assert_eq!(page_drawn.solving.kind, SolverKind::default());
    let said = &page_drawn.status.message;
    assert!(
        said.contains("” takes no killer cages: Solve now uses “Annealing (tuned)”."),
        "{said}"
    );
    assert!(
        !page_drawn.address.query.contains("hopfield"),
        "{}",
        page_drawn.address.query
    );
    page.apply(Action::Speed(Speed::Fastest));
    solve(&mut page, 1);
    assert!(page.running(), "{}", page.status.message);
}

#[test]
fn a_cage_the_givens_leave_no_digits_for_is_refused_with_the_reason() {
    // A 9 given in r1c1: two cells beside it in row 1 cannot make 17 (8 + 9) any more.
    let mut page = open(&format!("?p=9{}", ".".repeat(80)));
    let tap = |page: &mut Page, cell: usize| page.apply(Action::Cage(CageEdit::Cell(cell)));
    page.apply(Action::Cage(CageEdit::Start));
    tap(&mut page, 1);
    tap(&mut page, 2);
    page.apply(Action::Pad(Some(1)));
    page.apply(Action::Pad(Some(7)));
    page.apply(Action::Cage(CageEdit::Stop));
    assert!(page.board.caging.is_some(), "Done keeps cage mode open");
    assert!(page.board.sheet.cages().is_empty());
    assert_eq!(
        page.cage_note().as_deref(),
        Some(
            "That cage was not added: with the givens, no different digits in its cells make 17. \
             Change it, or press Remove to drop it, then Done or Solve."
        ),
    );
    let ringed = (page.cells().iter()).filter(|view| view.refused).count();
    assert_eq!(ringed, 2, "the refused cage's cells stand out");
    // 15 (7 + 8) can be made: the cage goes on, and Done leaves cage mode.
    page.apply(Action::Pad(None));
    page.apply(Action::Pad(None));
    page.apply(Action::Pad(Some(1)));
    page.apply(Action::Pad(Some(5)));
    page.apply(Action::Cage(CageEdit::Stop));
    assert!(page.board.caging.is_none(), "{:?}", page.cage_note());
    assert_eq!(page.board.sheet.cages().len(), 1);
}

#[test]
fn a_refused_cage_says_how_to_finish_and_its_refusal_goes_once_the_sum_changes() {
    let mut page = open("");
    page.apply(Action::Cage(CageEdit::Start));
    page.apply(Action::Cage(CageEdit::Cell(0)));
    page.apply(Action::Pad(Some(1)));
    page.apply(Action::Pad(Some(2)));
    page.apply(Action::Cage(CageEdit::Add));
    assert!(page.hint().contains("not 12"), "{}", page.hint());
    // Done and Solve cannot finish with it: each says why and what to do, not nothing new.
    for finish in [Action::Cage(CageEdit::Stop), Action::Solve { seed: 1 }] {
        page.apply(finish);
        assert!(page.board.caging.is_some() && !page.running());
        let said = page.hint();
        assert!(said.contains("not 12") && said.contains("Remove"), "{said}");
    }
    // Erase takes the sum back to 1: the refusal of 12 no longer holds, and is not shown.
    page.apply(Action::Pad(None));
    assert_eq!(page.hint(), "");
    assert!(page.cage_note().is_some_and(|n| !n.contains("12")));
}

#[test]
fn a_tap_away_from_a_refused_cage_starts_a_new_one() {
    let mut page = open("");
    let tap = |page: &mut Page, cell: usize| page.apply(Action::Cage(CageEdit::Cell(cell)));
    page.apply(Action::Cage(CageEdit::Start));
    tap(&mut page, 0);
    tap(&mut page, 1);
    page.apply(Action::Pad(Some(1)));
    page.apply(Action::Pad(Some(8)));
    page.apply(Action::Cage(CageEdit::Add));
    assert!(page.hint().contains("not 18"), "{}", page.hint());
    // r5c5 and r5c6, far from the refused r1c1 and r1c2: a new cage, the refused one dropped.
    tap(&mut page, 40);
    tap(&mut page, 41);
    let draft = page.board.caging.clone().expect("drawing");
    assert_eq!(draft.cells, vec![40, 41]);
    assert!(page.cells().iter().all(|c| !c.refused), "nothing ringed");
    page.apply(Action::Pad(Some(7)));
    page.apply(Action::Cage(CageEdit::Add));
    assert_eq!(page.hint(), "");
    let cages = page.board.sheet.cages();
    assert_eq!(cages.len(), 1);
    assert_eq!(
        (cages[0].cells().collect::<Vec<_>>(), cages[0].sum()),
        (vec![40, 41], 7)
    );
    // A tap beside a refused cage still grows it: three cells can make 18.
    tap(&mut page, 0);
    tap(&mut page, 1);
    page.apply(Action::Pad(Some(2)));
    page.apply(Action::Pad(Some(5)));
    page.apply(Action::Cage(CageEdit::Add));
    assert!(page.hint().contains("not 25"), "{}", page.hint());
    tap(&mut page, 2);
    page.apply(Action::Pad(Some(1)));
    page.apply(Action::Pad(Some(8)));
    page.apply(Action::Cage(CageEdit::Add));
    assert_eq!(page.hint(), "");
    let cages = page.board.sheet.cages();
    assert_eq!(cages[1].cells().collect::<Vec<_>>(), vec![0, 1, 2]);
}

#[test]
fn a_cage_in_pieces_is_refused_drawn_or_linked_and_the_rest_loads() {
    let mut page = open("");
    let tap = |page: &mut Page, cell: usize| page.apply(Action::Cage(CageEdit::Cell(cell)));
    page.apply(Action::Cage(CageEdit::Start));
    tap(&mut page, 0);
    tap(&mut page, 2);
    page.apply(Action::Pad(Some(4)));
    page.apply(Action::Cage(CageEdit::Add));
    assert!(page.hint().contains("in pieces"), "{}", page.hint());
    assert!(page.board.sheet.cages().is_empty());
    // From a link: the cage in pieces is named and left out; the one before it stays.
    let page = open("?k=3r1c1r1c2,17r1c4r3c1r3c2");
    assert_eq!(page.board.sheet.cages().len(), 1);
    assert!(
        page.status.message.contains("in pieces"),
        "{}",
        page.status.message
    );
}

#[test]
fn a_link_with_a_cage_left_out_quotes_it_and_keeps_the_address_until_the_puzzle_changes() {
    let given = "?k=3r1c1r1c2,10r5c5r7c7";
    let mut page = open(given);
    assert_eq!(page.board.sheet.cages().len(), 1, "the rest loads");
    let (problem, _) = page.status_parts();
    assert!(problem.contains("cage 2, “10r5c5r7c7”,"), "{problem}");
    assert_eq!(
        page.address.query, given,
        "the cage can be mended in the address"
    );
    page.apply(Action::Edit(Edit::Typed {
        cell: 80,
        text: "9".into(),
    }));
    assert!(
        page.address.query.contains("k=3r1c1r1c2") && !page.address.query.contains("r7c7"),
        "{}",
        page.address.query
    );
}
