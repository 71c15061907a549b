//! The page's clock and its fresh seeds.

thread_local! {
    /// The page's clock, looked up once: the frame loop and the benchmarks read it per tick and
    /// per puzzle, and each lookup is a call into the page.
    static PERFORMANCE: Option<web_sys::Performance> =
        web_sys::window().and_then(|w| w.performance());
}

/// Milliseconds on the page's monotonic clock (0 where the page has none).
pub fn now_ms() -> f64 {
    PERFORMANCE.with(|p| p.as_ref().map_or(0.0, |p| p.now()))
}

/// A seed for a run from the browser's cryptographic random source (through `getrandom`); on the
/// unheard-of browser without one, the clock. 32 bits: plenty to name runs, and short enough to
/// type into `sudoku solve --seed`.
pub fn fresh_seed() -> u64 {
    getrandom::u32().map_or_else(|_| now_ms() as u64, u64::from)
}
