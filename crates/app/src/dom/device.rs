//! What the device is: how many cores it has for the benchmark's workers.

/// How many solvers run at once: one per core.
pub fn cores() -> usize {
    web_sys::window()
        .map_or(1, |w| w.navigator().hardware_concurrency() as usize)
        .max(1)
}
