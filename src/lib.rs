//! sudoscope: watch Sudoku search algorithms work, live.
//!
//! The modules in layers, lowest first; a module uses only its own layer and those below it
//! (`tests/architecture.rs` reads this list and checks every import against it):
//!
//! 1. [`cpu`], [`rng`], [`signals`], [`suggest`], [`i18n`], [`board`]: the processor's
//!    instruction set, the seeded generator, the signals that end the program, "did you mean",
//!    the language catalogs, and the puzzle domain
//! 2. [`search`]: every algorithm
//! 3. [`generate`]: new puzzles with one solution
//! 4. [`catalog`]: built-in puzzle sets and puzzle references
//! 5. [`spec`]: a run described once, and checked once
//! 6. [`engine`]: runners, experiments, records, statistics, figures
//! 7. [`tui`]: the visualiser
//! 8. [`serve`]: the visualiser served over SSH to a class
//! 9. [`cli`]: the command line
//!
//! Nothing in `board` or `search` prints, sleeps, spawns threads or knows about terminals.

// first, so that `tr!` is in scope in every module after it
#[macro_use]
pub mod i18n;

pub mod board;
pub mod catalog;
pub mod cli;
pub mod cpu;
pub mod engine;
pub mod generate;
pub mod rng;
pub mod search;
pub mod serve;
pub mod signals;
pub mod spec;
pub mod suggest;
pub mod tui;
