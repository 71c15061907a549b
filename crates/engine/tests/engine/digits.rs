//! The digit classifier agrees with the network the training script trained, reads real cells
//! of newspaper photos, and always answers with probabilities.

use sudoku_engine::read::digits::{CLASSES, classify};
use sudoku_engine::read::{PATCH, Patch};

fn data(name: &str) -> String {
    let path = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The non-comment lines of a data file, split at white space.
fn rows(name: &str) -> Vec<Vec<String>> {
    (data(name).lines())
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect()
}

fn patch(hex: &str) -> Patch {
    let bytes: Vec<u8> = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex"))
        .collect();
    bytes.try_into().expect("a whole patch")
}

fn assert_probabilities(p: &[f32; CLASSES]) {
    assert!(p.iter().all(|&v| (0.0..=1.0).contains(&v)), "{p:?}");
    let total: f32 = p.iter().sum();
    assert!((total - 1.0).abs() < 1e-5, "sum {total}");
}

#[test]
fn rust_agrees_with_pytorch() {
    let rows = rows("digits_parity.txt");
    assert!(rows.len() >= 4);
    for row in rows {
        let want: Vec<f32> = row[1..].iter().map(|v| v.parse().expect("float")).collect();
        let got = classify(&patch(&row[0]));
        for (g, w) in got.iter().zip(&want) {
            assert!((g - w).abs() < 1e-4, "got {got:?}, PyTorch {want:?}");
        }
    }
}

#[test]
fn reads_real_cells_of_training_photos() {
    let rows = rows("digits_cells.txt");
    assert_eq!(rows.len(), CLASSES, "an empty cell and one of each symbol");
    for row in rows {
        let label: usize = row[0].parse().expect("label");
        let p = classify(&patch(&row[1]));
        let best = (0..CLASSES).max_by(|&a, &b| p[a].total_cmp(&p[b]));
        assert_eq!(best, Some(label), "{p:?}");
    }
}

#[test]
fn answers_are_probabilities_for_any_patch() {
    let mut noise = [0u8; PATCH * PATCH];
    let mut state = 7u32;
    for v in &mut noise {
        state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        *v = (state >> 24) as u8;
    }
    let mut half = [255u8; PATCH * PATCH];
    half[..PATCH * PATCH / 2].fill(0);
    for p in [
        [0; PATCH * PATCH],
        [255; PATCH * PATCH],
        [128; PATCH * PATCH],
        noise,
        half,
    ] {
        assert_probabilities(&classify(&p));
    }
}

#[test]
fn a_blank_sheet_is_an_empty_cell() {
    let p = classify(&[230; PATCH * PATCH]);
    assert!(p[0] > 0.9, "{p:?}");
}
