//! A dialog opened by a button: whether it is open, and closing it gives that button the focus
//! back, where the keyboard and a screen reader left off.

use yew::prelude::*;

pub struct Opener {
    pub open: bool,
    /// The button that opens the dialog.
    pub button: NodeRef,
    pub on_open: Callback<()>,
    pub on_close: Callback<()>,
}

#[hook]
pub fn use_opener() -> Opener {
    let open = use_state_eq(|| false);
    let button = use_node_ref();
    let on_open = {
        let open = open.clone();
        Callback::from(move |()| open.set(true))
    };
    // The focus goes back once the dialog is gone: while it is there, the page under it may be
    // hidden, its button with it.
    let was_open = use_mut_ref(|| false);
    {
        let button = button.clone();
        use_effect_with(*open, move |&open| {
            let was = was_open.replace(open);
            if was
                && !open
                && let Some(button) = button.cast::<web_sys::HtmlElement>()
            {
                drop(button.focus());
            }
        });
    }
    let on_close = {
        let open = open.clone();
        Callback::from(move |()| open.set(false))
    };
    Opener {
        open: *open,
        button,
        on_open,
        on_close,
    }
}
