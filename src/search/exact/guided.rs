//! Counting the solutions of large grids with a solution in hand first.
//!
//! At 16x16 and 25x25, puzzles near the hard phase transition (40–45% of cells given) can keep
//! plain backtracking busy for seconds before its first solution, while the ant colony finds one
//! in milliseconds. So when a short exact search does not settle a puzzle, the colony looks for a
//! solution; colonies of other seeds then look for a different one, and two different valid
//! grids prove "several". When they only find the first again, the exact search is run with its
//! guesses trying that solution's values first: it reaches the solution at once and then searches
//! the rest of the tree for a second one, nearest first. That tree is the same as a plain
//! search's, so "unique" and "none" are still proofs; only the order of the search changes.

use super::solutions::{ExactStats, Solutions};
use super::stepping::{ExactSolver, Strategy};
use crate::board::{Grid, Puzzle};
use crate::search::ants::{self, Ants};
use crate::search::contract::{Build, Outcome, Search};
use crate::search::params::{Params, Preset};

/// Steps the plain search gets before the colony is asked: easy puzzles settle within them.
const PLAIN_STEPS: u64 = 2_000;

/// Exact steps one ant is counted as, against a budget in steps (a 25x25 ant fills the grid with
/// propagation, about the work of a hundred exact steps).
const ANT_STEPS: u64 = 100;

/// The colonies' seeds: the first looks for a solution, the others for a different one. The
/// count does not depend on them, only how fast it is settled.
const SEEDS: [u64; 3] = [1, 2, 3];

/// Count solutions up to `limit` within about `max_steps` exact steps (the colony's ants counted
/// at [`ANT_STEPS`] each); `None` when the budget runs out first.
pub fn count_within(
    puzzle: &Puzzle,
    limit: u32,
    max_steps: u64,
) -> Option<(Solutions, ExactStats)> {
    let plain = ExactSolver::new(puzzle, Strategy::FULL, limit);
    if let Some(answer) = plain.solve_within(PLAIN_STEPS.min(max_steps)) {
        return Some(answer);
    }
    let mut left = max_steps.saturating_sub(PLAIN_STEPS);
    let fresh = || ExactSolver::new(puzzle, Strategy::FULL, limit);
    let (first, ants) = colony_solution(puzzle, SEEDS[0], left / ANT_STEPS);
    left = left.saturating_sub(ants * ANT_STEPS);
    let Some(first) = first else {
        // no solution found (there may be none): the plain search, to the end of the budget
        return fresh().solve_within(left);
    };
    if limit <= 1 {
        return Some((Solutions::Unique(first), ExactStats::default()));
    }
    for seed in &SEEDS[1..] {
        let (other, ants) = colony_solution(puzzle, *seed, left / ANT_STEPS / 4);
        left = left.saturating_sub(ants * ANT_STEPS);
        if other.is_some_and(|g| g != first) {
            return Some((Solutions::Several(first), ExactStats::default()));
        }
    }
    fresh().prefer(&first).solve_within(left)
}

/// A solution from the tuned ant colony of `seed` within `max_ants` ants, and the ants taken.
fn colony_solution(puzzle: &Puzzle, seed: u64, max_ants: u64) -> (Option<Grid>, u64) {
    let params = Params::defaults(ants::params(Preset::Tuned));
    let mut colony = Ants::new(&Build {
        puzzle,
        preset: Preset::Tuned,
        params: &params,
        seed,
        start: None,
    });
    while colony.ended().is_none() && colony.steps() < max_ants {
        colony.advance((max_ants - colony.steps()).min(1024));
    }
    let solution = (colony.ended() == Some(Outcome::Solved)).then(|| colony.snapshot().best);
    (solution, colony.steps())
}
