//! Cuts the cell patches of a photo collection for training the digit classifier
//! (`tools/digits/train.py` runs it).
//!
//! `read_cells DATASET LIST OUT [--marked | --agree]`: for each photo named in `DATASET/LIST`
//! (one `images/NAME.jpg` a line, its puzzle in `images/NAME.dat`, its hand-marked corners in
//! `DATASET/outlines_sorted.csv`), appends to `OUT` each of its 81 (or 256) cells, row by row,
//! as one label byte (the classifier's class: 0 blank, 1 to 16, or 17 to 23 for a 16×16 grid
//! printing 10 to 16 as numbers) then `PATCH × PATCH` grey bytes. The cells are the reader's
//! own (`read::grid_cells`), or with `--marked` cut along the hand-marked outline (wrong on
//! some of the 960×1280 photos); with `--agree` only photos the reader reads at least
//! 60 cells of 81 right, so its outline is where the grid is, whatever the digits. Photos
//! without the outline asked for are skipped. Prints the corner error of the reader's outline
//! against the hand-marked one, per photo, to stderr.

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
            return Err("usage: read_cells DATASET LIST OUT [--marked | --agree]".into());
        };
        let marked_only = rest.iter().any(|a| a == "--marked");
        let agree = rest.iter().any(|a| a == "--agree");
        let dataset = Path::new(dataset);
        // A set without marked corners (a rendered one cut short) is read by its own outlines.
        let marks = dataset.join("outlines_sorted.csv");
        let marked = match marks.exists() {
            true => outlines(&marks)?,
            false => HashMap::new(),
        };
        let names = std::fs::read_to_string(dataset.join(list)).map_err(|e| e.to_string())?;
        let mut bytes = Vec::new();
        for name in names.split_whitespace() {
            let picture = photo::load(&dataset.join(name))?;
            let labels = classes(&dataset.join(name.replace(".jpg", ".dat")))?;
            let hand = marked.get(name).copied();
            let own = read::grid_cells(&picture).ok();
            let error = match (&own, hand) {
                (Some((own, _)), Some(hand)) => Some(corner_error(own, &hand)),
                _ => None,
            };
            match (&own, error) {
                (_, Some(error)) => eprintln!("{name}\t{error:.1}"),
                (None, _) => eprintln!("{name}\tnone"),
                (_, None) => eprintln!("{name}\tunmarked"),
            }
            let patches = match (marked_only, own, hand) {
                (true, _, Some(hand)) => read::cell_patches(&picture, &hand, labels.len().isqrt())
                    .ok_or("degenerate outline")?,
                (false, Some((_, patches)), _) => {
                    if patches.len() != labels.len()
                        || agree && !read_mostly_right(&picture, &labels)
                    {
                        continue;
                    }
                    patches
                }
                _ => continue,
            };
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

    /// The classes of a picture's cells: its values, but for a 16×16 grid that prints 10 to 16
    /// as numbers (its `.dat`'s second line says `numbers`), whose 10 to 16 are classes 17 to 23.
    fn classes(dat: &Path) -> Result<Vec<u8>, Box<dyn std::error::Error>> {
        let values = photo::dataset_puzzle(dat)?;
        let text = std::fs::read_to_string(dat)?;
        let numbers = text.lines().nth(1).is_some_and(|l| l.ends_with(" numbers"));
        let shift = |v: u8| if numbers && v >= 10 { v + 7 } else { v };
        Ok(values.into_iter().map(shift).collect())
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

    /// How many of a photo's 81 cells the reader must read right for `--agree`: an outline off
    /// by a cell or more leaves far fewer.
    const AGREE: usize = 60;

    fn read_mostly_right(picture: &read::Picture, labels: &[u8]) -> bool {
        read::read(picture).is_ok_and(|reading| {
            let digits = reading.puzzle.digits();
            digits.iter().zip(labels).filter(|(a, b)| a == b).count() >= AGREE
        })
    }

    /// The largest distance between matching corners.
    fn corner_error(a: &Quad, b: &Quad) -> f32 {
        (0..4)
            .map(|i| (a.0[i].x - b.0[i].x).hypot(a.0[i].y - b.0[i].y))
            .fold(0.0, f32::max)
    }
}
