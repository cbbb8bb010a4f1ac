//! Exact solving: count a puzzle's solutions (up to a limit) by propagation and backtracking.
//!
//! Two solvers answer the same question. [`stepping`] is the candidate-mask solver of the C
//! article, a machine that advances one propagation, guess or backtrack at a time so a person
//! can watch it ([`backtrack`] wraps it as a search); it works at every size. [`band_solver`] is
//! a 9x9-only solver on band bitboards for when speed is all that is asked. [`solve_fastest`]
//! picks the faster one for a puzzle. Both report in the types of [`solutions`].

pub mod backtrack;
pub mod band_solver;
pub mod guided;
pub mod solutions;
pub mod stepping;

pub use solutions::{ExactStats, Solutions};
pub use stepping::{ExactEvent, ExactSolver, Strategy, solve};

use crate::board::Puzzle;

/// Count solutions up to `limit` as fast as this size allows: the band solver at 9x9; at every
/// other size the stepping solver with its full strategy, led to a solution the ant colony finds
/// when a short plain search does not settle the puzzle ([`guided`]). The counters are those of
/// the exact search that settled it.
pub fn solve_fastest(puzzle: &Puzzle, limit: u32) -> (Solutions, ExactStats) {
    solve_fastest_within(puzzle, limit, u64::MAX).expect("no budget")
}

/// [`solve_fastest`] with a budget for the stepping solver (propagations, guesses and
/// backtracks; the 9x9 band solver needs none): `None` when it runs out before the count is
/// settled, as it can on 25x25 puzzles at the hard phase transition.
pub fn solve_fastest_within(
    puzzle: &Puzzle,
    limit: u32,
    max_steps: u64,
) -> Option<(Solutions, ExactStats)> {
    match band_solver::solve(puzzle, limit) {
        Some(answer) => Some(answer),
        None => guided::count_within(puzzle, limit, max_steps),
    }
}
