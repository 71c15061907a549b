//! Real numbers written out with integer arithmetic. Everything the page shows goes through
//! here rather than the standard library's float formatting, which would add its exact decimal
//! conversion (some 15 kB) to the page's wasm; rounding is half away from zero, as people round.

/// `x` with `decimals` (at most 4) digits after the point, rounded half away from zero: "1.23";
/// beyond a thousand million million, as a power of ten: "8.3e133". The page
/// writes its numbers with this rather than `format!("{x:.2}")`, whose exact decimal
/// conversion is some 15 kB of the page's wasm (docs/BENCHMARKS.md).
pub fn fixed(x: f64, decimals: u32) -> String {
    if !x.is_finite() {
        return (if x.is_nan() {
            "NaN"
        } else if x > 0.0 {
            "∞"
        } else {
            "−∞"
        })
        .to_string();
    }
    if x.abs() >= 1e15 {
        // Only a refused value is this large: its magnitude is what matters.
        // `powi`, not `powf`: libm's `pow` would cost the page's wasm 2 kB.
        let exponent = x.abs().log10().floor() as i32;
        return format!("{}e{exponent}", fixed(x / 10_f64.powi(exponent), 1));
    }
    let unit = 10_u64.pow(decimals.min(4));
    let scaled = (x.abs() * unit as f64).round() as u64;
    let sign = if x < 0.0 && scaled > 0 { "-" } else { "" };
    let whole = scaled / unit;
    match decimals.min(4) {
        0 => format!("{sign}{whole}"),
        d => format!(
            "{sign}{whole}.{:0width$}",
            scaled % unit,
            width = d as usize
        ),
    }
}

/// `x` in scientific notation with `decimals` digits after the point, as `{:.3e}` writes it:
/// "1.235e6", "-4.0e-3", "0.000e0".
pub fn scientific(x: f64, decimals: u32) -> String {
    if !x.is_finite() || x == 0.0 {
        return fixed(x, decimals) + if x == 0.0 { "e0" } else { "" };
    }
    let mut exponent = x.abs().log10().floor() as i32;
    let mut mantissa = fixed(x / 10_f64.powi(exponent), decimals);
    // Rounding can carry into a new digit: 9.9996 to three places is 10.000.
    if mantissa.trim_start_matches('-').starts_with("10") {
        exponent += 1;
        mantissa = fixed(x / 10_f64.powi(exponent), decimals);
    }
    format!("{mantissa}e{exponent}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_points_round_as_people_do_and_agree_with_rust_off_the_halves() {
        assert_eq!(fixed(1.234, 2), "1.23");
        assert_eq!(fixed(0.995, 1), "1.0");
        assert_eq!(fixed(-2.5, 0), "-3");
        assert_eq!(fixed(-0.001, 2), "0.00", "no negative zero");
        assert_eq!(fixed(12.0, 3), "12.000");
        assert_eq!(fixed(f64::NAN, 2), "NaN");
        assert_eq!(fixed(f64::NEG_INFINITY, 1), "−∞");
        assert_eq!(fixed(8.298e133, 1), "8.3e133");
        assert_eq!(fixed(-1e300, 2), "-1.0e300");
        // Anywhere else it says what `{:.N}` says, to the last digit or one off at a half.
        let mut x = 0.000_37_f64;
        while x < 1e9 {
            for d in 0..5 {
                let (ours, rust) = (fixed(-x, d), format!("{:.*}", d as usize, -x));
                let gap = (ours.parse::<f64>().unwrap() - rust.parse::<f64>().unwrap()).abs();
                assert!(
                    gap <= 1.000_001 * 10_f64.powi(-(d as i32)),
                    "{x} {d}: {ours} {rust}"
                );
                let unsigned = |s: &str| s.trim_start_matches('-').len();
                assert_eq!(unsigned(&ours), unsigned(&rust), "{x} {d}: {ours} {rust}");
            }
            x *= 1.37;
        }
    }

    #[test]
    fn scientific_notation_is_what_rust_writes_off_the_halves() {
        assert_eq!(scientific(1_234_567.0, 3), "1.235e6");
        assert_eq!(scientific(-0.004, 1), "-4.0e-3");
        assert_eq!(scientific(0.0, 3), "0.000e0");
        assert_eq!(scientific(9.9996, 3), "1.000e1");
        let mut x = 3.7e-6_f64;
        while x < 1e30 {
            assert_eq!(scientific(x, 3), format!("{x:.3e}"), "{x}");
            x *= 7.31;
        }
    }
}
