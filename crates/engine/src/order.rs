//! Ordering short lists without the standard sorts: each type the standard library sorts adds
//! its own few kilobytes of sorting code to the wasm, where these add a few hundred bytes.

/// Sorts `v` stably by `less` (a strict order), by insertion: for short lists (a hint's cells,
/// a reading's inks), where it is as quick as the standard sort and gives the same order.
pub fn sort_by<T>(v: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && less(&v[j], &v[j - 1]) {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// The first `keep` of `items` sorted stably by `less`, as sorting them all and truncating would
/// leave them, holding no more than `keep` at a time.
pub fn first_by<T>(
    items: impl IntoIterator<Item = T>,
    keep: usize,
    mut less: impl FnMut(&T, &T) -> bool,
) -> Vec<T> {
    let mut kept: Vec<T> = Vec::new();
    for item in items {
        // After every kept item it is not less than: equal ones keep their order.
        let at = kept.partition_point(|k| !less(&item, k));
        if at < keep {
            if kept.len() == keep {
                kept.pop();
            }
            kept.insert(at, item);
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pairs whose first halves repeat, so stability shows in the second halves.
    fn pairs(seed: u64, n: usize) -> Vec<(u8, usize)> {
        let mut x = seed;
        (0..n)
            .map(|i| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((x >> 60) as u8, i)
            })
            .collect()
    }

    #[test]
    fn sorts_as_the_standard_stable_sort() {
        for (seed, n) in (0..40).map(|s| (s, s as usize * 3)) {
            let mut ours = pairs(seed, n);
            let mut theirs = ours.clone();
            sort_by(&mut ours, |a, b| a.0 < b.0);
            theirs.sort_by_key(|p| p.0);
            assert_eq!(ours, theirs);
        }
    }

    #[test]
    fn keeps_the_first_of_the_standard_stable_sort() {
        for (seed, n) in (0..40).map(|s| (s, s as usize * 5)) {
            for keep in [0, 1, 3, 24, 1000] {
                let items = pairs(seed, n);
                let mut theirs = items.clone();
                theirs.sort_by_key(|p| std::cmp::Reverse(p.0));
                theirs.truncate(keep);
                assert_eq!(first_by(items, keep, |a, b| a.0 > b.0), theirs);
            }
        }
    }
}
