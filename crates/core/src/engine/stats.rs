//! Statistics of an experiment: success rates with Wilson intervals, quantiles, summary rows.

use super::result::RunResult;

/// 95% Wilson score interval for `k` successes in `n` trials.
pub fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054;
    let (n, p) = (n as f64, k as f64 / n as f64);
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The q-quantile (0..=1) of sorted values, by the nearest-rank method; `None` when empty.
pub fn quantile(sorted: &[f64], q: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    Some(sorted[rank - 1])
}

fn sorted(values: impl Iterator<Item = f64>) -> Vec<f64> {
    let mut v: Vec<f64> = values.collect();
    v.sort_by(f64::total_cmp);
    v
}

/// One line of the table: an algorithm (and puzzle, when a set is run).
#[derive(Clone, Debug, serde::Serialize)]
pub struct Summary {
    /// The row's label: algorithm, preset and non-default parameters.
    pub algorithm: String,
    /// The puzzle, or the set when its puzzles share a row.
    pub puzzle: String,
    /// Runs in the row.
    pub runs: usize,
    /// Runs that reached a solution.
    pub solved: usize,
    /// Runs that failed (a command that crashed, was killed, ran past its time limit or wrote
    /// no header): counted in `runs`, never solved.
    pub failed: usize,
    /// Runs of a command that wrote their whole trace and then ended with a status other than
    /// 0 (or by a signal): counted by the outcome their board gives, and here.
    pub exited_badly: usize,
    /// `solved / runs`.
    pub rate: f64,
    /// The 95% Wilson interval's lower end.
    pub low: f64,
    /// The 95% Wilson interval's upper end.
    pub high: f64,
    /// The lowest final best cost.
    pub cost_min: f64,
    /// The median final best cost.
    pub cost_median: f64,
    /// The highest final best cost.
    pub cost_max: f64,
    /// The median number of steps.
    pub steps_median: f64,
    /// The 90th percentile of steps.
    pub steps_p90: f64,
    /// The median time of a run, in seconds.
    pub time_median: f64,
    /// The 90th percentile of a run's time, in seconds.
    pub time_p90: f64,
    /// Median time of the solved runs.
    pub solve_time_median: Option<f64>,
}

/// The table row of `runs`, labelled `label` on `puzzle`.
pub fn summarise(label: &str, puzzle: &str, runs: &[&RunResult]) -> Summary {
    let n = runs.len();
    let k = runs.iter().filter(|r| r.solved).count();
    let (low, high) = wilson(k, n);
    let costs = sorted(runs.iter().map(|r| r.cost as f64));
    let steps = sorted(runs.iter().map(|r| r.steps.unwrap_or(0) as f64));
    let times = sorted(runs.iter().map(|r| r.seconds));
    let solve_times = sorted(runs.iter().filter(|r| r.solved).map(|r| r.seconds));
    Summary {
        algorithm: label.to_string(),
        puzzle: puzzle.to_string(),
        runs: n,
        solved: k,
        failed: runs
            .iter()
            .filter(|r| r.outcome == crate::engine::result::Ending::Failed)
            .count(),
        exited_badly: runs.iter().filter(|r| r.exited_badly()).count(),
        rate: if n > 0 { k as f64 / n as f64 } else { 0.0 },
        low,
        high,
        cost_min: costs.first().copied().unwrap_or(0.0),
        cost_median: quantile(&costs, 0.5).unwrap_or(0.0),
        cost_max: costs.last().copied().unwrap_or(0.0),
        steps_median: quantile(&steps, 0.5).unwrap_or(0.0),
        steps_p90: quantile(&steps, 0.9).unwrap_or(0.0),
        time_median: quantile(&times, 0.5).unwrap_or(0.0),
        time_p90: quantile(&times, 0.9).unwrap_or(0.0),
        solve_time_median: quantile(&solve_times, 0.5),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_published_values() {
        // 81 of 263 (Wilson 1927 worked examples give about 0.255 to 0.366)
        let (lo, hi) = wilson(81, 263);
        assert!(
            (lo - 0.2553).abs() < 1e-3 && (hi - 0.3662).abs() < 1e-3,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0, 10).0, 0.0);
        assert!(wilson(10, 10).1 > 0.999);
        assert!((wilson(10, 10).0 - 0.7225).abs() < 1e-3);
    }

    #[test]
    fn nearest_rank_quantiles() {
        let v = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0];
        assert_eq!(quantile(&v, 0.5), Some(5.0));
        assert_eq!(quantile(&v, 0.9), Some(9.0));
        assert_eq!(quantile(&[], 0.5), None);
    }
}
