//! A pane's step log as the engine keeps it: what happened, in figures, never in words. The
//! visualiser puts each line into the language of the person watching (`tui::step_log`), so the
//! same run reads in English on one screen and in Spanish on another, and the engine knows no
//! language at all.

use crate::search::{Note, Outcome, Preset, Step, StepSaid};

/// One line of a step log.
#[derive(Clone, Debug, PartialEq)]
pub enum LogLine {
    /// A step: its number, what it did, and the cost after it.
    Step {
        /// The step's number, counted over the pane's whole run.
        index: u64,
        /// What it did.
        step: Step,
    },
    /// A step in the search's own words (a trace's `move`, or what its replay saw).
    Words {
        /// The step's number.
        index: u64,
        /// The search's words.
        words: StepSaid,
        /// The cost after it.
        cost: u32,
    },
    /// What the runner did or saw.
    Runner(RunnerNote),
    /// A line the search gave between steps or at its end (a trace's unreadable line, a
    /// command's output, how a trace ended).
    Search(Note),
}

/// What the runner says in the step log.
#[derive(Clone, Debug, PartialEq)]
pub enum RunnerNote {
    /// A built-in search starts.
    Starts {
        /// The algorithm's name.
        algo: &'static str,
        /// Its preset.
        preset: Preset,
        /// Its seed.
        seed: u64,
        /// The cost of its first board.
        cost: u32,
    },
    /// A trace's replay starts.
    StartsTrace {
        /// The name the search gives itself.
        algo: String,
        /// Where the trace comes from, as `watch` takes it.
        source: String,
        /// The cost of its first board.
        cost: u32,
    },
    /// The focused search switched algorithm, continuing from the board.
    Switched {
        /// The new algorithm.
        algo: &'static str,
        /// Its preset.
        preset: Preset,
        /// The board's cost.
        cost: u32,
    },
    /// The search started again with a new seed.
    Restarted {
        /// The new seed.
        seed: u64,
        /// The first board's cost.
        cost: u32,
    },
    /// The search started again from the race's shared board.
    RestartedShared {
        /// The new seed.
        seed: u64,
        /// The board's cost.
        cost: u32,
    },
    /// The search ended on the step just logged.
    Ended {
        /// How.
        how: Outcome,
        /// The best cost it reached.
        best: u32,
    },
    /// The search ended during a run of steps not logged one by one.
    EndedAfter {
        /// How.
        how: Outcome,
        /// Steps taken in all.
        steps: u64,
        /// The best cost it reached.
        best: u32,
    },
    /// Went back `n` steps.
    Rewound {
        /// How many.
        n: usize,
        /// The cost there.
        cost: u32,
    },
    /// Nothing recorded to go back to.
    NothingToRewind,
    /// The trace being written could not be opened.
    TraceUnwritable {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// Writing the trace failed: it stops here.
    TraceStopped,
    /// The search panicked.
    Crashed {
        /// The panic's message.
        message: String,
    },
}
