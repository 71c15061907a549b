//! Numbers as people read them: thousands grouped, counts with their noun.

pub use sudoku_engine::decimal::fixed;
use sudoku_engine::spec::Noun;

/// `50000` as `50,000`.
pub fn group_thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::from(if n < 0 { "-" } else { "" });
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A count with its noun, for figures said in sentences: "1 restart", "3 restarts", "50,000
/// flips".
pub fn counted(noun: Noun, n: u64) -> String {
    let word = if n == 1 { noun.one } else { noun.many };
    format!("{} {word}", group_thousands(n as i64))
}

/// A time for people: milliseconds below a tenth of a second ("1.4 ms"), else seconds. A
/// browser's clock is coarse, so anything under a tenth of a millisecond says only that.
pub fn duration(ms: f64) -> String {
    if ms < 0.1 {
        "under 0.1 ms".to_string()
    } else if ms < 100.0 {
        format!("{} ms", fixed(ms, 1))
    } else {
        format!("{} s", fixed(ms / 1000.0, 2))
    }
}

/// A rate of `noun` per second, rounded: "1,234,567 flips/s".
pub fn rate(noun: Noun, per_second: f64) -> String {
    format!(
        "{} {}/s",
        group_thousands(per_second.round() as i64),
        noun.many
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped_on_both_sides_of_zero() {
        assert_eq!(group_thousands(1_234_567), "1,234,567");
        assert_eq!(group_thousands(-29_874), "-29,874");
        assert_eq!(group_thousands(999), "999");
    }

    #[test]
    fn a_count_of_one_takes_the_singular() {
        let restart = Noun {
            one: "restart",
            many: "restarts",
        };
        assert_eq!(counted(restart, 1), "1 restart");
        assert_eq!(counted(restart, 50_000), "50,000 restarts");
    }

    #[test]
    fn times_below_a_tenth_of_a_second_are_milliseconds_and_rates_are_rounded() {
        assert_eq!(duration(1.44), "1.4 ms");
        assert_eq!(duration(0.1), "0.1 ms");
        assert_eq!(duration(0.04), "under 0.1 ms");
        assert_eq!(duration(0.0), "under 0.1 ms");
        assert_eq!(duration(1_234.0), "1.23 s");
        let flip = Noun {
            one: "flip",
            many: "flips",
        };
        assert_eq!(rate(flip, 1_234_566.6), "1,234,567 flips/s");
    }
}
