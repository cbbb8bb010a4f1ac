//! The cost history a runner keeps for the chart: downsampled so that an hour-long run holds as
//! much as a minute-long one. Each bucket keeps the lowest and highest cost seen in it, so a
//! spike survives any amount of merging; buckets double in width whenever the points fill up.

use crate::search::Secondary;

/// One point of the cost history: the step it ends at, the lowest and highest cost seen in its
/// bucket, the best so far, and the family's second series (temperature, population mean).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// The last step of the bucket.
    pub step: u64,
    /// The lowest cost seen in the bucket.
    pub low: f64,
    /// The highest cost seen in the bucket.
    pub high: f64,
    /// The best cost so far.
    pub best: f64,
    /// The second series at the bucket's end, with its label and (for a population) the worst
    /// member's cost over the bucket. Its label says what it is: a pane that switched algorithm
    /// holds points of two families.
    pub secondary: Option<Secondary>,
}

/// A downsampled history: at most `2 * capacity` points whatever the run's length.
#[derive(Clone, Debug)]
pub struct History {
    points: Vec<Point>,
    capacity: usize,
    bucket: u64,
    open: Option<Point>,
}

impl History {
    /// An empty history keeping at most `2 * capacity` points.
    pub fn new(capacity: usize) -> History {
        History {
            points: Vec::with_capacity(2 * capacity),
            capacity,
            bucket: 1,
            open: None,
        }
    }

    /// Record the state after `step`.
    pub fn push(&mut self, step: u64, cost: f64, best: f64, secondary: Option<Secondary>) {
        // the step just closed, recorded again (a runner that looked and found no new step, as
        // a watched command printing everything but steps): its point is updated, not added,
        // or each look would close a point and the buckets would double without end
        let again = self.open.is_none() && self.points.last().is_some_and(|p| p.step == step);
        let p = if again {
            self.points.last_mut().expect("just seen")
        } else {
            self.open.get_or_insert(Point {
                step,
                low: cost,
                high: cost,
                best,
                secondary,
            })
        };
        p.step = step;
        p.low = p.low.min(cost);
        p.high = p.high.max(cost);
        p.best = best;
        p.secondary = merge(p.secondary, secondary);
        if !again && step.is_multiple_of(self.bucket) {
            self.points.push(self.open.take().expect("just set"));
            if self.points.len() >= 2 * self.capacity {
                // merge neighbours: half the points, buckets twice as wide
                let merged: Vec<Point> = self
                    .points
                    .chunks(2)
                    .map(|c| {
                        let last = c[c.len() - 1];
                        Point {
                            step: last.step,
                            low: c.iter().map(|p| p.low).fold(f64::INFINITY, f64::min),
                            high: c.iter().map(|p| p.high).fold(f64::NEG_INFINITY, f64::max),
                            best: last.best,
                            secondary: c.iter().fold(None, |m, p| merge(m, p.secondary)),
                        }
                    })
                    .collect();
                self.points = merged;
                self.bucket *= 2;
            }
        }
    }

    /// Forget what came after `step` (a rewind); the bucket ending there is closed again.
    pub fn truncate(&mut self, step: u64) {
        self.points.retain(|p| p.step <= step);
        self.open = self.open.filter(|p| p.step <= step);
    }

    /// The points, with the bucket still filling as the last one.
    pub fn points(&self) -> Vec<Point> {
        let mut v = self.points.clone();
        v.extend(self.open);
        v
    }

    /// Points kept.
    pub fn len(&self) -> usize {
        self.points.len() + self.open.is_some() as usize
    }

    /// True before the first point.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The later series value, with the worse of the two worst costs when both are of one series.
fn merge(earlier: Option<Secondary>, later: Option<Secondary>) -> Option<Secondary> {
    match (earlier, later) {
        (Some(a), Some(b)) if a.label == b.label => Some(Secondary {
            worst: match (a.worst, b.worst) {
                (Some(x), Some(y)) => Some(x.max(y)),
                (x, y) => y.or(x),
            },
            ..b
        }),
        (a, b) => b.or(a),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_stays_bounded_and_keeps_extremes() {
        let mut h = History::new(64);
        for step in 1..=1_000_000u64 {
            let cost = if step == 777_777 {
                99.0
            } else {
                (step % 10) as f64
            };
            h.push(step, cost, 0.0, None);
        }
        assert!(h.len() <= 129, "{}", h.len());
        let pts = h.points();
        assert_eq!(pts.last().unwrap().step, 1_000_000);
        assert!(
            pts.iter().any(|p| p.high == 99.0),
            "a spike survives downsampling"
        );
        assert!(pts.windows(2).all(|w| w[0].step < w[1].step));
    }

    #[test]
    fn the_same_step_recorded_again_updates_its_point() {
        // step 0 (a multiple of any bucket) recorded a million times: each look used to close
        // a point, and the bucket doubled until it overflowed
        let mut h = History::new(4);
        for i in 0..1_000_000u64 {
            h.push(0, (i % 7) as f64, 0.0, None);
        }
        assert_eq!(h.len(), 1);
        let p = h.points()[0];
        assert_eq!((p.step, p.low, p.high), (0, 0.0, 6.0));
        // and the steps after it are recorded as usual
        for step in 1..=3 {
            h.push(step, 1.0, 0.0, None);
            h.push(step, 2.0, 0.0, None);
        }
        let steps: Vec<u64> = h.points().iter().map(|p| p.step).collect();
        assert_eq!(steps, [0, 1, 2, 3]);
        assert_eq!(h.points()[3].high, 2.0);
    }
}
