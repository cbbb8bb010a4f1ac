//! Counting the solutions of large grids: a short plain search, then matching searches restarted
//! with growing budgets.
//!
//! At 16x16 and 25x25, puzzles near the hard phase transition (40–45% of cells given) show heavy
//! tails: one order of guesses finds a solution after a few hundred guesses, another wanders for
//! millions. So after a short plain search (which settles the easy ones), [`matching`] searches
//! run one after another, each with its own random tie-breaking and value order and a budget of
//! guesses that follows Luby's sequence (1, 1, 2, 1, 1, 2, 4, ... times a unit); the weights that
//! mark where contradictions cluster carry from one run to the next. Each run is a complete
//! search of the same tree in a different order, so a run that ends within its budget proves its
//! count ("unique" and "none" included), and two runs that each met a different solution prove
//! "several".
//!
//! [`matching`]: super::matching

use super::matching::{self, Options};
use super::solutions::{ExactStats, Solutions};
use super::stepping::{ExactSolver, Strategy};
use crate::board::{Grid, Puzzle};

/// Steps the plain search gets first: easy puzzles settle within them.
const PLAIN_STEPS: u64 = 2_000;

/// Exact steps one matching guess is counted as, against a budget in steps: with its
/// propagation, a guess costs about five steps of the plain search at 25x25.
const GUESS_STEPS: u64 = 5;

/// Guesses in one unit of the restart sequence (measured on the la25 set and 270 held-out
/// instances: 100 left heavy tails, 1,000 wasted time on runs that had already lost their way).
const RESTART_UNIT: u64 = 300;

/// Count solutions up to `limit` within about `max_steps` exact steps (matching guesses counted
/// at [`GUESS_STEPS`] each); `None` when the budget runs out first.
pub fn count_within(
    puzzle: &Puzzle,
    limit: u32,
    max_steps: u64,
) -> Option<(Solutions, ExactStats)> {
    let plain = ExactSolver::new(puzzle, Strategy::FULL, limit);
    if let Some(answer) = plain.solve_within(PLAIN_STEPS.min(max_steps)) {
        return Some(answer);
    }
    let mut left = max_steps.saturating_sub(PLAIN_STEPS) / GUESS_STEPS;
    let mut weight: Option<Vec<u32>> = None;
    let mut first: Option<Grid> = None;
    let mut stats = ExactStats::default();
    for run in 1.. {
        if left == 0 {
            return None;
        }
        let budget = (luby(run) * RESTART_UNIT).min(left);
        let options = Options {
            seed: Some(run),
            weight: weight.as_deref(),
        };
        let count = matching::count(puzzle, limit, budget, options);
        left -= count.stats.guesses.min(left);
        // the counters of every run, the depths of the last
        stats = ExactStats {
            guesses: stats.guesses + count.stats.guesses,
            backtracks: stats.backtracks + count.stats.backtracks,
            propagations: stats.propagations + count.stats.propagations,
            ..count.stats
        };
        if let Some(answer) = count.settled {
            return Some((answer, stats));
        }
        match (&first, count.first) {
            (Some(f), Some(g)) if *f != g && limit >= 2 => {
                return Some((Solutions::Several(f.clone()), stats));
            }
            (None, found) => first = found,
            _ => {}
        }
        weight = Some(count.weight);
    }
    unreachable!("the loop returns")
}

/// Luby's sequence from 1: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...
fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // the smallest k with 2^k - 1 >= i
        let k = 64 - i.leading_zeros() as u64;
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
