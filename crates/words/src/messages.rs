//! The notes the page's own machinery writes: sharing the link, copying the benchmark's table,
//! the benchmark before its first run, and a worker that failed.

/// The title a shared link carries.
pub const SHARE_TITLE: &str = "A Sudoku puzzle";

/// The system's share sheet took the link.
pub const LINK_SHARED: &str = "Link shared.";

/// What the benchmark says before its first run.
pub const BENCH_IDLE: &str = "Choose a sample and solvers, then Run.";

/// The link went to the clipboard: it is shown too.
pub fn link_copied(url: &str) -> String {
    format!("Link copied to the clipboard: {url}")
}

/// The link could not be shared (`why`, in the browser's words): it stays up to copy by hand.
pub fn share_failed(why: &str, url: &str) -> String {
    format!("Could not share ({why}). The link: {url}")
}

/// Whether the benchmark's table reached the clipboard (`Err`: why not).
pub fn table_copied(copied: Result<(), &str>) -> String {
    match copied {
        Ok(()) => "Table copied to the clipboard.".to_string(),
        Err(why) => format!("Could not copy ({why}); select the table below instead."),
    }
}

/// Why a worker failed, from the browser's error message (empty: it never loaded).
pub fn worker_failed(message: &str) -> String {
    if message.is_empty() {
        "its worker could not load".to_string()
    } else {
        format!("its worker failed ({message})")
    }
}

/// No worker could start (`why`, as the browser reported it).
pub fn worker_not_started(why: &str) -> String {
    format!("no worker could start ({why})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notes_read_as_the_page_wrote_them() {
        let url = "https://example.org/?p=1";
        assert_eq!(
            link_copied(url),
            "Link copied to the clipboard: https://example.org/?p=1"
        );
        assert_eq!(
            share_failed("no window", url),
            "Could not share (no window). The link: https://example.org/?p=1"
        );
        assert_eq!(table_copied(Ok(())), "Table copied to the clipboard.");
        assert_eq!(
            table_copied(Err("no clipboard")),
            "Could not copy (no clipboard); select the table below instead."
        );
        assert_eq!(worker_failed(""), "its worker could not load");
        assert_eq!(worker_failed("oops"), "its worker failed (oops)");
        assert_eq!(worker_not_started("x"), "no worker could start (x)");
    }
}
