//! When a live preview's grid has held still long enough to read the frame in full.

use super::Quad;

/// How long the outline must hold still before the frame is read, in milliseconds.
const STEADY_MS: f64 = 700.0;

/// How far (in preview pixels) a corner may move between looks and still count as still.
const STEADY_PX: f32 = 6.0;

/// The outlines a live preview found, look after look, and since when they have held still.
#[derive(Clone, Debug, Default)]
pub struct Steadiness {
    last: Option<Quad>,
    still_since: Option<f64>,
}

impl Steadiness {
    /// One more look's outline (`None`: no grid) at `now` milliseconds.
    pub fn saw(&mut self, outline: Option<Quad>, now: f64) {
        let moved = |a: &Quad, b: &Quad| {
            (a.0.iter().zip(&b.0)).any(|(p, q)| (p.x - q.x).hypot(p.y - q.y) > STEADY_PX)
        };
        self.still_since = match (&outline, &self.last) {
            (Some(seen), Some(before)) if !moved(seen, before) => self.still_since,
            (Some(_), _) => Some(now),
            (None, _) => None,
        };
        self.last = outline;
    }

    /// Whether a grid has been in view, holding still, for [`STEADY_MS`] by `now`.
    pub fn is_steady(&self, now: f64) -> bool {
        self.still_since
            .is_some_and(|since| now - since >= STEADY_MS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::Point;

    fn square(at: f32) -> Quad {
        let p = |x, y| Point { x, y };
        Quad([
            p(at, at),
            p(at + 100.0, at),
            p(at + 100.0, at + 100.0),
            p(at, at + 100.0),
        ])
    }

    #[test]
    fn a_grid_held_still_is_read_after_the_wait_and_a_move_starts_it_again() {
        let mut steady = Steadiness::default();
        steady.saw(Some(square(10.0)), 0.0);
        steady.saw(Some(square(12.0)), 400.0);
        assert!(
            !steady.is_steady(699.0),
            "a shake within the margin keeps the clock"
        );
        assert!(steady.is_steady(700.0));
        steady.saw(Some(square(30.0)), 800.0);
        assert!(!steady.is_steady(1400.0), "a move starts the wait again");
        assert!(steady.is_steady(1500.0));
        steady.saw(None, 1600.0);
        assert!(!steady.is_steady(5000.0), "no grid, nothing to read");
    }
}
