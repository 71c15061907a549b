//! Cuts the cell patches of a photo collection for training the digit classifier
//! (`tools/digits/train.py` runs it).
//!
//! `read_cells DATASET LIST OUT [--marked]`: for each photo named in `DATASET/LIST` (one
//! `images/NAME.jpg` a line, its puzzle in `images/NAME.dat`, its hand-marked corners in
//! `DATASET/outlines_sorted.csv`), appends to `OUT` each of its 81 cells, row by row, as one
//! label byte (0 blank, 1 to 9) then `PATCH × PATCH` grey bytes. The outline is the reader's
//! own, or with `--marked` the hand-marked one (wrong on some of the 960×1280 photos); photos
//! without the outline asked for are skipped. Prints the
//! corner error of the reader's outline against the hand-marked one, per photo, to stderr.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    native::main()
}

/// Natively only: it decodes photos with the command line's decoder.
mod native {
    use std::collections::HashMap;
    use std::io::Write;
    use std::path::Path;
    use sudoku_cli::photo;
    use sudoku_engine::read::{self, PATCH, Point, Quad};

    pub fn main() -> Result<(), Box<dyn std::error::Error>> {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let [dataset, list, out, rest @ ..] = args.as_slice() else {
            return Err("usage: read_cells DATASET LIST OUT [--marked]".into());
        };
        let marked_only = rest.iter().any(|a| a == "--marked");
        let dataset = Path::new(dataset);
        let marked = outlines(&dataset.join("outlines_sorted.csv"))?;
        let names = std::fs::read_to_string(dataset.join(list)).map_err(|e| e.to_string())?;
        let mut bytes = Vec::new();
        for name in names.split_whitespace() {
            let picture = photo::load(&dataset.join(name))?;
            let labels = photo::dataset_puzzle(&dataset.join(name.replace(".jpg", ".dat")))?;
            let hand = marked.get(name).copied();
            let own = read::find_grid(&picture);
            match (own, hand) {
                (Some(own), Some(hand)) => eprintln!("{name}\t{:.1}", corner_error(&own, &hand)),
                (None, _) => eprintln!("{name}\tnone"),
                (_, None) => eprintln!("{name}\tunmarked"),
            }
            let Some(outline) = (if marked_only { hand } else { own }) else {
                continue;
            };
            let patches = read::cell_patches(&picture, &outline, 9).ok_or("degenerate outline")?;
            for (label, patch) in labels.iter().zip(&patches) {
                bytes.push(*label);
                bytes.extend_from_slice(patch);
            }
        }
        let mut file = std::fs::File::create(out).map_err(|e| e.to_string())?;
        file.write_all(&bytes).map_err(|e| e.to_string())?;
        eprintln!(
            "{} patches of {PATCH}×{PATCH}",
            bytes.len() / (1 + PATCH * PATCH)
        );
        Ok(())
    }

    /// The hand-marked corners of each photo, by its name in the lists.
    fn outlines(path: &Path) -> Result<HashMap<String, Quad>, String> {
        let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        let mut map = HashMap::new();
        for line in text.lines().skip(1) {
            let fields: Vec<&str> = line.split(',').collect();
            let numbers: Vec<f32> = fields[1..].iter().filter_map(|f| f.parse().ok()).collect();
            if let [x0, y0, x1, y1, x2, y2, x3, y3] = numbers[..] {
                let name = fields[0].trim_start_matches("./").to_string();
                let p = |x, y| Point { x, y };
                map.insert(name, Quad([p(x0, y0), p(x1, y1), p(x2, y2), p(x3, y3)]));
            }
        }
        Ok(map)
    }

    /// The largest distance between matching corners.
    fn corner_error(a: &Quad, b: &Quad) -> f32 {
        (0..4)
            .map(|i| (a.0[i].x - b.0[i].x).hypot(a.0[i].y - b.0[i].y))
            .fold(0.0, f32::max)
    }
}
