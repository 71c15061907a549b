//! The page's side effects on the browser's history and focus: the address bar follows the
//! page, Back and Forward bring an entry back, and typing a digit moves the keyboard focus on.

use crate::dom::address;
use crate::dom::cells::focus_cell;
use sudoku_page::link;
use sudoku_page::page::{Action, Address};
use yew::prelude::*;

/// Keeps the address bar on `address`: typing replaces the entry, loading and Clear add one. A
/// board with something on it is also kept for the home-screen icon.
#[hook]
pub fn use_address_bar(address: Address) {
    use_effect_with(address, |a| {
        address::show(&a.query, a.push);
        if a.keep {
            address::keep(&a.query);
        }
    });
}

/// Gives the keyboard focus to the cell `focus` names, each time it asks anew.
#[hook]
pub fn use_focus(focus: Option<(u64, usize)>) {
    use_effect_with(focus, |focus| {
        if let Some((_, cell)) = focus {
            focus_cell(*cell);
        }
    });
}

/// Back and Forward open the link of the entry they reach.
#[hook]
pub fn use_popstate(dispatch: Callback<Action>) {
    use_effect_with((), move |_| {
        let listener = web_sys::window().map(|window| {
            gloo_events::EventListener::new(&window, "popstate", move |_| {
                dispatch.emit(Action::Open(link::read(&address::query())));
            })
        });
        move || drop(listener)
    });
}
