//! The Share button: the link to the system's share sheet or the clipboard, and a note that
//! says what happened.

use crate::dom::address::{self, Shared};
use gloo_timers::callback::Timeout;
use sudoku_words as present;
use yew::prelude::*;

/// How long a note that the link was shared stays up.
const NOTE_MS: u32 = 5_000;

/// The note under the controls, and the callback that shares the page at `query`.
#[hook]
pub fn use_share(query: String) -> (String, Callback<MouseEvent>) {
    let note = use_state(String::new);
    // The pending clearing of a success note: replacing or dropping it cancels it.
    let timer = use_mut_ref(|| None::<Timeout>);
    let share = {
        let note = note.clone();
        Callback::from(move |_: MouseEvent| {
            let url = address::link_to(&query);
            let (note, timer) = (note.clone(), timer.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let (text, fades) = match address::share(&url, present::SHARE_TITLE).await {
                    Ok(Shared::Copied) => (present::LINK_COPIED.to_string(), true),
                    Ok(Shared::Sheet) => (present::LINK_SHARED.to_string(), true),
                    Ok(Shared::Cancelled) => (String::new(), false),
                    // The link stays up, for copying by hand.
                    Err(why) => (present::share_failed(why, &url), false),
                };
                note.set(text);
                let clear = fades.then(|| Timeout::new(NOTE_MS, move || note.set(String::new())));
                *timer.borrow_mut() = clear;
            });
        })
    };
    ((*note).clone(), share)
}
