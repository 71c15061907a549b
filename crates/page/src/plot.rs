//! The live plot's arithmetic: axes that fit the data with round, labelled ticks, positions on
//! them, and the sentence that describes the plot to a screen reader. The page's canvas drawer
//! only turns these into lines.

use sudoku_engine::step::{Sample, Scale, Series};

/// The plotted history of a run: one sample per tick until it grows long, then every second,
/// fourth, … tick, so that drawing it stays cheap however long the run. Restarts are thinned the
/// same way: at most one mark per stride of ticks (a network restarts many times per tick).
#[derive(Debug, PartialEq)]
pub struct Trace {
    pub samples: Vec<Sample>,
    /// Ticks at which the run restarted.
    pub restarts: Vec<u64>,
    /// A killer's cage-sum penalty (tick, value), as each report left it, thinned as the samples
    /// are: the part of the energy the plot draws dotted.
    pub cages: Vec<(u64, f64)>,
    stride: u64,
}

/// Samples a trace keeps before it halves its resolution.
pub const TRACE_CAPACITY: usize = 1024;

impl Default for Trace {
    fn default() -> Trace {
        Trace {
            samples: Vec::new(),
            restarts: Vec::new(),
            cages: Vec::new(),
            stride: 1,
        }
    }
}

impl Trace {
    /// Halves first, then marks: so a trace never holds more marks than [`TRACE_CAPACITY`] (one
    /// per stride of ticks so far, which is at most one more than the samples).
    fn record(&mut self, sample: Sample) {
        if sample.tick.is_multiple_of(self.stride) {
            self.samples.push(sample);
            if self.samples.len() >= TRACE_CAPACITY {
                self.stride *= 2;
                let stride = self.stride;
                self.samples.retain(|s| s.tick.is_multiple_of(stride));
                self.restarts.dedup_by_key(|t| *t / stride);
                self.cages.dedup_by_key(|c| c.0 / stride);
            }
        }
        let stride = self.stride;
        if sample.restarted
            && self
                .restarts
                .last()
                .is_none_or(|&t| t / stride != sample.tick / stride)
        {
            self.restarts.push(sample.tick);
        }
    }
}

/// The page's state is immutable, so every tick copies the trace. Each copy takes the full
/// capacity at once (a trace never holds more samples, nor more restart marks, than
/// [`TRACE_CAPACITY`]), so that a run's memory stays the same from its first tick on rather than
/// rising and falling with each halving.
impl Clone for Trace {
    fn clone(&self) -> Trace {
        fn full<T: Copy>(from: &[T]) -> Vec<T> {
            let mut to = Vec::with_capacity(TRACE_CAPACITY);
            to.extend_from_slice(from);
            to
        }
        Trace {
            samples: full(&self.samples),
            restarts: full(&self.restarts),
            cages: full(&self.cages),
            stride: self.stride,
        }
    }
}

impl Trace {
    /// Takes a worker's points in, and the cage-sum penalty its report ended on, if any; one
    /// penalty point per stride of ticks, as the samples.
    pub fn extend(&mut self, samples: &[Sample], cage_energy: Option<f64>) {
        for &sample in samples {
            self.record(sample);
        }
        let (Some(last), Some(energy)) = (samples.last(), cage_energy) else {
            return;
        };
        let stride = self.stride;
        match self.cages.last_mut() {
            Some(at) if at.0 / stride == last.tick / stride => *at = (last.tick, energy),
            _ => self.cages.push((last.tick, energy)),
        }
    }
}

/// One axis: the range it shows and where its labelled ticks stand.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    pub min: f64,
    pub max: f64,
    pub scale: Scale,
    pub ticks: Vec<f64>,
}

impl Axis {
    /// An axis over `values`. A linear axis of values that are never negative starts at 0, so
    /// that a count is never shown cut off; a log axis spans whole powers of ten where it can.
    pub fn fit(values: impl Iterator<Item = f64>, scale: Scale) -> Axis {
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for v in values.filter(|v| v.is_finite() && (scale == Scale::Linear || *v > 0.0)) {
            lo = lo.min(v);
            hi = hi.max(v);
        }
        if lo > hi {
            (lo, hi) = match scale {
                Scale::Linear => (0.0, 1.0),
                Scale::Log => (1.0, 10.0),
            };
        }
        match scale {
            Scale::Linear => {
                if lo >= 0.0 {
                    lo = 0.0;
                }
                if hi - lo < 1e-9 {
                    hi = lo + 1.0;
                }
                let step = nice_step((hi - lo) / 4.0);
                let (min, max) = ((lo / step).floor() * step, (hi / step).ceil() * step);
                let ticks = (0..=((max - min) / step).round() as usize)
                    .map(|k| min + k as f64 * step)
                    .collect();
                Axis {
                    min,
                    max,
                    scale,
                    ticks,
                }
            }
            Scale::Log => {
                // Whole powers of ten: `powi`, since libm's `pow` would cost the page 2 kB.
                let a = lo.log10().floor() as i32;
                // A flat line on a power of ten (the 2019 demo's first steps at 100) runs
                // across the middle, not along the axis's edge.
                let (a, b) = match lo == hi && 10f64.powi(a) == lo {
                    true => (a - 1, a + 1),
                    false => (a, (hi.log10().ceil() as i32).max(a + 1)),
                };
                let (min, max) = (10f64.powi(a), 10f64.powi(b));
                let mut ticks: Vec<f64> = (a..=b).map(|k| 10f64.powi(k)).collect();
                if ticks.len() < 3 {
                    ticks = (a..b)
                        .flat_map(|k| [1.0, 2.0, 5.0].map(|m| m * 10f64.powi(k)))
                        .chain([max])
                        .collect();
                }
                Axis {
                    min,
                    max,
                    scale,
                    ticks,
                }
            }
        }
    }

    /// Where `v` stands on the axis, from 0 (its bottom) to 1 (its top), clamped.
    pub fn position(&self, v: f64) -> f64 {
        let p = match self.scale {
            Scale::Linear => (v - self.min) / (self.max - self.min),
            Scale::Log if v > 0.0 => (v / self.min).log10() / (self.max / self.min).log10(),
            Scale::Log => 0.0,
        };
        if p.is_finite() {
            p.clamp(0.0, 1.0)
        } else {
            0.0
        }
    }
}

/// The ticks whose labels stay at least `gap` pixels apart when tick `t` stands at `place(t)`
/// pixels: the first, then each next one far enough from the last kept. A short plot (a race
/// card's) shows fewer labels rather than labels written over each other.
pub fn legible(ticks: &[f64], place: impl Fn(f64) -> f64, gap: f64) -> Vec<f64> {
    let mut kept: Vec<f64> = Vec::with_capacity(ticks.len());
    let mut last = None;
    for &t in ticks {
        let at = place(t);
        if last.is_none_or(|l: f64| (at - l).abs() >= gap) {
            kept.push(t);
            last = Some(at);
        }
    }
    kept
}

/// A round step near `raw`: 1, 2 or 5 times a power of ten.
fn nice_step(raw: f64) -> f64 {
    let power = 10f64.powi(raw.max(1e-12).log10().floor() as i32);
    let m = raw / power;
    let nice = if m < 1.5 {
        1.0
    } else if m < 3.0 {
        2.0
    } else if m < 7.0 {
        5.0
    } else {
        10.0
    };
    nice * power
}

/// A tick's label: short, and exact for the round numbers ticks fall on (`0.35`, `2k`, `−30k`),
/// with a true minus sign, which a small label's hyphen is too short to read as.
pub fn tick_label(v: f64) -> String {
    let a = v.abs();
    let text = if a >= 10_000.0 {
        format!("{}k", trim(v / 1000.0))
    } else {
        trim(v)
    };
    text.replacen('-', "\u{2212}", 1)
}

fn trim(v: f64) -> String {
    let text = sudoku_words::fixed(v, 3);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// The plot in words, for its `aria-label`: what is drawn, over how long, and where it stands.
pub fn describe(series: &[Series; 2], trace: &Trace) -> String {
    let Some(last) = trace.samples.last() else {
        return format!(
            "Plot of {} and {}: no ticks yet.",
            lower(&series[0].name),
            lower(&series[1].name)
        );
    };
    let restarts = match trace.restarts.len() {
        0 => String::new(),
        1 => ", 1 restart marked".to_string(),
        n => format!(", {n} restarts marked"),
    };
    let mut said = format!(
        "Plot of {} and {} over {} ticks{restarts}; now {} {} and {} {}.",
        lower(&series[0].name),
        lower(&series[1].name),
        last.tick,
        lower(&series[0].name),
        tick_label(last.values[0]),
        lower(&series[1].name),
        tick_label(last.values[1]),
    );
    // A killer's penalty is drawn dotted under the energy it is part of.
    if let Some(&(_, now)) = trace.cages.last() {
        said.push_str(" Dotted: the cage sums' penalty, now ");
        said.push_str(&tick_label(now));
        said.push('.');
    }
    said
}

/// A series' name in lower case (the names are ASCII: Unicode's case tables stay out of the page).
fn lower(name: &str) -> String {
    name.to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_on_a_short_axis_are_thinned_until_none_overlap() {
        let axis = Axis::fit([-126_500.0, -125_340.0].into_iter(), Scale::Linear);
        let height = 60.0;
        let place = |t: f64| (1.0 - axis.position(t)) * height;
        let kept = legible(&axis.ticks, place, 14.0);
        assert!(axis.ticks.len() > kept.len(), "{:?}", axis.ticks);
        assert!(kept.len() >= 2, "{kept:?}");
        assert!(
            kept.windows(2)
                .all(|w| (place(w[0]) - place(w[1])).abs() >= 14.0)
        );
        // A tall axis keeps every tick.
        let tall = |t: f64| (1.0 - axis.position(t)) * 400.0;
        assert_eq!(legible(&axis.ticks, tall, 14.0), axis.ticks);
    }

    #[test]
    fn a_long_run_that_restarts_every_tick_keeps_a_bounded_trace() {
        let mut trace = Trace::default();
        for tick in 1..=100_000 {
            trace.record(Sample {
                tick,
                values: [tick as f64, 0.0],
                restarted: true,
            });
        }
        assert!(trace.samples.len() < TRACE_CAPACITY);
        assert!(
            trace.restarts.len() <= TRACE_CAPACITY,
            "{}",
            trace.restarts.len()
        );
        assert!(trace.restarts.len() > TRACE_CAPACITY / 4);
        assert!(trace.restarts.windows(2).all(|w| w[0] < w[1]));
        assert!(trace.restarts.last().is_some_and(|&t| t > 99_000));
    }

    #[test]
    fn a_copy_taken_every_tick_as_the_page_does_never_grows() {
        let mut trace = Trace::default();
        for tick in 1..=5_000 {
            let mut copy = trace.clone();
            assert_eq!(copy, trace);
            copy.record(Sample {
                tick,
                values: [0.0; 2],
                restarted: true,
            });
            let room = (copy.samples.capacity(), copy.restarts.capacity());
            assert_eq!(room, (TRACE_CAPACITY, TRACE_CAPACITY), "at tick {tick}");
            trace = copy;
        }
    }

    #[test]
    fn rare_restarts_all_keep_their_mark() {
        let mut trace = Trace::default();
        for tick in 1..=5_000 {
            trace.record(Sample {
                tick,
                values: [0.0; 2],
                restarted: tick % 48 == 0,
            });
        }
        assert_eq!(trace.restarts.len(), 5_000 / 48);
    }

    #[test]
    fn counts_start_at_zero_and_ticks_are_round() {
        let axis = Axis::fit([3.0, 17.0, 41.0].into_iter(), Scale::Linear);
        assert_eq!((axis.min, axis.max), (0.0, 50.0));
        assert_eq!(axis.ticks, vec![0.0, 10.0, 20.0, 30.0, 40.0, 50.0]);
        assert_eq!(axis.position(25.0), 0.5);
        assert_eq!(axis.position(99.0), 1.0, "clamped");
    }

    #[test]
    fn negative_energies_get_a_range_around_them() {
        let axis = Axis::fit([-29_874.0, -18_002.0].into_iter(), Scale::Linear);
        assert!(axis.min <= -29_874.0 && axis.max >= -18_002.0, "{axis:?}");
        assert!(axis.max < 0.0, "no zero forced onto an all-negative axis");
        assert_eq!(tick_label(-30_000.0), "\u{2212}30k");
    }

    #[test]
    fn a_log_axis_spans_powers_of_ten_and_falls_back_to_1_2_5() {
        let faithful = Axis::fit([100.0, 12.0, 0.71].into_iter(), Scale::Log);
        assert_eq!((faithful.min, faithful.max), (0.1, 100.0));
        assert_eq!(faithful.ticks.len(), 4);
        let tuned = Axis::fit([0.7, 0.35].into_iter(), Scale::Log);
        assert_eq!((tuned.min, tuned.max), (0.1, 1.0));
        assert_eq!(tuned.ticks, vec![0.1, 0.2, 0.5, 1.0]);
        assert!((tuned.position(10f64.powf(-0.5)) - 0.5).abs() < 1e-12);
        assert_eq!(tick_label(0.35), "0.35");
        // The 2019 demo's first steps at 100: a line across the middle, not on the edge.
        let start = Axis::fit([100.0, 100.0].into_iter(), Scale::Log);
        assert_eq!((start.min, start.max), (10.0, 1000.0));
        assert!((start.position(100.0) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn the_description_names_the_series_the_length_and_the_restarts() {
        let series = sudoku_engine::solvers::anneal::SERIES;
        let mut trace = Trace::default();
        assert!(describe(&series, &trace).starts_with("Plot of energy and temperature"));
        trace.samples.push(Sample {
            tick: 48,
            values: [12.0, 0.35],
            restarted: false,
        });
        trace.restarts.push(48);
        assert_eq!(
            describe(&series, &trace),
            "Plot of energy and temperature over 48 ticks, 1 restart marked; now energy 12 and temperature 0.35."
        );
        trace.cages.push((48, 4.0));
        assert_eq!(
            describe(&series, &trace),
            "Plot of energy and temperature over 48 ticks, 1 restart marked; now energy 12 and temperature 0.35. Dotted: the cage sums' penalty, now 4."
        );
    }

    #[test]
    fn a_killers_penalty_is_kept_once_a_stride_and_follows_the_halvings() {
        let mut trace = Trace::default();
        for tick in 1..=5_000u64 {
            let sample = Sample {
                tick,
                values: [0.0; 2],
                restarted: false,
            };
            trace.extend(&[sample], Some(tick as f64));
        }
        assert!(trace.cages.len() <= TRACE_CAPACITY, "{}", trace.cages.len());
        assert!(trace.cages.len() > TRACE_CAPACITY / 4);
        assert!(trace.cages.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(
            trace.cages.last(),
            Some(&(5_000, 5_000.0)),
            "the latest kept"
        );
        trace.extend(&[], None);
        let mut plain = Trace::default();
        plain.extend(
            &[Sample {
                tick: 1,
                values: [0.0; 2],
                restarted: false,
            }],
            None,
        );
        assert!(
            plain.cages.is_empty(),
            "no penalty on a puzzle without cages"
        );
    }
}
