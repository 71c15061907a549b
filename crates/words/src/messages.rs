//! The notes the page's own machinery writes: sharing the link, copying the benchmark's table,
//! and the benchmark before its first run.

/// The title a shared link carries.
pub const SHARE_TITLE: &str = "A Sudoku puzzle";

/// The system's share sheet took the link.
pub const LINK_SHARED: &str = "Link shared.";

/// What the benchmark says before its first run.
pub const BENCH_IDLE: &str = "Choose a sample and solvers, then Run.";

/// The link went to the clipboard (a short note: the link itself would fill a phone's screen).
pub const LINK_COPIED: &str = "Link copied.";

/// Why the browser did not share or copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyRefusal {
    /// The page has no window (it is not in a browser tab).
    NoWindow,
    /// The browser offers no clipboard to write to.
    NoClipboard,
    /// The browser, or the person through it, did not allow it.
    NotAllowed,
}

fn why_not(refusal: CopyRefusal) -> &'static str {
    match refusal {
        CopyRefusal::NoWindow => "no browser window",
        CopyRefusal::NoClipboard => "this browser cannot copy",
        CopyRefusal::NotAllowed => "the browser did not allow copying",
    }
}

/// The link could not be shared: it stays up to copy by hand.
pub fn share_failed(why: CopyRefusal, url: &str) -> String {
    format!("Could not share ({}). The link: {url}", why_not(why))
}

/// Whether the benchmark's table reached the clipboard (`Err`: why not).
pub fn table_copied(copied: Result<(), CopyRefusal>) -> String {
    match copied {
        Ok(()) => "Table copied to the clipboard.".to_string(),
        Err(why) => format!(
            "Could not copy ({}); select the table below instead.",
            why_not(why)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notes_read_as_the_page_wrote_them() {
        let url = "https://example.org/?p=1";
        assert_eq!(
            share_failed(CopyRefusal::NoWindow, url),
            "Could not share (no browser window). The link: https://example.org/?p=1"
        );
        assert_eq!(table_copied(Ok(())), "Table copied to the clipboard.");
        assert_eq!(
            table_copied(Err(CopyRefusal::NoClipboard)),
            "Could not copy (this browser cannot copy); select the table below instead."
        );
    }
}
