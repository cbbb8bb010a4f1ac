//! How fast a search steps: steps per second of one algorithm on one puzzle, restarted (seeds
//! 1, 2, ...) when it ends, the best of a few rounds. The command line's benchmark and the web
//! page's (WebAssembly in a browser) measure with this one function, so their figures compare.

use crate::board::Puzzle;
use crate::clock::Instant;
use crate::search::{BuildError, Preset, build};

/// The puzzle each family is measured on: top95's fourth, which propagation alone does not
/// settle (on the course's sudoku_7 the tuned presets' propagation finishes before a step, so
/// there would be nothing to count).
pub const PUZZLE: &str = "top95:4";

/// Rounds of a measurement; the best is kept (a shared machine's slow moments lose rounds).
pub const ROUNDS: u32 = 5;

/// Steps per second of `algo` (`preset`, parameters `overrides` as `name=value`) on `puzzle`:
/// the best of [`ROUNDS`] rounds sharing `seconds`, each from seed 1 again, so every round
/// does the same work.
pub fn steps_per_second(
    algo: &str,
    preset: Preset,
    overrides: &[String],
    puzzle: &Puzzle,
    seconds: f64,
) -> Result<f64, BuildError> {
    let round = seconds / ROUNDS as f64;
    let mut best = 0.0f64;
    for _ in 0..ROUNDS {
        let mut steps = 0u64;
        let start = Instant::now();
        let mut seed = 1;
        while start.elapsed().as_secs_f64() < round {
            let mut s = build(algo, preset, overrides, puzzle, seed, None)?;
            while s.ended().is_none() && s.steps() < 50_000_000 {
                s.advance(1024);
                if start.elapsed().as_secs_f64() >= round {
                    break;
                }
            }
            steps += s.steps();
            seed += 1;
        }
        best = best.max(steps as f64 / start.elapsed().as_secs_f64().max(1e-9));
    }
    Ok(best)
}

/// The algorithm each family is measured by: the first of it in the registry.
pub fn families() -> Vec<&'static str> {
    let mut seen = Vec::new();
    let mut names = Vec::new();
    for a in crate::search::ALGORITHMS {
        if !seen.contains(&a.family) {
            seen.push(a.family);
            names.push(a.name);
        }
    }
    names
}
