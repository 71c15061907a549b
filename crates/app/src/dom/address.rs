//! The address bar as the puzzle's home: read it at start and on Back/Forward, keep it in step
//! with the grid, and hand the link to the system's share sheet or the clipboard.

use js_sys::{Function, Object, Promise, Reflect};
use sudoku_words::CopyRefusal;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// The query string the page was opened with (or moved to by Back/Forward).
pub fn query() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// The query the installed app starts with (the manifest's `start_url`): a home-screen icon
/// has no address to carry the board, so the last one kept is taken up again.
const FROM_HOME: &str = "?from=home";

/// Where the last board is kept for the home-screen icon.
const LAST_KEY: &str = "ising-sudoku.last";

/// The query the page opens: the address's own, or, opened from the home screen, the board
/// the person last had.
pub fn opening() -> String {
    let query = query();
    match query == FROM_HOME {
        true => storage()
            .and_then(|s| s.get_item(LAST_KEY).ok().flatten())
            .unwrap_or(query),
        false => query,
    }
}

/// Keeps `query` as the board the home-screen icon opens next; a browser that refuses storage
/// loses only that.
pub fn keep(query: &str) {
    if let Some(storage) = storage() {
        let _ = storage.set_item(LAST_KEY, query);
    }
}

/// The page's local storage, where the browser allows it (not in every private window).
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Puts `query` in the address bar: as a new history entry (`push`) or in place of the current
/// one, so that typing does not flood the history. A no-op when it is already there.
pub fn show(query: &str, push: bool) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let path = location.pathname().unwrap_or_default();
    if location.search().ok().as_deref() == Some(query) {
        return;
    }
    let url = format!("{path}{query}");
    if let Ok(history) = window.history() {
        let _ = if push {
            history.push_state_with_url(&JsValue::NULL, "", Some(&url))
        } else {
            history.replace_state_with_url(&JsValue::NULL, "", Some(&url))
        };
    }
}

/// The page's full address for `query`.
pub fn link_to(query: &str) -> String {
    let location = web_sys::window().map(|w| w.location());
    let origin = location
        .as_ref()
        .and_then(|l| l.origin().ok())
        .unwrap_or_default();
    let path = location.and_then(|l| l.pathname().ok()).unwrap_or_default();
    format!("{origin}{path}{query}")
}

/// How a link was handed on.
pub enum Shared {
    /// Through the system's share sheet.
    Sheet,
    /// Copied to the clipboard.
    Copied,
    /// The user closed the share sheet.
    Cancelled,
}

/// Shares `url` with the Web Share API where the browser has it, else copies it to the clipboard.
pub async fn share(url: &str, title: &str) -> Result<Shared, CopyRefusal> {
    let navigator: JsValue = (web_sys::window().ok_or(CopyRefusal::NoWindow)?)
        .navigator()
        .into();
    if let Some(share) = method(&navigator, "share") {
        let data = Object::new();
        let _ = Reflect::set(&data, &"url".into(), &url.into());
        let _ = Reflect::set(&data, &"title".into(), &title.into());
        return match call_promise(&share, &navigator, &data).await {
            Ok(_) => Ok(Shared::Sheet),
            Err(e) if error_name(&e) == "AbortError" => Ok(Shared::Cancelled),
            Err(_) => copy(&navigator, url).await,
        };
    }
    copy(&navigator, url).await
}

async fn copy(navigator: &JsValue, url: &str) -> Result<Shared, CopyRefusal> {
    write_clipboard(navigator, url)
        .await
        .map(|()| Shared::Copied)
}

/// Copies `text` to the clipboard.
pub async fn copy_text(text: &str) -> Result<(), CopyRefusal> {
    let navigator: JsValue = (web_sys::window().ok_or(CopyRefusal::NoWindow)?)
        .navigator()
        .into();
    write_clipboard(&navigator, text).await
}

async fn write_clipboard(navigator: &JsValue, text: &str) -> Result<(), CopyRefusal> {
    let clipboard =
        Reflect::get(navigator, &"clipboard".into()).map_err(|_| CopyRefusal::NoClipboard)?;
    let write = method(&clipboard, "writeText").ok_or(CopyRefusal::NoClipboard)?;
    call_promise(&write, &clipboard, &text.into())
        .await
        .map(|_| ())
        .map_err(|_| CopyRefusal::NotAllowed)
}

/// `object[name]` when it is a function.
fn method(object: &JsValue, name: &str) -> Option<Function> {
    Reflect::get(object, &name.into())
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok())
}

async fn call_promise(f: &Function, this: &JsValue, arg: &JsValue) -> Result<JsValue, JsValue> {
    let promise = f.call1(this, arg)?.dyn_into::<Promise>()?;
    JsFuture::from(promise).await
}

fn error_name(error: &JsValue) -> String {
    Reflect::get(error, &"name".into())
        .ok()
        .and_then(|n| n.as_string())
        .unwrap_or_default()
}
