//! Exact solving: count a puzzle's solutions (up to a limit) by propagation and backtracking.
//!
//! Three solvers answer the same question. [`stepping`] is the candidate-mask solver of the C
//! article, a machine that advances one propagation, guess or backtrack at a time so a person
//! can watch it ([`backtrack`] wraps it as a search); it works at every size. For 9x9, when
//! speed is all that is asked, [`triads`] reasons on triads in vector lanes where the processor
//! has AVX2, and [`band_solver`] on band bitboards everywhere else. [`matching`] keeps
//! every unit's all-different constraint arc consistent, for the hard 16x16 and 25x25 puzzles,
//! run with restarts by [`restarts`]. [`solve_fastest`] picks the fastest for a puzzle. All
//! report in the types of [`solutions`].

pub mod backtrack;
pub mod band_solver;
pub mod matching;
pub mod restarts;
pub mod solutions;
pub mod stepping;
#[cfg(target_arch = "x86_64")]
pub mod triads;

pub use solutions::{ExactStats, Solutions};
pub use stepping::{ExactEvent, ExactSolver, Strategy, solve};

use crate::board::Puzzle;

/// Count solutions up to `limit` as fast as this size allows: at 9x9 the triad solver (or the
/// band solver on a processor without AVX2, see [`nine_by_nine_solver`]); at every
/// other size a short run of the stepping solver with its full strategy, then restarted matching
/// searches when that does not settle the puzzle ([`restarts`]). The counters are those of the
/// searches that settled it.
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
    match solve_nine(puzzle, limit) {
        Some(answer) => Some(answer),
        None => restarts::count_within(puzzle, limit, max_steps),
    }
}

/// Count a 9x9 puzzle's solutions up to `limit` with the fastest 9x9 solver this processor runs
/// (see [`nine_by_nine_solver`]); `None` for other sizes.
pub fn solve_nine(puzzle: &Puzzle, limit: u32) -> Option<(Solutions, ExactStats)> {
    #[cfg(target_arch = "x86_64")]
    if let Some(answer) = triads::solve(puzzle, limit) {
        return Some(answer);
    }
    band_solver::solve(puzzle, limit)
}

/// The name of the solver [`solve_fastest`] uses at 9x9 on this processor: `triads`, or `bands`
/// without x86-64-v3. (The two find the same verdicts; with several solutions the first one
/// found, and the counters, are each solver's own.)
pub fn nine_by_nine_solver() -> &'static str {
    if cfg!(target_arch = "x86_64") && crate::cpu::level() >= crate::cpu::Level::V3 {
        "triads"
    } else {
        "bands"
    }
}
