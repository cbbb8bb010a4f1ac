//! The experiment view's state: restarts of every algorithm on screen, which the engine runs on
//! a thread of its own, and the records that have come back.

use sudoscope_core::board::Puzzle;
use sudoscope_core::engine::experiment::{self, Arm, Background};
use sudoscope_core::engine::result::RunResult;

/// Restarts of each algorithm on screen the view runs.
pub const RUNS: usize = 100;
/// The step budget of each of them.
pub const MAX_STEPS: u64 = 10_000_000;

/// The experiment on screen: the runs going on, and the records of those that finished.
pub struct ExperimentView {
    /// The runs, on the engine's thread; dropping the view stops them.
    pub run: Background,
    /// The finished runs, in the order they came.
    pub records: Vec<RunResult>,
}

impl ExperimentView {
    /// Start [`RUNS`] runs of each arm on `puzzle`, seeded from `seed`.
    pub fn start(arms: Vec<Arm>, puzzle: Puzzle, seed: u64) -> ExperimentView {
        ExperimentView {
            run: experiment::spawn(arms, puzzle, RUNS, seed, MAX_STEPS),
            records: Vec::new(),
        }
    }

    /// Take the records that have arrived.
    pub fn collect(&mut self) {
        while let Ok(r) = self.run.records.try_recv() {
            self.records.push(r);
        }
    }

    /// Stop the runs still going (the view stays, with what finished).
    pub fn stop(&self) {
        self.run
            .progress
            .stop
            .store(true, std::sync::atomic::Ordering::SeqCst);
    }
}
