//! A cell's variables as the page's `data-spins` and `data-levels` attributes carry them: the
//! strings the browser tests read.

use sudoku_engine::step::level_of;

/// A cell's levels as text: one decimal character per digit.
pub fn level_text(packed: u128, size: usize) -> String {
    (0..size)
        .map(|d| char::from(b'0' + level_of(packed, d)))
        .collect()
}

/// A cell's spins as text: one character per digit of a board of `size` digits, `1` for a spin
/// up and `0` for down.
pub fn spin_text(up: u32, size: usize) -> String {
    (0..size)
        .map(|d| if up >> d & 1 == 1 { '1' } else { '0' })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_text_has_one_shade_per_digit_first_digit_first() {
        assert_eq!(level_text(0x9_5100, 7), "0015900");
    }

    #[test]
    fn spin_text_has_one_character_per_digit() {
        assert_eq!(spin_text(0b1_0000_0101, 9), "101000001");
        assert_eq!(spin_text(1 << 15, 16), "0000000000000001");
    }
}
